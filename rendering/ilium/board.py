"""Ilium's public board, drawn from the public view only: the site graph, the players below.

The board is portrait and 720 px wide (the map on its side) so that a phone, which shows it
400 px wide, still reads every number: no text is smaller than 1/35 of the width.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.ilium.viewtypes import IliumPathway, IliumSite, IliumView
from rendering import kit
from rendering.ilium.layout import (
    CHIP,
    GAP,
    SITE_R,
    SPACE_R,
    Layout,
    PathKey,
    board_key,
    layout,
)
from rendering.ilium.legend import LEGEND_HEIGHT, draw_legend
from rendering.ilium.panel import block_height, draw_panel
from rendering.ilium.parts import (
    CHOSEN,
    CLOSED,
    DONE_LINE,
    PATH_LINE,
    STONE,
    TRAY,
    chip,
    roman,
)

BOARD_SIZE = (720, 1500)
TEXT = kit.phone_text(BOARD_SIZE[0])  # 21 px: the smallest text on the board
HEADLINE = (0, 0, BOARD_SIZE[0], 76)  # what the mover must decide, or the result
FRAME = (8, 80, BOARD_SIZE[0] - 8, 1050)  # the map's paper
MAP_BOX = (64, 130, BOARD_SIZE[0] - 64, 1000)  # where the site centres may go
PANEL_TOP = FRAME[3] + 10
SITE_FILL = (92, 74, 58)


def render_board(view: IliumView, context: ViewContext) -> Image.Image:
    """The public board: the prompt, the site graph, the players, the legend."""
    key = board_key(view)
    places = layout(key, MAP_BOX, FRAME)
    size = board_size(int(view["players"]))
    types = tuple(context.words(name) for name in view["types"])
    image = _background(places, key[1], types, size[1], context.language).copy()
    draw = kit.drawing(image)
    _headline(draw, view, context)
    for index, way in enumerate(view["pathways"]):
        _pathway(draw, view, places, index, way)
    for index, site in enumerate(view["sites"]):
        _site(image, view, places, index, site)
    rows = -(-int(view["players"]) // 2)
    bottom = PANEL_TOP + rows * (block_height(TEXT) + 8)
    draw_panel(draw, view, context, (PANEL_TOP, bottom), TEXT)
    _markers(draw, view, bottom, context)
    return image


def board_size(players: int) -> tuple[int, int]:
    """The board's size at a table of `players`: a row of two player panels each two seats,
    so a table of two is one row shorter than BOARD_SIZE (no empty band above the legend)."""
    rows = -(-players // 2)
    return BOARD_SIZE[0], BOARD_SIZE[1] - max(0, 2 - rows) * (block_height(TEXT) + 8)


@lru_cache(maxsize=8)
def _background(
    places: Layout,
    paths: tuple[PathKey, ...],
    types: tuple[str, ...],
    height: int,
    language: str,
) -> Image.Image:
    """What never changes during a game: paper, map frame, every pathway with its spaces
    still empty, legend. A render redraws only the pathways and spaces that changed."""
    image, draw = kit.canvas(BOARD_SIZE[0], height)
    draw.rounded_rectangle(FRAME, 18, fill=(239, 230, 208))
    for index, (shovel, far, _, is_open) in enumerate(paths):
        (x0, y0), (x1, y1) = places.centres[shovel], places.centres[far]
        if not is_open:
            draw.line((x0, y0, x1, y1), fill=CLOSED, width=4)
            continue
        draw.line((x0, y0, x1, y1), fill=PATH_LINE, width=8)
        for slot, point in enumerate(places.spaces[index]):
            _stone(draw, point, shovel=slot == 0)
    draw_legend(draw, height - LEGEND_HEIGHT, BOARD_SIZE[0], TEXT, types, language)
    return image


def _stone(draw: kit.Drawing, at: tuple[float, float], *, shovel: bool) -> None:
    """An empty space; the shovel end's ring is thick."""
    _disc(draw, (round(at[0]), round(at[1])), (STONE, 4 if shovel else 1, "", kit.INK))


def _headline(draw: kit.Drawing, view: IliumView, context: ViewContext) -> None:
    """What the seat to move must decide (the result once over), in up to two lines."""
    lines = kit.headline_lines(view, context, TEXT + 3, BOARD_SIZE[0] - 32)
    kit.text_lines(draw, (16, 8, BOARD_SIZE[0] - 16, HEADLINE[3]), lines, TEXT + 3, 32)


def _markers(draw: kit.Drawing, view: IliumView, top: int, context: ViewContext) -> None:
    """The game's state markers, under the players: value-4 tokens left (IM-16), variants."""
    value = view["trigger_value"]
    left = sum(1 for s in view["sites"] for t in s["tokens"] if t[1] == value)
    extra = [
        context.say("ilium.image.tally_key"),
        context.say("ilium.image.trigger_left", value=value, left=left),
    ]
    if view["final"]:
        extra[1] = context.say("ilium.image.donated")
    if view["early_end"] == "declined":
        extra.append(context.say("ilium.image.early_end_declined"))
    chosen = (
        ("ilium.image.strategic", view["options"]["strategic"]),
        ("ilium.image.vaults", view["options"]["vaults"]),
    )
    extra += [context.say(key) for key, on in chosen if on]
    line = kit.fitted("  ·  ".join(extra), TEXT, BOARD_SIZE[0] - 32)
    kit.text(draw, (16, top), line, TEXT, kit.INK)


def _pathway(
    draw: kit.Drawing, view: IliumView, places: Layout, index: int, way: IliumPathway
) -> None:
    """A pathway over the background's plain one: only what differs is drawn again."""
    if not way["open"]:
        return
    redraw = way["chosen"] or way["done"]
    if redraw:
        (x0, y0), (x1, y1) = places.centres[way["shovel"]], places.centres[way["far"]]
        if way["chosen"]:
            draw.line((x0, y0, x1, y1), fill=CHOSEN, width=2 * SPACE_R + 10)
        draw.line((x0, y0, x1, y1), fill=DONE_LINE if way["done"] else PATH_LINE, width=8)
    for slot, point in enumerate(places.spaces[index]):
        cell = way["spaces"][slot]
        if cell is None and not redraw:
            continue  # the background's empty stone
        number = slot + 1 if way["chosen"] else None
        _space(draw, view, point, cell, shovel=slot == 0, number=number)


def _space(
    draw: kit.Drawing,
    view: IliumView,
    at: tuple[float, float],
    cell: Sequence[int] | None,
    *,
    shovel: bool,
    number: int | None,
) -> None:
    """A space: empty stone, a supply cube, or a group; on the chosen pathway, empty spaces
    carry the number their button gives them ('space 2 of 5 from the shovel')."""
    x, y = round(at[0]), round(at[1])
    ring = 4 if shovel else 1
    if cell is None and number is not None:
        _disc(draw, (x, y), ((255, 255, 255), ring, str(number), kit.INK))
        return
    if cell is None or cell[1] == 0:
        _disc(draw, (x, y), (STONE, ring, "", kit.INK))
    if cell is None:
        return
    seat, size = cell
    colour = kit.seat_colour(view, seat)
    if size == 0:  # a supply cube
        draw.rectangle((x - 8, y - 8, x + 8, y + 8), fill=colour, outline=kit.INK, width=2)
        return
    _disc(draw, (x, y), (colour, ring, str(size), kit.readable_on(colour)))


Disc = tuple[kit.RGB, int, str, kit.RGB]  # fill, ring width, words, ink


def _disc(draw: kit.Drawing, centre: tuple[int, int], disc: Disc) -> None:
    """A space's disc centred on a pixel, drawn once and pasted after."""
    sprite, mask = _disc_sprite(disc)
    kit.paste(draw.picture, sprite, (centre[0] - SPACE_R, centre[1] - SPACE_R), mask)


@lru_cache(maxsize=128)
def _disc_sprite(disc: Disc) -> tuple[Image.Image, Image.Image]:
    fill, ring, words, ink = disc

    def paint(draw: kit.Drawing) -> None:
        draw.ellipse((0, 0, 2 * SPACE_R, 2 * SPACE_R), fill=fill, outline=kit.INK, width=ring)
        if words:
            kit.centred(draw, (SPACE_R, SPACE_R), words, TEXT, ink)

    return kit.cutout((2 * SPACE_R + 1, 2 * SPACE_R + 1), paint)


def _site(image: Image.Image, view: IliumView, places: Layout, index: int, site: IliumSite) -> None:
    draw = kit.drawing(image)
    x, y = places.centres[index]
    if not site["closed"]:
        _tray(draw, places, index, site["numeral"])
    sprite, mask = _site_sprite(site["name"], site["numeral"], site["closed"])
    kit.paste(image, sprite, (round(x) - SITE_R, round(y) - SITE_R), mask)
    if site["closed"]:
        return
    left, top, columns = places.blocks[index]
    for order, token in enumerate(site["tokens"]):
        row, column = divmod(order, columns)
        corner = (left + column * (CHIP + GAP), top + row * (CHIP + GAP))
        chip(image, corner, token, CHIP, view["trigger_value"], TEXT)


@lru_cache(maxsize=64)
def _site_sprite(name: str, numeral: int, closed: bool) -> tuple[Image.Image, Image.Image]:
    """A site's circle with its letter and numeral (a closed one greyed), drawn once."""
    box = (0, 0, 2 * SITE_R, 2 * SITE_R)

    def paint(draw: kit.Drawing) -> None:
        if closed:
            draw.ellipse(box, fill=CLOSED, outline=kit.MUTED, width=2)
            kit.centred(draw, (SITE_R, SITE_R), name, TEXT + 3, kit.MUTED)
            return
        draw.ellipse(box, fill=SITE_FILL, outline=kit.INK, width=2)
        kit.centred(draw, (SITE_R, SITE_R - 9), name, TEXT + 1, (255, 255, 255))
        kit.centred(draw, (SITE_R, SITE_R + 11), roman(numeral), TEXT, (235, 222, 200))

    return kit.cutout((2 * SITE_R + 1, 2 * SITE_R + 1), paint)


def _tray(draw: kit.Drawing, places: Layout, index: int, numeral: int) -> None:
    """The frame holding a site's tokens, tied to the site by a short stroke."""
    left, top, columns = places.blocks[index]
    rows = -(-numeral // columns)
    width, height = columns * (CHIP + GAP) - GAP, rows * (CHIP + GAP) - GAP
    tray = (left - 4, top - 4, left + width + 4, top + height + 4)
    x, y = places.centres[index]
    nx, ny = min(max(x, tray[0]), tray[2]), min(max(y, tray[1]), tray[3])
    draw.line((x, y, nx, ny), fill=SITE_FILL, width=5)
    draw.rounded_rectangle(tray, 7, fill=TRAY, outline=SITE_FILL, width=2)
