"""Iliad's resample_hidden: what a seat cannot see is re-dealt, and nothing it can see moves."""

from __future__ import annotations

import random
import re
from collections import Counter

from bot.engine.conformance import random_playout, replay
from bot.games.iliad import GAME
from bot.games.iliad.model import State

NAMES = ("Hector", "Achilles")
VALUE = {"Dolos": 0, **{str(v): v for v in range(1, 6)}}


def _states() -> list[State]:
    """Positions from the opening to late in the game, over several seeds."""
    found = []
    for seed in range(6):
        codes = random_playout(GAME, 2, seed).codes
        found += [replay(GAME, 2, seed, codes[:plies]) for plies in (0, 9, 40, 70)]
    return found


def _history_hand(state: State, seat: int) -> Counter[int]:
    """The hand a seat's private lines (hand, draws) less its public placements add up to."""
    placed = re.compile(rf"{NAMES[seat]} places (Dolos|[1-5]) on ")
    hand: Counter[int] = Counter()
    for entry in state.log:
        if entry.seat == seat:
            listed = entry.text.removeprefix("Your hand: ").removeprefix("You draw ")
            hand.update(VALUE[v] for v in listed.removesuffix(".").split(" and "))
        elif entry.seat is None and (match := placed.match(entry.text)):
            hand[VALUE[match[1]]] -= 1
            assert hand[VALUE[match[1]]] >= 0, "a tile was placed before it was in hand"
    return +hand


def test_resampling_keeps_every_view_and_redeals_only_what_is_hidden() -> None:
    sampler = random.Random(3)
    changed_hands = reordered_stacks = 0
    for state in _states():
        for seat in (0, 1):
            other = 1 - seat
            again = GAME.resample_hidden(state, seat, sampler)
            assert GAME.view(again, seat) == GAME.view(state, seat)
            assert GAME.view(again, None) == GAME.view(state, None)
            assert again.board == state.board  # face-down tiles were seen face up: kept
            assert again.hands[seat] == state.hands[seat] and again.seed != state.seed
            assert Counter(again.stacks[seat]) == Counter(state.stacks[seat])
            assert Counter(again.hands[other] + again.stacks[other]) == Counter(
                state.hands[other] + state.stacks[other]
            )
            assert len(again.hands[other]) == len(state.hands[other])
            assert _history_hand(again, other) == Counter(again.hands[other])
            assert _history_hand(again, seat) == _history_hand(state, seat)
            changed_hands += again.hands[other] != state.hands[other]
            reordered_stacks += again.stacks[seat] != state.stacks[seat]
    assert changed_hands > 0 and reordered_stacks > 0


def test_play_goes_on_from_a_resampled_state_to_the_end() -> None:
    state = _states()[2]
    again = GAME.resample_hidden(state, 0, random.Random(1))
    chooser = random.Random(2)
    while GAME.to_move(again) is not None:
        again = GAME.apply(again, chooser.choice(GAME.legal_actions(again)))
    assert GAME.outcome(again) is not None
