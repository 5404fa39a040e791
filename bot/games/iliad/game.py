"""The Iliad game object: its spec and summary, and the engine contract's methods."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, overload

from bot.engine import GameSpec, Outcome
from bot.games.iliad import codes, hidden, model, rules, scoring, views
from bot.games.iliad.data import rules as house
from bot.games.iliad.model import Action, State
from bot.games.iliad.setup import new_state
from bot.games.iliad.views import IliadSeatView, IliadView
from bot.i18n import say

SUMMARY = say("iliad.rules")  # the words are in data/locales (English: the en catalogue)


class Iliad:
    """The game object the registry holds; every method is a pure function of its arguments."""

    spec = GameSpec(
        id="iliad",
        title="Iliad",
        min_players=2,
        max_players=2,
        max_plies=200,
        seat_names=house().seat_names,
        summary=SUMMARY,
    )

    def new_game(
        self, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> State:
        """Set up a game from its seed."""
        self.spec.check_players(players)
        self.spec.resolve_options(options)
        return new_state(seed, house())

    def to_move(self, state: State) -> int | None:
        """The seat deciding now."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal decision now."""
        return rules.legal_actions(state, house())

    def apply(self, state: State, action: Action) -> State:
        """A new state after a legal decision."""
        return rules.apply(state, action, house())

    def hidden_choices(self, state: State) -> bool:
        """Placing shows which tiles are in hand; every later decision is public."""
        return state.phase == "place"

    def outcome(self, state: State) -> Outcome | None:
        """The result once the board is full."""
        return scoring.outcome(state, house())

    def standing(self, state: State) -> list[int]:
        """The tokens each seat has banked."""
        return [scoring.score(mine) for mine in state.collected]

    def chance(self, state: State) -> tuple[int, ...]:
        """Tiles drawn from the stacks and tokens taken from the shuffled reserve."""
        return (sum(len(stack) for stack in state.stacks), len(state.reserve))

    @overload
    def view(self, state: State, seat: None) -> IliadView: ...
    @overload
    def view(self, state: State, seat: int) -> IliadSeatView: ...
    @overload
    def view(self, state: State, seat: int | None) -> IliadView | IliadSeatView: ...
    def view(self, state: State, seat: int | None) -> IliadView | IliadSeatView:
        """What a seat (None: everyone) may see: the public view, or it plus `private`."""
        return views.view(state, seat, house())

    def resample_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """A state `seat` cannot tell apart: hidden tiles re-dealt, a fresh seed."""
        return hidden.resample_hidden(state, seat, house(), rng)

    def encode(self, action: Action) -> str:
        """Short code for a button."""
        return codes.encode(action)

    def decode(self, text: str) -> Action:
        """Parse a code; garbage raises IllegalAction."""
        return codes.decode(text)

    def describe(self, action: Action, state: State | None = None) -> str:
        """Words for an action."""
        return views.describe(action, state, house())

    def dump(self, state: State) -> dict[str, Any]:
        """Full JSON of a state."""
        return model.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        """State from its JSON."""
        return model.load(data)

    def playout_stats(self, state: State) -> dict[str, float]:
        """Numbers the simulator averages."""
        return {"turns": state.turn_number}


GAME = Iliad()
