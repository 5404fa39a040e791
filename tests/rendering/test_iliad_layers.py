"""Iliad's images keep parts they draw the same way every time (line-end tokens on their rings,
the legend, a hand's tiles): an image made from them is the very pixels drawing them made."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.engine import ViewContext, get_game
from bot.i18n.catalogues import LANGUAGES
from rendering import kit, render_board, render_hand
from rendering.iliad import board, hand, panel
from rendering.iliad.pieces import TILE_EFFECTS, paste, token
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


def _hands() -> list[dict[str, Any]]:
    """Both seats' views along a seeded game: every tile value shows up in some hand."""
    game = get_game("iliad")
    state, views = game.new_game(2, 5), []
    while game.to_move(state) is not None:
        views += [dict(game.view(state, seat)) for seat in (0, 1)]
        state = game.apply(state, game.legal_actions(state)[0])
    return views


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_hand_from_kept_tiles_is_the_hand_drawn_in_full(
    language: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    context = ViewContext(("alice", "bob"), language=language)
    views = _hands()
    kept = [render_hand("iliad", view, context) for view in views]
    monkeypatch.setattr(hand, "_hand_tile", hand._draw_hand_tile)
    for view, image in zip(views, kept, strict=True):
        drawn = render_hand("iliad", view, context)
        assert image.tobytes() == drawn.tobytes()
        assert kit.colours_of(image) == kit.colours_of(drawn)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_hand_tile_draws_nothing_outside_its_strip(language: str) -> None:
    centre = 300
    for value in [*TILE_EFFECTS, "1", "D"]:
        drawn, _ = kit.canvas(*hand.HAND_SIZE)
        colour = kit.SEAT_COLOURS["red"]
        hand._draw_hand_tile(drawn, ViewContext(language=language), colour, value, centre)
        box = ImageChops.difference(drawn, kit.canvas(*hand.HAND_SIZE)[0]).getbbox()
        assert box is not None
        assert centre - hand.TILE_ABOVE <= box[1] and box[3] <= centre + hand.TILE_BELOW
