"""What a seat cannot see in Atlandice, drawn again: the face-down tiles and future dice."""

from __future__ import annotations

import random

from bot.engine import evolve
from bot.games.atlandice.model import State


def resample_hidden(state: State, seat: int, rng: random.Random) -> State:
    """A state no seat can tell apart from `state` (AT-5: the stacks are shuffled face down).

    Everything else is public: each district's active tile stays, the tiles under it are
    shuffled again, and a fresh seed makes every later roll differ.
    """
    stacks = []
    for stack in state.stacks:
        below = sorted(stack[1:])  # from a canonical order: the draw depends on rng alone
        rng.shuffle(below)
        stacks.append((*stack[:1], *below))
    return evolve(state, stacks=tuple(stacks), seed=rng.getrandbits(63))
