"""Hand-made Atlandice positions for the rule tests: fix tiles, goods, dice and the next rolls."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from bot.engine import rng
from bot.games.atlandice import GAME
from bot.games.atlandice.data import KINDS, TILES
from bot.games.atlandice.model import State

SEED = 7
TILE = {t.name: t.index for t in TILES}


def counts(**kinds: int) -> tuple[int, ...]:
    """Per-kind counts from keywords: counts(gem=2, weapon=1)."""
    unknown = set(kinds) - set(KINDS)
    assert not unknown, unknown
    return tuple(kinds.get(k, 0) for k in KINDS)


def stacks(*active: str, closed: tuple[int, ...] = ()) -> tuple[tuple[int, ...], ...]:
    """Stacks with the named tiles on top, in the order given (default: (a), (b), (c))."""
    result = []
    for district in range(1, 6):
        named = [TILE[name] for name in active if TILES[TILE[name]].district == district]
        rest = [t.index for t in TILES if t.district == district and t.index not in named]
        result.append(() if district in closed else tuple(named + rest))
    return tuple(result)


def counter_for(*faces: int, seed: int = SEED, start: int = 100) -> int:
    """A counter from which the state's next single rolls give `faces` in order."""
    for counter in range(start, start + 200_000):
        if all(rng(seed, counter + i).randint(1, 6) == face for i, face in enumerate(faces)):
            return counter
    raise AssertionError(f"no counter rolls {faces}")


def position(players: int = 3, **changes: Any) -> State:
    """A fresh game's state (a search about to start) with the given fields replaced."""
    base = GAME.new_game(players, SEED)
    blank = tuple(counts() for _ in base.held)
    defaults: dict[str, Any] = {
        "start": 0,
        "held": blank,
        "chips": tuple(0 for _ in base.held),
        "won": tuple(() for _ in base.held),
        "taken": (),
        "log": (),
        "line": (),
    }
    return replace(base, **{**defaults, **changes})


def play(state: State, codes: str) -> State:
    """Apply space-separated action codes in order."""
    for code in codes.split():
        state = GAME.apply(state, GAME.decode(code))
    return state


def codes(state: State) -> list[str]:
    """The legal action codes now."""
    return [GAME.encode(a) for a in GAME.legal_actions(state)]


def market(**kinds: int) -> tuple[int, ...]:
    """The black market's goods."""
    return counts(**kinds)


def goods(
    jewelers: tuple[int, ...] | None = None,
    libraries: tuple[int, ...] | None = None,
    taverns: tuple[int, ...] | None = None,
    machine_works: tuple[int, ...] | None = None,
    forges: tuple[int, ...] | None = None,
    black_market: tuple[int, ...] | None = None,
) -> tuple[tuple[int, ...], ...]:
    """Goods per area; each district defaults to 3 of its own resource, the market to none."""
    given = [jewelers, libraries, taverns, machine_works, forges]
    areas = [g if g is not None else counts(**{KINDS[i]: 3}) for i, g in enumerate(given)]
    return (*areas, black_market if black_market is not None else counts())
