"""What every benchmark shares: the run settings, result tables, timing and sample positions."""

from __future__ import annotations

import os
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import bot.games  # noqa: F401  (registers every game)
from bot.engine import AnyGame, all_games
from bot.engine.conformance import random_playout


@dataclass(frozen=True)
class Settings:
    """Knobs shared by all benchmarks (each uses the ones that matter to it)."""

    games: tuple[str, ...] = ()  # game ids to measure; empty: every registered game
    seed: int = 1
    views: int = 50  # positions rendered per game
    seconds: float = 3.0  # time budget for throughput loops, per game
    max_games: int = 500  # and a cap on games played in that time
    round_trips: int = 300  # timed moves (and as many trivial commands) through the fake Discord
    sessions: int = 1000  # ongoing games held in memory by the service

    def selected(self) -> list[AnyGame]:
        """The registered games this run measures, in registration order."""
        games = all_games()
        if not self.games:
            return games
        known = {game.spec.id for game in games}
        unknown = [name for name in self.games if name not in known]
        if unknown:
            raise SystemExit(f"not a registered game: {', '.join(unknown)}")
        return [game for game in games if game.spec.id in self.games]


@dataclass
class Table:
    """One benchmark's result: a title, column names, rows of cells, and footnotes."""

    title: str
    columns: Sequence[str]
    rows: list[Sequence[object]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def format(self) -> str:
        """The table as aligned plain text (numbers right-aligned)."""
        cells = [[_cell(value) for value in row] for row in self.rows]
        widths = [
            max([len(name), *(len(row[k]) for row in cells)]) for k, name in enumerate(self.columns)
        ]
        numeric = [_numeric([row[k] for row in self.rows]) for k in range(len(self.columns))]

        def line(values: Sequence[str]) -> str:
            parts = [
                value.rjust(width) if right else value.ljust(width)
                for value, width, right in zip(values, widths, numeric, strict=True)
            ]
            return "  ".join(parts).rstrip()

        out = [self.title, "=" * len(self.title), line(list(self.columns))]
        out.append(line(["-" * width for width in widths]))
        out += [line(row) for row in cells] or ["(nothing to measure)"]
        out += [f"  {note}" for note in self.notes]
        return "\n".join(out)


def _numeric(column: Sequence[object]) -> bool:
    """A column of numbers (blank cells allowed) is right-aligned."""
    filled = [value for value in column if value != ""]
    return bool(filled) and all(isinstance(value, int | float) for value in filled)


def _cell(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.2f}" if abs(value) < 100 else f"{value:.0f}"
    return str(value)


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU seconds of a running process, all its threads (Linux /proc)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def median_time(action: Callable[[], object], repeats: int) -> float:
    """Median wall time of `action` in seconds over `repeats` calls."""
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def playout_states(game: AnyGame, players: int, seed: int) -> list[Any]:
    """Every state of one seeded random game, from setup to the end."""
    playout = random_playout(game, players, seed)
    state = game.new_game(players, seed)
    states = [state]
    for code in playout.codes:
        state = game.apply(state, game.decode(code))
        states.append(state)
    return states


def spread(items: Sequence[Any], count: int) -> list[Any]:
    """About `count` items evenly spaced from first to last."""
    if len(items) <= count:
        return list(items)
    last = len(items) - 1
    return [items[round(k * last / (count - 1))] for k in range(count)] if count > 1 else [items[0]]


def sample_states(game: AnyGame, players: int, seed: int, count: int) -> list[Any]:
    """`count` states spread over seeded random games (more games if one is short)."""
    states: list[Any] = []
    while len(states) < count:
        states += playout_states(game, players, seed)
        seed += 1
    return spread(states, count)
