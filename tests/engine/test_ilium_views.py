"""Ilium's views: the prompt of every decision, the result once over, and resampling secrets."""

from __future__ import annotations

import random
from collections import Counter

from bot.engine import private_log
from bot.games.ilium.model import CARD, CUBES, FINISH, OVER, PATH, SITE, SPACE, TOKEN, State
from tests.engine.ilium_helpers import D_TOKENS, GAME, RED, dig, play, position

ASKS = {
    CARD: "choose which card value to play",
    PATH: "choose a pathway for",
    SPACE: "choose a space on",
    CUBES: "choose how many supply cubes to add",
    SITE: "as leader on",
    TOKEN: "choose which lowest token to take at site",
    FINISH: "end the game now or play on",
}


def _playout(seed: int, players: int, options: dict[str, str] | None = None) -> list[State]:
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed, options)
    states = [state]
    while GAME.to_move(state) is not None:
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
        states.append(state)
    return states


def test_prompt_names_the_mover_and_the_decision_in_every_phase() -> None:
    seen: set[str] = set()
    for seed in range(12):
        options = {"strategic": "on"} if seed % 3 == 0 else None
        for state in _playout(seed, 2 + seed % 3, options):
            view = GAME.view(state, None)
            if state.phase == OVER:
                assert view["outcome"] is not None
                assert view["prompt"] == view["outcome"]["summary"]
                continue
            mover = view["seats"][view["to_move"]]
            assert view["prompt"].startswith(f"{mover}: {ASKS[state.phase]}"), view["prompt"]
            seen.add(state.phase)
    assert {CARD, PATH, SPACE, CUBES, SITE, TOKEN} <= seen  # FINISH: see the IM-16 tests


def test_prompt_of_an_excavation_names_the_leader_and_the_taker() -> None:
    site = dig([(RED, 1), (RED, 0), None, (3, 1)], card=1)
    assert site.phase == SITE
    assert GAME.view(site, None)["prompt"] == (
        "Red: as leader on D-E, choose the site to take from (Blue takes from the other)."
    )
    tokens = {"D": ((0, 1), (1, 1), (2, 2)), "E": D_TOKENS}
    choose = dig([(RED, 1), (RED, 0), None, (3, 0)], tokens=tokens)
    assert choose.phase == TOKEN
    assert GAME.view(choose, None)["prompt"] == "Red: choose which lowest token to take at site D."


def test_prompt_for_the_cubes_and_the_space() -> None:
    state = play(position(cubes=2, cells={"H-J": [None] * 5}), "pHJ")
    assert GAME.view(state, None)["prompt"] == "Red: choose a space on H-J."
    state = play(state, "s1")
    assert GAME.view(state, None)["prompt"] == "Red: choose how many supply cubes to add."


def test_IM7_IM12_resampling_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    state = _playout(4, 4)[30]
    assert state.phase != OVER
    others_historians = set()
    for draw in range(20):
        other = GAME.resample_hidden(state, RED, random.Random(draw))
        assert other.historians[RED] == state.historians[RED]
        assert len(set(other.historians)) == 4
        assert other.decks[RED][0] == state.decks[RED][0]  # the next card RED may look at
        assert [Counter(d) for d in other.decks] == [Counter(d) for d in state.decks]
        assert private_log(other.log, RED) == private_log(state.log, RED)
        for seat in range(1, 4):
            assert private_log(other.log, seat) == [
                f"Your historian card: {GAME.view(other, seat)['private']['historian']}."
            ]
        others_historians.add(other.historians[1:])
    assert len(others_historians) > 1


def test_IM17_historians_are_public_once_over_and_never_resampled() -> None:
    final = _playout(5, 3)[-1]
    assert final.phase == OVER
    for draw in range(5):
        assert GAME.resample_hidden(final, 0, random.Random(draw)).historians == final.historians


def test_IM22_strategic_decks_have_no_order_to_resample() -> None:
    state = _playout(6, 2, {"strategic": "on"})[20]
    assert GAME.resample_hidden(state, 0, random.Random(1)).decks == state.decks
