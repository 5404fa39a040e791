"""Iliad: a seat's private hand image (its tiles and what each does), from its own view."""

from __future__ import annotations

from functools import lru_cache

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.iliad.viewtypes import IliadSeatView
from rendering import kit
from rendering.iliad.pieces import TILE_EFFECTS, paste, tile

HAND_SIZE = (720, 480)
TILE_ABOVE, TILE_BELOW = 64, 64  # a tile's strip: rows this far above and below its centre


def render_hand(view: IliadSeatView, context: ViewContext) -> Image.Image:
    """A seat's own hand (from its private part): up to two tiles and what each does."""
    kit.require_view(view)
    seat = _hand_seat(view)
    colour = kit.seat_colour(view, seat) if seat is not None else kit.MUTED
    width, height = HAND_SIZE
    image, draw = kit.canvas(width, height)
    title, stack = context.say("table.image.your_hand"), None
    if seat is not None:
        title = context.say("table.image.seat_hand", seat=view["seats"][seat])
        stack = (context.say("table.image.stack", count=view["stack_sizes"][seat]), 24)
    kit.title_band(draw, (width, 64), colour, (title, 30), margin=24, aside=stack)
    private = view.get("private")
    hand = [str(item) for item in (private["hand"] if private else [])]
    if not hand:
        empty = context.say("table.image.no_tiles")
        kit.centred(draw, (width / 2, height / 2), empty, 24, kit.MUTED)
    for k, value in enumerate(hand[:2]):
        _hand_tile(image, context, colour, value, 150 + k * 150)
    footer_text = _hand_footer(view, context, seat)
    for footer in kit.wrap_text(footer_text, 22, width - 48)[:1]:
        kit.draw_text(image, (24, height - 18), footer, 22, kit.MUTED, "ls")
    return image


def _hand_tile(
    image: Image.Image, context: ViewContext, colour: kit.RGB, value: str, centre_y: int
) -> None:
    """A tile and what it does: the same strip for a seat's colour, tile and language wherever
    it is drawn, so it is drawn once and pasted (its rows are plain paper until then)."""
    strip = _tile_strip(colour, value, context.language)
    kit.paste(image, strip, (0, centre_y - TILE_ABOVE))


@lru_cache(maxsize=16)
def _tile_strip(colour: kit.RGB, value: str, language: str) -> Image.Image:
    """One tile's rows of the hand, drawn on blank paper (whole pixels apart from where the
    hand shows it, so its pixels are the same there; about 0.4 MB each)."""
    image, _ = kit.canvas(HAND_SIZE[0], TILE_ABOVE + TILE_BELOW)
    _draw_hand_tile(image, ViewContext(language=language), colour, value, TILE_ABOVE)
    return image


def _draw_hand_tile(
    image: Image.Image, context: ViewContext, colour: kit.RGB, value: str, centre_y: int
) -> None:
    paste(image, tile(colour, value, True, 120), (92, centre_y))
    name = context.say("iliad.tile.dolos" if value == "D" else "table.image.tile", value=value)
    kit.draw_text(image, (176, centre_y - 56), name, 26, kit.INK)
    effect = context.say(TILE_EFFECTS[value]) if value in TILE_EFFECTS else ""
    lines = kit.wrap_text(effect, 22, HAND_SIZE[0] - 200)[:3]
    for n, line in enumerate(lines):
        kit.draw_text(image, (176, centre_y - 16 + 28 * n), line, 22, kit.INK)


def _hand_seat(view: IliadSeatView) -> int | None:
    """The seat this private view belongs to, when the view names it (key "seat")."""
    seat = view.get("seat")
    return None if seat is None else int(seat)


def _hand_footer(view: IliadSeatView, context: ViewContext, seat: int | None) -> str:
    if context.outcome(view) is not None:
        return context.say("table.image.over")
    waiting = view.get("to_move")
    if waiting is None:
        return ""
    if waiting == seat:
        return context.words(view.get("prompt") or context.say("table.image.your_move"))
    now = context.words(view.get("prompt") or view["seats"][waiting])
    return context.say("table.image.now", prompt=now)
