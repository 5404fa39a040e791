"""Atlandice in words: the board's alt text, the text board and a seat's own summary, from the
views the images are drawn from (nothing in Atlandice is secret)."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine.view import ViewContext
from bot.games.atlandice.viewtypes import (
    AtlandiceArea,
    AtlandiceHolder,
    AtlandiceSeatView,
    AtlandiceView,
)
from rendering import kit
from rendering.atlandice.parts import KIND_ORDER, KIND_WORDS
from rendering.kit import describe

RECENT = 4
SYMBOLS = {  # a clock space's symbol in words
    "donation": "atlandice.words.gift",
    "inventory:all": "atlandice.words.inventory_all",
    "inventory:gem": "atlandice.words.inventory_gem",
    "inventory:book": "atlandice.words.inventory_book",
    "inventory:provision": "atlandice.words.inventory_provision",
    "inventory:tool": "atlandice.words.inventory_tool",
    "inventory:weapon": "atlandice.words.inventory_weapon",
}


def board_words(view: AtlandiceView, context: ViewContext) -> list[str]:
    """The alt text: whose turn and what they decide, the round and the clock, each holder's
    VP and resources, the last move."""
    return [
        describe.title(context, context.say("service.title.atlandice")),
        describe.whose_turn(view, context),
        _round(view, context),
        *(_holder(view, holder, context) for holder in view["holders"]),
        describe.last_move(view, context),
        *describe.result(view, context),
    ]


def board_text(view: AtlandiceView, context: ViewContext) -> list[str]:
    """The text board: the alt text's lines, what the prompt offers, every area with its tile,
    goods and dice, the clock's coming spaces and the newest lines of the log."""
    return [
        *board_words(view, context),
        _offered(view, context),
        *(_area(view, area, context) for area in view["areas"]),
        _clock(view, context),
        *describe.recent(view, context, RECENT),
    ]


def hand_words(view: AtlandiceSeatView, context: ViewContext) -> list[str]:
    """A seat's own summary in words: its VP, resources, tiles and tokens, and what is asked."""
    seat = int(view["seat"])
    holder = next(h for h in view["holders"] if h["seat"] == seat)
    tiles = describe.joined(context, (context.words(tile) for tile in holder["tiles"]))
    return [
        _holder(view, holder, context),
        describe.sentence(context.say("atlandice.words.tiles", tiles=tiles)),
        _round(view, context),
        describe.hand_turn(view, context, seat),
    ]


def _goods(goods: Mapping[str, int], context: ViewContext, *, zero: bool = False) -> str:
    """'gem 2, book 1': each kind with its count (the kinds at 0 left out unless `zero`)."""
    shown = (
        f"{context.say(KIND_WORDS[kind])} {goods.get(kind, 0)}"
        for kind in KIND_ORDER
        if zero or goods.get(kind, 0)
    )
    return describe.joined(context, shown)


def _holder(view: AtlandiceView, holder: AtlandiceHolder, context: ViewContext) -> str:
    """A seat (or the neutral player): VP, resources, tiles, VP tokens, a win once over."""
    seat = holder["seat"]
    name = (
        context.words(holder["name"])
        if seat is None
        else describe.seat_name(context, seat, view["seats"])
    )
    line = context.say(
        "atlandice.words.holder",
        holder=name,
        vp=holder["vp"],
        goods=_goods(holder["goods"], context, zero=True),
        tiles=len(holder["tiles"]),
        chips=holder["chips"],
    )
    if holder["neutral"]:
        line += context.say("table.image.atl_cannot_win")
    elif seat is not None and seat in kit.winners(view, context):
        line += ". " + context.say("table.words.winner")
    return describe.sentence(line)


def _round(view: AtlandiceView, context: ViewContext) -> str:
    """The round, who started it, the clock's hand, and the dice still to take."""
    if describe.is_over(view, context):
        return ""
    clock = view["clock"]
    start = describe.seat_name(context, view["start_player"], view["seats"])
    key = "atlandice.words.last_round" if view["sunk"] else "atlandice.words.round"
    line = context.say(
        key,
        round=view["round"],
        start=start,
        hand=clock["hand"],
        end=clock["end"],
        dice=view["dice_left"],
        takes=view["takes_left"],
    )
    return describe.sentence(line)


def _offered(view: AtlandiceView, context: ViewContext) -> str:
    """What the decision at hand picks among: areas, or resources lying in areas."""
    if describe.is_over(view, context):
        return ""
    names = {area["number"]: context.words(area["name"]) for area in view["areas"]}
    picks = [
        f"{context.say(KIND_WORDS[pick['resource']])} ({names.get(pick['area'], pick['area'])})"
        for pick in view["resource_choices"]
        if pick["resource"] in KIND_WORDS
    ]
    picks += [f"{number} {names.get(number, '')}".strip() for number in view["choices"]]
    if not picks:
        return ""
    return describe.sentence(context.say("atlandice.words.offered", picks=", ".join(picks)))


def _area(view: AtlandiceView, area: AtlandiceArea, context: ViewContext) -> str:
    """'2 Libraries (tile Libraries (c): 2nd die this round: +1 here): 2 books; dice 3, 5.'"""
    name = f"{area['number']} {context.words(area['name'])}"
    if area["closed"]:
        about = context.say("atlandice.image.closed")
    elif area["tile"]:
        tile = area["tile"]
        about = f"{context.words(tile['name'])}: {context.words(tile['short'])}"
    else:
        about = context.say("atlandice.image.any_kind")
    dice = ", ".join(str(face) for face in area["dice"]) or context.say("table.image.none")
    line = context.say(
        "atlandice.words.area",
        area=name,
        about=about,
        goods=_goods(area["goods"], context),
        dice=dice,
    )
    if area["submarine"]:
        line += ". " + context.say("atlandice.words.submarine")
    if area["number"] == view.get("searching"):
        line += ". " + context.say("atlandice.words.searching")
    return describe.sentence(line)


def _clock(view: AtlandiceView, context: ViewContext) -> str:
    """The clock's spaces still ahead that do something (inventories, gifts), then the waves."""
    clock = view["clock"]
    ahead = [
        f"{space} {context.say(SYMBOLS[symbol])}"
        for space, symbol in sorted(clock["symbols"].items(), key=lambda item: int(item[0]))
        if int(space) > clock["hand"] and symbol in SYMBOLS
    ]
    ahead.append(f"{clock['end']} {context.say('atlandice.words.waves')}")
    return describe.sentence(context.say("atlandice.words.clock", spaces=", ".join(ahead)))
