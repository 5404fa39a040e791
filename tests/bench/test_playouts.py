"""The engine benchmark's bare loop plays the very game the checked loop plays."""

from __future__ import annotations

import pytest

import bot.games  # noqa: F401  (registers every game)
from bench.core import Settings
from bench.playouts import bare_playout, run
from bot.engine import AnyGame, all_games
from bot.engine.conformance import random_playout


@pytest.mark.parametrize("game", all_games(), ids=lambda game: game.spec.id)
def test_the_bare_loop_makes_the_same_decisions_as_the_checked_one(game: AnyGame) -> None:
    for seed in (1, 2):
        players = game.spec.max_players
        checked = random_playout(game, players, seed)
        assert bare_playout(game, players, seed) == len(checked.codes)


def test_the_table_has_a_row_per_game_and_seat_count() -> None:
    [table] = run(Settings(games=("iliad",), seconds=0.0, max_games=1))
    assert [row[:3] for row in table.rows] == [["iliad", 2, 1]]
    assert all(value > 0 for value in table.rows[0][3:])
