"""Ilium's rules IM-1 … IM-23, each checked from hand-made positions."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.engine.conformance import check_every_action, check_position, check_roundtrips
from bot.games.ilium.data import house_rules, open_paths, rules
from bot.games.ilium.excavation import standings
from bot.games.ilium.model import (
    CARD,
    CUBES,
    DECLINED,
    FINISH,
    OVER,
    PATH,
    SITE,
    TAKEN,
    TOKEN,
    State,
)
from bot.games.ilium.rules import free_spaces, start_turn
from bot.games.ilium.scoring import donate, score_hands
from tests.engine.ilium_helpers import (
    AR,
    BLUE,
    BO,
    CO,
    GAME,
    GREEN,
    HE,
    HO,
    RED,
    YELLOW,
    codes,
    path,
    play,
    position,
    site,
    without_fours,
)

D_TOKENS = ((CO, 1), (HO, 2))
E_TOKENS = ((AR, 1), (BO, 3))


def dig(cells: list[tuple[int, int] | None], card: int = 1, **changes: Any) -> State:
    """Red places `card` on the one empty space of D-E, filling it: the excavation starts."""
    assert [cell is None for cell in cells].count(True) == 1
    changes.setdefault("tokens", {"D": D_TOKENS, "E": E_TOKENS})
    return play(position(card=card, cells={"D-E": cells}, **changes), "pDE")


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
            assert Counter(cards) == {1: 12, 2: 12, 3: 3} and sum(cards) == 45
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
        others = [GAME.view(state, s)["log"] for s in range(4) if s != seat]
        secret = f"Your historian card: {names[state.historians[seat]]}."
        assert secret in mine["log"] and all(secret not in log for log in others)


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


# IM-16: the end


def _last_four_dug(**changes: Any) -> State:
    """Red digs D-E alone and takes the last value-4 token on the board."""
    base = without_fours(position())
    tokens = {"D": ((CO, 4),), "E": ((AR, 1),)}
    cells = {"D-E": [(RED, 1), None, (BLUE, 0), (BLUE, 0)]}
    state = position(cells=cells, tokens=tokens, sites=base.sites, **changes)
    state = replace(
        state, sites=tuple(tokens.get(rules().sites[i].name, t) for i, t in enumerate(base.sites))
    )
    return play(state, "pDE")


def test_IM16_early_end_offered_when_the_last_four_is_out() -> None:
    state = _last_four_dug()
    assert state.phase == FINISH and GAME.to_move(state) == RED and codes(state) == ["go", "end"]
    over = play(state, "end")
    assert over.phase == OVER and over.early_end == TAKEN
    assert GAME.outcome(over) is not None and GAME.outcome(over).reason == "fours"


def test_IM16_early_end_offered_once_only() -> None:
    state = play(_last_four_dug(), "go")
    assert state.early_end == DECLINED and state.current == YELLOW and state.phase == PATH
    for _ in range(3):  # later turn ends never offer it again
        state = play(state, codes(state)[-1])
        while state.phase not in (PATH, OVER):
            assert state.phase != FINISH
            state = play(state, codes(state)[0])
    assert state.phase == PATH


def free_count(state: State, path_index: int) -> int:
    """Empty spaces left on a pathway."""
    return len(free_spaces(state, path_index))


def _greedy_game(players: int, seed: int, *, check: bool = False) -> tuple[State, bool]:
    """A game where every turn fills the fullest pathway: excavations, hence early ends,
    are common. With `check`, every position passes the contract checks."""
    state, chooser, offered = GAME.new_game(players, seed), random.Random(seed), False
    while actions := GAME.legal_actions(state):
        if check:
            where = f"greedy players={players} seed={seed}"
            check_position(GAME, state, players, where)
            check_roundtrips(GAME, state, players, actions, where)
            check_every_action(GAME, state, actions, [], where)
        offered = offered or state.phase == FINISH
        kind = actions[0].kind
        if kind == PATH:
            action = min(actions, key=lambda a: (free_count(state, a.arg), chooser.random()))
        else:
            action = actions[-1] if kind == CUBES else chooser.choice(actions)
        state = GAME.apply(state, action)
    return state, offered


def test_IM16_early_end_passes_the_contract_checks() -> None:
    found = [seed for seed in range(120) if _greedy_game(3, seed)[1]][:2]
    assert found, "no greedy game reached the early-end choice"
    for seed in found:
        final, offered = _greedy_game(3, seed, check=True)
        assert offered and GAME.outcome(final) is not None


def test_IM16_no_offer_while_a_four_is_on_a_site() -> None:
    state = dig([(RED, 1), (RED, 0), None, (BLUE, 0)])
    assert state.phase == PATH and state.early_end == "unused"


def test_IM16_no_offer_when_the_game_ends_anyway() -> None:
    state = _last_four_dug(deck=())
    assert state.phase == OVER and GAME.outcome(state).reason == "placed"


def test_IM16_game_ends_when_every_archaeologist_is_placed() -> None:
    state = position(deck=(), cells={"H-J": [None] * 5})
    state = play(state, "pHJ", "s1")
    assert state.phase == OVER and GAME.to_move(state) is None and GAME.legal_actions(state) == []
    assert GAME.outcome(state).reason == "placed"


def test_IM16_house_game_ends_when_no_space_is_left() -> None:
    state = position(players=2, tokens={"D": D_TOKENS, "E": E_TOKENS})
    spaces = [tuple((RED, 0) for _ in cells) for cells in state.spaces]
    spaces[path("D-E")] = ((YELLOW, 1), (YELLOW, 1), (YELLOW, 1), (-1, 0))
    state = replace(state, spaces=tuple(spaces))
    assert rules().board_full_ends_game
    state = play(state, "pDE")
    assert state.phase == OVER and GAME.outcome(state).reason == "full"


# IM-17 … IM-21: donation and scoring


def test_IM17_donation_gives_up_the_historian_types_biggest_token() -> None:
    assert donate([(CO, 3), (HO, 5), (CO, 5), (CO, 1)], CO) == (
        (CO, 5),
        ((CO, 3), (HO, 5), (CO, 1)),
    )
    assert donate([(HO, 2)], CO) == (None, ((HO, 2),))


def test_IM17_historian_donation_happens_at_the_end() -> None:
    collected = (((CO, 3), (CO, 5), (HO, 1)), ((CO, 1),), (), ())
    state = position(
        deck=(), cells={"H-J": [None] * 5}, collected=collected, historians=(CO, HO, AR, BO)
    )
    state = play(state, "pHJ", "s1")
    result = GAME.outcome(state)
    assert result is not None
    # Red keeps Coins 3, Horses 1; Yellow has no horse to give and keeps Coins 1.
    # Coins: Red 1 token, Yellow 1 token: 5 each. Horses: Red 10.
    assert result.scores == (15, 5, 0, 0)
    assert any("donates Coins 5" in line for line in result.breakdown)
    final = GAME.view(state, None)["final"]
    assert final["historians"] == ["Coins", "Horses", "Armbands", "Bottles"]
    assert final["donations"] == [[CO, 5], None, None, None]


def test_IM18_majority_counts_tokens_not_artifacts() -> None:
    scores = score_hands([[(CO, 1), (CO, 1)], [(CO, 5)]])
    assert scores[0].majorities[CO] == 10 and scores[1].majorities[CO] == 0


def test_IM18_tied_majority_scores_5_each() -> None:
    scores = score_hands([[(HO, 1)], [(HO, 3)], [(HO, 2)], []])
    assert [s.majorities[HO] for s in scores] == [5, 5, 5, 0]


def test_IM18_nobody_scores_a_type_nobody_holds() -> None:
    scores = score_hands([[(HO, 1)], []])
    assert [s.points for s in scores] == [10, 0]
    assert scores[0].majorities == (0, 10, 0, 0, 0)


def test_IM19_sets_count_artifacts_shown() -> None:
    hand = [(CO, 3), (HO, 2), (AR, 5), (BO, 1), (BO, 1), (HE, 4)]
    (score,) = score_hands([hand])
    assert score.artifacts == (3, 2, 5, 2, 4) and score.sets == 2
    assert score.points == 50 + 20
    assert score_hands([[(CO, 5), (HO, 5), (AR, 5), (BO, 5)]])[0].sets == 0


def test_IM20_tie_on_points_goes_to_most_artifacts() -> None:
    collected = (((CO, 1),), ((CO, 5),), (), ())
    state = position(
        deck=(), cells={"H-J": [None] * 5}, collected=collected, historians=(HO, HO, HO, HO)
    )
    result = GAME.outcome(play(state, "pHJ", "s1"))
    assert result is not None and result.scores == (5, 5, 0, 0)
    assert result.ranking == (2, 1, 3, 3) and result.winners == (YELLOW,)
    assert "most artifacts" in result.summary


def test_IM20_full_tie_shares_first_place() -> None:
    collected = (((CO, 2),), ((CO, 2),), (), ())
    state = position(
        deck=(), cells={"H-J": [None] * 5}, collected=collected, historians=(HO, HO, HO, HO)
    )
    result = GAME.outcome(play(state, "pHJ", "s1"))
    assert result is not None and result.ranking == (1, 1, 3, 3) and "share" in result.summary


def test_IM21_worked_example_emily_50_joe_40() -> None:
    emily = [(BO, 2), (HO, 1), (HO, 2), (HE, 3), (AR, 3), (AR, 1), (AR, 2), (CO, 1), (CO, 2)]
    joe = [(BO, 1), (BO, 1), (HO, 4), (HE, 3), (AR, 4), (AR, 1), (CO, 1), (CO, 3)]
    em, jo = score_hands([emily, joe])
    assert em.majorities == (5, 10, 10, 0, 5) and sum(em.majorities) == 30
    assert jo.majorities == (5, 0, 0, 10, 5) and sum(jo.majorities) == 20
    assert (em.sets, jo.sets) == (2, 2)
    assert (em.points, jo.points) == (50, 40)


# IM-22, IM-23: the variants


def test_IM22_strategic_expeditions_choose_the_card_value() -> None:
    state = GAME.new_game(3, 8, {"strategic": "on"})
    seat = state.current
    assert state.phase == CARD and codes(state) == ["v1", "v2", "v3"]
    state = play(state, "v3")
    assert state.card == 3 and Counter(state.decks[seat]) == {1: 12, 2: 12, 3: 2}
    view = GAME.view(state, None)
    assert view["table"][seat]["cards_left"] == {"1": 12, "2": 12, "3": 2}
    assert GAME.view(state, seat)["private"]["next_card"] is None


def test_IM22_used_cards_are_gone() -> None:
    state = position(players=2, strategic=True, deck=(1, 3, 3), phase=CARD, card=0)
    assert codes(state) == ["v1", "v3"]
    state = play(state, "v3")
    assert state.decks[RED] == (1, 3) and state.played[RED] == (3,) and state.card == 3
    state = play(state, "pHJ", "s1", "v3")  # Yellow's turn: its own deck
    assert state.decks == ((1, 3), (1, 3))
    state = play(state, "pHJ", "s2")  # Red again: only the 1 and the 3 are left
    assert codes(state) == ["v1", "v3"]


def test_IM22_last_value_left_is_played_at_once() -> None:
    state = start_turn(position(players=2, strategic=True, deck=(2, 2)), RED)
    assert state.phase == PATH and state.card == 2 and state.decks[RED] == (2,)


def test_IM23_burial_vaults_sort_by_value_with_random_order_among_equals() -> None:
    orders = set()
    for seed in range(10):
        state = GAME.new_game(3, seed, {"vaults": "on"})
        for tokens in state.sites:
            assert [v for _, v in tokens] == sorted(v for _, v in tokens)
            orders.add(tokens)
    unsorted = [t for t in orders if list(t) != sorted(t, key=lambda tok: (tok[1], tok[0]))]
    assert unsorted  # some equal values are not in type order: the order is random


def test_IM23_burial_vaults_force_the_taking_order() -> None:
    tokens = {"D": ((HO, 1), (CO, 1), (AR, 2)), "E": E_TOKENS}
    state = dig([(RED, 1), (RED, 0), None, (BLUE, 0)], tokens=tokens, vaults=True)
    assert state.phase == PATH and state.collected[RED] == ((HO, 1), (AR, 1))
    assert state.sites[site("D")] == ((CO, 1), (AR, 2))


# codes, options, views


def test_options_are_lobby_switches() -> None:
    options = {option.name: option for option in GAME.spec.options}
    assert set(options) == {"strategic", "vaults"}
    assert all(o.choices == ("off", "on") and o.default == "off" for o in options.values())
    with pytest.raises(IllegalAction):
        GAME.new_game(3, 1, {"vaults": "maybe"})


def test_codes_round_trip_and_garbage_is_refused() -> None:
    for code in ["pHJ", "pDE", "s1", "s5", "c0", "c3", "xH", "tco", "the", "v2", "go", "end"]:
        assert GAME.encode(GAME.decode(code)) == code
    for garbage in ["pJH", "pZZ", "xZ", "tzz", "s", "p", "c", "END", "v"]:
        with pytest.raises(IllegalAction):
            GAME.decode(garbage)


def test_describe_speaks_plainly() -> None:
    state = play(position(cells={"H-J": [None] * 5}), "pHJ")
    assert GAME.describe(GAME.decode("s1"), state) == "space 1 of 5 from the shovel (at the shovel)"
    assert GAME.describe(GAME.decode("pHJ")) == "place on pathway H-J"
    assert GAME.describe(GAME.decode("c2")) == "add 2 supply cubes"
    assert GAME.describe(GAME.decode("end")) == "end the game now"


def test_public_view_hides_every_secret() -> None:
    state = GAME.new_game(4, 21)
    public = GAME.view(state, None)
    assert "private" not in public
    text = str(public)
    for seat in range(4):
        mine = GAME.view(state, seat)
        assert set(mine) - set(public) == {"private"}
        assert mine["private"]["seat"] == seat
    assert "Your historian" not in text and "next_card" not in text
    assert public["final"] is None


def test_data_file_marks_every_house_rule() -> None:
    texts = house_rules()
    assert set(texts) >= {"board", "cube_spaces", "lowest_tie_taker_chooses"}
    assert all("[house]" in text for text in texts.values())
    assert GAME.spec.summary.count("House rules") == 1 and len(GAME.spec.summary) <= 1500
