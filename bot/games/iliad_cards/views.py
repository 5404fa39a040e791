"""What each seat may see: the public table, plus one seat's own hand and private lines."""

from __future__ import annotations

from typing import Any

from bot.engine import visible_log
from bot.games.iliad_cards.army import unit_strength
from bot.games.iliad_cards.cards import Table, table
from bot.games.iliad_cards.model import SEAT_NAMES, State, Unit, victory_kind, victory_value
from bot.games.iliad_cards.scoring import AMPHORA_KEYS, kind_vp, outcome, target_vp, vp
from bot.games.iliad_cards.text import (
    AMPHORA_NAMES,
    PROMPTS,
    attacker_name,
    card_hint,
    card_name,
    oracle_name,
    phalanx_text,
    seat,
    unit_label,
    victory_name,
)

RECENT = 10  # public log lines every view carries for the board image


def _unit(unit: Unit, t: Table) -> dict[str, Any]:
    data: dict[str, Any] = {
        "kind": unit.kind,
        "strength": unit_strength(unit, t),
        "label": unit_label(unit, t).removeprefix("the "),
    }
    if unit.kind == "phalanx":
        data.update(values=list(unit.values), harrow=unit.harrow, text=phalanx_text(unit.values))
    elif unit.kind == "hero":
        data.update(value=unit.values[0], name=t.hero_name(unit.values[0]))
    else:
        data.update(harrow=unit.harrow, rider=unit.rider)
    return data


def _victory(card: str) -> dict[str, Any]:
    return {
        "card": card,
        "kind": victory_kind(card),
        "vp": victory_value(card),
        "name": victory_name(card),
    }


def _camp(state: State, who: int, t: Table) -> dict[str, Any]:
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


def _pending(state: State, t: Table) -> dict[str, Any] | None:
    verb, what, foe = state.pending
    if not verb or state.phase in ("turn", "pick", "over"):
        return None
    name = attacker_name(what, t) if verb == "attack" else card_name(what, t)
    return {"verb": verb, "name": name, "foe": None if foe < 0 else foe}


def _prompt(state: State) -> str:
    if state.phase == "over":
        return "The game is over."
    return f"{seat(state.current)}: {PROMPTS[state.phase]}"


def public_view(state: State) -> dict[str, Any]:
    """Everything on the table; no hand and no deck order."""
    t = table()
    over = state.phase == "over"
    oracle = None
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
        "recent": visible_log(state.log[-RECENT * 3 :], None)[-RECENT:],  # same for every seat
        "outcome": outcome(state).to_dict() if over else None,
        "siege": state.siege,
        "sieges_max": len(t.thanatos) + t.gorgons if state.players >= 3 else None,
        "phase": state.phase,
        "prompt": _prompt(state),
        "pending": _pending(state, t),
        "oracle": oracle,
        "oracle_deck": len(state.oracle_deck),
        "display": [_victory(c) for c in state.display],
        "victory_deck": len(state.victory_deck),
        "army_deck": len(state.army_deck),
        "discard": len(state.discard),
        "heroes": [{"value": v, "name": t.hero_name(v)} for v in reversed(state.heroes)],
        "start_player": state.start_player,
        "target_vp": target_vp(state.players),
        "amphoras": [
            {"name": n, "vp": t.amphoras[k], "holder": None if h < 0 else h}
            for n, k, h in zip(AMPHORA_NAMES, AMPHORA_KEYS, state.amphoras, strict=True)
        ],
        "camps": [_camp(state, s, t) for s in range(state.players)],
    }


def _hand_groups(hand: tuple[str, ...], t: Table) -> list[dict[str, Any]]:
    """The hand as kinds with counts, in table order (hands are kept sorted that way)."""
    return [
        {
            "code": code,
            "kind": t.card(code).kind,
            "name": t.card(code).name,
            "count": hand.count(code),
            "hint": card_hint(code, t),
        }
        for code in dict.fromkeys(hand)
    ]


def view(state: State, who: int | None) -> dict[str, Any]:
    """The public view, plus the seat's own hand and private log lines when `who` is a seat."""
    data = public_view(state)
    if who is None:
        return data
    data["seat"] = who
    data["log"] = visible_log(state.log, who)
    hand = state.hands[who]
    data["hand"] = list(hand)
    data["hand_groups"] = _hand_groups(hand, table())
    return data
