"""Atlandice's tables (tiles, clock, counts), read once from data/atlandice.json."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import data_path, load_data

DATA_PATH = data_path("atlandice")
MARKET = 6  # the black market's area number
DISTRICTS = (1, 2, 3, 4, 5)
AREAS = (1, 2, 3, 4, 5, 6)
SEAT_NAMES = ("Mathilda", "Nereus", "Calypso", "Triton")
NEUTRAL_NAME = "neutral"


@dataclass(frozen=True)
class Tile:
    """One district tile: its effect, the dice faces it reacts to and its pointer symbols."""

    index: int
    district: int
    name: str
    effect: str
    faces: tuple[int, ...]
    short: str
    symbols: int


RAW = load_data("atlandice")
KINDS: tuple[str, ...] = tuple(RAW["resources"])  # kind k (1..5) is KINDS[k - 1]
AREA_NAMES: tuple[str, ...] = (
    *(str(d["name"]) for d in RAW["districts"]),
    str(RAW["black_market"]["name"]),
)


def _tiles() -> tuple[Tile, ...]:
    """AT-1: five district types of three tiles each; AT-2 [house]: their pointer symbols."""
    return tuple(
        Tile(
            index=3 * (district["number"] - 1) + i,
            district=int(district["number"]),
            name=str(tile["id"]),
            effect=str(tile["effect"]),
            faces=tuple(int(f) for f in tile["faces"]),
            short=str(tile["short"]),
            symbols=int(tile["symbols"]),
        )
        for district in RAW["districts"]
        for i, tile in enumerate(district["tiles"])
    )


def _per_players(key: str) -> dict[int, int]:
    """AT-3, AT-5: a count by number of players (dice; resources put on each district)."""
    return {int(k): int(v) for k, v in RAW[key].items()}


TILES = _tiles()
MARKET_SYMBOLS = int(RAW["black_market"]["symbols"])  # AT-2 [house]
PER_KIND = int(RAW["resources_per_kind"])  # AT-3
MARKET_START = int(RAW["market_start_per_kind"])
MARKET_CAP = int(RAW["market_cap"])
DISTRICT_START = _per_players("district_start")
DICE = _per_players("dice")
DICE_EACH_TWO = int(RAW["dice_per_player_two"])
SUBMARINE_START = int(RAW["submarine_start"])
TILE_VP = int(RAW["tile_vp"])
SECOND_VP = int(RAW["second_vp"])
INVENTORY_VP = int(RAW["inventory_vp"])
DONATION_VP = int(RAW["donation_vp"])
CHAINED_SEARCH = bool(RAW["chained_search"])  # AT-14 [house]


def _clock() -> tuple[int, dict[int, str]]:
    """AT-4 [house]: the clock track's last space (the waves) and the symbol on each space."""
    clock = RAW["clock"]
    symbols = {int(k): str(v) for k, v in clock["symbols"].items()}
    known = {"donation", "inventory:all", *(f"inventory:{kind}" for kind in KINDS)}
    if not set(symbols.values()) <= known:
        raise ValueError(f"atlandice.json: unknown clock symbols {set(symbols.values()) - known}")
    return int(clock["end"]), symbols


def _neutral_donation() -> str:
    """AT-20 [house]: who decides the neutral player's donation (see flow.neutral_donates)."""
    policy = str(RAW["neutral_donation"])
    if policy not in NEUTRAL_POLICIES:
        raise ValueError(f"atlandice.json: unknown neutral_donation {policy!r}")
    return policy


NEUTRAL_POLICIES = ("all_pairs_largest_first",)
CLOCK_END, CLOCK = _clock()
NEUTRAL_DONATION = _neutral_donation()


def kind_name(kind: int, count: int = 1) -> str:
    """'gem' / '2 gems' / 'a gem' style words for a resource kind."""
    word = KINDS[kind - 1]
    return word if count == 1 else f"{word}s"


def area_name(area: int) -> str:
    """The area's name with its article, as a player says it ('the Forges')."""
    return f"the {AREA_NAMES[area - 1]}"


def symbol_words(symbol: str) -> str:
    """Human words for a clock symbol such as 'inventory:gem'."""
    if symbol == "donation":
        return "donation"
    what = symbol.split(":", 1)[1]
    return "inventory of all resources" if what == "all" else f"inventory of {what}s"
