"""data/atlandice.json: every table the engine reads is there, consistent, and [house] is marked."""

from __future__ import annotations

import json
from collections import Counter

from bot.games.atlandice import GAME, data


def test_AT1_five_district_types_three_tiles_each_and_a_market() -> None:
    assert [d["name"] for d in data.RAW["districts"]] == [
        "Jewelers",
        "Libraries",
        "Taverns",
        "Machine works",
        "Forges",
    ]
    assert data.KINDS == ("gem", "book", "provision", "tool", "weapon")
    assert Counter(t.district for t in data.TILES) == {1: 3, 2: 3, 3: 3, 4: 3, 5: 3}
    assert [t.index for t in data.TILES] == list(range(15))
    machine = {t.effect for t in data.TILES if t.district == 4}
    assert machine == {"submarine"}


def test_AT2_house_symbols_one_two_three_per_type_and_market_two() -> None:
    for district in range(1, 6):
        assert sorted(t.symbols for t in data.TILES if t.district == district) == [1, 2, 3]
    assert data.MARKET_SYMBOLS == 2


def test_AT3_counts() -> None:
    assert data.PER_KIND == 12 and data.MARKET_START == 3 and data.MARKET_CAP == 3
    assert data.DICE == {2: 7, 3: 7, 4: 9}
    assert data.DISTRICT_START == {2: 7, 3: 7, 4: 9}
    for players in (2, 3, 4):
        assert data.DISTRICT_START[players] + data.MARKET_START <= data.PER_KIND


def test_AT4_house_clock_track() -> None:
    assert data.CLOCK_END == 16
    assert data.CLOCK == {
        3: "inventory:gem",
        5: "donation",
        6: "inventory:book",
        8: "inventory:provision",
        9: "donation",
        10: "inventory:tool",
        12: "inventory:weapon",
        13: "donation",
        14: "inventory:all",
    }
    kinds = {s.split(":")[1] for s in data.CLOCK.values() if s != "donation"}
    assert kinds <= {*data.KINDS, "all"}


def test_every_effect_is_known_and_faces_are_dice_faces() -> None:
    from bot.games.atlandice.effects import ENTER

    for tile in data.TILES:
        assert tile.effect in ENTER
        assert set(tile.faces) <= {1, 2, 3, 4, 5, 6}
        assert tile.short and len(tile.short) <= 34


def test_house_rules_are_marked_in_the_data_file() -> None:
    raw = json.loads(data.DATA_PATH.read_text(encoding="utf-8"))
    house = raw["house"]
    keys = ("tile_symbols", "black_market_symbols", "clock", "start_player", "tied_tile")
    for key in (*keys, "empty_new_tile", "chained_search", "neutral_donation"):
        assert key in house and "AT-" in house[key]
    assert raw["start_player"] == "random" and raw["chained_search"] is False
    assert raw["neutral_donation"] == data.NEUTRAL_DONATION == "all_pairs_largest_first"
    assert "neutral_donates" not in house  # AT-20: the neutral player does donate


def test_AT14_jewelers_c_rerolls_only_on_a_six() -> None:
    (tile,) = [t for t in data.TILES if t.name == "Jewelers (c)"]
    assert tile.effect == "search_roll" and tile.faces == (6,) and "6" in tile.short


def test_summary_is_short_and_marks_house_rules() -> None:
    assert len(GAME.spec.summary) <= 1500 and "House rules" in GAME.spec.summary
    assert GAME.spec.seat_names[0] == "Mathilda"
