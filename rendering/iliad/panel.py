"""The part of the Iliad board below the squares: prompt, players, reserve, result and legend.

Every text is at least the board's phone size (1/35 of its width), so the panel keeps only
what a player needs: whose turn and what to decide, scores, tokens, and what the codes mean.
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from bot.engine.view import OutcomeView, ViewContext
from bot.games.iliad.viewtypes import IliadView, TokenView
from rendering import kit
from rendering.iliad.pieces import ABBREVIATIONS, GODS, NAMES, paste, seat_colour, token

LEFT = 16
RIGHT = 704
CHIP = 58  # a collected or reserve token
CHIP_STEP = 61
TURNS = 32  # IL-11: every player places all 18 tiles, two of them at setup
LINE = 28  # one line of the smallest text, with its spacing


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
    text = kit.headline(view, context)
    seat = view.get("to_move")
    result = context.outcome(view)
    if result is not None:
        winners = result.get("winners") or []
        seat = winners[0] if len(winners) == 1 else None
        text = text or context.say("table.image.game_over")
    colour = seat_colour(view, seat) if seat is not None else kit.MUTED
    big = size + 3
    lines = kit.wrap_text(text, big, RIGHT - LEFT - 30)[:2]
    height = 14 + (big + 8) * len(lines)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((LEFT, top, RIGHT, top + height), radius=8, fill=kit.tint(colour, 0.8))
    draw.rectangle((LEFT, top, LEFT + 8, top + height), fill=colour)
    for k, line in enumerate(lines):
        kit.draw_text(image, (LEFT + 20, top + 7 + (big + 8) * k), line, big, kit.INK)
    return top + height + 8


def _chips_per_row() -> int:
    return (RIGHT - LEFT - 16 - CHIP) // CHIP_STEP + 1


def _player_block(
    image: Image.Image, view: IliadView, context: ViewContext, seat: int, top: int, size: int
) -> int:
    """A seat's name and score, stack and hand, gods held, favour, and its tokens."""
    draw = ImageDraw.Draw(image)
    result = context.outcome(view)
    colour = seat_colour(view, seat)
    tokens: Sequence[TokenView] = view["collected"][seat]
    rows = max(1, min(2, -(-len(tokens) // _chips_per_row())))
    height = 80 + rows * (CHIP + 4)
    active = result is None and view.get("turn") == seat
    draw.rounded_rectangle(
        (LEFT, top, RIGHT, top + height),
        radius=10,
        outline=colour if active else (214, 208, 196),
        width=5 if active else 2,
    )
    x = LEFT + 12
    draw.rectangle((x, top + 12, x + 22, top + 34), fill=colour)
    big = size + 5
    score = context.say("table.image.points", count=view["scores"][seat])
    room = RIGHT - x - 50 - kit.text_width(score, big)
    name = kit.fit_text(draw, kit.seat_label(context, seat, view["seats"]), big, int(room))
    kit.draw_text(image, (x + 32, top + 8), name, big, kit.shade(colour, 0.15))
    kit.draw_text(image, (RIGHT - 12, top + 8), score, big, kit.INK, "ra")
    kit.draw_text(image, (x, top + 44), _status(view, context, seat), size, kit.MUTED)
    _draw_chips(image, context, tokens, (x, top + 76), size)
    return top + height + 8


def _status(view: IliadView, context: ViewContext, seat: int) -> str:
    """Stack and hand sizes, how many gods the seat holds, favour, and whether it won."""
    result = context.outcome(view)
    held = len(view["gods"][seat])
    parts = [
        context.say("table.image.stack", count=view["stack_sizes"][seat]),
        context.say("table.image.hand", count=view["hand_sizes"][seat]),
        context.say("table.image.gods", count=held, most=len(GODS)),
    ]
    if view["favour"][seat]:
        parts.append(context.say("table.image.favour_of_all"))
    if result is not None and seat in (result.get("winners") or []):
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
    top, bottom = span
    for entry in outcome.get("breakdown", []):
        if top + LINE > bottom:
            return
        kit.draw_text(image, (LEFT, top), kit.fitted(str(entry), size, RIGHT - LEFT), size)
        top += LINE


def _legend(image: Image.Image, context: ViewContext, top: int, size: int) -> None:
    """What the token codes and the square marks mean."""
    draw = ImageDraw.Draw(image)
    draw.line((LEFT, top - 6, RIGHT, top - 6), fill=(214, 208, 196), width=2)
    legend = kit.fitted(gods_legend(context), size, RIGHT - LEFT)
    kit.draw_text(image, (LEFT, top), legend, size, kit.MUTED)
    y = top + LINE
    x = LEFT
    for kind, words in (
        ("last", "table.image.legend_last"),
        ("moving", "table.image.legend_moving"),
        ("target", "table.image.legend_target"),
        ("wed", "table.image.legend_marriage"),
    ):
        x = _legend_item(draw, kind, context.say(words), (x, y), size) + 22


def _legend_item(
    draw: ImageDraw.ImageDraw, kind: str, words: str, corner: tuple[int, int], size: int
) -> int:
    """One sample mark and its meaning; returns where the next item may start."""
    x, y = corner
    box = (x, y + 1, x + size, y + size + 1)
    if kind == "last":
        draw.rectangle(box, outline=kit.HIGHLIGHT, width=4)
    elif kind == "moving":
        draw.rectangle(box, outline=(20, 20, 20), width=4)
    elif kind == "target":
        draw.ellipse(box, fill=kit.HIGHLIGHT, outline=(20, 20, 20), width=2)
    else:
        kit.text(draw, (x, y), ABBREVIATIONS["marriage"], size, kit.MUTED)
        x += int(kit.text_width(ABBREVIATIONS["marriage"], size)) - size
    kit.text(draw, (x + size + 6, y), words, size, kit.MUTED)
    return x + size + 6 + int(kit.text_width(words, size))
