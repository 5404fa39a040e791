"""What-changed helpers: new log lines (also from capped logs) and whose private part moved."""

from __future__ import annotations

from typing import Any

from toygame import TOY, Take

from bot.service.diff import RecentViews, Seen, move_changes, new_lines, normalise


class CountingToy:
    """The toy game, counting the views taken of it (a move should take each view once)."""

    def __init__(self) -> None:
        self.taken: list[tuple[int, int | None]] = []

    def view(self, state: Any, seat: int | None) -> Any:
        self.taken.append((id(state), seat))
        return TOY.view(state, seat)


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


def test_a_move_takes_only_the_views_of_its_new_state_when_the_old_ones_are_kept() -> None:
    game = CountingToy()
    first = TOY.new_game(3, 5)
    second = TOY.apply(first, Take(3))
    third = TOY.apply(second, Take(1))
    changed = move_changes(game, first, second, 3)  # type: ignore[arg-type]
    assert len(game.taken) == 8  # nothing kept: public and three seats, before and after
    game.taken.clear()
    again = move_changes(game, second, third, 3, changed.seen)  # type: ignore[arg-type]
    assert sorted(game.taken, key=str) == sorted(
        [(id(third), seat) for seat in (None, 0, 1, 2)], key=str
    )
    assert again[:3] == move_changes(TOY, second, third, 3)[:3]


def test_kept_views_belong_to_one_state_only() -> None:
    seen, state = Seen(), TOY.new_game(3, 5)
    assert seen.of(TOY, state, 1) == TOY.view(state, 1)
    after = TOY.apply(state, Take(3))
    assert seen.of(TOY, after, 0) == TOY.view(after, 0) != TOY.view(state, 0)
    assert list(seen.views) == [0]


def test_only_the_games_that_moved_last_keep_their_views() -> None:
    recent, state = RecentViews(size=2), TOY.new_game(3, 5)
    for game_id in (1, 2, 3):
        recent.of(game_id).of(TOY, state, None)
    assert recent.of(1).views == {}  # the least recent went past the size
    assert recent.of(3).views == {None: TOY.view(state, None)}
    recent.forget(3)
    assert recent.of(3).views == {}


def test_normalise_ignores_case_and_spacing() -> None:
    assert normalise("  Take  3\tCounters ") == "take 3 counters"
