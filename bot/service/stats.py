"""A player's statistics per game, read from the finished games of one server (/stats).

Wins are first places (shared ones too); a resigned or timed-out seat never wins. The
average score leaves out games ended by a resignation or a timeout (they score nobody). Time
to move is the time from the move before to the player's move, over their moves that had one
before them. The streak counts the latest run of wins or of games not won.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from bot.store import PlayedSeat

_NO_POINTS = ("resignation", "timeout")


@dataclass(frozen=True, slots=True)
class GameStats:
    """One player's record in one game type."""

    game_type: str
    games: int
    wins: int
    average_score: float | None
    average_move_seconds: float | None
    streak: int  # > 0: that many wins in a row; < 0: that many games without a win
    favourite_opponent: str | None

    @property
    def win_rate(self) -> float:
        """Wins per game played."""
        return self.wins / self.games if self.games else 0.0


def _won(played: PlayedSeat) -> bool:
    ranking = played.result.get("ranking")
    if played.departed or not isinstance(ranking, list) or played.seat >= len(ranking):
        return False
    return bool(ranking[played.seat] == 1)


def _score(played: PlayedSeat) -> float | None:
    scores = played.result.get("scores")
    if played.result.get("reason") in _NO_POINTS or not isinstance(scores, list):
        return None
    return float(scores[played.seat]) if played.seat < len(scores) else None


def _streak(results: Sequence[bool]) -> int:
    if not results:
        return 0
    run = 0
    for won in reversed(results):
        if won != results[-1]:
            break
        run += 1
    return run if results[-1] else -run


def move_seconds(
    times: Sequence[tuple[int, int | None, str]], user_id: int
) -> dict[int, tuple[float, int]]:
    """Per game id: the seconds the player took over their timed moves, and how many there were."""
    taken: dict[int, tuple[float, int]] = {}
    before: tuple[int, str] | None = None
    for game_id, mover, at in times:
        if mover == user_id and before is not None and before[0] == game_id:
            spent = (datetime.fromisoformat(at) - datetime.fromisoformat(before[1])).total_seconds()
            total, count = taken.get(game_id, (0.0, 0))
            taken[game_id] = (total + max(spent, 0.0), count + 1)
        before = (game_id, at)
    return taken


def game_stats(
    played: Sequence[PlayedSeat], times: Sequence[tuple[int, int | None, str]], user_id: int
) -> list[GameStats]:
    """The player's record per game type, from their finished games in finishing order."""
    taken = move_seconds(times, user_id)
    out = []
    for game_type in sorted({p.game_type for p in played}):
        mine = [p for p in played if p.game_type == game_type]
        wins = [_won(p) for p in mine]
        scores = [s for s in (_score(p) for p in mine) if s is not None]
        seconds = sum(taken.get(p.game_id, (0.0, 0))[0] for p in mine)
        moves = sum(taken.get(p.game_id, (0.0, 0))[1] for p in mine)
        opponents = Counter(name for p in mine for name in p.opponents).most_common(1)
        out.append(
            GameStats(
                game_type=game_type,
                games=len(mine),
                wins=sum(wins),
                average_score=sum(scores) / len(scores) if scores else None,
                average_move_seconds=seconds / moves if moves else None,
                streak=_streak(wins),
                favourite_opponent=opponents[0][0] if opponents else None,
            )
        )
    return out
