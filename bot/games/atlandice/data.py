"""Atlandice's tables (tiles, clock, counts), read once from data/atlandice.json."""

from __future__ import annotations

from dataclasses import dataclass

from bot.engine import data_path, load_data
from bot.i18n import LIST_COMMA, Text, listing, say

DATA_PATH = data_path("atlandice")
MARKET = 6  # the black market's area number
DISTRICTS = (1, 2, 3, 4, 5)
AREAS = (1, 2, 3, 4, 5, 6)
SEAT_NAMES = ("Mathilda", "Nereus", "Calypso", "Triton")


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


# Words (data/locales, atlandice.po): a resource in the singular and plural, by kind 1-5;
# each area bare ('Forges') and with its article ('the Forges'), by area 1-6.
KIND_WORDS = (
    ("atlandice.kind.gem", "atlandice.kinds.gem"),
    ("atlandice.kind.book", "atlandice.kinds.book"),
    ("atlandice.kind.provision", "atlandice.kinds.provision"),
    ("atlandice.kind.tool", "atlandice.kinds.tool"),
    ("atlandice.kind.weapon", "atlandice.kinds.weapon"),
)
AREA_WORDS = (
    ("atlandice.district.jewelers", "atlandice.area.jewelers"),
    ("atlandice.district.libraries", "atlandice.area.libraries"),
    ("atlandice.district.taverns", "atlandice.area.taverns"),
    ("atlandice.district.machine_works", "atlandice.area.machine_works"),
    ("atlandice.district.forges", "atlandice.area.forges"),
    ("atlandice.district.black_market", "atlandice.area.black_market"),
)
TILE_SHORTS = (  # each tile's effect in a few words, by tile index
    "atlandice.short.jewelers_a",
    "atlandice.short.jewelers_b",
    "atlandice.short.jewelers_c",
    "atlandice.short.libraries_a",
    "atlandice.short.libraries_b",
    "atlandice.short.libraries_c",
    "atlandice.short.taverns_a",
    "atlandice.short.taverns_b",
    "atlandice.short.taverns_c",
    "atlandice.short.machine_works",
    "atlandice.short.machine_works",
    "atlandice.short.machine_works",
    "atlandice.short.forges_a",
    "atlandice.short.forges_b",
    "atlandice.short.forges_c",
)


def kind_name(kind: int, count: int = 1) -> str:
    """'gem' / 'gems': a resource kind in the reader's words, singular or plural."""
    return say(KIND_WORDS[kind - 1][0 if count == 1 else 1])


def district_name(area: int) -> str:
    """The area's bare name ('Forges', 'black market')."""
    return say(AREA_WORDS[area - 1][0])


def area_name(area: int) -> str:
    """The area's name with its article, as a player says it ('the Forges')."""
    return say(AREA_WORDS[area - 1][1])


def tile_name(index: int) -> str:
    """A district tile's name: its district and letter ('Forges (b)')."""
    tile = TILES[index]
    return say("atlandice.tile", district=district_name(tile.district), letter="abc"[index % 3])


def tile_short(index: int) -> str:
    """A district tile's effect in a few words."""
    return say(TILE_SHORTS[index])


def symbol_words(symbol: str) -> str:
    """Human words for a clock symbol such as 'inventory:gem'."""
    if symbol == "donation":
        return say("atlandice.symbol.donation")
    what = symbol.split(":", 1)[1]
    if what == "all":
        return say("atlandice.symbol.inventory_all")
    return say("atlandice.symbol.inventory", kinds=kind_name(1 + KINDS.index(what), 2))


def line_words(line: tuple[str, ...] | list[str]) -> Text:
    """A search's log line from its parts: what was taken where, then what came of it."""
    head, *parts = line
    if not parts:
        return say("atlandice.line", head=head)
    return say("atlandice.line.parts", head=head, parts=listing(parts, LIST_COMMA))
