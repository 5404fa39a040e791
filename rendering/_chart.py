"""The analysis chart: each seat's estimated chance to win after every decision, as lines.

It reads only its own typed view (`ChartView`: the words already in the reader's language, the
numbers as /history numbers the moves) and the kit. The costliest decisions are marked on
their mover's line with the move's number. Every text is at least the kit's phone size for
the image's width, so the chart reads at 400 px wide on a phone.
"""

from __future__ import annotations

from dataclasses import dataclass

from PIL import Image, ImageDraw

from rendering.kit.colours import (
    BACKGROUND,
    FAINT,
    INK,
    MUTED,
    RGB,
    SEAT_COLOURS,
    SEAT_ORDER,
    tint,
)
from rendering.kit.fonts import fitted, phone_text, text, text_width
from rendering.kit.png import upload_png

CHART_SIZE = (800, 560)
TEXT = phone_text(CHART_SIZE[0]) + 3  # 26 px: 13 px at 400 px wide, a phone's width
TITLE = TEXT + 2
LEFT, RIGHT, BOTTOM = 86, 24, 92
LINE = 5  # px: a seat's line
MARK = 9  # px: the radius of a turning point's ring
TICKS = 6  # move numbers written under the axis at most
Box = tuple[float, float, float, float]


@dataclass(frozen=True, slots=True)
class ChartView:
    """What the chart shows, in the reader's words."""

    title: str
    axis: str  # under the moves' numbers
    names: tuple[str, ...]  # per seat
    numbers: tuple[int, ...]  # per point: the move's number as /history numbers it
    chances: tuple[tuple[float, ...], ...]  # per point, each seat's chance (0 to 1)
    marks: tuple[tuple[int, int], ...] = ()  # (point, seat): a costliest decision
    window: int = 1  # points each drawn line is the mean of (one round of turns); 1: raw


def colour(seat: int) -> RGB:
    """A seat's line colour (the kit's seat order)."""
    return SEAT_COLOURS[SEAT_ORDER[seat % len(SEAT_ORDER)]]


def render_chart(view: ChartView) -> Image.Image:
    """The chart as an image (CHART_SIZE)."""
    width, height = CHART_SIZE
    image = Image.new("RGB", CHART_SIZE, BACKGROUND)
    draw = ImageDraw.Draw(image)
    text(draw, (LEFT // 4, 10), fitted(view.title, TITLE, width - LEFT // 2), TITLE)
    top = _legend(draw, view.names, 10 + TITLE + 14) + 12
    box = (LEFT, top, width - RIGHT, height - BOTTOM)
    _grid(draw, box)
    xs = _xs(box, len(view.numbers))
    _ticks(draw, box, xs, view.numbers)
    text(draw, ((box[0] + box[2]) / 2, height - 8), view.axis, TEXT, MUTED, anchor="md")
    seats = range(len(view.names))
    smooth = [smoothed([c[seat] for c in view.chances], view.window) for seat in seats]
    for seat in seats:
        if view.window > 1:  # every estimate, faint, under the round's mean
            raw = [(x, _y(box, c[seat])) for x, c in zip(xs, view.chances, strict=True)]
            _line(draw, raw, tint(colour(seat), 0.65), 2)
    for seat in seats:
        _line(draw, [(x, _y(box, y)) for x, y in zip(xs, smooth[seat], strict=True)], colour(seat))
    rings = [(xs[point], _y(box, smooth[seat][point])) for point, seat in view.marks]
    for at, (_, seat) in zip(rings, view.marks, strict=True):
        _ring(draw, at, colour(seat))
    taken: list[Box] = [_around(at) for at in rings]
    for at, (point, seat) in zip(rings, view.marks, strict=True):
        taken.append(_label(draw, box, at, seat, view.numbers[point], taken))
    return image


def smoothed(values: list[float], window: int) -> list[float]:
    """Each value as the mean of the `window` values around it (fewer at the ends)."""
    if window <= 1:
        return values
    half, out = window // 2, []
    for k in range(len(values)):
        part = values[max(0, k - half) : k + half + 1]
        out.append(sum(part) / len(part))
    return out


def _line(
    draw: ImageDraw.ImageDraw, points: list[tuple[float, float]], fill: RGB, width: int = LINE
) -> None:
    if len(points) > 1:
        draw.line(points, fill=fill, width=width, joint="curve")
    elif points:
        _ring(draw, points[0], fill)


def _around(at: tuple[float, float]) -> Box:
    """The room a ring takes."""
    x, y = at
    return (x - MARK - 1, y - MARK - 1, x + MARK + 1, y + MARK + 1)


def chart_png(view: ChartView) -> bytes:
    """The chart as the PNG the bot uploads."""
    return upload_png(render_chart(view))


def _legend(draw: ImageDraw.ImageDraw, names: tuple[str, ...], y: int) -> int:
    """Each seat's colour and name, in rows across the width; the y below the last row."""
    width, x = CHART_SIZE[0], LEFT // 4
    room = width - LEFT // 2
    for seat, name in enumerate(names):
        label = fitted(name, TEXT, room // 2 - 40)
        needed = 34 + text_width(label, TEXT) + 22
        if x + needed > width and x > LEFT // 4:
            x, y = LEFT // 4, y + TEXT + 12
        draw.rectangle((x, y + 6, x + 26, y + TEXT - 4), fill=colour(seat))
        text(draw, (x + 34, y), label, TEXT)
        x += round(needed)
    return y + TEXT + 6


def _grid(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int]) -> None:
    """The frame, 0%, 50% and 100% with their rules."""
    left, right = box[0], box[2]
    draw.rectangle(box, outline=FAINT, width=2)
    for share in (0.0, 0.5, 1.0):
        y = _y(box, share)
        draw.line((left, y, right, y), fill=FAINT, width=2)
        text(draw, (left - 8, y), f"{round(share * 100)}%", TEXT, MUTED, anchor="rm")


def _xs(box: tuple[int, int, int, int], count: int) -> list[float]:
    """Where each point stands across the plot."""
    left, _, right, _ = box
    inner = (left + 14, right - 14)
    if count == 1:
        return [(inner[0] + inner[1]) / 2]
    step = (inner[1] - inner[0]) / (count - 1)
    return [inner[0] + step * k for k in range(count)]


def _y(box: tuple[int, int, int, int], share: float) -> float:
    _, top, _, bottom = box
    inner = (top + 12, bottom - 12)
    return inner[1] - (inner[1] - inner[0]) * min(1.0, max(0.0, share))


def _ticks(
    draw: ImageDraw.ImageDraw,
    box: tuple[int, int, int, int],
    xs: list[float],
    numbers: tuple[int, ...],
) -> None:
    """Some moves' numbers under the axis: the first, the last and a few between."""
    count = len(numbers)
    picked = sorted({round(k * (count - 1) / max(1, TICKS - 1)) for k in range(TICKS)})
    bottom = box[3]
    for index in picked:
        draw.line((xs[index], bottom, xs[index], bottom + 8), fill=MUTED, width=2)
        text(draw, (xs[index], bottom + 12), str(numbers[index]), TEXT, MUTED, anchor="ma")


def _ring(draw: ImageDraw.ImageDraw, at: tuple[float, float], fill: RGB) -> None:
    x, y = at
    draw.ellipse((x - MARK, y - MARK, x + MARK, y + MARK), fill=fill, outline=INK, width=3)


def _label(
    draw: ImageDraw.ImageDraw,
    box: Box,
    at: tuple[float, float],
    seat: int,
    number: int,
    taken: list[Box],
) -> Box:
    """A costliest decision's move number near its ring, on a solid patch: the first place
    (above, below, then further out and to the sides) inside the plot that covers no ring and
    no number already written; the place it took."""
    x, y = at
    label = str(number)
    half = text_width(label, TEXT) / 2 + 5
    high = TEXT + 8
    places = []
    for lift in (0, 1, 2, 3):
        for shift in (0.0, -1.2, 1.2):
            for side in (-1, 1):
                cx = min(max(x + shift * half * 2, box[0] + half + 2), box[2] - half - 2)
                top = y - MARK - 3 - high - lift * high if side < 0 else y + MARK + 3 + lift * high
                places.append((cx - half, top, cx + half, top + high))
    inside = [p for p in places if p[1] > box[1] + 2 and p[3] < box[3] - 2]
    free = [p for p in inside if not any(_overlap(p, other) for other in taken)]
    place = (free or inside or places)[0]
    draw.rectangle(place, fill=BACKGROUND, outline=colour(seat), width=2)
    text(draw, ((place[0] + place[2]) / 2, place[3] - 4), label, TEXT, colour(seat), anchor="md")
    return place


def _overlap(one: Box, other: Box) -> bool:
    return one[0] < other[2] and other[0] < one[2] and one[1] < other[3] and other[1] < one[3]
