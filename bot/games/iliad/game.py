"""The Iliad game object: its spec, and its hooks on the engine contract with the house data."""

from __future__ import annotations

import random
from collections.abc import Mapping

from bot.engine import GameAdapter, GameSpec, Outcome
from bot.games.iliad import codes, hidden, model, rules, scoring, views
from bot.games.iliad.data import rules as house
from bot.games.iliad.model import Action, State
from bot.games.iliad.setup import new_state
from bot.games.iliad.views import IliadSeatView, IliadView
from bot.i18n import say

SUMMARY = say("iliad.rules")  # the words are in data/locales (English: the en catalogue)


class Iliad(GameAdapter[State, Action, IliadView, IliadSeatView]):
    """Iliad's rules, each given the house data (the data file's rules) they are played by."""

    spec = GameSpec(
        id="iliad",
        title="Iliad",
        min_players=2,
        max_players=2,
        max_plies=200,
        seat_names=house().seat_names,
        summary=SUMMARY,
    )

    to_move = staticmethod(rules.to_move)
    encode = staticmethod(codes.encode)
    decode = staticmethod(codes.decode)
    dump = staticmethod(model.dump)
    load = staticmethod(model.load)

    def setup(self, players: int, seed: int, options: Mapping[str, str]) -> State:
        """Two players and no options: the seed decides the deal."""
        return new_state(seed, house())

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

    def build_view(self, state: State, seat: int | None) -> IliadView | IliadSeatView:
        """The board as the house data lays it out."""
        return views.view(state, seat, house())

    def resample_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """A state `seat` cannot tell apart: hidden tiles re-dealt, a fresh seed."""
        return hidden.resample_hidden(state, seat, house(), rng)

    def describe(self, action: Action, state: State | None = None) -> str:
        """Words for an action."""
        return views.describe(action, state, house())

    def playout_stats(self, state: State) -> dict[str, float]:
        """How many turns the game lasted."""
        return {"turns": state.turn_number}


GAME = Iliad()
