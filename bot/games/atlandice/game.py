"""The Atlandice game object: the engine contract wired to the rules, views and scoring."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from bot.engine import GameSpec, IllegalAction, Outcome, ranking_from_keys
from bot.games.atlandice import flow, rules, views
from bot.games.atlandice.data import SEAT_NAMES, TILES, kind_name
from bot.games.atlandice.model import Action, State, dump_state, holders, load_state
from bot.games.atlandice.scoring import final_scores, holder_name, totals

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
order, an empty new tile scores at once, a chained search starts no other, the neutral never \
donates."""

CODE = re.compile(r"([tna])([1-6])|(k)([1-5])|s([1-6])([1-5])|p([1-5])([1-5])|([yx])")


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
        if state.step != flow.OVER:
            return None
        scores = totals(state, final=True)
        seats = scores[: state.players]
        ranking = ranking_from_keys([(s,) for s in seats])
        winners = [SEAT_NAMES[s] for s, place in enumerate(ranking) if place == 1]
        best = max(seats)
        shared = len(winners) > 1
        return Outcome(
            scores=tuple(seats),
            ranking=ranking,
            reason="shared" if shared else "points",
            summary=f"{' and '.join(winners)} {'share the win' if shared else 'wins'}"
            f" with {best} VP.",
            breakdown=tuple(_breakdown(state, h, scores[h]) for h in range(holders(state))),
        )

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        """Everything on the table (all public)."""
        outcome = self.outcome(state)
        return views.view(state, seat, None if outcome is None else outcome.to_dict())

    def encode(self, action: Action) -> str:
        """Short code: verb letter and digits."""
        verb, x, y = action
        if verb in ("y", "x"):
            return verb
        if verb in ("s", "p"):
            return f"{verb}{x}{y}"
        return f"{verb}{x}"

    def decode(self, text: str) -> Action:
        """Inverse of encode."""
        match = CODE.fullmatch(text) if isinstance(text, str) else None
        if match is None:
            raise IllegalAction(f"{text!r} is not an Atlandice move.")
        g = match.groups()
        if g[0] or g[2]:
            return Action(g[0] or g[2], int(g[1] or g[3]))
        if g[4]:
            return Action("s", int(g[4]), int(g[5]))
        if g[6]:
            return Action("p", int(g[6]), int(g[7]))
        return Action(g[8])

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


def _breakdown(state: State, holder: int, total: int) -> str:
    name = holder_name(state, holder)
    tiles = [TILES[t].name for t in state.won[holder]]
    finals = final_scores(state)[holder]
    final_words = ", ".join(f"{kind_name(k, 2)} {vp}" for k, vp in finals) or "none"
    line = (
        f"{name}: {len(tiles)} tile(s) x3 = {3 * len(tiles)}"
        + (f" ({', '.join(tiles)})" if tiles else "")
        + f"; VP tokens {state.chips[holder]}; final majorities {final_words}; total {total}"
    )
    return line + (" (neutral: cannot win)" if holder >= state.players else "")


GAME = Atlandice()
