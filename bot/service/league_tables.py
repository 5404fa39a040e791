"""Opening a league round's tables, each exactly once: a table is claimed before the cog
makes its thread, and its game's flags name the table, so a game a crash left opened but
unrecorded is taken up again instead of opened twice."""

from __future__ import annotations

from bot.service.errors import database_down_told
from bot.service.league_values import TableToOpen
from bot.service.lobby import Lobby
from bot.service.model import IN_ORDER, SEATED, Started
from bot.store import Store
from bot.store.leagues import TABLE_FLAG


@database_down_told
class LeagueTables:
    """The tables this process is opening, and the opening itself."""

    def __init__(self, store: Store, lobby: Lobby) -> None:
        self.store = store
        self.lobby = lobby
        self.opening: set[tuple[int, int, int]] = set()  # (league, round, position)

    async def claim_table(self, table: TableToOpen, guild_id: int) -> Started | bool:
        """Before the cog makes a table's thread: True when it is this caller's to open (until
        `release`); False when it has its game or is being opened; a game a crash left opened
        but unrecorded is recorded now, and started if still a lobby (that start to show)."""
        key = (table.league_id, table.round, table.position)
        if key in self.opening:
            return False
        self.opening.add(key)
        try:
            rounds = await self.store.leagues.rounds(table.league_id)
            row = next(r for r in rounds if r.number == table.round).tables[table.position]
            if row.game_id is not None:
                return False
            found = await self.store.leagues.game_at_table(guild_id, table.key)
        except BaseException:
            self.opening.discard(key)
            raise
        if found is None:
            return True  # kept claimed: the caller opens it, then releases it
        try:
            game_id, status = found
            started = (
                await self.lobby.start(game_id, table.players[0][0]) if status == "lobby" else None
            )
            await self.store.leagues.set_game(table.league_id, table.round, table.position, game_id)
            return False if started is None else started
        finally:
            self.opening.discard(key)

    def release(self, table: TableToOpen) -> None:
        """The caller is done opening a table it claimed (opened or failed)."""
        self.opening.discard((table.league_id, table.round, table.position))

    async def open_table(
        self, table: TableToOpen, guild_id: int, channel_id: int, thread_id: int
    ) -> Started:
        """Open a claimed table's game in the thread the cog made for it, seated as paired,
        started at once with the league's pace and options; the table remembers its game.
        Its flags name the table, so a crash before it is recorded opens nothing twice."""
        game = self.lobby.openings.engine(table.game_type)
        opened = await self.lobby.openings.create(
            game,
            guild_id=guild_id,
            channel_id=channel_id,
            thread_id=thread_id,
            players=table.players,
            options={k: str(v) for k, v in table.options.items()},
            pace=table.pace,
            own_thread=True,
            extra={SEATED: IN_ORDER, "league": str(table.league_id), TABLE_FLAG: table.key},
        )
        started = await self.lobby.start(opened.game_id, table.players[0][0])
        await self.store.leagues.set_game(
            table.league_id, table.round, table.position, opened.game_id
        )
        return started
