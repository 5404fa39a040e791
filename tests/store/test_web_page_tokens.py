"""store.web: the tokens of the web pages (migrations 0019 and 0020), on both backends, an old
database migrated to 0019 keeping its games, and 0020 keeping every token as it was."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.store import Store, migration_files
from bot.store.web import GAME, LEADERBOARDS, LEAGUE

WEB_PAGES = 19  # data/migrations/0019_web_pages.sql
LEAGUE_PAGES = 20  # data/migrations/0020_league_pages.sql


async def a_game(store: Store) -> int:
    row = await store.games.create(
        game_type="toy",
        guild_id=1,
        channel_id=100,
        thread_id=None,
        host_id=11,
        players=[(11, "Alice"), (22, "Bob")],
        seed=42,
        options={},
    )
    await store.games.start(row.id, 0, {11: 0, 22: 1}, {"pile": 10, "log": []})
    return row.id


async def test_a_page_is_found_by_its_token_until_revoked(database: str | Path) -> None:
    async with await Store.open(database) as store:
        game_id = await a_game(store)
        assert await store.web.live(GAME, game_id) is None
        assert not await store.web.ever_made(GAME, game_id)
        page = await store.web.make(GAME, game_id, "token-one-aaaaaaaaaaaa")
        assert await store.web.find("token-one-aaaaaaaaaaaa") == page
        assert (page.kind, page.subject) == (GAME, game_id)
        assert await store.web.find("token-two-aaaaaaaaaaaa") is None
        assert await store.web.revoke(GAME, game_id) == "token-one-aaaaaaaaaaaa"
        assert await store.web.find("token-one-aaaaaaaaaaaa") is None
        assert await store.web.ever_made(GAME, game_id)  # turned off, not never made
        assert await store.web.revoke(GAME, game_id) is None


async def test_a_new_token_revokes_the_older_one_and_kinds_stay_apart(database: str | Path) -> None:
    async with await Store.open(database) as store:
        await store.web.make(GAME, 7, "first-token-aaaaaaaaaa")
        await store.web.make(LEADERBOARDS, 7, "board-token-aaaaaaaaaa")
        await store.web.make(GAME, 7, "second-token-aaaaaaaaa")
        assert await store.web.find("first-token-aaaaaaaaaa") is None
        second = await store.web.live(GAME, 7)
        assert second is not None and second.token == "second-token-aaaaaaaaa"
        board = await store.web.find("board-token-aaaaaaaaaa")
        assert board is not None and board.kind == LEADERBOARDS
    async with await Store.open(database) as reopened:  # kept through a restart
        assert await reopened.web.find("second-token-aaaaaaaaa") is not None


async def test_an_old_database_gains_the_table_and_keeps_its_games(
    database: str | Path, tmp_path: Path
) -> None:
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < WEB_PAGES:
            shutil.copy(path, older / path.name)
    store = await Store.open(database, migrate=False)
    try:
        await store.migrate(older)
        game_id = await a_game(store)  # stored before 0019
        before = await store.games.require(game_id)
        seats = await store.seats.of(game_id)
        assert WEB_PAGES in await store.migrate()
        assert await store.games.require(game_id) == before
        assert await store.seats.of(game_id) == seats
        page = await store.web.make(GAME, game_id, "after-migration-aaaaaa")
        assert await store.web.find(page.token) == page
    finally:
        await store.close()


async def test_league_pages_keep_every_older_token_as_it_was(
    database: str | Path, tmp_path: Path
) -> None:
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < LEAGUE_PAGES:
            shutil.copy(path, older / path.name)
    store = await Store.open(database, migrate=False)
    try:
        await store.migrate(older)
        game_id = await a_game(store)
        await store.web.make(GAME, game_id, "revoked-game-aaaaaaaaa")
        live = await store.web.make(GAME, game_id, "live-game-aaaaaaaaaaaa")
        board = await store.web.make(LEADERBOARDS, 1, "board-token-aaaaaaaaaa")
        assert LEAGUE_PAGES in await store.migrate()
        assert await store.web.find(live.token) == live
        assert await store.web.find(board.token) == board
        assert await store.web.find("revoked-game-aaaaaaaaa") is None  # revoked stays revoked
        assert await store.web.ever_made(GAME, game_id)
        league = await store.web.make(LEAGUE, game_id, "league-token-aaaaaaaaa")  # same number
        assert await store.web.find(league.token) == league
        assert await store.web.live(GAME, game_id) == live  # kinds stay apart
        await store.web.make(LEAGUE, game_id, "league-again-aaaaaaaaa")  # one live per page
        assert await store.web.find(league.token) is None
    finally:
        await store.close()
