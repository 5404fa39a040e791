"""The simple automatic player: legal, repeatable, and blind to what its seat cannot see."""

from __future__ import annotations

import random

import pytest

from bot.ai import choose
from bot.engine import IllegalAction, all_games, get_game

GAME_IDS = [game.spec.id for game in all_games()]


def _play(game_id: str, players: int, plies: int) -> list[object]:
    """Positions of a game the automatic player plays against itself, one per ply."""
    game = get_game(game_id)
    state = game.new_game(players, 5)
    positions = [state]
    for version in range(plies):
        seat = game.to_move(state)
        if seat is None:
            break
        state = game.apply(state, game.decode(choose(game, state, seat, 5, version)))
        positions.append(state)
    return positions


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_it_plays_a_whole_game_with_legal_moves(game_id: str) -> None:
    game = get_game(game_id)
    positions = _play(game_id, game.spec.max_players, game.spec.max_plies + 1)
    assert game.outcome(positions[-1]) is not None  # every move applied: all were legal


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_it_decides_the_same_whatever_the_others_hide(game_id: str) -> None:
    game = get_game(game_id)
    for number, state in enumerate(_play(game_id, game.spec.max_players, 60)):
        seat = game.to_move(state)
        if seat is None:
            continue
        picked = choose(game, state, seat, 9, number)
        for draw in range(3):
            unseen = game.resample_hidden(state, seat, random.Random(draw))
            assert choose(game, unseen, seat, 9, number) == picked


def test_a_different_version_can_change_the_pick_but_the_same_one_never_does() -> None:
    game = get_game("iliad_cards")
    state = game.new_game(3, 1)
    seat = game.to_move(state)
    assert seat is not None
    picks = {choose(game, state, seat, 1, version) for version in range(30)}
    assert len(picks) > 1
    assert {choose(game, state, seat, 1, 4) for _ in range(5)} == {choose(game, state, seat, 1, 4)}


def test_only_the_seat_to_move_decides() -> None:
    game = get_game("ilium")
    state = game.new_game(2, 1)
    seat = game.to_move(state)
    assert seat is not None
    with pytest.raises(IllegalAction):
        choose(game, state, 1 - seat, 1, 0)
