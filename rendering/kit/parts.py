"""The parts every game's images repeat, drawn once here: the prompt bar, a hand's title band, a
seat's line in the standings, stacked lines (headline, result, log) and a legend row. Each
game decides where they go."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PIL import ImageDraw

from rendering.kit.colours import INK, MUTED, RGB, readable_on, tint
from rendering.kit.fonts import fitted, text, text_width

Draw = ImageDraw.ImageDraw
Box = tuple[int, int, int, int]
# A legend's sample mark: drawn at a corner in a square of the text's size; returns its width.
Sample = Callable[[Draw, tuple[int, int], int], int]


def prompt_bar(
    draw: Draw,
    box: Box,
    lines: Sequence[str],
    size: int,
    colour: RGB,
    *,
    pale: float = 0.0,
    stripe: int = 0,
    inset: int = 10,
) -> None:
    """The headline's bar in the colour of whom it is about: `pale` tints the fill (0 keeps the
    colour), a `stripe` px edge keeps it; the lines are stacked in the middle, in the ink that
    reads on the fill."""
    left, top, _, bottom = box
    fill = tint(colour, pale)
    draw.rounded_rectangle(box, radius=8, fill=fill)
    if stripe:
        draw.rectangle((left, top, left + stripe, bottom), fill=colour)
    step = size + 8
    first = top + (bottom - top - step * len(lines)) / 2
    ink = readable_on(fill)
    for k, line in enumerate(lines):
        text(draw, (left + stripe + inset, first + step * k), line, size, ink)


def title_band(
    draw: Draw,
    size: tuple[int, int],
    colour: RGB,
    title: tuple[str, int],
    *,
    margin: int = 16,
    room: float | None = None,
    aside: tuple[str, int] | None = None,
    middle: float | None = None,
) -> RGB:
    """A hand's top band, `size` (width, height), in its seat's colour: the `title` (words, px)
    at the left, clipped to `room`, and an `aside` right-aligned, both centred on `middle`
    (the band's middle unless given); returns the ink that reads on the band."""
    width, height = size
    draw.rectangle((0, 0, width, height), fill=colour)
    ink = readable_on(colour)
    y = height / 2 if middle is None else middle
    if aside is not None:
        text(draw, (width - margin, y), aside[0], aside[1], ink, "rm")
    words, px = title
    shown = words if room is None else fitted(words, px, room)
    text(draw, (margin, y), shown, px, ink, "lm")
    return ink


def seat_heading(
    draw: Draw,
    name: tuple[str, int, RGB],
    at: tuple[int, int],
    figures: Sequence[tuple[str, int, int]],
    right: int,
    gap: int,
) -> int:
    """A seat's line in the standings: its `figures` (words, px, top: points, VP, army, a
    "to move") right-aligned leftwards from `right`, `gap` px apart, and its name (words, px,
    ink) at `at`, clipped to end `gap` px before them; returns the x where the name ends."""
    for words, px, top in figures:
        if words:
            text(draw, (right, top), words, px, INK, "ra")
            right -= round(text_width(words, px)) + gap
    words, px, ink = name
    shown = fitted(words, px, right - at[0])
    text(draw, at, shown, px, ink)
    return at[0] + round(text_width(shown, px))


def text_lines(
    draw: Draw, box: Box, lines: Sequence[str], size: int, step: int, ink: RGB = INK
) -> int:
    """Lines stacked from the top of `box` (a headline, a result's breakdown, a log), each
    clipped to its width, as many as fit; returns the y below the last."""
    left, top, right, bottom = box
    for line in lines:
        if top + step > bottom:
            break
        text(draw, (left, top), fitted(str(line), size, right - left), size, ink)
        top += step
    return top


def legend_row(
    draw: Draw, corner: tuple[int, int], items: Sequence[tuple[Sample, str]], size: int, gap: int
) -> int:
    """A legend's row: each sample mark followed by its meaning in muted words, `gap` px apart;
    returns the x after the last."""
    x, y = corner
    for sample, words in items:
        x += sample(draw, (x, y), size) + 6
        text(draw, (x, y), words, size, MUTED)
        x += int(text_width(words, size)) + gap
    return x
