"""python -m bot.arena --game ID --players N --seats normal,random --games K --seed S [--workers W]

Plays seeded games between kinds of computer player in parallel processes and prints, per
kind, its win rate, average score and decision time with 95% confidence intervals. Game k uses
seed S+k and rotates the seats (kind i sits at seat (i+k) mod N), so no kind keeps the first
move. A win is a first place, shared or not. Times are wall-clock per decision with a real
choice (more than one legal action), measured inside the worker process twice: CPU time
(what the decision costs on a core of its own, steady on a busy machine) and wall-clock time.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field

import bot.games  # noqa: F401  (registers every game)
from bot.ai import KINDS, choose
from bot.engine import get_game

Z = 1.96  # 95%


@dataclass
class SeatResult:
    """One seat of one finished game."""

    kind: str
    place: int
    score: int
    times: list[float]  # CPU seconds per decision with a real choice
    walls: list[float]  # wall-clock seconds of the same decisions


@dataclass
class Tally:
    """Everything one kind of player did over a tournament."""

    places: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    walls: list[float] = field(default_factory=list)

    def add(self, result: SeatResult) -> None:
        """Count one seat-game."""
        self.places.append(result.place)
        self.scores.append(result.score)
        self.times.extend(result.times)
        self.walls.extend(result.walls)


def seating(kinds: Sequence[str], number: int) -> list[str]:
    """The kind at each seat in game `number`: the list turned by one seat per game."""
    players = len(kinds)
    return [kinds[(seat - number) % players] for seat in range(players)]


def play_game(game_id: str, kinds: Sequence[str], seed: int) -> list[SeatResult]:
    """One seeded game to its end; each seat's kind decides through `bot.ai.choose`."""
    game = get_game(game_id)
    state = game.new_game(len(kinds), seed)
    times: list[list[float]] = [[] for _ in kinds]
    walls: list[list[float]] = [[] for _ in kinds]
    for version in range(game.spec.max_plies + 1):
        seat = game.to_move(state)
        if seat is None:
            break
        started, cpu = time.perf_counter(), time.process_time()
        code = choose(game, state, seat, seed, version, kinds[seat])
        if len(game.legal_actions(state)) > 1:
            times[seat].append(time.process_time() - cpu)
            walls[seat].append(time.perf_counter() - started)
        state = game.apply(state, game.decode(code))
    outcome = game.outcome(state)
    if outcome is None:
        raise RuntimeError(f"{game_id} seed {seed} did not end within max_plies")
    return [
        SeatResult(kind, outcome.ranking[seat], outcome.scores[seat], times[seat], walls[seat])
        for seat, kind in enumerate(kinds)
    ]


def wilson(successes: int, total: int) -> tuple[float, float]:
    """The Wilson score interval of a rate at 95%."""
    if total == 0:
        return 0.0, 1.0
    rate = successes / total
    denominator = 1 + Z * Z / total
    centre = (rate + Z * Z / (2 * total)) / denominator
    half = Z * math.sqrt(rate * (1 - rate) / total + Z * Z / (4 * total * total)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """The mean and the half-width of its normal 95% interval."""
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    spread = statistics.stdev(values) if len(values) > 1 else 0.0
    return mean, Z * spread / math.sqrt(len(values))


def report(tallies: dict[str, Tally], header: str) -> str:
    """The results table, one line per kind."""
    lines = [
        header,
        f"{'kind':8} {'seat-games':>10} {'win rate':>8} {'95% CI':>15} {'avg score':>16} "
        f"{'cpu ms/decision':>17} {'median':>8} {'max':>8} {'wall med':>8} {'wall max':>8}",
    ]
    for kind, tally in tallies.items():
        n = len(tally.places)
        wins = sum(1 for place in tally.places if place == 1)
        low, high = wilson(wins, n)
        score, score_half = mean_interval(tally.scores)
        ms = [1000 * t for t in tally.times]
        spent, spent_half = mean_interval(ms)
        median = statistics.median(ms) if ms else 0.0
        walls = [1000 * t for t in tally.walls] or [0.0]
        lines.append(
            f"{kind:8} {n:>10} {wins / max(1, n):>8.1%} {f'{low:.1%}-{high:.1%}':>15} "
            f"{f'{score:.1f} ± {score_half:.1f}':>16} {f'{spent:.1f} ± {spent_half:.1f}':>17} "
            f"{median:>8.1f} {max(ms, default=0.0):>8.1f} "
            f"{statistics.median(walls):>8.1f} {max(walls):>8.1f}"
        )
    return "\n".join(lines)


def _progress(job: tuple[str, list[str], int], seats: list[SeatResult], shown: bool) -> None:
    """One line per finished game on stderr, so a long run that is cut short still tells."""
    if shown:
        places = " ".join(f"{result.kind}:{result.place}" for result in seats)
        print(f"seed {job[2]}: {places}", file=sys.stderr, flush=True)


def tournament(
    game_id: str,
    kinds: Sequence[str],
    games: int,
    seed: int,
    workers: int,
    progress: bool = False,
) -> dict[str, Tally]:
    """Play every game (in `workers` processes, or here with 0) and tally per kind."""
    jobs = [(game_id, seating(kinds, k), seed + k) for k in range(games)]
    if workers > 0:
        with ProcessPoolExecutor(max_workers=workers) as pool:
            futures = {pool.submit(play_game, *job): job for job in jobs}
            for future in as_completed(futures):
                _progress(futures[future], future.result(), progress)
            results = [future.result() for future in futures]
    else:
        results = []
        for job in jobs:
            results.append(play_game(*job))
            _progress(job, results[-1], progress)
    tallies = {kind: Tally() for kind in dict.fromkeys(kinds)}
    for seats in results:
        for result in seats:
            tallies[result.kind].add(result)
    return tallies


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.arena", description=__doc__)
    parser.add_argument("--game", required=True, help="a game id")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seats", default="normal,random", help=f"kinds: {', '.join(KINDS)}")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="0: no pool")
    parser.add_argument("--progress", action="store_true", help="each game's places on stderr")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run a tournament and print its table; a bad argument exits with 2 and says why.

    `ladder` first runs the strength ladder instead (bot.ladder.cli).
    """
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["ladder"]:
        from bot.ladder.cli import main as ladder_main  # the ladder imports arena

        return ladder_main(argv[1:])
    args = _parse(argv)
    game = get_game(args.game)
    kinds = [kind.strip() for kind in args.seats.split(",") if kind.strip()]
    unknown = [kind for kind in kinds if kind not in KINDS]
    if unknown:
        print(f"unknown seat kind: {', '.join(unknown)} (have {', '.join(KINDS)})")
        return 2
    game.spec.check_players(args.players)
    if len(kinds) != args.players:
        kinds = [kinds[seat % len(kinds)] for seat in range(args.players)]
    started = time.perf_counter()
    tallies = tournament(
        args.game, kinds, max(1, args.games), args.seed, max(0, args.workers), args.progress
    )
    header = (
        f"{args.game}, {args.players} players, seats {','.join(kinds)}, {args.games} games "
        f"from seed {args.seed}, {time.perf_counter() - started:.1f} s"
    )
    print(report(tallies, header))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
