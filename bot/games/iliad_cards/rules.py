"""A turn in a siege (IC-10 … IC-13) as small decisions: legal actions and their effects.

A turn is: pass, or play a card kind from hand, or attack with a kind of unit. A card with
several places then asks where (put); a Horse or an attack then asks which opponent (foe, when
more than one has a target) and which card (hit, when more than one). A step with a single
choice is taken at once, and a kind is only offered when it has a place or a target, so every
chosen step can be finished: there is no dead end and no way back to loop on.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, NamedTuple

from bot.engine import IllegalAction, LogEntry
from bot.engine.memo import remember_last
from bot.games.iliad_cards.army import (
    ATTACK_CHOICES,
    NEW,
    Army,
    Target,
    find_attacker,
    horse_targets,
    place,
    placements,
    remove,
    targets,
)
from bot.games.iliad_cards.data import Table, table
from bot.games.iliad_cards.facts import ATTACK_BITS, BIT, HORSE_BIT, facts, open_to
from bot.games.iliad_cards.model import Action, Draft, State, Unit, replaced
from bot.games.iliad_cards.siege import end_turn, hero_unit, pick_options, run_picks, take
from bot.games.iliad_cards.text import PROMPTS, a_card, attacker_name, part_label, seat, unit_label
from bot.i18n import WORDLESS, is_wordless, say


def to_move(state: State) -> int | None:
    """IC-10: the seat deciding now (a picker while victory cards are chosen); None once over."""
    return None if state.phase == "over" else state.current


def _foe_targets(state: State, verb: str, what: str, foe: int) -> list[Target]:
    """What a Horse (verb horse) or an attacker (`what`) may strike in `foe`'s army."""
    army = state.armies[foe]
    return horse_targets(army) if verb == "horse" else targets(army, what, table())


def _foes(state: State, verb: str, what: str) -> list[int]:
    """Opponents with at least one card the Horse or attacker may strike."""
    me, t = state.current, table()
    wanted = HORSE_BIT if verb == "horse" else BIT[what]
    return [s for s, army in enumerate(state.armies) if s != me and facts(army, t).open_to & wanted]


def _playable(state: State, code: str) -> bool:
    t = table()
    kind = t.card(code).kind
    if kind == "horse":
        return bool(open_to(state.armies, state.current, t) & HORSE_BIT)
    return kind != "harrow" or facts(state.armies[state.current], t).takes_harrow


def _can_attack(state: State, choice: str) -> bool:
    t, wanted = table(), BIT.get(choice, 0)
    mine = facts(state.armies[state.current], t)
    return bool(mine.attackers & wanted and open_to(state.armies, state.current, t) & wanted)


def _turn_actions(state: State) -> list[Action]:
    """IC-10: every card kind that can go somewhere, every attacker with a target, and pass.

    Built in sorted order (attack < pass < play, then by code) from each army's facts.
    """
    t, me = table(), state.current
    armies: tuple[Army, ...] = state.armies
    mine = facts(armies[me], t)
    others = open_to(armies, me, t)
    cards = _cards(t)
    codes = set(state.hands[me])
    if not others & HORSE_BIT:
        codes -= cards.horses
    if not mine.takes_harrow:
        codes -= cards.harrows
    plays = cards.plays
    return [*_ATTACKS[mine.attackers & others], _PASS, *[plays[code] for code in sorted(codes)]]


_PASS = Action("pass")
_ATTACK = {choice: Action("attack", choice) for choice in ATTACK_CHOICES}
# The attack actions of each set of attack choices (BITs), sorted by choice.
_ATTACKS = tuple(
    tuple(_ATTACK[choice] for choice in sorted(ATTACK_CHOICES) if chosen & BIT[choice])
    for chosen in range(ATTACK_BITS)
)


class _Cards(NamedTuple):
    plays: dict[str, Action]  # each army card's play action (actions are immutable)
    horses: frozenset[str]  # the codes of Trojan Horses
    harrows: frozenset[str]  # the codes of Harrows


@lru_cache(maxsize=4)
def _cards(t: Table) -> _Cards:
    """The play actions and the cards a turn may hold back, made once per table."""
    return _Cards(
        {card.code: Action("play", card.code) for card in t.cards},
        frozenset(card.code for card in t.cards if card.kind == "horse"),
        frozenset(card.code for card in t.cards if card.kind == "harrow"),
    )


@remember_last
def legal_actions(state: State) -> list[Action]:
    """Every decision open to the seat to move, sorted."""
    phase = state.phase
    if phase == "turn":
        return _turn_actions(state)
    verb, what, foe = state.pending
    if phase == "put":
        return [
            Action("put", "", at) for at in placements(state.armies[state.current], what, table())
        ]
    if phase == "foe":
        return [Action("foe", "", s) for s in _foes(state, verb, what)]
    if phase == "hit":
        return [Action("hit", "", u, p) for u, p in _foe_targets(state, verb, what, foe)]
    if phase == "pick":
        return [Action("pick", card) for card in pick_options(state)]
    return []


def _is_legal(state: State, action: Action) -> bool:
    """Same answer as `action in legal_actions(state)`, without listing a whole turn."""
    if state.phase != "turn":
        return action in legal_actions(state)
    verb, what, at, part = action
    if (at, part) != (-1, -1) or (verb == "pass") != (what == ""):
        return False
    if verb == "play":
        return what in state.hands[state.current] and _playable(state, what)
    return verb == "pass" or (verb == "attack" and _can_attack(state, what))


def apply(state: State, action: Action) -> State:
    """The state after `action`; IllegalAction (saying what is expected) if it is not legal."""
    if not _is_legal(state, action):
        if state.phase == "over":
            raise IllegalAction(say("iliad_cards.refuse.over"))
        must = say(PROMPTS[state.phase])
        raise IllegalAction(say("iliad_cards.refuse.now", seat=seat(state.current), must=must))
    draft = Draft.of(state)
    if _decide(draft, action) is not draft:
        raise AssertionError("a step made a state of its own instead of editing the draft")
    return draft.published()


def _decide(state: State, action: Action) -> State:
    """The steps of `action` on apply's own draft, which they edit in place (see Draft)."""
    if action.verb == "pass":
        return _pass(state)
    if action.verb == "play":
        return _play(state, action.what)
    if action.verb == "attack":
        return _choose_foe(state.but(pending=("attack", action.what, -1)))
    if action.verb == "put":
        return _put(state, state.pending[1], action.at)
    if action.verb == "foe":
        return _aim(state, action.at)
    if action.verb == "hit":
        return _strike(state, (action.at, action.part))
    return run_picks(take(state, action.what))


def _pass(state: State) -> State:
    """IC-13: passing is final; with 3+ players the passer takes the highest hero left."""
    me = state.current
    armies = state.armies
    heroes = state.heroes
    hero = None
    if heroes:
        hero = hero_unit(heroes[-1])
        armies = replaced(armies, me, (*armies[me], hero))
        heroes = heroes[:-1]
    line = WORDLESS if is_wordless() else _pass_words(me, hero)
    state = state.with_log(LogEntry(line), passed=(*state.passed, me), armies=armies, heroes=heroes)
    return end_turn(state)


def _pass_words(me: int, hero: Unit | None) -> str:
    if hero is None:
        return say("iliad_cards.log.passes", seat=seat(me))
    return say("iliad_cards.log.passes_hero", seat=seat(me), hero=unit_label(hero, table()))


def _without(hand: tuple[str, ...], code: str) -> tuple[str, ...]:
    index = hand.index(code)
    return hand[:index] + hand[index + 1 :]


def _play(state: State, code: str) -> State:
    """Take the card from hand; place it at once when it has a single place."""
    me = state.current
    hands = replaced(state.hands, me, _without(state.hands[me], code))
    if table().card(code).kind == "horse":
        return _choose_foe(state.but(hands=hands, pending=("horse", code, -1)))
    spots = placements(state.armies[me], code, table())
    if len(spots) == 1:
        return _put(state, code, spots[0], hands=hands)
    return state.but(hands=hands, phase="put", pending=("play", code, -1))


def _put(state: State, code: str, at: int, **changes: Any) -> State:
    """IC-11: the card joins the army where chosen (`changes`: the hand, when played at once,
    go into the same copy of the state)."""
    t = table()
    me = state.current
    army = state.armies[me]
    line = WORDLESS if is_wordless() else _put_words(me, code, army, at, t)
    army = place(army, code, at, t)
    armies = replaced(state.armies, me, army)
    return end_turn(state.with_log(LogEntry(line), armies=armies, **changes))


def _put_words(me: int, code: str, army: Army, at: int, t: Table) -> str:
    played = {"seat": seat(me), "card": a_card(code, t)}
    if at != NEW:
        return say("iliad_cards.log.plays_onto", **played, unit=unit_label(army[at], t))
    if t.card(code).kind == "hoplite":
        return say("iliad_cards.log.plays_new", **played)
    return say("iliad_cards.log.plays", **played)


def _choose_foe(state: State) -> State:
    verb, what, _ = state.pending
    foes = _foes(state, verb, what)
    if len(foes) == 1:
        return _aim(state, foes[0])
    return state.but(phase="foe")


def _aim(state: State, foe: int) -> State:
    verb, what, _ = state.pending
    state = state.but(pending=(verb, what, foe))
    hits = _foe_targets(state, verb, what, foe)
    if len(hits) == 1:
        return _strike(state, hits[0])
    return state.but(phase="hit")


def _strike(state: State, target: Target) -> State:
    """IC-11 Horse / IC-12 attack: the target goes, and so does the Horse or the attacker."""
    t = table()
    verb, what, foe = state.pending
    me = state.current
    line = WORDLESS if is_wordless() else _strike_words(state, target, t)
    foe_army, gone = remove(state.armies[foe], target, t)
    mine = state.armies[me]
    if verb == "horse":
        gone.append(what)
    else:
        index = find_attacker(mine, what)
        mine, spent = remove(mine, (index, 1 if what == "rider" else 0), t)
        gone += spent
    armies = tuple(
        foe_army if s == foe else mine if s == me else a for s, a in enumerate(state.armies)
    )
    state = state.with_log(LogEntry(line), armies=armies, discard=state.discard + tuple(gone))
    return end_turn(state)


def _strike_words(state: State, target: Target, t: Table) -> str:
    """The line of a Horse or an attack, told before the target goes."""
    verb, what, foe = state.pending
    me = state.current
    hit = part_label(state.armies[foe][target[0]], target[1], t)
    if verb == "horse":
        return say("iliad_cards.log.horse", seat=seat(me), foe=seat(foe), hit=hit)
    attacker = attacker_name(what, t)
    return say("iliad_cards.log.strikes", seat=seat(me), attacker=attacker, foe=seat(foe), hit=hit)
