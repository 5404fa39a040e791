"""The computer's levels: how hard it searches, with per-game tuning from the data files.

A level is an iteration budget (fixed, so the same seed gives the same move on any machine),
how deep a playout runs before the position is scored by its standing, and the exploration
weight. A game's data file may override any of these under "ai" → level name, e.g.
`"ai": {"normal": {"iterations": 300}}`; the numbers there are measured with `python -m
bot.arena` (see README, Computer players).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from bot.engine.data import data_path, load_data

LEVELS = ("easy", "normal", "hard")
NORMAL = "normal"  # a computer seat's level unless the lobby chose one; hints think at it


@dataclass(frozen=True)
class Level:
    """One level's search settings."""

    name: str
    iterations: int  # determinizations searched per decision
    playout_depth: int  # plies of random play before the standing decides; 0: to the end
    exploration: float  # UCT's weight on trying less-visited actions
    seconds: float  # a safety cap on thinking time; the budget normally ends first


DEFAULTS = {
    "easy": Level("easy", iterations=40, playout_depth=20, exploration=1.0, seconds=0.5),
    "normal": Level("normal", iterations=300, playout_depth=20, exploration=0.7, seconds=1.0),
    "hard": Level("hard", iterations=1200, playout_depth=20, exploration=0.7, seconds=4.0),
}

_TUNABLE = {"iterations": int, "playout_depth": int, "exploration": float, "seconds": float}


@cache
def level(game_id: str, name: str) -> Level:
    """The settings of level `name` for this game (defaults, then the data file's "ai")."""
    if name not in DEFAULTS:
        raise ValueError(f"no level {name!r} (have {', '.join(LEVELS)})")
    tuned = _tuning(game_id).get(name, {})
    unknown = set(tuned) - set(_TUNABLE)
    if unknown:
        raise ValueError(f"data/{game_id}.json ai.{name}: unknown {', '.join(sorted(unknown))}")
    changes = {key: _TUNABLE[key](value) for key, value in tuned.items()}
    return replace(DEFAULTS[name], **changes)


def _tuning(game_id: str) -> dict[str, Any]:
    if not data_path(game_id).exists():
        return {}
    tuning: dict[str, Any] = load_data(game_id).get("ai", {})
    return tuning
