"""Ilium's images: they open, have the shipped size, show the view and never a secret."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from bot.engine import OutcomeView, ViewContext, get_game
from bot.games.ilium.viewtypes import IliumSeatView, IliumView
from rendering import ilium, kit
from rendering.ilium import BOARD_SIZE, FRAME, HAND_SIZE, MAP_BOX
from rendering.ilium_layout import board_key, layout
from rendering.ilium_panel import PANEL_X
from rendering.ilium_parts import TYPE_COLOURS

GAME = get_game("ilium")
CONTEXT = ViewContext()
HEADLINE = (20, 4, PANEL_X - 20, 48)  # where the board says what the mover must decide


def render_board(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    public: IliumView = view
    return ilium.render_board(public, context)


def render_hand(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    mine: IliumSeatView = view
    return ilium.render_hand(mine, context)


def _headline(text: str) -> bytes:
    """The headline strip as it looks when it says `text`."""
    image, draw = kit.canvas(*BOARD_SIZE)
    line = kit.fit_text(draw, text, 28, PANEL_X - 60)
    draw.text((30, 12), line, font=kit.font(28), fill=kit.INK)
    return image.crop(HEADLINE).tobytes()


def _played(players: int, seed: int, plies: int, options: dict[str, str] | None = None) -> Any:
    state = GAME.new_game(players, seed, options)
    chooser = random.Random(seed)
    for _ in range(plies):
        actions = GAME.legal_actions(state)
        if not actions:
            break
        state = GAME.apply(state, chooser.choice(actions))
    return state


def _opens(image: Image.Image, size: tuple[int, int]) -> None:
    assert image.size == size and image.mode == "RGB"
    reopened = Image.open(io.BytesIO(kit.to_png(image)))
    assert reopened.size == size


def test_board_and_hand_render_at_every_stage() -> None:
    for players, plies in ((2, 0), (3, 60), (4, 120), (3, 10_000)):
        state = _played(players, players, plies)
        _opens(render_board(GAME.view(state, None)), BOARD_SIZE)
        for seat in range(players):
            _opens(render_hand(GAME.view(state, seat)), HAND_SIZE)
    assert GAME.outcome(state) is not None  # the last one is a final view


def test_variants_render() -> None:
    state = _played(3, 4, 40, {"strategic": "on", "vaults": "on"})
    _opens(render_board(GAME.view(state, None)), BOARD_SIZE)
    _opens(render_hand(GAME.view(state, 0)), HAND_SIZE)


def test_board_is_the_same_with_or_without_a_seats_secrets() -> None:
    for players, plies in ((2, 30), (4, 90)):
        state = _played(players, 7, plies)
        public = render_board(GAME.view(state, None)).tobytes()
        for seat in range(players):
            view = GAME.view(state, seat)
            assert "private" in view
            assert render_board(view).tobytes() == public


def test_hand_shows_the_seats_own_historian() -> None:
    state = GAME.new_game(2, 3)
    hands = [render_hand(GAME.view(state, seat)) for seat in range(2)]
    for seat, image in enumerate(hands):
        kind = state.historians[seat]
        assert image.getpixel((60, 300)) == TYPE_COLOURS[kind]
    assert hands[0].tobytes() != hands[1].tobytes()


def test_groups_are_drawn_in_their_players_colour() -> None:
    state = _played(3, 11, 45)
    view = GAME.view(state, None)
    places = layout(board_key(view), MAP_BOX, FRAME)
    image = render_board(view)
    seen = 0
    for index, way in enumerate(view["pathways"]):
        for slot, cell in enumerate(way["spaces"]):
            if cell and cell[1] > 0:
                x, y = places.spaces[index][slot]
                pixel = image.getpixel((int(x) + 9, int(y)))
                assert pixel == kit.SEAT_COLOURS[view["colours"][cell[0]]]
                seen += 1
    assert seen > 5


def test_closed_sites_are_greyed_with_two_players() -> None:
    view = GAME.view(GAME.new_game(2, 1), None)
    places = layout(board_key(view), MAP_BOX, FRAME)
    image = render_board(view)
    for index, site in enumerate(view["sites"]):
        x, y = places.centres[index]
        pixel = image.getpixel((int(x) + 18, int(y) + 4))
        grey = pixel[0] == pixel[1] == pixel[2]
        assert grey == site["closed"], site["name"]


def test_board_headline_shows_the_prompt_not_the_session_status() -> None:
    state = _played(3, 5, 7)
    view = GAME.view(state, None)
    assert view["prompt"].startswith(view["seats"][view["to_move"]] + ": choose")
    active = ViewContext(names=("ann", "bob", "cy"), status="active")
    image = render_board(view, active)
    assert image.crop(HEADLINE).tobytes() == _headline(view["prompt"])
    assert image.crop(HEADLINE).tobytes() != _headline("active")


def test_board_headline_shows_the_result_the_context_gives() -> None:
    view = GAME.view(_played(2, 6, 12), None)
    resigned: OutcomeView = {
        "scores": [0, 0],
        "ranking": [2, 1],
        "winners": [1],
        "reason": "resigned",
        "summary": "Red resigned: Yellow wins.",
        "breakdown": [],
    }
    image = render_board(view, ViewContext(status="finished", result=resigned))
    assert image.crop(HEADLINE).tobytes() == _headline("Red resigned: Yellow wins.")


def test_final_board_headline_is_the_result() -> None:
    state = _played(3, 3, 10_000)
    view = GAME.view(state, None)
    assert view["outcome"] is not None and view["prompt"] == view["outcome"]["summary"]
    assert render_board(view).crop(HEADLINE).tobytes() == _headline(view["prompt"])


def test_panel_and_hand_name_the_players_beside_their_colours() -> None:
    state = _played(2, 8, 4)
    plain, named = ViewContext(), ViewContext(names=("ann", "bob"))
    assert render_board(GAME.view(state, None), plain).tobytes() != (
        render_board(GAME.view(state, None), named).tobytes()
    )
    assert render_hand(GAME.view(state, 0), plain).tobytes() != (
        render_hand(GAME.view(state, 0), named).tobytes()
    )
