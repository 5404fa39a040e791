"""Carrying out a legal decision and moving the turn on (IL-7 … IL-11)."""

from __future__ import annotations

from collections.abc import Callable

from bot.engine import LogEntry, evolve
from bot.games.iliad.board import LINE_NAMES, LINES, SQUARE_INDEX, SQUARE_NAMES, line_label
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
    tile_name,
    token_from_code,
)
from bot.games.iliad.moves import effect_actions, line_ends
from bot.games.iliad.scoring import line_totals, line_winner
from bot.i18n import listing, say

Names = tuple[str, ...]


def _say(state: State, text: str, seat: int | None = None) -> State:
    """A public line, or one only `seat` reads."""
    return evolve(state, log=(*state.log, LogEntry(text, seat)))


def _owned(rules: Rules, owner: int, tile: Tile) -> str:
    """How a tile is named in the log: a face-down tile hides its value."""
    what = tile_name(tile.value) if tile.face_up else say("iliad.face_down")
    return say("iliad.owned", seat=rules.seat_names[owner], tile=what)


def _place(state: State, action: Action, rules: Rules) -> State:
    """IL-7: the tile leaves the hand for the square; its effect follows if it has a use (IL-8)."""
    value = 0 if action.target == "D" else int(action.target)
    square = SQUARE_INDEX[action.detail]
    hand = list(state.hands[state.turn])
    hand.remove(value)
    board = list(state.board)
    board[square] = Tile(state.turn, value)
    hands = tuple(tuple(hand) if s == state.turn else h for s, h in enumerate(state.hands))
    state = evolve(
        state,
        board=tuple(board),
        hands=hands,
        placed=square,
        last_squares=(square,),
        last_seat=state.turn,
    )
    name = rules.seat_names[state.turn]
    state = _say(
        state, say("iliad.log.places", seat=name, tile=tile_name(value), square=action.detail)
    )
    if effect_actions(state, rules):
        return evolve(state, phase="effect")
    return _finish_placement(state, rules)


def _decline(state: State, action: Action, rules: Rules) -> State:
    """IL-8: effects are optional; declining ends the placement."""
    return _finish_placement(
        _say(state, say("iliad.log.declines", seat=rules.seat_names[state.turn])), rules
    )


def _lift(state: State, action: Action, rules: Rules) -> State:
    """IL-8 effects 1 and 2: the tile to move is chosen; where it goes comes next."""
    return evolve(state, phase="effect_target", lifted=SQUARE_INDEX[action.target])


def _move(state: State, action: Action, rules: Rules) -> State:
    """IL-8 effects 1 and 2: the lifted tile lands on a legal square of its colour."""
    assert state.lifted is not None
    start, end = state.lifted, SQUARE_INDEX[action.target]
    tile = state.board[start]
    assert tile is not None
    board = list(state.board)
    board[start], board[end] = None, tile
    text = say(
        "iliad.log.moves",
        seat=rules.seat_names[state.turn],
        tile=_owned(rules, tile.owner, tile),
        start=SQUARE_NAMES[start],
        end=SQUARE_NAMES[end],
    )
    state = evolve(state, board=tuple(board), last_squares=(*state.last_squares, start, end))
    return _finish_placement(_say(state, text), rules)


def _flip(state: State, action: Action, rules: Rules) -> State:
    """IL-8 effect 4: the placed 4 and a neighbouring opponent tile turn face down."""
    assert state.placed is not None
    target = SQUARE_INDEX[action.target]
    victim = state.board[target]
    assert victim is not None
    text = say(
        "iliad.log.flips",
        seat=rules.seat_names[state.turn],
        square=SQUARE_NAMES[state.placed],
        tile=_owned(rules, victim.owner, victim),
        target=action.target,
    )
    board = list(state.board)
    for square in (state.placed, target):
        tile = board[square]
        assert tile is not None
        board[square] = Tile(tile.owner, tile.value, face_up=False)
    state = evolve(state, board=tuple(board), last_squares=(*state.last_squares, target))
    return _finish_placement(_say(state, text), rules)


def _give(state: State, action: Action, rules: Rules) -> State:
    """IL-8 effect 3: a collected token goes back; which reserve token replaces it comes next."""
    return evolve(state, phase="effect_target", given=token_from_code(action.target))


def _take(state: State, action: Action, rules: Rules) -> State:
    """IL-8 effect 3: the given token and the chosen reserve token change places."""
    assert state.given is not None
    given, taken = state.given, token_from_code(action.target)
    mine = list(state.collected[state.turn])
    mine[mine.index(given)] = taken
    reserve = list(state.reserve)
    reserve[reserve.index(taken)] = given
    collected = tuple(tuple(mine) if s == state.turn else c for s, c in enumerate(state.collected))
    text = say(
        "iliad.log.swaps", seat=rules.seat_names[state.turn], given=given.label, taken=taken.label
    )
    state = evolve(state, collected=collected, reserve=tuple(reserve))
    return _finish_placement(_say(state, text), rules)


def _finish_placement(state: State, rules: Rules) -> State:
    """IL-9: every line that is full and still has its tokens is due for scoring."""
    due = tuple(
        line
        for line, squares in enumerate(LINES)
        if state.ends[2 * line] is not None and all(state.board[s] is not None for s in squares)
    )
    state = evolve(state, placed=None, lifted=None, given=None, due=due)
    return _next_line(state, rules)


def _next_line(state: State, rules: Rules) -> State:
    """IL-9: several due lines wait for the active player to order them."""
    if len(state.due) > 1:
        return evolve(state, phase="order")
    if state.due:
        return _score_line(state, state.due[0], rules)
    return _end_turn(state, rules)


def _score(state: State, action: Action, rules: Rules) -> State:
    """IL-9: the active player names the full line that scores next."""
    return _score_line(state, LINE_NAMES.index(action.target), rules)


def _score_line(state: State, line: int, rules: Rules) -> State:
    """IL-9: the higher total wins the line (ties: the active player)."""
    due = tuple(d for d in state.due if d != line)
    winner = line_winner(state.board, line, state.turn)
    totals = line_totals(state.board, line)
    text = say(
        "iliad.log.wins_line",
        seat=rules.seat_names[winner],
        line=line_label(line),
        mine=totals[winner],
        theirs=totals[1 - winner],
    )
    state = _say(evolve(state, due=due, scoring=line, winner=winner), text)
    first, second = line_ends(state)
    if first == second:
        return _hand_out(state, first, rules)
    return evolve(state, phase="token")


def _choose(state: State, action: Action, rules: Rules) -> State:
    """IL-9: the line winner names the end token it takes."""
    return _hand_out(state, token_from_code(action.target), rules)


def _hand_out(state: State, chosen: Token, rules: Rules) -> State:
    """IL-9: the line's winner takes `chosen`; the loser takes the other end's token."""
    assert state.scoring is not None and state.winner is not None
    first, second = line_ends(state)
    other = second if chosen == first else first
    winner, loser = state.winner, 1 - state.winner
    gains = {winner: chosen, loser: other}
    collected = tuple((*c, gains[s]) for s, c in enumerate(state.collected))
    ends = list(state.ends)
    ends[2 * state.scoring] = ends[2 * state.scoring + 1] = None
    names = rules.seat_names
    text = say(
        "iliad.log.takes",
        winner=names[winner],
        chosen=chosen.label,
        loser=names[loser],
        other=other.label,
    )
    state = evolve(state, collected=collected, ends=tuple(ends), scoring=None, winner=None)
    return _next_line(_say(state, text), rules)


def _end_turn(state: State, rules: Rules) -> State:
    """IL-10 draw back up; IL-11 the game ends once the board is full."""
    state = _draw_up(state, rules)
    if all(tile is not None for tile in state.board):
        return _say(evolve(state, phase="over"), say("iliad.log.over"))
    return evolve(state, turn=1 - state.turn, turn_number=state.turn_number + 1, phase="place")


def _draw_up(state: State, rules: Rules) -> State:
    """IL-10: draw back up to the hand size; with an empty stack, play on from the hand."""
    seat = state.turn
    missing = rules.hand_size - len(state.hands[seat])
    drawn = state.stacks[seat][:missing]
    if not drawn:
        return state
    hand = tuple(sorted((*state.hands[seat], *drawn)))
    hands = tuple(hand if s == seat else h for s, h in enumerate(state.hands))
    stacks = tuple(st[len(drawn) :] if s == seat else st for s, st in enumerate(state.stacks))
    state = evolve(state, hands=hands, stacks=stacks)
    shown = listing(tile_name(v) for v in drawn)
    return _say(state, say("iliad.log.draw", tiles=shown), seat)


HANDLERS: dict[str, Callable[[State, Action, Rules], State]] = {
    PLACE: _place,
    DECLINE: _decline,
    LIFT: _lift,
    MOVE: _move,
    FLIP: _flip,
    GIVE: _give,
    TAKE: _take,
    SCORE: _score,
    CHOOSE: _choose,
}
