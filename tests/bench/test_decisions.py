"""The decision-time benchmark's machinery at a tiny size (never its timings)."""

from __future__ import annotations

import pytest

from bench import decisions
from bot.engine import get_game


def test_a_row_judges_cpu_time_against_both_targets() -> None:
    fast = decisions.row("iliad", 2, [0.2, 0.3, 0.4], [1.5, 2.0, 3.0])
    assert fast[2] == 3 and fast[3] == 0.3 and fast[4] == 0.4 and fast[-1] == "ok"
    slow_median = decisions.row("iliad", 2, [0.6, 0.7, 0.8], [0.6, 0.7, 0.8])
    assert slow_median[-1] == "over target"
    one_slow = decisions.row("iliad", 2, [0.1, 0.1, 1.2], [0.1, 0.1, 1.2])
    assert one_slow[-1] == "over target"
    assert decisions.row("iliad", 2, [], [])[-1] == "no choices"


def test_timings_time_one_decision_per_position_with_a_choice(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(decisions, "POSITIONS", 2)
    calls: list[tuple[str, int, str]] = []

    def counted(game_id: str, state: object, seat: int, seed: int, v: int, level: str) -> None:
        calls.append((game_id, seat, level))

    monkeypatch.setattr(decisions, "decide", counted)
    cpu, wall = decisions.timings(get_game("iliad"), 2, 1)
    assert len(cpu) == len(wall) == 2 == len(calls)
    assert all(level == "normal" and game == "iliad" for game, _, level in calls)
    assert all(seconds >= 0 for seconds in cpu + wall)
