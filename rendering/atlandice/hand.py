"""Atlandice: one seat's own summary image (nothing in Atlandice is secret), from its view."""

from __future__ import annotations

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.atlandice.viewtypes import AtlandiceSeatView
from rendering import kit
from rendering.atlandice.parts import TITLE, holder_colour, holder_name, resource_row

HAND_SIZE = (600, 420)  # 18 px text reads at 400 px
HAND_TEXT = 20


def render_hand(view: AtlandiceSeatView, context: ViewContext) -> Image.Image:
    """One seat's own summary (nothing in Atlandice is secret): resources, tiles, VP, prompt."""
    image, draw = kit.canvas(*HAND_SIZE)
    width = HAND_SIZE[0]
    seat = view["seat"]
    holder = next(h for h in view["holders"] if h["seat"] == seat)
    title = (holder_name(holder, view, context), TITLE)
    vp = (context.say("table.image.vp", count=holder["vp"]), TITLE)
    colour = holder_colour(view, holder)
    kit.title_band(draw, (width, 56), colour, title, room=width - 140, aside=vp)
    resource_row(draw, (20, 86), holder["goods"], 24, skip_zero=False)
    kind_words = context.say("table.image.atl_kinds")
    kit.text(draw, (20, 110), kind_words, HAND_TEXT - 2, kit.MUTED)
    tiles = holder["tiles"]
    taken = context.say("table.image.atl_tiles_taken", count=len(tiles))
    kit.text(draw, (20, 142), taken, HAND_TEXT, kit.INK)
    if not tiles:
        kit.text(draw, (36, 170), context.say("table.image.none_yet"), HAND_TEXT, kit.MUTED)
    for i, tile in enumerate(tiles[:6]):
        name = kit.fitted(context.words(tile), HAND_TEXT, 272)
        kit.text(draw, (36 + i % 2 * 280, 170 + i // 2 * 26), name, HAND_TEXT, kit.INK)
    clock = view["clock"]
    facts = context.say(
        "table.image.atl_hand_facts",
        chips=holder["chips"],
        round=view["round"],
        hand=clock["hand"],
        end=clock["end"],
    )
    kit.text(draw, (20, 254), facts, HAND_TEXT, kit.INK)
    for i, chunk in enumerate(kit.wrap_text(_hand_prompt(view, context), 22, width - 40)[:4]):
        kit.text(draw, (20, 296 + i * 29), chunk, 22, kit.INK)
    return image


def _hand_prompt(view: AtlandiceSeatView, context: ViewContext) -> str:
    outcome = context.outcome(view)
    if outcome:
        return outcome["summary"]
    prompt = context.words(view["prompt"])
    if view["to_move"] == view["seat"]:
        return context.say("table.image.your_turn", prompt=prompt.split(": ", 1)[-1])
    return prompt
