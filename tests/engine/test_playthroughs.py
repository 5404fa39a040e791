"""Golden playthroughs: what every viewer sees in a seeded game of every game and seat count."""

from __future__ import annotations

import difflib
from pathlib import Path

import pytest

from bot.engine import all_games
from bot.engine.playthrough import cases, file_name, record

HERE = Path(__file__).parent / "playthroughs"
CASES = [(game.spec.id, players) for game, players in cases(all_games())]


@pytest.mark.parametrize(("game_id", "players"), CASES)
def test_playthrough_matches_the_golden_file(game_id: str, players: int) -> None:
    game = next(g for g in all_games() if g.spec.id == game_id)
    path = HERE / file_name(game, players)
    assert path.exists(), f"no golden playthrough {path.name}: run `make playthroughs`"
    golden = path.read_text(encoding="utf-8")
    now = record(game, players)
    if now != golden:
        diff = difflib.unified_diff(
            golden.splitlines(), now.splitlines(), "golden", "now", lineterm="", n=1
        )
        shown = "\n".join(list(diff)[:60])
        pytest.fail(f"{path.name} changed (review, then `make playthroughs`):\n{shown}")


def test_no_golden_file_is_left_without_a_case() -> None:
    expected = {file_name(g, n) for g, n in cases(all_games())}
    assert {p.name for p in HERE.glob("*.txt")} == expected


def test_a_playthrough_records_every_viewer_and_the_chosen_moves() -> None:
    game = next(g for g in all_games() if g.spec.id == "iliad")
    text = record(game, 2)
    assert text.count("\nchosen: ") == text.count("\nlegal: ") > 10
    assert "\npublic.prompt: " in text and "\nseat0." in text and "\nseat1." in text
    assert text == record(game, 2)  # seeded: the same text every time
