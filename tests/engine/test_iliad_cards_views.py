"""The card game's public `choices`: what the decision after a play or an attack picks among,
read by the board to mark it (issue 13 §3); derived from public facts only."""

from __future__ import annotations

import random
from typing import Any

from bot.games.iliad_cards import GAME


def _decisions(players: int, seed: int) -> list[tuple[Any, Any]]:
    """Every (state, public view) of a seeded random game while someone decides."""
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed)
    found = []
    while GAME.to_move(state) is not None:
        found.append((state, GAME.view(state, None)))
        state = GAME.apply(state, chooser.choice(GAME.legal_actions(state)))
    return found


def test_choices_name_exactly_what_the_buttons_offer_after_a_play_or_an_attack() -> None:
    """IC-11 where a card goes, IC-12 whose army and which card an attack strikes, and which
    victory card is taken: the marks match the legal actions; a turn's first decision has none
    (its choices are the cards in a hand)."""
    seen = set()
    for players, seed in ((2, 3), (4, 4), (5, 8)):
        for state, view in _decisions(players, seed):
            chosen, phase = view["choices"], view["phase"]
            if phase == "turn":
                assert chosen is None
                continue
            seen.add(phase)
            actions = GAME.legal_actions(state)
            verbs = {action.verb for action in actions}
            assert verbs == {phase}
            if phase == "foe":
                assert chosen["camps"] == sorted(a.at for a in actions)
                assert view["to_move"] not in chosen["camps"]
            elif phase == "pick":
                assert sorted(chosen["display"]) == sorted(a.what for a in actions)
                assert set(chosen["display"]) <= {card["card"] for card in view["display"]}
            else:
                army = view["camps"][chosen["army"]]["units"]
                units = {a.at for a in actions if a.at >= 0}
                assert set(chosen["units"]) == units and all(u < len(army) for u in units)
                assert chosen["new"] == any(a.at < 0 for a in actions)
                mover = view["to_move"]
                assert (chosen["army"] == mover) == (phase == "put")
    assert seen == {"put", "foe", "hit", "pick"}
