"""Where the standings image puts things: sizes, the columns (each as wide as its widest figure
or heading), how many lines are shown, and names made drawable."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine.view import ViewContext
from bot.leagues.view import StandingsRow, StandingsView
from rendering import kit

WIDTH = 800  # px; shown 400 px wide on a phone, so no text is under 24 px (kit.phone_text)
MARGIN = 24
TITLE = 40  # px: the league's name
SUBTITLE = 26  # px: game, format, how far it has got
HEADING = 24  # px: the column headings and the key
ROW = 28  # px: an entrant's line
ROW_STEP = 46
BAND = 118  # the title band's height
HEADINGS = 50  # the column headings' band
KEY = 56  # the key under the table
GAP = 22  # px between columns
PLACE_COLUMN = 52
MOST_ROWS = 32  # more entrants than this: the first MOST_ROWS - 1 and a line "… and N more"


@dataclass(frozen=True, slots=True)
class Column:
    """A figures column: its heading and its right edge."""

    heading: str
    right: int


@dataclass(frozen=True, slots=True)
class Layout:
    """The image's height, the lines shown, the figure columns (points, tie-breaks, games),
    where a name starts and the room it has."""

    height: int
    rows: tuple[StandingsRow, ...]
    more: int
    columns: tuple[Column, ...]
    name_left: int
    name_right: int


def shown_rows(view: StandingsView) -> tuple[tuple[StandingsRow, ...], int]:
    """The lines drawn and how many entrants are left out (the text and alt text have them)."""
    if len(view.rows) <= MOST_ROWS:
        return view.rows, 0
    kept = view.rows[: MOST_ROWS - 1]
    return kept, len(view.rows) - len(kept)


def figures(row: StandingsRow) -> tuple[str, ...]:
    """A line's figures left to right: points, each tie-break, games played."""
    return (row.points, *row.tiebreaks, str(row.games))


def headings(view: StandingsView, context: ViewContext) -> tuple[str, ...]:
    """The figure columns' headings in the reader's language, left to right."""
    breaks = tuple(context.say(f"standings.head.{key(name)}") for name in view.tiebreaks)
    points = context.say("standings.head.points")
    return (points, *breaks, context.say("standings.head.played"))


def layout(view: StandingsView, context: ViewContext) -> Layout:
    """Columns from the right edge leftwards, each as wide as its heading or widest figure."""
    rows, more = shown_rows(view)
    heads = headings(view, context)
    right = WIDTH - MARGIN
    columns: list[Column] = []
    for index in reversed(range(len(heads))):
        values = [figures(row)[index] for row in rows if index < len(figures(row))]
        widest = max(
            [kit.text_width(heads[index], HEADING), *(kit.text_width(v, ROW) for v in values)]
        )
        columns.append(Column(heads[index], right))
        right -= round(widest) + GAP
    lines = max(len(rows), 1) + (1 if more else 0)
    height = BAND + HEADINGS + lines * ROW_STEP + KEY + MARGIN // 2
    left = MARGIN + PLACE_COLUMN + 12
    return Layout(height, rows, more, tuple(reversed(columns)), left, right)


def drawable(name: str, place: int, context: ViewContext) -> str:
    """A name as the font can draw it: characters it has no glyph for (CJK, emoji) left out;
    a name with nothing readable left is called by its place (the text and alt text keep the
    whole name)."""
    if not name.isprintable() or kit.missing_glyphs(name):
        name = "".join(c for c in name if c.isprintable() and not kit.missing_glyphs(c))
    name = " ".join(name.split())
    if not any(c.isalnum() for c in name):
        return context.say("standings.unnamed", place=place)
    return name


def key(name: str) -> str:
    """A view's key ("sonneborn-berger", "round-robin") as a message id's last part."""
    return name.replace("-", "_")
