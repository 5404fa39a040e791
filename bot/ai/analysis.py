"""After the game: how each seat's chances moved, and the decisions that cost each player most.

The game is replayed from its seed and stored moves. Before every decision with more than one
legal action, the search weighs the options from the deciding seat's information only
(`bot.ai.weighing`: `resample_hidden` for that seat, as when the computer plays), seeded by the
analysis seed and the move's number, so the same game always gives the same analysis. A
decision the rules force (one legal action) is skipped.

The budget is per game (`Plan`): a number of iterations shared evenly by the game's decisions
(each between `least` and `most`), so a long game costs no more than a short one, and the
result does not depend on the machine; a CPU-seconds cap guards an overloaded machine.

The work can be cut into slices of decisions (`weigh_steps`), each replaying the game to its
start, so a process pool can run it a piece at a time; `Analysis.of` puts the pieces together.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.ai.weighing import Effort, Weighing, weigh
from bot.engine import AnyGame
from bot.i18n import from_json, to_json

COSTLIEST = 3  # decisions shown per player


@dataclass(frozen=True, slots=True)
class Plan:
    """The CPU budget of one game's analysis."""

    iterations: int = 24_000  # per game, shared by its decisions
    most: int = 300  # iterations per decision at most (the normal level's budget)
    least: int = 24  # and at least
    playout_depth: int = 20
    exploration: float = 0.7
    seconds: float = 120.0  # CPU seconds per game at most, with a clock (a safety cap)

    def effort(self, decisions: int) -> Effort:
        """What each of `decisions` decisions gets."""
        share = self.iterations // max(1, decisions)
        iterations = max(self.least, min(self.most, share))
        seconds = self.seconds / max(1, decisions)
        return Effort(iterations, self.playout_depth, self.exploration, seconds)


@dataclass(frozen=True, slots=True)
class Game:
    """A finished game as stored: which game, how many seats, its seed, options and moves."""

    game: AnyGame
    players: int
    seed: int
    options: Mapping[str, object]
    moves: tuple[tuple[int, str], ...]  # (seat, action code) in order


@dataclass(frozen=True, slots=True)
class Step:
    """One weighed decision: who chose what, what the computer would have, and the chances."""

    ply: int  # the stored move's number, from 1
    seat: int
    line: int  # public log lines after the move (/history's number of its last line)
    chosen: str  # action code
    best: str  # the computer's choice
    chosen_chance: float | None  # the mover's chance to win with the move (None: never tried)
    best_chance: float  # and with the computer's choice
    chances: tuple[float, ...]  # each seat's chance to win after the move
    chosen_words: object  # the move in words (a Text)
    best_words: object

    @property
    def cost(self) -> float:
        """How much the move lost against the computer's choice (0 when it was that choice)."""
        if self.chosen == self.best or self.chosen_chance is None:
            return 0.0
        return max(0.0, self.best_chance - self.chosen_chance)

    def to_json(self) -> dict[str, Any]:
        """JSON for storage."""
        data = {name: getattr(self, name) for name in self.__slots__}
        data["chances"] = list(self.chances)
        data["chosen_words"] = to_json(self.chosen_words)
        data["best_words"] = to_json(self.best_words)
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Step:
        """Back from storage."""
        fields = dict(data)
        fields["chances"] = tuple(float(x) for x in data["chances"])
        fields["chosen_words"] = from_json(data["chosen_words"])
        fields["best_words"] = from_json(data["best_words"])
        return cls(**fields)


@dataclass(frozen=True, slots=True)
class Analysis:
    """A game's analysis: every weighed decision in order, the result, the costliest moves."""

    game: str
    players: int
    iterations: int  # per decision
    steps: tuple[Step, ...]
    final: tuple[float, ...]  # each seat's share of the win at the end (1, or split by a tie)
    lines: int  # public log lines at the end
    costliest: tuple[tuple[Step, ...], ...]  # per seat, up to three, the costliest first

    @classmethod
    def of(
        cls,
        match: Game,
        plan: Plan,
        steps: Sequence[Step],
        winners: Sequence[int] | None = None,
    ) -> Analysis:
        """The whole analysis from its weighed steps (of every slice, in order); `winners` of a
        result the platform made (a resignation, a time-out), else the game's own."""
        state = replay(match, len(match.moves))
        if winners is None:
            outcome = match.game.outcome(state)
            winners = outcome.winners if outcome is not None else ()
        final = tuple(1 / len(winners) if seat in winners else 0.0 for seat in range(match.players))
        costly = tuple(_costliest(steps, seat) for seat in range(match.players))
        return cls(
            match.game.spec.id,
            match.players,
            plan.effort(len(decisions(match))).iterations,
            tuple(steps),
            final,
            len(match.game.view(state, None)["log"]),
            costly,
        )

    def to_json(self) -> dict[str, Any]:
        """JSON for storage."""
        return {
            "game": self.game,
            "players": self.players,
            "iterations": self.iterations,
            "steps": [step.to_json() for step in self.steps],
            "final": list(self.final),
            "lines": self.lines,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Analysis:
        """Back from storage (the costliest moves are found again)."""
        steps = tuple(Step.from_json(step) for step in data["steps"])
        players = int(data["players"])
        return cls(
            str(data["game"]),
            players,
            int(data["iterations"]),
            steps,
            tuple(float(x) for x in data["final"]),
            int(data["lines"]),
            tuple(_costliest(steps, seat) for seat in range(players)),
        )


def _costliest(steps: Sequence[Step], seat: int) -> tuple[Step, ...]:
    """The seat's moves that lost most against the computer's choice (ties: the earlier)."""
    lost = [step for step in steps if step.seat == seat and step.cost > 0]
    return tuple(sorted(lost, key=lambda step: (-step.cost, step.ply))[:COSTLIEST])


def replay(match: Game, upto: int) -> Any:
    """The game's state after its first `upto` moves."""
    game = match.game
    state = game.new_game(match.players, match.seed, match.options)
    for _, code in match.moves[:upto]:
        state = game.apply(state, game.decode(code))
    return state


def decisions(match: Game) -> list[int]:
    """The indexes of the moves that were real choices (more than one legal action: what the
    mover knew, since a seat's legal actions are its own to see)."""
    game, found = match.game, []
    state = game.new_game(match.players, match.seed, match.options)
    for index, (_, code) in enumerate(match.moves):
        if len(game.legal_actions(state)) > 1:
            found.append(index)
        state = game.apply(state, game.decode(code))
    return found


def weigh_steps(
    match: Game,
    plan: Plan,
    seed: int,
    chosen: Sequence[int],
    clock: Callable[[], float] | None = None,
) -> list[Step]:
    """The steps of the decisions at move indexes `chosen` (ascending; from `decisions`)."""
    effort = plan.effort(len(decisions(match)))
    game, steps = match.game, []
    wanted = set(chosen)
    state = game.new_game(match.players, match.seed, match.options)
    for index, (seat, code) in enumerate(match.moves[: max(chosen, default=-1) + 1]):
        action = game.decode(code)
        if index in wanted:
            weighing = decide_again(match, state, seat, index, seed, effort, clock)
            after = game.apply(state, action)
            steps.append(_step(match, weighing, state, after, index, code))
            state = after
        else:
            state = game.apply(state, action)
    return steps


def decide_again(
    match: Game,
    state: Any,
    seat: int,
    index: int,
    seed: int,
    effort: Effort,
    clock: Callable[[], float] | None = None,
) -> Weighing:
    """One decision weighed from `seat`'s information, seeded by the analysis seed and move."""
    rng = random.Random(f"{seed}:analysis:{index}")
    return weigh(match.game, state, seat, match.players, rng, effort, clock)


def _step(match: Game, weighing: Weighing, before: Any, after: Any, index: int, code: str) -> Step:
    """The step of one weighed decision (`after`: the state the real move made)."""
    game, best = match.game, weighing.best
    mine = weighing.option(code)
    chances = mine.chances if mine is not None else _average(weighing, match.players)
    return Step(
        ply=index + 1,
        seat=weighing.seat,
        line=len(game.view(after, None)["log"]),
        chosen=code,
        best=best.code,
        chosen_chance=None if mine is None else mine.chances[weighing.seat],
        best_chance=best.chances[weighing.seat],
        chances=chances,
        chosen_words=game.describe(game.decode(code), before),
        best_words=game.describe(game.decode(best.code), before),
    )


def _average(weighing: Weighing, players: int) -> tuple[float, ...]:
    """Each seat's chance over all the options tried (a move the search never tried)."""
    visits = sum(option.visits for option in weighing.options) or 1
    return tuple(
        round(sum(o.chances[seat] * o.visits for o in weighing.options) / visits, 4)
        for seat in range(players)
    )


def analyse(
    match: Game, plan: Plan, seed: int, clock: Callable[[], float] | None = None
) -> Analysis:
    """The whole game's analysis in one go."""
    return Analysis.of(match, plan, weigh_steps(match, plan, seed, decisions(match), clock))
