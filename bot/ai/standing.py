"""How each game stands mid-play: a score per seat, for the greedy player and cut-short playouts.

A standing is the game's own scoring applied to a position that is not over yet: the points
already banked (Iliad's tokens, Iliad cards' VP, Atlandice's VP with the majorities as they are
now, Ilium's points after the donations as they would go now). Computer players only ever call
it on a state drawn by `resample_hidden`, so it never reads another seat's secrets.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.engine import Outcome
from bot.games.atlandice import scoring as atlandice
from bot.games.iliad import scoring as iliad
from bot.games.iliad_cards import scoring as iliad_cards
from bot.games.ilium import scoring as ilium

Standing = Callable[[Any], list[int]]


def _atlandice(state: Any) -> list[int]:
    return atlandice.totals(state, final=True)[: state.players]


def _iliad(state: Any) -> list[int]:
    return [iliad.score(mine) for mine in state.collected]


def _iliad_cards(state: Any) -> list[int]:
    return [iliad_cards.vp(state, seat) for seat in range(state.players)]


def _ilium(state: Any) -> list[int]:
    return [score.points for score in ilium.final_scores(state)]


STANDINGS: dict[str, Standing] = {
    "atlandice": _atlandice,
    "iliad": _iliad,
    "iliad_cards": _iliad_cards,
    "ilium": _ilium,
}


def standing(game_id: str, state: Any) -> list[int] | None:
    """Points per seat as the position stands, or None for a game without a standing."""
    score = STANDINGS.get(game_id)
    return None if score is None else score(state)


def rewards_from_places(places: tuple[int, ...] | list[int], scores: list[int]) -> list[float]:
    """Per seat, what a result is worth (0 to 1): mostly the place, a little the points.

    A shared place counts as the average of the places it spans (a two-player tie is 0.5);
    a tenth of the reward is the seat's points between the lowest and the highest, so the
    search still prefers a bigger margin once the result looks settled.
    """
    players = len(places)
    if players < 2:
        return [1.0] * players
    low, high = min(scores), max(scores)
    rewards = []
    for place, points in zip(places, scores, strict=True):
        shared = sum(1 for other in places if other == place)
        spot = place + (shared - 1) / 2
        by_place = (players - spot) / (players - 1)
        by_points = 0.5 if high == low else (points - low) / (high - low)
        rewards.append(0.9 * by_place + 0.1 * by_points)
    return rewards


def rewards_from_outcome(outcome: Outcome) -> list[float]:
    """Rewards of a finished game."""
    return rewards_from_places(outcome.ranking, list(outcome.scores))


def rewards_from_standing(points: list[int]) -> list[float]:
    """Rewards of a position cut short, as if the game ended with these points."""
    places = [1 + sum(1 for other in points if other > mine) for mine in points]
    return rewards_from_places(places, points)
