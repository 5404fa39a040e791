"""What-changed helpers: new log lines (also from capped logs) and whose private part moved."""

from __future__ import annotations

from toygame import TOY, Take

from bot.service.diff import move_changes, new_lines, normalise


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


def test_a_move_changes_only_the_seats_whose_private_part_moved() -> None:
    state = TOY.new_game(3, 5)
    taken_one = move_changes(TOY, state, TOY.apply(state, Take(1)), 3)
    assert taken_one.seats == {} and taken_one.lines == ["red takes 1."]
    after = TOY.apply(state, Take(3))  # taking three draws a new secret for the mover
    taken_three = move_changes(TOY, state, after, 3)
    assert list(taken_three.seats) == [0]
    assert taken_three.seats[0] == TOY.view(after, 0)
    assert taken_three.public == TOY.view(after, None)


def test_normalise_ignores_case_and_spacing() -> None:
    assert normalise("  Take  3\tCounters ") == "take 3 counters"
