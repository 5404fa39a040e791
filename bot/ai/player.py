"""The one entry the service uses to let the computer decide: `decide`, run in a process pool.

`decide` takes only picklable, plain arguments (the game's id, its state as the engine dumps
it, the seat, seed, version and level) and returns a small frozen `Decision`, so the bot can
run it in a `ProcessPoolExecutor` and the event loop never waits for it. Every level is the
information-set search of `bot.ai.search` with that level's budget (`bot.ai.levels`), seeded by
the game's seed, the seat and the version; its average reward for the chosen action is the win
chance a hint shows. The search is also capped by the level's seconds of this worker's CPU time
(CPU, not wall time, so a busy machine does not change a decision unless the cap is hit).

The state handed over is the real one (the worker needs it to find the seat's legal actions),
but the search reads it only through `resample_hidden` for that seat, so another seat's
secrets never change a decision (or a hint).
"""

from __future__ import annotations

import json
import time
from collections.abc import Mapping
from typing import Any

import bot.games  # noqa: F401  (a fresh worker process must register every game)
from bot.ai import players
from bot.ai.levels import LEVELS
from bot.ai.search import Decision
from bot.engine import IllegalAction, get_game


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
    return players.decide(game, state, seat, seed, version, level, clock=time.process_time)
