"""Information-set Monte Carlo tree search (single observer), over the engine contract only.

Every iteration starts from `resample_hidden(state, seat, rng)`: a state the searching seat
cannot tell apart from the real one, with everything it cannot see (other hands, deck orders,
future dice) drawn again. The tree is keyed by action codes, so one tree gathers what all the
determinizations say about each of the seat's options. Selection is UCT over the actions legal
in the current determinization, counting for each child how often it was available rather than
how often its parent was visited; a new child is tried as soon as it appears; a random playout
(cut short at the level's depth, where the game's standing scores the position) gives every
seat a reward between 0 and 1, and each node learns the reward of the seat that chose it.

The real state is touched only through `resample_hidden` (every iteration, and the root's
legal actions are read from a determinization too), and `resample_hidden` draws from a
canonical order, so the decision depends only on what the seat sees, the seed and the budget.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.ai.levels import Level
from bot.ai.standing import rewards_from_outcome, rewards_from_standing
from bot.engine import AnyGame, wordless


class Node:
    """One action sequence from the root: its visits, its mover's rewards, its availability."""

    __slots__ = ("available", "children", "reward", "visits")

    def __init__(self) -> None:
        self.visits = 0
        self.reward = 0.0
        self.available = 1
        self.children: dict[str, Node] = {}


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the options the search liked best: its average reward and how often it was tried."""

    code: str
    win_chance: float
    visits: int


@dataclass(frozen=True, slots=True)
class Decision:
    """What the computer plays (an action code) and, when a search chose it, how sure it is.

    Small and frozen: the service's process pool sends it back from a worker.
    """

    code: str
    # The chosen action's average reward, 0 to 1 (about its chance to win); None: not searched.
    win_chance: float | None = None
    iterations: int = 0  # determinizations searched
    visits: int = 0  # how many iterations went through the chosen action
    choices: tuple[Choice, ...] = ()  # the top three options, the chosen one first (a hint's)


def search(
    game: AnyGame,
    state: Any,
    seat: int,
    rng: random.Random,
    level: Level,
    clock: Callable[[], float] | None = None,
) -> Decision:
    """The action `seat` should take, searched within the level's budget.

    With a `clock`, the search also stops once `level.seconds` have passed (after at least one
    iteration): a guard for an overloaded machine, at the cost of exact repeatability.
    """
    root = Node()
    started = clock() if clock else 0.0
    done = 0
    # Wordless: the search only plays on its states and throws them away, so the games build
    # no sentences for them (the same states but for words: bot.engine.game.Game).
    with wordless():
        while done < level.iterations:
            _iterate(game, game.resample_hidden(state, seat, rng), root, rng, level)
            done += 1
            if clock and clock() - started > level.seconds:
                break
    return _best(root, done)


TOP = 3  # options a decision tells about (/hint shows them)


def _best(root: Node, iterations: int) -> Decision:
    """The most visited action; ties go to the better average, then to the first code."""
    ranked = sorted(
        sorted(root.children.items()),
        key=lambda item: (item[1].visits, item[1].reward / max(1, item[1].visits)),
        reverse=True,
    )
    top = tuple(
        Choice(code, node.reward / max(1, node.visits), node.visits) for code, node in ranked[:TOP]
    )
    best = top[0]
    return Decision(best.code, best.win_chance, iterations, best.visits, top)


def _iterate(game: AnyGame, state: Any, root: Node, rng: random.Random, level: Level) -> None:
    """One determinization: select and expand down the tree, play out, and back up."""
    path: list[tuple[Node, int]] = []
    node = root
    while True:
        mover = game.to_move(state)
        if mover is None:
            break
        legal = game.legal_actions(state)
        codes = [game.encode(action) for action in legal]
        untried = [k for k, code in enumerate(codes) if code not in node.children]
        for code in codes:
            child = node.children.get(code)
            if child is not None:
                child.available += 1
        if untried:
            pick = untried[rng.randrange(len(untried))]
            child = node.children[codes[pick]] = Node()
            state = game.apply(state, legal[pick])
            path.append((child, mover))
            break
        pick = _select(node, codes, level.exploration)
        node = node.children[codes[pick]]
        state = game.apply(state, legal[pick])
        path.append((node, mover))
    rewards = _playout(game, state, rng, level.playout_depth)
    root.visits += 1
    for child, mover in path:
        child.visits += 1
        child.reward += rewards[mover]


def _select(node: Node, codes: list[str], exploration: float) -> int:
    """UCT over the children available now (the first of equals wins: no hidden randomness)."""
    best, best_score = 0, -math.inf
    for k, code in enumerate(codes):
        child = node.children[code]
        score = child.reward / child.visits + exploration * math.sqrt(
            math.log(child.available) / child.visits
        )
        if score > best_score:
            best, best_score = k, score
    return best


def _playout(game: AnyGame, state: Any, rng: random.Random, depth: int) -> list[float]:
    """Random play to the end, or `depth` plies and then the standing; rewards per seat."""
    plies = depth if depth > 0 else game.spec.max_plies + 1
    to_move, legal_actions, apply = game.to_move, game.legal_actions, game.apply
    for _ in range(plies):
        if to_move(state) is None:
            break
        legal = legal_actions(state)
        state = apply(state, legal[rng.randrange(len(legal))])
    outcome = game.outcome(state)
    if outcome is not None:
        return rewards_from_outcome(outcome)
    return rewards_from_standing(game.standing(state))
