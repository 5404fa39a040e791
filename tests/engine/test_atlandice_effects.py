"""Atlandice tile effects (AT-13, AT-14), one scenario per effect, each with its decline."""

from __future__ import annotations

import random

from atlandice_positions import codes, counter_for, counts, goods, market, play, position, stacks

from bot.games.atlandice import GAME
from bot.games.atlandice.data import MARKET
from bot.games.atlandice.model import State, dice_areas

DICE = (1, 2, 3, 4, 5, 6, 6)


def at(tile: str, *rolls: int, **changes: object) -> State:
    """Mathilda (seat 0, start player, first die) about to search with `tile` active."""
    base: dict[str, object] = {"stacks": stacks(tile), "dice": DICE, "goods": goods()}
    if rolls:
        base["counter"] = counter_for(*rolls)
    return position(3, **{**base, **changes})


def last_line(state: State) -> str:
    return state.log[-1].text if state.step == "take" else " ".join(state.line)


def test_AT13_submarine_moved_onto_the_searched_area_gives_nothing_more() -> None:
    state = play(at("Machine works (a)", sub=5), "t4")
    assert codes(state) == ["a1", "a2", "a3", "a4", "a6", "x"]
    state = play(state, "a4")
    assert state.sub == 4 and state.held[0] == counts(tool=1)
    assert GAME.to_move(state) == 1


def test_AT14_machine_works_submarine_can_go_to_the_black_market_or_stay() -> None:
    state = play(at("Machine works (b)"), "t4")
    assert "a6" in codes(state) and "a4" not in codes(state)
    assert play(state, "x").sub == 4


def test_AT14_jewelers_a_roll_odd_takes_one_more_gem() -> None:
    state = play(at("Jewelers (a)", 3), "t1")
    assert state.step == "more"
    state = play(state, "y")
    assert state.held[0] == counts(gem=2)
    assert "rolls 3: +1 gem" in state.log[-1].text
    missed = play(at("Jewelers (a)", 2), "t1")
    assert missed.held[0] == counts(gem=1) and "rolls 2: nothing" in missed.log[-1].text
    declined = play(at("Jewelers (a)", 5), "t1 x")
    assert declined.held[0] == counts(gem=1)


def test_AT14_jewelers_b_swap_with_another_district() -> None:
    state = play(at("Jewelers (b)"), "t1")
    assert codes(state) == ["k1", "x"]
    state = play(state, "k1")
    assert codes(state) == ["s22", "s33", "s44", "s55", "x"]
    state = play(state, "s22")
    assert state.goods[0] == counts(gem=1, book=1)
    assert state.goods[1] == counts(gem=1, book=2)


def test_AT14_jewelers_c_a_six_rerolls_then_searches_that_district_with_its_effect() -> None:
    state = play(at("Jewelers (c)", 6, 3, 1, stacks=stacks("Jewelers (c)", "Taverns (a)")), "t1")
    assert state.step == "dive" and codes(state) == ["x", "y"]
    assert GAME.view(state, None)["prompt"] == "Mathilda: rolled 3: search the Taverns too?"
    state = play(state, "y")  # the Taverns: a provision, then the Taverns (a) roll (a 1)
    assert state.step == "tick"
    state = play(state, "y")
    assert state.held[0] == counts(gem=1, provision=1) and state.hand == 1
    assert "rolls 6, 3: searches the Taverns, 1 provision, rolls 1: the hand moves to 1" in (
        state.log[-1].text
    )


def test_AT14_jewelers_c_any_roll_but_a_six_gives_nothing() -> None:
    for face in (1, 2, 3, 4, 5):
        state = play(at("Jewelers (c)", face, 2), "t1")
        assert state.held[0] == counts(gem=1) and GAME.to_move(state) == 1
        assert state.log[-1].text.endswith(f"rolls {face}: nothing")


def test_AT14_jewelers_c_a_second_six_searches_the_black_market() -> None:
    state = play(at("Jewelers (c)", 6, 6, goods=goods(black_market=market(tool=1))), "t1")
    assert state.step == "dive" and "the black market" in GAME.view(state, None)["prompt"]
    state = play(state, "y")
    assert state.held[0] == counts(gem=1, tool=1)
    assert "rolls 6, 6: searches the black market, 1 tool" in state.log[-1].text


def test_AT14_jewelers_c_a_reroll_naming_a_closed_district_searches_nothing() -> None:
    state = play(at("Jewelers (c)", 6, 2, stacks=stacks("Jewelers (c)", closed=(2,))), "t1")
    assert state.held[0] == counts(gem=1) and GAME.to_move(state) == 1
    assert state.log[-1].text.endswith("rolls 6, 2: the Libraries are closed")


def test_AT14_house_a_chained_search_does_not_start_another() -> None:
    state = play(at("Jewelers (c)", 6, 1), "t1 y")
    assert state.held[0] == counts(gem=2)
    assert state.log[-1].text.endswith("no further search")
    assert GAME.to_move(state) == 1


def test_AT14_libraries_a_roll_five_or_six_takes_from_another_district() -> None:
    state = play(at("Libraries (a)", 5), "t2")
    assert state.step == "steal"
    assert codes(state) == ["s11", "s33", "s44", "s55", "x"]  # not the Libraries themselves
    state = play(state, "s55")
    assert state.held[0] == counts(book=1, weapon=1)


def test_AT14_libraries_b_move_one_to_the_black_market() -> None:
    state = play(at("Libraries (b)"), "t2 k2")
    assert state.goods[1] == counts(book=1) and state.goods[MARKET - 1] == counts(book=1)


def test_AT14_libraries_c_only_on_the_second_die() -> None:
    first = play(at("Libraries (c)"), "t2")
    assert first.held[0] == counts(book=1) and "(not the second die)" in first.log[-1].text
    second = at(
        "Libraries (c)", start=1, taken=((1, 1), (2, 2), (0, 0), (1, 1), (2, 2)), dice=(2, 6)
    )
    state = play(second, "t2")
    assert state.step == "second" and codes(state) == ["k2", "x"]
    assert play(state, "k2").held[0] == counts(book=2)


def test_AT14_taverns_a_roll_one_to_four_moves_the_hand_without_its_symbol() -> None:
    state = play(at("Taverns (a)", 4, hand=2), "t3 y")
    assert state.hand == 3 and state.chips == (0, 0, 0)  # space 3 is an inventory: no effect
    assert play(at("Taverns (a)", 4, hand=2), "t3 x").hand == 2
    assert play(at("Taverns (a)", 5, hand=2), "t3").hand == 2


def test_AT14_taverns_b_market_resource_onto_another_district() -> None:
    state = play(at("Taverns (b)", goods=goods(black_market=market(tool=1))), "t3")
    assert codes(state) == ["k4", "x"]
    state = play(state, "k4")
    assert codes(state) == ["a1", "a2", "a4", "a5", "x"]  # not the Taverns
    state = play(state, "a1")
    assert state.goods[0] == counts(gem=3, tool=1) and state.goods[MARKET - 1] == counts()


def test_AT14_taverns_c_turn_a_free_die_to_any_face() -> None:
    state = play(at("Taverns (c)"), "t3")
    assert codes(state) == ["a1", "a2", "a4", "a5", "a6", "x"]
    state = play(state, "a5")
    assert codes(state) == ["a1", "a2", "a3", "a4", "a6", "x"]
    state = play(state, "a6")
    assert dice_areas(state) == [1, 2, 4, MARKET]
    assert sorted(state.dice) == [1, 2, 4, 6, 6, 6]
    assert "turns the die at the Forges to 6 (the black market)" in state.log[-1].text


def test_AT14_forges_a_roll_even_takes_one_more_weapon() -> None:
    assert play(at("Forges (a)", 4), "t5 y").held[0] == counts(weapon=2)
    assert play(at("Forges (a)", 3), "t5").held[0] == counts(weapon=1)


def test_AT14_forges_b_market_resource_onto_any_district() -> None:
    state = play(at("Forges (b)", goods=goods(black_market=market(gem=1, book=1))), "t5")
    assert codes(state) == ["k1", "k2", "x"]
    state = play(state, "k2")
    assert codes(state) == ["a1", "a2", "a3", "a4", "a5", "x"]
    state = play(state, "a5")
    assert state.goods[4] == counts(book=1, weapon=2)


def test_AT14_forges_c_roll_six_takes_from_the_black_market() -> None:
    rich = goods(black_market=market(gem=1, tool=2))
    state = play(at("Forges (c)", 6, goods=rich), "t5")
    assert state.step == "mkt" and codes(state) == ["k1", "k4", "x"]
    assert play(state, "k4").held[0] == counts(tool=1, weapon=1)
    assert play(at("Forges (c)", 5, goods=rich), "t5").held[0] == counts(weapon=1)


def test_AT14_black_market_has_no_effect() -> None:
    state = play(at("Forges (a)", goods=goods(black_market=market(gem=1))), "t6")
    assert state.held[0] == counts(gem=1) and GAME.to_move(state) == 1


def test_AT14_every_effect_decision_can_be_declined() -> None:
    seen = set()
    for seed in range(20):
        chooser = random.Random(seed)
        state = GAME.new_game(2 + seed % 3, 100 + seed)
        while GAME.to_move(state) is not None:
            if state.step not in ("take", "grab", "bonus", "donate"):
                assert "x" in codes(state), state.step
                seen.add(state.step)
            state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    assert seen == {
        *("more", "tick", "dive", "swap1", "swap2", "steal", "tomarket", "second"),
        *("out1", "out2", "turn1", "turn2", "subm", "mkt"),
    }
