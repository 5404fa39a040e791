"""The card game's drawing pieces: army cards and phalanx stacks, chips, standings, the log."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from PIL import ImageDraw

from bot.engine.view import ViewContext
from bot.games.iliad_cards.viewtypes import CampView, IliadCardsView, UnitView
from rendering import kit

Draw = ImageDraw.ImageDraw

WIDTH = 800  # a portrait table: 24 px text (800 / 35 = 23) reads at 400 px
MARGIN = 12
SMALL = 24
TEXT = 26
TITLE = 28
BIG = 34
TEXT_STEP = 29  # px between lines of 24 px text
CARD_W, CARD_H, CARD_GAP, PILE = 118, 100, 8, 8  # PILE: how far each card under a phalanx shows
PANEL: kit.RGB = (255, 252, 245)  # a camp's panel and a hand's card tile
LINE: kit.RGB = (200, 190, 170)
CARD_FACE: kit.RGB = (255, 255, 255)
NEW_SLOT = -1  # a unit index meaning "a new phalanx / standing alone" (the engine's NEW)
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
ORDINALS = (  # '1st' ... '5th' (a rank in the standings, an order of passing)
    "iliad_cards.image.ordinal_1",
    "iliad_cards.image.ordinal_2",
    "iliad_cards.image.ordinal_3",
    "iliad_cards.image.ordinal_4",
    "iliad_cards.image.ordinal_5",
)
LEGEND = (
    "iliad_cards.image.legend_number",
    "iliad_cards.image.legend_chips",
    "iliad_cards.image.legend_yellow",
)
KIND_WORDS = {  # a card's type on its band (short enough for it) and on the score chips
    "phalanx": "iliad_cards.image.kind.phalanx",
    "hero": "iliad_cards.image.kind.hero",
    "chariot": "iliad_cards.image.kind.chariot",
    "archer": "iliad_cards.image.kind.archer",
    "elephant": "iliad_cards.image.kind.elephant",
    "catapult": "iliad_cards.image.kind.catapult",
    "ballista": "iliad_cards.image.kind.ballista",
    "harrow": "iliad_cards.image.kind.harrow",
    "horse": "iliad_cards.card.horse",
    "city": "iliad_cards.image.kind.city",
    "trireme": "iliad_cards.image.kind.trireme",
    "helen": "iliad_cards.image.kind.helen",
}


def ordinal(rank: int, context: ViewContext) -> str:
    """'1st', '1.', '1er': a rank as the reader writes it."""
    return context.say(ORDINALS[rank - 1]) if 1 <= rank <= len(ORDINALS) else str(rank)


def kind_word(kind: str, context: ViewContext) -> str:
    """A card type's name in the reader's words ('Streitwagen'); an unknown type as it is."""
    key = KIND_WORDS.get(kind)
    return context.say(key) if key else kind.capitalize()


def prompt_text(view: IliadCardsView, context: ViewContext, named: bool = True) -> str:
    """The prompt with the card it is about, in the reader's words; `named`: the mover named
    with the player."""
    prompt = kit.headline(view, context) if named else context.words(view["prompt"])
    pending = view.get("pending")
    if pending:
        return f"{prompt} ({context.words(pending['name'])})"
    return prompt


def chip(draw: Draw, xy: tuple[int, int], words: str, fill: kit.RGB, size: int = SMALL) -> int:
    """A rounded label with its top-left corner at `xy`; returns its width."""
    x, y = xy
    width = round(kit.text_width(words, size)) + 18
    draw.rounded_rectangle((x, y, x + width, y + size + 10), radius=8, fill=fill)
    kit.centred(draw, (x + width / 2, y + (size + 10) / 2), words, size, kit.readable_on(fill))
    return width


def chips_in_a_row(
    draw: Draw, xy: tuple[int, int], right: int, chips: Sequence[tuple[str, kit.RGB]]
) -> None:
    """Chips left to right while they fit; the rest as "+N"."""
    x, y = xy
    for index, (words, fill) in enumerate(chips):
        rest = len(chips) - index
        room = right - x - (0 if rest == 1 else 56)
        if kit.text_width(words, SMALL) + 18 > room:
            chip(draw, (x, y), f"+{rest}", kit.MUTED)
            return
        x += chip(draw, (x, y), words, fill) + 6


def _unit_title(unit: UnitView, context: ViewContext) -> str:
    """The band of a card: its type, or the hero's name (as the reader's edition prints it)."""
    if unit["kind"] == "hero" and "name" in unit:
        return context.words(unit["name"])
    return kind_word(str(unit["kind"]), context)


def _unit_detail(unit: UnitView, context: ViewContext) -> str:
    """The line under the band: a phalanx's Hoplites, or what rides or shields the card."""
    if unit["kind"] == "phalanx":
        return str(unit.get("text", ""))
    if unit["kind"] == "hero":
        return context.say("iliad_cards.image.hero")
    if unit.get("rider"):
        return context.say("iliad_cards.image.with", card=kind_word("archer", context))
    if unit.get("harrow"):
        return context.say("iliad_cards.image.with", card=kind_word("harrow", context))
    return ""


HARROW_W = 62  # a phalanx's Harrow: a card tucked in beside it


def _shielded_phalanx(unit: UnitView) -> bool:
    return unit["kind"] == "phalanx" and bool(unit.get("harrow"))


def card_width(unit: UnitView) -> int:
    """How wide a unit is drawn: a phalanx's pile shows an edge of every card under the top,
    and its Harrow sticks out beside it."""
    width = CARD_W + PILE * (len(unit.get("values", [1])) - 1)
    return width + (HARROW_W if _shielded_phalanx(unit) else 0)


def _harrow(draw: Draw, x: int, y: int, letter: str) -> None:
    """A Harrow tucked under a phalanx's right edge: a grey card with an H."""
    fill = FILLS["harrow"]
    box = (x - 20, y + 8, x + HARROW_W, y + CARD_H - 8)
    draw.rounded_rectangle(
        box, radius=8, fill=kit.tint(fill, 0.6), outline=kit.shade(fill, 0.3), width=2
    )
    kit.centred(draw, (x + HARROW_W / 2 + 4, y + CARD_H / 2), letter, BIG, kit.shade(fill, 0.3))


def _new_slot(draw: Draw, x: int, y: int, context: ViewContext) -> None:
    """Where a card may start a new phalanx or stand alone: an empty yellow slot saying so."""
    box = (x, y, x + CARD_W, y + CARD_H)
    draw.rounded_rectangle(box, radius=8, fill=kit.CHOICE, outline=kit.HIGHLIGHT, width=5)
    word = kit.fitted(context.say("iliad_cards.image.new"), TEXT, CARD_W - 8)
    kit.centred(draw, (x + CARD_W / 2, y + CARD_H / 2), word, TEXT)


def army_card(
    draw: Draw, xy: tuple[int, int], unit: UnitView, context: ViewContext, picked: bool = False
) -> None:
    """A unit drawn as a card: type band, detail line, the strength it adds in large figures;
    a card the prompt picks among has a yellow face and frame.

    A phalanx is a pile, one card edge per Hoplite under the top card; a Harrow on it shows
    as "+Harrow" under the pile.
    """
    x, y = xy
    fill = FILLS.get(str(unit["kind"]), kit.MUTED)
    under = len(unit.get("values", [1])) - 1
    if _shielded_phalanx(unit):
        _harrow(draw, x + CARD_W + under * PILE, y, context.say("iliad_cards.image.harrow_letter"))
    for depth in range(under, 0, -1):  # the cards under the top one, furthest first
        dx = depth * PILE
        box = (x + dx, y - dx // 2, x + dx + CARD_W, y - dx // 2 + CARD_H)
        draw.rounded_rectangle(
            box, radius=8, fill=kit.tint(fill, 0.5), outline=kit.shade(fill, 0.4)
        )
    box = (x, y, x + CARD_W, y + CARD_H)
    face = kit.CHOICE if picked else CARD_FACE
    draw.rounded_rectangle(box, radius=8, fill=face, outline=kit.shade(fill, 0.4), width=2)
    draw.rounded_rectangle((x, y, x + CARD_W, y + 32), radius=8, fill=fill)
    draw.rectangle((x + 1, y + 24, x + CARD_W - 1, y + 32), fill=fill)
    title = kit.fitted(_unit_title(unit, context), SMALL, CARD_W - 6)
    kit.centred(draw, (x + CARD_W / 2, y + 16), title, SMALL, kit.readable_on(fill))
    detail = _unit_detail(unit, context)
    if detail:
        kit.centred(draw, (x + CARD_W / 2, y + 46), kit.fitted(detail, SMALL, CARD_W - 8), SMALL)
    strength = int(unit["strength"])
    colour = kit.INK if strength else kit.MUTED
    kit.centred(draw, (x + CARD_W / 2, y + CARD_H - 20), str(strength), 30, colour)
    if picked:
        frame = (x - 3, y - 3, x + CARD_W + 3, y + CARD_H + 3)
        draw.rounded_rectangle(frame, radius=10, outline=kit.HIGHLIGHT, width=5)


Placed = tuple[int, UnitView]  # a unit with its index in the camp's army (NEW_SLOT: the slot)
SLOT: UnitView = {"kind": "new", "strength": 0, "label": "new"}


def army_order(units: Sequence[UnitView], new: bool = False) -> list[Placed]:
    """Phalanxes strongest first, then heroes and other cards in a fixed kind order, each with
    its index in the army; the slot for a new phalanx last when the prompt offers it."""
    ordered = sorted(
        enumerate(units),
        key=lambda placed: (
            KIND_ORDER.index(str(placed[1]["kind"]))
            if placed[1]["kind"] in KIND_ORDER
            else len(KIND_ORDER),
            -int(placed[1]["strength"]),
        ),
    )
    return [*ordered, (NEW_SLOT, SLOT)] if new else ordered


def army_rows(units: Sequence[UnitView], width: int, new: bool = False) -> list[list[Placed]]:
    """The units (and the new slot) broken into rows of cards that fit `width`."""
    rows: list[list[Placed]] = [[]]
    used = 0
    for placed in army_order(units, new):
        need = card_width(placed[1]) + CARD_GAP
        if used + need > width + CARD_GAP and rows[-1]:
            rows.append([])
            used = 0
        rows[-1].append(placed)
        used += need
    return rows


def _row_width(row: Sequence[Placed]) -> int:
    return sum(card_width(unit) + CARD_GAP for _, unit in row)


def _note_width(hidden: int, context: ViewContext) -> float:
    """Room for "+N more" after a row (at least the 90 px the English note always had)."""
    return max(
        90.0, kit.text_width(context.say("iliad_cards.image.more", count=hidden), SMALL) + 12
    )


def draw_army(
    draw: Draw,
    box: tuple[int, int, int, int],
    units: Sequence[UnitView],
    context: ViewContext,
    picked: frozenset[int] = frozenset(),
    new: bool = False,
) -> None:
    """The army as rows of cards; rows that do not fit end in a "+N cards" note. The cards
    in `picked` (indices) and the `new` slot are what the prompt chooses among."""
    left, top, right, bottom = box
    rows = army_rows(units, right - left, new)
    room = max(1, (bottom - top + CARD_GAP) // (CARD_H + CARD_GAP + 4))
    shown = rows[:room]
    hidden = sum(len(r) for r in rows[room:])
    if hidden:  # the last row keeps room for the note, as wide as the reader's words make it
        while shown[-1] and _row_width(shown[-1]) > right - left - _note_width(hidden, context):
            shown[-1].pop()
            hidden += 1
    for number, row in enumerate(shown):
        x, y = left, top + 4 + number * (CARD_H + CARD_GAP + 4)
        for index, unit in row:
            if index == NEW_SLOT:
                _new_slot(draw, x, y, context)
            else:
                army_card(draw, (x, y), unit, context, index in picked)
            x += card_width(unit) + CARD_GAP
        if hidden and number == len(shown) - 1:
            more = context.say("iliad_cards.image.more", count=hidden)
            kit.text(draw, (x + 4, y + CARD_H // 2), more, SMALL, kit.MUTED, "lm")


def standings(camps: Sequence[CampView]) -> list[tuple[int, int]]:
    """(rank, seat) by army strength; of two equal armies the earlier passer ranks higher (IC-14).

    Equal armies where neither has passed share a rank: their order is not settled yet.
    """

    def key(camp: CampView) -> tuple[int, int]:
        order = camp["pass_order"]
        return (-int(camp["strength"]), order if order is not None else 99)

    ranked = sorted(camps, key=key)
    result: list[tuple[int, int]] = []
    for index, camp in enumerate(ranked):
        rank = index + 1
        if index and key(ranked[index - 1]) == key(camp):
            rank = result[-1][0]
        result.append((rank, int(camp["seat"])))
    return result


def score_chips(
    camp: CampView, amphora_vp: Mapping[str, int], context: ViewContext
) -> list[tuple[str, kit.RGB]]:
    """Amphoras, victory cards by kind ("City 1+2") and Thanatos cards, each with its VP."""
    marks = [
        (f"{context.words(name)} {amphora_vp.get(name, '')}".strip(), FILLS["amphora"])
        for name in camp["amphoras"]
    ]  # their VP: the top bar
    for kind in ("city", "trireme", "helen"):
        values = [str(c["vp"]) for c in camp["victory"] if c["kind"] == kind]
        if values:
            marks.append((f"{kind_word(kind, context)} {'+'.join(values)}", FILLS[kind]))
    for penalty in camp["thanatos"]:
        marks.append((f"Thanatos {penalty}", FILLS["thanatos"]))
    return marks


def log_lines(
    draw: Draw, lines: Sequence[str], box: tuple[int, int, int, int], context: ViewContext
) -> int:
    """The newest public log lines that fit, oldest first, two lines each, in the reader's
    words; returns the y below."""
    left, top, right, bottom = box
    kit.text(draw, (left, top), context.say("iliad_cards.image.latest"), SMALL, kit.MUTED)
    room = max(0, (bottom - top - 34) // 30)
    chosen: list[str] = []
    for line in map(context.words, reversed(lines)):
        parts = list(kit.wrap_text(line, SMALL, right - left))
        if len(parts) > 2:
            parts = [parts[0], kit.fitted(" ".join(parts[1:]), SMALL, right - left)]
        if len(chosen) + len(parts) > room:
            if not chosen and room:
                chosen = [kit.fitted(line, SMALL, right - left)]
            break
        chosen = parts + chosen
    for index, part in enumerate(chosen):
        kit.text(draw, (left, top + 32 + index * 30), part, SMALL, kit.INK)
    return top + 32 + len(chosen) * 30
