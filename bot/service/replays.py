"""Replays and exports: a game rebuilt by the engine from its stored moves (no images stored).

Who may look: any game of this server once it is over; a game still being played only by its
players (and they see only public views: hidden information of a game in progress never
appears); a lobby has nothing to rebuild yet and is refused in one sentence.
bot/service/records.py finds the game and checks. Building the states is pure engine work, done
off the event loop by the caller (`public_frames` and `export_record` are plain functions of a
ReplaySource).

Export format (README, "Game records"): see `export_record`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, cast

from bot.engine import AnyGame, OutcomeView, View, ViewContext
from bot.service.endings import WORDS

EXPORT_FORMAT = "symposion-game"
EXPORT_VERSION = 1
HIDDEN_MOVE = "a hidden choice"


@dataclass(frozen=True, slots=True)
class Seated:
    """One seat of a replayed game, as everyone may know it."""

    seat: int
    name: str
    computer: str | None  # the level of a computer player
    left: str | None  # 'resigned' or 'timed out'


@dataclass(frozen=True, slots=True)
class ReplaySource:
    """Everything needed to rebuild a game's public states: stored facts, no state."""

    game: AnyGame
    game_id: int
    status: str
    seed: int
    options: Mapping[str, object]
    seats: tuple[Seated, ...]
    moves: tuple[tuple[int, str, str], ...]  # (seat, action code, stored at)
    result: Mapping[str, Any] | None

    @property
    def over(self) -> bool:
        """Whether the game has ended (then nothing of it is secret any more)."""
        return self.status not in ("lobby", "active")

    def context(self, last: bool) -> ViewContext:
        """Names by seat; the real status and any platform-made result on the last frame."""
        names = tuple(s.name for s in self.seats)
        if not last:
            return ViewContext(names, "active")
        result = cast(OutcomeView, dict(self.result)) if self.result else None
        return ViewContext(names, self.status, result)


def states(source: ReplaySource, upto: int | None = None) -> list[Any]:
    """The game's state before any move and after each stored move (up to `upto` moves)."""
    game = source.game
    state = game.new_game(len(source.seats), source.seed, source.options)
    found = [state]
    for _, code, _ in source.moves[:upto]:
        state = game.apply(state, game.decode(code))
        found.append(state)
    return found


def public_frames(source: ReplaySource, upto: int | None = None) -> list[View]:
    """The public view after every move: one frame per public state."""
    return [source.game.view(state, None) for state in states(source, upto)]


def export_record(source: ReplaySource) -> dict[str, Any]:
    """The game record as JSON-ready data (format in the README): players, options, moves with
    their words; the seed and every move's code only once the game is over (during a game a
    move whose choices were secret shows neither code nor words)."""
    game, moves = source.game, []
    state = game.new_game(len(source.seats), source.seed, source.options)
    for number, (seat, code, at) in enumerate(source.moves, 1):
        action = game.decode(code)
        secret = not source.over and game.hidden_choices(state)
        moves.append(
            {
                "number": number,
                "seat": seat,
                "code": None if secret else code,
                "words": HIDDEN_MOVE if secret else game.describe(action, state),
                "at": at,
            }
        )
        state = game.apply(state, action)
    return {
        "format": EXPORT_FORMAT,
        "version": EXPORT_VERSION,
        "game": source.game_id,
        "type": game.spec.id,
        "title": game.spec.title,
        "status": source.status,
        "options": {str(k): str(v) for k, v in source.options.items()},
        "seed": source.seed if source.over else None,
        "players": [
            {"seat": s.seat, "name": s.name, "computer": s.computer, "left": s.left}
            for s in source.seats
        ],
        "moves": moves,
        "result": _plain(source.result) if source.over and source.result else None,
    }


def _plain(result: Mapping[str, Any]) -> dict[str, Any]:
    """A result as the export format has it: its English words (the messages stay ours)."""
    return {key: value for key, value in result.items() if key != WORDS}
