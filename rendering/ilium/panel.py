"""Ilium's side panel: each player's cards, cubes and tokens, under the map."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.ilium.viewtypes import IliumScore, IliumSeat, IliumView
from rendering import kit
from rendering.ilium.parts import TYPE_COLOURS

LEFT = 8
RIGHT = 712
COLUMNS = 2
SWATCH = 62  # one type's "tokens/artifacts" box
DONATED = (200, 30, 30)


def draw_panel(
    draw: kit.Drawing,
    view: IliumView,
    context: ViewContext,
    span: tuple[int, int],
    size: int,
) -> None:
    """One block per player, two to a row, under the map."""
    top, bottom = span
    rows = -(-view["players"] // COLUMNS)
    height = min(block_height(size), (bottom - top) // max(rows, 1) - 8)
    width = (RIGHT - LEFT - 8 * (COLUMNS - 1)) // COLUMNS
    for seat in range(view["players"]):
        row, column = divmod(seat, COLUMNS)
        corner = (LEFT + column * (width + 8), top + row * (height + 8))
        _player(draw, view, context, seat, corner, (width, height), size)


def block_height(size: int) -> int:
    """A player's block: title, two lines of supplies, the types row."""
    return 12 + (size + 8) + 2 * (size + 7) + SWATCH // 2 + 14


def _player(
    draw: kit.Drawing,
    view: IliumView,
    context: ViewContext,
    seat: int,
    corner: tuple[int, int],
    box: tuple[int, int],
    size: int,
) -> None:
    x, y = corner
    width, height = box
    info = view["table"][seat]
    colour = kit.seat_colour(view, seat)
    moving = view["to_move"] == seat
    draw.rounded_rectangle(
        (x, y, x + width, y + height),
        12,
        fill=kit.tint(colour, 0.85) if moving else kit.PANEL,
        outline=colour if moving else (210, 200, 180),
        width=5 if moving else 2,
    )
    big = size + 3
    draw.ellipse(
        (x + 10, y + 10, x + 10 + big, y + 10 + big), fill=colour, outline=kit.INK, width=2
    )
    to_move = context.say("table.image.to_move") if moving else ""
    name = (kit.seat_label(context, seat, view["seats"]), big, kit.INK)
    figures = [(to_move, size, y + 11)]
    kit.seat_heading(draw, name, (x + big + 18, y + 8), figures, x + width - 12, 10)
    # once the game is over, the score replaces the supplies
    lines = _final_lines(view, context, seat) or [
        _supplies(info, context),
        _cards_line(info, context),
    ]
    line_y = y + 12 + big + 6
    for k, line in enumerate(lines):
        fitted = kit.fitted(line, size, width - 24)
        ink = kit.INK if k == 0 else kit.MUTED
        kit.text(draw, (x + 12, line_y + k * (size + 7)), fitted, size, ink)
    _types_row(draw, view, seat, (x + 10, line_y + 2 * (size + 7) + 2), size)


def _supplies(info: IliumSeat, context: ViewContext) -> str:
    count = info["cubes"]
    key = "table.image.ilium_cube" if count == 1 else "table.image.ilium_cubes"
    cubes = context.say(key, count=count)
    people = info["archaeologists_left"]
    return context.say("table.image.ilium_supplies", archaeologists=people, cubes=cubes)


def _cards_line(info: IliumSeat, context: ViewContext) -> str:
    played, deck = info["played"], info["deck"]
    if info["cards_left"] is not None:
        left = " ".join(f"{n}×{v}" for v, n in info["cards_left"].items())
        return context.say("table.image.ilium_cards_left", deck=deck, left=left)
    if played:
        return context.say("table.image.ilium_last_card", deck=deck, card=played[-1])
    return context.say("table.image.ilium_no_card", deck=deck)


def _types_row(
    draw: kit.Drawing, view: IliumView, seat: int, at: tuple[int, int], size: int
) -> None:
    """Per type, in its colour: tokens collected / artifacts on them (after the donation once
    the game is over, the donated type crossed)."""
    x, y = at
    info = view["table"][seat]
    tally: IliumScore | IliumSeat = _final_score(view, seat) or info
    middle = round(y + (size + 8) / 2) - y  # where the words centre, rounded as on the board
    for kind in range(len(view["types"])):
        left = x + kind * (SWATCH + 4)
        total = f"{tally['tokens_by_type'][kind]}/{tally['artifacts_by_type'][kind]}"
        crossed = _donated(view, seat, kind) is not None
        swatch = _swatch(TYPE_COLOURS[kind], total, size, middle, crossed)
        kit.paste(draw.picture, swatch, (left, y))


@lru_cache(maxsize=256)
def _swatch(fill: kit.RGB, total: str, size: int, middle: int, crossed: bool) -> Image.Image:
    """One type's box, drawn once: its tally, crossed out when donated."""
    swatch, draw = kit.canvas(SWATCH + 1, size + 9, fill)
    box = (0, 0, SWATCH, size + 8)
    draw.rectangle(box, fill=fill, outline=kit.INK, width=1)
    kit.centred(draw, (SWATCH / 2, middle), total, size)
    if crossed:
        draw.line((box[0], box[3], box[2], box[1]), fill=DONATED, width=3)
    return swatch


def _final_score(view: IliumView, seat: int) -> IliumScore | None:
    """The seat's tally after its donation, once the game is over."""
    final = view["final"]
    return final["scores"][seat] if final else None


def _donated(view: IliumView, seat: int, kind: int) -> list[int] | None:
    """The token of this type the seat gave to its historian, once the game is over."""
    final = view["final"]
    if not final:
        return None
    given = final["donations"][seat]
    return list(given) if given and given[0] == kind else None


def _final_lines(view: IliumView, context: ViewContext, seat: int) -> list[str]:
    outcome, final = context.outcome(view), view["final"]
    if not outcome or not final:
        return []
    score = final["scores"][seat]
    place = outcome["ranking"][seat]
    return [
        context.say("table.image.ilium_points", points=score["points"], place=place),
        context.say(
            "table.image.ilium_majorities",
            majorities=score["majorities"],
            sets=score["sets"],
            each=final["set_points"],
        ),
    ]
