"""Ilium: a seat's private image, its historian card and its next assignment card."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine.view import ViewContext
from bot.games.ilium.viewtypes import IliumPrivate, IliumSeatView
from rendering import kit
from rendering.ilium.parts import TYPE_COLOURS

HAND_SIZE = (900, 600)


def render_hand(view: IliumSeatView, context: ViewContext) -> Image.Image:
    """A seat's private image: its historian card and its next assignment card."""
    image, draw = kit.canvas(*HAND_SIZE)
    draw_hand(draw, view, context, HAND_SIZE)
    return image


def draw_hand(
    draw: ImageDraw.ImageDraw, view: IliumSeatView, context: ViewContext, size: tuple[int, int]
) -> None:
    """The seat's historian card, its next card (or cards left) and its own tally."""
    secret = view["private"]
    seat = view["seat"]
    info = view["table"][seat]
    text = kit.phone_text(size[0])
    label = kit.seat_label(context, seat, view["seats"])
    title = (context.say("table.image.ilium_private", seat=label), 30)
    colour = kit.seat_colour(view, seat)
    kit.title_band(draw, (size[0], 64), colour, title, margin=24, room=size[0] - 48)
    historian = secret["historian"]
    kind = view["types"].index(historian) if historian in view["types"] else 0
    historian_title = context.say("table.image.ilium_historian")
    _card(draw, (40, 90, 420, 400), historian_title, context.words(historian), TYPE_COLOURS[kind])
    _next_card(draw, secret, context, (480, 90, 860, 400))
    mine = ", ".join(
        f"{context.words(name)} {n}/{a}"
        for name, n, a in zip(
            view["types"], info["tokens_by_type"], info["artifacts_by_type"], strict=True
        )
    )
    count = info["cubes"]
    cube_key = "table.image.ilium_supply_cube" if count == 1 else "table.image.ilium_supply_cubes"
    lines = [
        context.say("table.image.ilium_give_up", historian=historian),
        context.say(
            "table.image.ilium_you_have",
            deck=info["deck"],
            archaeologists=info["archaeologists_left"],
            cubes=context.say(cube_key, count=count),
        ),
        context.say("table.image.ilium_tally", mine=mine),
    ]
    y = 418
    for line in lines:
        for part in kit.wrap_text(line, text, size[0] - 80):
            kit.text(draw, (40, y), part, text, kit.INK)
            y += text + 8


def _next_card(
    draw: ImageDraw.ImageDraw, secret: IliumPrivate, context: ViewContext, box: Sequence[int]
) -> None:
    if secret["hand"] is not None:
        left = "  ".join(f"{v}: x{n}" for v, n in secret["hand"].items())
        title = context.say("table.image.ilium_cards_left_title")
        _card(draw, box, title, left, (236, 228, 210), size=34)
        return
    nxt = secret["next_card"]
    text = str(nxt) if nxt is not None else context.say("table.image.none")
    title = context.say("table.image.ilium_next_card")
    _card(draw, box, title, text, (236, 228, 210), size=96 if nxt is not None else 40)
    if nxt is not None:
        one = nxt == 1
        words = context.say(
            "table.image.ilium_archaeologist" if one else "table.image.ilium_archaeologists"
        )
        kit.centred(draw, ((box[0] + box[2]) / 2, box[3] - 40), words, 28)


def _card(
    draw: ImageDraw.ImageDraw,
    box: Sequence[int],
    label: str,
    text: str,
    fill: kit.RGB,
    size: int = 44,
) -> None:
    x0, y0, x1, y1 = box
    draw.rounded_rectangle((x0, y0, x1, y1), 22, fill=fill, outline=kit.INK, width=3)
    kit.centred(draw, ((x0 + x1) / 2, y0 + 36), label, 26)
    kit.centred(draw, ((x0 + x1) / 2, (y0 + y1) / 2 + 20), text, size)
