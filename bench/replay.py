"""Replays: time and size of the animated replay of the longest of several seeded games per type."""

from __future__ import annotations

import time

import rendering
from bench.core import Settings, Table, playout_states
from bot.engine import AnyGame, ViewContext
from rendering._replay import MAX_FRAMES, REPLAY_BUDGET

TITLE = "Replays: the longest seeded game of each type as a GIF"
CANDIDATES = 10  # seeded random games per type; the longest one is replayed
COLUMNS = ["game", "players", "plies", "frames", "width", "build s", "MiB", "verdict"]


def run(settings: Settings) -> list[Table]:
    """Rebuild, draw and encode the longest of CANDIDATES games of each type, at most seats."""
    table = Table(
        TITLE,
        COLUMNS,
        notes=[
            f"the longest of {CANDIDATES} seeded random games at the most seats; build = engine "
            "states -> public views -> every frame drawn -> GIF encoded (what /replay does off "
            "the event loop);",
            f"frames: every public state up to {MAX_FRAMES}, else evenly subsampled; target: "
            f"size <= {REPLAY_BUDGET / 2**20:.0f} MiB (Discord's smallest upload limit is 10 MiB).",
        ],
    )
    for game in settings.selected():
        if rendering.has_renderer(game.spec.id):
            table.rows.append(measure(game, settings))
    return [table]


def measure(game: AnyGame, settings: Settings) -> list[object]:
    """One row: the longest candidate's replay figures."""
    players = game.spec.max_players
    longest = max(
        (playout_states(game, players, settings.seed + n) for n in range(CANDIDATES)), key=len
    )
    names = tuple(f"Player {n + 1}" for n in range(players))
    contexts = [ViewContext(names, "active")] * (len(longest) - 1)
    contexts.append(ViewContext(names, "finished"))
    started = time.perf_counter()
    views = [game.view(state, None) for state in longest]
    made = rendering.replay_gif(game.spec.id, views, contexts)
    seconds = time.perf_counter() - started
    size = len(made.gif) / 2**20
    verdict = "ok" if len(made.gif) <= REPLAY_BUDGET else "over budget"
    return [
        game.spec.id,
        players,
        len(longest) - 1,
        len(made.shown),
        made.width,
        seconds,
        size,
        verdict,
    ]
