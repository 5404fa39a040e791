"""Upload palettes: a kit drawing ships in exactly the colours it was drawn with."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import bot.games  # noqa: F401  (registers every game)
import rendering
from bench.core import sample_states
from bot.engine import ViewContext, get_game
from rendering import kit
from rendering.kit.strips import StripCache

# Pillow maps a pixel to its palette through a cache of 4x4x4-level cells, so two counted
# colours closer than that may share an entry: a few levels, never a different colour.
SAME = 8
EXACT_GAMES = ("atlandice", "iliad_cards", "ilium")  # drawn with the kit's shapes and text only


def shipped_difference(image: Image.Image) -> int:
    """The largest channel difference between a drawing and its uploaded PNG, decoded."""
    png = kit.upload_png(image)
    back = Image.open(io.BytesIO(png)).convert("RGB")
    extremes = ImageChops.difference(back, image.convert("RGB")).getextrema()
    return max(high for _, high in extremes)  # type: ignore[union-attr]


def palette_colours(image: Image.Image) -> set[tuple[int, ...]]:
    """The colours of the upload's palette (an entry may repeat one, never add another)."""
    entries = kit.with_palette(image).getpalette() or []
    return {tuple(entries[k : k + 3]) for k in range(0, len(entries), 3)}


def _images(game_id: str, players: int, boards: bool = True) -> list[Image.Image]:
    game = get_game(game_id)
    drawn = []
    for state in sample_states(game, players, 7, 4):
        seat = game.to_move(state)
        mine: Any = game.view(state, 0 if seat is None else seat)
        if boards:
            drawn.append(rendering.render_board(game_id, game.view(state, None), ViewContext()))
        drawn.append(rendering.render_hand(game_id, mine, ViewContext(language="de")))
    return drawn


@pytest.mark.parametrize("game_id", EXACT_GAMES)
def test_boards_and_hands_ship_the_colours_they_were_drawn_in(game_id: str) -> None:
    game = get_game(game_id)
    for players in range(game.spec.min_players, game.spec.max_players + 1):
        for image in _images(game_id, players):
            counted = kit.colours_of(image)
            assert counted is not None and len(counted) <= kit.PALETTE_COLOURS
            assert palette_colours(image) == counted  # no colour chosen, none left over
            assert shipped_difference(image) <= SAME


def test_iliads_hands_ship_their_colours_too_its_tiles_pasted_on_plain_paper() -> None:
    """Iliad's boards keep their own palette (tokens over rings); its hands count colours."""
    for image in _images("iliad", 2, boards=False):
        counted = kit.colours_of(image)
        assert counted is not None and palette_colours(image) == counted
        assert shipped_difference(image) <= SAME


def test_a_colour_drawn_behind_the_kits_back_would_be_lost() -> None:
    """What the test above guards against: ink the kit did not count has no palette entry."""
    image, draw = kit.canvas(40, 40)
    draw.rectangle((0, 0, 19, 39), fill=(200, 30, 30))
    assert shipped_difference(image) <= SAME
    ImageDraw.Draw(image).rectangle((20, 0, 39, 39), fill=(30, 30, 200))  # not counted
    assert shipped_difference(image) > 100


def test_text_edges_are_counted_on_whatever_lies_under_them() -> None:
    image, draw = kit.canvas(200, 80)
    band = (46, 104, 191)
    draw.rectangle((0, 40, 199, 79), fill=band)
    kit.text(draw, (10, 4), "Hector", 24, kit.INK)
    kit.text(draw, (10, 44), "Achilles", 24, (255, 255, 255))
    counted = kit.colours_of(image) or frozenset()
    assert set(kit.edge_colours(kit.INK, kit.BACKGROUND)) <= counted
    assert set(kit.edge_colours((255, 255, 255), band)) <= counted
    shown = {colour for _, colour in image.getcolors(1 << 16) or []}
    assert shown == counted
    assert shipped_difference(image) <= SAME


def test_pasting_a_sprite_of_unknown_colours_falls_back_to_choosing_a_palette() -> None:
    image, draw = kit.canvas(40, 40)
    sprite, sprite_draw = kit.canvas(10, 10, (0, 160, 0))
    kit.paste(image, sprite, (0, 0))
    assert kit.colours_of(image) == {kit.BACKGROUND, (0, 160, 0)}
    draw.rectangle((25, 0, 39, 39), fill=(200, 30, 30))
    blended = Image.new("RGBA", (10, 10), (0, 0, 255, 128))
    kit.paste(image, blended, (20, 20), blended)  # half on the paper, half on the red
    assert kit.colours_of(image) is None
    assert shipped_difference(image) <= SAME  # its palette is chosen from its pixels again
    assert sprite_draw.picture is sprite


def test_a_transparent_sprite_on_one_plain_colour_is_counted_with_its_blends() -> None:
    image, _ = kit.canvas(40, 40)
    disc = Image.new("RGBA", (12, 12), (0, 0, 0, 0))
    ImageDraw.Draw(disc).ellipse((0, 0, 11, 11), fill=(0, 0, 255, 255))
    disc.putpixel((0, 6), (0, 0, 255, 128))  # an edge half covering the paper
    kit.paste(image, disc, (20, 20), disc)
    counted = kit.colours_of(image) or frozenset()
    assert {(0, 0, 255), kit.BACKGROUND} < counted
    assert counted == {colour for _, colour in image.getcolors(1 << 16) or []}
    assert shipped_difference(image) <= SAME
    plain, _ = kit.canvas(40, 40)
    plain.paste(disc, (20, 20), disc)
    assert image.tobytes() == plain.tobytes()  # the same pixels as Pillow's own paste


def _entry_of(palette: list[int], colour: tuple[int, int, int]) -> int:
    """The first palette entry holding `colour` (the one Pillow maps its pixels to)."""
    entries = [tuple(palette[k : k + 3]) for k in range(0, len(palette), 3)]
    return entries.index(colour)


def test_a_drawn_colour_keeps_its_palette_entry_when_other_colours_come_or_go() -> None:
    """So a band of rows drawn alike in two pictures is the same bytes in both uploads (unless
    the new colour collides with one, or asks for an entry below all of theirs)."""
    red, blue, green = (200, 30, 30), (30, 30, 200), (60, 170, 70)
    slots = [kit.colour_slot(c) for c in (red, blue, kit.BACKGROUND)]
    assert kit.colour_slot(green) not in slots and kit.colour_slot(green) > min(slots)
    shipped = []
    for extra in ((), (green,)):
        image, draw = kit.canvas(60, 20)
        draw.rectangle((0, 0, 19, 19), fill=red)
        draw.rectangle((20, 0, 39, 19), fill=blue)
        for colour in extra:
            draw.rectangle((40, 0, 59, 9), fill=colour)
        mapped = kit.with_palette(image)
        palette = mapped.getpalette() or []
        for x, colour in ((5, red), (25, blue), (45, kit.BACKGROUND)):
            assert mapped.getpixel((x, 15)) == _entry_of(palette, colour)
        shipped.append(mapped.crop((0, 10, 60, 20)).tobytes())
    assert shipped[0] == shipped[1]  # the rows without the new colour: the very same indices


def test_a_renderers_own_zlib_level_is_the_one_its_upload_is_encoded_at() -> None:
    """The card game's board asks for level 4 (rendering.iliad_cards.board.PNG_LEVEL): its
    upload is the level-4 encoding, not the kit's level 5; an image without a hint gets the
    level upload_png is given."""
    from rendering.iliad_cards import board

    game = get_game("iliad_cards")
    (state,) = sample_states(game, 3, 7, 1)
    image = rendering.render_board("iliad_cards", game.view(state, None), ViewContext())
    assert image.info[kit.LEVEL_HINT] == board.PNG_LEVEL == 4
    shipped = kit.upload_png(image)
    assert shipped == kit.to_png(kit.with_palette(image), 4, StripCache())
    assert shipped != kit.to_png(kit.with_palette(image), kit.PNG_LEVEL, StripCache())
    plain = image.copy()
    del plain.info[kit.LEVEL_HINT]
    assert kit.upload_png(plain, 9) == kit.to_png(kit.with_palette(plain), 9, StripCache())
