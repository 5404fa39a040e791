"""Ilium as a bot.engine.Game: the spec, and its hooks on the engine contract."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import GameAdapter, GameSpec, OptionSpec
from bot.games.ilium import codes, hidden, model, rules, scoring, views
from bot.games.ilium.data import rules as data_rules
from bot.games.ilium.model import DECLINED, OVER, TAKEN, Action, State
from bot.games.ilium.setup import new_state
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


class IliumGame(GameAdapter[State, Action, IliumView, IliumSeatView]):
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

    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    outcome = staticmethod(scoring.outcome)
    standing = staticmethod(scoring.points)
    build_view = staticmethod(views.view)
    resample_hidden = staticmethod(hidden.resample_hidden)
    encode = staticmethod(codes.encode)
    decode = staticmethod(codes.decode)
    describe = staticmethod(views.describe)
    dump = staticmethod(model.dump)
    load = staticmethod(model.load)

    def setup(self, players: int, seed: int, options: Mapping[str, str]) -> State:
        """A fresh, seeded game with the variants switched on or off."""
        return new_state(players, seed, options["strategic"] == "on", options["vaults"] == "on")

    def hidden_choices(self, state: State) -> bool:
        """Cards are revealed as they are played and historians choose nothing: all public."""
        return False

    def chance(self, state: State) -> tuple[int, ...]:
        """Seeded draws, cards turned from the decks, and the historians shown at the end."""
        left = sum(len(deck) for deck in state.decks)
        return (state.counter, left, int(state.phase == OVER))

    def playout_stats(self, state: State) -> dict[str, float]:
        """Turns, tokens, cubes, and whether the early end was offered."""
        supply = data_rules().supply_cubes
        return {
            "turns": sum(len(cards) for cards in state.played),
            "tokens taken": sum(len(tokens) for tokens in state.collected),
            "cubes used": sum(supply - left for left in state.cubes),
            "early end offered": float(state.early_end in (DECLINED, TAKEN)),
        }


GAME = IliumGame()
