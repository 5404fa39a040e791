"""The contract every game implements: pure functions over immutable, JSON-able states."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Protocol, TypeVar

from bot.engine.spec import GameSpec, Outcome
from bot.engine.view import View

S = TypeVar("S")
A = TypeVar("A")


class Game(Protocol[S, A]):
    """One game's rules; the platform only ever talks to games through these methods.

    Inside `bot.engine.wordless()` a game builds its words as `bot.i18n.WORDLESS` (its `say`
    gives that): the states it makes there differ from the usual ones in their words only
    (log lines, outcome sentences), and a playout takes the same course; the conformance
    suite checks both (`bot.engine.wordless_check`). Such states are for playing on (to_move,
    legal_actions, apply, encode, outcome, standing) and throwing away, as a computer
    player's search does: never shown, stored or resampled (resampling may read the log).
    """

    spec: GameSpec

    def new_game(self, players: int, seed: int, options: Mapping[str, object] | None = None) -> S:
        """A fresh state after setup."""
        ...

    def to_move(self, state: S) -> int | None:
        """The one seat that must decide now; None once the game is over."""
        ...

    def legal_actions(self, state: S) -> list[A]:
        """Every action the seat to move may take: complete, sorted, unique."""
        ...

    def apply(self, state: S, action: A) -> S:
        """A new state; raises IllegalAction and leaves `state` untouched if not legal."""
        ...

    def hidden_choices(self, state: S) -> bool:
        """Whether listing the legal actions would reveal the mover's secrets (e.g. a hand).

        The platform then shows them only to that seat, never on a public message.
        """
        ...

    def outcome(self, state: S) -> Outcome | None:
        """The result once the game is over."""
        ...

    def standing(self, state: S) -> list[int]:
        """Each seat's points as the position stands, by the game's own scoring (a mid-game
        score for computer players; they call it only on states from `resample_hidden`)."""
        ...

    def chance(self, state: S) -> tuple[int, ...]:
        """A tally of what chance and hidden things have brought into play so far.

        It changes with every move that rolls, shuffles, draws or turns up something no
        seat could know before (the seeded counter, cards or tiles left unseen …) and with
        no other move: the platform lets a player take back only moves that left it unchanged,
        since nothing they revealed can be forgotten.
        """
        ...

    def view(self, state: S, seat: int | None) -> View:
        """What `seat` may see (None: the public), as JSON.

        A seat's view is exactly the public view plus "seat" and "private" (that seat's
        secrets, and nothing secret anywhere else); see bot.engine.view.
        """
        ...

    def resample_hidden(self, state: S, seat: int, rng: random.Random) -> S:
        """A state `seat` cannot tell apart from `state`: everything it cannot see re-dealt.

        Other seats' hands, face-down tiles and deck orders are drawn again from `rng`,
        consistently with what `seat` has seen; its views and the public view stay the same
        and play can go on from the result. Computer players sample hidden information
        through this, so they never peek: the result must depend only on what `seat` sees and
        on `rng` (shuffle from a canonical order, e.g. sorted), so two states `seat` cannot tell
        apart resample alike (tests/ai checks it for every game).
        """
        ...

    def encode(self, action: A) -> str:
        """Short, stable text for an action (fits a button's custom_id)."""
        ...

    def decode(self, text: str) -> A:
        """Inverse of encode; raises IllegalAction on garbage."""
        ...

    def describe(self, action: A, state: S | None = None) -> str:
        """Human words for an action, in the context of `state` when given."""
        ...

    def dump(self, state: S) -> dict[str, Any]:
        """The full state as JSON (never leaves the server)."""
        ...

    def load(self, data: Mapping[str, Any]) -> S:
        """Inverse of dump."""
        ...

    def playout_stats(self, state: S) -> dict[str, float]:
        """Figures of a finished game in the game's own terms (turns, rounds, sieges …).

        `python -m bot.simulate` averages them over many random games beside their length
        and endings: what a house rule or the game's balance is judged by. The same names
        for every game of one kind; the conformance suite checks each playout's figures.
        """
        ...


AnyGame = Game[Any, Any]


T = TypeVar("T")


def evolve(state: T, **changes: Any) -> T:
    """A copy of a frozen dataclass with some fields changed, without re-running __init__.

    dataclasses.replace is the obvious tool but dominates the hot path of random playouts.
    A field the state does not have is a bug, refused like dataclasses.replace would.
    """
    fields = state.__dict__
    if not changes.keys() <= fields.keys():  # a subset test builds no set: cheap when all is well
        unknown = changes.keys() - fields.keys()
        raise TypeError(f"{type(state).__name__} has no field {', '.join(sorted(unknown))}")
    new = object.__new__(type(state))
    new.__dict__.update(fields)
    new.__dict__.update(changes)
    return new
