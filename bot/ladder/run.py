"""Playing the ladder: every game and table size, every pair, one process, results as JSON.

The results hold every game (seats, seed, places) and every decision's CPU seconds per kind,
so the fit and the tables (bot.ladder.tables) can be made again from them without playing.
The file is written again after each table size, so a run cut short keeps what it played.
"""

from __future__ import annotations

import json
import platform
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import bot.games  # noqa: F401  (registers every game)
from bot.arena import SeatResult, play_game
from bot.engine import all_games, get_game
from bot.engine.conformance import player_counts
from bot.ladder.schedule import Budget, matches

Play = Callable[[str, Sequence[str], int], list[SeatResult]]


def cpu_name() -> str:
    """This machine's processor as /proc/cpuinfo names it (or what platform knows)."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def play_table(
    game_id: str, players: int, kinds: Sequence[str], budget: Budget, seed: int, play: Play
) -> dict[str, Any]:
    """Every pair's games at one table: the games (seats, seed, places) and decision times."""
    games: list[dict[str, Any]] = []
    times: dict[str, list[float]] = {kind: [] for kind in kinds}
    for _, match in matches(kinds, players, budget, seed):
        seats = play(game_id, match.seats, match.seed)
        games.append(
            {"seats": list(match.seats), "seed": match.seed, "places": [s.place for s in seats]}
        )
        for result in seats:
            times[result.kind].extend(round(t, 6) for t in result.times)
        _progress(game_id, players, match.seats, seats)
    return {
        "game": game_id,
        "players": players,
        "kinds": list(kinds),
        "games": games,
        "times": times,
    }


def _progress(game_id: str, players: int, seats: Sequence[str], results: list[SeatResult]) -> None:
    places = " ".join(f"{kind}:{result.place}" for kind, result in zip(seats, results, strict=True))
    print(f"{game_id} {players}p: {places}", file=sys.stderr, flush=True)


def run_ladder(
    game_ids: Sequence[str],
    kinds: Sequence[str],
    budget: Budget,
    seed: int,
    results_path: Path | None,
    sizes: Sequence[int] = (),
    play: Play = play_game,
    earlier: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Play the ladder (every table size, or only `sizes`); return (and keep writing) results.

    With `earlier` results (the same budget, seed and kinds), their tables this run does not
    play are kept: the whole ladder can be made in pieces that each fit a free hour.
    """
    setup = {
        "budget": {"games": budget.games, "cheap": budget.cheap},
        "seed": seed,
        "kinds": list(kinds),
        "cpu": cpu_name(),
        "python": platform.python_version(),
    }
    results: dict[str, Any] = {"run": setup, "runs": [], "tables": []}
    if earlier is not None:
        _check_alike(earlier["run"], setup)
        results["runs"] = list(earlier["runs"])
        results["tables"] = list(earlier["tables"])
    this_run: dict[str, Any] = {
        "started": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
        "cpu": setup["cpu"],  # pieces may run on different machines: their times say whose
        "tables": [],
    }
    results["runs"].append(this_run)
    started, cpu = time.perf_counter(), time.process_time()
    for game_id in game_ids:
        for players in table_sizes(game_id):
            if sizes and players not in sizes:
                continue
            table = play_table(game_id, players, kinds, budget, seed, play)
            _put_table(results["tables"], table)
            this_run["tables"].append(f"{game_id} {players}p")
            this_run["wall_seconds"] = round(time.perf_counter() - started, 1)
            this_run["cpu_seconds"] = round(time.process_time() - cpu, 1)
            if results_path is not None:
                results_path.write_text(json.dumps(results, indent=1) + "\n")
    return results


def _check_alike(before: dict[str, Any], now: dict[str, Any]) -> None:
    """Earlier results join only a run of the same budget, seed and kinds."""
    for key in ("budget", "seed", "kinds"):
        if before.get(key) != now[key]:
            raise ValueError(f"the earlier results have another {key}: {before.get(key)}")


def _put_table(tables: list[dict[str, Any]], table: dict[str, Any]) -> None:
    """Add (or replace) one table, keeping the list in game and table-size order."""
    key = (table["game"], table["players"])
    tables[:] = [t for t in tables if (t["game"], t["players"]) != key]
    tables.append(table)
    tables.sort(key=lambda t: (t["game"], t["players"]))


def table_sizes(game_id: str) -> list[int]:
    """Every number of players the game seats."""
    return list(player_counts(get_game(game_id)))


def every_game() -> list[str]:
    """The ids of every registered game, sorted."""
    return sorted(game.spec.id for game in all_games())
