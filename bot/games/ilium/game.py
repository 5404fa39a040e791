"""Ilium as a bot.engine.Game: the spec and the contract's methods."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from bot.engine import GameSpec, OptionSpec, Outcome
from bot.games.ilium import codes, hidden, model, rules, scoring, setup, views
from bot.games.ilium.data import rules as data_rules
from bot.games.ilium.model import DECLINED, OVER, TAKEN, Action, State
from bot.games.ilium.viewtypes import IliumSeatView, IliumView
from bot.i18n import say

# A turn has at most 7 decisions: card, pathway, space, cubes, site, and a token choice for
# each of two takers (the leader alone takes twice; with a second, one each after the site).
DECISIONS_PER_TURN = 7

SUMMARY = say("ilium.rules")  # the words are in data/locales (English: the en catalogue)

OPTIONS = (
    OptionSpec(
        "strategic",
        "Strategic Expeditions: choose which card value to play each turn",
        ("off", "on"),
        "off",
    ),
    OptionSpec(
        "vaults",
        "Burial Vaults: tokens of equal value on a site are taken in a random fixed order",
        ("off", "on"),
        "off",
    ),
)


def _max_plies() -> int:
    turns = max(n * len(data_rules().deck(n)) for n in range(2, 5))
    return turns * DECISIONS_PER_TURN + 1


class IliumGame:
    """Ilium on the engine contract."""

    spec = GameSpec(
        id="ilium",
        title="Ilium",
        min_players=2,
        max_players=4,
        max_plies=_max_plies(),
        seat_names=data_rules().seat_names,
        options=OPTIONS,
        summary=SUMMARY,
    )

    def new_game(
        self, players: int, seed: int, options: Mapping[str, object] | None = None
    ) -> State:
        """A fresh, seeded game."""
        self.spec.check_players(players)
        chosen = self.spec.resolve_options(options)
        return setup.new_state(players, seed, chosen["strategic"] == "on", chosen["vaults"] == "on")

    def to_move(self, state: State) -> int | None:
        """The seat that decides now."""
        return rules.to_move(state)

    def legal_actions(self, state: State) -> list[Action]:
        """Every choice open now."""
        return rules.legal_actions(state)

    def apply(self, state: State, action: Action) -> State:
        """The state after one decision."""
        return rules.apply(state, action)

    def hidden_choices(self, state: State) -> bool:
        """Cards are revealed as they are played and historians choose nothing: all public."""
        return False

    def outcome(self, state: State) -> Outcome | None:
        """The result once over."""
        return scoring.outcome(state)

    def view(self, state: State, seat: int | None) -> IliumView | IliumSeatView:
        """What `seat` may see: the public view, plus that seat's secrets under `private`."""
        return views.view(state, seat)

    def standing(self, state: State) -> list[int]:
        """The points each seat would score if the donations went now."""
        return scoring.points(state)

    def chance(self, state: State) -> tuple[int, ...]:
        """Seeded draws, cards turned from the decks, and the historians shown at the end."""
        left = sum(len(deck) for deck in state.decks)
        return (state.counter, left, int(state.phase == OVER))

    def resample_hidden(self, state: State, seat: int, rng: random.Random) -> State:
        """Other historians and deck orders drawn again, as `seat` cannot tell them apart."""
        return hidden.resample_hidden(state, seat, rng)

    def encode(self, action: Action) -> str:
        """Action code."""
        return codes.encode(action)

    def decode(self, text: str) -> Action:
        """Action from its code."""
        return codes.decode(text)

    def describe(self, action: Action, state: State | None = None) -> str:
        """Human words for an action."""
        return views.describe(action, state)

    def dump(self, state: State) -> dict[str, Any]:
        """The state as JSON."""
        return model.dump(state)

    def load(self, data: Mapping[str, Any]) -> State:
        """Inverse of dump."""
        return model.load(data)

    def playout_stats(self, state: State) -> dict[str, float]:
        """Figures the simulator averages."""
        supply = data_rules().supply_cubes
        return {
            "turns": sum(len(cards) for cards in state.played),
            "tokens taken": sum(len(tokens) for tokens in state.collected),
            "cubes used": sum(supply - left for left in state.cubes),
            "early end offered": float(state.early_end in (DECLINED, TAKEN)),
        }


GAME = IliumGame()
