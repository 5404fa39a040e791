"""Iliad card game: end of a siege, amphoras, drawing and the end of the game (IC-14 … IC-17)."""

from __future__ import annotations

import random
from collections import Counter

from iliad_cards_positions import T, codes, hand, hero, last_log, phalanx, play, position, single

from bot.games.iliad_cards import GAME
from bot.games.iliad_cards.army import unit_cards
from bot.games.iliad_cards.model import State
from bot.games.iliad_cards.scoring import outcome, vp
from bot.games.iliad_cards.siege import draw, settle

# ---- Thanatos sieges -----------------------------------------------------------------------


def _ranked(state: State) -> str:
    return next(line for line in reversed(last_log(state, 99)) if line.startswith("Armies"))


def _all_pass(state: State) -> State:
    for _ in range(state.players):
        state = play(state, "pass")
    return state


def test_IC14_rank_by_strength_ties_to_the_earlier_passer_then_pick_in_order() -> None:
    armies = ((single("archer"),), (single("chariot"),), (phalanx(3),))
    state = position(3, armies=armies, heroes=(), display=("city3", "trireme1", "helen5"))
    state = _all_pass(state)  # passes in seat order 0, 1, 2
    assert _ranked(state) == "Armies ranked: Idomeneus 3, Philoctetes 3, Nestor 1."
    assert state.amphoras[0] == 1
    assert state.penalties == ((-1,), (), ())
    assert state.phase == "pick" and state.current == 1
    assert codes(state) == ["pick.city3", "pick.helen5", "pick.trireme1"]
    state = play(state, "pick.helen5")
    assert state.current == 2
    state = play(state, "pick.city3")  # the last card goes to seat 0 with no question
    assert state.won == (("trireme1",), ("helen5",), ("city3",))
    assert state.siege == 2


def test_IC14_thanatos_goes_to_the_weakest_ties_to_the_later_passer() -> None:
    armies = ((single("chariot"),), (single("archer"),), (single("archer"),))
    state = position(3, armies=armies, heroes=(), oracle="thanatos2", display=("city1",))
    state = _all_pass(state)
    assert state.penalties == ((), (), (-2,))
    assert state.won[0] == ("city1",)
    assert vp(state, 2) == -2


def test_IC14_picks_go_round_again_while_cards_remain() -> None:
    armies = ((phalanx(4),), (phalanx(3),), (phalanx(2),))
    display = ("city1", "city2", "city3", "trireme1")
    state = _all_pass(position(3, armies=armies, heroes=(), display=display))
    state = play(state, "pick.city3", "pick.city2", "pick.city1")
    assert state.won == (("city3", "trireme1"), ("city2",), ("city1",))


def test_IC14_two_players_rank_and_pick_without_thanatos() -> None:
    state = position(2, armies=((phalanx(2),), (phalanx(3),)), display=("city2",))
    state = _all_pass(state)
    assert state.won == ((), ("city2",))
    assert state.penalties == ((), ())
    assert state.amphoras[0] == 1


def test_IC14_heroes_count_in_the_ranking() -> None:
    armies = ((phalanx(4),), (phalanx(2),), ())
    state = position(3, armies=armies, heroes=(1, 2, 3), display=("city1",))
    state = _all_pass(state)  # seat 0 takes 3, seat 1 takes 2, seat 2 takes 1
    assert _ranked(state) == "Armies ranked: Nestor 7, Idomeneus 4, Philoctetes 1."


# ---- Gorgon sieges -------------------------------------------------------------------------


def _gorgon(**changes: object) -> State:
    base: dict[str, object] = {"oracle": "gorgon", "heroes": (), "display": ("city2",)}
    base.update(changes)
    return position(3, **base)


def test_IC15_gorgon_is_not_won_in_the_middle_of_a_turn() -> None:
    state = _gorgon(hands=(hand("chariot"), hand("archer"), hand("archer")))
    state = play(state, "play.chariot")
    assert state.siege == 1 and state.current == 1 and state.won[0] == ()


def test_IC15_gorgon_won_when_strictly_strongest_at_the_start_of_a_turn() -> None:
    state = _gorgon(hands=(hand("chariot"), hand("archer"), hand("archer")))
    state = play(state, "play.chariot", "play.archer", "play.archer")
    assert state.won[0] == ("city2",)
    assert state.amphoras[0] == 0
    assert state.siege == 2


def test_IC15_gorgon_winner_chooses_one_card_others_stay() -> None:
    armies = ((single("chariot"),), (single("archer"),), ())
    state = _gorgon(armies=armies, current=2, display=("city1", "trireme3"))
    state = play(state, "pass")
    assert state.phase == "pick" and state.current == 0
    state = play(state, "pick.trireme3")
    assert state.won[0] == ("trireme3",)
    assert state.display[0] == "city1"


def test_IC15_a_tie_is_not_strictly_strongest() -> None:
    armies = ((single("chariot"),), (phalanx(3),), ())
    state = _gorgon(armies=armies, current=2, hands=((), (), hand("archer")))
    state = play(state, "play.archer")
    assert state.current == 0 and state.phase == "turn" and state.siege == 1


def test_IC15_all_pass_with_no_one_strictly_strongest_leaves_the_cards() -> None:
    armies = ((single("chariot"),), (phalanx(3),), ())
    state = _all_pass(_gorgon(armies=armies))
    assert state.won == ((), (), ()) and state.amphoras[0] == -1
    assert state.siege == 2 and state.display[0] == "city2"
    assert state.penalties == ((), (), ())


def test_IC15_all_pass_with_one_strictly_strongest_gives_it_the_siege() -> None:
    armies = ((single("chariot"),), (phalanx(2),), ())
    state = _all_pass(_gorgon(armies=armies))
    assert state.won[0] == ("city2",) and state.amphoras[0] == 0


# ---- after the siege -----------------------------------------------------------------------


def test_IC16_amphora_goes_to_the_single_leader() -> None:
    state = position(3, won=(("city2",), ("city3",), ("trireme1",)), amphoras=(-1, 0, -1))
    state = settle(state)
    assert state.amphoras == (-1, 1, 2)


def test_IC16_amphora_tie_keeps_its_holder() -> None:
    won = (("city2",), ("city2", "trireme2"), ("trireme2",))
    state = settle(position(3, won=won, amphoras=(-1, 0, -1)))
    assert state.amphoras == (-1, 0, -1)  # Athena stays, Poseidon stays unowned


def test_IC16_armies_go_heroes_return_agamemnon_starts_everyone_draws_three() -> None:
    armies = ((phalanx(4, 3, harrow=True), hero(3)), (single("elephant", rider=True),), ())
    state = position(
        3, armies=armies, amphoras=(2, -1, -1), heroes=(1,), hands=((), hand("archer"), ())
    )
    deck, discard = state.army_deck, state.discard
    state = settle(state)
    assert state.armies == ((), (), ()) and state.heroes == (1, 2, 3)
    assert state.start_player == 2 and state.current == 2
    assert [len(h) for h in state.hands] == [3, 4, 3]
    assert Counter(state.discard) == Counter(discard) + Counter(
        ["hoplite4", "hoplite3", "harrow", "elephant", "archer"]
    )
    assert state.army_deck == deck[9:]
    assert "Everyone draws 3 cards." in last_log(state, 3)


def test_IC16_the_discards_are_reshuffled_when_the_deck_runs_out() -> None:
    state = position(3, army_deck=("archer",), discard=("chariot", "hoplite1", "horse", "catapult"))
    after = draw(state, 0, 3)
    assert after.hands[0][0] == "archer" and len(after.hands[0]) == 3
    assert len(after.army_deck) == 2 and after.discard == ()
    assert Counter(after.hands[0] + after.army_deck) == Counter(state.army_deck + state.discard)
    assert after.counter == state.counter + 1
    empty = draw(position(3, army_deck=(), discard=()), 1, 3)
    assert empty.hands[1] == ()


def test_IC16_reshuffles_keep_every_army_card_in_a_long_game() -> None:
    chooser = random.Random(3)
    state = GAME.new_game(5, 3)
    reshuffles = 0
    while GAME.to_move(state) is not None:
        placed = [c for army in state.armies for u in army for c in unit_cards(u, T)]
        held = [c for h in state.hands for c in h] + list(state.army_deck + state.discard)
        in_play = state.phase in ("put", "foe", "hit") and state.pending[0] in ("play", "horse")
        pending = [state.pending[1]] if in_play else []
        assert len(placed) + len(held) + len(pending) == 75
        reshuffles = state.counter - 1
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    assert reshuffles >= 1


# ---- the end -------------------------------------------------------------------------------


def test_IC17_twelve_vp_ends_the_game_with_three_players() -> None:
    near = position(3, won=(("helen5", "city3"), (), ()), amphoras=(0, -1, -1))
    assert settle(near).phase == "turn"  # 5 + 3 + Athena 2 + Agamemnon 1 = 11
    there = position(3, won=(("helen5", "city3", "city1"), (), ()), amphoras=(0, -1, -1))
    done = settle(there)
    assert done.phase == "over" and GAME.to_move(done) is None
    result = GAME.outcome(done)
    assert result is not None and result.reason == "target" and result.winners == (0,)
    assert result.scores[0] == 12


def test_IC17_two_players_need_fifteen() -> None:
    won = ("helen5", "city3", "trireme1")  # 9 + Athena 2 + Poseidon 2 + Agamemnon 1 = 14
    assert settle(position(2, won=(won, ()), amphoras=(0, -1, -1))).phase == "turn"
    done = settle(position(2, won=((*won, "city1"), ()), amphoras=(0, -1, -1)))
    assert done.phase == "over" and done.end == "target"


def _final(won: tuple[tuple[str, ...], ...], amphoras: tuple[int, int, int]) -> State:
    return position(3, won=(*won, ()), amphoras=amphoras, phase="over", end="target")


def test_IC17_most_vp_wins_before_card_counts() -> None:
    five = ("city3", "city2", "trireme3", "trireme2", "city2")
    result = outcome(_final((five, ("helen5", "city3", "trireme3")), (-1, 1, -1)))
    assert result.scores[:2] == (12, 13) and result.winners == (1,)


def test_IC17_equal_vp_more_victory_cards_wins() -> None:
    five = ("city3", "city2", "trireme3", "trireme2", "city2")
    result = outcome(_final((five, ("helen5", "city3", "trireme3", "city1")), (-1, -1, -1)))
    assert result.scores[:2] == (12, 12) and result.winners == (0,)
    assert result.ranking == (1, 2, 3)


def test_IC17_equal_vp_and_cards_share_the_win() -> None:
    four = ("city3", "city3", "trireme3", "trireme3")
    result = outcome(_final((four, ("helen5", "city3", "trireme3", "city1")), (-1, -1, -1)))
    assert result.winners == (0, 1) and result.ranking == (1, 1, 3)
    assert (
        result.summary == "Nestor and Idomeneus share the win with 12 VP (reached the VP target)."
    )


def test_IC17_after_the_last_oracle_the_most_vp_wins() -> None:
    state = position(3, oracle_deck=(), won=(("city1",), ("trireme2",), ()))
    done = settle(state)
    assert done.end == "sieges"
    result = GAME.outcome(done)
    assert result is not None and result.winners == (1,)


def test_IC17_no_victory_cards_left_ends_the_game() -> None:
    state = position(2, victory_deck=(), display=(), won=(("city1",), ("city1",)))
    done = settle(state)
    assert done.end == "cards"
    result = GAME.outcome(done)
    assert result is not None and result.winners == (0, 1)
    assert result.breakdown[0].startswith("Nestor 1 VP: City 1")
