"""Ilium's images, drawn from views only: the board graph with a side panel, and a seat's hand."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.view import ViewContext
from bot.games.ilium.viewtypes import IliumPathway, IliumSeatView, IliumSite, IliumView
from rendering import kit
from rendering.ilium_layout import CHIP, GAP, SITE_R, SPACE_R, Layout, board_key, layout
from rendering.ilium_panel import PANEL_X, draw_hand, draw_panel
from rendering.ilium_parts import STONE, chip, player_colour, roman

BOARD_SIZE = (1800, 1200)
HAND_SIZE = (900, 600)

FRAME = (20, 90, PANEL_X - 20, BOARD_SIZE[1] - 20)  # the map's paper
MAP_BOX = (140, 150, PANEL_X - 110, BOARD_SIZE[1] - 100)  # where the site centres may go
DONE_LINE = (196, 160, 70)
PATH_LINE = (150, 138, 118)
CLOSED = (205, 205, 205)
SITE_FILL = (92, 74, 58)
TRAY = (250, 245, 232)


def render_board(view: IliumView, context: ViewContext) -> Image.Image:
    """The public board: the site graph on the left, the players on the right."""
    places = layout(board_key(view), MAP_BOX, FRAME)
    image = _background(places).copy()
    draw = ImageDraw.Draw(image)
    _headline(draw, view, context)
    for index, way in enumerate(view["pathways"]):
        _pathway(draw, view, places, index, way)
    for index, site in enumerate(view["sites"]):
        _site(draw, view, places, index, site)
    draw_panel(draw, view, context)
    return image


@lru_cache(maxsize=8)
def _background(places: Layout) -> Image.Image:
    """What never changes during a game: paper, map frame, legend."""
    image, draw = kit.canvas(*BOARD_SIZE)
    draw.rounded_rectangle(FRAME, 18, fill=(239, 230, 208))
    x, y = PANEL_X - 400, 50
    draw.ellipse((x, y, x + 2 * SPACE_R, y + 2 * SPACE_R), fill=STONE, outline=kit.INK, width=4)
    kit.text(draw, (x + 38, y + 4), "shovel end", 18, kit.INK)
    x += 170
    draw.line((x, y + SPACE_R, x + 40, y + SPACE_R), fill=DONE_LINE, width=10)
    kit.text(draw, (x + 50, y + 4), "excavated", 18, kit.INK)
    return image


def _headline(draw: ImageDraw.ImageDraw, view: IliumView, context: ViewContext) -> None:
    """What the seat to move must decide (the result once over), then the game's markers."""
    outcome = context.outcome(view)
    text = outcome["summary"] if outcome else view["prompt"]
    line = kit.fit_text(draw, text, 28, PANEL_X - 60)
    kit.text(draw, (30, 12), line, 28, kit.INK)
    value = view["trigger_value"]
    left = sum(1 for s in view["sites"] for t in s["tokens"] if t[1] == value)
    extra = [f"value-{value} tokens on the board: {left}"]
    if view["early_end"] == "declined":
        extra.append("early end declined")
    chosen = (("Strategic", view["options"]["strategic"]), ("Vaults", view["options"]["vaults"]))
    variants = [name for name, on in chosen if on]
    if variants:
        extra.append("variants: " + ", ".join(variants))
    kit.text(draw, (30, 54), "   ".join(extra), 18, kit.MUTED)


def _pathway(
    draw: ImageDraw.ImageDraw, view: IliumView, places: Layout, index: int, way: IliumPathway
) -> None:
    (x0, y0), (x1, y1) = places.centres[way["shovel"]], places.centres[way["far"]]
    if not way["open"]:
        draw.line((x0, y0, x1, y1), fill=CLOSED, width=4)
        return
    if way["chosen"]:
        draw.line((x0, y0, x1, y1), fill=kit.HIGHLIGHT, width=24)
    draw.line((x0, y0, x1, y1), fill=DONE_LINE if way["done"] else PATH_LINE, width=10)
    for slot, point in enumerate(places.spaces[index]):
        _space(draw, view, point, way["spaces"][slot], shovel=slot == 0)


def _space(
    draw: ImageDraw.ImageDraw,
    view: IliumView,
    at: tuple[float, float],
    cell: Sequence[int] | None,
    *,
    shovel: bool,
) -> None:
    x, y = at
    box = (x - SPACE_R, y - SPACE_R, x + SPACE_R, y + SPACE_R)
    ring = 4 if shovel else 1
    if cell is None or cell[1] == 0:
        draw.ellipse(box, fill=STONE, outline=kit.INK, width=ring)
    if cell is None:
        return
    seat, size = cell
    colour = player_colour(view, seat)
    if size == 0:  # a supply cube
        draw.rectangle((x - 9, y - 9, x + 9, y + 9), fill=colour, outline=kit.INK, width=2)
        return
    draw.ellipse(box, fill=colour, outline=kit.INK, width=ring)
    kit.centred(draw, (x, y), str(size), 20, kit.readable_on(colour))


def _site(
    draw: ImageDraw.ImageDraw, view: IliumView, places: Layout, index: int, site: IliumSite
) -> None:
    x, y = places.centres[index]
    box = (x - SITE_R, y - SITE_R, x + SITE_R, y + SITE_R)
    if site["closed"]:
        draw.ellipse(box, fill=CLOSED, outline=kit.MUTED, width=2)
        kit.centred(draw, (x, y - 6), site["name"], 24, kit.MUTED)
        kit.centred(draw, (x, y + SITE_R + 14), "closed", 18, kit.MUTED)
        return
    _tray(draw, places, index, site["numeral"])
    draw.ellipse(box, fill=SITE_FILL, outline=kit.INK, width=2)
    kit.centred(draw, (x, y - 7), site["name"], 24, (255, 255, 255))
    kit.centred(draw, (x, y + 13), roman(site["numeral"]), 16, (235, 222, 200))
    left, top, columns = places.blocks[index]
    for order, token in enumerate(site["tokens"]):
        row, column = divmod(order, columns)
        corner = (left + column * (CHIP + GAP), top + row * (CHIP + GAP))
        chip(draw, corner, token, CHIP, view["trigger_value"])


def _tray(draw: ImageDraw.ImageDraw, places: Layout, index: int, numeral: int) -> None:
    """The frame holding a site's tokens, tied to the site by a short stroke."""
    left, top, columns = places.blocks[index]
    rows = -(-numeral // columns)
    width, height = columns * (CHIP + GAP) - GAP, rows * (CHIP + GAP) - GAP
    tray = (left - 4, top - 4, left + width + 4, top + height + 4)
    x, y = places.centres[index]
    nx, ny = min(max(x, tray[0]), tray[2]), min(max(y, tray[1]), tray[3])
    draw.line((x, y, nx, ny), fill=SITE_FILL, width=5)
    draw.rounded_rectangle(tray, 7, fill=TRAY, outline=SITE_FILL, width=2)


def render_hand(view: IliumSeatView, context: ViewContext) -> Image.Image:
    """A seat's private image: its historian card and its next assignment card."""
    image, draw = kit.canvas(*HAND_SIZE)
    draw_hand(draw, view, context, HAND_SIZE)
    return image
