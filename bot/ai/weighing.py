"""One decision weighed after the game: every option's visits and each seat's chance to win.

The search of `bot.ai.search` (its tree, selection and playouts) run from the deciding seat's
information only: every iteration starts from `resample_hidden(state, seat, rng)`, as when the
computer plays. Beside the mover's rewards that steer the search, the root keeps, per option,
how often each seat ended first in the playouts through it (the leader by the game's standing
when a playout is cut short; a shared first place shares the win): that is the chance to win
an analysis shows, drawn toward the decision's average by PRIOR playouts, so an option tried
once or twice does not read as a sure win or a sure loss. The real state is read only through
`resample_hidden` for the deciding seat, so the result depends only on what that seat saw,
the generator and the budget.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.ai.search import Node, _playout, _select
from bot.engine import AnyGame, wordless

PRIOR = 2  # playouts' worth of the decision's average added to each option's count


@dataclass(frozen=True, slots=True)
class Option:
    """One option of the decision: how often the search tried it, and each seat's win chance."""

    code: str
    visits: int
    chances: tuple[float, ...]  # per seat, 0 to 1: how often it ended first through this option


@dataclass(frozen=True, slots=True)
class Weighing:
    """Every option the search tried, the most visited (the computer's choice) first."""

    seat: int
    iterations: int
    options: tuple[Option, ...]

    @property
    def best(self) -> Option:
        """What the computer would have chosen: the most visited option."""
        return self.options[0]

    def option(self, code: str) -> Option | None:
        """The option `code`, if the search tried it."""
        return next((option for option in self.options if option.code == code), None)


class _Tally:
    """Per root option, each seat's first places summed over the playouts through it."""

    def __init__(self, seats: int) -> None:
        self.seats = seats
        self.wins: dict[str, list[float]] = {}

    def add(self, code: str, rewards: list[float]) -> None:
        top = max(rewards)
        firsts = [seat for seat, reward in enumerate(rewards) if reward == top]
        sums = self.wins.setdefault(code, [0.0] * self.seats)
        for seat in firsts:
            sums[seat] += 1 / len(firsts)


@dataclass(frozen=True, slots=True)
class Effort:
    """How one decision is searched: iterations, playout depth, exploration, a CPU cap."""

    iterations: int
    playout_depth: int
    exploration: float
    seconds: float  # with a clock only: a safety cap, at the cost of exact repeatability


def weigh(
    game: AnyGame,
    state: Any,
    seat: int,
    players: int,
    rng: random.Random,
    effort: Effort,
    clock: Callable[[], float] | None = None,
) -> Weighing:
    """The search from `seat`'s information, with `effort`; with a `clock`, it also stops
    once `effort.seconds` have passed (after at least one iteration)."""
    iterations, seconds = effort.iterations, effort.seconds
    budget = (effort.playout_depth, effort.exploration)
    root, tally = Node(), _Tally(players)
    started = clock() if clock else 0.0
    done = 0
    with wordless():
        while done < iterations:
            determinized = game.resample_hidden(state, seat, rng)
            code, rewards = _iterate(game, determinized, root, rng, budget)
            if code is not None:
                tally.add(code, rewards)
            done += 1
            if clock and clock() - started > seconds:
                break
    return Weighing(seat, done, _options(root, tally))


def _options(root: Node, tally: _Tally) -> tuple[Option, ...]:
    """The tried options, most visited first (then the better average, then the code)."""
    ranked = sorted(
        sorted(root.children.items()),
        key=lambda item: (item[1].visits, item[1].reward / max(1, item[1].visits)),
        reverse=True,
    )
    nothing = [0.0] * tally.seats
    tried = sum(node.visits for node in root.children.values())
    mean = [
        sum(w[seat] for w in tally.wins.values()) / max(1, tried) for seat in range(tally.seats)
    ]
    options = []
    for code, node in ranked:
        wins = tally.wins.get(code, nothing)
        shares = tuple(
            round((w + PRIOR * m) / (node.visits + PRIOR), 4)
            for w, m in zip(wins, mean, strict=True)
        )
        options.append(Option(code, node.visits, shares))
    return tuple(options)


def _iterate(
    game: AnyGame, state: Any, root: Node, rng: random.Random, budget: tuple[int, float]
) -> tuple[str | None, list[float]]:
    """One determinization as `bot.ai.search` does it; the root option taken and the rewards."""
    depth, exploration = budget
    path: list[tuple[Node, int]] = []
    first: str | None = None
    node = root
    while (mover := game.to_move(state)) is not None:
        legal = game.legal_actions(state)
        codes = [game.encode(action) for action in legal]
        untried = [k for k, code in enumerate(codes) if code not in node.children]
        for code in codes:
            child = node.children.get(code)
            if child is not None:
                child.available += 1
        pick = untried[rng.randrange(len(untried))] if untried else None
        if pick is not None:
            node.children[codes[pick]] = Node()
        else:
            pick = _select(node, codes, exploration)
        first = codes[pick] if first is None else first
        node = node.children[codes[pick]]
        state = game.apply(state, legal[pick])
        path.append((node, mover))
        if untried:
            break
    rewards = _playout(game, state, rng, depth)
    root.visits += 1
    for child, mover in path:
        child.visits += 1
        child.reward += rewards[mover]
    return first, rewards
