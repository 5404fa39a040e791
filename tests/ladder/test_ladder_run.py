"""Playing the ladder: every pair at every table size, results kept, the Markdown made."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path

import pytest

from bot.arena import SeatResult, main
from bot.ladder.run import every_game, run_ladder
from bot.ladder.schedule import Budget


def _first_seat_wins(game_id: str, kinds: Sequence[str], seed: int) -> list[SeatResult]:
    """A stand-in game: seat 0 wins, the others share second place."""
    return [
        SeatResult(kind, 1 if seat == 0 else 2, 0, [0.01 * (seat + 1)], [0.0])
        for seat, kind in enumerate(kinds)
    ]


def test_every_pair_plays_at_every_table_size(tmp_path: Path) -> None:
    path = tmp_path / "results.json"
    results = run_ladder(
        ["ilium"], ["random", "easy", "hard"], Budget(2, 4), 7, path, play=_first_seat_wins
    )
    assert [t["players"] for t in results["tables"]] == [2, 3, 4]
    three = results["tables"][1]
    assert len(three["games"]) == 4 + 2 + 2
    assert three["games"][0] == {
        "seats": ["random", "easy", "random"],
        "seed": 7,
        "places": [1, 2, 2],
    }
    assert three["times"]["random"][:2] == [0.01, 0.03]
    assert json.loads(path.read_text())["tables"] == results["tables"]
    assert results["run"]["budget"] == {"games": 2, "cheap": 4}
    some = run_ladder(["ilium"], ["random", "easy"], Budget(), 7, None, [2, 4], _first_seat_wins)
    assert [t["players"] for t in some["tables"]] == [2, 4]


def test_a_later_piece_keeps_the_tables_it_does_not_play(tmp_path: Path) -> None:
    kinds = ["random", "easy"]
    first = run_ladder(["ilium"], kinds, Budget(), 7, None, [2, 3], _first_seat_wins)
    first["tables"][0]["games"] = []  # told apart from a replayed table below
    later = run_ladder(["ilium"], kinds, Budget(), 7, None, [3, 4], _first_seat_wins, first)
    assert [(t["players"], len(t["games"])) for t in later["tables"]] == [(2, 0), (3, 8), (4, 8)]
    assert len(later["runs"]) == 2 and len(first["runs"]) == 1
    assert later["runs"][1]["tables"] == ["ilium 3p", "ilium 4p"]  # which machine drew which
    assert later["runs"][1]["cpu"] == later["run"]["cpu"]
    with pytest.raises(ValueError, match="another seed"):
        run_ladder(["ilium"], kinds, Budget(), 8, None, [4], _first_seat_wins, first)


def test_the_command_plays_real_games_and_writes_the_markdown(tmp_path: Path) -> None:
    results, out = tmp_path / "strength.json", tmp_path / "strength.md"
    files = ["--results", str(results), "--out", str(out)]
    args = ["ladder", "--game", "iliad", "--kinds", "random,greedy", "--cheap-games", "2"]
    assert main([*args, *files]) == 0
    text = out.read_text()
    assert "## iliad" in text and "| greedy |" in text and "2 games in all" in text
    out.unlink()
    assert main(["ladder", "--from-results", *files]) == 0
    assert out.read_text() == text


def test_unknown_kinds_and_games_are_refused(tmp_path: Path) -> None:
    files = ["--results", str(tmp_path / "r.json"), "--out", str(tmp_path / "s.md")]
    assert main(["ladder", "--kinds", "random,grandmaster", *files]) == 2
    assert main(["ladder", "--game", "chess", *files]) == 2
    assert not (tmp_path / "s.md").exists()
    assert every_game() == ["atlandice", "iliad", "iliad_cards", "ilium"]
