"""What a position is worth to each seat: rewards (0 to 1) from a result or a standing.

A standing is the game's own `standing(state)` (bot.engine.Game): its scoring applied to a
position that is not over yet. Computer players only ever call it on a state drawn by
`resample_hidden`, so it never reads another seat's secrets.
"""

from __future__ import annotations

from bot.engine import Outcome


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
