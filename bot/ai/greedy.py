"""The one-ply greedy player: a yardstick for the search, never offered to players.

It draws one state its seat cannot tell apart from the real one (`resample_hidden`), tries
every legal action there, and keeps the one with the best immediate score: its own standing
minus the best other seat's right after the action (bot.ai.standing; a finished game counts
its final scores, and a win or loss outweighs any margin). Equal scores are broken by the
seeded generator, so it is as repeatable as the other players.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine import AnyGame

WIN = 1000  # outweighs any points margin in our games


def immediate_score(game: AnyGame, state: Any, seat: int) -> int:
    """How good `state` is for `seat` right now: its points lead, or a win or loss."""
    outcome = game.outcome(state)
    if outcome is not None:
        mine = outcome.scores[seat]
        others = [s for k, s in enumerate(outcome.scores) if k != seat]
        won = WIN if outcome.ranking[seat] == 1 else -WIN
        return won + mine - max(others, default=0)
    points = game.standing(state)
    if seat >= len(points):
        return 0
    others = [s for k, s in enumerate(points) if k != seat]
    return points[seat] - max(others, default=0)


def choose_greedy(game: AnyGame, state: Any, seat: int, rng: random.Random) -> str:
    """The code of the legal action with the best immediate score (seeded among equals)."""
    seen = game.resample_hidden(state, seat, rng)
    best: list[Any] = []
    best_score = None
    for action in game.legal_actions(seen):
        score = immediate_score(game, game.apply(seen, action), seat)
        if best_score is None or score > best_score:
            best, best_score = [action], score
        elif score == best_score:
            best.append(action)
    return game.encode(best[rng.randrange(len(best))])
