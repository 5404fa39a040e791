"""Board render time per game and table size: view -> PNG bytes, against a bare PNG encode of a
blank image of the same size."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from functools import partial

import rendering
from bench.core import Settings, Table, sample_states
from bot.engine import AnyGame
from rendering import kit

TITLE = "Images: render + PNG encode per view, per game and table size"
TARGET_MS = 25.0
TARGET_RATIO = 1.5
TARGET_KB = 50.0
COLUMNS = [
    "game",
    "seats",
    "views",
    "size",
    "board ms",
    "blank ms",
    "ratio",
    "upload KB",
    "hand ms",
    "hand KB",
    "verdict",
]


def run(settings: Settings) -> list[Table]:
    """Median render time, PNG size and the ratio to a blank encode, for every rendered game at
    every table size it allows."""
    table = Table(
        TITLE,
        COLUMNS,
        notes=[
            f"medians over {settings.views} positions from seeded random games at each table size "
            "(board: public view; hand: the seat to move);",
            "blank = kit.blank_png of that table's board size (a blank image, shipped as a board "
            "is but compressed whole, no band of it reused from an earlier image), timed "
            "alternately with the boards (board, blank, board, ...) so both see the same machine; "
            "ratio = median board / median blank; upload KB = median board PNG (1000 B);",
            f"target: ratio <= {TARGET_RATIO} and upload <= {TARGET_KB:.0f} KB "
            f"(board <= {TARGET_MS:.0f} ms on an idle machine; caches warmed by one render first, "
            "as in a running bot).",
        ],
    )
    for game in settings.selected():
        if not rendering.has_renderer(game.spec.id):
            table.rows.append([game.spec.id, "-", 0, "-", "-", "-", "-", "-", "-", "-", "none"])
            continue
        for players in range(game.spec.min_players, game.spec.max_players + 1):
            table.rows.append(measure(game, players, settings))
    return [table]


def measure(game: AnyGame, players: int, settings: Settings) -> list[object]:
    """One table row: the figures for one game at one table size."""
    game_id = game.spec.id
    states = sample_states(game, players, settings.seed, settings.views)
    public = [game.view(state, None) for state in states]
    private = [game.view(state, _seat(game, state)) for state in states]
    rendering.board_png(game_id, public[0])  # warm the static layers once
    rendering.hand_png(game_id, private[0])
    width, height = rendering.board_size(game_id, players)
    board: list[tuple[float, int]] = []
    blank: list[float] = []
    for view in public:  # alternate: a busy machine slows both sides alike
        board.append(_timed_png(partial(rendering.board_png, game_id, view)))
        blank.append(_timed_png(partial(kit.blank_png, width, height))[0])
    hand = [_timed_png(partial(rendering.hand_png, game_id, view)) for view in private]
    board_ms = 1000 * statistics.median(seconds for seconds, _ in board)
    blank_ms = 1000 * statistics.median(blank)
    ratio = board_ms / blank_ms
    upload_kb = statistics.median(size for _, size in board) / 1000
    verdict = "ok" if ratio <= TARGET_RATIO and upload_kb <= TARGET_KB else "over target"
    return [
        game_id,
        players,
        len(states),
        f"{width}x{height}",
        board_ms,
        blank_ms,
        ratio,
        upload_kb,
        1000 * statistics.median(seconds for seconds, _ in hand),
        statistics.median(size for _, size in hand) / 1000,
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
