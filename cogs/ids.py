"""The custom_id scheme: every button carries its game, and moves carry the state version."""

from __future__ import annotations

import re

PREFIX = "sy"
MOVE = re.compile(rf"{PREFIX}:m:(?P<game>\d+):(?P<version>\d+):(?P<code>[^\s]+)")
PICK = re.compile(rf"{PREFIX}:s:(?P<game>\d+):(?P<version>\d+):(?P<page>\d+)")
TURN = re.compile(rf"{PREFIX}:t:(?P<game>\d+):(?P<version>\d+)")
HAND = re.compile(rf"{PREFIX}:h:(?P<game>\d+)")
LOBBY = re.compile(rf"{PREFIX}:l:(?P<game>\d+):(?P<verb>join|leave|start|cancel)")
REMATCH = re.compile(rf"{PREFIX}:r:(?P<game>\d+)")
VOTE = re.compile(rf"{PREFIX}:v:(?P<vote>\d+):(?P<choice>wait|skip|computer|end)")
RESIGN = re.compile(rf"{PREFIX}:rs:(?P<game>\d+):(?P<verb>yes|no)")


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


def resign_id(game_id: int, verb: str) -> str:
    """Confirm ('yes') or cancel ('no') a resignation that hands the seat over."""
    return f"{PREFIX}:rs:{game_id}:{verb}"


def vote_id(vote: int, choice: str) -> str:
    """One choice of a turn clock vote."""
    return f"{PREFIX}:v:{vote}:{choice}"
