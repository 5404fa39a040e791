"""What each seat may see, as typed views (hands only under their owner's `private`), and words
for actions."""

from __future__ import annotations

from bot.engine import private_log, visible_log
from bot.engine.memo import remember_views
from bot.games.iliad_cards.army import NEW, SHIELDED_CHARIOT, unit_strength
from bot.games.iliad_cards.codes import VICTORY_CODE
from bot.games.iliad_cards.data import ATTACKERS, Table, table
from bot.games.iliad_cards.model import SEAT_NAMES, Action, State, Unit, victory_kind, victory_value
from bot.games.iliad_cards.rules import legal_actions
from bot.games.iliad_cards.scoring import AMPHORA_KEYS, kind_vp, outcome, target_vp, vp
from bot.games.iliad_cards.text import (
    AMPHORA_NAMES,
    PROMPTS,
    a_card,
    an_attacker,
    attacker_name,
    card_hint,
    card_name,
    hero_name,
    oracle_name,
    part_label,
    phalanx_text,
    seat,
    unit_label,
    unit_words,
    victory_name,
)
from bot.games.iliad_cards.viewtypes import (
    CampView,
    ChoicesView,
    HandGroup,
    IliadCardsPrivate,
    OracleView,
    PendingView,
    UnitView,
    VictoryView,
)

# game.py imports these two from here: re-exported
from bot.games.iliad_cards.viewtypes import IliadCardsSeatView as IliadCardsSeatView
from bot.games.iliad_cards.viewtypes import IliadCardsView as IliadCardsView
from bot.i18n import say

RECENT = 10  # public log lines every view carries for the board image


def _unit(unit: Unit, t: Table) -> UnitView:
    data: UnitView = {
        "kind": unit.kind,
        "strength": unit_strength(unit, t),
        "label": unit_words(unit, t),
    }
    if unit.kind == "phalanx":
        data["values"], data["text"] = list(unit.values), phalanx_text(unit.values)
        data["harrow"] = unit.harrow
    elif unit.kind == "hero":
        data["value"], data["name"] = unit.values[0], hero_name(unit.values[0], t)
    else:
        data["harrow"], data["rider"] = unit.harrow, unit.rider
    return data


def _victory(card: str) -> VictoryView:
    return {
        "card": card,
        "kind": victory_kind(card),
        "vp": victory_value(card),
        "name": victory_name(card),
    }


def _camp(state: State, who: int, t: Table) -> CampView:
    """One seat's public side: army, strength, hand size, collected cards and VP."""
    army = state.armies[who]
    return {
        "seat": who,
        "name": seat(who),
        "units": [_unit(u, t) for u in army],
        "strength": sum(unit_strength(u, t) for u in army),
        "hand_size": len(state.hands[who]),
        "passed": who in state.passed,
        "pass_order": state.passed.index(who) + 1 if who in state.passed else None,
        "victory": [_victory(c) for c in sorted(state.won[who])],
        "thanatos": list(state.penalties[who]),
        "amphoras": [n for n, h in zip(AMPHORA_NAMES, state.amphoras, strict=True) if h == who],
        "city_vp": kind_vp(state, who, "city"),
        "trireme_vp": kind_vp(state, who, "trireme"),
        "vp": vp(state, who),
    }


def _pending(state: State, t: Table) -> PendingView | None:
    verb, what, foe = state.pending
    if not verb or state.phase in ("turn", "pick", "over"):
        return None
    name = attacker_name(what, t) if verb == "attack" else card_name(what, t)
    return {"verb": verb, "name": name, "foe": None if foe < 0 else foe}


def choices(state: State) -> ChoicesView | None:
    """The cards, armies or victory cards the decision after a play or an attack picks among
    (all public: the card played or the attacker is named in `pending`)."""
    phase = state.phase
    if phase not in ("put", "foe", "hit", "pick"):
        return None
    actions = legal_actions(state)
    army = {"put": state.current, "hit": state.pending[2]}.get(phase)
    return {
        "army": army,
        "units": sorted({a.at for a in actions if a.verb in ("put", "hit") and a.at != NEW}),
        "new": any(a.verb == "put" and a.at == NEW for a in actions),
        "camps": sorted(a.at for a in actions if a.verb == "foe"),
        "display": [a.what for a in actions if a.verb == "pick"],
    }


def prompt(state: State) -> str:
    """What the seat to move must decide now; the result sentence once the game is over."""
    if state.phase == "over":
        return outcome(state).summary
    return say("iliad_cards.prompt", seat=seat(state.current), ask=say(PROMPTS[state.phase]))


def _recent(state: State) -> list[str]:
    """The newest RECENT public lines, oldest first, read from the end of the log."""
    lines: list[str] = []
    for entry in reversed(state.log):
        if entry.seat is None:
            lines.append(entry.text)
            if len(lines) == RECENT:
                break
    return lines[::-1]


@remember_views
def public_view(state: State) -> IliadCardsView:
    """Everything on the table; no hand and no deck order."""
    t = table()
    over = state.phase == "over"
    oracle: OracleView | None = None
    if state.oracle:
        gorgon = state.oracle == "gorgon"
        oracle = {"kind": "gorgon" if gorgon else "thanatos", "name": oracle_name(state.oracle)}
    return {
        "game": "iliad_cards",
        "players": state.players,
        "seats": list(SEAT_NAMES[: state.players]),
        "first_player": state.first_player,
        "to_move": None if over else state.current,
        "log": visible_log(state.log, None),
        "recent": _recent(state),
        "outcome": outcome(state).to_dict() if over else None,
        "siege": state.siege,
        "sieges_max": len(t.thanatos) + t.gorgons if state.players >= 3 else None,
        "phase": state.phase,
        "prompt": prompt(state),
        "pending": _pending(state, t),
        "choices": choices(state),
        "oracle": oracle,
        "oracle_deck": len(state.oracle_deck),
        "display": [_victory(c) for c in state.display],
        "victory_deck": len(state.victory_deck),
        "army_deck": len(state.army_deck),
        "discard": len(state.discard),
        "heroes": [{"value": v, "name": hero_name(v, t)} for v in reversed(state.heroes)],
        "start_player": state.start_player,
        "target_vp": target_vp(state.players),
        "amphoras": [
            {"name": n, "vp": t.amphoras[k], "holder": None if h < 0 else h}
            for n, k, h in zip(AMPHORA_NAMES, AMPHORA_KEYS, state.amphoras, strict=True)
        ],
        "camps": [_camp(state, s, t) for s in range(state.players)],
        "scores": [vp(state, s) for s in range(state.players)],
    }


def _hand_groups(hand: tuple[str, ...], t: Table) -> list[HandGroup]:
    """The hand as kinds with counts, in table order (hands are kept sorted that way)."""
    return [
        {
            "code": code,
            "kind": t.card(code).kind,
            "name": card_name(code, t),
            "count": hand.count(code),
            "hint": card_hint(code, t),
        }
        for code in dict.fromkeys(hand)
    ]


def view(state: State, who: int | None) -> IliadCardsView | IliadCardsSeatView:
    """The public view, or exactly that plus the seat's hand and private lines under `private`."""
    public = public_view(state)
    if who is None:
        return public
    hand = state.hands[who]
    private: IliadCardsPrivate = {
        "hand": list(hand),
        "hand_groups": _hand_groups(hand, table()),
        "log": private_log(state.log, who),
    }
    return {**public, "seat": who, "private": private}


def describe(action: Action, state: State | None) -> str:
    """'play a Hoplite 3', 'put it onto the 4 phalanx', 'strike the Hoplite 2 (last card …)'."""
    t = table()
    verb, what, at, part = action
    if verb == "pass":
        if state and state.heroes:
            return say("iliad_cards.do.pass_hero", hero=hero_name(state.heroes[-1], t))
        return say("iliad_cards.do.pass")
    if verb == "play":
        return say("iliad_cards.do.play", card=a_card(what, t) if what in t.by_code else what)
    if verb == "attack":
        known = what in (*ATTACKERS, SHIELDED_CHARIOT)
        return say("iliad_cards.do.attack", attacker=an_attacker(what, t) if known else what)
    if verb == "pick":
        card = victory_name(what) if VICTORY_CODE.match(what) else what
        return say("iliad_cards.do.pick", card=card)
    if verb == "foe":
        if at < len(SEAT_NAMES):
            return say("iliad_cards.do.foe", seat=seat(at))
        return say("iliad_cards.do.foe_seat", number=at)
    if state is None or state.phase not in ("put", "hit"):
        if verb == "hit":
            return say("iliad_cards.do.hit_at", at=at, part=part)
        return say("iliad_cards.do.put_at", at=at)
    if verb == "put":
        return _describe_put(state, at, t)
    army = state.armies[state.pending[2]]
    if at < len(army):
        return say("iliad_cards.do.strike", target=part_label(army[at], part, t))
    return say("iliad_cards.do.hit", at=at, part=part)


def _describe_put(state: State, at: int, t: Table) -> str:
    army = state.armies[state.current]
    if at == NEW:
        if t.card(state.pending[1]).kind == "hoplite":
            return say("iliad_cards.do.new_phalanx")
        return say("iliad_cards.do.alone")
    if at < len(army):
        return say("iliad_cards.do.onto", unit=unit_label(army[at], t))
    return say("iliad_cards.do.put_it_at", at=at)
