"""Atlandice images: they open, have the shipped size, and draw only what the view says."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

from PIL import Image

from bot.games.atlandice import GAME
from bot.games.atlandice.model import State
from rendering import kit
from rendering.atlandice import BOARD_SIZE, HAND_SIZE, render_board, render_hand


def _play(players: int, seed: int, plies: int | None = None) -> State:
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed)
    done = 0
    while GAME.to_move(state) is not None and (plies is None or done < plies):
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        done += 1
    return state


def _png(image: Image.Image) -> bytes:
    return kit.to_png(image)


def _check(image: Image.Image, size: tuple[int, int]) -> None:
    assert image.size == size and image.mode == "RGB"
    reopened = Image.open(io.BytesIO(_png(image)))
    assert reopened.size == size


def test_sizes_are_landscape_about_three_by_two() -> None:
    for width, height in (BOARD_SIZE, HAND_SIZE):
        assert 1.4 <= width / height <= 1.6


def test_mid_game_board_and_hands_render_for_every_player_count() -> None:
    for players in (2, 3, 4):
        state = _play(players, 30 + players, plies=50)
        assert GAME.outcome(state) is None
        _check(render_board(GAME.view(state, None)), BOARD_SIZE)
        for seat in range(players):
            _check(render_hand(GAME.view(state, seat)), HAND_SIZE)


def test_final_board_renders_with_outcome() -> None:
    state = _play(3, 8)
    view = GAME.view(state, None)
    assert view["outcome"] is not None
    _check(render_board(view), BOARD_SIZE)
    _check(render_hand(GAME.view(state, 0)), HAND_SIZE)


def test_board_ignores_viewer_and_extra_secret_keys() -> None:
    state = _play(2, 12, plies=40)
    public = GAME.view(state, None)
    seat_view = GAME.view(state, 1)
    with_secrets: dict[str, Any] = {**public, "secrets": {"face_down": ["Forges (c)"]}}
    expected = _png(render_board(public))
    assert _png(render_board(seat_view)) == expected
    assert _png(render_board(with_secrets)) == expected


def test_board_shows_what_the_view_says() -> None:
    state = _play(3, 5, plies=10)
    moved = replace(state, hand=state.hand + 3)
    assert _png(render_board(GAME.view(state, None))) != _png(render_board(GAME.view(moved, None)))
    emptier = replace(state, goods=((0, 0, 0, 0, 0), *state.goods[1:]))
    assert _png(render_board(GAME.view(state, None))) != _png(
        render_board(GAME.view(emptier, None))
    )


def test_hand_shows_the_seat_own_summary() -> None:
    state = _play(3, 6, plies=30)
    images = {_png(render_hand(GAME.view(state, seat))) for seat in range(3)}
    assert len(images) == 3
