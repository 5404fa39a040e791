"""Iliad's numbers, read once from data/iliad.json so house rules stay out of the code."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.engine import load_data

GODS = ("zeus", "apollo", "athena", "poseidon", "aphrodite")
KIND_CODES = {
    "zeus": "Z",
    "apollo": "A",
    "athena": "T",
    "poseidon": "P",
    "aphrodite": "H",
    "bonus": "B",
    "curse": "C",
    "marriage": "M",
}


@dataclass(frozen=True)
class Rules:
    """The tunable numbers of Iliad."""

    seat_names: tuple[str, ...]
    colours: tuple[str, ...]
    tiles: tuple[int, ...]  # every tile one player owns; 0 is Dolos
    tokens: tuple[tuple[str, int], ...]
    reserve_size: int
    hand_size: int
    blue_parity: int
    fallback_placement: bool
    starting_player: str
    flip_face_up_only: bool
    effects: dict[str, str]


def _tiles(counts: dict[str, int]) -> tuple[int, ...]:
    """IL-2: every tile one player owns, by value (0 is Dolos)."""
    return tuple(sorted(0 if k == "D" else int(k) for k, n in counts.items() for _ in range(n)))


def _tokens(table: dict[str, Any]) -> tuple[tuple[str, int], ...]:
    """IL-3: the success tokens as (kind, value), as the data file lists them."""
    return tuple(
        (kind, int(value))
        for kind, values in table.items()
        if not kind.startswith("_")
        for value in values
    )


@cache
def rules() -> Rules:
    """The rules as the data file states them."""
    raw = load_data("iliad")
    house = raw["house"]
    return Rules(
        seat_names=tuple(raw["seat_names"]),
        colours=tuple(raw["colours"]),
        tiles=_tiles(raw["tiles_per_player"]),
        tokens=_tokens(house["tokens"]),
        reserve_size=int(raw["reserve_size"]),
        hand_size=int(raw["hand_size"]),
        blue_parity=int(house["blue_square_parity"]["value"]),
        fallback_placement=bool(house["fallback_placement"]["value"]),
        starting_player=str(house["starting_player"]["value"]),
        flip_face_up_only=bool(house["effect_4_targets_face_up_only"]["value"]),
        effects=dict(raw["effects"]),
    )
