"""The card game's armies: each unit as a card (a phalanx as a pile, its Harrow beside it),
drawn once per face and pasted after, in rows that fit a camp."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.iliad_cards.viewtypes import UnitView
from rendering import kit
from rendering.iliad_cards.parts import (
    BIG,
    CARD_FACE,
    CARD_GAP,
    CARD_H,
    CARD_W,
    FILLS,
    KIND_ORDER,
    NEW_SLOT,
    PILE,
    SMALL,
    TEXT,
    Draw,
    kind_word,
)


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


class Face(NamedTuple):
    """Everything a unit's card shows, in the reader's words: the key of its cached sprite."""

    kind: str
    title: str
    detail: str
    strength: int
    under: int  # cards under the top one (a phalanx's pile)
    harrow: str  # the letter on a phalanx's Harrow; "" without one
    picked: bool  # the prompt picks among this card: a yellow face and frame


def army_card(
    draw: Draw,
    xy: tuple[int, int],
    unit: UnitView,
    context: ViewContext,
    picked: bool = False,
) -> None:
    """A unit drawn as a card: type band, detail line, the strength it adds in large figures;
    a card the prompt picks among has a yellow face and frame.

    A phalanx is a pile, one card edge per Hoplite under the top card; a Harrow on it shows
    as "+Harrow" under the pile. Each card is drawn once and pasted after (cards repeat from
    board to board).
    """
    detail = _unit_detail(unit, context)
    shielded = _shielded_phalanx(unit)
    face = Face(
        kind=str(unit["kind"]),
        title=kit.fitted(_unit_title(unit, context), SMALL, CARD_W - 6),
        detail=kit.fitted(detail, SMALL, CARD_W - 8) if detail else "",
        strength=int(unit["strength"]),
        under=len(unit.get("values", [1])) - 1,
        harrow=context.say("iliad_cards.image.harrow_letter") if shielded else "",
        picked=picked,
    )
    sprite, mask = _card_sprite(face)
    kit.paste(draw.picture, sprite, (xy[0] - SPRITE_MARGIN, xy[1] - _pile_rise(face)), mask)


SPRITE_MARGIN = 6  # px around a card's sprite: its yellow frame stands 3 px out


def _pile_rise(face: Face) -> int:
    """How far a card's sprite starts above the card: its pile's rise and the margin."""
    return face.under * PILE // 2 + SPRITE_MARGIN


@lru_cache(maxsize=512)
def _card_sprite(face: Face) -> tuple[Image.Image, Image.Image]:
    """A card, its pile and Harrow drawn once, cut out to paste."""
    width = CARD_W + face.under * PILE + (HARROW_W if face.harrow else 0)
    size = (width + 2 * SPRITE_MARGIN, CARD_H + _pile_rise(face) + SPRITE_MARGIN)
    return kit.cutout(size, lambda draw: _draw_card(draw, (SPRITE_MARGIN, _pile_rise(face)), face))


def _draw_card(draw: Draw, xy: tuple[int, int], face: Face) -> None:
    """A card with its top left corner at `xy`."""
    x, y = xy
    fill = FILLS.get(face.kind, kit.MUTED)
    if face.harrow:
        _harrow(draw, x + CARD_W + face.under * PILE, y, face.harrow)
    for depth in range(face.under, 0, -1):  # the cards under the top one, furthest first
        dx = depth * PILE
        box = (x + dx, y - dx // 2, x + dx + CARD_W, y - dx // 2 + CARD_H)
        draw.rounded_rectangle(
            box, radius=8, fill=kit.tint(fill, 0.5), outline=kit.shade(fill, 0.4)
        )
    box = (x, y, x + CARD_W, y + CARD_H)
    colour = kit.CHOICE if face.picked else CARD_FACE
    draw.rounded_rectangle(box, radius=8, fill=colour, outline=kit.shade(fill, 0.4), width=2)
    draw.rounded_rectangle((x, y, x + CARD_W, y + 32), radius=8, fill=fill)
    draw.rectangle((x + 1, y + 24, x + CARD_W - 1, y + 32), fill=fill)
    kit.centred(draw, (x + CARD_W / 2, y + 16), face.title, SMALL, kit.readable_on(fill))
    if face.detail:
        kit.centred(draw, (x + CARD_W / 2, y + 46), face.detail, SMALL)
    colour = kit.INK if face.strength else kit.MUTED
    kit.centred(draw, (x + CARD_W / 2, y + CARD_H - 20), str(face.strength), 30, colour)
    if face.picked:
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
