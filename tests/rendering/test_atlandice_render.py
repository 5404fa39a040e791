"""Atlandice images: they open, have the shipped size, and draw only what the view says."""

from __future__ import annotations

import io
import random
from dataclasses import replace
from typing import Any

import pytest
from PIL import Image

from bot.engine import OutcomeView, ViewContext
from bot.games.atlandice import GAME
from bot.games.atlandice.model import State
from bot.i18n import LANGUAGES, say, words
from rendering import atlandice, kit
from rendering.atlandice import BOARD_SIZE, HAND_SIZE, board_size
from rendering.atlandice.board import prompt_top
from rendering.atlandice.parts import (
    KIND_LETTERS,
    LEGEND_LINES,
    MARGIN,
    TEXT,
    area_box,
)
from tests.rendering.helpers import stepped_text

CONTEXT = ViewContext()


def render_board(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    return atlandice.render_board(view, context)


def render_hand(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    return atlandice.render_hand(view, context)


def _footer_box(view: Any) -> tuple[int, int, int, int]:
    """The prompt's first line (the result once over), under the last holder."""
    top = prompt_top(len(view["holders"]))
    return (MARGIN, top, BOARD_SIZE[0] - MARGIN, top + 30)


def _footer(text: str, box: tuple[int, int, int, int]) -> bytes:
    """The footer strip as it looks when it says `text` (short enough for one line)."""
    image, _ = kit.canvas(*BOARD_SIZE)
    stepped_text(image, (box[0], box[1]), text, TEXT, kit.INK)
    return image.crop(box).tobytes()


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


def test_the_board_is_portrait_for_phones_and_the_hand_small_and_landscape() -> None:
    assert BOARD_SIZE[1] > BOARD_SIZE[0] <= 800
    assert 1.4 <= HAND_SIZE[0] / HAND_SIZE[1] <= 1.6 and HAND_SIZE[0] <= 600


def test_mid_game_board_and_hands_render_for_every_player_count() -> None:
    for players in (2, 3, 4):
        state = _play(players, 30 + players, plies=50)
        assert GAME.outcome(state) is None
        _check(render_board(GAME.view(state, None)), board_size(players))
        for seat in range(players):
            _check(render_hand(GAME.view(state, seat)), HAND_SIZE)


def test_final_board_renders_with_outcome() -> None:
    state = _play(3, 8)
    view = GAME.view(state, None)
    assert view["outcome"] is not None
    _check(render_board(view), board_size(3))
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
    box = _footer_box(view)
    assert render_board(view).crop(box).tobytes() == _footer(view["prompt"], box)
    resigned: OutcomeView = {
        "scores": [0, 0, 0],
        "ranking": [2, 1, 2],
        "winners": [1],
        "reason": "resigned",
        "summary": "Mathilda resigned.",
        "breakdown": [],
    }
    done = render_board(view, ViewContext(status="finished", result=resigned))
    assert done.crop(box).tobytes() == _footer("Mathilda resigned.", box)


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


def _at_step(step: str, players: int = 3) -> State:
    """The first state of a seeded random game whose decision is `step`."""
    for seed in range(40):
        chooser = random.Random(seed)
        state = GAME.new_game(players, seed)
        while GAME.to_move(state) is not None:
            if state.step == step:
                return state
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    raise AssertionError(f"no {step} decision in 40 games")


def _frame_colour(image: Image.Image, number: int) -> tuple[int, int, int]:
    """The colour on an area's frame, halfway down its left edge."""
    left, top, _, bottom = area_box(number - 1)
    pixel: tuple[int, int, int] = image.getpixel((left + 2, (top + bottom) // 2))
    return pixel


def test_the_areas_a_prompt_picks_among_are_framed_in_yellow() -> None:
    """AT-7: "take a die" frames every area holding a die; others keep their plain frame."""
    state = _at_step("take")
    view = GAME.view(state, None)
    legal = {a.x for a in GAME.legal_actions(state)}
    assert view["choices"] == sorted(legal)
    board = render_board(view)
    for number in range(1, 7):
        framed = _frame_colour(board, number) == kit.HIGHLIGHT
        assert framed == (number in legal), number
    unmarked = render_board({**view, "choices": []})
    assert all(_frame_colour(unmarked, n) != kit.HIGHLIGHT for n in range(1, 7))


def test_a_district_target_prompt_frames_only_its_targets() -> None:
    """AT-14 effects that name a district (submarine, turn a die, ...) frame just those."""
    for step in ("subm", "turn1", "out2"):
        try:
            state = _at_step(step)
        except AssertionError:
            continue
        view = GAME.view(state, None)
        targets = {a.x for a in GAME.legal_actions(state) if a.verb == "a"}
        assert set(view["choices"]) == targets and targets
        board = render_board(view)
        assert {n for n in range(1, 7) if _frame_colour(board, n) == kit.HIGHLIGHT} == targets
        return
    raise AssertionError("no district-target decision found")


def test_the_legend_explains_every_letter_and_word_the_board_abbreviates() -> None:
    legend = " ".join(words(say(line), "en") for line in LEGEND_LINES)
    for word in ("INV", "ALL", "GIFT", "▶", "yellow", "blue frame"):
        assert word in legend
    clock = ("atlandice.image.clock_inventory", "atlandice.image.clock_all")
    for language in LANGUAGES:  # every translation explains the clock words it draws
        translated = " ".join(words(say(line), language) for line in LEGEND_LINES)
        codes = [words(say(key), language) for key in (*clock, "atlandice.image.clock_gift")]
        assert all(code in translated for code in (*codes, "▶", "G+3")), language
    assert "GIFT" not in " ".join(words(say(line), "de") for line in LEGEND_LINES)  # Gift: poison
    view = GAME.view(_play(2, 9, plies=6), None)
    board = render_board(view)
    strip = board.crop((0, board.height - 190, board.width, board.height))
    blank = Image.new("RGB", strip.size, kit.BACKGROUND)
    assert strip.tobytes() != blank.tobytes()
    assert all(letter == kind[0].upper() for kind, letter in KIND_LETTERS.items())


def _ringed_pixels(image: Image.Image, number: int) -> int:
    """How many pixels of the yellow ring colour lie on an area's row of resources."""
    left, top, right, _ = area_box(number - 1)
    row = image.crop((left + 8, top + 104 - 28, right - 8, top + 104 + 28)).convert("RGB")
    data = row.tobytes()
    return sum(1 for x in range(0, len(data), 3) if tuple(data[x : x + 3]) == kit.HIGHLIGHT)


@pytest.mark.parametrize("step", ["grab", "steal", "out1"])
def test_the_resources_a_prompt_picks_among_are_ringed(step: str) -> None:
    """AT-14 "take a resource at the Forges", "from another district", "from the black
    market": the resources the buttons name are ringed in yellow in their areas, no others."""
    state = _at_step(step)
    view = GAME.view(state, None)
    kinds = {"k", "s"}
    legal = [a for a in GAME.legal_actions(state) if a.verb in kinds]
    picks = view["resource_choices"]
    assert picks and len(picks) == len(legal)
    areas = {pick["area"] for pick in picks}
    board = render_board(view)
    plain = render_board({**view, "resource_choices": []})
    for number in range(1, 7):
        ringed = _ringed_pixels(board, number)
        assert (ringed > 0) == (number in areas), (step, number)
        assert _ringed_pixels(plain, number) == 0
        assert _frame_colour(board, number) == kit.HIGHLIGHT or number not in areas
