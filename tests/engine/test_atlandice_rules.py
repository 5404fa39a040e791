"""Atlandice rule scenarios, named after the rule ids in rules/atlandice.md (AT-1 … AT-20)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from atlandice_positions import (
    TILE,
    codes,
    counter_for,
    counts,
    goods,
    market,
    play,
    position,
    stacks,
)

from bot.engine import IllegalAction
from bot.games.atlandice import GAME
from bot.games.atlandice.data import MARKET
from bot.games.atlandice.model import State, area_of, dice_areas

# Seats: 0 Mathilda, 1 Nereus, 2 Calypso, 3 Triton; the neutral player is holder 2 with 2 seats.
LAST_TAKE_3P = ((1, 1), (2, 2), (0, 0), (1, 1), (2, 2))  # start 1: Mathilda takes the 6th die


def log(state: State) -> list[str]:
    return [entry.text for entry in state.log]


def finish(state: State) -> State:
    """Play the first legal action until the game is over."""
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    return state


def test_AT5_setup_puts_resources_submarine_and_hand_in_place() -> None:
    for players, on_tile in ((2, 7), (3, 7), (4, 9)):
        state = GAME.new_game(players, 11)
        for district in range(1, 6):
            assert state.goods[district - 1] == counts(
                **{("gem", "book", "provision", "tool", "weapon")[district - 1]: on_tile}
            )
            assert len(state.stacks[district - 1]) == 3
        assert state.goods[MARKET - 1] == (3, 3, 3, 3, 3)
        assert state.sub == 4 and state.hand == 0 and state.round == 1
        assert all(sum(hand) == 0 for hand in state.held)
        assert state.start == state.first and 0 <= state.start < players


def test_AT6_all_dice_rolled_and_sixes_lie_at_the_black_market() -> None:
    for players, dice in ((2, 7), (3, 7), (4, 9)):
        state = GAME.new_game(players, 5)
        assert len(state.dice) == dice
        view = GAME.view(state, None)
        at_market = view["areas"][MARKET - 1]["dice"]
        assert sorted(at_market) == [f for f in state.dice if f == 6]


def test_AT7_seed_example_forges_with_submarine_rolls_six() -> None:
    """Mathilda takes the 5 at the Forges: a weapon, a gem from the submarine, rolls 6: +1."""
    state = position(
        3,
        start=1,
        taken=LAST_TAKE_3P,
        stacks=stacks("Forges (a)", "Machine works (c)"),
        goods=goods(forges=counts(weapon=3, gem=1)),
        sub=5,
        dice=(4, 5),
        hand=2,
        counter=counter_for(6),
    )
    assert GAME.to_move(state) == 0
    assert GAME.describe(GAME.decode("t5"), state) == "take the 5 at the Forges"
    state = play(state, "t5")
    assert codes(state) == ["k1", "k5"]
    state = play(state, "k5 k1")
    assert state.step == "more" and codes(state) == ["x", "y"]
    state = play(state, "y")
    assert log(state)[0] == (
        "Mathilda takes the 5 at the Forges: 1 weapon, 1 gem from the submarine, rolls 6: +1 weapon"
    )
    assert state.held[0] == counts(gem=1, weapon=2)
    # AT-9 with the example's clock: the left-over die at the Machine works (3 symbols).
    assert (
        log(state)[1]
        == "The last die lies at the Machine works: the hand moves 3 from 2 to 5: donation"
    )
    assert state.hand == 5 and state.step == "donate" and GAME.to_move(state) == 0


def test_AT7_resource_choice_is_any_kind_lying_there_and_needs_a_die() -> None:
    state = position(3, dice=(1, 3, 3), goods=goods(taverns=counts(provision=2, book=1, gem=1)))
    assert codes(state) == ["t1", "t3"]
    with pytest.raises(IllegalAction):
        GAME.apply(state, GAME.decode("t5"))
    state = play(state, "t3")
    assert codes(state) == ["k1", "k2", "k3"]


def test_AT7_each_seat_takes_two_dice_and_one_is_left() -> None:
    state = GAME.new_game(3, 21)
    seats = []
    while state.round == 1:
        if state.step == "take":
            seats.append(GAME.to_move(state))
        state = GAME.apply(state, GAME.legal_actions(state)[-1])
    first = GAME.new_game(3, 21).start
    assert seats == [(first + i) % 3 for i in range(6)]


def _empty_libraries(held: tuple[tuple[int, ...], ...], book_market: int = 1) -> State:
    """Calypso (seat 2) takes the last book lying at the Libraries (b), 4 players."""
    return position(
        4,
        start=2,
        stacks=stacks("Libraries (b)", "Libraries (c)"),
        goods=goods(libraries=counts(book=1), black_market=market(book=book_market)),
        held=held,
        dice=(2, 2, 3, 3, 4, 4, 5, 5, 6),
    )


def test_AT10_tie_for_first_all_score_three_tile_in_turn_order_no_second() -> None:
    books = (counts(book=3), counts(book=3), counts(), counts(book=1))
    state = play(_empty_libraries(books), "t2")
    # Calypso now has 1 book like Triton; Mathilda and Nereus tie for most.
    assert state.won[0] == (TILE["Libraries (b)"],)  # first of the tied in order from Calypso
    assert state.chips == (0, 3, 0, 0)  # Nereus ties for most: 3 VP; nobody is second
    assert state.step == "take" and GAME.to_move(state) == 3  # the round goes on
    assert state.stacks[1][0] == TILE["Libraries (c)"]
    assert state.goods[MARKET - 1][1] == 3 and state.goods[1] == counts(book=6)
    assert all(hand[1] == 0 for hand in state.held)


def test_AT10_tie_for_second_each_scores_one() -> None:
    books = (counts(book=4), counts(book=2), counts(book=1), counts())
    state = play(_empty_libraries(books), "t2")
    assert state.won[0] == (TILE["Libraries (b)"],)
    assert state.chips == (0, 1, 1, 0)
    view = GAME.view(state, None)
    assert [h["vp"] for h in view["holders"]] == [3, 1, 1, 0]


def test_AT10_black_market_is_capped_at_three_per_kind() -> None:
    books = (counts(book=2), counts(), counts(), counts())
    state = play(_empty_libraries(books, book_market=3), "t2")
    assert state.goods[MARKET - 1][1] == 3  # already full: nothing more
    assert state.goods[1] == counts(book=3)  # all three handed in go onto the new tile
    state = play(_empty_libraries(books, book_market=2), "t2")
    assert state.goods[MARKET - 1][1] == 3 and state.goods[1] == counts(book=2)


def test_AT10_house_empty_new_tile_is_scored_at_once() -> None:
    state = play(_empty_libraries((counts(), counts(), counts(), counts()), book_market=1), "t2")
    # Calypso's single book fills the market to 2; the next tiles get nothing and are scored
    # at once with nobody holding books: discarded, and the Libraries close.
    assert state.won[2] == (TILE["Libraries (b)"],)
    assert state.stacks[1] == ()
    assert state.goods[MARKET - 1][1] == 2
    assert any("Libraries (c) is empty and nobody holds books" in line for line in log(state))


def test_AT10_third_tile_closes_the_district_dice_go_to_market_no_final_points() -> None:
    closing = (*stacks()[:1], (TILE["Libraries (b)"],), *stacks()[2:])
    state = position(
        3,
        start=1,
        taken=LAST_TAKE_3P,
        stacks=closing,
        goods=goods(libraries=counts(book=1), black_market=market(book=1, gem=2)),
        held=(counts(book=2), counts(book=1), counts()),
        dice=(2, 2),
        hand=14,
    )
    state = play(state, "t2")
    assert state.stacks[1] == () and state.won[0] == (TILE["Libraries (b)"],)
    assert state.goods[MARKET - 1][1] == 1  # handed-in books left the game
    assert GAME.view(state, None)["areas"][1]["closed"] is True
    # The left-over 2 now lies at the black market (2 symbols), not at the Libraries.
    assert any(
        "The last die lies at the black market: the hand moves 2 from 14 to the waves" in line
        for line in log(state)
    )
    assert GAME.outcome(state) is not None
    assert not any("books" in line and "+" in line for line in log(state) if "Final" in line)


def test_AT10_closed_district_dice_lie_at_the_black_market() -> None:
    state = position(3, stacks=stacks(closed=(2,)), dice=(2, 2, 3))
    assert dice_areas(state) == [3, MARKET]
    assert area_of(state, 2) == MARKET


def _clock_turn(hand: int, leftover: int, held: tuple[tuple[int, ...], ...], **kw: object) -> State:
    state = position(
        3,
        start=1,
        taken=LAST_TAKE_3P,
        dice=(6, leftover),
        goods=goods(black_market=market(tool=3)),
        hand=hand,
        held=held,
        **kw,
    )
    return play(state, "t6")


def test_AT9_clock_stops_on_a_symbol_and_it_happens() -> None:
    state = _clock_turn(1, 6, (counts(gem=2), counts(gem=2), counts(gem=1)))
    assert state.hand == 3
    assert state.chips == (1, 1, 0)  # AT-11 inventory of gems, tie: both score
    assert state.held[0] == counts(gem=2, tool=1)  # resources are kept


def test_AT9_clock_passing_over_a_symbol_does_nothing() -> None:
    state = _clock_turn(2, 6, (counts(gem=2), counts(gem=2), counts(gem=1)))
    assert state.hand == 4 and state.chips == (0, 0, 0)
    assert state.start == 2 and state.round == 2  # start player passed to the left


def test_AT9_pointer_symbols_of_the_left_over_die_area_tile() -> None:
    tile_three = stacks("Taverns (c)")
    state = _clock_turn(0, 3, (counts(), counts(), counts()), stacks=tile_three)
    assert state.hand == 3


def test_AT11_inventory_nobody_scores_at_zero_and_all_counts_everything() -> None:
    state = _clock_turn(1, 6, (counts(book=2), counts(), counts()))
    assert state.chips == (0, 0, 0)
    held = (counts(gem=1, book=2), counts(weapon=4), counts(tool=2))
    state = _clock_turn(12, 6, held)  # 12 + 2 = 14: inventory of all resources
    assert state.hand == 14 and state.chips == (1, 1, 0)  # 3 + the tool just taken = 4 vs 4 vs 2


def test_AT12_donation_in_turn_order_pairs_go_back_to_their_districts() -> None:
    held = (counts(gem=1, tool=1), counts(gem=1, weapon=2), counts(book=1))
    state = _clock_turn(3, 6, held, stacks=stacks(closed=(5,)))
    # Mathilda took the last die and a tool; the donation starts with the start player Nereus.
    assert state.step == "donate" and GAME.to_move(state) == 1
    assert "p55" in codes(state) and "p15" in codes(state) and "x" in codes(state)
    before = state.goods
    state = play(state, "p15")
    assert state.chips[1] == 1 and state.held[1] == counts(weapon=1)
    assert state.goods[0][0] == before[0][0] + 1  # the gem onto the Jewelers' tile
    assert state.goods[MARKET - 1][4] == before[MARKET - 1][4] + 1  # Forges closed: market
    # Nereus has one left: his turn ends; Calypso (one book) is skipped; then Mathilda.
    assert GAME.to_move(state) == 0
    state = play(state, "p14")  # her last pair: nothing left to give, the donation ends
    assert state.chips == (1, 1, 0) and state.round == 2


def test_AT15_tavern_reaching_the_waves_finishes_the_round() -> None:
    state = position(
        3,
        start=0,
        stacks=stacks("Taverns (a)"),
        dice=(1, 1, 2, 3, 4, 5, 5),
        hand=15,
        counter=counter_for(2),
    )
    state = play(state, "t3")
    assert state.step == "tick"
    state = play(state, "y")
    assert state.hand == 16 and state.sunk and GAME.outcome(state) is None
    assert GAME.to_move(state) == 1 and state.step == "take"
    takes = 1
    while GAME.to_move(state) is not None:
        takes += state.step == "take"
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    assert takes == 6 and state.round == 1
    assert GAME.outcome(state) is not None
    assert any("already at the waves" in line for line in log(state))


def test_AT19_two_players_each_give_exactly_one_of_three_dice() -> None:
    base = position(2, start=0, dice=(1, 2, 3, 4, 5, 6, 6))
    assert codes(base)[:2] == ["n1", "n2"] and "t1" in codes(base)
    third = replace(base, taken=((0, 0), (1, 2), (0, 0), (1, 1)), dice=(1, 2, 5))
    assert codes(third) == ["n1", "n2", "n5"]  # Mathilda has not given yet: she must now
    gave = replace(base, taken=((0, 2), (1, 1)), dice=(1, 2, 3, 4, 5))
    assert all(c.startswith("t") for c in codes(gave))
    with_effect = replace(
        third,
        stacks=stacks("Forges (b)"),
        goods=goods(forges=counts(weapon=2), black_market=market(gem=1)),
    )
    state = play(with_effect, "n5")
    assert state.held[2][4] == 1 and state.held[0] == counts()  # the neutral gets it
    assert GAME.to_move(state) == 0  # and Mathilda makes the effect's choices
    assert "neutral" in GAME.view(state, None)["prompt"]


def test_AT20_neutral_player_wins_majorities_but_cannot_win() -> None:
    state = position(
        2,
        start=0,
        stacks=stacks("Libraries (b)"),
        goods=goods(libraries=counts(book=1)),
        held=(counts(book=1), counts(), counts(book=3)),
        chips=(0, 0, 30),
        dice=(2, 3, 4, 5, 6, 6, 6),
    )
    state = play(state, "t2")
    assert state.won[2] == (TILE["Libraries (b)"],) and state.chips[0] == 1
    outcome = GAME.outcome(finish(state))
    assert outcome is not None and len(outcome.scores) == 2
    assert 1 in outcome.ranking and any("cannot win" in line for line in outcome.breakdown)


def _two_player_donation(held: tuple[tuple[int, ...], ...]) -> State:
    """Nereus takes the round's last die at the market; the left-over 6 moves the hand 3 -> 5."""
    two = ((0, 0), (1, 2), (0, 2), (1, 1), (0, 0))
    state = position(
        2,
        start=0,
        taken=two,
        dice=(6, 6),
        hand=3,
        goods=goods(black_market=market(book=2)),
        held=held,
    )
    return play(state, "t6")


def test_AT20_neutral_player_donates_too_as_many_pairs_as_it_can() -> None:
    neutral = counts(gem=1, book=3, tool=2, weapon=1)
    state = _two_player_donation((counts(gem=1), counts(gem=2), neutral))
    assert state.hand == 5 and state.step == "donate" and GAME.to_move(state) == 1
    before = state.goods
    state = play(state, "x")  # Nereus keeps his; nobody decides for the neutral player
    # [house] each pair from its largest stacks, ties to the lower number; one weapon is left
    assert state.held[2] == counts(weapon=1) and state.chips == (0, 0, 3)
    assert "neutral donates 3 pair(s) (book+book, tool+gem, book+tool): +3 VP" in log(state)
    assert state.goods[1][1] == before[1][1] + 3 and state.goods[3][3] == before[3][3] + 2
    assert state.goods[0][0] == before[0][0] + 1 and state.round == 2


def test_AT20_neutral_player_donates_even_when_no_seat_can() -> None:
    state = _two_player_donation((counts(), counts(), counts(tool=2)))
    assert state.round == 2 and state.chips == (0, 0, 1) and state.held[2] == counts()
    assert "neutral donates 1 pair(s) (tool+tool): +1 VP" in log(state)
    alone = _two_player_donation((counts(), counts(), counts(tool=1)))
    assert alone.chips == (0, 0, 0) and "neutral donates nothing" in log(alone)


def _final(held: tuple[tuple[int, ...], ...], chips: tuple[int, ...]) -> State:
    state = position(
        3,
        start=1,
        taken=LAST_TAKE_3P,
        dice=(6, 6),
        hand=15,
        held=held,
        chips=chips,
        goods=goods(black_market=market()),
    )
    return play(state, "t6")


def test_AT16_final_ties_for_most_and_for_second() -> None:
    held = (counts(gem=3, tool=1), counts(gem=3, tool=1), counts(gem=1, tool=4))
    state = _final(held, (0, 0, 0))
    outcome = GAME.outcome(state)
    assert outcome is not None
    # gems: Mathilda and Nereus tie for most (3 each), Calypso gets no second;
    # tools: Calypso most (3), Mathilda and Nereus tie for second (1 each).
    assert outcome.scores == (4, 4, 3)
    assert outcome.ranking == (1, 1, 3) and outcome.reason == "shared"  # AT-17 shared win
    assert "share the win" in outcome.summary


def test_AT16_tiles_count_three_once_and_chips_add() -> None:
    state = _final((counts(), counts(), counts()), (2, 0, 0))
    state = replace(state, won=((TILE["Forges (b)"],), (), ()))
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.scores == (5, 0, 0) and outcome.ranking == (1, 2, 2)
    assert outcome.breakdown[0].endswith("total 5")


def test_AT18_neutral_player_only_with_two() -> None:
    assert len(GAME.new_game(2, 1).held) == 3
    assert len(GAME.new_game(3, 1).held) == 3 and len(GAME.new_game(4, 1).held) == 4
    names = [h["name"] for h in GAME.view(GAME.new_game(2, 1), None)["holders"]]
    assert names == ["Mathilda", "Nereus", "neutral"]


def test_AT3_resources_are_conserved_in_play() -> None:
    for seed in range(12):
        players = 2 + seed % 3
        state = GAME.new_game(players, seed)
        in_play = 12 if players == 4 else 10
        while GAME.to_move(state) is not None:
            for kind in range(5):
                total = sum(g[kind] for g in state.goods) + sum(h[kind] for h in state.held)
                assert total <= in_play
                if state.stacks[kind]:
                    assert total == in_play
            state = GAME.apply(state, GAME.legal_actions(state)[seed % 2 - 1])


def test_AT20_house_neutral_ties_for_most_take_the_tile_last_and_count_in_inventory() -> None:
    state = position(
        2,
        start=0,
        stacks=stacks("Libraries (b)"),
        goods=goods(libraries=counts(book=1)),
        held=(counts(book=1), counts(), counts(book=2)),
        dice=(2, 3, 4, 5, 6, 6, 6),
    )
    state = play(state, "t2")  # Mathilda reaches 2 books, tied with the neutral player
    assert state.won[0] == (TILE["Libraries (b)"],) and state.chips == (0, 0, 3)
    two = ((0, 0), (1, 2), (0, 2), (1, 1), (0, 0))
    clock = position(
        2,
        start=0,
        taken=two,
        dice=(6, 6),
        hand=1,
        goods=goods(black_market=market(book=2)),
        held=(counts(gem=1), counts(gem=2), counts(gem=2)),
    )
    clock = play(clock, "t6")  # Nereus's last die; the left-over 6 moves the hand to 3
    assert clock.hand == 3 and clock.chips == (0, 1, 1)  # inventory of gems: tie with neutral
