"""Hand-made Ilium positions for the rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from bot.engine import get_game
from bot.games.ilium.data import rules
from bot.games.ilium.model import FREE, PATH, UNUSED, Cell, State, Token

GAME = get_game("ilium")
RED, YELLOW, GREEN, BLUE = 0, 1, 2, 3
CO, HO, AR, BO, HE = 0, 1, 2, 3, 4


def path(name: str) -> int:
    """The index of pathway 'D-E' (shovel end first)."""
    return [rules().path_name(i) for i in range(len(rules().pathways))].index(name)


def site(name: str) -> int:
    """The index of site 'D'."""
    return rules().site_index(name)


def position(
    players: int = 4,
    *,
    current: int = RED,
    card: int = 1,
    cubes: int = 0,
    deck: Sequence[int] = (2, 2),
    cells: Mapping[str, Sequence[Cell | None]] | None = None,
    tokens: Mapping[str, Sequence[Token]] | None = None,
    **changes: Any,
) -> State:
    """A position where `current` has revealed `card` and must choose a pathway."""
    state = GAME.new_game(players, 1)
    spaces = list(state.spaces)
    for name, row in (cells or {}).items():
        assert len(row) == rules().pathways[path(name)].spaces
        spaces[path(name)] = tuple(FREE if cell is None else cell for cell in row)
    sites = list(state.sites)
    for name, row in (tokens or {}).items():
        sites[site(name)] = tuple(row)
    base: dict[str, Any] = {
        "current": current,
        "phase": PATH,
        "card": card,
        "path": -1,
        "cubes": (cubes,) * players,
        "decks": (tuple(deck),) * players,
        "spaces": tuple(spaces),
        "sites": tuple(sites),
        "early_end": UNUSED,
        "log": (),
    }
    return replace(state, **{**base, **changes})


def play(state: State, *codes: str) -> State:
    """Apply action codes in turn, each checked against the legal actions."""
    for code in codes:
        action = GAME.decode(code)
        assert action in GAME.legal_actions(state), (code, GAME.legal_actions(state))
        state = GAME.apply(state, action)
    return state


def codes(state: State) -> list[str]:
    """The legal action codes now."""
    return [GAME.encode(action) for action in GAME.legal_actions(state)]


def without_fours(state: State) -> State:
    """The same position with every value-4 token taken off the sites."""
    value = rules().trigger_value
    sites = tuple(tuple(t for t in tokens if t[1] != value) for tokens in state.sites)
    return replace(state, sites=sites)


D_TOKENS = ((CO, 1), (HO, 2))
E_TOKENS = ((AR, 1), (BO, 3))


def dig(cells: list[Cell | None], card: int = 1, **changes: Any) -> State:
    """Red places `card` on the one empty space of D-E, filling it: the excavation starts."""
    assert [cell is None for cell in cells].count(True) == 1
    changes.setdefault("tokens", {"D": D_TOKENS, "E": E_TOKENS})
    return play(position(card=card, cells={"D-E": cells}, **changes), "pDE")
