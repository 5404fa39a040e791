"""Ilium's rules IM-16 … IM-23 (the end, scoring, variants), codes and views."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from itertools import islice
from typing import Any

import pytest

from bot.engine import IllegalAction
from bot.engine.conformance import (
    check_every_action,
    check_position,
    check_roundtrips,
    random_playout,
)
from bot.engine.log_parts import Reloads
from bot.games.ilium.data import house_rules, rules
from bot.games.ilium.model import (
    CARD,
    CUBES,
    DECLINED,
    FINISH,
    OVER,
    PATH,
    TAKEN,
    State,
)
from bot.games.ilium.rules import free_spaces, start_turn
from bot.games.ilium.scoring import donate, score_hands
from tests.engine.ilium_helpers import (
    AR,
    BLUE,
    BO,
    CO,
    D_TOKENS,
    E_TOKENS,
    GAME,
    HE,
    HO,
    RED,
    YELLOW,
    codes,
    dig,
    path,
    play,
    position,
    site,
    without_fours,
)

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
    assert GAME.view(state, None)["prompt"] == "Red: end the game now or play on."
    over = play(state, "end")
    assert over.phase == OVER and over.early_end == TAKEN
    assert GAME.outcome(over) is not None and GAME.outcome(over).reason == "fours"
    assert GAME.view(over, None)["prompt"] == GAME.outcome(over).summary


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
    reloads = Reloads(GAME)  # each log line dumped and loaded once
    while actions := GAME.legal_actions(state):
        if check:
            where = f"greedy players={players} seed={seed}"
            check_position(GAME, state, players, where)
            copy = check_roundtrips(GAME, state, players, actions, where, reloads)
            check_every_action(GAME, state, actions, [], where, copy)
        offered = offered or state.phase == FINISH
        kind = actions[0].kind
        if kind == PATH:
            action = min(actions, key=lambda a: (free_count(state, a.arg), chooser.random()))
        else:
            action = actions[-1] if kind == CUBES else chooser.choice(actions)
        state = GAME.apply(state, action)
    return state, offered


def test_IM16_early_end_passes_the_contract_checks() -> None:
    found = list(islice((seed for seed in range(120) if _greedy_game(3, seed)[1]), 2))
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
        assert set(mine) - set(public) == {"private", "seat"}
        assert mine["seat"] == seat and {k: v for k, v in mine.items() if k in public} == public
        assert set(mine["private"]) == {"historian", "next_card", "hand", "log"}
    assert "Your historian" not in text and "next_card" not in text
    assert public["prompt"] == f"{public['seats'][state.current]}: choose a pathway for " + (
        f"{state.card} archaeologist{'s' * (state.card > 1)}."
    )
    assert public["final"] is None


def test_data_file_marks_every_house_rule() -> None:
    texts = house_rules()
    assert set(texts) >= {"board", "cube_spaces", "lowest_tie_taker_chooses"}
    assert all("[house]" in text for text in texts.values())
    assert GAME.spec.summary.count("House rules") == 1 and len(GAME.spec.summary) <= 1500


def test_IM22_IM23_variants_pass_the_contract_checks() -> None:
    for players, options in ((2, {"strategic": "on"}), (4, {"vaults": "on", "strategic": "on"})):
        playout = random_playout(GAME, players, 3, thorough=True, options=dict(options))
        assert playout.outcome is not None
