"""Where a tile may land (IL-7) and what a placed tile's effect may reach (IL-8)."""

from __future__ import annotations

from bot.games.iliad.board import NEIGHBOURS, SQUARE_NAMES, squares_of
from bot.games.iliad.data import Rules
from bot.games.iliad.model import FLIP, GIVE, LIFT, Action, State, Tile, Token


def _touches_a_tile(board: tuple[Tile | None, ...], square: int) -> bool:
    return any(board[n] is not None for n in NEIGHBOURS[square])


def landing_squares(state: State, rules: Rules, colour: int) -> list[int]:
    """IL-7: empty squares of a colour that touch a tile, or any of them as the house fallback.

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
    """IL-8: a tile can be moved when at least one neighbouring square is empty."""
    return any(board[n] is None for n in NEIGHBOURS[square])


def movable_tiles(state: State, rules: Rules, owner: int) -> list[int]:
    """IL-8: tiles of `owner` that effect 1 or 2 may lift: accessible and with somewhere to go."""
    return [
        s
        for s, tile in enumerate(state.board)
        if tile is not None
        and tile.owner == owner
        and accessible(state.board, s)
        and _can_land(state, rules, owner)
    ]


def flip_targets(state: State, rules: Rules) -> list[int]:
    """IL-8: opponent tiles next to the placed 4 that effect 4 may turn face down."""
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
    """IL-8: the first step of the placed tile's effect; empty when it has none or no use.

    1 lifts an opponent tile, 2 one of yours, 3 gives back a collected token (while the
    reserve has any), 4 turns a neighbouring opponent tile face down; 5 and Dolos do nothing.
    """
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


def line_ends(state: State) -> tuple[Token, Token]:
    """The two tokens of the line being scored."""
    assert state.scoring is not None
    first, second = state.ends[2 * state.scoring], state.ends[2 * state.scoring + 1]
    assert first is not None and second is not None
    return first, second
