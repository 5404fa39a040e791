"""The tournament tool: seats rotate, the table prints, the intervals are right."""

from __future__ import annotations

import pytest

from bot.arena import main, play_game, seating, tournament, wilson


def test_seats_turn_by_one_each_game() -> None:
    kinds = ["normal", "random", "greedy"]
    assert [seating(kinds, k) for k in range(3)] == [
        ["normal", "random", "greedy"],
        ["greedy", "normal", "random"],
        ["random", "greedy", "normal"],
    ]


def test_wilson_interval_matches_the_textbook_values() -> None:
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0


def test_a_game_between_kinds_ends_with_a_place_for_every_seat() -> None:
    results = play_game("iliad", ["greedy", "random"], 3)
    assert [r.kind for r in results] == ["greedy", "random"]
    assert sorted(r.place for r in results) in ([1, 2], [1, 1])
    assert results[1].times == [] or min(results[1].times) >= 0


def test_the_same_seed_replays_the_same_tournament() -> None:
    first = tournament("ilium", ["greedy", "random"], 2, 5, workers=0)
    again = tournament("ilium", ["greedy", "random"], 2, 5, workers=0)
    assert {k: (t.places, t.scores) for k, t in first.items()} == {
        k: (t.places, t.scores) for k, t in again.items()
    }
    assert len(first["greedy"].places) == 2


def test_a_tiny_tournament_in_worker_processes_prints_a_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code = main(
        [
            *("--game", "iliad", "--players", "2", "--seats", "greedy,random"),
            *("--games", "2", "--seed", "4", "--workers", "2"),
        ]
    )
    out = capsys.readouterr().out
    assert code == 0
    header, columns, *rows = out.strip().splitlines()
    assert header.startswith("iliad, 2 players, seats greedy,random, 2 games from seed 4")
    assert "win rate" in columns and "95% CI" in columns
    assert [row.split()[:2] for row in rows] == [["greedy", "2"], ["random", "2"]]


def test_progress_tells_each_finished_game_on_stderr(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--game", "iliad", "--seats", "greedy,random", "--games", "2", "--seed", "4"]
    assert main([*args, "--workers", "0", "--progress"]) == 0
    lines = capsys.readouterr().err.strip().splitlines()
    assert [line.split(":")[0] for line in lines] == ["seed 4", "seed 5"]
    assert all(("greedy:1" in line) or ("random:1" in line) for line in lines)
    assert main([*args, "--workers", "0"]) == 0
    assert capsys.readouterr().err == ""


def test_an_unknown_kind_is_refused_with_the_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--game", "iliad", "--seats", "normal,wizard", "--workers", "0"]) == 2
    assert "unknown seat kind: wizard" in capsys.readouterr().out
