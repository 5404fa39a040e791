"""The card game: one seat's hand image, grouped by kind with what each card does."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.iliad_cards.viewtypes import HandGroup, IliadCardsSeatView
from rendering import kit
from rendering.iliad_cards.parts import FILLS, PANEL, TEXT, TITLE, prompt_text

HAND_SIZE = (720, 860)  # 21 px text reads at 400 px
HAND_TEXT = 21
HAND_TILES = 10  # five rows of two kinds; more kinds share the last tile

Draw = kit.Drawing


def render_hand(view: IliadCardsSeatView, context: ViewContext) -> Image.Image:
    """One seat's hand (from its private part), grouped by kind with what each card does."""
    image, draw = kit.canvas(*HAND_SIZE)
    width = HAND_SIZE[0]
    seat = int(view["seat"])
    camp = view["camps"][seat]
    hand = view["private"]["hand"]
    groups = view["private"]["hand_groups"]
    title = (kit.seat_label(context, seat, view["seats"]), TITLE)
    colour = kit.seat_colour(view, seat)
    ink = kit.title_band(draw, (width, 92), colour, title, room=width - 32, middle=24)
    over = context.outcome(view) is not None
    if over:
        now = context.say("iliad_cards.image.over")
    elif view["to_move"] == seat:
        now = context.say("iliad_cards.image.your_move")
    else:
        waiting = prompt_text(view, context, named=False)
        now = context.say("iliad_cards.image.waiting", prompt=waiting)
    status = context.say(
        "iliad_cards.image.hand_status",
        cards=len(hand),
        army=camp["strength"],
        vp=camp["vp"],
        siege=view["siege"],
        now=now,
    )
    kit.text(draw, (16, 52), kit.fitted(status, 24, width - 32), 24, ink)
    if not groups:
        empty = context.say("iliad_cards.image.no_cards")
        kit.centred(draw, (width / 2, 400), empty, 32, kit.MUTED)
    tile_w, tile_h = (width - 3 * 12) // 2, 138
    shown = groups if len(groups) <= HAND_TILES else groups[: HAND_TILES - 1]
    for index, group in enumerate(shown):
        row, col = divmod(index, 2)
        x, y = 12 + col * (tile_w + 12), 104 + row * (tile_h + 10)
        _hand_tile(draw, group, (x, y, x + tile_w, y + tile_h), context)
    if len(shown) < len(groups):
        rest = sum(g["count"] for g in groups[len(shown) :])
        x, y = 12 + tile_w + 12, 104 + (HAND_TILES // 2 - 1) * (tile_h + 10)
        more = context.say("iliad_cards.image.more_cards", count=rest)
        kit.text(draw, (x + 12, y + 20), kit.fitted(more, TEXT, tile_w - 24), TEXT, kit.MUTED)
        names = ", ".join(context.words(g["name"]) for g in groups[len(shown) :])
        for index, line in enumerate(kit.wrap_text(names, HAND_TEXT, tile_w - 24)[:3]):
            kit.text(draw, (x + 12, y + 56 + index * 27), line, HAND_TEXT, kit.INK)
    return image


def _hand_tile(
    draw: Draw, group: HandGroup, box: tuple[int, int, int, int], context: ViewContext
) -> None:
    """One kind of card in the hand: its name and count on a band, what it does below."""
    left, top, right, _ = box
    fill = FILLS[group["kind"]]
    draw.rounded_rectangle(box, radius=10, fill=PANEL, outline=kit.shade(fill, 0.2), width=2)
    draw.rounded_rectangle((left, top, right, top + 42), radius=10, fill=fill)
    draw.rectangle((left + 1, top + 32, right - 1, top + 42), fill=fill)
    ink = kit.readable_on(fill)
    kit.text(
        draw,
        (left + 12, top + 21),
        kit.fitted(context.words(group["name"]), TEXT, right - left - 80),
        TEXT,
        ink,
        "lm",
    )
    kit.text(draw, (right - 12, top + 21), f"x{group['count']}", TITLE, ink, "rm")
    lines = _hint_lines(context.words(group["hint"]), right - left - 20)
    for index, line in enumerate(lines):
        kit.text(draw, (left + 10, top + 50 + index * 27), line, HAND_TEXT, kit.INK)


def _hint_lines(hint: str, width: int) -> Sequence[str]:
    """A card's hint in at most three lines; a longer one ends with an ellipsis."""
    lines = list(kit.wrap_text(hint, HAND_TEXT, width))
    if len(lines) > 3:
        lines = [*lines[:2], kit.fitted(lines[2] + " " + " ".join(lines[3:]), HAND_TEXT, width)]
    return lines
