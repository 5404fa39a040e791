"""Atlandice: apply works on a copy (its input stays as it was) and adds log lines at the end."""

from __future__ import annotations

import random

from bot.games.atlandice import GAME
from bot.games.atlandice.model import State, dump_state, freeze, thaw


def test_apply_leaves_its_input_as_it_was_and_keeps_the_log_before() -> None:
    for players in (2, 3, 4):
        chooser = random.Random(players)
        state = GAME.new_game(players, 60 + players)
        while GAME.to_move(state) is not None:
            before = dump_state(state)
            actions = GAME.legal_actions(state)
            after = GAME.apply(state, actions[chooser.randrange(len(actions))])
            assert dump_state(state) == before
            assert type(after) is State
            assert after.log[: len(state.log)] == state.log
            state = after


def test_a_working_copy_freezes_back_to_an_equal_state_with_its_new_lines() -> None:
    state = GAME.new_game(3, 5)
    work = thaw(state)
    assert freeze(work) == state
    work.goods[0][0] += 1
    work.say("A line.")
    changed = freeze(work)
    assert changed.goods[0][0] == state.goods[0][0] + 1
    assert changed.log == (*state.log, changed.log[-1]) and changed.log[-1].text == "A line."
    assert isinstance(changed.goods[0], tuple) and "fresh" not in vars(changed)
