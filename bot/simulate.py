"""Play many random games through the contract checks and print what happened.

Usage: python -m bot.simulate GAME [--games N] [--seed S] [--players P] [--option name=value]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from collections.abc import Sequence

import bot.games  # noqa: F401  (registers every game)
from bot.engine import IllegalAction, get_game
from bot.engine.conformance import ContractViolation, random_playout


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bot.simulate", description=__doc__)
    parser.add_argument("game", help="game id, e.g. iliad")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1, help="first seed; game k uses seed+k")
    parser.add_argument("--players", type=int, default=None, help="default: the minimum")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    return parser.parse_args(argv)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the simulation; exit 1 on any contract violation."""
    args = _parse(argv)
    try:
        game = get_game(args.game)
        players = args.players or game.spec.min_players
        game.spec.check_players(players)
        options = dict(item.split("=", 1) for item in args.option)
        game.spec.resolve_options(options)
    except (IllegalAction, ValueError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    reasons: Counter[str] = Counter()
    extras: dict[str, float] = {}
    plies = first_wins = 0
    started = time.perf_counter()
    for k in range(args.games):
        try:
            playout = random_playout(game, players, args.seed + k, options=dict(options))
        except ContractViolation as violation:
            print(f"CONTRACT VIOLATION: {violation}", file=sys.stderr)
            return 1
        assert playout.outcome is not None
        reasons[playout.outcome.reason] += 1
        plies += len(playout.codes)
        first = game.view(game.new_game(players, args.seed + k, options), None).get(
            "first_player", 0
        )
        first_wins += playout.outcome.ranking[first] == 1
        for key, value in game.playout_stats(playout.final).items():
            extras[key] = extras.get(key, 0.0) + value
    elapsed = time.perf_counter() - started
    n = args.games
    print(
        f"{game.spec.title}: {n} games, {players} players, seeds {args.seed}..{args.seed + n - 1}"
    )
    print(f"games/s: {n / elapsed:.1f}")
    print(f"average length: {plies / n:.1f} decisions")
    print(f"first player ranked first: {100 * first_wins / n:.1f}%")
    for key in sorted(extras):
        print(f"average {key}: {extras[key] / n:.2f}")
    for reason, count in reasons.most_common():
        print(f"ended by {reason}: {count} ({100 * count / n:.1f}%)")
    print("no contract violation")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
