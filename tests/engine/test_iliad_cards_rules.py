"""Iliad card game: components, setup, strength, playing cards and attacks (IC-1 … IC-13)."""

from __future__ import annotations

import dataclasses
import json
import random
from collections import Counter

import pytest
from iliad_cards_positions import (
    PASS,
    T,
    codes,
    hand,
    hero,
    hits,
    last_log,
    phalanx,
    play,
    position,
    single,
)

from bot.engine import IllegalAction, data_path
from bot.games.iliad_cards import GAME
from bot.games.iliad_cards.army import placements, strength
from bot.games.iliad_cards.data import parse
from tests.engine.rule_ids import coded_ids, ids_in_test_names

# ---- the data file -------------------------------------------------------------------------


def test_data_file_loads_and_marks_house_rules() -> None:
    raw = json.loads(data_path("iliad_cards").read_text())
    parse(raw)
    assert raw["army"]["house"] and raw["attack"]["house"] and raw["victory"]["house"]
    assert "house rules" in GAME.spec.summary.lower()
    assert len(GAME.spec.summary) <= 1500


@pytest.mark.parametrize(
    ("path", "bad"),
    [
        (("attack", "targets", "archer"), ["hero"]),
        (("attack", "harrow_shields_from"), ["elephant"]),
        (("oracle", "thanatos"), [1]),
        (("phalanx", "max_cards"), 0),
    ],
)
def test_data_file_errors_are_refused(path: tuple[str, ...], bad: object) -> None:
    raw = json.loads(data_path("iliad_cards").read_text())
    node = raw
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = bad
    with pytest.raises(ValueError):
        parse(raw)


# ---- components and setup ------------------------------------------------------------------


def test_IC1_seventy_five_army_cards_as_the_house_table_says() -> None:
    counts = {card.code: card.count for card in T.cards}
    assert counts == {
        "hoplite1": 8,
        "hoplite2": 8,
        "hoplite3": 7,
        "hoplite4": 7,
        "archer": 12,
        "chariot": 9,
        "elephant": 5,
        "catapult": 6,
        "ballista": 6,
        "harrow": 5,
        "horse": 2,
    }
    state = GAME.new_game(4, 3)
    dealt = Counter(state.army_deck) + Counter(c for h in state.hands for c in h)
    assert dealt == Counter(counts)


def test_IC2_IC3_IC4_IC5_victory_oracle_heroes_amphoras() -> None:
    state = GAME.new_game(5, 2)
    victory = Counter(state.victory_deck + state.display)
    assert sum(victory.values()) == 21
    assert victory["helen5"] == 1
    assert [victory[f"city{v}"] for v in (1, 2, 3)] == [4, 4, 2]
    assert [victory[f"trireme{v}"] for v in (1, 2, 3)] == [4, 4, 2]
    oracles = Counter((*state.oracle_deck, state.oracle))
    assert oracles == Counter({"thanatos1": 4, "thanatos2": 2, "gorgon": 2})
    assert T.heroes[4] == (5, "Achilles") and [v for v, _ in T.heroes] == [1, 2, 3, 4, 5, 6]
    assert T.amphoras == {"agamemnon": 1, "athena": 2, "poseidon": 2}


@pytest.mark.parametrize(
    ("players", "heroes"), [(3, (1, 2, 3)), (4, (1, 2, 3, 4)), (5, (1, 2, 3, 4, 5))]
)
def test_IC6_deal_twelve_and_as_many_heroes_as_players(
    players: int, heroes: tuple[int, ...]
) -> None:
    state = GAME.new_game(players, 11)
    assert [len(h) for h in state.hands] == [12] * players
    assert state.heroes == heroes
    assert len(state.army_deck) == 75 - 12 * players
    starts = {GAME.new_game(players, seed).first_player for seed in range(40)}
    assert starts == set(range(players))


def test_IC6_private_hands_stay_out_of_the_public_view() -> None:
    state = GAME.new_game(3, 5)
    public = GAME.view(state, None)
    assert "hand" not in public and "hand_groups" not in public and "private" not in public
    assert not any("Your hand" in line for line in public["log"] + public["recent"])
    mine = GAME.view(state, 1)
    assert mine["private"]["hand"] == list(state.hands[1])
    assert sum(group["count"] for group in mine["private"]["hand_groups"]) == 12
    private_lines = mine["private"]["log"]
    assert len(private_lines) == 1 and private_lines[0].startswith("Your hand: ")
    assert "hand" not in mine and "hand_groups" not in mine
    assert {k: v for k, v in mine.items() if k not in ("seat", "private")} == public
    assert [c["hand_size"] for c in public["camps"]] == [12, 12, 12]


def test_IC7_two_players_have_no_oracle_no_heroes_and_aim_for_15() -> None:
    state = GAME.new_game(2, 4)
    assert state.oracle == "" and state.oracle_deck == () and state.heroes == ()
    assert len(state.display) == 1
    assert GAME.view(state, None)["target_vp"] == 15
    passed = play(position(2, hands=(hand("archer"), hand("archer"))), "pass")
    assert passed.armies[0] == () and passed.passed == (0,)


# ---- strength ------------------------------------------------------------------------------


def test_IC8_phalanx_is_sum_times_cards() -> None:
    assert strength((phalanx(4, 3, 2, 1),), T) == 40
    assert strength((phalanx(4, 2),), T) == 12
    assert strength((phalanx(3, harrow=True),), T) == 3


def test_IC8_archer_chariot_hero_count_and_the_rest_add_nothing() -> None:
    assert strength((single("archer"), single("chariot"), hero(5)), T) == 1 + 3 + 5
    nothing = (single("elephant"), single("catapult"), single("ballista"))
    assert strength(nothing, T) == 0
    assert strength((single("elephant", rider=True), single("chariot", harrow=True)), T) == 4


# ---- the siege turn ------------------------------------------------------------------------


def test_IC9_thanatos_reveals_players_minus_two_gorgon_one_joining_leftovers() -> None:
    from bot.games.iliad_cards.siege import start_siege

    for oracle, players, shown in (("thanatos1", 5, 3), ("thanatos2", 3, 1), ("gorgon", 5, 1)):
        state = position(players, display=("city1",), oracle_deck=(oracle, "gorgon"))
        after = start_siege(state)
        assert after.oracle == oracle
        assert after.display == ("city1", *state.victory_deck[:shown])
    two = start_siege(position(2, display=()))
    assert two.oracle == "" and len(two.display) == 1


def test_IC10_seat_order_from_the_start_player_skipping_passed() -> None:
    state = position(4, current=2, start_player=2, passed=(3,), hands=(hand("archer"),) * 4)
    state = play(state, "play.archer")
    assert state.current == 0
    state = play(state, "pass", "play.archer")
    assert state.current == 2
    assert state.passed == (3, 0)


def test_IC10_a_player_with_nothing_useful_must_pass() -> None:
    state = position(3, hands=((), hand("archer"), ()))
    assert codes(state) == ["pass"]
    harrow_only = position(3, hands=(hand("harrow"), (), ()))
    assert codes(harrow_only) == ["pass"]


def test_IC10_one_decision_names_each_card_kind_once() -> None:
    many = hand(*["hoplite1"] * 4, *["hoplite3"] * 5, *["archer"] * 6, "chariot")
    state = position(3, hands=(many, (), ()))
    assert codes(state) == ["pass", "play.archer", "play.chariot", "play.hoplite1", "play.hoplite3"]


def test_IC11_hoplites_run_strictly_down() -> None:
    army = (phalanx(4), phalanx(3), phalanx(2, 1), phalanx(4, 3, 2, 1))
    state = position(3, armies=(army, (), ()), hands=(hand("hoplite3", "hoplite2"), (), ()))
    state = play(state, "play.hoplite3")
    assert codes(state) == ["put.new", "put.0"]
    state = play(state, "put.0")
    assert state.armies[0][0] == phalanx(4, 3)
    assert last_log(state) == ["Nestor plays a Hoplite 3 onto the 4 phalanx."]


def test_IC11_phalanx_limit_and_order_come_from_the_data() -> None:
    army = (phalanx(4, 3), phalanx(2))
    short = dataclasses.replace(T, max_phalanx=2)
    assert placements(army, "hoplite1", short) == [-1, 1]
    loose = dataclasses.replace(T, strictly_descending=False)
    assert placements(army, "hoplite3", loose) == [-1, 0, 1]


def test_IC11_lone_hoplite_goes_straight_into_a_new_phalanx() -> None:
    state = position(3, hands=(hand("hoplite2"), (), ()))
    state = play(state, "play.hoplite2")
    assert state.armies[0] == (phalanx(2),) and state.current == 1


def test_IC11_archer_alone_or_on_a_free_elephant() -> None:
    army = (single("elephant", rider=True), single("elephant"), single("elephant"))
    state = position(3, armies=(army, (), ()), hands=(hand("archer"), (), ()))
    state = play(state, "play.archer")
    assert codes(state) == ["put.new", "put.1"]
    state = play(state, "put.1")
    assert state.armies[0][1] == single("elephant", rider=True)
    assert strength(state.armies[0], T) == 2


def test_IC11_elephant_catapult_ballista_chariot_stand_alone() -> None:
    kinds = ("elephant", "catapult", "ballista", "chariot")
    state = position(2, hands=(hand(*kinds), ()), passed=(1,))
    state = play(state, *(f"play.{kind}" for kind in kinds))
    assert state.armies[0] == tuple(single(kind) for kind in kinds)
    assert state.hands[0] == ()


def test_IC11_harrow_onto_a_phalanx_or_chariot_without_one() -> None:
    army = (
        phalanx(4, harrow=True),
        phalanx(3),
        single("chariot"),
        single("chariot"),
        single("archer"),
    )
    state = position(3, armies=(army, (), ()), hands=(hand("harrow"), (), ()))
    state = play(state, "play.harrow")
    assert codes(state) == ["put.1", "put.2"]
    state = play(state, "put.2")
    assert state.armies[0][2] == single("chariot", harrow=True)


def test_IC11_trojan_horse_ignores_harrows_spares_heroes_and_is_discarded() -> None:
    foe = (phalanx(4, 3, harrow=True), hero(5), single("chariot", harrow=True))
    state = position(2, armies=((), foe), hands=(hand("horse"), ()))
    state = play(state, "play.horse")
    assert codes(state) == ["hit.0.0", "hit.0.1", "hit.0.9", "hit.2.0", "hit.2.9"]
    state = play(state, "hit.0.0")
    assert state.armies[1][0] == phalanx(3, harrow=True)
    assert state.discard[-2:] == ("hoplite4", "horse")
    assert state.hands[0] == ()


def test_IC11_trojan_horse_asks_which_opponent_when_several_have_cards() -> None:
    state = position(3, armies=((), (single("archer"),), (hero(4), single("catapult"))))
    state = state.but(hands=(hand("horse"), (), ()))
    state = play(state, "play.horse")
    assert codes(state) == ["foe.1", "foe.2"]
    state = play(state, "foe.2")
    assert state.armies[2] == (hero(4),)
    heroes_only = position(3, armies=((), (hero(3),), ()), hands=(hand("horse"), (), ()))
    assert codes(heroes_only) == ["pass"]


# ---- attacks -------------------------------------------------------------------------------

RICH = (
    phalanx(4, 3, 2),  # 0
    phalanx(4, 1, harrow=True),  # 1
    single("archer"),  # 2
    single("elephant", rider=True),  # 3
    single("chariot"),  # 4
    single("chariot", harrow=True),  # 5
    single("catapult"),  # 6
    single("ballista"),  # 7
    hero(3),  # 8
    single("elephant"),  # 9
)


@pytest.mark.parametrize(
    ("attacker", "expected"),
    [
        ("archer", ["hit.0.2", "hit.2.0", "hit.3.1"]),
        ("rider", ["hit.0.0", "hit.0.1", "hit.0.2", "hit.2.0", "hit.3.1"]),
        ("chariot", ["hit.0.2", "hit.2.0", "hit.3.1"]),
        ("chariot-h", ["hit.0.2", "hit.2.0", "hit.3.1"]),
        ("catapult", ["hit.1.9", "hit.3.0", "hit.4.0", "hit.5.0", "hit.5.9", "hit.9.0"]),
        ("ballista", ["hit.3.0", "hit.4.0", "hit.5.0", "hit.9.0"]),
    ],
)
def test_IC12_attack_table_row(attacker: str, expected: list[str]) -> None:
    state = position(2, armies=((), RICH))
    offered = hits(state, attacker)
    assert offered == expected
    assert not any(code.startswith(("hit.6.", "hit.7.", "hit.8.")) for code in offered)


def test_IC12_both_cards_are_discarded() -> None:
    mine = (single("chariot"), phalanx(2))
    state = position(2, armies=(mine, (phalanx(4, 3), single("archer"))))
    state = play(state, "attack.chariot")
    assert codes(state) == ["hit.0.1", "hit.1.0"]
    state = play(state, "hit.0.1")
    assert state.armies == ((phalanx(2),), (phalanx(4), single("archer")))
    assert state.discard[-2:] == ("hoplite3", "chariot")


def test_IC12_only_attackers_with_a_target_are_offered() -> None:
    mine = (single("archer"), single("catapult"), single("ballista"))
    state = position(2, armies=(mine, (phalanx(4, 1, harrow=True),)))
    assert codes(state) == ["attack.catapult", "pass"]


def test_IC12_harrow_shields_until_a_catapult_removes_it() -> None:
    mine = (single("archer"), single("catapult"))
    state = position(2, armies=(mine, (phalanx(4, 1, harrow=True),)), passed=(1,))
    state = play(state, "attack.catapult")  # the one target is struck at once
    assert state.armies[1] == (phalanx(4, 1),)
    assert "Harrow" in last_log(state)[0]
    assert codes(state) == ["attack.archer", "pass"]
    state = play(state, "attack.archer")
    assert state.armies == ((), (phalanx(4),))


def test_IC12_elephant_stays_when_its_archer_attacks_or_is_hit_alone() -> None:
    mine = (single("elephant", rider=True),)
    foe = (phalanx(4, 3, 2), single("elephant", rider=True))
    state = position(2, armies=(mine, foe), passed=(1,))
    state = play(state, "attack.rider", "hit.1.1")
    assert state.armies == ((single("elephant"),), (phalanx(4, 3, 2), single("elephant")))


def test_IC12_catapult_and_ballista_take_the_elephant_with_its_archer() -> None:
    state = position(2, armies=((single("ballista"),), (single("elephant", rider=True),)))
    state = play(state, "attack.ballista")
    assert state.armies == ((), ())
    assert Counter(state.discard[-3:]) == Counter(["elephant", "archer", "ballista"])


def test_IC12_hit_inside_a_phalanx_leaves_one_phalanx() -> None:
    state = position(2, armies=((single("elephant", rider=True),), (phalanx(4, 3, 2),)))
    state = play(state, "attack.rider", "hit.0.1")
    assert state.armies[1] == (phalanx(4, 2),)
    assert strength(state.armies[1], T) == 12


def test_IC12_heroes_cannot_be_attacked() -> None:
    state = position(2, armies=((single("catapult"), single("archer")), (hero(5),)))
    assert codes(state) == ["pass"]


def test_IC12_attack_asks_the_opponent_only_when_several_have_targets() -> None:
    armies = ((single("archer"),), (single("archer"),), (phalanx(2), phalanx(3)))
    state = position(3, armies=armies)
    state = play(state, "attack.archer")
    assert codes(state) == ["foe.1", "foe.2"]
    assert GAME.describe(GAME.decode("foe.2"), state) == "strike the army of Philoctetes"
    state = play(state, "foe.2")
    assert codes(state) == ["hit.0.0", "hit.1.0"]
    assert GAME.describe(GAME.decode("hit.1.0"), state) == "strike the lone Hoplite 3"


# ---- passing -------------------------------------------------------------------------------


def test_IC13_passers_take_the_highest_hero_left_in_order() -> None:
    state = position(4, hands=(hand("archer"),) * 4, heroes=(1, 2, 3, 4))
    state = play(state, "pass", "play.archer", "pass")
    assert state.armies[0] == (hero(4),) and state.armies[2] == (hero(3),)
    assert state.heroes == (1, 2)
    assert last_log(state) == ["Philoctetes passes and takes the hero Ajax (3)."]


def test_IC13_passing_is_final() -> None:
    state = position(3, hands=(hand("archer"),) * 3)
    state = play(state, "pass")
    assert 0 in state.passed
    state = play(state, "pass", "play.archer")
    assert state.current == 2  # seat 0 is skipped for good
    with pytest.raises(IllegalAction):
        GAME.apply(position(3, phase="over"), PASS)


# ---- words ---------------------------------------------------------------------------------


def test_every_offered_decision_reads_as_words() -> None:
    for players in (2, 5):
        chooser = random.Random(players)
        state = GAME.new_game(players, players)
        while GAME.to_move(state) is not None:
            actions = GAME.legal_actions(state)
            for action in actions:
                words = GAME.describe(action, state)
                assert words and " at " not in words and "seat " not in words, words
            state = GAME.apply(state, chooser.choice(actions))


def test_describe_names_the_hero_a_pass_brings_and_the_place_a_card_goes() -> None:
    state = position(3, heroes=(1, 2, 3), armies=((phalanx(4), phalanx(2)), (), ()))
    assert GAME.describe(PASS, state) == "pass and take hero Ajax"
    state = play(state.but(hands=(hand("hoplite1"), (), ())), "play.hoplite1")
    assert [GAME.describe(a, state) for a in GAME.legal_actions(state)] == [
        "start a new phalanx",
        "put it onto the 4 phalanx",
        "put it onto the 2 phalanx",
    ]


def test_every_rule_id_tested_here_is_named_where_it_is_coded() -> None:
    """Each IC- id a test name checks appears in the docstring of the function coding it."""
    tested = set().union(
        *(
            ids_in_test_names(f, "IC")
            for f in [
                "tests/engine/test_iliad_cards_rules.py",
                "tests/engine/test_iliad_cards_siege.py",
            ]
        )
    )
    assert len(tested) > 10
    assert tested - coded_ids("iliad_cards", "IC") == set()
