"""Action codes for buttons: 'pHJ', 's2', 'c1', 'xH', 'tco', 'v3', 'go', 'end'."""

from __future__ import annotations

import re

from bot.engine import IllegalAction
from bot.engine.memo import remember_codes
from bot.games.ilium.data import path_codes, rules
from bot.games.ilium.model import CARD, CUBES, FINISH, PATH, SITE, SPACE, TOKEN, Action
from bot.i18n import say

_PATTERN = re.compile(r"(v)([1-9])|(p)([A-Z]{2})|(s)([1-9])|(c)([0-9])|(x)([A-Z])|(t)([a-z]{2})")
_FINISH = {"go": 0, "end": 1}


@remember_codes
def encode(action: Action) -> str:
    """Short stable text for an action."""
    kind, arg = action
    board = rules()
    if kind == PATH:
        return path_codes()[arg]
    if kind == SITE:
        return f"x{board.sites[arg].name}"
    if kind == TOKEN:
        return f"t{board.type_codes[arg]}"
    if kind == FINISH:
        return "end" if arg else "go"
    prefix = {CARD: "v", SPACE: "s", CUBES: "c"}[kind]
    return f"{prefix}{arg + 1 if kind == SPACE else arg}"


def decode(text: str) -> Action:
    """Inverse of encode; IllegalAction for anything that is no Ilium move."""
    if text in _FINISH:
        return Action(FINISH, _FINISH[text])
    found = _PATTERN.fullmatch(text) if isinstance(text, str) else None
    if not found:
        raise IllegalAction(say("ilium.bad_code", code=repr(text)))
    prefix, body = [group for group in found.groups() if group is not None]
    board = rules()
    names = [site.name for site in board.sites]
    try:
        if prefix == "p":
            return Action(PATH, path_codes().index(text))
        if prefix == "x":
            return Action(SITE, names.index(body))
        if prefix == "t":
            return Action(TOKEN, board.type_codes.index(body))
    except ValueError:
        raise IllegalAction(say("ilium.bad_code", code=repr(text))) from None
    kind = {"v": CARD, "s": SPACE, "c": CUBES}[prefix]
    return Action(kind, int(body) - 1 if kind == SPACE else int(body))
