"""The card game's sizes, colours and words, and its small pieces: chips, standings, the log
(the armies' cards are in army.py)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image

from bot.engine.view import ViewContext
from bot.games.iliad_cards.viewtypes import CampView, IliadCardsView
from rendering import kit

Draw = kit.Drawing

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
    width = round(kit.text_width(words, size)) + 18
    middle = round(xy[0] + width / 2) - xy[0]  # where the words centre, rounded as on the board
    sprite, mask = _chip_sprite(words, fill, size, width, middle)
    kit.paste(draw.picture, sprite, xy, mask)
    return width


@lru_cache(maxsize=512)
def _chip_sprite(
    words: str, fill: kit.RGB, size: int, width: int, middle: int
) -> tuple[Image.Image, Image.Image]:
    """A label drawn once (the same chips come back on every board), cut out to paste."""

    def paint(draw: Draw) -> None:
        draw.rounded_rectangle((0, 0, width, size + 10), radius=8, fill=fill)
        kit.centred(draw, (middle, (size + 10) / 2), words, size, kit.readable_on(fill))

    return kit.cutout((width + 1, size + 11), paint)


def kept_text(
    draw: Draw,
    xy: tuple[int, int],
    words: str,
    ground: kit.RGB,
    fill: kit.RGB = kit.INK,
    size: int = SMALL,
) -> None:
    """Words where the board is plain `ground` under them, pasted as drawn once on it (ranks,
    names and headings come back board after board): the pixels and colours kit.text makes."""
    sprite, mask, left, top = _text_patch(words, size, fill, ground)
    kit.paste(draw.picture, sprite, (xy[0] + left, xy[1] + top), mask)


@lru_cache(maxsize=256)
def _text_patch(
    words: str, size: int, fill: kit.RGB, ground: kit.RGB
) -> tuple[Image.Image, Image.Image, int, int]:
    """Words drawn once on `ground` (at most 800 x 34 px), the mask of their pixels and their
    offset from where they are placed."""
    coverage, left, top = kit.text_mask(words, size)
    image, draw = kit.canvas(coverage.width, coverage.height, ground)
    kit.text(draw, (-left, -top), words, size, fill)
    return image, coverage.point(_ANY, "1"), left, top


_ANY = [0] + [255] * 255  # a coverage mask's every touched pixel


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
    kept_text(draw, (left, top), context.say("iliad_cards.image.latest"), kit.BACKGROUND, kit.MUTED)
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
