"""python -m bot.arena ladder [--games N] [--cheap-games M] [--seed S] [--game ID ...]
[--players N ...] [--kinds K,...] [--results FILE] [--out FILE] [--from-results] [--keep]

Plays the strength ladder in this one process (so decision times are one core's) and writes
its results (JSON) and docs/strength.md; --from-results only makes the Markdown again, and
--keep keeps the tables of the results file that this run does not play (the ladder in pieces).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from bot.ai import KINDS
from bot.ladder.run import every_game, run_ladder, table_sizes
from bot.ladder.schedule import Budget
from bot.ladder.tables import document

COMMAND = "make strength"


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    defaults = Budget()
    parser = argparse.ArgumentParser(prog="python -m bot.arena ladder", description=__doc__)
    parser.add_argument("--games", type=int, default=defaults.games, help="pairs with normal, hard")
    parser.add_argument("--cheap-games", type=int, default=defaults.cheap, help="other pairs")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--game", action="append", default=[], help="a game id (repeatable)")
    parser.add_argument("--players", type=int, action="append", default=[], help="a table size")
    parser.add_argument("--kinds", default=",".join(KINDS), help="the kinds on the ladder")
    parser.add_argument("--results", default="docs/strength.json", help="results (JSON)")
    parser.add_argument("--out", default="docs/strength.md", help="the Markdown made")
    parser.add_argument("--from-results", action="store_true", help="only remake the Markdown")
    parser.add_argument(
        "--keep", action="store_true", help="keep the results' tables this run does not play"
    )
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Play (or read) the ladder, then write the Markdown; a bad argument exits with 2."""
    args = _parse(argv)
    results_path, out = Path(args.results), Path(args.out)
    if args.from_results:
        results = json.loads(results_path.read_text())
    else:
        kinds = [kind.strip() for kind in args.kinds.split(",") if kind.strip()]
        unknown = [kind for kind in kinds if kind not in KINDS] + [
            game for game in args.game if game not in every_game()
        ]
        if unknown or len(kinds) < 2:
            print(f"unknown or too few: {', '.join(unknown) or args.kinds}")
            return 2
        budget = Budget(max(2, args.games), max(2, args.cheap_games))
        games = args.game or every_game()
        earlier = json.loads(results_path.read_text()) if args.keep else None
        results = run_ladder(
            games, kinds, budget, args.seed, results_path, args.players, earlier=earlier
        )
    tables = [(game, players) for game in every_game() for players in table_sizes(game)]
    out.write_text(document(results, COMMAND, tables))
    print(f"wrote {out}")
    return 0
