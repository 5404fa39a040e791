"""What-changed helpers: new log lines (also from capped logs) and a seat's secret parts."""

from __future__ import annotations

from bot.service.diff import new_lines, normalise, secret_parts


def test_new_lines_from_a_growing_log() -> None:
    assert new_lines(["a", "b"], ["a", "b", "c", "d"]) == ["c", "d"]
    assert new_lines([], ["a"]) == ["a"]
    assert new_lines(["a"], ["a"]) == []


def test_new_lines_from_a_log_capped_to_its_last_lines() -> None:
    assert new_lines(["a", "b", "c"], ["b", "c", "d"]) == ["d"]
    assert new_lines(["a", "b", "c"], ["c", "d", "e"]) == ["d", "e"]
    assert new_lines(["a", "b", "c"], ["x", "y", "z"]) == ["x", "y", "z"]


def test_repeated_lines_are_not_lost() -> None:
    assert new_lines(["pass", "pass"], ["pass", "pass", "pass"]) == ["pass"]


def test_secret_parts_find_only_what_differs_from_public() -> None:
    public = {"log": ["x"], "pile": 3, "hands": [{"n": 2}, {"n": 1}], "to_move": 0}
    mine = {"log": ["x", "y"], "pile": 3, "hands": [{"n": 2, "cards": [5, 7]}, {"n": 1}]}
    assert secret_parts(public, mine) == [(("hands", 0, "cards"), [5, 7])]
    assert secret_parts({"a": [1]}, {"a": [1, 2], "me": 0}) == [(("a",), [1, 2]), (("me",), 0)]


def test_normalise_ignores_case_and_spacing() -> None:
    assert normalise("  Take  3\tCounters ") == "take 3 counters"
