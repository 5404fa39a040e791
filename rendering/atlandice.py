"""Atlandice images from views: the clock, the six areas, every holder; and a seat's summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.view import ViewContext
from bot.games.atlandice.viewtypes import (
    AtlandiceArea,
    AtlandiceHolder,
    AtlandiceSeatView,
    AtlandiceView,
)
from rendering import kit

BOARD_SIZE = (1500, 1000)
HAND_SIZE = (900, 600)

KIND_ORDER = ("gem", "book", "provision", "tool", "weapon")
KIND_COLOURS: dict[str, kit.RGB] = {
    "gem": (150, 62, 200),
    "book": (44, 98, 180),
    "provision": (70, 140, 50),
    "tool": (112, 112, 112),
    "weapon": (196, 60, 40),
}
KIND_LETTERS = {"gem": "G", "book": "B", "provision": "P", "tool": "T", "weapon": "W"}
MARKET_COLOUR: kit.RGB = (60, 52, 70)
SEA: kit.RGB = (30, 110, 150)
PANEL: kit.RGB = (255, 252, 244)
CLOSED: kit.RGB = (205, 200, 190)
SEAT_COLOURS: tuple[kit.RGB, ...] = (
    kit.SEAT_COLOURS["blue"],
    kit.SEAT_COLOURS["red"],
    kit.SEAT_COLOURS["green"],
    kit.SEAT_COLOURS["purple"],
)
NEUTRAL_COLOUR = kit.SEAT_COLOURS["grey"]

CLOCK_X, CLOCK_Y, CLOCK_BOX, CLOCK_H = 30, 62, 84, 86
AREA_TOP, AREA_W, AREA_H, GAP = 180, 473, 228, 10
HOLDER_TOP, HOLDER_H = 662, 262

Draw = ImageDraw.ImageDraw


def _area_box(index: int) -> tuple[int, int, int, int]:
    col, row = index % 3, index // 3
    x = 20 + col * (AREA_W + GAP + 4)
    y = AREA_TOP + row * (AREA_H + GAP)
    return x, y, x + AREA_W, y + AREA_H


def _symbol_label(symbol: str | None, end: bool) -> tuple[str, kit.RGB | None]:
    if end:
        return "WAVES", None
    if symbol is None:
        return "", None
    if symbol == "donation":
        return "GIFT", None
    what = symbol.split(":", 1)[1]
    return ("INV ALL", None) if what == "all" else ("INV", KIND_COLOURS.get(what))


@lru_cache(maxsize=4)
def _static_board(end: int, symbols: tuple[tuple[int, str], ...]) -> Image.Image:
    """The parts that never change in a game: clock spaces and panel frames."""
    image, draw = kit.canvas(*BOARD_SIZE)
    marks = dict(symbols)
    for space in range(end + 1):
        x = CLOCK_X + space * CLOCK_BOX
        box = (x, CLOCK_Y, x + CLOCK_BOX - 4, CLOCK_Y + CLOCK_H)
        fill = SEA if space == end else PANEL
        draw.rounded_rectangle(box, radius=8, fill=fill, outline=kit.MUTED, width=2)
        text_colour = (255, 255, 255) if space == end else kit.MUTED
        kit.text(draw, (x + 8, CLOCK_Y + 4), str(space), 18, text_colour)
        label, dot = _symbol_label(marks.get(space), space == end)
        if dot is not None:
            cx, cy = x + CLOCK_BOX // 2 - 2, CLOCK_Y + 62
            draw.ellipse((cx - 13, cy - 13, cx + 13, cy + 13), fill=dot)
        if label:
            colour = (255, 255, 255) if space == end else kit.INK
            y = CLOCK_Y + (36 if dot is not None else 50)
            kit.centred(draw, (x + CLOCK_BOX // 2 - 2, y), label, 17, colour)
    for index in range(6):
        draw.rounded_rectangle(_area_box(index), radius=12, fill=PANEL, outline=kit.MUTED, width=2)
    return image


def _resource_row(
    draw: Draw, x: int, y: int, goods: Mapping[str, int], size: int = 17, skip_zero: bool = True
) -> int:
    """Coloured resource discs with letters and counts; returns the x after the row."""
    radius = size
    for kind in KIND_ORDER:
        count = int(goods.get(kind, 0))
        if skip_zero and not count:
            continue
        colour = KIND_COLOURS[kind]
        draw.ellipse((x, y - radius, x + 2 * radius, y + radius), fill=colour)
        kit.centred(draw, (x + radius, y), KIND_LETTERS[kind], size, kit.readable_on(colour))
        kit.text(draw, (x + 2 * radius + 4, y), str(count), size + 5, kit.INK, "lm")
        x += 2 * radius + 16 + kit.text_size(draw, str(count), size + 5)[0]
    return x


def _die(draw: Draw, x: int, y: int, face: int, size: int = 42) -> None:
    draw.rounded_rectangle(
        (x, y, x + size, y + size), radius=7, fill=(255, 255, 255), outline=kit.INK, width=3
    )
    kit.centred(draw, (x + size / 2, y + size / 2), str(face), 26)


def _pointer_marks(draw: Draw, right: int, y: int, count: int) -> None:
    """The area's clock-pointer symbols as small white arrowheads, right-aligned."""
    for i in range(count):
        x = right - 18 - i * 22
        draw.polygon([(x, y - 9), (x + 14, y), (x, y + 9)], fill=(255, 255, 255))


def _area_colour(area: AtlandiceArea) -> kit.RGB:
    resource = area["resource"]
    return KIND_COLOURS[resource] if resource else MARKET_COLOUR


def _draw_area(draw: Draw, index: int, area: AtlandiceArea, searching: bool) -> None:
    left, top, right, bottom = _area_box(index)
    closed = area["closed"]
    band = CLOSED if closed else _area_colour(area)
    draw.rounded_rectangle((left, top, right, top + 44), radius=12, fill=band)
    draw.rectangle((left, top + 30, right, top + 44), fill=band)
    title = f"{area['number']}  {area['name']}"
    kit.text(draw, (left + 14, top + 22), title, 26, kit.readable_on(band), "lm")
    if not closed:
        _pointer_marks(draw, right - 4, top + 22, area["symbols"])
    if searching:
        draw.rounded_rectangle(
            (left, top, right, bottom), radius=12, outline=kit.HIGHLIGHT, width=5
        )
    y = top + 56
    tile = area["tile"]
    if closed:
        kit.centred(
            draw, ((left + right) / 2, y + 20), "CLOSED - dice go to the market", 20, kit.MUTED
        )
    elif tile:
        name = f"{tile['name']}  ({area['face_down']} below)"
        kit.text(draw, (left + 14, y), name, 18, kit.MUTED)
        short = kit.fit_text(draw, tile["short"], 22, AREA_W - 28)
        kit.text(draw, (left + 14, y + 24), short, 22, kit.INK)
    else:
        kit.text(draw, (left + 14, y + 10), "no effect, choose any kind", 20, kit.MUTED)
    _resource_row(draw, left + 14, top + 136, area["goods"])
    dice = area["dice"]
    room = AREA_W - 28 - (115 if area["submarine"] else 0) - 42
    step = min(50, room // max(1, len(dice) - 1))
    for i, face in enumerate(dice):
        _die(draw, left + 14 + i * step, top + 168, face)
    if area["submarine"]:
        _submarine(draw, right - 110, top + 170)


def _submarine(draw: Draw, x: int, y: int) -> None:
    draw.rounded_rectangle(
        (x, y + 10, x + 96, y + 44), radius=17, fill=kit.HIGHLIGHT, outline=kit.INK, width=2
    )
    draw.rectangle((x + 36, y, x + 56, y + 12), fill=kit.HIGHLIGHT, outline=kit.INK, width=2)
    kit.centred(draw, (x + 48, y + 27), "SUB", 18)


def _holder_colour(holder: AtlandiceHolder) -> kit.RGB:
    seat = holder["seat"]
    return NEUTRAL_COLOUR if seat is None else SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _holder_name(holder: AtlandiceHolder, view: AtlandiceView, context: ViewContext) -> str:
    """A seat's character with its player's name ('Mathilda — ann'), or 'neutral'."""
    seat = holder["seat"]
    if seat is None:
        return holder["name"]
    player = context.name(seat, view["seats"])
    if player in (holder["name"], view["seats"][seat]):
        return holder["name"]
    return f"{holder['name']} — {player}"


def _tile_words(tiles: Sequence[str]) -> str:
    return ", ".join(str(t).replace(" (", " ").replace(")", "") for t in tiles) or "none"


def _draw_holder(
    draw: Draw,
    box: tuple[int, int, int, int],
    holder: AtlandiceHolder,
    title: str,
    to_move: bool,
    final: Mapping[str, int] | None,
) -> None:
    left, top, right, _ = box
    colour = _holder_colour(holder)
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=colour, width=3)
    if to_move:
        draw.rounded_rectangle(box, radius=12, outline=kit.HIGHLIGHT, width=6)
    draw.rounded_rectangle((left, top, right, top + 46), radius=12, fill=colour)
    draw.rectangle((left, top + 32, right, top + 46), fill=colour)
    name = title + ("  (to move)" if to_move else "")
    kit.text(
        draw,
        (left + 14, top + 23),
        kit.fit_text(draw, name, 24, right - left - 120),
        24,
        kit.readable_on(colour),
        "lm",
    )
    kit.text(draw, (right - 14, top + 23), f"{holder['vp']} VP", 28, kit.readable_on(colour), "rm")
    _resource_row(draw, left + 14, top + 82, holder["goods"], skip_zero=False, size=16)
    width = right - left - 28
    tiles = holder["tiles"]
    text = kit.fit_text(draw, f"Tiles ({len(tiles)}): {_tile_words(tiles)}", 19, width)
    kit.text(draw, (left + 14, top + 120), text, 19, kit.INK)
    kit.text(draw, (left + 14, top + 150), f"VP tokens: {holder['chips']}", 19, kit.INK)
    total = sum(holder["goods"].values())
    kit.text(draw, (left + 14, top + 180), f"Resources held: {total}", 19, kit.MUTED)
    if final is not None:
        words = " ".join(f"{KIND_LETTERS[k]}+{vp}" for k, vp in final.items()) or "none"
        kit.text(draw, (left + 14, top + 210), f"Final majorities: {words}", 19, kit.INK)
    elif holder["neutral"]:
        kit.text(draw, (left + 14, top + 210), "neutral player: cannot win", 18, kit.MUTED)


def _holder_boxes(count: int) -> list[tuple[int, int, int, int]]:
    width = (BOARD_SIZE[0] - 40 - (count - 1) * 12) // count
    return [
        (20 + i * (width + 12), HOLDER_TOP, 20 + i * (width + 12) + width, HOLDER_TOP + HOLDER_H)
        for i in range(count)
    ]


def _header(draw: Draw, view: AtlandiceView, context: ViewContext) -> None:
    start = context.name(view["start_player"], view["seats"])
    left = f"ATLANDICE   Round {view['round']}   Start player: {start}"
    kit.text(draw, (24, 30), kit.fit_text(draw, left, 28, 800), 28, kit.INK, "lm")
    right = f"Dice left: {view['dice_left']}   to take: {view['takes_left']}"
    if view["outcome"]:
        right = "Game over: the hand reached the waves"
    elif context.outcome(view):
        right = "Game over"
    elif view["sunk"]:
        right = "The waves! Last round   " + right
    kit.text(draw, (BOARD_SIZE[0] - 24, 30), right, 24, kit.INK, "rm")


def _clock_hand(draw: Draw, view: AtlandiceView) -> None:
    clock = view["clock"]
    hand = min(clock["hand"], clock["end"])
    x = CLOCK_X + hand * CLOCK_BOX
    draw.rounded_rectangle(
        (x - 2, CLOCK_Y - 2, x + CLOCK_BOX - 2, CLOCK_Y + CLOCK_H + 2),
        radius=9,
        outline=kit.HIGHLIGHT,
        width=6,
    )
    tip = x + CLOCK_BOX // 2 - 2
    base = CLOCK_Y + CLOCK_H + 22
    draw.polygon([(tip, CLOCK_Y + CLOCK_H + 4), (tip - 12, base), (tip + 12, base)], fill=kit.INK)


def _footer(draw: Draw, view: AtlandiceView, context: ViewContext) -> None:
    outcome = context.outcome(view)
    line = outcome["summary"] if outcome else view["prompt"]
    kit.text(draw, (24, 946), kit.fit_text(draw, line, 24, 1450), 24, kit.INK)
    log = view["log"]
    if log:
        last = kit.fit_text(draw, log[-1], 18, 1450)
        kit.text(draw, (24, 976), last, 18, kit.MUTED)


def render_board(view: AtlandiceView, context: ViewContext) -> Image.Image:
    """The public table: clock, areas with tiles, goods, dice and submarine, every holder."""
    clock = view["clock"]
    marks = tuple(sorted((int(k), v) for k, v in clock["symbols"].items()))
    image = _static_board(clock["end"], marks).copy()
    draw = ImageDraw.Draw(image)
    _header(draw, view, context)
    _clock_hand(draw, view)
    for index, area in enumerate(view["areas"]):
        _draw_area(draw, index, area, view["searching"] == area["number"])
    holders = view["holders"]
    finals: Sequence[Mapping[str, int] | None] = view["final"] or [None] * len(holders)
    boxes = _holder_boxes(max(1, len(holders)))
    for box, holder, final in zip(boxes, holders, finals, strict=False):
        moving = holder["seat"] is not None and holder["seat"] == view["to_move"]
        title = _holder_name(holder, view, context)
        _draw_holder(draw, box, holder, title, moving, final)
    _footer(draw, view, context)
    return image


def render_hand(view: AtlandiceSeatView, context: ViewContext) -> Image.Image:
    """One seat's own summary (nothing in Atlandice is secret): resources, tiles, VP, prompt."""
    image, draw = kit.canvas(*HAND_SIZE)
    seat = view["seat"]
    holder = next(h for h in view["holders"] if h["seat"] == seat)
    colour = _holder_colour(holder)
    draw.rectangle((0, 0, HAND_SIZE[0], 70), fill=colour)
    kit.text(
        draw,
        (24, 35),
        kit.fit_text(draw, _holder_name(holder, view, context), 36, HAND_SIZE[0] - 220),
        36,
        kit.readable_on(colour),
        "lm",
    )
    kit.text(draw, (HAND_SIZE[0] - 24, 35), f"{holder['vp']} VP", 36, kit.readable_on(colour), "rm")
    _resource_row(draw, 30, 120, holder["goods"], size=24, skip_zero=False)
    kit.text(draw, (30, 152), "gems, books, provisions, tools, weapons", 18, kit.MUTED)
    tiles = holder["tiles"]
    kit.text(draw, (30, 190), f"Tiles taken ({len(tiles)}), 3 VP each:", 24, kit.INK)
    if not tiles:
        kit.text(draw, (50, 226), "none yet", 22, kit.MUTED)
    for i, tile in enumerate(tiles[:6]):
        kit.text(draw, (50 + i % 2 * 400, 226 + i // 2 * 32), tile, 22, kit.INK)
    kit.text(draw, (30, 340), f"VP tokens: {holder['chips']}", 24, kit.INK)
    kit.text(
        draw, (30, 380), f"Round {view['round']}, clock at {view['clock']['hand']}", 24, kit.MUTED
    )
    outcome = context.outcome(view)
    if outcome:
        text = outcome["summary"]
    elif view["to_move"] == seat:
        text = "Your turn - " + view["prompt"].split(": ", 1)[-1]
    else:
        text = view["prompt"]
    for i, chunk in enumerate(_wrap(draw, text, 26, HAND_SIZE[0] - 60)[:3]):
        kit.text(draw, (30, 440 + i * 36), chunk, 26, kit.INK)
    return image


def _wrap(draw: Draw, text: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}".strip()
        if current and kit.text_size(draw, trial, size)[0] > width:
            lines.append(current)
            current = word
        else:
            current = trial
    return [*lines, current] if current else lines
