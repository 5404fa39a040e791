"""Iliad card game images: they open, have the shipped size, and never draw a hand."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops

from bot.engine import ViewContext
from bot.engine.conformance import random_playout
from bot.games.iliad_cards import GAME
from rendering import iliad_cards as art
from rendering import kit

PLAIN = ViewContext()


def _states(players: int) -> tuple[Any, Any]:
    """A mid-game state and a final one of a seeded random game."""
    playout = random_playout(GAME, players, 20 + players)
    state = GAME.new_game(players, 20 + players)
    for code in playout.codes[: len(playout.codes) // 2]:
        state = GAME.apply(state, GAME.decode(code))
    return state, playout.final


def _views(players: int) -> tuple[Any, Any]:
    """A mid-game view and a final view, both as seat 0 sees them."""
    middle, final = _states(players)
    return GAME.view(middle, 0), GAME.view(final, 0)


def _board(view: Any, context: ViewContext = PLAIN) -> Image.Image:
    return art.render_board(view, context)


def _hand(view: Any, context: ViewContext = PLAIN) -> Image.Image:
    return art.render_hand(view, context)


def _same(a: Image.Image, b: Image.Image) -> bool:
    return ImageChops.difference(a, b).getbbox() is None


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_board_and_hand_render_mid_game_and_at_the_end(players: int) -> None:
    middle, final = _views(players)
    assert final["outcome"] is not None and middle["outcome"] is None
    assert final["prompt"] == final["outcome"]["summary"]
    for view in (middle, final):
        board = _board(view)
        hand = _hand(view)
        assert board.size == art.BOARD_SIZE and board.mode == "RGB"
        assert hand.size == art.HAND_SIZE and hand.mode == "RGB"
        for image in (board, hand):
            reopened = Image.open(io.BytesIO(kit.to_png(image)))
            assert reopened.size == image.size
    width, height = art.BOARD_SIZE
    assert 1.3 <= width / height <= 1.7


@pytest.mark.parametrize("players", [3, 5])
def test_board_is_the_same_from_any_seat_and_ignores_secrets(players: int) -> None:
    middle, _ = _views(players)
    public: dict[str, Any] = {k: v for k, v in middle.items() if k not in ("seat", "private")}
    assert public == GAME.view(_states(players)[0], None)
    board = _board(public)
    assert _same(board, _board(middle))
    private = {"hand": ["horse"] * 30, "hand_groups": [], "log": ["You draw: Trojan Horse"]}
    planted = dict(public, seat=0, private=private)
    assert _same(board, _board(planted))


def test_board_shows_whose_turn_and_changes_with_the_army() -> None:
    middle, _ = _views(4)
    board = _board(middle)
    camps = [dict(c) for c in middle["camps"]]
    camps[1]["strength"] = 999
    assert not _same(board, _board(dict(middle, camps=camps)))
    moved = dict(
        middle, to_move=(middle["to_move"] + 1) % 4 if middle["to_move"] is not None else 0
    )
    assert not _same(board, _board(moved))


def test_hand_shows_the_seat_hand() -> None:
    middle, _ = _views(3)
    hand = _hand(middle)
    empty = dict(middle, private={**middle["private"], "hand": [], "hand_groups": []})
    assert not _same(hand, _hand(empty))


def test_a_result_the_platform_decided_is_drawn() -> None:
    middle, final = _views(4)
    resigned = ViewContext(status="finished", result=final["outcome"])
    board = _board(middle, resigned)
    assert not _same(board, _board(middle))
    assert _same(board, _board(dict(middle, outcome=final["outcome"])))
    assert not _same(_hand(middle, resigned), _hand(middle))
