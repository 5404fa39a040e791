"""The render benchmark: alternating board and blank encodes, the ratio and upload targets."""

from __future__ import annotations

from typing import Any

import pytest

import rendering
from bench import render
from bench.core import Settings
from rendering import kit


def test_boards_and_blanks_are_timed_alternately(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    board_png, blank_png = rendering.board_png, kit.blank_png

    def board(game_id: str, view: Any) -> bytes:
        calls.append("board")
        return board_png(game_id, view)

    def blank(width: int, height: int) -> bytes:
        calls.append("blank")
        return blank_png(width, height)

    monkeypatch.setattr(rendering, "board_png", board)
    monkeypatch.setattr(kit, "blank_png", blank)
    render.run(Settings(games=("iliad",), views=3))
    timed = calls[1:]  # the first board only warms the caches
    assert timed == ["board", "blank"] * 3


def test_a_row_per_table_size_names_the_ratio_and_upload_targets() -> None:
    (table,) = render.run(Settings(games=("iliad_cards",), views=2))
    columns = list(table.columns)
    rows = [dict(zip(columns, row, strict=True)) for row in table.rows]
    assert [row["seats"] for row in rows] == [2, 3, 4, 5]
    for figures in rows:
        assert figures["ratio"] == pytest.approx(figures["board ms"] / figures["blank ms"])
        assert 1 < float(figures["upload KB"]) < 500
    assert {row["size"] for row in rows} == {"800x1428", "800x1610"}
    notes = " ".join(table.notes)
    assert "ratio <= 1.5" in notes and "upload <= 50 KB" in notes
