"""docs/strength.md from results: ratings per table, decision times, and targets told plainly."""

from __future__ import annotations

from typing import Any

import pytest

from bot.ladder.elo import Rating, Record
from bot.ladder.tables import (
    Standing,
    document,
    games_factor,
    percentile,
    record_of,
    standing_of,
    targets,
    why_lines,
)

KINDS = ["random", "greedy", "easy", "normal", "hard"]


def _table(stronger_wins: bool, hard_times: list[float]) -> dict[str, Any]:
    """A 2-player table where the later kind of a pair wins more the further apart they are
    (15, 18, then 19 games in 20; or as many fewer)."""
    games = []
    for i, low in enumerate(KINDS):
        for gap, high in enumerate(KINDS[i + 1 :], start=1):
            wins = min(19, 12 + 3 * gap)
            for seed in range(100):
                for seats in ((low, high), (high, low)):
                    high_wins = (seed % 20 < wins) == stronger_wins
                    places = [2, 1] if (seats[1] == high) == high_wins else [1, 2]
                    games.append({"seats": list(seats), "seed": seed, "places": places})
    times = {kind: [0.001] * 10 for kind in KINDS}
    times["normal"] = [0.2] * 95 + [0.9] * 5
    times["hard"] = hard_times
    return {"game": "ilium", "players": 2, "kinds": KINDS, "games": games, "times": times}


def test_percentile_is_the_nearest_rank() -> None:
    assert percentile([], 0.95) == 0.0
    assert percentile([3.0, 1.0, 2.0], 0.5) == 2.0
    assert percentile([float(k) for k in range(1, 101)], 0.95) == 95.0


def test_a_clean_ladder_meets_every_target() -> None:
    standing = standing_of(_table(True, [1.0] * 99 + [5.0]))
    elos = [r.elo for r in standing.ratings]
    assert elos == sorted(elos) and elos[0] == 0
    assert all(ok for _, ok in targets(standing)), targets(standing)
    assert standing.record.rate("hard", "random") == 0.95


def test_targets_missed_are_named() -> None:
    standing = standing_of(_table(False, [5.0] * 10))
    missed = [words for words, ok in targets(standing) if not ok]
    assert "hard above normal, intervals apart" in missed
    assert any(words.startswith("hard ≥ normal + 100 Elo") for words in missed)
    assert "hard p95 ≤ 4 s (5.00 s)" in missed
    assert not any(words.startswith("normal p95") for words in missed)


def test_a_game_seating_one_kind_only_is_refused() -> None:
    table = _table(True, [1.0])
    table["games"] = [{"seats": ["easy", "easy"], "seed": 1, "places": [1, 2]}]
    with pytest.raises(ValueError, match="two kinds"):
        record_of(table)


def test_the_document_has_a_section_per_game_and_says_how_it_was_run() -> None:
    run = {"budget": {"games": 2, "cheap": 8}, "seed": 1, "cpu": "Test CPU", "python": "3.11.7"}
    runs = [
        {"started": "2026-12-02 17:00 UTC", "wall_seconds": 600.0, "cpu_seconds": 590.0},
        {
            "started": "2026-12-02 18:00 UTC",
            "cpu": "Test CPU",
            "tables": ["iliad 2p"],
            "wall_seconds": 60.0,
            "cpu_seconds": 10.0,
        },
    ]
    other = _table(False, [5.0] * 10) | {"game": "iliad"}
    tables = [_table(True, [1.0]), other]
    results = {"run": run, "runs": runs, "tables": tables}
    text = document(results, "make strength", [("iliad", 2), ("ilium", 3)])
    assert "**Not played yet:** ilium 3p." in text
    assert "## ilium" in text and "## iliad" in text and "### 2 players (2000 games)" in text
    assert (
        "18:00 UTC on Test CPU (iliad 2p), 1.0 min wall" in text
        and "10.0 min wall" in text
        and "2 runs" in text
        and "10.0 min CPU in all" in text
        and "2 games per pair" in text
        and "Every pair of random, greedy, easy" in text
    )
    assert "| hard | +" in text and "**not met**" in text
    assert "target(s) not met over 2 tables." in text
    assert text.rstrip().endswith(
        "iliad 2p, hard over normal: hard scored no higher than normal here."
    )


def test_overlapping_intervals_are_explained_per_table() -> None:
    """Issue 27 §3: where levels' intervals overlap, the document says what sample would part
    them, or that the upper level did not score above the lower one at all."""
    few = _table(True, [1.0])
    few["games"] = few["games"][::50]  # 4 games per pair: wide intervals
    standing = standing_of(few)
    lines = why_lines([standing], 2)
    assert lines[0] == "## Why levels' intervals overlap"
    assert any(
        "ilium 2p, hard over normal" in line and "× this table's games" in line for line in lines
    )
    low = Rating("normal", 100.0, 0.0, 200.0)
    assert games_factor(low, Rating("hard", 150.0, 50.0, 250.0)) == pytest.approx(16.0)
    assert games_factor(low, Rating("hard", 90.0, 0.0, 180.0)) is None
    ratings = [Rating("easy", 0.0, -300.0, 300.0), Rating("normal", 10.0, -290.0, 310.0)]
    close = Standing("iliad", 3, ratings, Record(["easy", "normal"]), {}, 4)
    assert why_lines([close], 2)[-2] == (
        "- iliad 3p, normal over easy: +10 Elo, too close to part with any sample this machine"
        " could play (over 100× this table's games)."
    )
    upside_down = standing_of(_table(False, [1.0]))
    assert any("scored no higher than" in line for line in why_lines([upside_down], 2))
    assert why_lines([standing_of(_table(True, [1.0]))], 2) == []
