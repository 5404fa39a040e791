"""Atlandice images: they open, have the shipped size, and draw only what the view says."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

from PIL import Image

from bot.engine import OutcomeView, ViewContext
from bot.games.atlandice import GAME
from bot.games.atlandice.model import State
from rendering import atlandice, kit
from rendering.atlandice import BOARD_SIZE, HAND_SIZE

CONTEXT = ViewContext()
FOOTER = (20, 940, BOARD_SIZE[0] - 20, 972)  # the prompt line (the result once over)


def render_board(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    return atlandice.render_board(view, context)


def render_hand(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    return atlandice.render_hand(view, context)


def _footer(text: str) -> bytes:
    """The footer strip as it looks when it says `text`."""
    image, draw = kit.canvas(*BOARD_SIZE)
    draw.text((24, 946), kit.fit_text(draw, text, 24, 1450), font=kit.font(24), fill=kit.INK)
    return image.crop(FOOTER).tobytes()


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


def test_footer_shows_the_prompt_and_a_platform_result() -> None:
    view = GAME.view(_play(3, 7, plies=12), None)
    assert render_board(view).crop(FOOTER).tobytes() == _footer(view["prompt"])
    resigned: OutcomeView = {
        "scores": [0, 0, 0],
        "ranking": [2, 1, 2],
        "winners": [1],
        "reason": "resigned",
        "summary": "Mathilda resigned.",
        "breakdown": [],
    }
    done = render_board(view, ViewContext(status="finished", result=resigned))
    assert done.crop(FOOTER).tobytes() == _footer("Mathilda resigned.")


def test_clock_hand_is_drawn_from_the_clock() -> None:
    view = GAME.view(_play(2, 3, plies=5), None)
    moved: Any = {**view, "clock": {**view["clock"], "hand": view["clock"]["hand"] + 2}}
    assert _png(render_board(view)) != _png(render_board(moved))


def test_names_from_the_context_appear_beside_the_characters() -> None:
    state = _play(2, 4, plies=8)
    named = ViewContext(names=("ann", "bob"))
    assert _png(render_board(GAME.view(state, None))) != _png(
        render_board(GAME.view(state, None), named)
    )
    assert _png(render_hand(GAME.view(state, 1))) != _png(render_hand(GAME.view(state, 1), named))
