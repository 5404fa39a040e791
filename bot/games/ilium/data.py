"""Ilium's board graph, token set and house rules, read once from data/ilium.json."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Any

from bot.engine import load_data


@dataclass(frozen=True)
class Site:
    """A dig site: its letter, Roman numeral (= its number of pathways) and drawing place."""

    name: str
    numeral: int
    x: float
    y: float


@dataclass(frozen=True)
class Pathway:
    """A stone pathway: its two end sites (shovel end first) and its number of spaces."""

    shovel: int
    far: int
    spaces: int


@dataclass(frozen=True)
class Rules:
    """Every tunable number of Ilium, including the [house] choices."""

    seat_names: tuple[str, ...]
    seat_colours: tuple[str, ...]
    type_codes: tuple[str, ...]
    type_names: tuple[str, ...]
    tokens_per_type: tuple[tuple[int, int], ...]  # (value, how many) per artifact type
    trigger_value: int
    archaeologists: int
    supply_cubes: int
    cards: tuple[tuple[int, int], ...]  # (value, how many) per colour
    cards_removed_4p: tuple[tuple[int, int], ...]
    removed_2p: tuple[int, ...]
    returned_2p: int
    closed_2p: tuple[int, ...]  # site indices
    majority: int
    shared_majority: int
    set_points: int
    sites: tuple[Site, ...]
    pathways: tuple[Pathway, ...]
    lowest_tie_taker_chooses: bool
    leader_may_choose_empty_site: bool
    board_full_ends_game: bool
    cubes_nearest_shovel: bool
    offer_early_end_on_last_turn: bool

    def site_index(self, name: str) -> int:
        """The index of the site with this letter."""
        return [site.name for site in self.sites].index(name)

    def path_name(self, path: int) -> str:
        """A pathway as players name it, shovel end first: 'H-J'."""
        way = self.pathways[path]
        return f"{self.sites[way.shovel].name}-{self.sites[way.far].name}"

    def deck(self, players: int) -> tuple[int, ...]:
        """One colour's assignment cards for this player count, lowest first (IM-2, IM-6)."""
        removed = dict(self.cards_removed_4p) if players == 4 else {}
        return tuple(
            value for value, count in self.cards for _ in range(count - removed.get(value, 0))
        )

    def closed_sites(self, players: int) -> tuple[int, ...]:
        """Sites closed for this player count (IM-9)."""
        return self.closed_2p if players == 2 else ()


def _pairs(table: dict[str, int]) -> tuple[tuple[int, int], ...]:
    """(value, how many) pairs: the token set per type (IM-1) and the cards per colour (IM-2)."""
    return tuple(sorted((int(value), int(count)) for value, count in table.items()))


def _house(raw: dict[str, Any], key: str) -> Any:
    return raw["house_rules"][key]["value"]


def _board(raw: dict[str, Any]) -> tuple[tuple[Site, ...], tuple[Pathway, ...]]:
    """IM-4 [house]: the 13 sites (numeral = pathways) and 25 pathways, shovel end first."""
    sites = tuple(
        Site(str(s["name"]), int(s["numeral"]), float(s["x"]), float(s["y"]))
        for s in raw["board"]["sites"]
    )
    names = [site.name for site in sites]
    paths = tuple(
        Pathway(names.index(p["ends"][0]), names.index(p["ends"][1]), int(p["spaces"]))
        for p in raw["board"]["pathways"]
    )
    return sites, paths


@cache
def _raw() -> dict[str, Any]:
    return load_data("ilium")


@cache
def rules() -> Rules:
    """The rules, parsed once."""
    raw = _raw()
    sites, paths = _board(raw)
    names = [site.name for site in sites]
    two = raw["two_players"]
    cube_spaces = _house(raw, "cube_spaces")
    if cube_spaces not in ("nearest_shovel", "farthest_shovel"):
        raise ValueError(f"ilium.json: unknown cube_spaces {cube_spaces!r}")
    return Rules(
        seat_names=tuple(raw["seat_names"]),
        seat_colours=tuple(raw["seat_colours"]),
        type_codes=tuple(t["code"] for t in raw["artifact_types"]),
        type_names=tuple(t["name"] for t in raw["artifact_types"]),
        tokens_per_type=_pairs(raw["tokens_per_type"]),
        trigger_value=int(raw["trigger_value"]),
        archaeologists=int(raw["archaeologists"]),
        supply_cubes=int(raw["supply_cubes"]),
        cards=_pairs(raw["cards"]),
        cards_removed_4p=_pairs(raw["cards_removed_with_4_players"]),
        removed_2p=tuple(int(v) for v in two["removed_per_type"]),
        returned_2p=int(two["returned"]),
        closed_2p=tuple(names.index(n) for n in two["closed_sites"]),
        majority=int(raw["scoring"]["majority"]),
        shared_majority=int(raw["scoring"]["shared_majority"]),
        set_points=int(raw["scoring"]["set"]),
        sites=sites,
        pathways=paths,
        lowest_tie_taker_chooses=bool(_house(raw, "lowest_tie_taker_chooses")),
        leader_may_choose_empty_site=bool(_house(raw, "leader_may_choose_empty_site")),
        board_full_ends_game=bool(_house(raw, "board_full_ends_game")),
        cubes_nearest_shovel=cube_spaces == "nearest_shovel",
        offer_early_end_on_last_turn=bool(_house(raw, "offer_early_end_on_last_turn")),
    )


@cache
def open_paths(players: int) -> tuple[int, ...]:
    """Pathways in play: with 2 players those touching a closed site are ignored (IM-9)."""
    closed = rules().closed_sites(players)
    return tuple(
        i
        for i, way in enumerate(rules().pathways)
        if way.shovel not in closed and way.far not in closed
    )


@cache
def path_codes() -> tuple[str, ...]:
    """Each pathway's action code: 'p' and its end letters, shovel end first."""
    names = [site.name for site in rules().sites]
    return tuple(f"p{names[way.shovel]}{names[way.far]}" for way in rules().pathways)


def house_rules() -> dict[str, str]:
    """Each [house] rule's text, for the summary and the README."""
    raw = _raw()
    texts = {"board": str(raw["board"]["house"])}
    texts.update({key: str(entry["rule"]) for key, entry in raw["house_rules"].items()})
    return texts
