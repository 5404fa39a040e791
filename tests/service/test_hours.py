"""Times of day in a player's zone (bot/service/hours.py): quiet hours and the digest's time."""

from __future__ import annotations

from datetime import UTC, datetime, time

import pytest

from bot.service.hours import (
    BadTime,
    QuietHours,
    UnknownZone,
    local_day,
    next_at,
    parse_time,
    zone,
    zone_names,
)

BERLIN = zone("Europe/Berlin")


def utc(*parts: int) -> datetime:
    return datetime(*parts, tzinfo=UTC)


@pytest.mark.parametrize(
    ("text", "meant"), [("22:00", time(22)), ("8:30", time(8, 30)), ("07.05", time(7, 5))]
)
def test_a_time_of_day_is_read(text: str, meant: time) -> None:
    assert parse_time(text) == meant


@pytest.mark.parametrize("text", ["24:00", "12:60", "soon", "", "1200", "-1:00"])
def test_what_is_not_a_time_of_day_is_refused(text: str) -> None:
    with pytest.raises(BadTime):
        parse_time(text)


def test_zones_are_the_iana_names_in_any_case() -> None:
    assert zone("europe/berlin").key == "Europe/Berlin"
    with pytest.raises(UnknownZone):
        zone("Mars/Olympus")
    assert zone_names("europe/ber") == ["Europe/Berlin"]
    assert len(zone_names("")) == 25
    assert "America/New_York" in zone_names("new york")


def test_quiet_hours_across_midnight() -> None:
    quiet = QuietHours(time(22), time(8), BERLIN)
    assert quiet.covers(utc(2030, 1, 7, 21, 0))  # 22:00 in Berlin
    assert not quiet.covers(utc(2030, 1, 7, 20, 59))
    assert quiet.covers(utc(2030, 1, 8, 6, 59))
    assert not quiet.covers(utc(2030, 1, 8, 7, 0))  # 08:00: over
    assert quiet.held_until(utc(2030, 1, 7, 23, 0)) == utc(2030, 1, 8, 7, 0)
    assert quiet.held_until(utc(2030, 1, 7, 12, 0)) is None


def test_quiet_hours_within_a_day() -> None:
    quiet = QuietHours(time(1), time(5), zone("UTC"))
    assert quiet.covers(utc(2030, 1, 7, 1, 0)) and not quiet.covers(utc(2030, 1, 7, 5, 0))
    start, end = quiet.next_period(utc(2030, 1, 7, 12, 0))
    assert (start, end) == (utc(2030, 1, 8, 1, 0), utc(2030, 1, 8, 5, 0))


def test_the_end_follows_the_wall_clock_across_daylight_saving_changes() -> None:
    quiet = QuietHours(time(22), time(8), BERLIN)
    # Berlin goes from CET to CEST at 02:00 on 2030-03-31, and back at 03:00 on 2030-10-27
    assert quiet.held_until(utc(2030, 3, 30, 22, 30)) == utc(2030, 3, 31, 6, 0)
    assert quiet.held_until(utc(2030, 3, 29, 22, 30)) == utc(2030, 3, 30, 7, 0)
    assert quiet.held_until(utc(2030, 10, 26, 22, 30)) == utc(2030, 10, 27, 7, 0)
    start, end = quiet.next_period(utc(2030, 3, 30, 12, 0))
    assert (start.hour, end.hour) == (22, 8)
    assert (end.astimezone(UTC) - start.astimezone(UTC)).total_seconds() == 9 * 3600  # short night


def test_the_next_time_of_day_and_the_players_date() -> None:
    assert next_at(utc(2030, 1, 7, 8, 0), time(9), zone("UTC")) == utc(2030, 1, 7, 9, 0)
    assert next_at(utc(2030, 1, 7, 9, 0), time(9), zone("UTC")) == utc(2030, 1, 8, 9, 0)
    assert local_day(utc(2030, 1, 7, 23, 30), BERLIN) == "2030-01-08"
