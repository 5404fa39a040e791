"""Engine speed: random games per second, played through the contract without thorough checks."""

from __future__ import annotations

import time

from bench.core import Settings, Table
from bot.engine.conformance import player_counts, random_playout

TITLE = "Engines: random games per second"


def run(settings: Settings) -> list[Table]:
    """For every game and seat count: games played in the time budget, games/s, decisions/game."""
    table = Table(
        TITLE,
        ["game", "players", "games", "seconds", "games/s", "decisions/game", "us/decision"],
        notes=[
            f"bot.engine.conformance.random_playout, seeds from {settings.seed}; "
            f"up to {settings.seconds:g} s or {settings.max_games} games per row."
        ],
    )
    for game in settings.selected():
        for players in player_counts(game):
            games = decisions = 0
            started = time.perf_counter()
            elapsed = 0.0
            while games < settings.max_games and (games == 0 or elapsed < settings.seconds):
                playout = random_playout(game, players, settings.seed + games)
                games += 1
                decisions += len(playout.codes)
                elapsed = time.perf_counter() - started
            table.rows.append(
                [
                    game.spec.id,
                    players,
                    games,
                    elapsed,
                    games / elapsed,
                    decisions / games,
                    1_000_000 * elapsed / max(1, decisions),
                ]
            )
    return [table]
