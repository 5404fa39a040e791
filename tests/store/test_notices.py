"""store.notices: a player's /notify choices and digest timers (migration 0015), on both
backends."""

from __future__ import annotations

import shutil
from pathlib import Path

from bot.store import NoticeSettings, Store, migration_files

NOTICES = 15  # the migration that adds notice_settings and digest_timers
STATE = {"pile": 10, "log": []}


async def test_a_player_has_the_defaults_until_they_choose(database: str | Path) -> None:
    async with await Store.open(database) as store:
        assert await store.notices.settings(11) == NoticeSettings(11)
        chosen = NoticeSettings(11, "Europe/Berlin", "22:00", "08:00", True, "dm", "09:00")
        await store.notices.keep(chosen, "2030-01-08T08:00:00+00:00")
        assert await store.notices.settings(11) == chosen
        assert await store.notices.settings(22) == NoticeSettings(22)  # one player's only
        timer = await store.notices.digest_timer(11)
        assert timer is not None and timer.due_at == "2030-01-08T08:00:00+00:00"
        await store.notices.keep(NoticeSettings(11, "Europe/Berlin"), None)  # all off
        assert await store.notices.digest_timer(11) is None
        assert await store.notices.settings(11) == NoticeSettings(11, "Europe/Berlin")


async def test_a_digest_is_claimed_once_per_day_and_survives_a_restart(
    database: str | Path,
) -> None:
    due, later = "2030-01-08T08:00:00+00:00", "2030-01-09T08:00:00+00:00"
    async with await Store.open(database) as store:
        await store.notices.keep(NoticeSettings(11, "UTC", digest_at="08:00"), due)
        assert await store.notices.digests_due("2030-01-08T07:59:59+00:00") == []
        [timer] = await store.notices.digests_due(due)
        assert await store.notices.claim_digest(timer, "2030-01-08", later)
        assert not await store.notices.claim_digest(timer, "2030-01-08", later)  # stale
    async with await Store.open(database) as reopened:
        assert await reopened.notices.digests_due(due) == []
        [again] = await reopened.notices.digests_due(later)
        assert again.last_day == "2030-01-08"
        # a new time chosen the same day: that day's digest is taken already
        await reopened.notices.keep(NoticeSettings(11, "UTC", digest_at="18:00"), due)
        [same_day] = await reopened.notices.digests_due(due)
        assert not await reopened.notices.claim_digest(same_day, "2030-01-08", later)
        await reopened.notices.postpone_digest(same_day, later)
        assert await reopened.notices.digests_due(due) == []


async def test_the_votes_waiting_on_a_player(database: str | Path) -> None:
    async with await Store.open(database) as store:
        row = await store.games.create(
            game_type="toy",
            guild_id=1,
            channel_id=100,
            thread_id=None,
            host_id=11,
            players=[(11, "Alice"), (22, "Bob"), (33, "Carol")],
            seed=42,
            options={},
        )
        version = await store.games.start(row.id, 0, {11: 0, 22: 1, 33: 2}, STATE)
        vote = await store.votes.open(
            row.id, version, seat=0, user_id=11, voters=[22, 33], choices=["wait", "end"]
        )
        assert vote is not None
        assert [w.game_id for w in await store.notices.waiting_votes(22)] == [row.id]
        assert await store.notices.waiting_votes(11) == []  # the late player does not vote
        await store.votes.cast(vote, 22, "wait")
        assert await store.notices.waiting_votes(22) == []
        assert [w.vote_id for w in await store.notices.waiting_votes(33)] == [vote]
        await store.votes.decide(vote, "wait")
        assert await store.notices.waiting_votes(33) == []


async def test_an_old_database_gains_the_tables_and_keeps_every_choice(
    database: str | Path, tmp_path: Path
) -> None:
    older = tmp_path / "older"
    older.mkdir()
    for number, path in migration_files():
        if number < NOTICES:
            shutil.copy(path, older / path.name)
    store = await Store.open(database, migrate=False)
    try:
        assert await store.migrate(older) == list(range(1, NOTICES))
        await store.timers.set_reminders(11, False)  # choices written before 0015
        await store.preferences.set_board_text(11, True)
        assert NOTICES in await store.migrate()
        assert await store.timers.reminders_on(11) is False
        assert await store.preferences.board_text(11) is True
        assert await store.notices.settings(11) == NoticeSettings(11)  # today's behaviour
        await store.notices.keep(NoticeSettings(11, "UTC", heads_up=True), None)
        assert (await store.notices.settings(11)).heads_up
        assert await store.timers.reminders_on(11) is False
    finally:
        await store.close()
