"""Whose decision it is, which decisions are legal (IL-7 … IL-9), and carrying one out."""

from __future__ import annotations

from bot.engine import IllegalAction
from bot.engine.memo import remember_last
from bot.games.iliad.board import LINE_NAMES, SQUARE_NAMES
from bot.games.iliad.data import Rules
from bot.games.iliad.model import (
    CHOOSE,
    DECLINE,
    MOVE,
    PLACE,
    SCORE,
    TAKE,
    Action,
    State,
    tile_code,
)
from bot.games.iliad.moves import effect_actions, landing_squares, line_ends
from bot.games.iliad.turns import HANDLERS
from bot.i18n import say

__all__ = ["apply", "landing_squares", "legal_actions", "refusal", "to_move"]


def to_move(state: State) -> int | None:
    """IL-9: the winner of a line picks its token; otherwise the seat whose turn it is."""
    if state.phase == "over":
        return None
    return state.winner if state.phase == "token" else state.turn


@remember_last
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
    """IL-8: where the lifted tile goes, or which reserve token replaces the one given back."""
    if state.given is not None:
        return [Action(TAKE, t.code) for t in set(state.reserve)]
    assert state.lifted is not None
    tile = state.board[state.lifted]
    assert tile is not None
    squares = landing_squares(state, rules, tile.owner)
    return [Action(MOVE, SQUARE_NAMES[s]) for s in squares]


def apply(state: State, action: Action, rules: Rules) -> State:
    """Check the action against the legal list, then carry it out."""
    if not isinstance(action, Action):
        raise IllegalAction(say("iliad.not_a_move"))
    if action not in legal_actions(state, rules):
        raise IllegalAction(refusal(state, action))
    return HANDLERS[action.kind](state, action, rules)


def refusal(state: State, action: Action) -> str:
    """Why an action is not legal now, in words for the player."""
    expected = {
        "place": say("iliad.waiting.place"),
        "effect": say("iliad.waiting.effect"),
        "effect_target": say("iliad.waiting.effect_target"),
        "order": say("iliad.waiting.order"),
        "token": say("iliad.waiting.token"),
        "over": say("iliad.waiting.over"),
    }[state.phase]
    if state.phase == "place" and action.kind == PLACE:
        return say("iliad.refuse.place", tile=action.target, square=action.detail)
    return say("iliad.refuse.now", expected=expected)
