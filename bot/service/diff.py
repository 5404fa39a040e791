"""Pure helpers that tell what a move changed: new public log lines and whose private part moved."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from bot.engine import AnyGame, View


def new_lines(before: Sequence[Any], after: Sequence[Any]) -> list[Any]:
    """Lines added between two log lists; copes with views that keep only the last N lines."""
    count = len(before)
    if list(after[:count]) == list(before):
        return list(after[count:])
    for overlap in range(min(count, len(after)), 0, -1):
        if list(before[count - overlap :]) == list(after[:overlap]):
            return list(after[overlap:])
    return list(after)


def _private(seat_view: Mapping[str, Any]) -> Any:
    """A seat's secrets: by the view contract (checked by the conformance suite), `private`."""
    return seat_view["private"]


@dataclass
class Seen:
    """The views of one engine state, each taken once (seat None: the public one).

    A move compares the views before it with those after; the ones before were taken by the
    move before (issue 16 §5), so each move takes only its own. Engine states are never
    changed in place (`apply` returns a new one), so the state's identity says the views hold.
    """

    state: Any = None
    views: dict[int | None, View] = field(default_factory=dict)

    def of(self, game: AnyGame, state: Any, seat: int | None) -> View:
        """`game.view(state, seat)`, taken once per state."""
        if state is not self.state:
            self.state, self.views = state, {}
        view = self.views.get(seat)
        if view is None:
            view = self.views[seat] = game.view(state, seat)
        return view


# Games whose views are kept between moves: about 50-75 KB each (public view and two seats'),
# so not every ongoing game's, only those that moved last; a game past these takes its views
# again at its next move, as every move did before.
RECENT_GAMES = 256


class RecentViews:
    """The views of the games that moved last, at most RECENT_GAMES of them, by game id."""

    def __init__(self, size: int = RECENT_GAMES) -> None:
        self._seen: OrderedDict[int, Seen] = OrderedDict()
        self._size = size

    def of(self, game_id: int) -> Seen:
        """The game's views (an empty Seen if none are kept), now the most recent."""
        seen = self._seen.pop(game_id, None) or Seen()
        self.keep(game_id, seen)
        return seen

    def keep(self, game_id: int, seen: Seen) -> None:
        """Keep `seen` as the game's views; the least recently moved game's go past the size."""
        self._seen.pop(game_id, None)
        self._seen[game_id] = seen
        while len(self._seen) > self._size:
            self._seen.popitem(last=False)

    def forget(self, game_id: int) -> None:
        """The game left memory (ended, or dropped)."""
        self._seen.pop(game_id, None)


class Changes(NamedTuple):
    """What one move changed: public lines, the new public view, each changed seat's view,
    and every view taken of the new state (kept for the next move once this one is stored)."""

    lines: list[str]
    public: View
    seats: dict[int, View]
    seen: Seen


def kept_line(line: object) -> str:
    """A log line as a str: a `Text` stays itself (str() would drop the id that draws it again
    in each reader's language), anything else becomes its text."""
    return line if isinstance(line, str) else str(line)


def move_changes(
    game: AnyGame, before: Any, after: Any, players: int, seen: Seen | None = None
) -> Changes:
    """The public log lines a move added and the seats whose private part changed; `seen`
    may hold views of `before` already taken."""
    old = seen if seen is not None else Seen()
    new = Seen()
    public_before = old.of(game, before, None)
    public_after = new.of(game, after, None)
    lines = [kept_line(line) for line in new_lines(public_before["log"], public_after["log"])]
    seats: dict[int, View] = {}
    for seat in range(players):
        seat_after = new.of(game, after, seat)
        if _private(seat_after) != _private(old.of(game, before, seat)):
            seats[seat] = seat_after
    return Changes(lines, public_after, seats, new)


def normalise(text: str) -> str:
    """Case- and space-insensitive form of typed text, for matching descriptions."""
    return " ".join(text.split()).casefold()
