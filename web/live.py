"""Open live connections (server-sent events): who watches which game, and what they get.

Publishing never waits: each listener keeps only the newest update (a page needs no history,
the newest board says everything), and its own connection's task writes it out. A client that
does not read within WRITE_WITHIN seconds is dropped, so it slows nobody. A process holds at
most `cap` listeners; past that, a page is refused with a clear sentence (and still shows its
board, without updates). A game that ends (finished or abandoned) or whose page is turned off
closes its connections with a last word (`OVER`: the page reloads to show the ended game;
`OFF`: it stops), so no stream outlives what it shows.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass, field

WRITE_WITHIN = 10.0  # seconds a client may take to take one update before it is dropped
KEEPALIVE = 20.0  # seconds between two comments on a quiet connection (proxies close idle ones)
OVER, OFF = "over", "off"  # the last word of a closed connection: the game ended; page revoked


@dataclass(eq=False)
class Listener:
    """One open page of one game, in one language."""

    game_id: int
    language: str
    newest: str | None = None  # the update not yet written out
    ended: bool = False  # closed by the site (stopping, game over, page revoked) or dropped
    farewell: str | None = None  # the last word the page gets (OVER, OFF), if any
    ready: asyncio.Event = field(default_factory=asyncio.Event)

    def offer(self, update: str) -> None:
        """Keep only the newest update and wake the writer."""
        self.newest = update
        self.ready.set()

    def end(self, farewell: str | None = None) -> None:
        """Close this connection (its writer returns, after writing `farewell` if given)."""
        if not self.ended and farewell is not None:
            self.farewell = farewell
        self.ended = True
        self.ready.set()

    async def next(self, wait: float = KEEPALIVE) -> str | None:
        """The newest update once there is one (a closed page still gets the one offered
        before it closed: a game's last board); '' after `wait` quiet seconds; None: closed."""
        try:
            await asyncio.wait_for(self.ready.wait(), wait)
        except TimeoutError:
            return ""
        update, self.newest = self.newest, None
        if self.ended:
            return update  # then None: `ready` stays set
        self.ready.clear()
        return update or ""


class Hub:
    """Every open live connection of this process, by game."""

    def __init__(self, cap: int) -> None:
        self.cap = cap
        self._games: dict[int, set[Listener]] = {}
        self._count = 0
        self._published: dict[int, int] = {}  # game id -> newest version sent out

    @property
    def count(self) -> int:
        """Open live connections now."""
        return self._count

    def watched(self, game_id: int) -> bool:
        """Whether anyone has the game's page open live."""
        return bool(self._games.get(game_id))

    def join(self, game_id: int, language: str) -> Listener | None:
        """A new listener; None when the process holds `cap` already."""
        if self._count >= self.cap:
            return None
        listener = Listener(game_id, language)
        self._games.setdefault(game_id, set()).add(listener)
        self._count += 1
        return listener

    def leave(self, listener: Listener, farewell: str | None = None) -> None:
        """Forget a listener (its connection ended, or ends with `farewell`); idempotent."""
        listeners = self._games.get(listener.game_id)
        if listeners is None or listener not in listeners:
            return
        listeners.discard(listener)
        self._count -= 1
        if not listeners:
            del self._games[listener.game_id]
        listener.end(farewell)

    def publish(self, game_id: int, version: int, render: Callable[[str], str]) -> int:
        """Offer every listener of the game the update `render(language)` (made once per
        language); an older version than one already sent is dropped. How many were offered."""
        if version <= self._published.get(game_id, -1):
            return 0
        self._published[game_id] = version
        made: dict[str, str] = {}
        listeners = list(self._games.get(game_id, ()))
        for listener in listeners:
            if listener.language not in made:
                made[listener.language] = render(listener.language)
            listener.offer(made[listener.language])
        return len(listeners)

    def close_game(self, game_id: int, farewell: str | None = None) -> None:
        """End every connection of one game (it ended, or its page was turned off), each
        told `farewell`."""
        for listener in list(self._games.get(game_id, ())):
            self.leave(listener, farewell)
        if farewell == OVER:
            self._published.pop(game_id, None)  # an ended game publishes no more

    def close_all(self) -> None:
        """End every connection (the site stops)."""
        for game_id in list(self._games):
            self.close_game(game_id)
