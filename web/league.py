"""A league's page: the standings with their tie-breaks (the same words as the standings image
and message), then every round, newest first: each table's players by the names they signed
up with, their places once played, and the game's page where that page is on.
"""

from __future__ import annotations

from html import escape

from bot.i18n import words
from bot.leagues.view import StandingsView
from bot.service.watched import LeaguePage, LeagueRoundPage, LeagueTable
from rendering.kit import reader
from rendering.leagues.layout import key
from rendering.leagues.words import league_name, progress
from web.pages import document, t


def league_page(league: LeaguePage, language: str) -> str:
    """The whole page: heading and progress, standings, rounds."""
    view, context = league.standings, reader(language)
    game = words(league.title, language)
    heading = escape(league_name(view, context))
    kind = context.say(f"standings.format.{key(view.format)}")
    said = t("web.league_cancelled", language) if league.status == "cancelled" else ""
    state = escape(f"{kind}, {progress(view, context)}")
    body = (
        f"<header><h1>{heading}: {escape(game)}</h1>\n<p>{state}</p>"
        + (f"\n<p>{said}</p>" if said else "")
        + "</header>\n<main>\n"
        + _standings(view, language)
        + _rounds(league.rounds, language)
        + f"</main>\n<footer><p>{t('web.footer', language)}</p></footer>"
    )
    return document(f"{league_name(view, context)} · {game}", body, language)


def _standings(view: StandingsView, language: str) -> str:
    """Place, name, points, each tie-break, games; the tie-breaks' key below."""
    context = reader(language)
    heads = [
        ("standings.head.place", ' class="n"'),
        ("standings.head.player", ""),
        ("standings.head.points", ' class="n"'),
        *((f"standings.head.{key(name)}", ' class="n"') for name in view.tiebreaks),
        ("standings.head.played", ' class="n"'),
    ]
    cells = "".join(f'<th scope="col"{cls}>{escape(context.say(k))}</th>' for k, cls in heads)
    gone = escape(context.say("standings.withdrawn"))
    rows = "".join(
        f'<tr><td class="n">{row.place}</td><th scope="row">{escape(row.name)}'
        + (f' <span class="gone">({gone})</span>' if row.withdrawn else "")
        + f'</th><td class="n">{escape(row.points)}</td>'
        + "".join(f'<td class="n">{escape(b)}</td>' for b in row.tiebreaks)
        + f'<td class="n">{row.games}</td></tr>'
        for row in view.rows
    )
    legend = "standings.key.pods" if view.format == "pods" else "standings.key.two_player"
    table = (
        f'<div class="scroll"><table><thead><tr>{cells}</tr></thead><tbody>{rows}</tbody>'
        f'</table></div>\n<p class="key">{escape(context.say(legend))}</p>'
        if view.rows
        else f"<p>{escape(context.say('standings.none'))}</p>"
    )
    return (
        f'<section class="wide" aria-labelledby="standings-h">\n<h2 id="standings-h">'
        f"{t('web.standings', language)}</h2>\n{table}\n</section>\n"
    )


def _rounds(rounds: tuple[LeagueRoundPage, ...], language: str) -> str:
    """Every round opened so far, the newest first."""
    parts = [
        f'<section class="wide" aria-labelledby="rounds-h">\n<h2 id="rounds-h">'
        f"{t('web.rounds', language)}</h2>"
    ]
    for r in reversed(rounds):
        state = t("web.round_ended" if r.ended else "web.round_playing", language)
        tables = "".join(f"<li>{_table(table, language)}</li>" for table in r.tables)
        parts.append(
            f'<h3 id="round-{r.number}">{t("web.round", language, number=r.number)}'
            f' <span class="state">({state})</span></h3>\n<ul class="tables">{tables}</ul>'
        )
    if not rounds:
        parts.append(f"<p>{t('web.no_rounds', language)}</p>")
    return "\n".join(parts) + "\n</section>\n"


def _table(table: LeagueTable, language: str) -> str:
    """One table: its players, its result once played, its game (linked where it has a page)."""
    if table.bye:
        return t("web.bye", language, name=table.names[0])
    players = " – ".join(escape(name) for name in table.names)
    parts = [f'<span class="who">{players}</span>']
    if table.places is not None:
        order = sorted(zip(table.places, table.names, strict=True), key=lambda p: p[0])
        places = ", ".join(f"{place}. {name}" for place, name in order)
        parts.append(t("web.result", language, places=places))
    if table.game_id is None:
        parts.append(t("web.not_open", language))
    elif table.page is None:
        parts.append(t("web.game_number", language, game=table.game_id))
    else:
        link = t("web.game_number", language, game=table.game_id)
        parts.append(f'<a href="/g/{escape(table.page)}?lang={language}">{link}</a>')
    return " · ".join(parts)
