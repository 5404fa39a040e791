"""The part of the Iliad board below the squares: prompt, players, reserve, result and legend.

Every text is at least the board's phone size (1/35 of its width), so the panel keeps only
what a player needs: whose turn and what to decide, scores, tokens, and what the codes mean.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.view import OutcomeView, ViewContext
from bot.games.iliad.viewtypes import IliadView, TokenView
from rendering import kit
from rendering.iliad.pieces import ABBREVIATIONS, GODS, NAMES, paste, token

LEFT = 16
RIGHT = 704
CHIP = 58  # a collected or reserve token
CHIP_STEP = 61
TURNS = 32  # IL-11: every player places all 18 tiles, two of them at setup
LINE = 28  # one line of the smallest text, with its spacing
LEGEND_ABOVE = 8  # the legend's rule lies within this many rows above its first line


def gods_legend(context: ViewContext) -> str:
    """'ZEU Zeus  APO Apollo …': the token codes and the gods' names in the reader's words."""
    return "  ".join(f"{ABBREVIATIONS[god]} {context.say(NAMES[god])}" for god in GODS)


def draw_panel(
    image: Image.Image,
    view: IliadView,
    context: ViewContext,
    span: tuple[int, int],
    size: int,
) -> None:
    """Prompt, one block per player, then reserve or result; the legend at the very bottom."""
    top, bottom = span
    result = context.outcome(view)
    top = _prompt_box(image, view, context, top, size)
    for seat in range(int(view["players"])):
        top = _player_block(image, view, context, seat, top, size)
    legend_top = bottom - 2 * LINE
    _legend(image, context, legend_top, size)
    if result is not None:
        _result(image, result, (top + 4, legend_top - 6), size)
        return
    top = _reserve(image, view, context, (top + 4, legend_top - 6), size)
    _last_move(image, view, context, (top + 4, legend_top - 6), size)


def _prompt_box(
    image: Image.Image, view: IliadView, context: ViewContext, top: int, size: int
) -> int:
    """Who decides what now (or the result), in the deciding seat's colour, naming the players."""
    seat = kit.headline_seat(view, context)
    colour = kit.seat_colour(view, seat) if seat is not None else kit.MUTED
    big = size + 3
    lines = kit.headline_lines(view, context, big, RIGHT - LEFT - 30)
    height = 14 + (big + 8) * len(lines)
    box = (LEFT, top, RIGHT, top + height)
    kit.prompt_bar(kit.drawing(image), box, lines, big, colour, pale=0.8, stripe=8, inset=12)
    return top + height + 8


def _chips_per_row() -> int:
    return (RIGHT - LEFT - 16 - CHIP) // CHIP_STEP + 1


def _player_block(
    image: Image.Image, view: IliadView, context: ViewContext, seat: int, top: int, size: int
) -> int:
    """A seat's name and score, stack and hand, gods held, favour, and its tokens."""
    draw = kit.drawing(image)
    result = context.outcome(view)
    colour = kit.seat_colour(view, seat)
    tokens: Sequence[TokenView] = view["collected"][seat]
    rows = max(1, min(2, -(-len(tokens) // _chips_per_row())))
    height = 80 + rows * (CHIP + 4)
    active = result is None and view.get("turn") == seat
    draw.rounded_rectangle(
        (LEFT, top, RIGHT, top + height),
        radius=10,
        outline=colour if active else kit.FAINT,
        width=5 if active else 2,
    )
    x = LEFT + 12
    draw.rectangle((x, top + 12, x + 22, top + 34), fill=colour)
    big = size + 5
    name = (kit.seat_label(context, seat, view["seats"]), big, kit.shade(colour, 0.15))
    score = context.say("table.image.points", count=view["scores"][seat])
    kit.seat_heading(draw, name, (x + 32, top + 8), [(score, big, top + 8)], RIGHT - 12, 6)
    kit.draw_text(image, (x, top + 44), _status(view, context, seat), size, kit.MUTED)
    _draw_chips(image, context, tokens, (x, top + 76), size)
    return top + height + 8


def _status(view: IliadView, context: ViewContext, seat: int) -> str:
    """Stack and hand sizes, how many gods the seat holds, favour, and whether it won."""
    held = len(view["gods"][seat])
    parts = [
        context.say("table.image.stack", count=view["stack_sizes"][seat]),
        context.say("table.image.hand", count=view["hand_sizes"][seat]),
        context.say("table.image.gods", count=held, most=len(GODS)),
    ]
    if view["favour"][seat]:
        parts.append(context.say("table.image.favour_of_all"))
    if seat in kit.winners(view, context):
        parts.append(context.say("table.image.winner"))
    return "  ·  ".join(parts)


def _draw_chips(
    image: Image.Image,
    context: ViewContext,
    tokens: Sequence[TokenView],
    corner: tuple[int, int],
    size: int,
) -> None:
    left, top = corner
    per_row = _chips_per_row()
    shown = list(tokens)
    if len(shown) > 2 * per_row:  # 29 tokens never fill two rows, but never overflow either
        shown = shown[: 2 * per_row - 1]
    if not tokens:
        none = context.say("table.image.no_tokens")
        kit.draw_text(image, (left, top + 14), none, size, kit.MUTED)
    for k, item in enumerate(shown):
        row, col = divmod(k, per_row)
        centre = (left + CHIP / 2 + col * CHIP_STEP, top + CHIP / 2 + row * (CHIP + 4))
        paste(image, token(item["kind"], int(item["value"]), CHIP, size), centre)
    if len(shown) < len(tokens):
        end = (left + CHIP / 2 + (per_row - 1) * CHIP_STEP, top + CHIP * 1.5 + 4)
        kit.draw_text(image, end, f"+{len(tokens) - len(shown)}", size, kit.INK, "mm")


def _reserve(
    image: Image.Image, view: IliadView, context: ViewContext, span: tuple[int, int], size: int
) -> int:
    """The reserve tokens effect 3 can take, and the turn count (when there is room)."""
    top, bottom = span
    if top + CHIP > bottom:
        return top
    middle = top + CHIP / 2
    reserve = kit.fitted(context.say("table.image.reserve"), size, 90)
    kit.draw_text(image, (LEFT, middle), reserve, size, kit.INK, "lm")
    for k, item in enumerate(view.get("reserve", [])):
        centre = (LEFT + 96 + CHIP / 2 + k * CHIP_STEP, middle)
        paste(image, token(item["kind"], int(item["value"]), CHIP, size), centre)
    turn = context.say("table.image.turn", turn=view.get("turn_number", "?"), most=TURNS)
    kit.draw_text(image, (RIGHT, middle), turn, size, kit.MUTED, "rm")
    return top + CHIP + 4


def _last_move(
    image: Image.Image, view: IliadView, context: ViewContext, span: tuple[int, int], size: int
) -> None:
    last = view.get("last_move")
    top, bottom = span
    if not last or top + LINE > bottom:
        return
    line = context.say("table.image.last_move", move=last.get("text", ""))
    text = kit.fitted(line, size, RIGHT - LEFT)
    kit.draw_text(image, (LEFT, top), text, size, kit.INK)


def _result(image: Image.Image, outcome: OutcomeView, span: tuple[int, int], size: int) -> None:
    """Each seat's score breakdown, one line each as far as it fits (the prompt box above
    already says who won and the final scores)."""
    box = (LEFT, span[0], RIGHT, span[1])
    kit.text_lines(kit.drawing(image), box, outcome.get("breakdown", []), size, LINE)


def _legend(image: Image.Image, context: ViewContext, top: int, size: int) -> None:
    """What the token codes and the square marks mean: the same strip on every board in a
    language, so it is drawn once and pasted (the rows below `top` - LEGEND_ABOVE are plain
    paper until then: what the drawing would have made there, and the colours it adds)."""
    strip = _legend_strip(context.language, image.size, top, size)
    kit.paste(image, strip, (0, top - LEGEND_ABOVE))


@lru_cache(maxsize=8)
def _legend_strip(language: str, canvas: tuple[int, int], top: int, size: int) -> Image.Image:
    """The legend drawn on blank paper of the board's size, cut from its rule to the bottom."""
    image, _ = kit.canvas(*canvas)
    _draw_legend(image, ViewContext(language=language), top, size)
    return image.crop((0, top - LEGEND_ABOVE, canvas[0], canvas[1]))


def _draw_legend(image: Image.Image, context: ViewContext, top: int, size: int) -> None:
    draw = kit.drawing(image)
    draw.line((LEFT, top - 6, RIGHT, top - 6), fill=kit.FAINT, width=2)
    legend = kit.fitted(gods_legend(context), size, RIGHT - LEFT)
    kit.draw_text(image, (LEFT, top), legend, size, kit.MUTED)
    y = top + LINE
    items = [
        (_last_sample, context.say("table.image.legend_last")),
        (_moving_sample, context.say("table.image.legend_moving")),
        (_target_sample, context.say("table.image.legend_target")),
        (_wed_sample, context.say("table.image.legend_marriage")),
    ]
    kit.legend_row(draw, (LEFT, y), items, size, 22)


def _last_sample(draw: ImageDraw.ImageDraw, corner: tuple[int, int], size: int) -> int:
    """The frame round the last move's squares."""
    x, y = corner
    draw.rectangle((x, y + 1, x + size, y + size + 1), outline=kit.HIGHLIGHT, width=4)
    return size


def _moving_sample(draw: ImageDraw.ImageDraw, corner: tuple[int, int], size: int) -> int:
    """The frame round the tile an effect is moving."""
    x, y = corner
    draw.rectangle((x, y + 1, x + size, y + size + 1), outline=(20, 20, 20), width=4)
    return size


def _target_sample(draw: ImageDraw.ImageDraw, corner: tuple[int, int], size: int) -> int:
    """The disc on a square the prompt offers."""
    x, y = corner
    box = (x, y + 1, x + size, y + size + 1)
    draw.ellipse(box, fill=kit.HIGHLIGHT, outline=(20, 20, 20), width=2)
    return size


def _wed_sample(draw: ImageDraw.ImageDraw, corner: tuple[int, int], size: int) -> int:
    """The marriage token's code, as its tokens show it."""
    kit.text(draw, corner, ABBREVIATIONS["marriage"], size, kit.MUTED)
    return int(kit.text_width(ABBREVIATIONS["marriage"], size))
