"""A player's reliability: games left by a timeout or a resignation, median time to move."""

from __future__ import annotations

import json

from bot.service.reliability import left_game, reliability

ME = 7


def at(minutes: int) -> str:
    """A stored move time, `minutes` after noon."""
    return f"2030-01-07T{12 + minutes // 60:02d}:{minutes % 60:02d}:00+00:00"


def test_left_games_count_handed_over_seats_and_games_ended_by_the_player() -> None:
    assert left_game(1, True, {})
    assert left_game(1, False, {"ended_by": "turn clock", "timed_out_seat": 1})
    assert left_game(0, False, {"ended_by": "resignation", "resigned_seat": 0})
    assert not left_game(0, False, {"ended_by": "turn clock", "timed_out_seat": 1})
    assert not left_game(0, False, {})


def test_the_figures_of_a_player_with_timeouts() -> None:
    recent = [
        (4, 0, True, json.dumps({"pace": "daily"})),  # timed out, handed to the computer
        (3, 1, False, json.dumps({"pace": "daily", "timed_out_seat": 1})),  # ended by it
        (2, 0, False, json.dumps({"pace": "live"})),
        (1, 0, False, "not json"),  # unreadable flags: counted, no pace
    ]
    times = [
        (2, 9, at(0)),
        (2, ME, at(3)),  # 3 minutes
        (2, 9, at(4)),
        (2, ME, at(5)),  # 1 minute
        (2, 9, at(6)),
        (2, ME, at(16)),  # 10 minutes
        (4, 9, at(0)),
        (4, ME, at(120)),  # 2 hours
    ]
    figures = reliability(recent, times, ME)
    assert (figures.games, figures.left) == (4, 2)
    assert figures.left_share == 0.5
    assert figures.median_move_seconds == {"daily": 7200.0, "live": 180.0}


def test_no_games_no_share() -> None:
    figures = reliability([], [], ME)
    assert (figures.games, figures.left, figures.left_share) == (0, 0, 0.0)
