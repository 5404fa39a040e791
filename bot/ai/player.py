"""The one entry the service uses to let the computer decide: `decide`, run in a process pool.

`decide` takes only picklable, plain arguments (the game's id, its state as the engine dumps
it, the seat, seed, version and level) and returns a small frozen `Decision`, so the bot can
run it in a `ProcessPoolExecutor` and the event loop never waits for it. The search player
(ISMCTS) replaces the body; until then every level plays the seeded random legal move of
`bot.ai.simple`, which is the same pick for the same game, seed, seat and version.

The state handed over is the real one (the worker needs it to find the seat's legal actions),
but a player must decide only from what `seat` can see: the random player reads nothing but the
seat's own legal actions, and the search reads the rest only through `resample_hidden` for
that seat, so another seat's secrets never change a decision (or a hint).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import bot.games  # noqa: F401  (a fresh worker process must register every game)
from bot.ai.simple import choose
from bot.engine import IllegalAction, get_game

LEVELS = ("easy", "normal", "hard")
NORMAL = "normal"


@dataclass(frozen=True, slots=True)
class Decision:
    """What the computer plays (an action code) and how likely it thinks a win is, if known."""

    code: str
    win_chance: float | None = None


def decide(
    game_id: str,
    state_json: str | Mapping[str, Any],
    seat: int,
    seed: int,
    version: int,
    level: str,
) -> Decision:
    """The computer's decision for `seat` at `level`; IllegalAction if it is not its turn."""
    if level not in LEVELS:
        raise IllegalAction(f"There is no computer level {level!r}.")
    game = get_game(game_id)
    data = json.loads(state_json) if isinstance(state_json, str) else state_json
    state = game.load(data)
    return Decision(choose(game, state, seat, seed, version), None)
