"""A seat's player summary page: their name as the table shows it and their record in this game
on this server, as /stats and /leaderboard show it (rating and rank, games, wins, win rate,
average score and time to move, streak). Reached by seat through the game page's token; it
names no user id and no other player.
"""

from __future__ import annotations

from datetime import timedelta
from html import escape

from babel.dates import format_timedelta
from babel.numbers import format_decimal, format_percent

from bot.i18n import say, words
from bot.service.stats import GameStats
from bot.service.watched import PlayerSummary
from web.pages import document, t


def summary_page(summary: PlayerSummary, language: str, token: str) -> str:
    """The page: heading, which seat of which game, the record table, a way back."""
    name = escape(words(summary.name, language))
    title = words(summary.title, language)
    where = t(
        "web.summary_seat", language, seat=summary.seat + 1, title=title, game=summary.game_id
    )
    head = t("web.summary_record", language, title=title)
    rows = _rows(summary, language)
    if rows:
        cells = "".join(
            f'<tr><th scope="row">{t(key, language)}</th><td class="n">{escape(value)}</td></tr>'
            for key, value in rows
        )
        table = f'<table class="record"><tbody>{cells}</tbody></table>'
    else:
        table = f"<p>{t('web.summary_none', language, title=title)}</p>"
    note = f"<p>{t('web.summary_computer', language)}</p>\n" if summary.computer else ""
    back = (
        f'<p><a href="/g/{escape(token)}?lang={language}">{t("web.back_to_game", language)}</a></p>'
    )
    body = (
        f"<header><h1>{name}</h1>\n<p>{where}</p></header>\n<main>\n"
        f'<section class="wide" aria-labelledby="record-h">\n<h2 id="record-h">{head}</h2>\n'
        f"{note}{table}\n</section>\n"
        f'<section class="wide">{back}</section>\n</main>\n'
        f"<footer><p>{t('web.footer', language)}</p></footer>"
    )
    return document(f"{words(summary.name, language)} · {title}", body, language)


def _rows(summary: PlayerSummary, language: str) -> list[tuple[str, str]]:
    """(label key, value) of every figure the player has; none before a finished game."""
    record = summary.record
    if record is None:
        return []
    rows: list[tuple[str, str]] = []
    if summary.rating is not None:
        rows.append(("web.rating", format_decimal(summary.rating, "0.0", locale=language)))
    if summary.rank is not None:
        rows.append(("web.rank", str(summary.rank)))
    rows += [("web.games", str(record.games)), ("web.wins", str(record.wins))]
    rows.append(("web.win_rate", format_percent(record.win_rate, locale=language)))
    if record.average_score is not None:
        score = format_decimal(record.average_score, "0.0", locale=language)
        rows.append(("web.average_score", score))
    if record.average_move_seconds is not None:
        spent = timedelta(seconds=record.average_move_seconds)
        rows.append(("web.average_time", format_timedelta(spent, locale=language)))
    if record.streak:
        rows.append(("web.streak", _streak(record, language)))
    return rows


def _streak(record: GameStats, language: str) -> str:
    """'on a streak of 3 wins', '2 games without a win' (the /stats words)."""
    count = abs(record.streak)
    if record.streak > 0:
        key = "table.records.streak_one" if count == 1 else "table.records.streak"
    else:
        key = "table.records.no_win_one" if count == 1 else "table.records.no_win"
    return words(say(key, count=count), language)
