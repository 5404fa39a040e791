"""The Atlandice game object: the engine contract wired to the rules, views and scoring."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.engine import GameSpec, Outcome
from bot.games.atlandice import codes, hidden, rules, scoring, views
from bot.games.atlandice.data import SEAT_NAMES
from bot.games.atlandice.model import Action, State, dump_state, load_state
from bot.games.atlandice.viewtypes import AtlandiceSeatView, AtlandiceView

SUMMARY = """\
Atlantis is sinking. Each round the start player rolls the dice; each die lies at the area of \
its number (1 Jewelers/gems, 2 Libraries/books, 3 Taverns/provisions, 4 Machine works/tools, \
5 Forges/weapons, 6 and closed districts: black market). In turn order each player takes a die \
twice (2 players: three each, one of them given to the neutral player), takes one resource \
there (one more if the submarine is there) and may use the active tile's effect. An emptied \
district scores: most of its resource takes the tile (3 VP), second 1 VP; then everyone hands \
that resource in (black market up to 3, the rest onto the next tile). The die nobody took moves \
the clock by its area's pointer symbols; stopping on a symbol triggers an inventory (most: \
1 VP) or a donation (pairs for 1 VP each). When the hand reaches the waves the game ends: \
most/second of each resource still in play score 3/1. Most VP wins. House rules: tile symbol \
counts, black market 2 symbols, the 17-space clock, random start player, tied tiles go in turn \
order, an empty new tile scores at once, a chained search starts no other, the neutral gives \
as many pairs as it can in a donation."""


class Atlandice:
    """Atlandice (Huntington & Graham, 2018) for 2 (with a neutral player) to 4 players."""

    spec = GameSpec(
        id="atlandice",
        title="Atlandice",
        min_players=2,
        max_players=4,
        max_plies=1200,
        seat_names=SEAT_NAMES,
        summary=SUMMARY,
        has_private=False,
    )

    def new_game(
        self, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> State:
        """A fresh, set-up game with its first roll made."""
        self.spec.check_players(players)
        self.spec.resolve_options(options)
        return rules.new_state(players, seed)

    def to_move(self, state: State) -> int | None:
        """The seat deciding now."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        """The choices of the decision at hand."""
        return rules.legal_actions(state)

    def apply(self, state: State, action: Action) -> State:
        """The state after an action."""
        return rules.apply(state, action)

    def hidden_choices(self, state: State) -> bool:
        """Only the order of face-down tiles is secret, and no choice depends on it."""
        return False

    def outcome(self, state: State) -> Outcome | None:
        """Scores once the hand has reached the waves."""
        return scoring.outcome(state)

    def view(self, state: State, seat: int | None) -> AtlandiceView | AtlandiceSeatView:
        """Everything on the table; a seat's view adds whose it is and its private lines."""
        return views.view(state, seat)

    def standing(self, state: State) -> list[int]:
        """VP with the majorities as they are now, per seat (the neutral player left out)."""
        return scoring.standing(state)

    def chance(self, state: State) -> tuple[int, ...]:
        """Seeded dice and draws, and the face-down tiles still under the active ones."""
        return (state.counter, sum(len(stack) for stack in state.stacks))

    def resample_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """The face-down tiles shuffled again and a fresh seed for the dice to come."""
        return hidden.resample_hidden(state, seat, rng)

    def encode(self, action: Action) -> str:
        """Short code: verb letter and digits."""
        return codes.encode(action)

    def decode(self, text: str) -> Action:
        """Inverse of encode."""
        return codes.decode(text)

    def describe(self, action: Action, state: State | None = None) -> str:
        """Human words for an action."""
        return views.describe(action, state)

    def dump(self, state: State) -> dict[str, Any]:
        """The full state as JSON."""
        return dump_state(state)

    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of dump."""
        return load_state(data)

    def playout_stats(self, state: State) -> dict[str, float]:
        """Figures the simulator averages."""
        closed = sum(1 for stack in state.stacks if not stack)
        tiles = sum(len(won) for won in state.won)
        return {"rounds": state.round, "closed districts": closed, "tiles taken": tiles}


GAME = Atlandice()
