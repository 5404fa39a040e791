"""Iliad images: they open, have the promised size, draw what the view says and nothing secret."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageStat

from bot.engine import IllegalAction, ViewContext, get_game
from rendering import board_png, hand_png, iliad, kit, render_board, render_hand
from rendering.iliad.board import (
    END_TOKEN,
    MOVING,
    SQUARE,
    TILE,
    _line_end_centres,
    square_centre,
    target_centre,
)
from rendering.iliad.pieces import TOKEN_COLOURS
from tests.rendering.helpers import decode, load_view
from tests.rendering.iliad_views import random_view

VIEW_KEYS = {
    "game", "players", "seats", "colours", "first_player", "to_move", "turn", "turn_number",
    "phase", "prompt", "board", "square_owner", "lines", "reserve", "collected", "scores",
    "gods", "favour", "stack_sizes", "hand_sizes", "last_move", "log", "outcome", "marks",
}  # fmt: skip
# IL-3 token set (the [house] composition of rules/iliad.md), as (kind, value) counts.
TOKEN_SET = Counter(
    [("zeus", v) for v in (2, 4, 6, 8)]
    + [("apollo", v) for v in (1, 4, 7, 8)]
    + [("athena", v) for v in (3, 4, 6, 7)]
    + [("poseidon", v) for v in (1, 5, 6, 8)]
    + [("aphrodite", v) for v in (3, 4, 5, 8)]
    + [("bonus", 10)] * 3
    + [("curse", v) for v in (-3, -3, -5, -10)]
    + [("marriage", 0)] * 2
)
BLUE = kit.SEAT_COLOURS["blue"]
RED = kit.SEAT_COLOURS["red"]


@pytest.fixture
def midgame() -> dict[str, Any]:
    return load_view("iliad_midgame")


@pytest.fixture
def final() -> dict[str, Any]:
    return load_view("iliad_final")


def _pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, ...]:
    value = image.getpixel((round(xy[0]), round(xy[1])))
    assert isinstance(value, tuple)
    return value


def _seat_view(view: dict[str, Any], hand: list[str], seat: int | None = 1) -> dict[str, Any]:
    """A seat's view of a public fixture: the same plus "seat" and its private hand."""
    private = {"hand": hand, "log": ["You draw 5."]}
    return {**view, "private": private} | ({} if seat is None else {"seat": seat})


def _cell(view: dict[str, Any], square: str) -> dict[str, Any]:
    cell: dict[str, Any] = view["board"][(int(square[1]) - 1) * 6 + "abcdef".index(square[0])]
    return cell


def _tokens(view: dict[str, Any]) -> Counter[tuple[str, int]]:
    ends = [end for pair in view["lines"].values() for end in pair if end is not None]
    held = [token for seat in view["collected"] for token in seat]
    return Counter((t["kind"], t["value"]) for t in ends + view["reserve"] + held)


@pytest.mark.parametrize("name", ["iliad_midgame", "iliad_final"])
def test_fixture_views_follow_the_schema_and_the_rules(name: str) -> None:
    view = load_view(name)
    assert set(view) == VIEW_KEYS
    assert _tokens(view) == TOKEN_SET  # IL-4: every token is somewhere
    assert len(view["reserve"]) == 5 and all(t["value"] >= 0 for t in view["reserve"])
    for index, cell in enumerate(view["board"]):
        row, col = divmod(index, 6)
        assert view["square_owner"][index] == (row + col) % 2  # IL-1
        if cell is not None:  # IL-7: a tile only ever lies on its owner's colour
            assert cell["owner"] == view["square_owner"][index]
            assert (cell["tile"] is None) == (not cell["face_up"])


def test_board_png_opens_with_the_promised_size_and_mode(midgame: dict[str, Any]) -> None:
    image = decode(board_png("iliad", midgame))
    assert image.size == iliad.BOARD_SIZE and image.mode == "P"
    width, height = iliad.BOARD_SIZE
    assert width <= 720 and height > width  # portrait: a phone shows it at full width


def test_hand_png_opens_with_the_promised_size_and_mode(midgame: dict[str, Any]) -> None:
    image = decode(hand_png("iliad", _seat_view(midgame, ["5", "D"])))
    assert image.size == iliad.HAND_SIZE and image.mode == "P"


def test_png_bytes_decode_to_the_rendered_pixels_as_a_palette(midgame: dict[str, Any]) -> None:
    rendered = render_board("iliad", midgame)
    shipped = decode(board_png("iliad", midgame))
    assert shipped.tobytes() == kit.with_palette(rendered).tobytes()
    assert len(shipped.getpalette() or ()) <= 3 * 256


def test_the_palette_changes_no_colour_visibly(midgame: dict[str, Any]) -> None:
    rendered = render_board("iliad", midgame)
    shipped = decode(board_png("iliad", midgame)).convert("RGB")
    difference = ImageChops.difference(rendered, shipped)
    assert max(high for _, high in difference.getextrema()) <= 48
    assert max(ImageStat.Stat(difference).mean) < 2.0


def test_IL7_tiles_are_drawn_in_their_owner_colour(midgame: dict[str, Any]) -> None:
    image = render_board("iliad", midgame)
    x, y = square_centre("c3")  # Hector's 5
    assert _pixel(image, (x - TILE / 2 + 8, y)) == BLUE
    x, y = square_centre("a4")  # Achilles' 5
    assert _pixel(image, (x - TILE / 2 + 8, y)) == RED


def test_dolos_has_its_own_shape(midgame: dict[str, Any]) -> None:
    image = render_board("iliad", midgame)
    corner = TILE / 2 - 6
    x, y = square_centre("c4")  # Achilles' Dolos: a diamond leaves the corners bare
    assert not _near(_pixel(image, (x - corner, y - corner)), RED)
    x, y = square_centre("a4")  # a plain tile fills them
    assert _near(_pixel(image, (x - corner, y - corner)), RED)


def test_IL8_face_down_tile_shows_no_value_but_its_owner(midgame: dict[str, Any]) -> None:
    assert _cell(midgame, "e4") == {"owner": 1, "tile": None, "face_up": False}
    face_down = render_board("iliad", midgame)
    turned = copy.deepcopy(midgame)
    _cell(turned, "e4").update({"tile": "2", "face_up": True})
    face_up = render_board("iliad", turned)
    box = _square_box("e4")
    assert face_down.crop(box).tobytes() != face_up.crop(box).tobytes()
    colours = face_down.crop(box).getcolors(maxcolors=100_000) or []
    body = kit.shade(RED, 0.25)  # the back of an Achilles tile
    assert any(isinstance(c, tuple) and _near(c, body) for _, c in colours)


def test_face_down_tiles_of_a_seat_look_alike(final: dict[str, Any]) -> None:
    image = render_board("iliad", final)
    assert _cell(final, "a6")["owner"] == _cell(final, "b5")["owner"] == 1
    assert image.crop(_square_box("a6")).tobytes() == image.crop(_square_box("b5")).tobytes()


def test_last_move_squares_are_outlined(midgame: dict[str, Any]) -> None:
    image = render_board("iliad", midgame)
    for square in midgame["last_move"]["squares"]:
        x, y = square_centre(square)
        assert _pixel(image, (x - SQUARE / 2 + 2, y)) == kit.HIGHLIGHT
    x, y = square_centre("a4")  # not part of the last move
    assert _pixel(image, (x - SQUARE / 2 + 2, y)) != kit.HIGHLIGHT


def test_IL9_line_end_tokens_are_drawn_and_taken_ends_are_empty(midgame: dict[str, Any]) -> None:
    image = render_board("iliad", midgame)
    west_4, _ = _line_end_centres("4")  # Athena 6 waits there
    assert _pixel(image, (west_4[0], west_4[1] - END_TOKEN / 2 + 6)) == TOKEN_COLOURS["athena"]
    west_3, _ = _line_end_centres("3")  # row 3 was scored: nothing but an empty ring
    ring = image.crop(_box_around(west_3, END_TOKEN))
    assert all(colour not in TOKEN_COLOURS.values() for _, colour in ring.getcolors(10_000) or [])


def test_outcome_is_drawn(final: dict[str, Any]) -> None:
    with_result = board_png("iliad", final)
    without = board_png("iliad", {**final, "outcome": None})
    assert decode(with_result).size == iliad.BOARD_SIZE
    assert with_result != without
    assert final["prompt"] == final["outcome"]["summary"]  # the prompt is the result once over


def test_a_result_the_platform_decided_is_drawn(
    midgame: dict[str, Any], final: dict[str, Any]
) -> None:
    resigned = ViewContext(status="finished", result=final["outcome"])
    ended = board_png("iliad", midgame, resigned)
    assert ended != board_png("iliad", midgame)
    assert ended == board_png("iliad", {**midgame, "outcome": final["outcome"]})
    hand = _seat_view(midgame, ["5", "D"], seat=0)
    assert hand_png("iliad", hand, resigned) != hand_png("iliad", hand)


def test_every_token_kind_renders(midgame: dict[str, Any]) -> None:
    seen = {t["kind"] for seat in midgame["collected"] for t in seat} | {
        t["kind"] for t in midgame["reserve"]
    }
    seen |= {end["kind"] for pair in midgame["lines"].values() for end in pair if end}
    assert seen == set(TOKEN_COLOURS)
    decode(board_png("iliad", midgame))


def test_board_ignores_any_hand(midgame: dict[str, Any]) -> None:
    public = board_png("iliad", midgame)
    assert board_png("iliad", _seat_view(midgame, ["5", "D"], seat=1)) == public
    assert board_png("iliad", _seat_view(midgame, ["1", "2"], seat=0)) == public


def test_board_is_the_same_after_a_json_round_trip(midgame: dict[str, Any]) -> None:
    again = json.loads(json.dumps(midgame))
    assert board_png("iliad", again) == board_png("iliad", midgame)


@dataclass(frozen=True)
class _FrozenState:
    board: tuple[int, ...] = (0,) * 36


def test_engine_states_are_refused() -> None:
    with pytest.raises(TypeError):
        iliad.render_board(_FrozenState(), ViewContext())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        iliad.render_hand(_FrozenState(), ViewContext())  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        board_png("iliad", _FrozenState())  # type: ignore[arg-type]


def test_hand_shows_its_tiles(midgame: dict[str, Any]) -> None:
    one = hand_png("iliad", _seat_view(midgame, ["5", "D"]))
    other = hand_png("iliad", _seat_view(midgame, ["1", "2"]))
    empty = hand_png("iliad", _seat_view(midgame, []))
    assert len({one, other, empty}) == 3


def test_hand_header_wears_the_seat_colour(midgame: dict[str, Any]) -> None:
    achilles = render_hand("iliad", _seat_view(midgame, ["5", "D"], seat=1))
    hector = render_hand("iliad", _seat_view(midgame, ["3"], seat=0))
    assert _pixel(achilles, (4, 4)) == RED and _pixel(hector, (4, 4)) == BLUE
    unnamed = render_hand("iliad", _seat_view(midgame, ["3"], seat=None))  # never guesses
    assert _pixel(unnamed, (4, 4)) == kit.MUTED


def _square_box(square: str) -> tuple[int, int, int, int]:
    return _box_around(square_centre(square), TILE)


def _box_around(centre: tuple[float, float], size: int) -> tuple[int, int, int, int]:
    x, y = round(centre[0]), round(centre[1])
    half = size // 2
    return (x - half, y - half, x + half, y + half)


def _near(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 6) -> bool:
    return all(abs(p - q) <= tolerance for p, q in zip(a, b, strict=False))


def test_real_engine_views_have_the_fixture_keys() -> None:
    try:
        game = get_game("iliad")
    except IllegalAction:
        pytest.skip("the Iliad engine is not registered on this branch yet")
    state = game.new_game(2, 1)
    assert set(game.view(state, None)) == VIEW_KEYS
    mine: dict[str, Any] = dict(game.view(state, 0))
    assert set(mine) == VIEW_KEYS | {"seat", "private"}
    assert set(mine["private"]) == {"hand", "log"} and len(mine["private"]["hand"]) == 2


@pytest.mark.parametrize("seed", range(12))
def test_random_schema_views_render(seed: int) -> None:
    view = random_view(seed, filled=3 * seed)
    assert _tokens(view) == TOKEN_SET
    assert decode(board_png("iliad", view)).size == iliad.BOARD_SIZE
    seat_view = _seat_view(view, ["1", "D"][: view["hand_sizes"][0]], seat=0)
    assert decode(hand_png("iliad", seat_view)).size == iliad.HAND_SIZE


def _engine_view(phase: str, moving: bool) -> dict[str, Any]:
    """A real view from a seeded random game at the first decision of `phase` with marks."""
    game = get_game("iliad")
    for seed in range(40):
        chooser = random.Random(seed)
        state = game.new_game(2, seed)
        while game.to_move(state) is not None:
            view: dict[str, Any] = dict(game.view(state, None))
            marks = view["marks"]
            if view["phase"] == phase and marks["targets"] and bool(marks["moving"]) == moving:
                return view
            state = game.apply(state, chooser.choice(game.legal_actions(state)))
    raise AssertionError(f"no {phase} position in 40 random games")


def _unmarked(view: dict[str, Any]) -> dict[str, Any]:
    return {**view, "marks": {"moving": None, "targets": []}}


def test_IL8_the_tile_being_moved_is_framed_and_its_squares_marked() -> None:
    """Prompt 'choose where your 1 on c3 goes': c3 framed black, each landing square a disc."""
    view = _engine_view("effect_target", moving=True)
    marked, plain = render_board("iliad", view), render_board("iliad", _unmarked(view))
    x, y = square_centre(view["marks"]["moving"])
    edge = (x - SQUARE / 2 + 3, y)
    assert _pixel(marked, edge) == MOVING and _pixel(plain, edge) != MOVING
    for square in view["marks"]["targets"]:
        assert _cell(view, square) is None  # a landing square is free
        centre = target_centre(square, occupied=False)
        assert _pixel(marked, centre) == kit.HIGHLIGHT
        assert _pixel(plain, centre) != kit.HIGHLIGHT
    free = [s for s in _all_squares() if _cell(view, s) is None]
    others = [s for s in free if s not in view["marks"]["targets"]]
    for square in others:  # nothing else is marked
        assert _pixel(marked, square_centre(square)) != kit.HIGHLIGHT


def test_IL8_tiles_an_effect_may_pick_carry_a_disc_in_their_corner() -> None:
    view = _engine_view("effect", moving=False)
    marked, plain = render_board("iliad", view), render_board("iliad", _unmarked(view))
    for square in view["marks"]["targets"]:
        assert _cell(view, square) is not None  # a tile to lift or turn
        centre = target_centre(square, occupied=True)
        assert _pixel(marked, centre) == kit.HIGHLIGHT
        assert _pixel(plain, centre) != kit.HIGHLIGHT


def test_marks_are_not_drawn_once_the_game_is_over(final: dict[str, Any]) -> None:
    marked = {**final, "marks": {"moving": "a1", "targets": ["b2"]}}
    assert board_png("iliad", marked) == board_png("iliad", final)


def _all_squares() -> list[str]:
    return [f"{f}{r}" for r in "123456" for f in "abcdef"]


def test_the_shared_palette_keeps_real_boards_looking_the_same() -> None:
    """The upload palette is chosen once from sample boards: real positions, the final one
    included, still lose no visible colour to it."""
    game = get_game("iliad")
    for seed in range(3):
        chooser = random.Random(seed)
        state = game.new_game(2, seed)
        states = [state]
        while game.to_move(state) is not None:
            state = game.apply(state, chooser.choice(game.legal_actions(state)))
            states.append(state)
        for position in [*states[::15], states[-1]]:
            rendered = render_board("iliad", game.view(position, None))
            assert kit.PALETTE_HINT in rendered.info
            shipped = decode(board_png("iliad", game.view(position, None))).convert("RGB")
            difference = ImageChops.difference(rendered, shipped)
            assert max(high for _, high in difference.getextrema()) <= 48
            assert max(ImageStat.Stat(difference).mean) < 2.0
