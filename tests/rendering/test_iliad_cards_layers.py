"""The card game's board keeps parts it draws the same way every time (camp panels, standings
boxes, the legend, words on plain ground): a board made from them is the very pixels, and
colours, drawing them made."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image

from bot.engine import ViewContext
from bot.engine.conformance import random_playout
from bot.games.iliad_cards import GAME
from rendering import kit
from rendering.iliad_cards import board, parts
from rendering.iliad_cards.parts import MARGIN, WIDTH

Counted = dict[str, int]


def _views(players: int) -> list[Any]:
    """Public views along a seeded game: prompts that pick, passes, the end (the identity over
    800 boards was checked once against the drawing before; this keeps the suite quick)."""
    views: list[Any] = []
    for seed in (3,):
        playout = random_playout(GAME, players, seed)
        state = GAME.new_game(players, seed)
        for index, code in enumerate(playout.codes):
            if index % 8 == 0:
                views.append(GAME.view(state, None))
            state = GAME.apply(state, GAME.decode(code))
        views.append(GAME.view(playout.final, None))
    return views


def _counting(name: str, drawn: Callable[..., None], calls: Counted) -> Callable[..., None]:
    def draw(*args: Any) -> None:
        calls[name] = calls.get(name, 0) + 1
        drawn(*args)

    return draw


def _drawn_text(
    draw: Any, xy: tuple[int, int], words: str, ground: Any, fill: Any = kit.INK, size: int = 24
) -> None:
    kit.text(draw, xy, words, size, fill)


def _drawn_legend(draw: Any, lines: tuple[str, ...], top: int, height: int) -> None:
    board._draw_legend(draw, lines, top)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@pytest.mark.parametrize("language", ["en", "de"])
def test_a_board_from_kept_parts_is_the_board_drawn_in_full(
    players: int, language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    context = ViewContext(tuple(f"seat {seat}" for seat in range(players)), language=language)
    views = _views(players)
    kept = [board.render_board(view, context) for view in views]
    calls: Counted = {}
    monkeypatch.setattr(board, "_camp_frame", _counting("camp", board._draw_camp_panel, calls))
    monkeypatch.setattr(
        board, "_standing_box", _counting("standing", board._draw_standing_box, calls)
    )
    monkeypatch.setattr(board, "_legend", _counting("legend", _drawn_legend, calls))
    monkeypatch.setattr(board, "kept_text", _counting("text", _drawn_text, calls))
    monkeypatch.setattr(parts, "kept_text", _counting("text", _drawn_text, calls))
    for view, image in zip(views, kept, strict=True):
        drawn = board.render_board(view, context)
        assert image.tobytes() == drawn.tobytes()
        assert kit.colours_of(image) == kit.colours_of(drawn)  # with the pixels: the same PNG
    assert calls == {
        "camp": players * len(views),
        "standing": players * len(views),
        "legend": len(views),
        "text": (3 * players + 3) * len(views),  # ranks, names, VP lines and three headings
    }


def test_a_kept_legend_is_the_legend_drawn_where_it_lies() -> None:
    lines = ("Numbers: army strength", "Chips: what a camp won")
    pasted, pasting = kit.canvas(*board.BOARD_SIZE)
    drawn, drawing = kit.canvas(*board.BOARD_SIZE)
    top = board.BOARD_SIZE[1] - 80
    board._legend(pasting, lines, top, board.BOARD_SIZE[1])
    board._draw_legend(drawing, lines, top)
    assert pasted.tobytes() == drawn.tobytes()
    assert drawn.tobytes() != kit.canvas(*board.BOARD_SIZE)[0].tobytes()
    assert kit.colours_of(pasted) == kit.colours_of(drawn)


def test_a_kept_panel_is_the_panel_drawn_where_it_lies() -> None:
    box = (MARGIN, board.CAMPS_TOP, WIDTH - MARGIN, board.CAMPS_TOP + 300)
    images: list[Image.Image] = []
    for frame in (board._camp_frame, board._draw_camp_panel):
        image, draw = kit.canvas(*board.BOARD_SIZE)
        frame(draw, box, kit.CHOICE, (200, 40, 40), True)
        images.append(image)
    assert images[0].tobytes() == images[1].tobytes()
    assert kit.colours_of(images[0]) == kit.colours_of(images[1])
    assert len(kit.colours_of(images[0]) or ()) > 3
