"""The one base of every game's adapter: the contract's shared parts, and a game's hooks.

A game subclasses `GameAdapter[State, Action, PublicView, SeatView]`, sets `spec` and supplies
its hooks: `setup` and `build_view` (behind the base's `new_game` and `view`), and the rest of
the contract (`Game`: to_move, legal_actions, apply, outcome …). A hook that is one function
of the game's modules, with the contract's parameters, is declared rather than written:
`to_move = staticmethod(rules.to_move)` makes the contract's call that function itself, with
no forwarding method in between (a search's playouts make millions of these calls). mypy
checks every hook against the contract's types and refuses to build a game that misses one.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, Generic, TypeVar, overload

from bot.engine.game import Game
from bot.engine.view import SeatView, View

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V", bound=View)
SV = TypeVar("SV", bound=SeatView[Any])


class GameAdapter(Game[S, A], Generic[S, A, V, SV]):
    """A game on the engine contract: the base checks what every game checks alike."""

    def new_game(self, players: int, seed: int, options: Mapping[str, object] | None = None) -> S:
        """The seat count and options refused here if the game is not made for them."""
        self.spec.check_players(players)
        return self.setup(players, seed, self.spec.resolve_options(options))

    @abstractmethod
    def setup(self, players: int, seed: int, options: Mapping[str, str]) -> S:
        """The game's own setup, for a seat count it is made for and every option resolved."""

    @overload
    def view(self, state: S, seat: None) -> V: ...
    @overload
    def view(self, state: S, seat: int) -> SV: ...
    @overload
    def view(self, state: S, seat: int | None) -> V | SV: ...
    def view(self, state: S, seat: int | None) -> V | SV:
        """The game's own view type: a seat's view for a seat, the public one for None."""
        return self.build_view(state, seat)

    @abstractmethod
    def build_view(self, state: S, seat: int | None, /) -> V | SV:
        """The view of `seat` (None: the public), as the contract's `view` describes it."""
