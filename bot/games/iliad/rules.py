"""Which decisions are legal now: placing (IL-7), effects (IL-8), line order and tokens (IL-9)."""

from __future__ import annotations

from bot.games.iliad.board import LINE_NAMES, NEIGHBOURS, SQUARE_NAMES, squares_of
from bot.games.iliad.data import Rules
from bot.games.iliad.model import (
    CHOOSE,
    DECLINE,
    FLIP,
    GIVE,
    LIFT,
    MOVE,
    PLACE,
    SCORE,
    TAKE,
    Action,
    State,
    Tile,
    Token,
    tile_code,
)


def to_move(state: State) -> int | None:
    """The winner of a line picks its token; otherwise the seat whose turn it is."""
    if state.phase == "over":
        return None
    return state.winner if state.phase == "token" else state.turn


def _touches_a_tile(board: tuple[Tile | None, ...], square: int) -> bool:
    return any(board[n] is not None for n in NEIGHBOURS[square])


def landing_squares(state: State, rules: Rules, colour: int) -> list[int]:
    """Empty squares of a colour that touch a tile (IL-7), or any of them as the house fallback.

    A lifted tile never neighbours a square of its own colour, so it cannot count for itself;
    its old square is occupied and so never offered.
    """
    board = state.board
    empty = [s for s in squares_of(colour, rules.blue_parity) if board[s] is None]
    touching = [s for s in empty if _touches_a_tile(board, s)]
    return touching if touching or not rules.fallback_placement else empty


def _can_land(state: State, rules: Rules, colour: int) -> bool:
    """Whether a lifted tile has any square to go to (cheaper than listing them)."""
    if rules.fallback_placement:
        return any(state.board[s] is None for s in squares_of(colour, rules.blue_parity))
    return bool(landing_squares(state, rules, colour))


def accessible(board: tuple[Tile | None, ...], square: int) -> bool:
    """A tile can be moved when at least one neighbouring square is empty."""
    return any(board[n] is None for n in NEIGHBOURS[square])


def movable_tiles(state: State, rules: Rules, owner: int) -> list[int]:
    """Tiles of `owner` that effect 1 or 2 may lift: accessible and with somewhere to go."""
    return [
        s
        for s, tile in enumerate(state.board)
        if tile is not None
        and tile.owner == owner
        and accessible(state.board, s)
        and _can_land(state, rules, owner)
    ]


def flip_targets(state: State, rules: Rules) -> list[int]:
    """Opponent tiles next to the placed 4 that effect 4 may turn face down."""
    assert state.placed is not None
    opponent = 1 - state.turn
    return [
        n
        for n in NEIGHBOURS[state.placed]
        if (tile := state.board[n]) is not None
        and tile.owner == opponent
        and (tile.face_up or not rules.flip_face_up_only)
    ]


def effect_actions(state: State, rules: Rules) -> list[Action]:
    """The first step of the placed tile's effect; empty when it has none or cannot be used."""
    assert state.placed is not None
    tile = state.board[state.placed]
    assert tile is not None
    names = SQUARE_NAMES
    if tile.value == 1:
        return [Action(LIFT, names[s]) for s in movable_tiles(state, rules, 1 - state.turn)]
    if tile.value == 2:
        return [Action(LIFT, names[s]) for s in movable_tiles(state, rules, state.turn)]
    if tile.value == 3 and state.reserve:
        return [Action(GIVE, t.code) for t in sorted(set(state.collected[state.turn]))]
    if tile.value == 4:
        return [Action(FLIP, names[s]) for s in flip_targets(state, rules)]
    return []


def legal_actions(state: State, rules: Rules) -> list[Action]:
    """Every decision open to the seat to move, sorted and unique."""
    if state.phase == "place":
        squares = landing_squares(state, rules, state.turn)
        tiles = sorted({tile_code(v) for v in state.hands[state.turn]})
        actions = [Action(PLACE, t, SQUARE_NAMES[s]) for t in tiles for s in squares]
    elif state.phase == "effect":
        actions = [Action(DECLINE), *effect_actions(state, rules)]
    elif state.phase == "effect_target":
        actions = _second_step(state, rules)
    elif state.phase == "order":
        actions = [Action(SCORE, LINE_NAMES[line]) for line in state.due]
    elif state.phase == "token":
        actions = [Action(CHOOSE, t.code) for t in set(line_ends(state))]
    else:
        actions = []
    return sorted(actions)


def _second_step(state: State, rules: Rules) -> list[Action]:
    if state.given is not None:
        return [Action(TAKE, t.code) for t in set(state.reserve)]
    assert state.lifted is not None
    tile = state.board[state.lifted]
    assert tile is not None
    squares = landing_squares(state, rules, tile.owner)
    return [Action(MOVE, SQUARE_NAMES[s]) for s in squares]


def line_ends(state: State) -> tuple[Token, Token]:
    """The two tokens of the line being scored."""
    assert state.scoring is not None
    first, second = state.ends[2 * state.scoring], state.ends[2 * state.scoring + 1]
    assert first is not None and second is not None
    return first, second


def refusal(state: State, action: Action) -> str:
    """Why an action is not legal now, in words for the player."""
    expected = {
        "place": "place a tile",
        "effect": "use the tile's effect or decline it",
        "effect_target": "finish the tile's effect",
        "order": "choose which full line scores next",
        "token": "choose a token from the line you won",
        "over": "nothing: the game is over",
    }[state.phase]
    if state.phase == "place" and action.kind == PLACE:
        return (
            f"You cannot place {action.target} on {action.detail}: "
            "pick a tile from your hand and an open square of your colour."
        )
    return f"That move is not possible now: the game is waiting to {expected}."
