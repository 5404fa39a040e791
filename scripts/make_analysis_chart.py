"""Write docs/analysis-chart.png and its 400 px preview: /analysis's chart of a seeded game.

Usage: python scripts/make_analysis_chart.py [--game ilium] [--players 3] [--seed 2]
The game is played by the greedy computer (the first seat) against seeded random players, then
analysed on the bot's own budget (bot.ai.analysis.Plan) with analysis seed 1, and drawn with
the same words, numbers and marks /analysis posts (in English; no take-overs, so the move
numbers are the log's own lines). It takes about half a minute of one core.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a file, the repository root is not on the path
    sys.path.insert(0, str(ROOT))

import bot.games  # noqa: E402, F401  (registers every game)
from bot.ai import choose  # noqa: E402
from bot.ai.analysis import Game, Plan, analyse  # noqa: E402
from bot.engine import get_game  # noqa: E402
from bot.service.analyses import Ready  # noqa: E402
from cogs.ui.analysis import chart_view, chart_words, result_text  # noqa: E402
from rendering._chart import chart_png  # noqa: E402
from scripts.make_docs_images import PHONE_WIDTH, SAMPLE_NAMES, preview  # noqa: E402


def played(game_id: str, players: int, seed: int) -> Game:
    """A whole seeded game: the greedy computer in the first seat, random players after it."""
    game = get_game(game_id)
    state, moves = game.new_game(players, seed), []
    while (seat := game.to_move(state)) is not None:
        kind = "greedy" if seat == 0 else "random"
        code = choose(game, state, seat, seed, len(moves), kind)
        moves.append((seat, code))
        state = game.apply(state, game.decode(code))
    return Game(game, players, seed, {}, tuple(moves))


def main(argv: Sequence[str] | None = None) -> int:
    """Play, analyse, draw; print the message and the alt text the bot would send."""
    parser = argparse.ArgumentParser(prog="make_analysis_chart.py", description=__doc__)
    parser.add_argument("--game", default="ilium")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seed", type=int, default=2)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    args = parser.parse_args(argv)
    match = played(args.game, args.players, args.seed)
    plan = Plan()
    analysis = analyse(match, plan, 1)
    numbers = (*(step.line for step in analysis.steps), analysis.lines)
    title = match.game.spec.title
    ready = Ready(1, title, SAMPLE_NAMES[: args.players], analysis, plan, numbers, False)
    png = chart_png(chart_view(ready))
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "analysis-chart.png").write_bytes(png)
    (args.out / f"analysis-chart-{PHONE_WIDTH}.png").write_bytes(preview(png))
    print(result_text(ready))
    print(f"alt text: {chart_words(ready)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
