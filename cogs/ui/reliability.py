"""A player's reliability in words: /stats's line and the note beside a name in the lobby."""

from __future__ import annotations

from typing import TYPE_CHECKING

from babel.numbers import format_percent
from babel.units import format_unit

from bot.i18n import ENGLISH, say, words
from bot.service import GameInfo, PlayerReliability
from cogs.ui.clocktexts import pace_name
from cogs.ui.texts import lobby_text

if TYPE_CHECKING:
    from cogs.ui.table import Table


def _unit(count: int, unit: str, language: str) -> str:
    return format_unit(count, f"duration-{unit}", length="short", locale=language)


def duration(seconds: float, language: str = ENGLISH) -> str:
    """A time in its two largest units with the reader's unit words ('1 Std. 5 Min.')."""
    minutes, secs = divmod(round(seconds), 60)
    hours, minutes = divmod(minutes, 60)
    days, hours = divmod(hours, 24)
    if days:
        return f"{_unit(days, 'day', language)} {_unit(hours, 'hour', language)}"
    if hours:
        return f"{_unit(hours, 'hour', language)} {_unit(minutes, 'minute', language)}"
    if minutes:
        return f"{_unit(minutes, 'minute', language)} {_unit(secs, 'second', language)}"
    return _unit(secs, "second", language)


def move_times(figures: PlayerReliability, language: str = ENGLISH) -> str:
    """'live 2 min 5 s, daily 3 h 10 min': the median time to move per pace."""
    times = figures.median_move_seconds.items()
    shown = ", ".join(f"{pace_name(pace, language)} {duration(s, language)}" for pace, s in times)
    return shown or words(say("table.reliability.no_times"), language)


def stats_words(figures: PlayerReliability, language: str = ENGLISH) -> str:
    """/stats's line: the share of games left and the median time to move per pace."""
    share = format_percent(figures.left_share, locale=language)
    said = say(
        "table.reliability.stats",
        games=figures.games,
        share=share,
        times=move_times(figures, language),
    )
    return words(said, language)


def lobby_note(figures: PlayerReliability, language: str = ENGLISH) -> str:
    """The short note beside a name in the lobby."""
    share = format_percent(figures.left_share, locale=language)
    said = say("table.reliability.lobby", share=share, times=move_times(figures, language))
    return words(said, language)


async def lobby_words(table: Table, info: GameInfo, language: str = ENGLISH) -> str:
    """The lobby's text with the reliability of each person who played enough games."""
    notes: dict[int, str] = {}
    if info.status == "lobby":
        people = [p.user_id for p in info.players if not p.computer]
        found = await table.service.reliability.shown_in_lobby(info.guild_id, people)
        notes = {user: lobby_note(figures, language) for user, figures in found.items()}
    return lobby_text(info, language, notes)
