"""Hand-made Iliad card game positions for the rule tests."""

from __future__ import annotations

from typing import Any

from bot.games.iliad_cards import GAME
from bot.games.iliad_cards.data import table
from bot.games.iliad_cards.model import NO_PENDING, Action, State, Unit

T = table()


def phalanx(*values: int, harrow: bool = False) -> Unit:
    """A phalanx of hoplite values, highest first."""
    return Unit("phalanx", values, harrow=harrow)


def single(kind: str, *, harrow: bool = False, rider: bool = False) -> Unit:
    """A card standing alone: archer, chariot, elephant, catapult or ballista."""
    return Unit(kind, (), harrow=harrow, rider=rider)


def hero(value: int) -> Unit:
    """A hero in an army."""
    return Unit("hero", (value,))


def hand(*codes: str) -> tuple[str, ...]:
    """A hand in the order the engine keeps hands."""
    return tuple(sorted(codes, key=T.order.__getitem__))


def position(players: int = 3, **changes: Any) -> State:
    """Siege 1 of a seeded game, mid-turn for seat 0, with `changes` laid over it.

    Armies start empty; hands are emptied unless given, so tests see only what they set up.
    """
    state = GAME.new_game(players, 1)
    base: dict[str, Any] = {
        "armies": ((),) * players,
        "hands": ((),) * players,
        "current": 0,
        "start_player": 0,
        "phase": "turn",
        "pending": NO_PENDING,
        "passed": (),
        "oracle": "thanatos1" if players >= 3 else "",
        "display": (),
    }
    base.update(changes)
    return state.but(**base)


def play(state: State, *codes: str) -> State:
    """Apply action codes in turn."""
    for code in codes:
        state = GAME.apply(state, GAME.decode(code))
    return state


def codes(state: State) -> list[str]:
    """The legal action codes."""
    return [GAME.encode(a) for a in GAME.legal_actions(state)]


def hits(state: State, attacker: str, foe: int = 1) -> list[str]:
    """The target codes offered to an attack choice against one opponent (via pending)."""
    aimed = state.but(phase="hit", pending=("attack", attacker, foe))
    return [GAME.encode(a) for a in GAME.legal_actions(aimed)]


def last_log(state: State, count: int = 1) -> list[str]:
    """The newest public log lines."""
    return [entry.text for entry in state.log if entry.seat is None][-count:]


PASS = Action("pass")
