"""Every kind of computer player behind one call: random, greedy, and the three search levels.

`choose(game, state, seat, seed, version, level)` is what the platform calls; each decision
draws from a generator fixed by the game's seed, the seat, the game's version and the kind,
so a replay or a restart makes the same move.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from bot.ai import simple
from bot.ai.greedy import choose_greedy
from bot.ai.levels import LEVELS, level
from bot.ai.search import Decision, search
from bot.engine import AnyGame, IllegalAction

KINDS = ("random", "greedy", *LEVELS)


def generator(kind: str, seed: int, seat: int, version: int) -> random.Random:
    """The draw for one decision of one kind of player."""
    return random.Random(f"{seed}:{kind}:{seat}:{version}")


def decide(
    game: AnyGame,
    state: Any,
    seat: int,
    seed: int,
    version: int,
    kind: str = "normal",
    clock: Callable[[], float] | None = None,
) -> Decision:
    """The search's decision for `seat` at a level, with its estimated value."""
    _check_turn(game, state, seat)
    return search(
        game, state, seat, generator(kind, seed, seat, version), level(game.spec.id, kind), clock
    )


def choose(
    game: AnyGame,
    state: Any,
    seat: int,
    seed: int,
    version: int,
    level_name: str | None = None,
    clock: Callable[[], float] | None = None,
) -> str:
    """The code of the action the computer at `seat` takes now.

    `level_name` None is the simple automatic player (a random legal action); "greedy" the
    one-ply yardstick; "easy", "normal", "hard" the search. A seat with one legal action
    takes it without searching.
    """
    if level_name is None or level_name == "random":
        return simple.choose(game, state, seat, seed, version)
    if level_name not in KINDS:
        raise ValueError(f"no computer player {level_name!r} (have {', '.join(KINDS)})")
    _check_turn(game, state, seat)
    rng = generator(level_name, seed, seat, version)
    if level_name == "greedy":
        return choose_greedy(game, state, seat, rng)
    legal = game.legal_actions(game.resample_hidden(state, seat, random.Random(0)))
    if len(legal) == 1:
        return game.encode(legal[0])
    return search(game, state, seat, rng, level(game.spec.id, level_name), clock).code


def _check_turn(game: AnyGame, state: Any, seat: int) -> None:
    if game.to_move(state) != seat:
        raise IllegalAction(f"seat {seat} is not the one to move")
