"""service.notices: /notify choices kept or refused whole, and what they decide."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from svc_helpers import lookup, refused

from bot.service import GameService, ServiceError
from bot.service.hours import BadTime, EmptyQuietHours, UnknownZone
from bot.service.notices import HalfQuietHours, NoticeChange, NoZone, UnknownVia, quiet_hours
from bot.store import NoticeSettings, Store

NOW = datetime(2030, 1, 7, 12, 0, tzinfo=UTC)


@pytest.fixture
async def notices_service(store: Store) -> GameService:
    made = GameService(store, lookup, clock=lambda: NOW)
    await made.load()
    return made


async def test_a_refused_change_keeps_nothing(notices_service: GameService) -> None:
    notices = notices_service.notices
    wrong: list[tuple[type[ServiceError], NoticeChange]] = [
        (UnknownZone, NoticeChange(time_zone="Atlantis/Capital", heads_up=True)),
        (EmptyQuietHours, NoticeChange(time_zone="UTC", quiet_from="08:00", quiet_to="8:00")),
        (BadTime, NoticeChange(time_zone="UTC", digest=True, digest_at="nine", heads_up=True)),
        (NoZone, NoticeChange(digest=True)),
        (HalfQuietHours, NoticeChange(time_zone="UTC", quiet_from="22:00")),
        (HalfQuietHours, NoticeChange(time_zone="UTC", quiet_on=True)),
        (UnknownVia, NoticeChange(via="pigeon", heads_up=True)),
    ]
    for kind, change in wrong:
        assert await refused(kind, notices.choose(11, change))
    assert (await notices.choices(11)).settings == NoticeSettings(11)
    assert await notices_service.store.notices.digest_timer(11) is None


async def test_a_change_elsewhere_keeps_the_digest_due_today(
    notices_service: GameService,
) -> None:
    notices, store = notices_service.notices, notices_service.store
    shown = await notices.choose(11, NoticeChange(time_zone="UTC", digest=True, digest_at="13:00"))
    assert shown.next_digest == datetime(2030, 1, 7, 13, 0, tzinfo=UTC)
    await store.notices.keep(
        NoticeSettings(11, "UTC", digest_at="13:00"), "2030-01-07T11:00:00+00:00"
    )  # due an hour ago, not sent yet (the loop has not looked)
    await notices.choose(11, NoticeChange(heads_up=True))
    timer = await store.notices.digest_timer(11)
    assert timer is not None and timer.due_at == "2030-01-07T11:00:00+00:00"
    await notices.choose(11, NoticeChange(digest_at="18:00"))  # a new time: the next one
    timer = await store.notices.digest_timer(11)
    assert timer is not None and timer.due_at == "2030-01-07T18:00:00+00:00"
    await notices.choose(11, NoticeChange(digest=False))
    assert await store.notices.digest_timer(11) is None


def test_quiet_hours_in_a_zone_no_longer_known_hold_nothing() -> None:
    assert quiet_hours(NoticeSettings(11, "Gone/Away", "22:00", "08:00")) is None
    held = quiet_hours(NoticeSettings(11, "UTC", "22:00", "08:00"))
    assert held is not None and held.covers(datetime(2030, 1, 7, 23, 0, tzinfo=UTC))
