"""Iliad (Knizia): the public board image, from the public view only.

The board is portrait, 720 px wide, so a phone shows it at 400 px with every label readable:
the 6x6 board with its line-end tokens on top, the players and the legend below.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from bot.engine.view import OutcomeView, ViewContext
from bot.games.iliad.viewtypes import IliadView
from rendering import kit
from rendering.iliad.palette import sample_view
from rendering.iliad.panel import draw_panel
from rendering.iliad.pieces import empty_slot, paste, tile, token

BOARD_SIZE = (720, 1340)  # room for two rows of tokens per player
TEXT = kit.phone_text(BOARD_SIZE[0])  # 21 px: the smallest text on the board

FILES = "abcdef"
RANKS = "123456"
SQUARE = 88
TILE = SQUARE - 14
SLOT = 72  # room for one line-end token
END_TOKEN = 68
BOARD_X = 8 + SLOT + 4 + 24  # left edge of square a (rank digits in the 24 px before it)
BOARD_Y = 8 + SLOT + 4  # top edge of rank 6
BOARD_END_X = BOARD_X + 6 * SQUARE
BOARD_END_Y = BOARD_Y + 6 * SQUARE
PANEL_TOP = BOARD_END_Y + 28 + SLOT + 12
SQUARE_TINT = 0.8
MOVING: kit.RGB = (20, 20, 20)  # the frame of the tile an effect is moving
TARGET_R = 17  # the disc marking a square the prompt offers
Background = tuple[tuple[int, ...], tuple[kit.RGB, kit.RGB]]  # what _background is drawn from


def _colours(view: IliadView) -> tuple[kit.RGB, kit.RGB]:
    return kit.seat_colour(view, 0), kit.seat_colour(view, 1)


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
        return (BOARD_X - 28 - SLOT / 2, y), (BOARD_END_X + 4 + SLOT / 2, y)
    x = square_centre(f"{line}1")[0]
    return (x, BOARD_END_Y + 28 + SLOT / 2), (x, BOARD_Y - 4 - SLOT / 2)


def target_centre(name: str, occupied: bool) -> tuple[float, float]:
    """Where a square's target disc goes: its middle, or its corner when a tile lies there."""
    x, y = square_centre(name)
    if not occupied:
        return x, y
    corner = SQUARE / 2 - TARGET_R + 2
    return x + corner, y - corner


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
        below = (BOARD_X + (col + 0.5) * SQUARE, BOARD_END_Y + 14.0)
        kit.centred(draw, below, letter, TEXT, kit.MUTED)
    for row, digit in enumerate(RANKS):
        beside = (BOARD_X - 12.0, BOARD_END_Y - (row + 0.5) * SQUARE)
        kit.centred(draw, beside, digit, TEXT, kit.MUTED)
    ring = empty_slot(END_TOKEN)
    for line in RANKS + FILES:
        for centre in _line_end_centres(line):
            paste(image, ring, centre)
    return image


def _draw_tiles(image: Image.Image, view: IliadView) -> None:
    colours = _colours(view)
    for index, cell in enumerate(view["board"]):
        if cell is None:
            continue
        sprite = tile(colours[cell["owner"]], cell.get("tile"), bool(cell["face_up"]), TILE)
        paste(image, sprite, square_centre(_square_name(index)))


def _draw_line_ends(image: Image.Image, view: IliadView, background: Background) -> None:
    slots = _end_slots(background)
    for line, ends in view["lines"].items():
        for index, end in enumerate(ends):
            if end is not None:
                corner, alike = slots[line, index]
                patch = _end_patch(background, alike, end["kind"], int(end["value"]))
                kit.paste(image, patch, corner)


Slot = tuple[str, int]  # a line and which of its two ends


@lru_cache(maxsize=8)
def _end_slots(background: Background) -> dict[Slot, tuple[tuple[int, int], Slot]]:
    """Each line end's token corner, and the first slot whose empty ring is the same pixels
    (every one on this board): tokens are blended onto one of each, once."""
    image, (width, height) = _background(*background), (END_TOKEN, END_TOKEN)
    firsts: dict[bytes, Slot] = {}
    slots: dict[Slot, tuple[tuple[int, int], Slot]] = {}
    for line in RANKS + FILES:
        for index, centre in enumerate(_line_end_centres(line)):
            x, y = round(centre[0] - width / 2), round(centre[1] - height / 2)
            ring = image.crop((x, y, x + width, y + height)).tobytes()
            slots[line, index] = (x, y), firsts.setdefault(ring, (line, index))
    return slots


@lru_cache(maxsize=256)
def _end_patch(background: Background, slot: Slot, kind: str, value: int) -> Image.Image:
    """A token pasted on a slot's empty ring, as the patch of the background it covers:
    pasted as it is, it makes what blending the token there would (the patch keeps the colours
    that paste would add, or none when it would forget them)."""
    sprite = token(kind, value, END_TOKEN, TEXT)
    (x, y), _ = _end_slots(background)[slot]
    patch = _background(*background).crop((x, y, x + sprite.width, y + sprite.height))
    kit.paste(patch, sprite, (0, 0), sprite)
    return patch


def _frame(draw: ImageDraw.ImageDraw, name: str, colour: kit.RGB, width: int) -> None:
    x, y = square_centre(name)
    half = SQUARE / 2 - 1
    draw.rectangle((x - half, y - half, x + half, y + half), outline=colour, width=width)


def _draw_last_move(draw: ImageDraw.ImageDraw, view: IliadView) -> None:
    last = view.get("last_move")
    for name in last.get("squares", []) if last else []:
        _frame(draw, name, kit.HIGHLIGHT, 6)


def _draw_marks(draw: ImageDraw.ImageDraw, view: IliadView, result: OutcomeView | None) -> None:
    """IL-8: the tile an effect is moving gets a black frame; each square offered, a disc."""
    marks = view.get("marks")
    if not marks or result is not None:
        return
    moving = marks.get("moving")
    if moving:
        _frame(draw, moving, MOVING, 7)
    for name in marks.get("targets", []):
        occupied = view["board"][RANKS.index(name[1]) * 6 + FILES.index(name[0])] is not None
        x, y = target_centre(name, occupied)
        box = (x - TARGET_R, y - TARGET_R, x + TARGET_R, y + TARGET_R)
        draw.ellipse(box, fill=kit.HIGHLIGHT, outline=MOVING, width=3)


def render_board(view: IliadView, context: ViewContext) -> Image.Image:
    """The public board: tiles, line-end tokens, marks; below them the players and the legend."""
    kit.require_view(view)
    image = _draw_board(view, context)
    image.info[kit.PALETTE_HINT] = _palette(tuple(str(c) for c in view.get("colours") or ()))
    return image


@lru_cache(maxsize=4)
def _palette(colours: tuple[str, ...]) -> Image.Image:
    """The upload palette for boards in these seat colours, chosen once from sample boards:
    each seat to move, and a drawn result (every tint the prompt box and blocks take)."""
    first = sample_view(colours)
    second = {**first, "to_move": 1, "turn": 1}
    drawn: OutcomeView = {
        "scores": [5, 5],
        "ranking": [1, 1],
        "winners": [],
        "reason": "draw",
        "summary": "A draw at 5 points each.",
        "breakdown": ["Hector: Zeus 8, Apollo 7, curse -10 = 5"] * 4,
    }
    third = {**first, "outcome": drawn}
    with kit.unrecorded():
        samples = [_draw_board(view, ViewContext()) for view in (first, second, third)]
    width, height = BOARD_SIZE
    sheet = Image.new("RGB", (width, height * len(samples)))
    for k, sample in enumerate(samples):
        sheet.paste(sample, (0, height * k))
    return kit.palette_of(sheet)


def _draw_board(view: Any, context: ViewContext) -> Image.Image:
    result = context.outcome(view)
    background = (tuple(int(owner) for owner in view["square_owner"]), _colours(view))
    image = _background(*background).copy()
    draw = kit.drawing(image)
    _draw_tiles(image, view)
    _draw_line_ends(image, view, background)
    _draw_last_move(draw, view)
    _draw_marks(draw, view, result)
    draw_panel(image, view, context, (PANEL_TOP, BOARD_SIZE[1] - 10), TEXT)
    return image
