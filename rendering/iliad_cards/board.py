"""The card game's table for everyone, drawn from the public view only."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.iliad_cards.viewtypes import (
    CampView,
    IliadCardsView,
    VictoryView,
)
from rendering import kit
from rendering.iliad_cards.army import army_rows, draw_army
from rendering.iliad_cards.parts import (
    CARD_GAP,
    CARD_H,
    FILLS,
    LEGEND,
    MARGIN,
    PANEL,
    SMALL,
    TEXT,
    TEXT_STEP,
    TITLE,
    WIDTH,
    chip,
    chips_in_a_row,
    kept_text,
    kind_word,
    log_lines,
    ordinal,
    prompt_text,
    score_chips,
    standings,
)

BOARD_SIZE = (WIDTH, 1610)
CAMPS_TOP = 382
CAMP_HEAD = 84  # name line and score line above the cards
CAMP_GAP = 6
LEGEND_H = 66
LOG_MIN = 122  # the log keeps at least three lines
LOG_FULL = 32 + 10 * 30 + 8  # the heading and ten lines: every line a view's `recent` holds
# zlib level 4, not the kit's 5: the table's flat cards make 34-46 KB uploads either way (5 is
# 6% smaller) and a board's new bands deflate in four fifths of the time (0.9 ms at 3 seats).
PNG_LEVEL = 4
ROWS_MOST = 3
BAND: kit.RGB = (236, 226, 204)  # the ground behind the siege, display and standings

Draw = kit.Drawing


ROW_H = CARD_H + CARD_GAP + 4


def _rows_most(players: int) -> int:
    """Card rows a camp may take at most: two at a table of two (ten cards or so; more end in
    "+N more"), three with more players, where the room shared out caps them anyway."""
    return 2 if players <= 2 else ROWS_MOST


def board_size(players: int) -> tuple[int, int]:
    """The board's size at a table of `players`: as tall as the camps at their fullest, the
    whole log and the legend need, BOARD_SIZE at most (so a table of two has no blank band)."""
    camps = players * (CAMP_HEAD + _rows_most(players) * ROW_H + 6 + CAMP_GAP)
    return WIDTH, min(BOARD_SIZE[1], CAMPS_TOP + camps + LOG_FULL + LEGEND_H)


def card_rows_allowed(players: int) -> int:
    """How many card rows each camp may use: as many as fit beside the log, at most three."""
    room = board_size(players)[1] - CAMPS_TOP - LEGEND_H - LOG_MIN
    rows = (room // players - CAMP_HEAD - 6) // ROW_H
    return max(1, min(_rows_most(players), rows))


def camp_height(camp: CampView, players: int, new: bool = False) -> int:
    """A camp is as tall as its army needs (one row at least): no empty panels."""
    rows = army_rows(camp["units"], WIDTH - 2 * MARGIN - 40, new)
    needed = len(rows) if camp["units"] or new else 1
    return CAMP_HEAD + min(needed, card_rows_allowed(players)) * ROW_H + 6


def camp_marks(view: IliadCardsView, seat: int) -> tuple[frozenset[int], bool, bool]:
    """What the prompt picks among in a camp: its cards' indices, whether the slot for a new
    phalanx shows there, and whether the whole army is one of the armies to strike."""
    chosen = view.get("choices")
    if not chosen or view["to_move"] is None:
        return frozenset(), False, False
    mine = chosen["army"] == seat
    units = frozenset(chosen["units"]) if mine else frozenset()
    return units, mine and chosen["new"], seat in chosen["camps"]


def _victory_card(
    draw: Draw, xy: tuple[int, int], card: VictoryView, picked: bool, context: ViewContext
) -> None:
    """A victory card on the display: its kind on a coloured band, its VP below; yellow when
    the prompt asks which victory card to take."""
    kind = kit.fitted(kind_word(card["kind"], context), SMALL, 100)
    vp = context.say("table.image.vp", count=card["vp"])
    sprite, mask = _victory_sprite(card["kind"], kind, vp, picked)
    kit.paste(draw.picture, sprite, (xy[0] - 4, xy[1] - 4), mask)


@lru_cache(maxsize=128)
def _victory_sprite(
    kind: str, words: str, vp: str, picked: bool
) -> tuple[Image.Image, Image.Image]:
    """A victory card drawn once, 4 px in from the sprite's corner (its frame stands 3 px out)."""

    def paint(draw: Draw) -> None:
        x, y = 4, 4
        fill = FILLS.get(kind, kit.MUTED)
        face = kit.CHOICE if picked else (255, 255, 255)
        box = (x, y, x + 104, y + 66)
        draw.rounded_rectangle(box, radius=8, fill=face, outline=fill, width=2)
        if picked:
            frame = (x - 3, y - 3, x + 107, y + 69)
            draw.rounded_rectangle(frame, radius=10, outline=kit.HIGHLIGHT, width=4)
        draw.rounded_rectangle((x, y, x + 104, y + 32), radius=8, fill=fill)
        draw.rectangle((x + 1, y + 24, x + 103, y + 32), fill=fill)
        kit.centred(draw, (x + 52, y + 16), words, SMALL, kit.readable_on(fill))
        kit.centred(draw, (x + 52, y + 49), vp, TEXT)

    return kit.cutout((113, 75), paint)


def _header(draw: Draw, view: IliadCardsView, context: ViewContext) -> None:
    """Siege number, the oracle card, the goal; then the display as cards."""
    most = view.get("sieges_max")
    siege = context.say("iliad_cards.image.siege", siege=view["siege"])
    if most:
        siege = context.say("iliad_cards.image.siege_of", siege=view["siege"], most=most)
    kit.text(draw, (MARGIN, 24), siege, TITLE, kit.INK, "lm")
    goal = context.say("iliad_cards.image.goal", vp=view["target_vp"])
    kit.text(draw, (WIDTH - MARGIN, 24), goal, TEXT, kit.INK, "rm")
    oracle = view.get("oracle")
    if oracle:
        x = MARGIN + round(kit.text_width(siege, TITLE)) + 16
        name = context.words(oracle["name"]).replace("(", "").replace(")", "")
        label = context.say("iliad_cards.image.oracle", name=name)
        room = WIDTH - MARGIN - round(kit.text_width(goal, TEXT)) - 12 - x - 18
        chip(draw, (x, 7), kit.fitted(label, SMALL, room), FILLS[oracle["kind"]])
    display = kit.fitted(context.say("iliad_cards.image.display"), SMALL, WIDTH - 2 * MARGIN)
    kept_text(draw, (MARGIN, 52), display, BAND, kit.MUTED)
    cards = view["display"]
    chosen = view.get("choices")
    picks = set(chosen["display"]) if chosen and view["to_move"] is not None else set()
    x = MARGIN
    for index, card in enumerate(cards):
        if x + 104 > WIDTH - MARGIN - (60 if index < len(cards) - 1 else 0):
            kit.text(draw, (x, 115), f"+{len(cards) - index}", TEXT, kit.MUTED, "lm")
            break
        _victory_card(draw, (x, 82), card, card["card"] in picks, context)
        x += 112
    if not cards:
        kit.text(draw, (MARGIN, 100), context.say("iliad_cards.image.empty"), SMALL, kit.MUTED)


def _table_lines(draw: Draw, view: IliadCardsView, context: ViewContext) -> None:
    """Amphoras and who holds them, then what is left in the decks."""
    seats = view["seats"]
    amphoras = [
        (f"{context.words(a['name'])}: {_holder(seats, a['holder'], context)}", FILLS["amphora"])
        for a in view["amphoras"]
    ]
    chips_in_a_row(draw, (MARGIN, 156), WIDTH - MARGIN, amphoras)
    heroes = ", ".join(str(h["value"]) for h in view["heroes"])
    parts = [context.say("iliad_cards.image.heroes_left", heroes=heroes)] if heroes else []
    parts += [
        context.say("iliad_cards.image.army_deck", count=view["army_deck"]),
        context.say("iliad_cards.image.discards", count=view["discard"]),
        context.say("iliad_cards.image.victory_deck", count=view["victory_deck"]),
    ]
    kit.text(draw, (MARGIN, 198), kit.fitted(", ".join(parts), SMALL, WIDTH - 2 * MARGIN), SMALL)


def _holder(seats: Sequence[str], holder: int | None, context: ViewContext) -> str:
    if holder is not None and 0 <= holder < len(seats):
        return seats[holder]
    return context.say("iliad_cards.image.nobody")


def _standings(draw: Draw, view: IliadCardsView, context: ViewContext) -> None:
    """The siege's standings: seats ranked by army strength, as coloured boxes."""
    ranked = standings(view["camps"])
    count = max(1, len(ranked))
    width = (WIDTH - 2 * MARGIN - (count - 1) * 6) // count
    label = context.say("iliad_cards.image.standings")
    kept_text(draw, (MARGIN, 230), kit.fitted(label, SMALL, WIDTH - 2 * MARGIN), BAND, kit.MUTED)
    for index, (rank, seat) in enumerate(ranked):
        camp = view["camps"][seat]
        place = context.say(
            "iliad_cards.image.place", rank=ordinal(rank, context), strength=camp["strength"]
        )
        place = kit.fitted(place, SMALL, width - 24)
        name = kit.fitted(view["seats"][seat], SMALL, width - 24)
        x = MARGIN + index * (width + 6)
        _standing_box(draw, (x, 262), kit.seat_colour(view, seat), width)
        kept_text(draw, (x + 18, 266), place, PANEL)
        kept_text(draw, (x + 18, 295), name, PANEL, kit.MUTED)


def _standing_box(draw: Draw, xy: tuple[int, int], colour: kit.RGB, width: int) -> None:
    """A seat's empty box in the standings, pasted as drawn once."""
    sprite, mask = _standing_sprite(colour, width)
    kit.paste(draw.picture, sprite, xy, mask)


def _draw_standing_box(draw: Draw, xy: tuple[int, int], colour: kit.RGB, width: int) -> None:
    """A seat's empty box in the standings: a frame and a bar in its colour."""
    x, y = xy
    draw.rounded_rectangle((x, y, x + width, y + 64), radius=8, fill=PANEL, outline=colour, width=3)
    draw.rectangle((x + 3, y + 3, x + 12, y + 61), fill=colour)


@lru_cache(maxsize=32)
def _standing_sprite(colour: kit.RGB, width: int) -> tuple[Image.Image, Image.Image]:
    """A seat's empty box in the standings, drawn once per colour and width (its words,
    which change with every strength, go on after)."""

    return kit.cutout((width + 1, 65), lambda draw: _draw_standing_box(draw, (0, 0), colour, width))


def _prompt_bar(draw: Draw, view: IliadCardsView, context: ViewContext) -> None:
    """The prompt naming the mover and their player (the result naming the winners)."""
    result = context.outcome(view)
    text = kit.headline(view, context) if result else prompt_text(view, context)
    room = WIDTH - 2 * MARGIN - 20
    if kit.text_width(text, TEXT) > room:  # the prompt's own words first; the camp names all
        text = str(result["summary"]) if result else prompt_text(view, context, named=False)
    mover = view["to_move"]
    colour = kit.HIGHLIGHT if result or mover is None else kit.seat_colour(view, mover)
    box = (MARGIN, 334, WIDTH - MARGIN, 374)
    kit.prompt_bar(draw, box, [kit.fitted(text, TEXT, room)], TEXT, colour)


def _tag(camp: CampView, view: IliadCardsView, context: ViewContext) -> tuple[str, kit.RGB] | None:
    """WINNER, passed 2nd or to move."""
    if camp["seat"] in kit.winners(view, context):
        return context.say("table.image.winner"), kit.HIGHLIGHT
    order = camp["pass_order"]
    if camp["passed"] and order is not None:
        return context.say("iliad_cards.image.passed", rank=ordinal(order, context)), kit.MUTED
    if view["to_move"] == camp["seat"]:
        return context.say("table.image.to_move"), kit.HIGHLIGHT
    return None


def _camp(
    draw: Draw,
    camp: CampView,
    box: tuple[int, int, int, int],
    view: IliadCardsView,
    context: ViewContext,
) -> None:
    """One seat's camp: name and army strength, VP, hand size, what it won, its army as cards."""
    left, top, right, bottom = box
    seat = int(camp["seat"])
    colour = kit.seat_colour(view, seat)
    picked, new, target = camp_marks(view, seat)
    panel = kit.CHOICE if target else PANEL
    lit = view["to_move"] == seat or seat in kit.winners(view, context)
    _camp_frame(draw, box, panel, colour, lit)
    army = context.say("iliad_cards.image.army", strength=camp["strength"])
    tag = _tag(camp, view, context)
    tag_w = round(kit.text_width(tag[0], SMALL)) + 24 if tag else 0
    name = (kit.seat_label(context, seat, view["seats"]), TEXT, kit.INK)
    figures = [(army, TITLE, top + 4)]
    end = kit.seat_heading(draw, name, (left + 28, top + 6), figures, right - 12, 20 + tag_w)
    if tag:
        chip(draw, (end + 8, top + 6), tag[0], tag[1])
    vp = context.say("iliad_cards.image.vp_hand", vp=camp["vp"], hand=camp["hand_size"])
    kept_text(draw, (left + 28, top + 46), vp, panel)
    x = left + 40 + round(kit.text_width(vp, SMALL))
    chips_in_a_row(
        draw,
        (x, top + 44),
        right - 12,
        score_chips(camp, {a["name"]: a["vp"] for a in view["amphoras"]}, context),
    )
    if camp["units"] or new:
        army_box = (left + 28, top + CAMP_HEAD + 8, right - 12, bottom - 4)
        draw_army(draw, army_box, camp["units"], context, picked, new)
    else:
        none = context.say("iliad_cards.image.no_army")
        kit.text(draw, (left + 28, top + CAMP_HEAD + 10), none, SMALL, kit.MUTED)


def _camp_frame(
    draw: Draw, box: tuple[int, int, int, int], panel: kit.RGB, colour: kit.RGB, lit: bool
) -> None:
    """A camp's empty panel, pasted as drawn once."""
    left, top, right, bottom = box
    kit.paste(
        draw.picture, _camp_panel(right - left, bottom - top, panel, colour, lit), (left, top)
    )


def _draw_camp_panel(
    draw: Draw, box: tuple[int, int, int, int], panel: kit.RGB, colour: kit.RGB, lit: bool
) -> None:
    """A camp's empty panel: its frame (lit for the mover and the winners) and seat bar."""
    left, top = box[:2]
    draw.rounded_rectangle(box, radius=10, fill=panel, outline=colour, width=2)
    if lit:
        draw.rounded_rectangle(box, radius=10, outline=kit.HIGHLIGHT, width=6)
    draw.rounded_rectangle((left + 6, top + 8, left + 18, top + 76), radius=4, fill=colour)


@lru_cache(maxsize=16)
def _camp_panel(width: int, height: int, panel: kit.RGB, colour: kit.RGB, lit: bool) -> Image.Image:
    """A camp's empty panel on the board's ground, drawn once per size, colours and light
    (up to 1.3 MB each, at most 16 kept: one table's seats lit and unlit) and pasted whole."""
    image, draw = kit.canvas(width + 1, height + 1)
    _draw_camp_panel(draw, (0, 0, width, height), panel, colour, lit)
    return image


def _legend(draw: Draw, lines: tuple[str, ...], top: int, height: int) -> None:
    """The legend at the foot of the board, pasted as drawn once for these words and size."""
    kit.paste(draw.picture, _legend_patch(lines, height - top), (0, top))


def _draw_legend(draw: Draw, lines: tuple[str, ...], top: int) -> None:
    """The legend's lines drawn from `top` down."""
    for index, words in enumerate(lines):
        kit.text(draw, (MARGIN, top + 4 + index * TEXT_STEP), words, SMALL, kit.MUTED)


@lru_cache(maxsize=16)
def _legend_patch(lines: tuple[str, ...], height: int) -> Image.Image:
    """The legend's band drawn once per language, lines and board size."""
    image, draw = kit.canvas(WIDTH, height)
    _draw_legend(draw, lines, 0)
    return image


def render_board(view: IliadCardsView, context: ViewContext) -> Image.Image:
    """The public table: siege, display, amphoras, standings, every camp's army, the latest log."""
    size = board_size(int(view["players"]))
    image, draw = kit.canvas(*size)
    draw.rectangle((0, 0, WIDTH, CAMPS_TOP - 6), fill=BAND)
    _header(draw, view, context)
    _table_lines(draw, view, context)
    _standings(draw, view, context)
    _prompt_bar(draw, view, context)
    y = CAMPS_TOP
    for camp in view["camps"]:
        height = camp_height(camp, int(view["players"]), camp_marks(view, camp["seat"])[1])
        _camp(draw, camp, (MARGIN, y, WIDTH - MARGIN, y + height), view, context)
        y += height + CAMP_GAP
    legend = LEGEND if view.get("choices") and view["to_move"] is not None else LEGEND[:-1]
    legend_top = size[1] - LEGEND_H - (len(legend) - 2) * TEXT_STEP  # the legend ends the image
    log_lines(draw, view["recent"], (MARGIN, y + 6, WIDTH - MARGIN, legend_top - 4), context)
    words = tuple(kit.fitted(context.say(line), SMALL, WIDTH - 2 * MARGIN) for line in legend)
    _legend(draw, words, legend_top, size[1])
    image.info[kit.LEVEL_HINT] = PNG_LEVEL
    return image
