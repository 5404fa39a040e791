"""Iliad card game images, drawn from view dicts only: the table for everyone, a hand per seat."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.view import OutcomeView, ViewContext
from bot.games.iliad_cards.views import (
    CampView,
    HandGroup,
    IliadCardsSeatView,
    IliadCardsView,
    UnitView,
)
from rendering import kit

BOARD_SIZE = (1500, 1000)
HAND_SIZE = (1200, 800)
TOP = 190  # height of the siege bar above the camps
GAP = 10
SEAT_COLOURS = [kit.SEAT_COLOURS[c] for c in ("blue", "red", "green", "yellow", "purple")]
PANEL: kit.RGB = (255, 252, 245)
LINE: kit.RGB = (200, 190, 170)
FILLS: dict[str, kit.RGB] = {
    "phalanx": (222, 178, 104),
    "hoplite": (222, 178, 104),
    "hero": (240, 206, 90),
    "chariot": (196, 124, 74),
    "archer": (128, 176, 96),
    "elephant": (160, 160, 172),
    "catapult": (84, 96, 120),
    "ballista": (84, 96, 120),
    "harrow": (120, 120, 120),
    "horse": (150, 100, 60),
    "city": (70, 110, 186),
    "trireme": (32, 138, 150),
    "helen": (204, 84, 140),
    "thanatos": (40, 40, 40),
    "gorgon": (110, 60, 150),
    "amphora": (236, 190, 120),
}
KIND_ORDER = ("phalanx", "hero", "chariot", "archer", "elephant", "catapult", "ballista")
ORDINALS = ("1st", "2nd", "3rd", "4th", "5th")

Draw = ImageDraw.ImageDraw


def _chip(
    draw: Draw, x: int, y: int, text: str, fill: kit.RGB, size: int = 22, height: int = 36
) -> int:
    """A rounded label; returns its width."""
    width = kit.text_size(draw, text, size)[0] + 20
    draw.rounded_rectangle((x, y, x + width, y + height), radius=8, fill=fill)
    kit.centred(draw, (x + width / 2, y + height / 2), text, size, kit.readable_on(fill))
    return width


def _rows(draw: Draw, texts: Sequence[str], width: int, size: int) -> list[list[int]]:
    """Greedy line breaking of chips: indices per row."""
    rows: list[list[int]] = [[]]
    used = 0
    for index, text in enumerate(texts):
        chip = kit.text_size(draw, text, size)[0] + 26
        if used + chip > width and rows[-1]:
            rows.append([])
            used = 0
        rows[-1].append(index)
        used += chip
    return rows


def _flow(
    draw: Draw, chips: Sequence[tuple[str, kit.RGB]], box: tuple[int, int, int, int], size: int
) -> None:
    """Chips left to right, wrapping; what does not fit becomes '+N more' on the last row."""
    left, top, right, bottom = box
    height = size + 14
    fit = max(1, (bottom - top + 6) // (height + 6))
    rows = _rows(draw, [text for text, _ in chips], right - left, size)
    if len(rows) > fit:
        rows = rows[:fit]
        more = _rows(draw, [*(chips[i][0] for i in rows[-1]), "+99 more"], right - left, size)
        while len(more) > 1:
            rows[-1].pop()
            more = _rows(draw, [*(chips[i][0] for i in rows[-1]), "+99 more"], right - left, size)
    shown = sum(len(row) for row in rows)
    for number, row in enumerate(rows):
        x, y = left, top + number * (height + 6)
        for index in row:
            x += _chip(draw, x, y, chips[index][0], chips[index][1], size, height) + 6
        if number == len(rows) - 1 and shown < len(chips):
            _chip(draw, x, y, f"+{len(chips) - shown} more", kit.MUTED, size, height)


def _army_chips(units: Sequence[UnitView]) -> list[tuple[str, kit.RGB]]:
    """Phalanxes one by one (values and strength); other units grouped with a count."""
    phalanxes = sorted(
        (u for u in units if u["kind"] == "phalanx"), key=lambda u: -int(u["strength"])
    )
    chips = [
        (
            f"{u.get('text')} = {u['strength']}" + (" +Harrow" if u.get("harrow") else ""),
            FILLS["phalanx"],
        )
        for u in phalanxes
    ]
    groups: dict[tuple[str, str], int] = {}
    for unit in units:
        if unit["kind"] != "phalanx":
            name = _unit_name(unit)
            groups[(unit["kind"], name)] = groups.get((unit["kind"], name), 0) + 1
    for (kind, name), count in sorted(groups.items(), key=lambda g: KIND_ORDER.index(g[0][0])):
        chips.append((name + (f" x{count}" if count > 1 else ""), FILLS[kind]))
    return chips


def _unit_name(unit: UnitView) -> str:
    if unit["kind"] == "hero":
        return f"{unit.get('name')} {unit.get('value')}"
    name = str(unit["kind"]).capitalize()
    if unit.get("rider"):
        return name + "+Archer"
    return name + ("+Harrow" if unit.get("harrow") else "")


def _layout(players: int) -> list[tuple[int, int, int, int]]:
    """Camp boxes in two columns, then one box for the latest log lines where space is left."""
    width, height = BOARD_SIZE
    rows = max(2, (players + 1) // 2)
    cell_w = (width - 3 * GAP) // 2
    cell_h = (height - TOP - (rows + 1) * GAP) // rows
    boxes = []
    for index in range(rows * 2):
        row, col = divmod(index, 2)
        x = GAP + col * (cell_w + GAP)
        y = TOP + GAP + row * (cell_h + GAP)
        boxes.append((x, y, x + cell_w, y + cell_h))
    if players == 2:  # one wide log box under the two camps
        return [*boxes[:2], (boxes[2][0], boxes[2][1], boxes[3][2], boxes[3][3])]
    return boxes[: players + players % 2]


@lru_cache(maxsize=8)
def _background(players: int) -> Image.Image:
    """The static layer: the siege bar and empty camp panels."""
    image, draw = kit.canvas(*BOARD_SIZE)
    draw.rectangle((0, 0, BOARD_SIZE[0], TOP), fill=(236, 226, 204))
    for box in _layout(players):
        draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=LINE, width=2)
    return image


def _siege_bar(draw: Draw, view: IliadCardsView, result: OutcomeView | None) -> None:
    most = view.get("sieges_max")
    kit.centred(draw, (95, 30), f"Siege {view['siege']}" + (f" of {most}" if most else ""), 28)
    oracle = view.get("oracle")
    if oracle:
        label = oracle["name"].replace("(", "").replace(")", "")
        _chip(draw, 14, 56, label, FILLS[oracle["kind"]], 24, 44)
    else:
        kit.centred(draw, (95, 78), "no oracle", 22, kit.MUTED)
    x = 250
    kit.text(draw, (x, 12), "Display", 20, kit.MUTED)
    cards = view["display"]
    for index, card in enumerate(cards):
        if x > 880:
            _chip(draw, x, 40, f"+{len(cards) - index}", kit.MUTED, 24, 56)
            break
        x += _chip(draw, x, 40, card["name"], FILLS[card["kind"]], 24, 56) + 8
    if not cards:
        kit.text(draw, (250, 52), "empty", 24, kit.MUTED)
    seats = view["seats"]
    for row, amphora in enumerate(view["amphoras"]):
        holder = amphora["holder"]
        owner = seats[holder] if holder is not None else "nobody"
        text = f"{amphora['name']} {amphora['vp']}: {owner}"
        _chip(draw, 1040, 8 + row * 40, text, FILLS["amphora"], 22, 34)
    _status_line(draw, view, result)


def _status_line(draw: Draw, view: IliadCardsView, result: OutcomeView | None) -> None:
    heroes = " ".join(str(h["value"]) for h in view["heroes"]) or "none"
    decks = (
        f"Heroes left: {heroes}   Army deck {view['army_deck']}   Discards {view['discard']}"
        f"   Victory deck {view['victory_deck']}   Goal {view['target_vp']} VP"
    )
    kit.text(draw, (14, 112), decks, 22, kit.INK)
    text = result["summary"] if result else _prompt(view)
    mover = view["to_move"]
    colour = kit.HIGHLIGHT if result or mover is None else SEAT_COLOURS[mover]
    text = kit.fit_text(draw, text, 26, BOARD_SIZE[0] - 60)
    _chip(draw, 14, 144, text, colour, 26, 40)


def _prompt(view: IliadCardsView) -> str:
    pending = view.get("pending")
    if pending:
        return f"{view['prompt']} ({pending['name']})"
    return str(view["prompt"])


def _camp(
    draw: Draw,
    camp: CampView,
    box: tuple[int, int, int, int],
    view: IliadCardsView,
    context: ViewContext,
) -> None:
    left, top, right, bottom = box
    result = context.outcome(view)
    seat = int(camp["seat"])
    colour = SEAT_COLOURS[seat]
    if view["to_move"] == seat or (result and seat in result["winners"]):
        draw.rounded_rectangle(box, radius=12, outline=kit.HIGHLIGHT, width=6)
    draw.rounded_rectangle((left + 8, top + 8, left + 20, top + 44), radius=4, fill=colour)
    tag = _tag(camp, view, result)
    name = kit.fit_text(draw, kit.seat_label(context, seat, view["seats"]), 28, 330)
    kit.text(draw, (left + 30, top + 8), name, 28, kit.INK)
    x = left + 40 + kit.text_size(draw, name, 28)[0]
    if tag:
        x += _chip(draw, x, top + 10, tag[0], tag[1], 20, 30) + 10
    kit.text(draw, (x, top + 14), f"hand {camp['hand_size']}", 22, kit.MUTED)
    army = f"Army {camp['strength']}"
    kit.text(draw, (right - 14, top + 6), army, 32, kit.INK, "ra")
    _score_line(draw, camp, (left + 12, top + 50, right - 12))
    units = _army_chips(camp["units"])
    if units:
        box = (left + 12, top + 94, right - 12, bottom - 8)
        _flow(draw, units, box, _chip_size(draw, units, box))
    else:
        kit.text(draw, (left + 12, top + 98), "no army yet", 22, kit.MUTED)


def _chip_size(draw: Draw, chips: Sequence[tuple[str, kit.RGB]], box: tuple[int, ...]) -> int:
    """The largest of a few text sizes at which every chip fits the box."""
    left, top, right, bottom = box
    for size in (25, 22, 20):
        fit = (bottom - top + 6) // (size + 20)
        if len(_rows(draw, [text for text, _ in chips], right - left, size)) <= fit:
            return size
    return 20


def _tag(
    camp: CampView, view: IliadCardsView, result: OutcomeView | None
) -> tuple[str, kit.RGB] | None:
    """WINNER, passed 2nd or to move."""
    if result and camp["seat"] in result["winners"]:
        return "WINNER", kit.HIGHLIGHT
    order = camp["pass_order"]
    if camp["passed"] and order is not None:
        return f"passed {ORDINALS[order - 1]}", kit.MUTED
    if view["to_move"] == camp["seat"]:
        return "to move", kit.HIGHLIGHT
    return None


def _score_line(draw: Draw, camp: CampView, where: tuple[int, int, int]) -> None:
    """VP, then amphoras, victory cards by kind and Thanatos cards."""
    x, y, right = where
    kit.text(draw, (x, y + 2), f"VP {camp['vp']}", 26, kit.INK)
    marks = [(name, FILLS["amphora"]) for name in camp["amphoras"]]
    for kind in ("city", "trireme", "helen"):
        values = [str(c["vp"]) for c in camp["victory"] if c["kind"] == kind]
        if values:
            marks.append((f"{kind[0].upper()} {'+'.join(values)}", FILLS[kind]))
    if camp["thanatos"]:
        marks.append((" ".join(str(p) for p in camp["thanatos"]), FILLS["thanatos"]))
    _flow(draw, marks, (x + 96, y, right, y + 34), 20)


def _log_box(draw: Draw, lines: Sequence[str], box: tuple[int, int, int, int]) -> None:
    """The latest public log lines, in the spare camp cell."""
    left, top, right, bottom = box
    kit.text(draw, (left + 14, top + 10), "Latest", 22, kit.MUTED)
    rows = max(0, (bottom - top - 44) // 28)
    y = top + 40
    for line in list(lines)[-rows:] if rows else []:
        kit.text(
            draw,
            (left + 14, y),
            kit.fit_text(draw, line, 20, right - left - 28),
            20,
            kit.INK,
        )
        y += 28


def render_board(view: IliadCardsView, context: ViewContext) -> Image.Image:
    """The public table: siege bar, then every camp's army, strength, VP and amphoras."""
    result = context.outcome(view)
    image = _background(int(view["players"])).copy()
    draw = ImageDraw.Draw(image)
    _siege_bar(draw, view, result)
    boxes = _layout(int(view["players"]))
    for camp, box in zip(view["camps"], boxes, strict=False):
        _camp(draw, camp, box, view, context)
    if len(boxes) > len(view["camps"]):
        _log_box(draw, view["recent"], boxes[-1])
    return image


def _wrap(draw: Draw, text: str, size: int, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and kit.text_size(draw, f"{lines[-1]} {word}", size)[0] <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines


def render_hand(view: IliadCardsSeatView, context: ViewContext) -> Image.Image:
    """One seat's hand (from its private part), grouped by kind with what each card does."""
    image, draw = kit.canvas(*HAND_SIZE)
    seat = int(view["seat"])
    camp = view["camps"][seat]
    hand = view["private"]["hand"]
    groups = view["private"]["hand_groups"]
    draw.rectangle((0, 0, HAND_SIZE[0], 96), fill=SEAT_COLOURS[seat])
    ink = kit.readable_on(SEAT_COLOURS[seat])
    title = f"{kit.seat_label(context, seat, view['seats'])}: {len(hand)} cards in hand"
    kit.text(draw, (20, 10), kit.fit_text(draw, title, 34, HAND_SIZE[0] - 40), 34, ink)
    over = context.outcome(view) is not None
    mine = view["to_move"] == seat and not over
    status = f"Army {camp['strength']}   VP {camp['vp']}   Siege {view['siege']}   "
    status += (
        "Your move"
        if mine
        else f"Waiting: {_prompt(view)}"
        if view["to_move"] is not None and not over
        else "Game over"
    )
    kit.text(draw, (20, 56), kit.fit_text(draw, status, 24, HAND_SIZE[0] - 40), 24, ink)
    if not groups:
        kit.centred(draw, (HAND_SIZE[0] / 2, 420), "No cards in hand", 32, kit.MUTED)
    cols, tile_w, tile_h = 4, (HAND_SIZE[0] - 5 * 16) // 4, 215
    for index, group in enumerate(groups[:12]):
        row, col = divmod(index, cols)
        x, y = 16 + col * (tile_w + 16), 112 + row * (tile_h + 16)
        _hand_tile(draw, group, (x, y, x + tile_w, y + tile_h))
    return image


def _hand_tile(draw: Draw, group: HandGroup, box: tuple[int, int, int, int]) -> None:
    left, top, right, _ = box
    fill = FILLS[group["kind"]]
    draw.rounded_rectangle(box, radius=12, fill=PANEL, outline=LINE, width=2)
    draw.rounded_rectangle((left, top, right, top + 54), radius=12, fill=fill)
    ink = kit.readable_on(fill)
    kit.text(draw, (left + 14, top + 12), group["name"], 28, ink)
    kit.text(draw, (right - 14, top + 8), f"x{group['count']}", 34, ink, "ra")
    y = top + 64
    for line in _wrap(draw, group["hint"], 22, right - left - 24)[:5]:
        kit.text(draw, (left + 12, y), line, 22, kit.INK)
        y += 29
