"""Action codes of the Iliad card game: short, stable text for buttons, and their parsing."""

from __future__ import annotations

import re

from bot.engine import IllegalAction
from bot.engine.memo import remember_codes
from bot.games.iliad_cards.army import NEW, SHIELDED_CHARIOT
from bot.games.iliad_cards.data import ATTACKERS, table
from bot.games.iliad_cards.model import Action
from bot.i18n import say

_SIMPLE = re.compile(r"^(pass)$|^(play|attack|pick)\.([a-z0-9-]+)$")
_NUMBERS = re.compile(r"^(put)\.(new|[0-9]{1,2})$|^(foe)\.([0-9])$|^(hit)\.([0-9]{1,2})\.([0-9])$")
VICTORY_CODE = re.compile(r"^(city|trireme|helen)[0-9]{1,2}$")


@remember_codes
def encode(action: Action) -> str:
    """'pass', 'play.hoplite3', 'attack.rider', 'put.new', 'foe.2', 'hit.3.0', 'pick.city2'."""
    verb, what, at, part = action
    if verb in ("play", "attack", "pick"):
        return f"{verb}.{what}"
    if verb == "put":
        return "put.new" if at == NEW else f"put.{at}"
    if verb == "foe":
        return f"foe.{at}"
    if verb == "hit":
        return f"hit.{at}.{part}"
    return verb


def decode(text: str) -> Action:
    """Inverse of encode; IllegalAction for anything else."""
    action = _parse(text)
    if action is None or encode(action) != text or not _known(action):
        raise IllegalAction(say("iliad_cards.bad_code", code=repr(text)))
    return action


def _parse(text: str) -> Action | None:
    simple = _SIMPLE.match(text)
    if simple:
        return Action("pass") if simple[1] else Action(simple[2], simple[3])
    numbers = _NUMBERS.match(text)
    if not numbers:
        return None
    if numbers[1]:
        return Action("put", "", NEW if numbers[2] == "new" else int(numbers[2]))
    if numbers[3]:
        return Action("foe", "", int(numbers[4]))
    return Action("hit", "", int(numbers[6]), int(numbers[7]))


def _known(action: Action) -> bool:
    if action.verb == "play":
        return action.what in table().by_code
    if action.verb == "attack":
        return action.what in (*ATTACKERS, SHIELDED_CHARIOT)
    if action.verb == "pick":
        return bool(VICTORY_CODE.match(action.what))
    return True
