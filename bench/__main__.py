"""python -m bench [--only render,playouts,...] [--game ID] [--seed S] [--views N] [--seconds T]
[--round-trips N] [--sessions N]
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from collections.abc import Sequence

from bench import BENCHMARKS
from bench.core import Settings


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    defaults = Settings()
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", default=",".join(BENCHMARKS), help="comma-separated names")
    parser.add_argument("--game", action="append", default=[], help="a game id (repeatable)")
    parser.add_argument("--seed", type=int, default=defaults.seed)
    parser.add_argument("--views", type=int, default=defaults.views, help="positions rendered")
    parser.add_argument("--seconds", type=float, default=defaults.seconds, help="per game")
    parser.add_argument("--max-games", type=int, default=defaults.max_games)
    parser.add_argument("--round-trips", type=int, default=defaults.round_trips, help="moves")
    parser.add_argument("--sessions", type=int, default=defaults.sessions, help="games in memory")
    parser.add_argument("--list", action="store_true", help="list the benchmarks and exit")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the chosen benchmarks and print one table each."""
    args = _parse(argv)
    if args.list:
        for name in BENCHMARKS:
            print(f"{name}: {importlib.import_module(f'bench.{name}').TITLE}")
        return 0
    names = [name.strip() for name in args.only.split(",") if name.strip()]
    unknown = [name for name in names if name not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark: {', '.join(unknown)} (have {', '.join(BENCHMARKS)})")
        return 2
    settings = Settings(
        games=tuple(args.game),
        seed=args.seed,
        views=max(1, args.views),
        seconds=args.seconds,
        max_games=max(1, args.max_games),
        round_trips=max(1, args.round_trips),
        sessions=max(1, args.sessions),
    )
    if not settings.selected():
        print("no game is registered yet: nothing to measure")
        return 0
    print(f"python {sys.version.split()[0]}, seed {settings.seed}")
    for name in names:
        started = time.perf_counter()
        for table in importlib.import_module(f"bench.{name}").run(settings):
            print()
            print(table.format())
        print(f"  ({name}: {time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
