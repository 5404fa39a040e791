"""Atlandice's public board from the public view: a portrait board a phone can read."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.atlandice.viewtypes import AtlandiceHolder, AtlandiceView
from rendering import kit
from rendering.atlandice.parts import (
    AREA_BOTTOM,
    KIND_LETTERS,
    MARGIN,
    SEA,
    SMALL,
    TEXT,
    TITLE,
    WIDTH,
    clock_box,
    clock_space,
    draw_area,
    holder_colour,
    holder_name,
    legend,
    resource_row,
)

BOARD_SIZE = (WIDTH, 1510)
HOLDER_TOP, HOLDER_H, HOLDER_GAP = AREA_BOTTOM + 10, 76, 6
LINE = 31  # px between lines of 24-26 px text

Draw = kit.Drawing


def board_size(players: int) -> tuple[int, int]:
    """The board's size at a table of `players`: a row per holder (a table of two has the
    neutral player, so three rows up to three players, four at four), no empty band."""
    holders = max(3, players)
    return BOARD_SIZE[0], BOARD_SIZE[1] - (4 - holders) * (HOLDER_H + HOLDER_GAP)


@lru_cache(maxsize=16)
def _static_board(
    end: int, symbols: tuple[tuple[int, str], ...], height: int, language: str
) -> Image.Image:
    """The parts that never change in a game: the clock spaces and the legend (in `language`)."""
    image, draw = kit.canvas(BOARD_SIZE[0], height)
    marks = dict(symbols)
    for space in range(end + 1):
        clock_space(draw, space, end, marks.get(space), language)
    legend(draw, legend_top(height), language)
    return image


def _holder_facts(holder: AtlandiceHolder, context: ViewContext) -> str:
    """Tiles and VP tokens; a neutral player's note."""
    tiles, chips = len(holder["tiles"]), holder["chips"]
    tile_key = "table.image.atl_tiles_one" if tiles == 1 else "table.image.atl_tiles"
    chip_key = "table.image.atl_chips_one" if chips == 1 else "table.image.atl_chips"
    words = f"{context.say(tile_key, count=tiles)}, {context.say(chip_key, count=chips)}"
    return words + (context.say("table.image.atl_cannot_win") if holder["neutral"] else "")


def _final_words(final: Mapping[str, int] | None, context: ViewContext) -> str:
    """Once over, the VP each final majority brought ("final G+1 B+3"), shown beside the VP."""
    if final is None:
        return ""
    gains = " ".join(f"{KIND_LETTERS[k]}+{v}" for k, v in final.items())
    return context.say("table.image.atl_final", gains=gains or context.say("table.image.none"))


def _draw_holder(
    draw: Draw,
    top: int,
    view: AtlandiceView,
    holder: AtlandiceHolder,
    final: Mapping[str, int] | None,
    context: ViewContext,
) -> None:
    """One holder as a row: colour bar, name and VP, then resources, tiles and tokens."""
    box = (MARGIN, top, WIDTH - MARGIN, top + HOLDER_H)
    colour = holder_colour(view, holder)
    to_move = holder["seat"] is not None and holder["seat"] == view["to_move"]
    title = holder_name(holder, view, context)
    draw.rounded_rectangle(box, radius=10, fill=kit.PANEL, outline=colour, width=3)
    draw.rounded_rectangle((MARGIN, top, MARGIN + 16, top + HOLDER_H), radius=6, fill=colour)
    if to_move:
        draw.rounded_rectangle(box, radius=10, outline=kit.HIGHLIGHT, width=6)
    name = context.say("table.image.atl_to_move", name=title) if to_move else title
    vp = context.say("table.image.vp", count=holder["vp"])
    figures = [(vp, TITLE, top + 4), (_final_words(final, context), SMALL, top + 8)]
    right = WIDTH - MARGIN - 12
    kit.seat_heading(draw, (name, TEXT, kit.INK), (MARGIN + 28, top + 6), figures, right, 14)
    x = resource_row(draw, (MARGIN + 28, top + 54), holder["goods"], SMALL, skip_zero=False)
    facts = kit.fitted(_holder_facts(holder, context), SMALL, WIDTH - MARGIN - 12 - x)
    kit.text(draw, (x, top + 54), facts, SMALL, kit.MUTED, "lm")


def _header(draw: Draw, view: AtlandiceView, context: ViewContext) -> None:
    right = context.say("table.image.atl_dice", dice=view["dice_left"], takes=view["takes_left"])
    if view["outcome"] or context.outcome(view):
        right = context.say("table.image.game_over").rstrip(".")
    elif view["sunk"]:
        right = context.say("table.image.atl_last_round", rest=right)
    kit.text(draw, (WIDTH - MARGIN, 24), right, TEXT, kit.INK, "rm")
    start = kit.seat_in_sentence(context, view["start_player"], view["seats"])
    room = WIDTH - 2 * MARGIN - kit.text_width(right, TEXT) - 20
    left = kit.fitted(
        context.say("table.image.atl_round", round=view["round"], start=start), TEXT, room
    )
    kit.text(draw, (MARGIN, 24), left, TEXT, kit.INK, "lm")


def _clock_hand(draw: Draw, view: AtlandiceView) -> None:
    clock = view["clock"]
    box = clock_box(min(clock["hand"], clock["end"]), clock["end"])
    left, top, right, bottom = box
    draw.rounded_rectangle(
        (left - 3, top - 3, right + 3, bottom + 3), radius=9, outline=SEA, width=7
    )


def legend_top(height: int) -> int:
    """Where the legend starts: its six lines end the board."""
    return height - 34 - 6 * 29 - 8


def prompt_top(holders: int) -> int:
    """Where the prompt line starts: right under the last holder's row."""
    return HOLDER_TOP + holders * (HOLDER_H + HOLDER_GAP) + 4


def _footer(draw: Draw, view: AtlandiceView, context: ViewContext, bottom: int) -> None:
    """The prompt (the result once over), then the latest log line, above `bottom`."""
    width = WIDTH - 2 * MARGIN
    lines = kit.headline_lines(view, context, TEXT, width)
    box = (MARGIN, prompt_top(len(view["holders"])), WIDTH - MARGIN, bottom)
    y = kit.text_lines(draw, box, lines, TEXT, LINE + 2)
    log = view["log"]
    if log:
        latest = kit.wrap_text(context.words(log[-1]), SMALL, width)[:2]
        kit.text_lines(draw, (MARGIN, y, WIDTH - MARGIN, bottom), latest, SMALL, LINE, kit.MUTED)


def _picked(view: AtlandiceView, number: int) -> frozenset[str]:
    """The resources lying in an area that the prompt may pick."""
    if view["to_move"] is None:
        return frozenset()
    picks = view.get("resource_choices", ())
    return frozenset(pick["resource"] for pick in picks if pick["area"] == number)


def _mark(view: AtlandiceView, number: int) -> str:
    """How an area is framed: a choice of the prompt (an area or resources lying there), the
    area being searched, or not at all."""
    if view["to_move"] is not None and number in view.get("choices", ()):
        return "choice"
    if _picked(view, number):
        return "choice"
    return "search" if view["searching"] == number else ""


def render_board(view: AtlandiceView, context: ViewContext) -> Image.Image:
    """The public table: clock, areas with tiles, goods, dice and submarine, every holder."""
    clock = view["clock"]
    marks = tuple(sorted((int(k), v) for k, v in clock["symbols"].items()))
    height = board_size(int(view["players"]))[1]
    image = _static_board(clock["end"], marks, height, context.language).copy()
    draw = kit.drawing(image)
    _header(draw, view, context)
    _clock_hand(draw, view)
    for index, area in enumerate(view["areas"]):
        number = area["number"]
        mark, picked = _mark(view, number), _picked(view, number)
        draw_area(draw, index, area, view["step"], mark, context.language, picked)
    holders = view["holders"]
    finals: Sequence[Mapping[str, int] | None] = view["final"] or [None] * len(holders)
    for row, (holder, final) in enumerate(zip(holders, finals, strict=False)):
        top = HOLDER_TOP + row * (HOLDER_H + HOLDER_GAP)
        _draw_holder(draw, top, view, holder, final, context)
    _footer(draw, view, context, legend_top(height))
    return image
