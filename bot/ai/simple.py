"""The simple automatic player: a legal action drawn from a generator fixed by game and version.

It stands in for a player who resigned or whose seat was handed over, until a stronger
computer player exists. It decides from nothing but the seat's own legal actions (what that
seat's player would be offered), so it never uses another seat's secrets; and it draws from
`random.Random` seeded by the game's seed, the seat and the game's version, so a replay or a
restart picks the same action and no unseeded randomness is ever used.
"""

from __future__ import annotations

import random

from bot.engine import AnyGame, IllegalAction


def generator(seed: int, seat: int, version: int) -> random.Random:
    """The draw for one automatic decision; a distinct stream from the engine's own counters."""
    return random.Random(f"{seed}:auto:{seat}:{version}")


def choose(game: AnyGame, state: object, seat: int, seed: int, version: int) -> str:
    """The code of the action the automatic player at `seat` takes now."""
    if game.to_move(state) != seat:
        raise IllegalAction(f"seat {seat} is not the one to move")
    legal = game.legal_actions(state)
    if not legal:
        raise IllegalAction(f"seat {seat} has no legal action")
    return game.encode(generator(seed, seat, version).choice(legal))
