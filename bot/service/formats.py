"""Stored state formats: which format each game's `dump` writes now, and how to read older ones.

Every snapshot is stored with the format it was written in (`snapshots.format`, 1 for states
stored before formats existed). When a game's `dump` changes shape, raise its number in
`CURRENT` and register an upgrade from the previous format with `@upgrade(game_id, old)`: a
pure function from the old state dict to the next format's. Loading applies the upgrades in
order; a state with no path to the current format (or from a newer bot) cannot be loaded, and
start-up marks its game broken instead of guessing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

StateDict = dict[str, Any]
Upgrade = Callable[[StateDict], StateDict]

# game id -> the format its dump() writes now; a game not listed writes format 1.
CURRENT: dict[str, int] = {}
# (game id, format) -> the function turning a state of that format into format + 1.
UPGRADES: dict[tuple[str, int], Upgrade] = {}


class StateFormatError(Exception):
    """A stored state's format cannot be read by this version (no upgrade path, or newer)."""


def current_format(game_id: str) -> int:
    """The format this version writes for `game_id`."""
    return CURRENT.get(game_id, 1)


def upgrade(game_id: str, old: int) -> Callable[[Upgrade], Upgrade]:
    """Register the step from format `old` to `old + 1` of `game_id`'s stored state."""

    def register(step: Upgrade) -> Upgrade:
        if (game_id, old) in UPGRADES:
            raise RuntimeError(f"two upgrades of {game_id} from state format {old}")
        UPGRADES[(game_id, old)] = step
        return step

    return register


def check_readable(game_id: str, stored_format: int) -> None:
    """StateFormatError unless a state of `stored_format` can be upgraded to the current one.

    Start-up asks this of every ongoing game from the index alone, without reading its state.
    """
    target = current_format(game_id)
    if stored_format > target:
        raise StateFormatError(
            f"its state has format {stored_format}, newer than this version's {target}"
        )
    for old in range(stored_format, target):
        if (game_id, old) not in UPGRADES:
            raise StateFormatError(
                f"its state has format {stored_format} and nothing upgrades format {old}"
            )


def readable(game_id: str, stored_format: int, state: Mapping[str, Any]) -> StateDict:
    """The stored state in the current format, upgraded step by step; StateFormatError if not."""
    check_readable(game_id, stored_format)
    data = dict(state)
    for old in range(stored_format, current_format(game_id)):
        data = UPGRADES[(game_id, old)](data)
    return data
