"""The standings image: a title band (the league, its game and format, how far it has got), the
column headings, one line per entrant best first (the podium in medal colours once the league is
over, a withdrawn entrant greyed and marked), and a key to the tie-break columns."""

from __future__ import annotations

from PIL import Image

from bot.engine.view import ViewContext
from bot.leagues.view import StandingsRow, StandingsView
from rendering import kit
from rendering.kit.colours import RGB
from rendering.leagues.layout import (
    BAND,
    HEADING,
    HEADINGS,
    MARGIN,
    PLACE_COLUMN,
    ROW,
    ROW_STEP,
    SUBTITLE,
    TITLE,
    WIDTH,
    Layout,
    drawable,
    figures,
    key,
    layout,
)
from rendering.leagues.words import league_name, progress

BAND_COLOUR: RGB = (34, 62, 110)
BAND_INK: RGB = (255, 255, 255)
HEADINGS_COLOUR: RGB = (228, 221, 204)
STRIPE: RGB = (241, 235, 221)
# Once the league is over: each podium place's line and its medal.
# The medals are mid-tones so the place's dark ink reads on them (contrast 5:1 or more).
PODIUM: dict[int, tuple[RGB, RGB]] = {
    1: ((250, 224, 140), (222, 172, 30)),
    2: ((228, 228, 228), (172, 172, 172)),
    3: ((240, 206, 172), (205, 127, 50)),
}


def render_standings(view: StandingsView, context: ViewContext) -> Image.Image:
    """The standings image, WIDTH px wide and as tall as its lines."""
    shape = layout(view, context)
    image, draw = kit.canvas(WIDTH, shape.height)
    _band(draw, view, context)
    _headings(draw, shape, context)
    top = BAND + HEADINGS
    for index, row in enumerate(shape.rows):
        _line(draw, shape, row, top + index * ROW_STEP, index, view.finished, context)
    bottom = top + len(shape.rows) * ROW_STEP
    if not shape.rows:
        kit.text(draw, (MARGIN, bottom + ROW_STEP / 2), context.say("standings.none"), ROW,
                 kit.MUTED, "lm")  # fmt: skip
        bottom += ROW_STEP
    if shape.more:
        more = context.say("standings.more", count=shape.more)
        kit.text(draw, (shape.name_left, bottom + ROW_STEP / 2), more, ROW, kit.MUTED, "lm")
        bottom += ROW_STEP
    _key(draw, view, context, bottom)
    return image


def _band(draw: kit.Drawing, view: StandingsView, context: ViewContext) -> None:
    """The league's name, then its game, format and progress, on the dark band."""
    draw.rectangle((0, 0, WIDTH, BAND), fill=BAND_COLOUR)
    room = WIDTH - 2 * MARGIN
    title = kit.fitted(league_name(view, context), TITLE, room)
    kit.text(draw, (MARGIN, 22), title, TITLE, BAND_INK)
    game = context.say(f"service.title.{view.game}")
    fmt = context.say(f"standings.format.{key(view.format)}")
    line = " · ".join((game, fmt, progress(view, context)))
    kit.text(draw, (MARGIN, 74), kit.fitted(line, SUBTITLE, room), SUBTITLE, BAND_INK)


def _headings(draw: kit.Drawing, shape: Layout, context: ViewContext) -> None:
    """The columns' headings on their own band."""
    draw.rectangle((0, BAND, WIDTH, BAND + HEADINGS), fill=HEADINGS_COLOUR)
    middle = BAND + HEADINGS / 2
    place = context.say("standings.head.place")
    kit.text(draw, (MARGIN + PLACE_COLUMN / 2, middle), place, HEADING, kit.INK, "mm")
    player = kit.fitted(context.say("standings.head.player"), HEADING, _name_room(shape))
    kit.text(draw, (shape.name_left, middle), player, HEADING, kit.INK, "lm")
    for column in shape.columns:
        kit.text(draw, (column.right, middle), column.heading, HEADING, kit.INK, "rm")


def _name_room(shape: Layout) -> int:
    return shape.name_right - shape.name_left


def _line(
    draw: kit.Drawing,
    shape: Layout,
    row: StandingsRow,
    top: int,
    index: int,
    over: bool,
    context: ViewContext,
) -> None:
    """One entrant: place (a medal on the podium once over), name, figures."""
    medal = PODIUM.get(row.place) if over and not row.withdrawn else None
    fill = medal[0] if medal else (STRIPE if index % 2 else kit.BACKGROUND)
    if fill != kit.BACKGROUND:
        draw.rectangle((0, top, WIDTH, top + ROW_STEP - 1), fill=fill)
    middle = top + ROW_STEP / 2
    ink = kit.MUTED if row.withdrawn else kit.INK
    _place(draw, row.place, middle, medal[1] if medal else None, ink)
    _name(draw, shape, row, middle, ink, context)
    for column, value in zip(shape.columns, figures(row), strict=False):
        kit.text(draw, (column.right, middle), value, ROW, ink, "rm")


def _place(draw: kit.Drawing, place: int, middle: float, medal: RGB | None, ink: RGB) -> None:
    """The place, in a medal's disc on the podium."""
    centre = MARGIN + PLACE_COLUMN / 2
    if medal is not None:
        radius = ROW_STEP / 2 - 4
        box = (centre - radius, middle - radius, centre + radius, middle + radius)
        draw.ellipse(box, fill=medal)
    kit.text(draw, (centre, middle), str(place), ROW, ink, "mm")


def _name(
    draw: kit.Drawing,
    shape: Layout,
    row: StandingsRow,
    middle: float,
    ink: RGB,
    context: ViewContext,
) -> None:
    """The name as the font can draw it, clipped to its room; a withdrawn entrant's marked."""
    room = _name_room(shape)
    if row.withdrawn:
        tag = context.say("standings.withdrawn")
        tag_width = round(kit.text_width(tag, HEADING))
        kit.text(draw, (shape.name_right, middle), tag, HEADING, kit.MUTED, "rm")
        room -= tag_width + 12
    name = kit.fitted(drawable(row.name, row.place, context), ROW, room)
    kit.text(draw, (shape.name_left, middle), name, ROW, ink, "lm")


def _key(draw: kit.Drawing, view: StandingsView, context: ViewContext, top: int) -> None:
    """What the tie-break columns' short headings stand for."""
    said = "standings.key.pods" if view.format == "pods" else "standings.key.two_player"
    draw.line((MARGIN, top + 8, WIDTH - MARGIN, top + 8), fill=kit.FAINT, width=2)
    words = kit.fitted(context.say(said), HEADING, WIDTH - 2 * MARGIN)
    kit.text(draw, (MARGIN, top + 20), words, HEADING, kit.MUTED)
