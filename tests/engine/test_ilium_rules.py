"""Ilium's rules IM-1 … IM-15 (setup, turns, excavation) from hand-made positions;
IM-16 … IM-23 are in test_ilium_rules_end.py."""

from __future__ import annotations

from collections import Counter

import pytest

from bot.engine import IllegalAction
from bot.games.ilium.data import open_paths, rules
from bot.games.ilium.excavation import standings
from bot.games.ilium.model import (
    CUBES,
    PATH,
    SITE,
    TOKEN,
)
from tests.engine.ilium_helpers import (
    AR,
    BLUE,
    BO,
    CO,
    D_TOKENS,
    E_TOKENS,
    GAME,
    GREEN,
    HO,
    RED,
    YELLOW,
    codes,
    dig,
    path,
    play,
    position,
    site,
)

# IM-1, IM-4, IM-5: components and board


def test_IM4_board_graph_numerals_are_degrees() -> None:
    board = rules()
    assert len(board.sites) == 13 and len(board.pathways) == 25
    degree = Counter(end for way in board.pathways for end in (way.shovel, way.far))
    assert [degree[i] for i in range(13)] == [s.numeral for s in board.sites]
    assert sum(way.spaces for way in board.pathways) == 119
    assert {way.spaces for way in board.pathways} == {4, 5}
    assert len({(w.shovel, w.far) for w in board.pathways}) == 25


def test_IM1_artifact_set_has_50_tokens_10_per_type() -> None:
    state = GAME.new_game(3, 5)
    tokens = [t for site_tokens in state.sites for t in site_tokens]
    assert len(tokens) == 50 == sum(s.numeral for s in rules().sites)
    for kind in range(5):
        values = Counter(v for k, v in tokens if k == kind)
        assert values == {1: 2, 2: 3, 3: 3, 4: 1, 5: 1}


def test_IM5_each_site_holds_its_numeral_sorted_lowest_first() -> None:
    state = GAME.new_game(4, 9)
    for index, tokens in enumerate(state.sites):
        assert len(tokens) == rules().sites[index].numeral
        assert [v for _, v in tokens] == sorted(v for _, v in tokens)


def test_IM4_shovel_is_at_the_first_named_end() -> None:
    way = rules().pathways[path("H-J")]
    assert (way.shovel, way.far) == (site("H"), site("J"))


# IM-6 … IM-9: setup


def test_IM6_decks_hold_27_cards_or_19_with_four_players() -> None:
    for players in (2, 3):
        state = GAME.new_game(players, 3)
        for seat in range(players):
            cards = [*state.decks[seat], *state.played[seat]]
            assert Counter(cards) == {1: 12, 2: 12, 3: 3}
            assert sum(cards) == rules().archaeologists == 45
    state = GAME.new_game(4, 3)
    for seat in range(4):
        cards = [*state.decks[seat], *state.played[seat]]
        assert len(cards) == 19 and Counter(cards) == {1: 8, 2: 8, 3: 3} and sum(cards) == 33
    assert GAME.view(state, None)["table"][BLUE]["archaeologists_left"] == 33


def test_IM6_decks_are_shuffled_per_seed() -> None:
    orders = {GAME.new_game(2, seed).decks[0] for seed in range(5)}
    assert len(orders) > 1


def test_IM7_historian_cards_are_distinct_and_private() -> None:
    state = GAME.new_game(4, 11)
    assert len(set(state.historians)) == 4
    public = GAME.view(state, None)
    assert "private" not in public
    names = rules().type_names
    for seat in range(4):
        mine = GAME.view(state, seat)
        assert mine["private"]["historian"] == names[state.historians[seat]]
        assert not any("historian" in line for line in public["log"])
        others = [str(GAME.view(state, s)) for s in range(4) if s != seat]
        secret = f"Your historian card: {names[state.historians[seat]]}."
        assert mine["private"]["log"] == [secret] and secret not in mine["log"]
        assert all(secret not in other for other in others)


def test_IM8_random_start_player_and_clockwise_turns() -> None:
    assert {GAME.new_game(3, seed).first_player for seed in range(30)} == {0, 1, 2}
    state = position(current=BLUE, cells={"D-E": [None, None, None, None]})
    state = play(state, "pDE", "s1")
    assert state.current == RED and state.phase == PATH


def test_IM9_two_players_36_tokens_closed_sites() -> None:
    for seed in range(20):
        state = GAME.new_game(2, seed)
        tokens = [t for site_tokens in state.sites for t in site_tokens]
        assert len(tokens) == 36
        for name in "ABC":
            assert state.sites[site(name)] == ()
        per_type = [Counter(v for k, v in tokens if k == kind) for kind in range(5)]
        full = {1: 2, 2: 3, 3: 3}
        extra = [(k, v) for k, c in enumerate(per_type) for v in (1, 2, 3) if c[v] == full[v]]
        assert len(extra) == 1  # exactly one removed token came back
        for counts in per_type:
            assert counts[4] == 1 and counts[5] == 1
            assert counts[1] >= 1 and counts[2] >= 2 and counts[3] >= 2


def test_IM9_two_players_use_only_the_14_open_pathways() -> None:
    state = GAME.new_game(2, 1)
    offered = codes(state)
    assert len(offered) == 14 == len(open_paths(2))
    assert not any(letter in code for code in offered for letter in "ABC")
    assert sum(rules().pathways[p].spaces for p in open_paths(2)) == 67
    view = GAME.view(state, None)
    assert [s["closed"] for s in view["sites"]][:4] == [True, True, True, False]
    assert not view["pathways"][path("A-B")]["open"]
    assert len(GAME.legal_actions(GAME.new_game(3, 1))) == 25


# IM-10 … IM-12: a turn


def test_IM10_group_goes_whole_on_one_empty_space() -> None:
    state = position(card=3, cells={"H-J": [None, (BLUE, 2), None, None, None]})
    state = play(state, "pHJ")
    assert codes(state) == ["s1", "s3", "s4", "s5"]
    state = play(state, "s4")
    assert state.spaces[path("H-J")] == ((-1, 0), (BLUE, 2), (-1, 0), (RED, 3), (-1, 0))
    with pytest.raises(IllegalAction):
        GAME.apply(position(cells={"H-J": [None, (BLUE, 2), None, None, None]}), GAME.decode("s2"))


def test_IM10_revealed_card_is_public() -> None:
    state = GAME.new_game(3, 2)
    view = GAME.view(state, None)
    assert view["card"] == state.card
    assert view["table"][state.current]["played"] == [state.card]
    assert f"reveals a {state.card}" in view["log"][-1]


def test_IM11_cube_choices_run_to_what_fits_and_what_is_left() -> None:
    state = position(cubes=3, cells={"D-E": [None, None, (BLUE, 1), None]})
    state = play(state, "pDE", "s4")
    assert state.phase == CUBES and codes(state) == ["c0", "c1", "c2"]
    state = position(cubes=1, cells={"D-E": [None, None, (BLUE, 1), None]})
    assert codes(play(state, "pDE", "s4")) == ["c0", "c1"]


def test_IM11_cubes_fill_the_spaces_nearest_the_shovel() -> None:
    state = position(cubes=3, cells={"H-J": [None, None, None, None, None]})
    state = play(state, "pHJ", "s4", "c2")
    assert state.spaces[path("H-J")] == ((RED, 0), (RED, 0), (-1, 0), (RED, 1), (-1, 0))
    assert state.cubes[RED] == 1 and state.current == YELLOW


def test_IM11_no_cube_choice_without_room() -> None:
    state = position(cubes=3, cells={"D-E": [(BLUE, 1), None, (BLUE, 1), (GREEN, 1)]})
    state = play(state, "pDE")  # the only space: placed at once, the pathway is full
    assert state.phase != CUBES and state.cubes[RED] == 3


def test_IM11_a_cube_completes_the_pathway_with_the_group() -> None:
    state = position(
        cubes=2,
        cells={"D-E": [None, (BLUE, 1), None, (GREEN, 1)]},
        tokens={"D": D_TOKENS, "E": E_TOKENS},
    )
    state = play(state, "pDE", "s3", "c1")  # Red 1 at space 3, cube at space 1
    # Red, Blue, Green 1 each: Blue is nearest the shovel, then Red; Red has at least half.
    assert state.phase == SITE and GAME.to_move(state) == BLUE
    assert state.second == RED and state.spaces[path("D-E")][0] == (RED, 0)


def test_IM12_next_card_is_private() -> None:
    state = GAME.new_game(3, 4)
    for seat in range(3):
        assert GAME.view(state, seat)["private"]["next_card"] == state.decks[seat][0]
    assert "next_card" not in str(GAME.view(state, None))


# IM-13: ranking on a full pathway, ties to the shovel


def test_IM13_most_archaeologists_ranks_first() -> None:
    state = position(cells={"D-E": [(BLUE, 1), (GREEN, 3), (BLUE, 1), None]})
    assert standings(play(state, "pDE"), path("D-E"))[0][:2] == (GREEN, 3)


def test_IM13_shovel_nearest_wins_tie_for_first() -> None:
    state = dig([(BLUE, 2), None, (GREEN, 1), (RED, 1)])
    # Red 2 (spaces 2 and 4) ties Blue 2 (space 1, the shovel): Blue leads, Red is second.
    assert state.phase == SITE and state.leader == BLUE and state.second == RED
    state = dig([None, (BLUE, 2), (GREEN, 1), (RED, 1)])
    assert state.leader == RED and state.second == BLUE


def test_IM13_shovel_nearest_wins_tie_for_second() -> None:
    state = dig([(GREEN, 2), (YELLOW, 1), None, (BLUE, 1)], players=4)
    # Red 1 lands at space 3: Yellow (space 2), Red (3), Blue (4) tie on 1; Yellow is second.
    assert state.phase == SITE and state.leader == GREEN and state.second == YELLOW


def test_IM13_a_players_nearest_group_counts_for_the_tie() -> None:
    state = dig([(BLUE, 1), (GREEN, 2), (BLUE, 1), None])
    # Blue 2 (spaces 1 and 3) ties Green 2 (space 2): Blue's group on the shovel wins.
    assert state.leader == BLUE and state.second == GREEN


def test_IM13_cubes_count_for_nobody() -> None:
    state = dig([(BLUE, 0), (GREEN, 1), None, (BLUE, 1)])
    # Red 1 at space 3; Blue's cube on the shovel space neither counts nor breaks the tie.
    ranked = standings(state, path("D-E"))
    assert ranked == [(GREEN, 1, 1), (RED, 1, 2), (BLUE, 1, 3)]
    assert state.leader == GREEN and state.second == RED


def test_IM13_three_way_tie_ordered_by_distance_to_shovel() -> None:
    state = dig([(GREEN, 1), None, (BLUE, 1), (YELLOW, 1)], players=4)
    ranked = standings(state, path("D-E"))
    assert [seat for seat, _, _ in ranked] == [GREEN, RED, BLUE, YELLOW]


# IM-14: who takes what


def test_IM14_second_with_exactly_half_takes_from_the_other_site() -> None:
    state = dig([(RED, 1), (BLUE, 2), None, (GREEN, 1)], card=3)  # Red 4, Blue 2, Green 1
    assert state.phase == SITE and GAME.to_move(state) == RED and codes(state) == ["xD", "xE"]
    state = play(state, "xE")
    assert state.collected[RED] == ((AR, 1),) and state.collected[BLUE] == ((CO, 1),)
    assert state.collected[GREEN] == ()
    assert state.sites[site("D")] == ((HO, 2),) and state.sites[site("E")] == ((BO, 3),)
    assert state.current == YELLOW and state.phase == PATH


def test_IM14_second_below_half_gets_nothing_and_first_takes_both() -> None:
    state = dig([(RED, 2), (BLUE, 2), None, (GREEN, 1)], card=3)  # Red 5, Blue 2: 4 < 5
    assert state.collected[RED] == ((CO, 1), (AR, 1)) and state.collected[BLUE] == ()
    assert state.current == YELLOW
    assert "less than half" in " ".join(entry.text for entry in state.log)


def test_IM14_half_rounds_in_favour_of_the_second() -> None:
    state = dig([(BLUE, 2), None, (GREEN, 1), (GREEN, 0)], card=3)  # Red 3, Blue 2
    assert state.phase == SITE and state.second == BLUE
    state = dig([(BLUE, 1), None, (GREEN, 1), (GREEN, 0)], card=3)  # Red 3, Blue 1 (tie Green)
    assert state.collected[RED] == ((CO, 1), (AR, 1))


def test_IM14_one_player_alone_takes_both_sites() -> None:
    state = dig([(RED, 1), (RED, 0), None, (BLUE, 0)])
    assert state.collected[RED] == ((CO, 1), (AR, 1))
    assert any("Red is alone there" in entry.text for entry in state.log)


def test_IM14_empty_site_cannot_be_chosen_and_gives_nothing() -> None:
    tokens = {"D": (), "E": E_TOKENS}
    state = dig([(RED, 1), (BLUE, 2), None, (GREEN, 1)], card=3, tokens=tokens)
    # Blue qualifies but D is empty: no site choice; Red takes from E, Blue gets nothing.
    assert state.phase == PATH and state.current == YELLOW
    assert state.collected[RED] == ((AR, 1),) and state.collected[BLUE] == ()


def test_IM14_alone_next_to_an_empty_site_takes_one_token() -> None:
    state = dig([(RED, 1), None, (BLUE, 0), (BLUE, 0)], tokens={"D": D_TOKENS, "E": ()})
    assert state.collected[RED] == ((CO, 1),)
    assert any("Site E is empty" in entry.text for entry in state.log)


def test_IM14_both_sites_empty_gives_nothing() -> None:
    state = dig([(RED, 1), (BLUE, 2), None, (GREEN, 1)], card=3, tokens={"D": (), "E": ()})
    assert state.collected == ((), (), (), ()) and state.current == YELLOW


def test_IM14_lowest_tie_of_different_types_lets_the_taker_choose() -> None:
    tokens = {"D": ((CO, 1), (HO, 1), (AR, 2)), "E": E_TOKENS}
    state = dig([(RED, 1), (RED, 0), None, (BLUE, 0)], tokens=tokens)
    assert state.phase == TOKEN and GAME.to_move(state) == RED and codes(state) == ["tco", "tho"]
    state = play(state, "tho")
    assert state.collected[RED] == ((HO, 1), (AR, 1))
    assert state.sites[site("D")] == ((CO, 1), (AR, 2))


def test_IM14_lowest_tie_of_one_type_needs_no_choice() -> None:
    tokens = {"D": ((CO, 1), (CO, 1), (AR, 2)), "E": E_TOKENS}
    state = dig([(RED, 1), (RED, 0), None, (BLUE, 0)], tokens=tokens)
    assert state.phase == PATH and state.collected[RED] == ((CO, 1), (AR, 1))


def test_IM14_second_chooses_among_tied_lowest_tokens() -> None:
    tokens = {"D": D_TOKENS, "E": ((BO, 2), (AR, 2))}
    state = dig([(RED, 1), (BLUE, 2), None, (GREEN, 1)], card=3, tokens=tokens)
    state = play(state, "xD")
    assert state.phase == TOKEN and GAME.to_move(state) == BLUE
    assert codes(state) == ["tar", "tbo"]
    state = play(state, "tbo")
    assert state.collected[BLUE] == ((BO, 2),) and state.current == YELLOW


def test_IM14_only_the_seat_to_move_may_choose() -> None:
    state = dig([(RED, 1), (BLUE, 2), None, (GREEN, 1)], card=3)
    assert GAME.to_move(state) == RED
    with pytest.raises(IllegalAction, match="Red must choose the site"):
        GAME.apply(state, GAME.decode("pHJ"))


# IM-15: collected tokens are public


def test_IM15_collected_tokens_are_in_the_public_view() -> None:
    state = dig([(RED, 1), (RED, 0), None, (BLUE, 0)])
    table = GAME.view(state, None)["table"][RED]
    assert table["collected"] == [[CO, 1], [AR, 1]]
    assert table["tokens_by_type"] == [1, 0, 1, 0, 0]
    assert table["artifacts_by_type"] == [1, 0, 1, 0, 0]
