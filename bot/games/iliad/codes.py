"""Iliad's action codes: short, stable text for buttons, and their parsing."""

from __future__ import annotations

import re

from bot.engine import IllegalAction
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
    TOKEN_CODE,
    Action,
    token_from_code,
)
from bot.i18n import say

PREFIX = {PLACE: "p", DECLINE: "x", LIFT: "l", MOVE: "m", FLIP: "f", GIVE: "g", TAKE: "t"}
PREFIX |= {SCORE: "s", CHOOSE: "k"}
KIND_BY_PREFIX = {p: k for k, p in PREFIX.items()}
SQUARE = r"[a-f][1-6]"
TOKEN = TOKEN_CODE.pattern
CODE_SHAPES = {
    PLACE: re.compile(rf"([1-5D])({SQUARE})"),
    DECLINE: re.compile(r"()"),
    LIFT: re.compile(rf"({SQUARE})"),
    MOVE: re.compile(rf"({SQUARE})"),
    FLIP: re.compile(rf"({SQUARE})"),
    GIVE: re.compile(rf"({TOKEN})"),
    TAKE: re.compile(rf"({TOKEN})"),
    SCORE: re.compile(r"([1-6a-f])"),
    CHOOSE: re.compile(rf"({TOKEN})"),
}


def encode(action: Action) -> str:
    """'p5c3', 'x', 'lb4', 'mc5', 'fd4', 'gZ8', 'tA7', 's3', 'kZ8'."""
    return PREFIX[action.kind] + action.target + action.detail


def decode(text: str) -> Action:
    """Inverse of encode; raises IllegalAction on anything else."""
    kind = KIND_BY_PREFIX.get(text[:1])
    shape = CODE_SHAPES[kind].fullmatch(text[1:]) if kind else None
    if kind is None or shape is None:
        raise IllegalAction(say("iliad.bad_code", code=repr(text)))
    if kind == PLACE:
        return Action(kind, shape[1], shape[2])
    if kind in (GIVE, TAKE, CHOOSE):
        token_from_code(shape[1])
    return Action(kind, shape[1])
