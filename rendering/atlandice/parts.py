"""Atlandice's drawing pieces: resource discs, dice, the clock, the areas and the legend."""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.atlandice.viewtypes import AtlandiceArea, AtlandiceHolder, AtlandiceView
from rendering import kit

Draw = kit.Drawing

WIDTH = 800  # a portrait board: 800 px wide, so 24 px text still reads at 400 px
MARGIN = 12
SMALL = 24  # the smallest text on the board (800 / 35 = 23 px)
TEXT = 26
TITLE = 28

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
CLOSED: kit.RGB = (205, 200, 190)

CLOCK_TOP, CLOCK_H, CLOCK_GAP, CLOCK_ROW = 52, 70, 6, 9  # two rows: spaces 0-8 and 9-16
CLOCK_BOX = (WIDTH - 2 * MARGIN - (CLOCK_ROW - 1) * CLOCK_GAP) // CLOCK_ROW
AREA_TOP = CLOCK_TOP + 2 * CLOCK_H + CLOCK_GAP + 12
AREA_W = (WIDTH - 2 * MARGIN - 8) // 2
AREA_H, AREA_GAP = 196, 8
AREA_BOTTOM = AREA_TOP + 3 * AREA_H + 2 * AREA_GAP

SEAT_ORDER = ("blue", "red", "green", "purple")  # the characters' colours, in seat order


def clock_box(space: int, end: int) -> tuple[int, int, int, int]:
    """Where a clock space is drawn; the waves take the rest of the second row."""
    row, col = divmod(space, CLOCK_ROW)
    x = MARGIN + col * (CLOCK_BOX + CLOCK_GAP)
    y = CLOCK_TOP + row * (CLOCK_H + CLOCK_GAP)
    right = WIDTH - MARGIN if space == end else x + CLOCK_BOX
    return x, y, right, y + CLOCK_H


def area_box(index: int) -> tuple[int, int, int, int]:
    """Where area `index` (0-5) is drawn: two columns, three rows."""
    col, row = index % 2, index // 2
    x = MARGIN + col * (AREA_W + 8)
    y = AREA_TOP + row * (AREA_H + AREA_GAP)
    return x, y, x + AREA_W, y + AREA_H


def disc(draw: Draw, x: int, y: int, kind: str, radius: int, size: int) -> None:
    """A resource disc with its letter, left edge at x, centred on y (drawn once, pasted)."""
    sprite, mask = _disc(kind, radius, size)
    kit.paste(draw.picture, sprite, (x, y - radius), mask)


@lru_cache(maxsize=64)
def _disc(kind: str, radius: int, size: int) -> tuple[Image.Image, Image.Image]:
    colour = KIND_COLOURS[kind]

    def paint(draw: Draw) -> None:
        draw.ellipse((0, 0, 2 * radius, 2 * radius), fill=colour)
        kit.centred(draw, (radius, radius), KIND_LETTERS[kind], size, kit.readable_on(colour))

    return kit.cutout((2 * radius + 1, 2 * radius + 1), paint)


RING = 4  # px a ringed disc keeps clear on each side (five ringed fit the black market)


def ring(draw: Draw, x: int, y: int, radius: int) -> None:
    """A yellow ring with a dark rim round a disc whose left edge is x: the prompt may pick it."""
    grow = radius + RING + 1
    centre = x + radius
    draw.ellipse((centre - grow, y - grow, centre + grow, y + grow), outline=kit.INK, width=2)
    grow -= 2
    draw.ellipse((centre - grow, y - grow, centre + grow, y + grow), outline=kit.HIGHLIGHT, width=4)


def resource_row(
    draw: Draw,
    xy: tuple[int, int],
    goods: Mapping[str, int],
    size: int,
    skip_zero: bool = True,
    picked: frozenset[str] = frozenset(),
) -> int:
    """Coloured resource discs with letters and counts, the `picked` kinds ringed; returns the
    x after the row."""
    x, y = xy
    radius = size * 2 // 3 + 2
    for kind in KIND_ORDER:
        count = int(goods.get(kind, 0))
        if skip_zero and not count:
            continue
        ringed = kind in picked
        x += RING if ringed else 0
        if ringed:
            ring(draw, x, y, radius)
        disc(draw, x, y, kind, radius, size)
        x += RING if ringed else 0
        kit.text(draw, (x + 2 * radius + 4, y), str(count), size, kit.INK, "lm")
        x += 2 * radius + 14 + round(kit.text_width(str(count), size))
    return x


def pointers(draw: Draw, right: int, y: int, count: int, fill: kit.RGB) -> None:
    """An area's clock-pointer symbols as arrowheads, right-aligned."""
    for i in range(count):
        x = right - 20 - i * 24
        draw.polygon([(x, y - 10), (x + 16, y), (x, y + 10)], fill=fill)


def die(draw: Draw, x: int, y: int, face: int, chosen: bool, size: int = 44) -> None:
    """A die showing `face`; yellow when the player to move may take it (drawn once, pasted)."""
    sprite, mask = _die(face, chosen, size)
    kit.paste(draw.picture, sprite, (x, y), mask)


@lru_cache(maxsize=32)
def _die(face: int, chosen: bool, size: int) -> tuple[Image.Image, Image.Image]:
    fill = kit.HIGHLIGHT if chosen else (255, 255, 255)

    def paint(draw: Draw) -> None:
        draw.rounded_rectangle((0, 0, size, size), radius=7, fill=fill, outline=kit.INK, width=3)
        kit.centred(draw, (size / 2, size / 2), str(face), 28)

    return kit.cutout((size + 1, size + 1), paint)


HULL_MOST = 120  # px: the widest submarine hull (its word decides, 96 px at least)


def hull_width(language: str) -> int:
    """How long the submarine is drawn: room for its word (SUB, U-BOOT, SOUS-M.)."""
    name = kit.reader(language).say("atlandice.image.submarine")
    return min(HULL_MOST, max(96, round(kit.text_width(name, SMALL)) + 16))


def submarine(draw: Draw, right: int, y: int, language: str) -> None:
    """The submarine, its right end at `right`: a yellow hull with its word on it."""
    width = hull_width(language)
    x = right - width
    draw.rounded_rectangle(
        (x, y + 10, right, y + 46), radius=17, fill=kit.HIGHLIGHT, outline=kit.INK, width=2
    )
    middle = x + width // 2
    draw.rectangle(
        (middle - 12, y, middle + 8, y + 12), fill=kit.HIGHLIGHT, outline=kit.INK, width=2
    )
    name = kit.fitted(kit.reader(language).say("atlandice.image.submarine"), SMALL, width - 8)
    kit.centred(draw, (middle, y + 28), name, SMALL)


def symbol_label(symbol: str | None) -> tuple[str, kit.RGB | None]:
    """A clock symbol's short word (its message id) and, for an inventory of one kind, that
    kind's colour."""
    if symbol is None:
        return "", None
    if symbol == "donation":
        return "atlandice.image.clock_gift", None
    what = symbol.split(":", 1)[1]
    if what == "all":
        return "atlandice.image.clock_all", None
    return "atlandice.image.clock_inventory", KIND_COLOURS.get(what)


def clock_space(draw: Draw, space: int, end: int, symbol: str | None, language: str) -> None:
    """One clock space: its number, and its symbol (INV with the resource's colour, GIFT, ALL)."""
    box = clock_box(space, end)
    left, top, right, bottom = box
    waves = space == end
    fill = SEA if waves else kit.PANEL
    draw.rounded_rectangle(box, radius=8, fill=fill, outline=kit.MUTED, width=2)
    ink = (255, 255, 255) if waves else kit.INK
    kit.text(draw, (left + 6, top + 2), str(space), SMALL, (255, 255, 255) if waves else kit.MUTED)
    label, dot = ("atlandice.image.clock_waves", None) if waves else symbol_label(symbol)
    if dot is not None:
        draw.ellipse((right - 26, top + 8, right - 8, top + 26), fill=dot)
    if label:
        word = kit.fitted(kit.reader(language).say(label), SMALL, right - left - 4)
        kit.centred(draw, ((left + right) / 2, bottom - 20), word, SMALL, ink)


def area_colour(area: AtlandiceArea) -> kit.RGB:
    """A district's resource colour; the black market's dark band."""
    resource = area["resource"]
    return KIND_COLOURS[resource] if resource else MARKET_COLOUR


def draw_area(
    draw: Draw,
    index: int,
    area: AtlandiceArea,
    step: str,
    mark: str,
    language: str,
    picked: frozenset[str] = frozenset(),
) -> None:
    """One area: band with number, name and pointers; its tile, goods, dice and submarine.

    `mark` is "choice" (the prompt picks among these: framed in yellow), "search" (being
    searched: framed in black) or ""; `picked` are the resources there the prompt may take
    (ringed in yellow).
    """
    left, top, right, bottom = area_box(index)
    closed = area["closed"]
    name = kit.reader(language).words(area["name"])
    title = kit.fitted(f"{area['number']} {name}", TEXT, AREA_W - 100)
    band = CLOSED if closed else area_colour(area)
    symbols = 0 if closed else int(area["symbols"])
    sprite, mask = _area_frame(title, band, symbols, mark == "choice")
    kit.paste(draw.picture, sprite, (left, top), mask)
    dice = mark == "choice" and step == "take"
    _area_body(draw, (left, top, right, bottom), area, (dice, picked), language)
    if mark:
        colour = kit.HIGHLIGHT if mark == "choice" else kit.INK
        draw.rounded_rectangle((left, top, right, bottom), radius=12, outline=colour, width=6)


@lru_cache(maxsize=64)
def _area_frame(
    title: str, band: kit.RGB, symbols: int, choice: bool
) -> tuple[Image.Image, Image.Image]:
    """An area's panel and its band (number, name, clock pointers), drawn once per area."""
    right, bottom = AREA_W, AREA_H
    fill = kit.CHOICE if choice else kit.PANEL
    ink = kit.readable_on(band)

    def paint(draw: Draw) -> None:
        draw.rounded_rectangle((0, 0, right, bottom), radius=12, fill=fill, outline=kit.MUTED)
        draw.rounded_rectangle((0, 0, right, 42), radius=12, fill=band)
        draw.rectangle((0, 28, right, 42), fill=band)
        kit.text(draw, (12, 21), title, TEXT, ink, "lm")
        pointers(draw, right - 4, 21, symbols, ink)

    return kit.cutout((right + 1, bottom + 1), paint)


def _area_body(
    draw: Draw,
    box: tuple[int, int, int, int],
    area: AtlandiceArea,
    marked: tuple[bool, frozenset[str]],
    language: str,
) -> None:
    """The tile's effect, the goods lying there, the dice and the submarine; `marked` says
    whether its dice may be taken and which of its resources may be picked."""
    chosen, picked = marked
    left, top, right, _ = box
    reader = kit.reader(language)
    tile = area["tile"]
    if area["closed"]:
        effect, colour = reader.say("atlandice.image.closed"), kit.MUTED
    elif tile:
        effect, colour = reader.words(tile["short"]), kit.INK
    else:
        effect, colour = reader.say("atlandice.image.any_kind"), kit.MUTED
    line = kit.fitted(effect, SMALL, AREA_W - 24)
    kit.text(draw, (left + 12, top + 50), line, SMALL, colour)
    end = resource_row(draw, (left + 12, top + 104), area["goods"], TEXT, picked=picked)
    below = area["face_down"]
    if below and not area["closed"]:
        key = "atlandice.image.below" if below > 1 else "atlandice.image.below_one"
        note = reader.say(key, count=below)
        if end + kit.text_width(note, SMALL) < right - 12:
            kit.text(draw, (right - 12, top + 104), note, SMALL, kit.MUTED, "rm")
    dice = area["dice"]
    room = AREA_W - 24 - (hull_width(language) + 14 if area["submarine"] else 0) - 44
    step = min(50, room // max(1, len(dice) - 1))
    for i, face in enumerate(dice):
        die(draw, left + 12 + i * step, top + 138, face, chosen)
    if area["submarine"]:
        submarine(draw, right - 12, top + 136, language)


KIND_WORDS = {
    "gem": "table.image.atl_kind_gem",
    "book": "table.image.atl_kind_book",
    "provision": "table.image.atl_kind_provision",
    "tool": "table.image.atl_kind_tool",
    "weapon": "table.image.atl_kind_weapon",
}
LEGEND_LINES = (
    "table.image.atl_legend_inv",
    "table.image.atl_legend_gift",
    "table.image.atl_legend_clock",
    "table.image.atl_legend_frames",
    "table.image.atl_legend_final",
)


def legend(draw: Draw, top: int, language: str) -> int:
    """What the letters, words and marks on the board mean; returns the y below it."""
    reader = kit.reader(language)
    x = MARGIN
    for kind in KIND_ORDER:
        disc(draw, x, top + 14, kind, 16, SMALL)
        name = reader.say(KIND_WORDS[kind])
        kit.text(draw, (x + 36, top + 14), name, SMALL, kit.INK, "lm")
        x += 36 + round(kit.text_width(name, SMALL)) + 18
    y = top + 34
    for line in LEGEND_LINES:
        for part in kit.wrap_text(reader.say(line), SMALL, WIDTH - 2 * MARGIN):
            kit.text(draw, (MARGIN, y), part, SMALL, kit.MUTED)
            y += 29
    return y


def holder_colour(view: AtlandiceView, holder: AtlandiceHolder) -> kit.RGB:
    """A seat's colour; the neutral player's grey."""
    seat = holder["seat"]
    return kit.SEAT_COLOURS["grey"] if seat is None else kit.seat_colour(view, seat, SEAT_ORDER)


def holder_name(holder: AtlandiceHolder, view: AtlandiceView, context: ViewContext) -> str:
    """A seat's character with its player's name ('Mathilda — ann'), or 'neutral'."""
    seat = holder["seat"]
    if seat is None:
        return context.words(holder["name"])
    return kit.seat_label(context, seat, view["seats"])
