"""/stats figures from stored facts: wins, scores, move times, streaks, favourite opponents."""

from __future__ import annotations

from bot.service.stats import game_stats, move_seconds
from bot.store import PlayedSeat

ME = 7


def played(game_id: int, seat: int, ranking: list[int], scores: list[int], *opponents: str,
           reason: str = "points", departed: bool = False) -> PlayedSeat:  # fmt: skip
    """One finished game of mine."""
    result = {"ranking": ranking, "scores": scores, "reason": reason}
    return PlayedSeat(game_id, "iliad", seat, departed, result, opponents)  # type: ignore[arg-type]


def test_the_record_of_one_game_type() -> None:
    games = [
        played(1, 0, [2, 1], [10, 20], "Ann"),
        played(2, 1, [2, 1], [5, 30], "Ann"),
        played(3, 0, [1, 2], [0, 0], "Ben", reason="resignation"),
        played(4, 0, [1, 2], [40, 12], "Ann"),
        played(5, 1, [1, 2], [9, 3], "Ben", departed=True),  # resigned later: never a win
    ]
    times = [
        (1, 99, "2026-01-01T10:00:00+00:00"),
        (1, ME, "2026-01-01T10:00:30+00:00"),  # 30 s
        (1, 99, "2026-01-01T10:01:00+00:00"),
        (1, ME, "2026-01-01T10:02:30+00:00"),  # 90 s
        (2, ME, "2026-01-01T11:00:00+00:00"),  # first move of a game: nothing before it
    ]
    (stats,) = game_stats(games, times, ME)
    assert (stats.games, stats.wins) == (5, 3)
    assert stats.win_rate == 3 / 5
    assert stats.average_score == (10 + 30 + 40 + 3) / 4  # the resignation scores nobody
    assert stats.average_move_seconds == 60
    assert stats.streak == -1  # the last game was not a win
    assert stats.favourite_opponent == "Ann"


def test_a_run_of_wins_is_a_positive_streak() -> None:
    games = [played(n, 0, [1, 2], [3, 1], "Cy") for n in (1, 2)]
    assert game_stats([played(0, 0, [2, 1], [1, 3], "Cy"), *games], [], ME)[0].streak == 2
    assert move_seconds([], ME) == {}
