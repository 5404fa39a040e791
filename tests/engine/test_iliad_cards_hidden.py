"""The card game's resample_hidden: other hands and deck orders re-dealt, views unchanged."""

from __future__ import annotations

import random
import re
from collections import Counter

from bot.engine.conformance import random_playout, replay
from bot.games.iliad_cards import GAME
from bot.games.iliad_cards.data import table
from bot.games.iliad_cards.model import SEAT_NAMES, State

T = table()
CODE = {card.name: card.code for card in T.cards}


def _states(players: int) -> list[State]:
    """Positions from the deal to late in the game, over a few seeds."""
    found = []
    for seed in range(4):
        codes = random_playout(GAME, players, 100 + seed).codes
        found += [replay(GAME, players, 100 + seed, codes[: len(codes) * k // 4]) for k in range(4)]
    return found


def _history_hand(state: State, seat: int) -> Counter[str]:
    """The hand a seat's private lines (hand, draws) less the cards it played add up to."""
    names = "|".join(sorted(CODE, key=len, reverse=True))
    played = re.compile(rf"{SEAT_NAMES[seat]} (?:plays an? ({names})\b|sends a Trojan Horse)")
    hand: Counter[str] = Counter()
    for entry in state.log:
        if entry.seat == seat:
            listed = entry.text.split(": ", 1)[1].removesuffix(".")
            hand.update(CODE[name] for name in listed.split(", ") if listed != "nothing")
        elif entry.seat is None and (match := played.match(entry.text)):
            card = CODE[match[1]] if match[1] else "horse"
            hand[card] -= 1
            assert hand[card] >= 0, "a card was played before it was in hand"
    verb, card, _ = state.pending
    if state.phase in ("put", "foe", "hit") and verb in ("play", "horse") and seat == state.current:
        hand[card] -= 1  # taken from hand, logged once the play is finished
    return +hand


def _unseen(state: State, others: list[int]) -> Counter[str]:
    """The army cards a seat cannot place: other hands and the deck together."""
    return Counter(state.army_deck) + Counter(c for o in others for c in state.hands[o])


def test_resampling_keeps_every_view_and_redeals_only_what_is_hidden() -> None:
    sampler = random.Random(5)
    changed = reordered = 0
    for players in (2, 3, 5):
        for state in _states(players):
            for seat in range(players):
                again = GAME.resample_hidden(state, seat, sampler)
                others = [s for s in range(players) if s != seat]
                assert GAME.view(again, seat) == GAME.view(state, seat)
                assert GAME.view(again, None) == GAME.view(state, None)
                assert again.hands[seat] == state.hands[seat] and again.seed != state.seed
                sizes = [len(state.hands[s]) for s in others]
                assert [len(again.hands[s]) for s in others] == sizes
                assert _unseen(again, others) == _unseen(state, others)
                assert Counter(again.victory_deck) == Counter(state.victory_deck)
                assert Counter(again.oracle_deck) == Counter(state.oracle_deck)
                for s in range(players):
                    assert _history_hand(again, s) == Counter(again.hands[s])
                changed += any(again.hands[s] != state.hands[s] for s in others)
                reordered += again.victory_deck != state.victory_deck
    assert changed > 0 and reordered > 0


def test_play_goes_on_from_a_resampled_state_to_the_end() -> None:
    state = _states(4)[2]
    again = GAME.resample_hidden(state, 1, random.Random(1))
    chooser = random.Random(2)
    while GAME.to_move(again) is not None:
        again = GAME.apply(again, chooser.choice(GAME.legal_actions(again)))
    assert GAME.outcome(again) is not None
