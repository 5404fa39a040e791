"""How long the computer thinks: `normal` decisions at positions of seeded random games.

For every selected game, at 2 players and at its largest table, positions are spread over
seeded random games; at each one where the seat to move has a real choice (two or more legal
actions), `bot.ai.decide` is timed at `normal`, exactly as the bot's worker process runs it
(from the dumped state, with the level's CPU-time cap). CPU time is what a decision costs on a
free core; wall time also shows what the machine's load added.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

from bench.core import Settings, Table, sample_states
from bot.ai import NORMAL, decide
from bot.engine import AnyGame

TITLE = "Computer decisions: a normal decision's time per game"
TARGET_MEDIAN_S, TARGET_MAX_S = 0.5, 1.0
POSITIONS = 12
COLUMNS = [
    "game",
    "seats",
    "decisions",
    "cpu median s",
    "cpu max s",
    "wall median s",
    "wall max s",
    "target",
    "verdict",
]


def run(settings: Settings) -> list[Table]:
    """Time `normal` decisions for every selected game at 2 players and at its largest table."""
    rows: list[Sequence[object]] = []
    for game in settings.selected():
        for seats in sorted({max(2, game.spec.min_players), game.spec.max_players}):
            cpu, wall = timings(game, seats, settings.seed)
            rows.append(row(game.spec.id, seats, cpu, wall))
    return [
        Table(
            TITLE,
            COLUMNS,
            rows,
            notes=[
                f"{POSITIONS} positions spread over seeded random games (only seats with a real "
                "choice); bot.ai.decide from the dumped state, as a worker runs it;",
                "cpu = this process's CPU time (the cost on a free core); wall includes load.",
            ],
        )
    ]


def timings(game: AnyGame, seats: int, seed: int) -> tuple[list[float], list[float]]:
    """CPU and wall seconds of each `normal` decision over the sampled positions."""
    cpu: list[float] = []
    wall: list[float] = []
    for state in sample_states(game, seats, seed, POSITIONS * 3):
        seat = game.to_move(state)
        if seat is None or len(game.legal_actions(state)) < 2:
            continue
        dumped = game.dump(state)
        started_cpu, started_wall = time.process_time(), time.perf_counter()
        decide(game.spec.id, dumped, seat, seed, 1, NORMAL)
        cpu.append(time.process_time() - started_cpu)
        wall.append(time.perf_counter() - started_wall)
        if len(cpu) == POSITIONS:
            break
    return cpu, wall


def row(game_id: str, seats: int, cpu: list[float], wall: list[float]) -> list[object]:
    """One table row, with the verdict on CPU time against the targets."""
    if not cpu:
        return [game_id, seats, 0, "", "", "", "", "", "no choices"]
    ok = statistics.median(cpu) <= TARGET_MEDIAN_S and max(cpu) <= TARGET_MAX_S
    return [
        game_id,
        seats,
        len(cpu),
        statistics.median(cpu),
        max(cpu),
        statistics.median(wall),
        max(wall),
        f"median <= {TARGET_MEDIAN_S:g}, max <= {TARGET_MAX_S:g}",
        "ok" if ok else "over target",
    ]
