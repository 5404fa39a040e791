"""Iliad views: hands only to their owner, stack order and face-down values to nobody."""

from __future__ import annotations

import json

from bot.engine import evolve
from bot.engine.conformance import random_playout, replay
from bot.games.iliad import GAME
from bot.games.iliad.board import SQUARE_NAMES
from bot.games.iliad.model import FLIP, LIFT, MOVE, Action, State
from tests.engine.iliad_positions import position, tiles


def _mid_game(seed: int, plies: int) -> State:
    playout = random_playout(GAME, 2, seed)
    state: State = replay(GAME, 2, seed, playout.codes[:plies])
    return state


def test_public_view_does_not_change_when_hidden_tiles_change() -> None:
    for seed in range(20):
        state = _mid_game(seed, 30)
        held = len(state.hands[0])
        shuffled = [*state.hands[0], *state.stacks[0]][::-1]
        other = evolve(
            state,
            hands=(tuple(sorted(shuffled[:held])), state.hands[1]),
            stacks=(tuple(shuffled[held:]), state.stacks[1]),
        )
        assert GAME.view(other, None) == GAME.view(state, None)
        assert GAME.view(other, 1) == GAME.view(state, 1)


def test_a_seat_sees_its_own_hand_and_only_its_own() -> None:
    state = position(hands=((5, 0), (3, 3)))
    assert GAME.view(state, 0)["private"]["hand"] == ["5", "D"]
    assert GAME.view(state, 1)["private"]["hand"] == ["3", "3"]
    public = GAME.view(state, None)
    assert "hand" not in public and "private" not in public
    assert "stacks" not in json.dumps(public)
    for seat in (0, 1):
        mine = GAME.view(state, seat)
        assert "hand" not in mine
        assert {k: v for k, v in mine.items() if k not in ("seat", "private")} == public


def test_a_seats_draws_are_private_lines_and_the_log_is_public() -> None:
    state = GAME.new_game(2, 4)
    public = GAME.view(state, None)
    assert not any(line.startswith("Your hand") for line in public["log"])
    for seat in (0, 1):
        hand = " and ".join("Dolos" if v == 0 else str(v) for v in state.hands[seat])
        assert GAME.view(state, seat)["private"]["log"] == [f"Your hand: {hand}."]
        assert GAME.view(state, seat)["log"] == public["log"]


def test_the_prompt_names_each_decision_and_the_result_at_the_end() -> None:
    state = position(board=tiles(c3="H5", d3="A2"), turn=0, hands=((2, 1), (2, 3)))
    assert GAME.view(state, None)["prompt"] == "Hector: place a tile from your hand"
    offered = GAME.apply(state, Action("place", "2", "d2"))
    assert offered.phase == "effect"
    assert GAME.view(offered, None)["prompt"] == (
        "Hector: move one of your tiles with your 2, or decline"
    )
    lifted = GAME.apply(offered, Action("lift", "c3"))
    assert GAME.view(lifted, None)["prompt"] == "Hector: choose where your 5 on c3 goes"
    final = random_playout(GAME, 2, 8).final
    result = GAME.outcome(final)
    assert result is not None and GAME.view(final, None)["prompt"] == result.summary


def test_face_down_values_are_hidden_from_everyone() -> None:
    state = position(board=tiles(c3="h5", d3="A2"))
    for viewer in (None, 0, 1):
        square = GAME.view(state, viewer)["board"][14]
        assert square == {"owner": 0, "tile": None, "face_up": False}


def test_describe_reads_like_a_player_would_say_it() -> None:
    state = position(board=tiles(c3="H5", d3="a2"))
    assert GAME.describe(Action("place", "5", "c3")) == "place 5 on c3"
    assert GAME.describe(Action("place", "D", "e3")) == "place Dolos on e3"
    assert GAME.describe(Action("lift", "d3"), state) == "move the face-down tile of Achilles on d3"
    assert GAME.describe(Action("score", "c")) == "score column c first"


def test_log_names_the_seat_and_the_tile() -> None:
    state = position(board=tiles(c3="H5", d3="A2"), turn=0, hands=((5, 1), (2, 3)))
    after = GAME.apply(state, Action("place", "5", "d2"))
    assert GAME.view(after, None)["last_move"] == {
        "seat": 0,
        "text": "Hector places 5 on d2.",
        "squares": ["d2"],
    }


def test_IL8_marks_name_exactly_the_squares_the_legal_moves_offer() -> None:
    """The board marks what the prompt asks about: the lifted tile and where it may go,
    or the tiles effect 1, 2 or 4 may pick; nothing in any other phase."""
    seen = set()
    for seed in range(30):
        playout = random_playout(GAME, 2, seed)
        for plies in range(len(playout.codes)):
            state = replay(GAME, 2, seed, playout.codes[:plies])
            marks = GAME.view(state, None)["marks"]
            squares = sorted(
                a.target for a in GAME.legal_actions(state) if a.kind in (LIFT, MOVE, FLIP)
            )
            assert sorted(marks["targets"]) == squares
            lifted = state.phase == "effect_target" and state.given is None
            expected = SQUARE_NAMES[state.lifted] if lifted and state.lifted is not None else None
            assert marks["moving"] == expected
            seen.add((state.phase, bool(squares)))
        if {("effect", True), ("effect_target", True)} <= seen:
            return
    raise AssertionError(f"random games never reached both kinds of effect choice: {seen}")
