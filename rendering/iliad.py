"""Iliad (Knizia): the public board image and a seat's private hand image, from views only."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from bot.engine.view import OutcomeView, ViewContext
from bot.games.iliad.views import IliadSeatView, IliadView, TokenView
from rendering import kit
from rendering._iliad_pieces import (
    GODS,
    TILE_EFFECTS,
    empty_slot,
    favour_badge,
    god_badge,
    paste,
    seat_colour,
    tile,
    token,
)

BOARD_SIZE = (1200, 800)
HAND_SIZE = (720, 480)

FILES = "abcdef"
RANKS = "123456"
SQUARE = 92
TILE = SQUARE - 14
SLOT = 72  # room for one line-end token
END_TOKEN = 64
BOARD_X = 12 + SLOT + 30  # left edge of square a
BOARD_Y = 37 + SLOT + 4  # top edge of rank 6
BOARD_END_X = BOARD_X + 6 * SQUARE
BOARD_END_Y = BOARD_Y + 6 * SQUARE
PANEL_X = BOARD_END_X + SLOT + 26
PANEL_W = BOARD_SIZE[0] - PANEL_X - 14
CHIP = 50  # a collected token
RESERVE_TOKEN = 58
SQUARE_TINT = 0.8
TURNS = 32  # IL-11: every player places all 18 tiles, two of them at setup


def _colours(view: IliadView) -> tuple[kit.RGB, kit.RGB]:
    return seat_colour(view, 0), seat_colour(view, 1)


def square_centre(name: str) -> tuple[float, float]:
    """Pixel centre of a square such as "c3" (rank 1 at the bottom)."""
    col, row = FILES.index(name[0]), RANKS.index(name[1])
    return BOARD_X + (col + 0.5) * SQUARE, BOARD_END_Y - (row + 0.5) * SQUARE


def _square_name(index: int) -> str:
    row, col = divmod(index, 6)
    return f"{FILES[col]}{RANKS[row]}"


def _line_end_centres(line: str) -> tuple[tuple[float, float], tuple[float, float]]:
    """Where a line's two end tokens lie: rows west then east, columns south then north."""
    if line in RANKS:
        y = square_centre(f"a{line}")[1]
        return (BOARD_X - 30 - SLOT / 2, y), (BOARD_END_X + SLOT / 2 + 4, y)
    x = square_centre(f"{line}1")[0]
    return (x, BOARD_END_Y + 28 + SLOT / 2), (x, BOARD_Y - 4 - SLOT / 2)


@lru_cache(maxsize=8)
def _background(square_owner: tuple[int, ...], colours: tuple[kit.RGB, kit.RGB]) -> Image.Image:
    """Everything that never changes in a game: squares, coordinates, empty line ends."""
    image, draw = kit.canvas(*BOARD_SIZE)
    for index, owner in enumerate(square_owner):
        x, y = square_centre(_square_name(index))
        half = SQUARE / 2
        box = (x - half, y - half, x + half - 1, y + half - 1)
        draw.rectangle(box, fill=kit.tint(colours[owner], SQUARE_TINT), outline=(190, 186, 178))
    draw.rectangle((BOARD_X - 2, BOARD_Y - 2, BOARD_END_X + 1, BOARD_END_Y + 1), outline=kit.INK)
    for col, letter in enumerate(FILES):
        kit.centred(draw, (BOARD_X + (col + 0.5) * SQUARE, BOARD_END_Y + 15), letter, 20, kit.MUTED)
    for row, digit in enumerate(RANKS):
        kit.centred(draw, (BOARD_X - 15, BOARD_END_Y - (row + 0.5) * SQUARE), digit, 20, kit.MUTED)
    ring = empty_slot(END_TOKEN)
    for line in RANKS + FILES:
        for centre in _line_end_centres(line):
            paste(image, ring, centre)
    draw.line((PANEL_X - 14, 20, PANEL_X - 14, BOARD_SIZE[1] - 20), fill=(214, 208, 196), width=2)
    kit.draw_text(image, (PANEL_X, 18), "Iliad", 30, kit.INK)
    return image


def _draw_tiles(image: Image.Image, view: IliadView) -> None:
    colours = _colours(view)
    for index, cell in enumerate(view["board"]):
        if cell is None:
            continue
        sprite = tile(colours[cell["owner"]], cell.get("tile"), bool(cell["face_up"]), TILE)
        paste(image, sprite, square_centre(_square_name(index)))


def _draw_line_ends(image: Image.Image, view: IliadView) -> None:
    for line, ends in view["lines"].items():
        for centre, end in zip(_line_end_centres(line), ends, strict=True):
            if end is not None:
                paste(image, token(end["kind"], int(end["value"]), END_TOKEN), centre)


def _draw_last_move(draw: ImageDraw.ImageDraw, view: IliadView) -> None:
    last = view.get("last_move")
    if not last:
        return
    half = SQUARE / 2 - 1
    for name in last.get("squares", []):
        x, y = square_centre(name)
        draw.rectangle((x - half, y - half, x + half, y + half), outline=kit.HIGHLIGHT, width=6)


def _panel_title(image: Image.Image, view: IliadView, result: OutcomeView | None) -> int:
    if result is None:
        turn = f"Turn {view.get('turn_number', '?')} of {TURNS}"
        kit.draw_text(image, (PANEL_X + PANEL_W, 26), turn, 20, kit.MUTED, "ra")
    return 62


def _prompt_box(image: Image.Image, view: IliadView, result: OutcomeView | None, top: int) -> int:
    """The line saying who decides what now (or the result), in the deciding seat's colour."""
    seat = view.get("to_move")
    if result is not None:
        winners = result.get("winners") or []
        seat = winners[0] if len(winners) == 1 else None
        text = str(result.get("summary") or "Game over.")
    else:
        text = str(view.get("prompt") or "")
    colour = seat_colour(view, seat) if seat is not None else kit.MUTED
    lines = kit.wrap_text(text, 20, PANEL_W - 28)[:2]
    height = 16 + 26 * len(lines)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (PANEL_X, top, PANEL_X + PANEL_W, top + height), radius=8, fill=kit.tint(colour, 0.82)
    )
    draw.rectangle((PANEL_X, top, PANEL_X + 7, top + height), fill=colour)
    for k, line in enumerate(lines):
        kit.draw_text(image, (PANEL_X + 18, top + 8 + 26 * k), line, 20, kit.INK)
    return top + height + 12


def _player_block(
    image: Image.Image, view: IliadView, context: ViewContext, seat: int, top: int
) -> int:
    """A seat's name, score, stack and hand, gods held, favour and every token collected."""
    draw = ImageDraw.Draw(image)
    result = context.outcome(view)
    colour = seat_colour(view, seat)
    tokens: Sequence[TokenView] = view["collected"][seat]
    rows = max(1, min(2, -(-len(tokens) // _chips_per_row())))
    height = 112 + rows * (CHIP + 6)
    box = (PANEL_X, top, PANEL_X + PANEL_W, top + height)
    active = result is None and view.get("turn") == seat
    draw.rounded_rectangle(
        box, radius=10, outline=colour if active else (214, 208, 196), width=4 if active else 2
    )
    x = PANEL_X + 14
    draw.rectangle((x, top + 14, x + 18, top + 32), fill=colour)
    score = f"{view['scores'][seat]} points"
    room = PANEL_W - 56 - kit.text_width(score, 22) - 20
    name = kit.fit_text(draw, kit.seat_label(context, seat, view["seats"]), 24, int(room))
    kit.draw_text(image, (x + 28, top + 10), name, 24, kit.shade(colour, 0.15))
    kit.draw_text(image, (PANEL_X + PANEL_W - 14, top + 12), score, 22, kit.INK, "ra")
    sizes = f"stack {view['stack_sizes'][seat]}  |  hand {view['hand_sizes'][seat]}"
    if active:
        sizes += "  |  their turn"
    elif result is not None and seat in result.get("winners", []):
        sizes += "  |  WINNER"
    kit.draw_text(image, (x, top + 44), sizes, 18, kit.MUTED)
    held = set(view["gods"][seat])
    for k, god in enumerate(GODS):
        paste(image, god_badge(god, god in held, 60, 28), (x + 30 + k * 65, top + 88))
    if view["favour"][seat]:
        paste(image, favour_badge(70, 28), (x + 5 * 65 + 35, top + 88))
    _draw_chips(image, tokens, x, top + 110)
    return top + height + 10


def _chips_per_row() -> int:
    return (PANEL_W - 28 + 5) // (CHIP + 5)


def _draw_chips(image: Image.Image, tokens: Sequence[TokenView], left: int, top: int) -> None:
    per_row = _chips_per_row()
    shown = list(tokens)
    if len(shown) > 2 * per_row:  # never happens with 29 tokens, but never overflow either
        shown = shown[: 2 * per_row - 1]
    if not tokens:
        kit.draw_text(image, (left, top + 12), "no tokens yet", 18, kit.MUTED)
    for k, item in enumerate(shown):
        row, col = divmod(k, per_row)
        centre = (left + CHIP / 2 + col * (CHIP + 5), top + CHIP / 2 + row * (CHIP + 6))
        paste(image, token(item["kind"], int(item["value"]), CHIP), centre)
    if len(shown) < len(tokens):
        end = (left + CHIP / 2 + (per_row - 1) * (CHIP + 5), top + CHIP * 1.5 + 6)
        kit.draw_text(image, end, f"+{len(tokens) - len(shown)}", 18, kit.INK, "mm")


def _reserve(image: Image.Image, view: IliadView, top: int) -> int:
    kit.draw_text(image, (PANEL_X, top), "Reserve", 20, kit.INK)
    for k, item in enumerate(view.get("reserve", [])):
        centre = (PANEL_X + 100 + RESERVE_TOKEN / 2 + k * (RESERVE_TOKEN + 8), top + 12)
        paste(image, token(item["kind"], int(item["value"]), RESERVE_TOKEN), centre)
    return top + RESERVE_TOKEN // 2 + 24


def _last_move_text(image: Image.Image, view: IliadView, top: int) -> int:
    last = view.get("last_move")
    if not last:
        return top
    lines = kit.wrap_text(f"Last move: {last.get('text', '')}", 20, PANEL_W)[:3]
    for k, line in enumerate(lines):
        kit.draw_text(image, (PANEL_X, top + 26 * k), line, 20, kit.INK)
    return top + 26 * len(lines)


def _recent_log(image: Image.Image, view: IliadView, top: int) -> None:
    """The newest public log lines that fit below, newest last, in muted text."""
    step = 21
    room = (BOARD_SIZE[1] - 14 - top) // step
    wrapped: list[str] = []
    for entry in reversed(view.get("log") or []):
        lines = kit.wrap_text(str(entry), 17, PANEL_W)
        if len(wrapped) + len(lines) > room:
            break
        wrapped[:0] = lines
    for k, line in enumerate(wrapped):
        kit.draw_text(image, (PANEL_X, top + step * k), line, 17, kit.MUTED)


def _result(image: Image.Image, outcome: OutcomeView, top: int) -> None:
    """The final result: winner, reason, scores and the breakdown to check by hand."""
    scores = " : ".join(str(score) for score in outcome.get("scores", []))
    head = f"Final score {scores}  ({outcome.get('reason', '')})"
    kit.draw_text(image, (PANEL_X, top), head, 20, kit.INK)
    y = top + 30
    bottom = BOARD_SIZE[1] - 12
    for entry in outcome.get("breakdown", []):
        for line in kit.wrap_text(str(entry), 16, PANEL_W):
            if y + 20 > bottom:
                return
            kit.draw_text(image, (PANEL_X, y), line, 16, kit.INK)
            y += 20
        y += 4


def render_board(view: IliadView, context: ViewContext) -> Image.Image:
    """The public board: tiles, line-end tokens, reserve, players' tokens, prompt, last move."""
    kit.require_view(view)
    result = context.outcome(view)
    square_owner = tuple(int(owner) for owner in view["square_owner"])
    image = _background(square_owner, _colours(view)).copy()
    draw = ImageDraw.Draw(image)
    _draw_tiles(image, view)
    _draw_line_ends(image, view)
    _draw_last_move(draw, view)
    top = _prompt_box(image, view, result, _panel_title(image, view, result))
    for seat in range(int(view["players"])):
        top = _player_block(image, view, context, seat, top)
    if result is not None:
        _result(image, result, top + 4)
        return image
    top = _reserve(image, view, top + 6)
    top = _last_move_text(image, view, top + 12)
    _recent_log(image, view, top + 12)
    return image


def render_hand(view: IliadSeatView, context: ViewContext) -> Image.Image:
    """A seat's own hand (from its private part): up to two tiles and what each does."""
    kit.require_view(view)
    seat = _hand_seat(view)
    colour = seat_colour(view, seat) if seat is not None else kit.MUTED
    width, height = HAND_SIZE
    image, draw = kit.canvas(width, height)
    ink = kit.readable_on(colour)
    draw.rectangle((0, 0, width, 64), fill=colour)
    title = f"{view['seats'][seat]}: your hand" if seat is not None else "Your hand"
    kit.draw_text(image, (24, 32), title, 30, ink, "lm")
    if seat is not None:
        stack = f"stack {view['stack_sizes'][seat]}"
        kit.draw_text(image, (width - 24, 32), stack, 24, ink, "rm")
    private = view.get("private")
    hand = [str(item) for item in (private["hand"] if private else [])]
    if not hand:
        kit.centred(draw, (width / 2, height / 2), "No tiles in hand.", 24, kit.MUTED)
    for k, value in enumerate(hand[:2]):
        _hand_tile(image, colour, value, 150 + k * 150)
    footer_text = _hand_footer(view, context.outcome(view), seat)
    for footer in kit.wrap_text(footer_text, 22, width - 48)[:1]:
        kit.draw_text(image, (24, height - 18), footer, 22, kit.MUTED, "ls")
    return image


def _hand_tile(image: Image.Image, colour: kit.RGB, value: str, centre_y: int) -> None:
    paste(image, tile(colour, value, True, 120), (92, centre_y))
    name = "Dolos" if value == "D" else f"Tile {value}"
    kit.draw_text(image, (176, centre_y - 56), name, 26, kit.INK)
    lines = kit.wrap_text(TILE_EFFECTS.get(value, ""), 22, HAND_SIZE[0] - 200)[:3]
    for n, line in enumerate(lines):
        kit.draw_text(image, (176, centre_y - 16 + 28 * n), line, 22, kit.INK)


def _hand_seat(view: IliadSeatView) -> int | None:
    """The seat this private view belongs to, when the view names it (key "seat")."""
    seat = view.get("seat")
    return None if seat is None else int(seat)


def _hand_footer(view: IliadSeatView, result: OutcomeView | None, seat: int | None) -> str:
    if result is not None:
        return "The game is over."
    waiting = view.get("to_move")
    if waiting is None:
        return ""
    if waiting == seat:
        return str(view.get("prompt") or "Your move.")
    return f"Now: {view.get('prompt') or view['seats'][waiting]}"
