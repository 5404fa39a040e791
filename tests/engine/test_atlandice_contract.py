"""Atlandice specifics of the contract: codes, words, views and bounds."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from bot.engine import IllegalAction
from bot.games.atlandice import GAME
from bot.games.atlandice.model import Action


def test_codes_roundtrip_and_stay_short() -> None:
    for action in (Action("t", 5), Action("n", 6), Action("s", 3, 4), Action("p", 1, 5)):
        code = GAME.encode(action)
        assert GAME.decode(code) == action and len(code) <= 3
    for bad in ("t0", "t7", "s16", "p60", "k6", "yy", "T5", "t5 "):
        with pytest.raises(IllegalAction):
            GAME.decode(bad)


def test_describe_without_state() -> None:
    assert GAME.describe(Action("t", 5)) == "take the 5 at the Forges"
    assert GAME.describe(Action("p", 1, 4)) == "donate a gem and a tool (+1 VP)"
    assert GAME.describe(Action("x")) == "decline"


def test_views_hide_only_the_face_down_order() -> None:
    state = GAME.new_game(4, 3)
    view = GAME.view(state, None)
    for key in ("game", "players", "seats", "first_player", "to_move", "prompt", "log", "outcome"):
        assert key in view
    assert "hand" not in view and "seat" not in view and "private" not in view
    assert view["clock"]["hand"] == state.hand == 0 and view["clock"]["end"] == 16
    text = repr(view)
    for area in view["areas"][:5]:
        assert area["face_down"] == 2
        hidden = [t for t in ("(a)", "(b)", "(c)") if t not in area["tile"]["name"]]
        for suffix in hidden:
            assert f"{area['name']} {suffix}" not in text


def test_every_decision_has_at_most_25_choices() -> None:
    most = 0
    for seed in range(30):
        chooser = random.Random(seed)
        state = GAME.new_game(2 + seed % 3, seed)
        while GAME.to_move(state) is not None:
            actions = GAME.legal_actions(state)
            most = max(most, len(actions))
            state = GAME.apply(state, chooser.choice(actions))
    assert most <= 25


def test_log_names_the_seat() -> None:
    state = GAME.new_game(3, 2)
    while state.round == 1:
        state = GAME.apply(state, GAME.legal_actions(state)[0])
    lines = GAME.view(state, None)["log"]
    assert any(
        line.startswith(("Mathilda takes", "Nereus takes", "Calypso takes")) for line in lines
    )


def test_a_seat_view_is_the_public_view_plus_whose_it_is() -> None:
    state = GAME.new_game(3, 4)
    public = GAME.view(state, None)
    for seat in range(3):
        mine = GAME.view(state, seat)
        assert mine == {**public, "seat": seat, "private": {"log": []}}


def test_prompt_names_the_mover_and_once_over_gives_the_result() -> None:
    chooser = random.Random(9)
    state = GAME.new_game(2, 9)
    while GAME.to_move(state) is not None:
        view = GAME.view(state, None)
        assert view["prompt"].startswith(f"{view['seats'][view['to_move']]}: ")
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    final = GAME.view(state, None)
    assert final["outcome"] is not None and final["prompt"] == final["outcome"]["summary"]


def test_AT5_resampling_shuffles_only_the_face_down_tiles_and_the_dice_to_come() -> None:
    state = GAME.new_game(3, 5)
    orders = set()
    for draw in range(12):
        other = GAME.resample_hidden(state, draw % 3, random.Random(draw))
        assert [s[0] for s in other.stacks] == [s[0] for s in state.stacks]
        assert [Counter(s) for s in other.stacks] == [Counter(s) for s in state.stacks]
        assert GAME.view(other, None) == GAME.view(state, None) and other.seed != state.seed
        orders.add(other.stacks)
    assert len(orders) > 1
