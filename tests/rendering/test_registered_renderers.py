"""Every registered game that has a renderer draws real views from seeded random games."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import rendering
from bot.engine import AnyGame, all_games
from tests.rendering.helpers import decode

RENDERED = [game.spec.id for game in all_games() if rendering.has_renderer(game.spec.id)]
SAMPLES = 6  # positions per game, spread over one playout, plus the final one


def _positions(game: AnyGame, seed: int) -> list[Any]:
    """States spread over one seeded random game, the final state last."""
    chooser = random.Random(seed)
    state = game.new_game(game.spec.min_players, seed)
    states = [state]
    while game.to_move(state) is not None:
        state = game.apply(state, chooser.choice(game.legal_actions(state)))
        states.append(state)
    step = max(1, len(states) // SAMPLES)
    return [*states[::step], states[-1]]


@pytest.mark.parametrize("game_id", RENDERED)
def test_real_views_render_at_the_promised_size(game_id: str) -> None:
    game = get_game_checked(game_id)
    module = rendering.renderer(game_id)
    players = game.spec.min_players
    for state in _positions(game, 3):
        public = game.view(state, None)
        board = decode(rendering.board_png(game_id, public))
        assert board.size == module.BOARD_SIZE
        for seat in range(players):
            hand = decode(rendering.hand_png(game_id, game.view(state, seat)))
            assert hand.size == module.HAND_SIZE


@pytest.mark.parametrize("game_id", RENDERED)
def test_board_never_draws_what_only_a_seat_may_see(game_id: str) -> None:
    game = get_game_checked(game_id)
    for state in _positions(game, 4):
        public = game.view(state, None)
        expected = rendering.board_png(game_id, public)
        assert rendering.board_png(game_id, json.loads(json.dumps(public))) == expected
        for seat in range(game.spec.min_players):
            private = game.view(state, seat)
            secrets = {key: value for key, value in private.items() if key not in public}
            assert rendering.board_png(game_id, {**public, **secrets}) == expected


def get_game_checked(game_id: str) -> AnyGame:
    """The registered game (the parametrisation only lists registered ones)."""
    (game,) = [game for game in all_games() if game.spec.id == game_id]
    return game
