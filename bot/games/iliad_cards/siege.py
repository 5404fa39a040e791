"""Setup, the start and end of each siege, victory-card picks and the amphoras (IC-6 … IC-17)."""

from __future__ import annotations

from bot.engine import LogEntry, rng
from bot.games.iliad_cards.army import strength, unit_cards
from bot.games.iliad_cards.data import Table, table
from bot.games.iliad_cards.facts import facts
from bot.games.iliad_cards.model import NO_PENDING, State, Unit, replaced, thanatos_penalty
from bot.games.iliad_cards.scoring import kind_vp, outcome, target_vp, vp
from bot.games.iliad_cards.text import (
    cards_list,
    commas,
    oracle_name,
    seat,
    victory_name,
)
from bot.i18n import WORDLESS, is_wordless, say


def _sorted_hand(cards: list[str] | tuple[str, ...], t: Table) -> tuple[str, ...]:
    return tuple(sorted(cards, key=t.order.__getitem__))


def _heroes(players: int, t: Table) -> tuple[int, ...]:
    """IC-6 / IC-7: as many heroes as players, lowest first; none with two players."""
    return tuple(v for v, _ in t.heroes[:players]) if players >= 3 else ()


def decks(t: Table) -> tuple[list[str], list[str], list[str]]:
    """IC-1 army, IC-2 victory and IC-3 oracle cards, as card codes, in table order."""
    army = [c.code for c in t.cards for _ in range(c.count)]
    victory = [f"city{v}" for v in t.cities] + [f"trireme{v}" for v in t.triremes]
    victory.append(f"helen{t.helen}")
    oracle = [f"thanatos{-v}" for v in t.thanatos] + ["gorgon"] * t.gorgons
    return army, victory, oracle


def new_game(players: int, seed: int) -> State:
    """IC-6: shuffle the three decks, deal the hands, pick a start player, begin siege 1."""
    t = table()
    chance = rng(seed, 0)
    army, victory, oracle = decks(t)
    for deck in (army, victory, oracle):
        chance.shuffle(deck)
    size = t.hand_size
    hands = tuple(_sorted_hand(army[i * size : (i + 1) * size], t) for i in range(players))
    start = chance.randrange(players)
    state = State(
        players=players,
        seed=seed,
        counter=1,
        first_player=start,
        siege=0,
        oracle="",
        oracle_deck=tuple(oracle) if players >= 3 else (),
        victory_deck=tuple(victory),
        display=(),
        army_deck=tuple(army[players * size :]),
        discard=(),
        hands=hands,
        armies=((),) * players,
        heroes=_heroes(players, t),
        won=((),) * players,
        penalties=((),) * players,
        amphoras=(-1, -1, -1),
        start_player=start,
        current=start,
        passed=(),
        phase="turn",
        pending=NO_PENDING,
        pickers=(),
        picks_left=0,
        end="",
        log=(
            LogEntry(say("iliad_cards.log.setup", players=players, seat=seat(start))),
            *(
                LogEntry(say("iliad_cards.log.hand", cards=cards_list(h, t)), s)
                for s, h in enumerate(hands)
            ),
        ),
    )
    return start_siege(state)


def start_siege(state: State) -> State:
    """IC-9: reveal the oracle (3+ players) and the victory cards it calls for."""
    oracle, oracles = "", state.oracle_deck
    reveal = 1
    if state.players >= 3:
        oracle, oracles = oracles[0], oracles[1:]
        reveal = 1 if oracle == "gorgon" else state.players - 2
    shown = state.victory_deck[:reveal]
    siege = state.siege + 1
    line = WORDLESS if is_wordless() else _siege_words(siege, oracle, shown)
    state = state.with_log(
        LogEntry(line),
        siege=siege,
        oracle=oracle,
        oracle_deck=oracles,
        victory_deck=state.victory_deck[reveal:],
        display=state.display + shown,
        passed=(),
    )
    return begin_turn(state, state.start_player)


def _siege_words(siege: int, oracle: str, shown: tuple[str, ...]) -> str:
    names = commas([victory_name(c) for c in shown]) if shown else say("iliad_cards.no_card")
    if oracle:
        return say(
            "iliad_cards.log.siege_oracle", siege=siege, oracle=oracle_name(oracle), cards=names
        )
    return say("iliad_cards.log.siege", siege=siege, cards=names)


def strongest(state: State) -> int | None:
    """The seat whose army is strictly stronger than every other, if any."""
    t = table()
    powers = [facts(army, t).strength for army in state.armies]
    best = max(powers)
    return powers.index(best) if powers.count(best) == 1 else None


def begin_turn(state: State, who: int) -> State:
    """IC-15: in a Gorgon siege a seat strictly strongest at the start of its turn wins it."""
    if state.oracle == "gorgon" and strongest(state) == who:
        return gorgon_won(state, who)
    return state.but(current=who, phase="turn", pending=NO_PENDING)


def end_turn(state: State) -> State:
    """Hand the turn to the next seat that has not passed, or close the siege."""
    if len(state.passed) == state.players:
        return close_siege(state)
    who = (state.current + 1) % state.players
    while who in state.passed:
        who = (who + 1) % state.players
    return begin_turn(state, who)


def _give_agamemnon(state: State, who: int) -> State:
    if state.amphoras[0] == who:
        return state
    return state.with_log(
        LogEntry(say("iliad_cards.log.agamemnon", seat=seat(who))),
        amphoras=(who, *state.amphoras[1:]),
    )


def gorgon_won(state: State, who: int) -> State:
    """IC-15: the winner takes one victory card of their choice and the Agamemnon amphora."""
    state = state.with_log(
        LogEntry(say("iliad_cards.log.gorgon_won", seat=seat(who))),
        current=who,
    )
    state = _give_agamemnon(state, who)
    return run_picks(state.but(pickers=(who,), picks_left=1))


def close_siege(state: State) -> State:
    """IC-14 / IC-15: everyone has passed; rank the armies (or see who holds the Gorgon)."""
    if state.oracle == "gorgon":
        winner = strongest(state)
        if winner is not None:
            return gorgon_won(state, winner)
        return settle(state.with_log(LogEntry(say("iliad_cards.log.gorgon_none"))))
    t = table()
    order = sorted(
        range(state.players),
        key=lambda s: (-strength(state.armies[s], t), state.passed.index(s)),
    )
    ranked = WORDLESS if is_wordless() else _ranked_words(state, order, t)
    state = _give_agamemnon(state.with_log(LogEntry(ranked)), order[0])
    if state.oracle:
        weakest = order[-1]
        penalty = thanatos_penalty(state.oracle)
        marks = tuple(
            p + ((penalty,) if s == weakest else ()) for s, p in enumerate(state.penalties)
        )
        line = WORDLESS if is_wordless() else _weakest_words(weakest, state.oracle)
        state = state.with_log(LogEntry(line), penalties=marks)
    return run_picks(state.but(pickers=tuple(order), picks_left=len(state.display)))


def _ranked_words(state: State, order: list[int], t: Table) -> str:
    ranks = [
        say("iliad_cards.rank", seat=seat(s), strength=strength(state.armies[s], t)) for s in order
    ]
    return say("iliad_cards.log.ranked", ranks=commas(ranks))


def _weakest_words(weakest: int, oracle: str) -> str:
    return say("iliad_cards.log.weakest", seat=seat(weakest), oracle=oracle_name(oracle))


def pick_options(state: State) -> list[str]:
    """The different victory cards on the display."""
    return sorted(set(state.display))


def take(state: State, card: str) -> State:
    """The current picker takes `card`; the next in rank order picks after."""
    who = state.pickers[0]
    index = state.display.index(card)
    won = replaced(state.won, who, (*state.won[who], card))
    if is_wordless():
        line = WORDLESS
    else:
        line = say("iliad_cards.log.takes", seat=seat(who), card=victory_name(card))
    return state.with_log(
        LogEntry(line),
        display=state.display[:index] + state.display[index + 1 :],
        won=won,
        pickers=state.pickers[1:] + state.pickers[:1],
        picks_left=state.picks_left - 1,
    )


def run_picks(state: State) -> State:
    """IC-14: picks in rank order until the display is empty; a lone choice is taken at once."""
    while state.picks_left > 0 and state.display:
        if len(pick_options(state)) > 1:
            return state.but(phase="pick", current=state.pickers[0], pending=NO_PENDING)
        state = take(state, state.display[0])
    return settle(state.but(pickers=(), picks_left=0))


LEADS = {  # IC-16: the amphora won by leading in a kind of victory card
    "city": "iliad_cards.log.leads_city",
    "trireme": "iliad_cards.log.leads_trireme",
}


def _award(state: State, index: int, kind: str) -> State:
    """IC-16: an amphora goes to the single leader; on a tie it stays where it is."""
    totals = [kind_vp(state, s, kind) for s in range(state.players)]
    best = max(totals)
    leader = totals.index(best)
    if totals.count(best) > 1 or state.amphoras[index] == leader:
        return state
    holders = tuple(leader if i == index else h for i, h in enumerate(state.amphoras))
    line = say(LEADS[kind], seat=seat(leader), vp=best)
    return state.with_log(LogEntry(line), amphoras=(holders[0], holders[1], holders[2]))


def settle(state: State) -> State:
    """IC-16 / IC-17: amphoras, clear the armies, check the end, draw, start the next siege."""
    t = table()
    state = _award(_award(state, 1, "city"), 2, "trireme")
    reason = end_reason(state)
    if reason:
        return finish(state, reason)  # the last armies stay on view
    cleared = [card for army in state.armies for unit in army for card in unit_cards(unit, t)]
    state = state.but(
        oracle="",
        armies=((),) * state.players,
        heroes=_heroes(state.players, t),
        discard=state.discard + tuple(cleared),
        pending=NO_PENDING,
    )
    start = state.amphoras[0] if state.amphoras[0] >= 0 else state.start_player
    state = state.but(start_player=start)
    before = state.hands
    for offset in range(state.players):
        state = draw(state, (start + offset) % state.players, t.draw_after_siege)
    drawn = [len(h) - len(b) for h, b in zip(state.hands, before, strict=True)]
    line = WORDLESS if is_wordless() else _drawn_words(drawn, t)
    return start_siege(state.with_log(LogEntry(line)))


def _drawn_words(drawn: list[int], t: Table) -> str:
    """How many cards each seat drew after a siege."""
    if all(n == t.draw_after_siege for n in drawn):
        return say("iliad_cards.log.everyone_draws", count=t.draw_after_siege)
    counts = [say("iliad_cards.drawn", seat=seat(s), count=n) for s, n in enumerate(drawn)]
    return say("iliad_cards.log.cards_drawn", counts=commas(counts))


def end_reason(state: State) -> str:
    """IC-17: why the game ends now, or ''."""
    if max(vp(state, s) for s in range(state.players)) >= target_vp(state.players):
        return "target"
    if state.players >= 3 and not state.oracle_deck:
        return "sieges"
    if not state.victory_deck and not state.display:
        return "cards"
    return ""


def finish(state: State, reason: str) -> State:
    """Close the game."""
    done = state.but(
        phase="over", current=-1, end=reason, pickers=(), picks_left=0, pending=NO_PENDING
    )
    return done.with_log(LogEntry(outcome(done).summary))


def draw(state: State, who: int, count: int) -> State:
    """IC-16: draw from the army deck, shuffling the discards into a new deck when it runs out."""
    t = table()
    deck, discard, counter = state.army_deck, state.discard, state.counter
    drawn: list[str] = []
    lines: list[LogEntry] = []
    while len(drawn) < count and (deck or discard):
        if not deck:
            pile = list(discard)
            rng(state.seed, counter).shuffle(pile)
            deck, discard, counter = tuple(pile), (), counter + 1
            lines.append(LogEntry(say("iliad_cards.log.reshuffle")))
        drawn.append(deck[0])
        deck = deck[1:]
    hand = _sorted_hand(state.hands[who] + tuple(drawn), t)
    hands = replaced(state.hands, who, hand)
    words = WORDLESS if is_wordless() else say("iliad_cards.log.draw", cards=cards_list(drawn, t))
    lines.append(LogEntry(words, who))
    return state.with_log(*lines, army_deck=deck, discard=discard, counter=counter, hands=hands)


def hero_unit(value: int) -> Unit:
    """A hero as it stands in an army."""
    return Unit("hero", (value,))
