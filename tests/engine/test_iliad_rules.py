"""Iliad rules IL-1 … IL-14, each checked on hand-made positions (rule id in the test name)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from bot.engine import IllegalAction, evolve
from bot.engine.conformance import random_playout
from bot.games.iliad import GAME
from bot.games.iliad.board import SQUARE_INDEX, square_colour
from bot.games.iliad.data import rules as house
from bot.games.iliad.model import Action, Tile
from bot.games.iliad.rules import landing_squares
from bot.games.iliad.scoring import final_outcome, has_favour, line_totals, line_winner
from tests.engine.iliad_positions import full_board_except, position, tiles, tokens
from tests.engine.rule_ids import coded_ids, ids_in_test_names

ROW_1, COLUMN_A = 0, 6
NAMES = ("Hector", "Achilles")


def codes(state: object) -> list[str]:
    return [GAME.encode(a) for a in GAME.legal_actions(state)]


def play(state: object, *moves: str) -> object:
    for move in moves:
        state = GAME.apply(state, GAME.decode(move))
    return state


def only_lines(**ends: tuple[str, str]) -> tuple[object, ...]:
    """Line-end tokens on the named lines only; every other line counts as already scored."""
    names = "123456abcdef"
    result: list[object] = [None] * 24
    for name, (first, second) in ends.items():
        line = names.index(name.removeprefix("line_"))
        result[2 * line], result[2 * line + 1] = tokens(first, second)
    return tuple(result)


# IL-1 … IL-6: components and setup


def test_IL1_square_colours_follow_the_house_parity() -> None:
    assert square_colour(SQUARE_INDEX["c3"], house().blue_parity) == 0
    assert square_colour(SQUARE_INDEX["d3"], house().blue_parity) == 1
    assert square_colour(SQUARE_INDEX["a1"], house().blue_parity) == 0


def test_IL2_each_player_owns_three_of_each_value_and_three_dolos() -> None:
    state = GAME.new_game(2, 11)
    for seat in (0, 1):
        on_board = [t.value for t in state.board if t is not None and t.owner == seat]
        owned = Counter(on_board + list(state.hands[seat]) + list(state.stacks[seat]))
        assert owned == Counter({0: 3, 1: 3, 2: 3, 3: 3, 4: 3, 5: 3})


def test_IL3_there_are_29_tokens_as_the_data_file_says() -> None:
    table = Counter(kind for kind, _ in house().tokens)
    assert sum(table.values()) == 29
    assert table == Counter(
        zeus=4, apollo=4, athena=4, poseidon=4, aphrodite=4, bonus=3, curse=4, marriage=2
    )


@pytest.mark.parametrize("seed", range(40))
def test_IL4_reserve_is_five_non_negative_tokens_and_every_token_is_in_play(seed: int) -> None:
    state = GAME.new_game(2, seed)
    assert len(state.reserve) == 5 and all(t.value >= 0 for t in state.reserve)
    assert all(end is not None for end in state.ends)
    in_play = Counter(list(state.reserve) + list(state.ends))
    assert in_play == Counter(tokens(*[f"{t.code}" for t in _all_tokens()]))


def _all_tokens() -> list[object]:
    from bot.games.iliad.model import Token

    return [Token(kind, value) for kind, value in house().tokens]


@pytest.mark.parametrize("seed", range(40))
def test_IL5_centre_tiles_differ_and_hands_hold_two(seed: int) -> None:
    state = GAME.new_game(2, seed)
    for seat, squares in ((0, ("c3", "d4")), (1, ("d3", "c4"))):
        pair = [state.board[SQUARE_INDEX[s]] for s in squares]
        assert all(t is not None and t.owner == seat and t.face_up for t in pair)
        assert pair[0].value != pair[1].value  # type: ignore[union-attr]
        assert len(state.hands[seat]) == 2 and len(state.stacks[seat]) == 14
    assert sum(t is not None for t in state.board) == 4


def test_IL6_first_player_is_drawn_from_the_seed() -> None:
    firsts = {GAME.new_game(2, seed).first_player for seed in range(30)}
    assert firsts == {0, 1}
    assert GAME.new_game(2, 5).first_player == GAME.new_game(2, 5).first_player


# IL-7 placement


def test_IL7_place_only_next_to_a_tile_on_your_colour() -> None:
    state = position(board=tiles(c3="H5", d3="A2"), turn=0, hands=((5, 1), (2, 3)))
    squares = {GAME.decode(c).detail for c in codes(state)}
    assert squares == {"d2", "d4", "e3"}
    with pytest.raises(IllegalAction):
        GAME.apply(state, Action("place", "5", "a1"))
    with pytest.raises(IllegalAction):
        GAME.apply(state, Action("place", "4", "d2"))  # not in hand


def test_IL7_house_fallback_allows_any_empty_square_of_your_colour() -> None:
    state = position(board=tiles(c3="H5"), turn=0)
    assert len(landing_squares(state, house(), 0)) == 17
    strict = replace(house(), fallback_placement=False)
    assert landing_squares(state, strict, 0) == []


# IL-8 effects


def test_IL8_effects_are_optional_and_five_and_dolos_have_none() -> None:
    state = position(board=tiles(c3="H5", d3="A2"), turn=0, hands=((5, 0), (2, 3)))
    after_five = play(state, "p5d2")
    assert GAME.to_move(after_five) == 1 and after_five.phase == "place"
    after_dolos = play(state, "pDd2")
    assert GAME.to_move(after_dolos) == 1
    with_effect = position(board=tiles(c3="H5", d3="A2"), turn=0, hands=((1, 0), (2, 3)))
    placed = play(with_effect, "p1d2")
    assert placed.phase == "effect" and "x" in codes(placed)
    assert play(placed, "x").phase == "place"


def test_IL8_effect_1_moves_an_accessible_opponent_tile_even_face_down() -> None:
    board = tiles(c3="H1", d3="a3", b1="A5", a1="H2", c1="H3", b2="H4")
    state = position(board=board, turn=0, phase="effect", placed=SQUARE_INDEX["c3"])
    assert codes(state) == ["x", "ld3"]  # b1 is walled in: not accessible
    lifted = play(state, "ld3")
    targets = {GAME.decode(c).target for c in codes(lifted)}
    assert targets == {"a2", "c2", "b3", "c4", "d1"}  # Achilles's colour, next to a tile
    moved = play(lifted, "mc4")
    assert moved.board[SQUARE_INDEX["c4"]] == Tile(1, 3, False)
    assert moved.board[SQUARE_INDEX["d3"]] is None
    assert GAME.to_move(moved) == 1  # the moved tile triggers nothing


def test_IL8_effect_2_moves_your_own_accessible_tile() -> None:
    board = tiles(d3="A2", c3="H3", e3="H5")
    state = position(board=board, turn=1, phase="effect", placed=SQUARE_INDEX["d3"])
    assert codes(state) == ["x", "ld3"]
    board = tiles(d3="A2", c3="H3", e3="H5", d2="H1", d4="H1")
    walled = position(board=board, turn=1, phase="effect", placed=SQUARE_INDEX["d3"])
    assert codes(walled) == ["x"]


def test_IL8_effect_3_is_skipped_while_no_token_is_held() -> None:
    state = position(board=tiles(c3="H5", d3="A2"), turn=0, hands=((3, 5), (2, 3)))
    assert state.collected == ((), ())
    after = play(state, "p3d2")
    assert after.phase == "place" and GAME.to_move(after) == 1


def test_IL8_effect_3_swaps_a_token_for_a_reserve_token() -> None:
    state = position(
        board=tiles(c3="H5", d3="A2"),
        turn=0,
        hands=((3, 5), (2, 3)),
        collected=(tokens("C-5", "Z2"), ()),
        reserve=tokens("A8", "B10", "M0", "T3", "P1"),
    )
    effect = play(state, "p3d2")
    assert codes(effect) == ["x", "gC-5", "gZ2"]
    chosen = play(effect, "gC-5")
    assert codes(chosen) == sorted(["tA8", "tB10", "tM0", "tT3", "tP1"])
    done = play(chosen, "tA8")
    assert Counter(done.collected[0]) == Counter(tokens("A8", "Z2"))
    assert Counter(done.reserve) == Counter(tokens("C-5", "B10", "M0", "T3", "P1"))


def test_IL8_effect_4_turns_itself_and_an_adjacent_opponent_tile_face_down() -> None:
    state = position(board=tiles(c3="H5", d3="A2", e3="H1"), turn=1, hands=((5, 1), (4, 3)))
    effect = play(state, "p4e4")
    assert codes(effect) == ["x", "fe3"]
    flipped = play(effect, "fe3")
    assert flipped.board[SQUARE_INDEX["e3"]] == Tile(0, 1, False)
    assert flipped.board[SQUARE_INDEX["e4"]] == Tile(1, 4, False)
    assert GAME.view(flipped, None)["board"][SQUARE_INDEX["e3"]] == {
        "owner": 0,
        "tile": None,
        "face_up": False,
    }


def test_IL8_effect_4_needs_an_adjacent_opponent_tile() -> None:
    state = position(board=tiles(c3="H5", d3="A2"), turn=1, hands=((5, 1), (4, 3)))
    after = play(state, "p4b3")  # b3 touches Hector's face-up 5 on c3
    assert after.phase == "effect"
    lonely = position(board=tiles(c3="H5", d3="A2", e3="H1"), turn=1, hands=((5, 1), (4, 3)))
    lonely = evolve(lonely, board=tiles(c3="h5", d3="A2", e3="h1"))
    assert play(lonely, "p4e4").phase == "place"  # only face-down neighbours: no effect


# IL-9 line scoring


def test_IL9_dolos_at_a_line_end_counts_its_one_neighbour() -> None:
    board = tiles(a1="HD", b1="A3", c1="H2", d1="A1", e1="H4", f1="A5")
    assert line_totals(board, ROW_1) == (3 + 2 + 4, 3 + 1 + 5)


def test_IL9_dolos_beside_a_face_down_tile_gets_nothing_from_it() -> None:
    board = tiles(a1="HD", b1="a3", c1="H2", d1="A1", e1="H4", f1="A5")
    assert line_totals(board, ROW_1) == (0 + 2 + 4, 0 + 1 + 5)


def test_IL9_dolos_beside_dolos_gives_nothing_and_tiles_across_do_not_count() -> None:
    board = tiles(a1="H5", b1="AD", c1="HD", d1="A2", e1="H1", f1="A1", c2="A5", b2="H4")
    assert line_totals(board, ROW_1) == (5 + 2 + 1, 5 + 2 + 1)


def test_IL9_face_down_tiles_are_worth_nothing() -> None:
    board = tiles(a1="h5", b1="A3", c1="H2", d1="a4", e1="H4", f1="A5")
    assert line_totals(board, ROW_1) == (6, 8)


def test_IL9_a_tie_goes_to_the_active_player() -> None:
    board = tiles(a1="H1", b1="A1", c1="H1", d1="A1", e1="H1", f1="A1")
    assert line_winner(board, ROW_1, active=0) == 0
    assert line_winner(board, ROW_1, active=1) == 1


def _nearly_full(turn: int, **ends: tuple[str, str]) -> object:
    board = full_board_except("a1", "e6")  # e6 keeps the game going for Achilles
    return position(
        board=tuple(board),
        turn=turn,
        hands=((5, 2), (1, 1)),
        stacks=((), ()),
        ends=only_lines(**ends),
    )


def test_IL9_the_winner_chooses_and_the_loser_takes_the_other_even_negative() -> None:
    state = _nearly_full(0, line_1=("Z8", "C-10"))
    scored = play(state, "p5a1")  # Hector: 5+1+1 = 7 against Achilles 3
    assert scored.phase == "token" and GAME.to_move(scored) == 0
    assert codes(scored) == ["kC-10", "kZ8"]
    done = play(scored, "kZ8")
    assert done.collected == (tokens("Z8"), tokens("C-10"))
    assert done.ends[0] is None and done.ends[1] is None
    assert "Hector takes Zeus 8, Achilles gets \u221210." in GAME.view(done, None)["log"]


def test_IL9_the_active_player_orders_several_completed_lines() -> None:
    state = _nearly_full(0, line_1=("Z8", "C-10"), line_a=("B10", "A1"))
    order = play(state, "p5a1")
    assert order.phase == "order" and codes(order) == ["s1", "sa"]
    column_first = play(order, "sa")
    assert column_first.phase == "token" and column_first.scoring == COLUMN_A
    after = play(column_first, "kB10")
    assert after.phase == "token" and after.scoring == ROW_1  # the last line needs no order


def test_IL9_identical_end_tokens_need_no_choice() -> None:
    state = _nearly_full(0, line_1=("B10", "B10"))
    done = play(state, "p5a1")
    assert done.collected == (tokens("B10"), tokens("B10"))
    assert done.phase == "place" and GAME.to_move(done) == 1


def test_IL9_a_line_completed_again_scores_nothing() -> None:
    state = _nearly_full(0)  # every line already scored
    done = play(state, "p5a1")
    assert done.collected == ((), ())
    assert done.phase == "place" and GAME.to_move(done) == 1


# IL-10 … IL-11 drawing and the end


def test_IL10_draw_back_up_to_two_and_play_on_from_the_hand_when_the_stack_is_empty() -> None:
    state = position(board=tiles(c3="H5", d3="A2"), turn=0, hands=((5, 1), (2, 3)))
    drawn = play(state, "p5d2")
    assert len(drawn.hands[0]) == 2 and len(drawn.stacks[0]) == len(state.stacks[0]) - 1
    mine = GAME.view(drawn, 0)
    assert any(line.startswith("You draw") for line in mine["private"]["log"])
    assert not any("draw" in line for line in mine["log"])  # the public lines
    for viewer in (None, 1):
        seen = GAME.view(drawn, viewer)
        assert not any("draw" in line for line in seen["log"])
        assert not any("draw" in line for line in seen.get("private", {}).get("log", []))
    empty = evolve(state, stacks=((), state.stacks[1]))
    assert play(empty, "p5d2").hands[0] == (1,)


def test_IL11_the_game_ends_with_a_full_board_after_32_turns() -> None:
    playout = random_playout(GAME, 2, 3)
    final = playout.final
    assert all(tile is not None for tile in final.board)
    assert final.turn_number == 32 and all(end is None for end in final.ends)
    assert final.hands == ((), ()) and final.stacks == ((), ())
    assert GAME.outcome(final) is not None and GAME.to_move(final) is None


# IL-12 … IL-14 the winner


def test_IL12_four_gods_and_both_marriages_is_favour_and_wins_outright() -> None:
    favoured = tokens("Z2", "A1", "T3", "P1", "M0", "M0")
    rich = tokens("Z8", "A8", "T7", "P8", "B10", "B10")
    assert has_favour(favoured) and not has_favour(rich)
    outcome = final_outcome([favoured, rich], NAMES)
    assert outcome.reason == "favour" and outcome.winners == (0,)
    assert outcome.scores[0] < outcome.scores[1]


def test_IL12_favour_for_both_falls_back_to_points() -> None:
    first = tokens("Z2", "A1", "T3", "P1", "H3")
    second = tokens("Z4", "A4", "T4", "P5", "H4")
    outcome = final_outcome([first, second], NAMES)
    assert outcome.reason == "points" and outcome.winners == (1,)


def test_IL13_first_tie_break_is_the_uncounted_god_tokens() -> None:
    outcome = final_outcome([tokens("Z8", "Z2", "A6"), tokens("Z6", "A8", "A4")], NAMES)
    assert outcome.scores == (14, 14)  # uncounted gods: 2 against 4
    assert outcome.reason == "tie-break" and outcome.winners == (1,)
    assert outcome.ranking == (2, 1)


def test_IL13_second_tie_break_is_the_higher_zeus() -> None:
    outcome = final_outcome([tokens("Z6", "A8"), tokens("Z8", "A6")], NAMES)
    assert outcome.scores == (14, 14) and outcome.reason == "tie-break"
    assert outcome.winners == (1,)
    draw = final_outcome([tokens("A8", "T6"), tokens("A6", "T8")], NAMES)
    assert draw.reason == "draw" and draw.winners == (0, 1)


def test_IL13_breakdown_adds_bonuses_and_takes_curses_away() -> None:
    outcome = final_outcome([tokens("Z8", "B10", "M0", "C-3", "C-5"), tokens("C-3")], NAMES)
    assert outcome.breakdown[0].split(":")[1].startswith(" Zeus 8 + 10 + Marriage − 3 − 5 = ")
    assert ": −3 = " in outcome.breakdown[1] and "+ −" not in outcome.breakdown[1]


def test_IL14_worked_example_red_30_blue_32_blue_wins() -> None:
    red = tokens(
        "Z8", "Z2", "A7", "A4", "T7", "T4", "P8", "P5", "H5", "B10", "C-10", "C-5"
    )  # Achilles
    blue = tokens("A1", "T3", "Z6", "Z4", "H8", "H3", "M0", "M0", "B10", "B10", "C-3", "C-3")
    assert has_favour(red) and has_favour(blue)
    outcome = final_outcome([blue, red], NAMES)  # seat 0 Hector is blue
    assert outcome.scores == (32, 30)
    assert outcome.winners == (0,) and outcome.reason == "points"


def test_every_rule_id_tested_here_is_named_where_it_is_coded() -> None:
    """Each IL- id a test name checks appears in the docstring of the function coding it."""
    tested = ids_in_test_names("tests/engine/test_iliad_rules.py", "IL")
    assert len(tested) > 10
    assert tested - coded_ids("iliad", "IL") == set()
