"""The Elo fit: it finds known ratings, stays finite after a sweep, and its intervals narrow."""

from __future__ import annotations

import pytest

from bot.ladder.elo import Record, fit, inverse, solve


def _expected(gap: float) -> float:
    """The chance the stronger side wins at an Elo gap."""
    return 1 / (1 + 10 ** (-gap / 400))


def _record(truth: dict[str, float], comparisons: int) -> Record:
    """Every pair met `comparisons` times, each scoring exactly what the ratings expect."""
    record = Record(list(truth))
    names = list(truth)
    for i, a in enumerate(names):
        for b in names[i + 1 :]:
            for _ in range(comparisons):
                record.add(a, b, _expected(truth[a] - truth[b]))
    return record


def test_solve_and_inverse_undo_a_matrix() -> None:
    matrix = [[4.0, 1.0, 0.0], [1.0, 3.0, 1.0], [0.0, 1.0, 2.0]]
    x = solve(matrix, [1.0, 2.0, 3.0])
    assert [sum(m * v for m, v in zip(row, x, strict=True)) for row in matrix] == pytest.approx(
        [1.0, 2.0, 3.0]
    )
    product = [
        [
            sum(a * b for a, b in zip(row, col, strict=True))
            for col in zip(*inverse(matrix), strict=True)
        ]
        for row in matrix
    ]
    assert product == [pytest.approx([1.0 if i == j else 0.0 for j in range(3)]) for i in range(3)]
    with pytest.raises(ValueError, match="singular"):
        inverse([[1.0, 1.0], [1.0, 1.0]])


def test_the_fit_finds_the_ratings_behind_the_results() -> None:
    truth = {"random": 0.0, "easy": 150.0, "hard": 420.0}
    ratings = {r.name: r for r in fit(_record(truth, 4000), "random")}
    for name, elo in truth.items():
        assert ratings[name].elo == pytest.approx(elo, abs=2.0)
        assert ratings[name].low <= elo <= ratings[name].high


def test_the_anchor_is_exactly_zero_and_the_others_are_relative_to_it() -> None:
    truth = {"greedy": 50.0, "random": 0.0, "normal": 300.0}
    ratings = {r.name: r for r in fit(_record(truth, 2000), "random")}
    assert (ratings["random"].elo, ratings["random"].low, ratings["random"].high) == (0, 0, 0)
    shifted = {r.name: r.elo for r in fit(_record(truth, 2000), "greedy")}
    assert shifted["normal"] - shifted["random"] == pytest.approx(ratings["normal"].elo, abs=1e-6)


def test_a_sweep_gives_a_finite_rating_with_a_wide_interval() -> None:
    record = Record(["random", "hard"])
    for _ in range(10):
        record.add("hard", "random", 1.0)
    hard = fit(record, "random")[1]
    assert 200 < hard.elo < 1500 and hard.low < hard.elo < hard.high < 3000
    assert record.rate("hard", "random") == 1.0 and record.rate("random", "hard") == 0.0


def test_more_games_narrow_the_interval() -> None:
    truth = {"random": 0.0, "normal": 200.0}
    few = fit(_record(truth, 20), "random")[1]
    many = fit(_record(truth, 500), "random")[1]
    assert many.high - many.low < (few.high - few.low) / 3


def test_a_draw_is_half_a_win_and_a_score_stays_between_0_and_1() -> None:
    record = Record(["a", "b"])
    record.add("a", "b", 0.5)
    record.add("b", "a", 1.0)
    assert record.rate("a", "b") == 0.25 and record.rate("b", "a") == 0.75
    assert fit(record, "a")[1].elo > 0
    with pytest.raises(ValueError, match="between 0 and 1"):
        record.add("a", "b", 1.5)
    assert Record(["a", "b", "c"]).rate("a", "c") is None
