"""The shared kit's PNG writer and text helpers, and the renderer registry."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image, ImageDraw

import rendering
from bot.engine import ViewContext
from rendering import kit
from tests.rendering.helpers import decode, load_view, stepped_text


def _noise(mode: str, size: tuple[int, int]) -> Image.Image:
    """A busy test image (no two neighbouring rows alike) in any mode."""
    image = Image.effect_noise(size, 80).convert("RGB")
    ImageDraw.Draw(image).line((0, 0, size[0], size[1]), fill=kit.INK)
    return image.convert(mode)


@pytest.mark.parametrize("mode", ["RGB", "RGBA", "L", "P", "1"])
@pytest.mark.parametrize("size", [(1, 1), (7, 3), (33, kit.PNG_STRIP + 5), (120, 80)])
def test_to_png_round_trips_every_pixel(mode: str, size: tuple[int, int]) -> None:
    image = _noise(mode, size)
    back = decode(kit.to_png(image))
    assert back.size == size and back.mode == mode
    assert back.tobytes() == image.tobytes()


def test_blank_png_is_a_plain_background() -> None:
    back = decode(kit.blank_png(30, 20))
    assert back.mode == "P"
    assert back.convert("RGB").getcolors() == [(600, kit.BACKGROUND)]


def test_wrapped_lines_fit_and_keep_every_word() -> None:
    text = "Hector places 4 on f4 and turns f4 and e4 face down " * 3
    lines = kit.wrap_text(text, 20, 200)
    assert len(lines) > 3
    assert all(kit.font(20).getlength(line) <= 200 for line in lines)
    assert " ".join(lines).split() == text.split()


def test_an_overlong_word_is_shortened_with_an_ellipsis() -> None:
    (line,) = kit.wrap_text("Aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", 20, 100)
    assert line.endswith("…") and kit.font(20).getlength(line) <= 100


def test_draw_text_matches_imagedraw_text_with_its_edges_in_steps() -> None:
    direct, _ = kit.canvas(200, 60)
    stepped_text(direct, (10, 12), "Zeus 8", 24, kit.INK)
    cached, _ = kit.canvas(200, 60)
    kit.draw_text(cached, (10, 12), "Zeus 8", 24, kit.INK)
    assert cached.tobytes() == direct.tobytes()


def test_text_edges_take_three_steps_of_coverage() -> None:
    """Letters keep antialiased edges, in TEXT_LEVELS steps (none, half, full)."""
    mask, _, _ = kit.text_mask("Zeus 8 — Athena", 24)
    assert kit.TEXT_LEVELS == 3 and set(kit.COVERAGE) == {0, 128, 255}
    assert {value for _, value in mask.getcolors() or []} == {0, 128, 255}
    smooth = Image.new("L", mask.size, 0)
    ImageDraw.Draw(smooth).text((0, 0), "Zeus 8 — Athena", font=kit.font(24), fill=255)
    assert len(smooth.getcolors() or []) > 20  # what FreeType draws before the steps


def test_hatch_stays_inside_its_box() -> None:
    image, draw = kit.canvas(60, 60, (255, 255, 255))
    kit.hatch(draw, (10, 20, 40, 50), (0, 0, 0), spacing=6, width=1)
    left, top, right, bottom = image.convert("L").point(lambda v: 255 - v).getbbox() or (0,) * 4
    assert (left, top) >= (10, 20) and (right, bottom) <= (41, 51)


def test_require_view_refuses_non_mappings() -> None:
    with pytest.raises(TypeError):
        kit.require_view(("iliad",))
    assert kit.require_view({"game": "iliad"}) == {"game": "iliad"}


def test_registry_finds_iliad_and_nothing_else_by_accident() -> None:
    assert rendering.has_renderer("iliad")
    for name in ["kit", "_iliad_pieces", "nope", "../etc", "Iliad", ""]:
        assert not rendering.has_renderer(name)
        with pytest.raises(LookupError):
            rendering.render_board(name, {"game": name})


def test_registry_refuses_a_view_of_another_game() -> None:
    view = load_view("iliad_midgame")
    with pytest.raises(ValueError):
        rendering.board_png("iliad", {**view, "game": "ilium"})


def test_png_chunks_are_well_formed() -> None:
    png = kit.to_png(_noise("RGB", (50, 40)))
    assert png.startswith(kit.PNG_SIGNATURE)
    at, tags = len(kit.PNG_SIGNATURE), []
    while at < len(png):
        length = int.from_bytes(png[at : at + 4], "big")
        tag, data = png[at + 4 : at + 8], png[at + 8 : at + 8 + length]
        crc = int.from_bytes(png[at + 8 + length : at + 12 + length], "big")
        assert crc == zlib.crc32(tag + data)
        tags.append(tag)
        at += 12 + length
    assert tags == [b"IHDR", b"IDAT", b"IEND"]
    Image.open(io.BytesIO(png)).verify()


def test_a_seat_is_shown_with_its_players_name() -> None:
    seats = ["Hector", "Achilles"]
    named = ViewContext(names=("alice", "bob"))
    assert kit.seat_label(named, 0, seats) == "Hector — alice"
    assert kit.seat_label(ViewContext(), 1, seats) == "Achilles"
    assert kit.seat_label(named, 1, seats) == "Achilles — bob"


@pytest.mark.parametrize("width", [40, 97, 150, 260])
def test_fit_text_keeps_the_longest_start_that_fits(width: int) -> None:
    words = "Achilles — Dionysios of Halicarnassus the Younger"
    fitted = kit.fit_text(ImageDraw.Draw(Image.new("RGB", (1, 1))), words, 24, width)
    assert fitted.endswith("…") and kit.font(24).getlength(fitted) <= width
    start = fitted[:-1]
    longer = words[: len(start) + 1].rstrip()
    assert kit.font(24).getlength(longer + "…") > width or longer == start


def test_fit_text_leaves_short_text_alone() -> None:
    draw = ImageDraw.Draw(Image.new("RGB", (1, 1)))
    assert kit.fit_text(draw, "Hector — alice", 24, 400) == "Hector — alice"


def test_text_masks_are_drawn_once_per_text_and_size() -> None:
    _, draw = kit.canvas(200, 60)
    kit.text_mask.cache_clear()
    for _ in range(3):
        kit.text(draw, (10, 10), "Zeus 8 and more", 22)
    info = kit.text_mask.cache_info()
    assert (info.misses, info.hits) == (1, 2)


def test_a_palette_hint_is_used_instead_of_choosing_one() -> None:
    """A renderer may hand its palette along (Image.info); with_palette then maps to it."""
    image, draw = kit.canvas(60, 60)
    draw.rectangle((0, 0, 29, 59), fill=(200, 30, 30))
    hint = kit.palette_of(Image.new("RGB", (4, 4), (0, 0, 255)))  # one blue colour
    chosen = kit.with_palette(image)
    assert chosen.convert("RGB").getpixel((5, 5)) == (200, 30, 30)
    image.info[kit.PALETTE_HINT] = hint
    hinted = kit.with_palette(image)
    palette = hint.getpalette() or []
    offered = {tuple(palette[k : k + 3]) for k in range(0, len(palette), 3)}
    shown = {colour for _, colour in hinted.convert("RGB").getcolors(1 << 16) or []}
    assert shown <= offered and (200, 30, 30) not in shown  # only the hint's colours
    assert kit.PALETTE_HINT not in Image.new("RGB", (2, 2)).info
