"""Games that cannot be loaded: marked broken, reported once, their channel freed.

A row, format or game type that does not fit is found by the start-up index; a state that
cannot be read is found when the (cold) game is first used.
"""

from __future__ import annotations

import json
import logging
from typing import Any

import pytest
from svc_helpers import ALICE, BOB, GUILD, active, lobby, lookup, refused

from bot.service import GameBroken, GameService, NotHost, formats
from bot.store import Store

HEALTHY, BAD_STATE_JSON, BAD_ROW_JSON, OLD_FORMAT, REMOVED_TYPE = 1, 2, 3, 4, 5


async def sql(store: Store, statement: str, *params: object) -> None:
    async with store.backend.transaction() as db:
        await db.execute(statement, params)


async def one_game_per_fault(service: GameService, store: Store) -> dict[int, int]:
    """A started toy game in channels 1-5, then each but the first damaged in its own way."""
    games = {ch: (await active(service, channel=ch)).game_id for ch in range(1, 6)}
    await sql(store, "UPDATE snapshots SET state = '{\"pile\": [' WHERE game_id = ?", games[2])
    await sql(store, "UPDATE games SET options = 'not json' WHERE id = ?", games[3])
    await sql(store, "UPDATE snapshots SET format = 0 WHERE game_id = ?", games[4])
    await sql(store, "UPDATE games SET game_type = 'retired_game' WHERE id = ?", games[5])
    return games


async def test_unloadable_games_are_marked_reported_and_free_their_channel(
    service: GameService, store: Store, caplog: pytest.LogCaptureFixture
) -> None:
    games = await one_game_per_fault(service, store)
    stored = await store.backend.all("SELECT state FROM snapshots")
    secrets = [row[0][20:60] for row in stored if len(row[0]) > 60]
    assert len(secrets) == 4
    caplog.set_level(logging.DEBUG)
    restarted = GameService(store, lookup)
    assert await restarted.load() == 2  # the unreadable state is not read at start
    assert restarted.places.game_at(BAD_STATE_JSON) is not None
    await refused(GameBroken, restarted.boards.show(games[BAD_STATE_JSON]))  # its first use
    await refused(GameBroken, restarted.boards.show(games[BAD_STATE_JSON]))  # reported once
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    for channel in (BAD_STATE_JSON, BAD_ROW_JSON, OLD_FORMAT, REMOVED_TYPE):
        game_id = games[channel]
        row = await store.games.get(game_id) if channel != BAD_ROW_JSON else None
        assert row is None or (row.broken and row.status == "active")
        said = [r.getMessage() for r in errors if f"game #{game_id} " in r.getMessage()]
        assert len(said) == 1 and "\n" not in said[0], said
        assert restarted.places.game_at(channel) is None
        opened = await restarted.lobby.open(
            guild_id=GUILD, channel_id=channel, game_type="toy", host_id=BOB, host_name="Bob"
        )
        assert restarted.places.game_at(channel) == opened
    assert len(errors) == 4 and not caplog.text.count("Traceback")
    assert not any(secret in caplog.text for secret in secrets)
    assert "retired_game" in caplog.text and "format 0" in caplog.text
    listed = {info.game_id: info.status for info in restarted.places.guild_games(GUILD)}
    assert [g for g, status in listed.items() if status == "broken"] == [
        games[c] for c in (BAD_STATE_JSON, BAD_ROW_JSON, OLD_FORMAT, REMOVED_TYPE)
    ]


async def test_a_broken_game_refuses_play_and_can_be_abandoned(
    service: GameService, store: Store
) -> None:
    games = await one_game_per_fault(service, store)
    restarted = GameService(store, lookup)
    await restarted.load()
    broken = games[REMOVED_TYPE]
    info = restarted.places.broken_at(REMOVED_TYPE)
    assert info is not None and info.game_id == broken and info.host_id == ALICE
    await refused(GameBroken, restarted.moves.move(broken, ALICE, "t1", info.version))
    await refused(GameBroken, restarted.boards.show(broken))
    await refused(NotHost, restarted.moves.abandon(broken, BOB))
    ended = await restarted.moves.abandon(broken, BOB, moderator=True)
    assert ended.status == "abandoned" and restarted.places.broken_at(REMOVED_TYPE) is None
    row = await store.games.require(broken)
    assert row.status == "abandoned" and row.broken
    again = GameService(store, lookup)
    assert await again.load() == 2  # the healthy one, and the bad state nobody touched yet
    assert (
        again.places.broken_at(REMOVED_TYPE) is None
        and again.places.broken_at(OLD_FORMAT) is not None
    )


async def test_one_bad_row_does_not_stop_the_others(service: GameService, store: Store) -> None:
    waiting = await lobby(service, channel=7)
    games = await one_game_per_fault(service, store)
    restarted = GameService(store, lookup)
    assert await restarted.load() == 3  # with the bad state, broken only on first use
    assert restarted.places.game_at(7) == service.places.game_at(7) == waiting
    assert restarted.places.game_at(HEALTHY) == service.places.game_at(HEALTHY)
    assert (await restarted.boards.show(games[HEALTHY])) == (
        await service.boards.show(games[HEALTHY])
    )


async def test_an_old_state_format_is_upgraded_on_load(
    service: GameService, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = (await active(service)).game_id
    board = await service.boards.show(game_id)
    snapshot = await store.moves.snapshot(game_id)
    assert snapshot is not None and snapshot.format == 1
    old = dict(snapshot.state)
    old["counters"] = old.pop("pile")  # how a format-1 toy state looked, say
    await sql(store, "UPDATE snapshots SET state = ? WHERE game_id = ?", json.dumps(old), game_id)
    monkeypatch.setattr(formats, "CURRENT", {"toy": 2})
    monkeypatch.setattr(formats, "UPGRADES", {})

    without = GameService(store, lookup)
    assert await without.load() == 0  # no way from format 1 to 2: broken, not guessed

    await sql(store, "UPDATE games SET broken = NULL WHERE id = ?", game_id)

    @formats.upgrade("toy", 1)
    def rename(state: dict[str, Any]) -> dict[str, Any]:
        state = dict(state)
        state["pile"] = state.pop("counters")
        return state

    upgraded = GameService(store, lookup)
    assert await upgraded.load() == 1
    assert (await upgraded.boards.show(game_id)).view == board.view
    turn = board.turn
    assert turn is not None
    await upgraded.moves.move(game_id, turn.user_id, turn.choices[0].code, turn.version + 1)
    stored = await store.moves.snapshot(game_id)
    assert stored is not None and stored.format == 2 and "pile" in stored.state


def test_a_state_from_a_newer_format_is_not_read() -> None:
    with pytest.raises(formats.StateFormatError, match="newer"):
        formats.readable("toy", 5, {})
