"""The HTML of every page: plain, one column on a phone, two from 600 px, no script inline.

A game page is its board image (with the alt text Discord gets), then the live part: whose turn
and the time left, or the result; the scores; the players, each linked to their summary (by
seat, through the page's own token: no user id); the public log. `live_part` is also what a
live update carries, so the page and its updates are the same bytes for the same public board.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from html import escape

from bot.i18n import say, words
from bot.service import Board
from bot.service.watching import GameBoard
from web import words as said

ASSETS = "/static/site.css", "/static/site.js"
LOG_SHOWN = 200  # the newest public log lines a page shows


def t(key: str, language: str, **params: object) -> str:
    """A message in the page's language, escaped for HTML."""
    return escape(words(say(key, **params), language))


def document(title: str, body: str, language: str, *, live: str = "") -> str:
    """A whole page: head (title, viewport, our stylesheet and script), then `body`."""
    css, js = ASSETS
    source = f' data-live="{escape(live)}"' if live else ""
    return (
        f'<!doctype html>\n<html lang="{language}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="referrer" content="no-referrer">\n'
        f"<title>{escape(title)}</title>\n"
        f'<link rel="stylesheet" href="{css}">\n<script src="{js}" defer></script>\n'
        f"</head>\n<body{source}>\n{body}\n</body>\n</html>\n"
    )


def board_image(src: str, alt: str, language: str) -> str:
    """The board as the table draws it, with its words for whoever cannot see it."""
    return (
        f'<section class="board" aria-labelledby="board-h">\n<h2 id="board-h">'
        f"{t('web.board', language)}</h2>\n"
        f'<img id="board" src="{escape(src)}" alt="{escape(alt)}">\n</section>'
    )


def live_part(board: Board, language: str, token: str) -> str:
    """Whose turn (or the result), the scores, the players and the public log: what a move
    (or a seat taken over) changes."""
    return "\n".join(
        (
            _now(board, language),
            _scores(board, language),
            _players(board, language, token),
            _log(board, language),
        )
    )


def _players(board: Board, language: str, token: str) -> str:
    """Every seat as the table names it, linked to its player's summary page."""
    rows = "".join(
        f'<li><a href="/g/{escape(token)}/p/{seat}?lang={language}">'
        f"{escape(said.seat_label(board, seat, language))}</a></li>"
        for seat in range(len(board.view["seats"]))
    )
    return (
        f'<section aria-labelledby="players-h">\n<h2 id="players-h">'
        f'{t("web.players", language)}</h2>\n<ul class="players">{rows}</ul>\n</section>'
    )


def _now(board: Board, language: str) -> str:
    info = board.info
    parts = [f'<section aria-labelledby="now-h">\n<h2 id="now-h">{t("web.now", language)}</h2>']
    if board.turn is not None:
        who = said.seat_label(board, board.turn.seat, language)
        parts.append(f'<p class="turn">{t("web.to_move", language, who=who)}</p>')
        parts.append(f'<p class="prompt">{escape(said.prompt(board, language))}</p>')
        due = said.due_text(info.turn_due, language)
        if due and info.turn_due is not None:
            stamp = info.turn_due.isoformat()
            parts.append(f'<p class="due"><time datetime="{stamp}">{escape(due)}</time></p>')
    else:
        summary, places = said.result(board, language)
        parts.append(f'<p class="over">{t("web.over", language)} {escape(summary)}</p>')
        if places:
            rows = "".join(f"<li>{escape(label)}</li>" for _, label in places)
            parts.append(f'<ol class="places">{rows}</ol>')
    return "\n".join(parts) + "\n</section>"


def _scores(board: Board, language: str) -> str:
    numbers = said.scores(board)
    if numbers is None:
        return ""
    rows = "".join(
        f'<tr><th scope="row">{escape(said.seat_label(board, seat, language))}</th>'
        f"<td>{score}</td></tr>"
        for seat, score in enumerate(numbers)
    )
    return (
        f'<section aria-labelledby="scores-h">\n<h2 id="scores-h">{t("web.scores", language)}'
        f'</h2>\n<table class="scores"><thead><tr><th scope="col">{t("web.player", language)}'
        f'</th><th scope="col">{t("web.score", language)}</th></tr></thead>'
        f"<tbody>{rows}</tbody></table>\n</section>"
    )


def _log(board: Board, language: str) -> str:
    lines = said.log_lines(board, language)[:LOG_SHOWN]
    shown = "".join(f"<li>{escape(line)}</li>" for line in lines)
    body = (
        f'<ol class="log" reversed>{shown}</ol>' if lines else f"<p>{t('web.no_log', language)}</p>"
    )
    head = f'<h2 id="log-h">{t("web.log", language)}</h2>'
    return f'<section aria-labelledby="log-h">\n{head}\n{body}\n</section>'


def update(board: Board, language: str, image: str, alt: str, token: str) -> str:
    """One live update: the version, the new image and its words, the live part (JSON)."""
    html = live_part(board, language, token)
    data = {"v": board.info.version, "img": image, "alt": alt, "html": html}
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def game_page(
    board: Board, language: str, *, token: str, image: str, alt: str, live: str, extra: str = ""
) -> str:
    """A game's page: heading, the board image, the live part, and `extra` (a finished game's
    positions and record)."""
    info = board.info
    title = words(info.title, language)
    heading = t("web.game", language, title=title, game=info.game_id)
    body = (
        f'<header><h1>{heading}</h1>\n<p class="status" id="status" aria-live="polite" '
        f'data-on="{t("web.live_on", language)}" data-lost="{t("web.live_lost", language)}" '
        f'data-full="{t("web.live_full", language)}" data-off="{t("web.live_off", language)}">'
        "</p></header>\n"
        f"<main>\n{board_image(image, alt, language)}\n"
        f'<div class="side" id="live" data-v="{info.version}">\n'
        f"{live_part(board, language, token)}\n</div>\n"
        f"{extra}</main>\n<footer><p>{t('web.footer', language)}</p></footer>"
    )
    return document(f"{title} #{info.game_id}", body, language, live=live)


def full_text(language: str, cap: int) -> str:
    """The refusal of a live connection past the process's cap (the page itself still loads)."""
    return words(say("web.live_full_text", most=cap), language) + "\n"


def leaderboards_page(boards: Sequence[GameBoard], language: str) -> str:
    """A server's leaderboards: one table per game with its best-rated players (by name)."""
    title = t("web.leaderboards", language)
    sections = []
    heads = "".join(
        f'<th scope="col"{cls}>{t(key, language)}</th>'
        for key, cls in (
            ("web.rank", ' class="n"'),
            ("web.player", ""),
            ("web.rating", ' class="n"'),
            ("web.games", ' class="n"'),
            ("web.wins", ' class="n"'),
        )
    )
    for n, board in enumerate(boards):
        rows = "".join(
            f'<tr><td class="n">{line.rank}</td><th scope="row">{escape(line.name)}</th>'
            f'<td class="n">{line.rating:.1f}</td><td class="n">{line.games}</td>'
            f'<td class="n">{line.wins}</td></tr>'
            for line in board.lines
        )
        name = escape(words(board.title, language))
        sections.append(
            f'<section class="wide" aria-labelledby="lb-{n}">\n<h2 id="lb-{n}">{name}</h2>\n'
            f"<table><thead><tr>{heads}</tr></thead><tbody>{rows}</tbody></table>\n</section>"
        )
    if not sections:
        sections.append(f"<p>{t('web.nobody_rated', language)}</p>")
    body = (
        f"<header><h1>{title}</h1></header>\n<main>\n" + "\n".join(sections) + "\n</main>\n"
        f"<footer><p>{t('web.footer', language)}</p></footer>"
    )
    return document(words(say("web.leaderboards"), language), body, language)
