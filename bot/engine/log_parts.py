"""A playout's log taken in parts, so contract checks at every ply read each line once.

Every game keeps its log in `state.log`, a tuple a move only adds lines to; dumps and loads
take its lines one by one, independently of the rest of the state. A check made at every
ply of a playout (dump, load, compare) that read the whole log each time would cost the
square of the game's length; it can instead take the state with only its new lines
(`since`), having checked the earlier ones at an earlier ply, as long as those earlier lines
are still the very same objects. When they are not (a game rewrote its log, or keeps none),
the caller checks the whole state, as before.
"""

from __future__ import annotations

import json
from operator import is_
from typing import Any

from bot.engine.errors import ContractViolation
from bot.engine.game import AnyGame, evolve

NO_LINES: tuple[Any, ...] = ()


def as_json(value: Any) -> str:
    """`value` as JSON, keys sorted (a cycle fails by recursion, not by the slower check)."""
    return json.dumps(value, sort_keys=True, check_circular=False)


def since(state: Any, before: tuple[Any, ...]) -> Any | None:
    """`state` with only the log lines after `before`; None unless its log begins with those
    very objects (a state without a log tuple, or one whose log was rewritten)."""
    log = getattr(state, "log", None)
    if not isinstance(log, tuple) or not hasattr(state, "__dict__") or len(log) < len(before):
        return None
    if not all(map(is_, log, before)):
        return None
    return evolve(state, log=log[len(before) :])


def reloaded(game: AnyGame, state: Any, where: str) -> Any:
    """`load` of the state's dump as JSON: equal to it, and sharing nothing that can change."""
    copy = game.load(json.loads(as_json(game.dump(state))))
    if copy != state:
        raise ContractViolation(f"{game.spec.id}: load(dump(s)) != s ({where})")
    return copy


class Reloads:
    """`reloaded` ply after ply of one playout, each log line dumped and loaded once.

    The state with its new lines only goes through dump, JSON and load (every other part of
    the state is checked whole at every ply), and the lines loaded at earlier plies stand in
    for the old ones: the copy returned equals a whole reload and shares nothing with
    `state`. Lines are dumped and loaded one by one, so a line checked once is checked; the
    caller also reloads the final state whole, where every line sits at its last place.
    """

    def __init__(self, game: AnyGame) -> None:
        self.game = game
        self.log: tuple[Any, ...] = NO_LINES  # the last state's log, the very objects
        self.copies: tuple[Any, ...] = NO_LINES  # those lines as loaded from their dumps

    def reloaded(self, state: Any, where: str) -> Any:
        """The state's copy loaded from its dump, checked equal to it (see the class)."""
        part = since(state, self.log)
        if part is None:
            whole = reloaded(self.game, state, where)
            log = getattr(state, "log", None)
            if isinstance(log, tuple):
                self.log, self.copies = log, whole.log
            return whole
        fresh = reloaded(self.game, part, where)
        self.log, self.copies = state.log, self.copies + fresh.log
        return evolve(fresh, log=self.copies)
