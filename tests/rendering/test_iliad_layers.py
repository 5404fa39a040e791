"""Iliad's board keeps parts it draws the same way every time (line-end tokens on their rings,
the legend): the board made from them is the very pixels drawing them each time made."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image

from bot.engine import ViewContext
from rendering import kit, render_board
from rendering.iliad import board, panel
from rendering.iliad.pieces import paste, token
from tests.rendering.helpers import load_view
from tests.rendering.iliad_views import random_view


def _blended_line_ends(image: Image.Image, view: Any, background: Any) -> None:
    """How line ends were drawn before: each token blended onto the board where it lies."""
    for line, ends in view["lines"].items():
        for centre, end in zip(board._line_end_centres(line), ends, strict=True):
            if end is not None:
                sprite = token(end["kind"], int(end["value"]), board.END_TOKEN, board.TEXT)
                paste(image, sprite, centre)


def _drawn_legend(image: Image.Image, context: ViewContext, top: int, size: int) -> None:
    panel._draw_legend(image, context, top, size)


def _views() -> list[dict[str, Any]]:
    fixtures = [load_view("iliad_midgame"), load_view("iliad_final")]
    return fixtures + [random_view(seed, filled=4 * seed) for seed in range(8)]


@pytest.mark.parametrize("language", ["en", "de"])
def test_a_board_from_kept_parts_is_the_board_drawn_in_full(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    context = ViewContext(("alice", "bob"), language=language)
    kept = [render_board("iliad", view, context) for view in _views()]
    monkeypatch.setattr(board, "_draw_line_ends", _blended_line_ends)
    monkeypatch.setattr(panel, "_legend", _drawn_legend)
    for view, image in zip(_views(), kept, strict=True):
        drawn = render_board("iliad", view, context)
        assert image.tobytes() == drawn.tobytes()
        assert kit.colours_of(image) == kit.colours_of(drawn)


def test_the_legend_is_pasted_where_it_is_drawn() -> None:
    size, top = board.TEXT, board.BOARD_SIZE[1] - 10 - 2 * panel.LINE
    pasted, _ = kit.canvas(*board.BOARD_SIZE)
    drawn, _ = kit.canvas(*board.BOARD_SIZE)
    panel._legend(pasted, ViewContext(), top, size)
    panel._draw_legend(drawn, ViewContext(), top, size)
    assert pasted.tobytes() == drawn.tobytes()
    assert drawn.tobytes() != kit.canvas(*board.BOARD_SIZE)[0].tobytes()
    assert kit.colours_of(pasted) == kit.colours_of(drawn)
