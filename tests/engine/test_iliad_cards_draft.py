"""Iliad card game: apply edits a draft of its own, never its input, and hands out plain states."""

from __future__ import annotations

import random

from bot.games.iliad_cards import GAME
from bot.games.iliad_cards.model import Draft, State, dump


def test_apply_leaves_its_input_as_it_was_and_returns_a_plain_state() -> None:
    """Every decision of seeded games at each size: the input's dump is unchanged afterwards."""
    for players in (2, 3, 5):
        chooser = random.Random(players)
        state = GAME.new_game(players, 40 + players)
        while GAME.to_move(state) is not None:
            before = dump(state)
            actions = GAME.legal_actions(state)
            after = GAME.apply(state, actions[chooser.randrange(len(actions))])
            assert dump(state) == before
            assert type(after) is State and after is not state
            assert len(after.log) >= len(state.log)
            state = after


def test_a_draft_is_edited_in_place_and_published_as_a_state() -> None:
    state = GAME.new_game(3, 7)
    draft = Draft.of(state)
    assert draft.but(siege=5) is draft and draft.siege == 5 and state.siege == 1
    assert draft.with_log(phase="pick") is draft and draft.phase == "pick"
    published = draft.published()
    assert type(published) is State and published.siege == 5 and published.phase == "pick"
    assert published.but(siege=6) is not published and published.siege == 5
