"""Write docs/<game>-<n>p-board.png and -hand.png from a seeded random game, mid-way, and
docs/league-standings.png from a seeded Swiss league played to its end.

Usage: python scripts/make_docs_images.py [GAME ...] [--players N] [--seed S] [--at 0.5]
Without GAME: every registered game that has a renderer, and the league's standings; without
--players, its smallest and largest table. The hand image is the private view of the seat that
decides at that moment. Each image also comes as a 400 px wide preview (-400.png): how a phone
shows it.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a file, the repository root is not on the path
    sys.path.insert(0, str(ROOT))

from PIL import Image  # noqa: E402

import bot.games  # noqa: E402, F401  (registers every game)
import rendering  # noqa: E402
from bench.core import playout_states  # noqa: E402
from bot.engine import AnyGame, IllegalAction, ViewContext, all_games, get_game  # noqa: E402
from bot.leagues import (  # noqa: E402
    Entrant,
    Format,
    League,
    Result,
    Round,
    next_round,
    standings,
)
from bot.leagues.view import StandingsView, breaks_of, standings_rows  # noqa: E402
from rendering import leagues  # noqa: E402
from rendering.kit import upload_png  # noqa: E402

PHONE_WIDTH = 400  # px: about how wide Discord shows an image on a phone


def _parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="make_docs_images.py", description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids; default: all with a renderer")
    parser.add_argument(
        "--players", type=int, default=None, help="default: the smallest and the largest table"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--at", type=float, default=0.5, help="how far into the game, 0..1")
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    return parser.parse_args(argv)


# Players' display names as the bot passes them; the second is long, to show it clipped.
SAMPLE_NAMES = ("alice", "Dionysios of Halicarnassus the Younger", "carol", "dan", "eve")


def pick_position(game: AnyGame, players: int, seed: int, at: float) -> Any:
    """The state `at` of the way through a seeded random game, while someone still decides."""
    states = playout_states(game, players, seed)
    index = min(len(states) - 1, max(0, round(at * (len(states) - 1))))
    while index > 0 and game.to_move(states[index]) is None:
        index -= 1
    return states[index]


def preview(png: bytes) -> bytes:
    """The image scaled to a phone's width, as a reader would see it without zooming."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(image.height * PHONE_WIDTH / image.width)
    small = image.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS)
    return upload_png(small)


def write_images(game: AnyGame, players: int, seed: int, at: float, out: Path) -> list[Path]:
    """Render the chosen position's public board and the deciding seat's hand, with previews."""
    game.spec.check_players(players)
    state = pick_position(game, players, seed, at)
    seat = game.to_move(state)
    game_id = game.spec.id
    out.mkdir(parents=True, exist_ok=True)
    context = ViewContext(names=SAMPLE_NAMES[:players])
    mine = game.view(state, 0 if seat is None else seat)
    images = {
        "board": rendering.board_png(game_id, game.view(state, None), context),
        "hand": rendering.hand_png(game_id, mine, context),
    }
    written = []
    for kind, png in images.items():
        full = out / f"{game_id}-{players}p-{kind}.png"
        small = out / f"{game_id}-{players}p-{kind}-{PHONE_WIDTH}.png"
        full.write_bytes(png)
        small.write_bytes(preview(png))
        written += [full, small]
    return written


# The sample league's entrants: accents, Greek and Cyrillic, and a long name to show it clipped.
LEAGUE_NAMES = (
    *SAMPLE_NAMES,
    "Zoë",
    "Ἀλέξανδρος",
    "Зоя",
    "Niccolò",
    "Åsa",
)
LEAGUE_ROUNDS = 5
LEAGUE_TITLE = "Winter Swiss"  # the name its organiser gave it (/league create name:)
WITHDRAWS = (5, 3)  # entrant 5 withdraws after round 3: their line is greyed and marked


def _played(chooser: random.Random) -> Result:
    """A two-player table's result: the first seat wins, loses or draws at random."""
    return Result(chooser.choice(((1, 2), (2, 1), (1, 1))))


def sample_standings(seed: int) -> StandingsView:
    """A Swiss league of ten played to its end from the seed (one withdrawal on the way)."""
    chooser = random.Random(seed)
    entrants = tuple(Entrant(k + 1, rating=float(10 - k)) for k in range(len(LEAGUE_NAMES)))
    league = League(Format.SWISS, LEAGUE_ROUNDS, seed, entrants)
    rounds: list[Round] = []
    for number in range(1, LEAGUE_ROUNDS + 1):
        if number == WITHDRAWS[1] + 1:
            gone = WITHDRAWS[0]
            kept = tuple(replace(e, withdrawn=e.user_id == gone) for e in league.entrants)
            league = replace(league, entrants=kept)
        tables = next_round(league, rounds)
        results = tuple(None if p.is_bye else _played(chooser) for p in tables)
        rounds.append(Round(number, tables, results))
    names = {k + 1: name for k, name in enumerate(LEAGUE_NAMES)}
    rows = standings_rows(standings(league, rounds), names)
    swiss = Format.SWISS.value
    return StandingsView(
        3, "iliad", swiss, LEAGUE_ROUNDS, LEAGUE_ROUNDS, True, breaks_of(swiss), rows,
        name=LEAGUE_TITLE,
    )  # fmt: skip


def write_standings(seed: int, out: Path) -> list[Path]:
    """The sample league's final standings, full size and as a phone shows it."""
    out.mkdir(parents=True, exist_ok=True)
    png = leagues.standings_png(sample_standings(seed))
    full, small = out / "league-standings.png", out / f"league-standings-{PHONE_WIDTH}.png"
    full.write_bytes(png)
    small.write_bytes(preview(png))
    return [full, small]


def table_sizes(game: AnyGame, players: int | None) -> list[int]:
    """The asked table size, or the game's smallest and largest."""
    if players is not None:
        return [players]
    return sorted({game.spec.min_players, game.spec.max_players})


def main(argv: Sequence[str] | None = None) -> int:
    """Write the images; exit 2 for a game that is unknown or has no renderer."""
    args = _parse(argv)
    try:
        games = [get_game(name) for name in args.games] or [
            game for game in all_games() if rendering.has_renderer(game.spec.id)
        ]
        missing = [game.spec.id for game in games if not rendering.has_renderer(game.spec.id)]
        if missing:
            raise IllegalAction(f"no renderer for {', '.join(missing)}")
        if not games:
            print("no registered game has a renderer yet: no images written")
            return 0
        written: list[Path] = []
        for game in games:
            for players in table_sizes(game, args.players):
                written += write_images(game, players, args.seed, args.at, args.out)
        if not args.games:
            written += write_standings(args.seed, args.out)
        for path in written:
            shown = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
            print(f"wrote {shown}")
    except IllegalAction as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
