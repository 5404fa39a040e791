"""The Atlandice game object: the spec, and its hooks on the engine contract."""

from __future__ import annotations

from collections.abc import Mapping

from bot.engine import GameAdapter, GameSpec, Outcome
from bot.games.atlandice import codes, hidden, rules, scoring, views
from bot.games.atlandice.data import SEAT_NAMES
from bot.games.atlandice.model import Action, State, dump_state, load_state
from bot.games.atlandice.viewtypes import AtlandiceSeatView, AtlandiceView
from bot.i18n import say

SUMMARY = say("atlandice.rules")  # the words are in data/locales (English: the en catalogue)


class Atlandice(GameAdapter[State, Action, AtlandiceView, AtlandiceSeatView]):
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

    to_move = staticmethod(rules.to_move)
    legal_actions = staticmethod(rules.legal_actions)
    apply = staticmethod(rules.apply)
    standing = staticmethod(scoring.standing)
    build_view = staticmethod(views.view)
    resample_hidden = staticmethod(hidden.resample_hidden)
    encode = staticmethod(codes.encode)
    decode = staticmethod(codes.decode)
    describe = staticmethod(views.describe)
    dump = staticmethod(dump_state)
    load = staticmethod(load_state)

    def setup(self, players: int, seed: int, options: Mapping[str, str]) -> State:
        """A fresh, set-up game with its first roll made."""
        return rules.new_state(players, seed)

    def hidden_choices(self, state: State) -> bool:
        """Only the order of face-down tiles is secret, and no choice depends on it."""
        return False

    def outcome(self, state: State) -> Outcome | None:
        """Scores once the hand has reached the waves."""
        return scoring.outcome(state)

    def chance(self, state: State) -> tuple[int, ...]:
        """Seeded dice and draws, and the face-down tiles still under the active ones."""
        return (state.counter, sum(len(stack) for stack in state.stacks))

    def playout_stats(self, state: State) -> dict[str, float]:
        """Rounds played, districts closed, tiles taken."""
        closed = sum(1 for stack in state.stacks if not stack)
        tiles = sum(len(won) for won in state.won)
        return {"rounds": state.round, "closed districts": closed, "tiles taken": tiles}


GAME = Atlandice()
