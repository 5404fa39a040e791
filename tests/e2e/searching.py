"""The computer's real search on the smallest budget, for end-to-end games about the table.

A whole game against searching computers checks that the search runs in the bot's process pool
and its moves reach the table; how well it plays is tests/ai's. At the seats' own level (easy:
40 determinizations, playouts 20 plies deep) that game spent most of its time searching, in
workers no figure of the test run showed. This module imports only the engine and bot.ai: each
pool worker imports it to unpickle the decider.
"""

from __future__ import annotations

import dataclasses
import json
import time
from collections.abc import Mapping
from typing import Any

from bot.ai import Decision
from bot.ai.levels import level
from bot.ai.players import generator
from bot.ai.search import search
from bot.engine import IllegalAction, get_game

ITERATIONS, DEPTH = 3, 3  # the search's whole shape, a fraction of its work


def small_search(
    game_id: str,
    state_json: str | Mapping[str, Any],
    seat: int,
    seed: int,
    version: int,
    level_name: str,
) -> Decision:
    """`bot.ai.decide` at the seat's level, its budget cut to ITERATIONS and DEPTH (picklable:
    the pool's workers run it)."""
    game = get_game(game_id)
    data = json.loads(state_json) if isinstance(state_json, str) else state_json
    state = game.load(data)
    if game.to_move(state) != seat:
        raise IllegalAction(f"seat {seat} is not the one to move")
    budget = dataclasses.replace(
        level(game_id, level_name), iterations=ITERATIONS, playout_depth=DEPTH
    )
    rng = generator(level_name, seed, seat, version)
    return search(game, state, seat, rng, budget, time.process_time)
