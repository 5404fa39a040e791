"""Every registered game has a renderer that draws real views from seeded random games."""

from __future__ import annotations

import json
import random
from types import SimpleNamespace
from typing import Any

import pytest

import rendering
from bot.engine import AnyGame, all_games, registry
from tests.rendering.helpers import decode

RENDERED = [game.spec.id for game in all_games() if rendering.has_renderer(game.spec.id)]
SAMPLES = 6  # positions per game, spread over one playout, plus the final one


def games_without_renderer() -> list[str]:
    """Registered games the bot could host but not draw: a new game needs `rendering/<id>.py`."""
    return [game.spec.id for game in all_games() if not rendering.has_renderer(game.spec.id)]


def test_every_registered_game_has_a_renderer() -> None:
    assert len(RENDERED) >= 4
    assert games_without_renderer() == []


def test_a_registered_game_without_a_renderer_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    throwaway = SimpleNamespace(spec=SimpleNamespace(id="throwaway_game"))
    monkeypatch.setitem(registry._GAMES, "throwaway_game", throwaway)
    assert games_without_renderer() == ["throwaway_game"]


def _positions(game: AnyGame, seed: int, players: int | None = None) -> list[Any]:
    """States spread over one seeded random game, the final state last."""
    chooser = random.Random(seed)
    state = game.new_game(players or game.spec.min_players, seed)
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
        assert board.size == rendering.board_size(game_id, players)
        assert board.width == module.BOARD_SIZE[0] and board.height <= module.BOARD_SIZE[1]
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


@pytest.mark.parametrize("game_id", RENDERED)
def test_each_seat_gets_its_own_hand_image(game_id: str) -> None:
    """Seat images differ at every sampled position: a hand drawn from the public part alone,
    or the same for everyone, would show nobody their own secrets."""
    game = get_game_checked(game_id)
    players = game.spec.max_players
    for state in _positions(game, 5, players)[::2]:
        hands = [rendering.hand_png(game_id, game.view(state, seat)) for seat in range(players)]
        assert len(set(hands)) == players, "seats share a hand image"


def get_game_checked(game_id: str) -> AnyGame:
    """The registered game (the parametrisation only lists registered ones)."""
    (game,) = [game for game in all_games() if game.spec.id == game_id]
    return game
