"""Seeded randomness: the only source of chance any game may use."""

from __future__ import annotations

import random


def rng(seed: int, counter: int) -> random.Random:
    """A generator fixed by the seed and a counter kept in the state; equal in any process."""
    return random.Random(f"{seed}:{counter}")
