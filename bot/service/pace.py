"""Paces (how long a turn may take, when a reminder goes out), read from data/paces.json."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache

from bot.i18n import say
from bot.paths import DATA_DIR
from bot.service.errors import ServiceError

PACES_FILE = DATA_DIR / "paces.json"

Clock = Callable[[], datetime]


class UnknownPace(ServiceError):
    """A pace name that data/paces.json does not have."""


@dataclass(frozen=True, slots=True)
class Pace:
    """One pace: a reminder after `reminder_after` idle, the turn ends after `turn_limit`."""

    name: str
    description: str
    reminder_after: timedelta
    turn_limit: timedelta


def utc_clock() -> datetime:
    """The real clock (the bot takes another one in tests)."""
    return datetime.now(UTC)


def iso(moment: datetime) -> str:
    """The one stored time format: ISO-8601 UTC with seconds (sorts like the instants)."""
    return moment.astimezone(UTC).isoformat(timespec="seconds")


def parse_iso(text: str) -> datetime:
    """A stored time back as an aware datetime."""
    return datetime.fromisoformat(text).astimezone(UTC)


@cache
def _data() -> tuple[str, dict[str, Pace]]:
    raw = json.loads(PACES_FILE.read_text(encoding="utf-8"))
    paces = {
        name: Pace(
            name,
            str(entry["description"]),
            timedelta(minutes=entry["reminder_after_minutes"]),
            timedelta(minutes=entry["turn_limit_minutes"]),
        )
        for name, entry in raw["paces"].items()
    }
    default = str(raw["default"])
    if default not in paces:
        raise ValueError(f"data/paces.json: default pace {default!r} is not listed")
    return default, paces


def paces() -> list[Pace]:
    """Every pace, in the data file's order."""
    return list(_data()[1].values())


def default_pace() -> str:
    """The pace of new games where no server admin chose another."""
    return _data()[0]


def get_pace(name: str) -> Pace:
    """A pace by name (case and spaces ignored); UnknownPace with the choices otherwise."""
    found = _data()[1].get(name.strip().lower())
    if found is None:
        names = ", ".join(p.name for p in paces())
        raise UnknownPace(say("service.unknown_pace", name=name[:30], names=names))
    return found
