"""Engine speed: random games per second, with the contract's cheap checks and as a search plays.

Two loops per row: `random_playout` (every position checked: encode, sort, outcome) and the
bare loop a computer player's playouts run (to_move, legal_actions, apply, inside
`bot.engine.wordless()` as the search does: no sentences built). Both are timed in
CPU seconds of this process as well as wall-clock, because on a shared machine the wall-clock
rate says more about the neighbours than about the engine.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from bench.core import Settings, Table
from bot.engine import AnyGame, wordless
from bot.engine.conformance import player_counts, random_playout

TITLE = "Engines: random games per second"


def bare_playout(game: AnyGame, players: int, seed: int) -> int:
    """One random game as a search's playout runs it (wordless); returns its decisions."""
    chooser = random.Random(f"chooser:{seed}")
    decisions = 0
    with wordless():
        state = game.new_game(players, seed)
        while game.to_move(state) is not None:
            legal = game.legal_actions(state)
            state = game.apply(state, legal[chooser.randrange(len(legal))])
            decisions += 1
    return decisions


def checked_playout(game: AnyGame, players: int, seed: int) -> int:
    """One random game through the contract's cheap checks; returns its number of decisions."""
    return len(random_playout(game, players, seed).codes)


Loop = Callable[[AnyGame, int, int], int]


def _rate(
    settings: Settings, play: Loop, game: AnyGame, players: int
) -> tuple[int, int, float, float]:
    """Games, decisions, wall seconds and CPU seconds of one timed loop."""
    games = decisions = 0
    started, cpu = time.perf_counter(), time.process_time()
    elapsed = 0.0
    while games < settings.max_games and (games == 0 or elapsed < settings.seconds):
        decisions += play(game, players, settings.seed + games)
        games += 1
        elapsed = time.perf_counter() - started
    return games, decisions, elapsed, time.process_time() - cpu


def run(settings: Settings) -> list[Table]:
    """For every game and seat count: checked and bare playouts per second (wall and CPU)."""
    table = Table(
        TITLE,
        [
            "game",
            "players",
            "games",
            "games/s",
            "games/cpu-s",
            "bare games/cpu-s",
            "decisions/game",
        ],
        notes=[
            f"games/s and games/cpu-s: bot.engine.conformance.random_playout; bare: the loop of "
            f"a search playout, wordless (bench.playouts.bare_playout); seeds from "
            f"{settings.seed}; up to {settings.seconds:g} s or {settings.max_games} games per loop."
        ],
    )
    for game in settings.selected():
        for players in player_counts(game):
            games, decisions, wall, cpu = _rate(settings, checked_playout, game, players)
            bare, _, _, bare_cpu = _rate(settings, bare_playout, game, players)
            table.rows.append(
                [
                    game.spec.id,
                    players,
                    games,
                    games / wall,
                    games / max(cpu, 1e-9),
                    bare / max(bare_cpu, 1e-9),
                    decisions / games,
                ]
            )
    return [table]
