"""Ilium's images: they open, have the shipped size, show the view and never a secret."""

from __future__ import annotations

import io
import random
from typing import Any

from PIL import Image

from bot.engine import OutcomeView, ViewContext, get_game
from bot.games.ilium.viewtypes import IliumSeatView, IliumView
from rendering import ilium, kit
from rendering.ilium import BOARD_SIZE, HAND_SIZE, board_size
from rendering.ilium.board import FRAME, HEADLINE, MAP_BOX, TEXT
from rendering.ilium.layout import SPACE_R, board_key, layout
from rendering.ilium.parts import CHOSEN, STONE, TYPE_COLOURS
from tests.rendering.helpers import stepped_text

GAME = get_game("ilium")
CONTEXT = ViewContext()


def render_board(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    public: IliumView = view
    return ilium.render_board(public, context)


def render_hand(view: Any, context: ViewContext = CONTEXT) -> Image.Image:
    mine: IliumSeatView = view
    return ilium.render_hand(mine, context)


def _headline(text: str) -> bytes:
    """The headline strip as it looks when it says `text` (in up to two lines)."""
    image, _ = kit.canvas(*BOARD_SIZE)
    for k, line in enumerate(kit.wrap_text(text, TEXT + 3, BOARD_SIZE[0] - 32)[:2]):
        stepped_text(image, (16, 8 + 32 * k), line, TEXT + 3, kit.INK)
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
        _opens(render_board(GAME.view(state, None)), board_size(players))
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
                pixel = image.getpixel((int(x) + SPACE_R - 5, int(y)))
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
    names = ("ann", "bob", "cy")
    image = render_board(view, ViewContext(names=names, status="active"))
    colour = view["seats"][view["to_move"]]
    named = view["prompt"].replace(f"{colour}:", f"{colour} ({names[view['to_move']]}):", 1)
    assert named != view["prompt"]
    assert image.crop(HEADLINE).tobytes() == _headline(named)  # issue 13 §2: who that colour is
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
    named = ViewContext(names=("ann", "bob"), status="finished", result=resigned)
    headline = render_board(view, named).crop(HEADLINE).tobytes()
    assert headline == _headline("Red resigned: Yellow (bob) wins.")  # the winner with a name


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


def _space_choice(players: int) -> Any:
    """A seeded random game's first moment of choosing a space on the chosen pathway."""
    for seed in range(40):
        chooser = random.Random(seed)
        state = GAME.new_game(players, seed)
        while GAME.to_move(state) is not None:
            if GAME.view(state, None)["phase"] == "space":
                return state
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    raise AssertionError("no space choice in 40 random games")


def _digit(centre: tuple[float, float], number: int) -> bytes:
    """The middle of a white space showing `number`, as the buttons count them."""
    image, draw = kit.canvas(*BOARD_SIZE, colour=(255, 255, 255))
    kit.centred(draw, centre, str(number), TEXT, kit.INK)
    return image.crop(_middle(centre)).tobytes()


def _middle(centre: tuple[float, float]) -> tuple[int, int, int, int]:
    x, y = round(centre[0]), round(centre[1])
    return (x - 6, y - 6, x + 7, y + 7)


def test_the_chosen_pathway_numbers_its_free_spaces_as_the_buttons_do() -> None:
    """IM-10: 'space 3 of 5 from the shovel' is the space that shows a 3."""
    for players in (2, 4):
        state = _space_choice(players)
        view = GAME.view(state, None)
        index = next(k for k, way in enumerate(view["pathways"]) if way["chosen"])
        places = layout(board_key(view), MAP_BOX, FRAME)
        image = render_board(view)
        for action in GAME.legal_actions(state):
            slot = action[1]
            assert GAME.describe(action, state).startswith(f"space {slot + 1} of ")
            centre = places.spaces[index][slot]
            assert image.crop(_middle(centre)).tobytes() == _digit(centre, slot + 1)
        plain = {**view, "pathways": [{**way, "chosen": False} for way in view["pathways"]]}
        unmarked = render_board(plain)
        slot = GAME.legal_actions(state)[0][1]
        centre = places.spaces[index][slot]
        assert unmarked.crop(_middle(centre)).tobytes() != _digit(centre, slot + 1)
        assert unmarked.getpixel((round(centre[0]), round(centre[1]))) == STONE


def test_the_chosen_pathway_wears_no_seat_colour() -> None:
    state = _space_choice(3)
    view = GAME.view(state, None)
    index = next(k for k, way in enumerate(view["pathways"]) if way["chosen"])
    places = layout(board_key(view), MAP_BOX, FRAME)
    (x0, y0), (x1, y1) = places.spaces[index][0], places.spaces[index][1]
    # beside the line, halfway between two spaces: the band's own colour
    dx, dy = y1 - y0, x0 - x1
    length = (dx * dx + dy * dy) ** 0.5
    side = (
        (x0 + x1) / 2 + dx / length * (SPACE_R + 2),
        (y0 + y1) / 2 + dy / length * (SPACE_R + 2),
    )
    assert render_board(view).getpixel((round(side[0]), round(side[1]))) == CHOSEN
    for colour in kit.SEAT_COLOURS.values():
        assert sum(abs(a - b) for a, b in zip(colour, CHOSEN, strict=True)) > 120
