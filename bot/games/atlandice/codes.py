"""Action codes for buttons: 't5', 'n2', 'k3', 'a6', 's34', 'p15', 'y', 'x'."""

from __future__ import annotations

import re

from bot.engine import IllegalAction
from bot.engine.memo import remember_codes
from bot.games.atlandice.model import Action
from bot.i18n import say

CODE = re.compile(r"([tna])([1-6])|(k)([1-5])|s([1-6])([1-5])|p([1-5])([1-5])|([yx])")


@remember_codes
def encode(action: Action) -> str:
    """Short code: the verb letter and its digits."""
    verb, x, y = action
    if verb in ("y", "x"):
        return verb
    if verb in ("s", "p"):
        return f"{verb}{x}{y}"
    return f"{verb}{x}"


def decode(text: str) -> Action:
    """Inverse of encode; IllegalAction for anything that is no Atlandice move."""
    match = CODE.fullmatch(text) if isinstance(text, str) else None
    if match is None:
        raise IllegalAction(say("atlandice.bad_code", code=repr(text)))
    g = match.groups()
    if g[0] or g[2]:
        return Action(g[0] or g[2], int(g[1] or g[3]))
    if g[4]:
        return Action("s", int(g[4]), int(g[5]))
    if g[6]:
        return Action("p", int(g[6]), int(g[7]))
    return Action(g[8])
