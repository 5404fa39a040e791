"""Iliad in words: the board's alt text, the text board and a hand's alt text, from the views
the images are drawn from (the board's from the public view only)."""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine.view import ViewContext
from bot.games.iliad.viewtypes import IliadSeatView, IliadView, TileView, TokenView
from rendering import kit
from rendering.iliad.pieces import TILE_EFFECTS
from rendering.kit import describe

FILES = "abcdef"
RANKS = "123456"
TURNS = 32  # IL-11: every player places all 18 tiles, two of them at setup
RECENT = 5


def board_words(view: IliadView, context: ViewContext) -> list[str]:
    """The alt text: whose turn and what they decide, each seat's points and tokens, the last
    move, the turn."""
    return [
        describe.title(context, context.say("service.title.iliad")),
        describe.whose_turn(view, context),
        *_standings(view, context),
        describe.last_move(view, context),
        *describe.result(view, context),
        _turn(view, context),
    ]


def board_text(view: IliadView, context: ViewContext) -> list[str]:
    """The text board: the alt text's lines, what the prompt points at, every row's tiles and
    line-end tokens, the reserve and the newest lines of the log."""
    return [
        describe.title(context, context.say("service.title.iliad")),
        describe.whose_turn(view, context),
        *_standings(view, context),
        *_marks(view, context),
        describe.last_move(view, context),
        *describe.result(view, context),
        _turn(view, context),
        *_rows(view, context),
        *_columns(view, context),
        _reserve(view, context),
        *describe.recent(view, context, RECENT),
    ]


def hand_words(view: IliadSeatView, context: ViewContext) -> list[str]:
    """A hand's alt text: each tile in hand with what it does, the stack, and what is asked."""
    seat = int(view["seat"])
    name = describe.seat_name(context, seat, view["seats"])
    hand = [str(tile) for tile in view["private"]["hand"]]
    lines = [describe.sentence(context.say("table.image.seat_hand", seat=name))]
    lines += [_tile_in_hand(tile, context) for tile in hand]
    if not hand:
        lines.append(context.say("table.image.no_tiles"))
    stack = context.say("iliad.words.stack", count=view["stack_sizes"][seat])
    lines.append(describe.sentence(stack))
    lines.append(describe.hand_turn(view, context, seat))
    return lines


def _tile_in_hand(tile: str, context: ViewContext) -> str:
    """'Tile 3: You may swap one of your tokens for a token from the reserve.'"""
    name = _tile_name(tile, context)
    effect = context.say(TILE_EFFECTS[tile]) if tile in TILE_EFFECTS else ""
    if effect.startswith(name):  # Dolos's effect names it already
        return describe.sentence(effect)
    return describe.sentence(f"{name}: {effect}" if effect else name)


def _tile_name(tile: str, context: ViewContext) -> str:
    return context.say("iliad.tile.dolos" if tile == "D" else "table.image.tile", value=tile)


def _standings(view: IliadView, context: ViewContext) -> list[str]:
    """Per seat: points, tokens won, stack and hand sizes, favour and a win."""
    lines = []
    winners = kit.winners(view, context)
    for seat in range(int(view["players"])):
        tokens = describe.joined(context, (_token(t, context) for t in view["collected"][seat]))
        line = context.say(
            "iliad.words.seat",
            seat=describe.seat_name(context, seat, view["seats"]),
            points=view["scores"][seat],
            tokens=tokens,
            stack=view["stack_sizes"][seat],
            hand=view["hand_sizes"][seat],
        )
        extra = [context.say("iliad.words.favour")] if view["favour"][seat] else []
        extra += [context.say("table.words.winner")] if seat in winners else []
        lines.append(" ".join(describe.sentence(part) for part in (line, *extra)))
    return lines


def _token(token: TokenView | None, context: ViewContext) -> str:
    return "" if token is None else context.words(token["label"])


def _turn(view: IliadView, context: ViewContext) -> str:
    if describe.is_over(view, context):
        return ""
    turn = context.say("table.image.turn", turn=view.get("turn_number", "?"), most=TURNS)
    return describe.sentence(turn)


def _marks(view: IliadView, context: ViewContext) -> list[str]:
    """IL-8: the tile an effect is moving and the squares the prompt offers."""
    marks = view.get("marks")
    if not marks or describe.is_over(view, context):
        return []
    lines = []
    if marks.get("moving"):
        lines.append(describe.sentence(context.say("iliad.words.moving", square=marks["moving"])))
    if marks.get("targets"):
        squares = ", ".join(marks["targets"])
        lines.append(describe.sentence(context.say("iliad.words.targets", squares=squares)))
    return lines


def _rows(view: IliadView, context: ViewContext) -> list[str]:
    """Each row from the top: its tiles by square and the tokens at its two ends."""
    lines = []
    for row in reversed(range(6)):
        tiles = [
            _tile_on(f"{FILES[col]}{RANKS[row]}", cell, view["seats"], context)
            for col in range(6)
            if (cell := view["board"][row * 6 + col]) is not None
        ]
        west, east = _ends(view, RANKS[row], context)
        line = context.say(
            "iliad.words.row",
            rank=RANKS[row],
            west=west,
            east=east,
            tiles=", ".join(tiles) or context.say("iliad.words.no_tiles"),
        )
        lines.append(describe.sentence(line))
    return lines


def _columns(view: IliadView, context: ViewContext) -> list[str]:
    """Each column's two end tokens (its tiles are in the rows)."""
    lines = []
    for file in FILES:
        south, north = _ends(view, file, context)
        line = context.say("iliad.words.column", file=file, south=south, north=north)
        lines.append(describe.sentence(line))
    return lines


def _ends(view: IliadView, line: str, context: ViewContext) -> tuple[str, str]:
    """A line's two end tokens (west and east, or south and north); "—" once taken."""
    ends: Sequence[TokenView | None] = view["lines"].get(line) or [None, None]
    first, second = (_token(end, context) or "—" for end in ends)
    return first, second


def _tile_on(square: str, cell: TileView, seats: Sequence[str], context: ViewContext) -> str:
    """'c3 Hector 4', or 'c3 Achilles face down'."""
    owner = context.words(seats[cell["owner"]])
    if not cell["face_up"] or cell.get("tile") is None:
        return context.say("iliad.words.face_down", square=square, seat=owner)
    tile = str(cell["tile"])
    shown = context.say("iliad.tile.dolos") if tile == "D" else tile
    return f"{square} {owner} {shown}"


def _reserve(view: IliadView, context: ViewContext) -> str:
    if describe.is_over(view, context):
        return ""
    tokens = describe.joined(context, (_token(t, context) for t in view.get("reserve", [])))
    return describe.sentence(context.say("iliad.words.reserve", tokens=tokens))
