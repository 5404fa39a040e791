"""The custom_id scheme: every button carries its game, and moves carry the state version.

The templates match any digits, so every id of ours reaches its component, which reads the
numbers once (`number`) and refuses out-of-range ones as a player's error, not a crash.
"""

from __future__ import annotations

import re

from bot.i18n import say
from bot.service import ServiceError

PREFIX = "sy"
_N = "[0-9]+"  # ASCII digits only: int() would also read other scripts' digits
MOVE = re.compile(rf"{PREFIX}:m:(?P<game>{_N}):(?P<version>{_N}):(?P<code>[^\s]+)")
PICK = re.compile(rf"{PREFIX}:s:(?P<game>{_N}):(?P<version>{_N}):(?P<page>{_N})")
TURN = re.compile(rf"{PREFIX}:t:(?P<game>{_N}):(?P<version>{_N})")
HAND = re.compile(rf"{PREFIX}:h:(?P<game>{_N})")
LOBBY = re.compile(rf"{PREFIX}:l:(?P<game>{_N}):(?P<verb>join|leave|start|cancel)")
REMATCH = re.compile(rf"{PREFIX}:r:(?P<game>{_N})")
VOTE = re.compile(rf"{PREFIX}:v:(?P<vote>{_N}):(?P<choice>wait|skip|computer|end)")
RESIGN = re.compile(rf"{PREFIX}:rs:(?P<game>{_N}):(?P<verb>yes|no)")
BACK = re.compile(rf"{PREFIX}:b:(?P<game>{_N}):(?P<version>{_N})")
CONSENT = re.compile(rf"{PREFIX}:u:(?P<request>{_N}):(?P<verb>yes|no)")
ADD_COMPUTER = re.compile(rf"{PREFIX}:ca:(?P<game>{_N})")
REMOVE_COMPUTER = re.compile(rf"{PREFIX}:cr:(?P<game>{_N})")
REPLAY = re.compile(rf"{PREFIX}:rp:(?P<game>{_N}):(?P<step>{_N}):(?P<way>back|next)")
TEMPLATES = (
    MOVE,
    PICK,
    TURN,
    HAND,
    LOBBY,
    REMATCH,
    VOTE,
    RESIGN,
    BACK,
    CONSENT,
    ADD_COMPUTER,
    REMOVE_COMPUTER,
    REPLAY,
)

LARGEST = 2**63 - 1  # sqlite's INTEGER; no game number, version or page of ours is larger
NO_LONGER_WORKS = say("table.no_longer_works")


class BadComponent(ServiceError):
    """A custom_id or component no button of ours could have sent; told, never logged."""

    def __init__(self) -> None:
        super().__init__(NO_LONGER_WORKS)


def number(match: re.Match[str], group: str) -> int:
    """One number of a matched custom_id, or BadComponent when no id of ours could hold it."""
    value = int(match[group])
    if value > LARGEST:
        raise BadComponent()
    return value


def ours(custom_id: str) -> bool:
    """Whether one of our components would take this custom_id (its numbers unchecked)."""
    return any(template.fullmatch(custom_id) for template in TEMPLATES)


def move_id(game_id: int, version: int, code: str) -> str:
    """A move button: pressing it plays `code` if the board is still at `version`."""
    return f"{PREFIX}:m:{game_id}:{version}:{code}"


def pick_id(game_id: int, version: int, page: int) -> str:
    """A select menu of moves; the chosen option's value is the action code."""
    return f"{PREFIX}:s:{game_id}:{version}:{page}"


def turn_id(game_id: int, version: int) -> str:
    """'Your move': opens the mover's private choices when they would reveal a hand."""
    return f"{PREFIX}:t:{game_id}:{version}"


def hand_id(game_id: int) -> str:
    """'My hand': shows the caller's private view."""
    return f"{PREFIX}:h:{game_id}"


def lobby_id(game_id: int, verb: str) -> str:
    """Join / Leave / Start / Cancel on a lobby message."""
    return f"{PREFIX}:l:{game_id}:{verb}"


def rematch_id(game_id: int) -> str:
    """Rematch: a new lobby with the same players."""
    return f"{PREFIX}:r:{game_id}"


GAME_PARTS = (MOVE, PICK, TURN, HAND, BACK)


def game_of(custom_id: str) -> int | None:
    """The game a board's component belongs to (how an unrecorded board is found again)."""
    for pattern in GAME_PARTS:
        match = pattern.fullmatch(custom_id)
        if match is not None:
            return int(match["game"])
    return None


def resign_id(game_id: int, verb: str) -> str:
    """Confirm ('yes') or cancel ('no') a resignation that hands the seat over."""
    return f"{PREFIX}:rs:{game_id}:{verb}"


def vote_id(vote: int, choice: str) -> str:
    """One choice of a turn clock vote."""
    return f"{PREFIX}:v:{vote}:{choice}"


def back_id(game_id: int, version: int) -> str:
    """Back: the mover takes back their own last decision, if the board is still at `version`."""
    return f"{PREFIX}:b:{game_id}:{version}"


def consent_id(request: int, verb: str) -> str:
    """Agree ('yes') or refuse ('no') another player's undo."""
    return f"{PREFIX}:u:{request}:{verb}"


def add_computer_id(game_id: int) -> str:
    """The lobby's level menu: choosing a level seats a computer player at it."""
    return f"{PREFIX}:ca:{game_id}"


def remove_computer_id(game_id: int) -> str:
    """The lobby's Remove computer button: the last computer player added leaves."""
    return f"{PREFIX}:cr:{game_id}"


def replay_id(game_id: int, step: int, way: str) -> str:
    """A replay viewer's ◀ ('back') or ▶ ('next'): show the board after `step` moves."""
    return f"{PREFIX}:rp:{game_id}:{step}:{way}"
