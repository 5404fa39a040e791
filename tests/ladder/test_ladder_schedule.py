"""The ladder's games: every pair seat-swapped on shared seeds, scored seat against seat."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.ladder.schedule import Budget, matches, pair_score, seats_for


def test_a_pair_alternates_around_the_table_and_swaps() -> None:
    assert seats_for(("easy", "hard"), 2, False) == ("easy", "hard")
    assert seats_for(("easy", "hard"), 2, True) == ("hard", "easy")
    assert seats_for(("easy", "hard"), 5, False) == ("easy", "hard", "easy", "hard", "easy")
    assert seats_for(("easy", "hard"), 5, True) == ("hard", "easy", "hard", "easy", "hard")


def test_costly_pairs_get_the_smaller_even_budget() -> None:
    budget = Budget(games=3, cheap=6)
    assert budget.games_for(("random", "easy")) == 6
    assert budget.games_for(("easy", "hard")) == 4  # made even: twins
    assert Budget(games=0, cheap=0).games_for(("random", "greedy")) == 2


def test_every_pair_plays_twins_on_the_same_seed() -> None:
    kinds = ["random", "greedy", "normal"]
    played = list(matches(kinds, 3, Budget(games=2, cheap=4), seed=10))
    per_pair = Counter(pair for pair, _ in played)
    assert per_pair == {("random", "greedy"): 4, ("random", "normal"): 2, ("greedy", "normal"): 2}
    twins = [match for pair, match in played if pair == ("random", "greedy")]
    assert [m.seed for m in twins] == [10, 10, 11, 11]
    assert twins[0].seats == ("random", "greedy", "random")
    assert twins[1].seats == ("greedy", "random", "greedy")


def test_a_game_scores_its_share_of_seat_comparisons() -> None:
    pair = ("easy", "hard")
    assert pair_score(("easy", "hard"), (1, 2), pair) == 1.0
    assert pair_score(("easy", "hard"), (2, 1), pair) == 0.0
    assert pair_score(("easy", "hard"), (1, 1), pair) == 0.5
    # easy seats placed 1 and 4, hard seats 2 and 3: easy wins 2 of 4 comparisons.
    assert pair_score(("easy", "hard", "easy", "hard"), (1, 2, 4, 3), pair) == 0.5
    # three easy seats (1, 3, 5) against two hard (2, 4): 1 beats both, 3 beats one.
    assert pair_score(("easy", "hard") * 2 + ("easy",), (1, 2, 3, 4, 5), pair) == 3 / 6
    with pytest.raises(ValueError, match="do not hold both"):
        pair_score(("easy", "easy"), (1, 2), pair)
