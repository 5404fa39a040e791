"""Board render time per game: view -> PNG bytes, against a bare PNG encode of a blank image."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

import rendering
from bench.core import Settings, Table, median_time, sample_states
from bot.engine import AnyGame
from rendering import kit

TITLE = "Images: render + PNG encode per view"
TARGET_MS = 25.0
TARGET_RATIO = 3.0
COLUMNS = ["game", "views", "board ms", "board KiB", "blank ms", "ratio", "hand ms", "verdict"]


def run(settings: Settings) -> list[Table]:
    """Median render time, PNG size and the ratio to a blank encode, for every rendered game."""
    table = Table(
        TITLE,
        COLUMNS,
        notes=[
            f"medians over {settings.views} positions from seeded random games "
            "(board: public view; hand: the seat to move);",
            "blank = kit.blank_png of the board's size; ratio = board / blank;",
            f"target: board <= {TARGET_MS:.0f} ms and ratio <= {TARGET_RATIO:.0f} "
            "(caches warmed by one render first, as in a running bot).",
        ],
    )
    for game in settings.selected():
        if rendering.has_renderer(game.spec.id):
            table.rows.append(measure(game, settings))
        else:
            table.rows.append([game.spec.id, 0, "-", "-", "-", "-", "-", "no renderer"])
    return [table]


def measure(game: AnyGame, settings: Settings) -> list[object]:
    """One table row: the figures for one game."""
    game_id = game.spec.id
    states = sample_states(game, game.spec.min_players, settings.seed, settings.views)
    public = [game.view(state, None) for state in states]
    private = [game.view(state, _seat(game, state)) for state in states]
    rendering.board_png(game_id, public[0])  # warm the static layers once
    rendering.hand_png(game_id, private[0])
    board = [_timed_png(partial(rendering.board_png, game_id, view)) for view in public]
    hand = [_timed_png(partial(rendering.hand_png, game_id, view)) for view in private]
    width, height = rendering.renderer(game_id).BOARD_SIZE
    blank_ms = 1000 * median_time(lambda: kit.blank_png(width, height), len(states))
    board_ms = 1000 * statistics.median(seconds for seconds, _ in board)
    ratio = board_ms / blank_ms
    verdict = "ok" if board_ms <= TARGET_MS and ratio <= TARGET_RATIO else "over target"
    return [
        game_id,
        len(states),
        board_ms,
        statistics.median(size for _, size in board) / 1024,
        blank_ms,
        ratio,
        1000 * statistics.median(seconds for seconds, _ in hand),
        verdict,
    ]


def _seat(game: AnyGame, state: object) -> int:
    seat = game.to_move(state)
    return 0 if seat is None else seat


def _timed_png(make: Callable[[], bytes]) -> tuple[float, int]:
    """Seconds taken and bytes made by one render to PNG."""
    started = time.perf_counter()
    png = make()
    return time.perf_counter() - started, len(png)
