"""A page's language and the public words of a board: names, whose turn, scores, results.

Everything here reads a Board's public view and its context only; no user id is ever
written (players are named as the table names them).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from bot.i18n import ENGLISH, LANGUAGES, say, words
from bot.service import Board

MOST_LANGUAGE_TAGS = 20  # an Accept-Language longer than this is read no further


def page_language(query: Mapping[str, str], accept: str) -> str:
    """`?lang=` when it names one of ours, else the browser's first known language."""
    asked = query.get("lang", "")
    if asked in LANGUAGES:
        return asked
    tags = []
    for n, part in enumerate(accept[:400].split(",")[:MOST_LANGUAGE_TAGS]):
        tag, _, weight = part.strip().partition(";q=")
        try:
            q = float(weight) if weight else 1.0
        except ValueError:
            continue
        tags.append((-q, n, tag.split("-", 1)[0].lower()))
    for _, _, base in sorted(tags):
        if base in LANGUAGES:
            return base
    return ENGLISH


def seat_label(board: Board, seat: int, language: str) -> str:
    """'Achilles (Alice)': the seat's name and its player's, as the table shows them."""
    seats = board.view["seats"]
    name = words(seats[seat], language) if 0 <= seat < len(seats) else str(seat + 1)
    player = next((p for p in board.info.players if p.seat == seat), None)
    if player is None:
        return name
    who = words(player.shown_name, language)
    return name if who == name else f"{name} ({who})"


def prompt(board: Board, language: str) -> str:
    """What the mover decides now, as the game says it (public words only)."""
    said = board.view.get("prompt") or say("table.make_a_move")
    return words(said, language).strip()


def scores(board: Board) -> list[int] | None:
    """The running scores a game shows publicly (`scores`), else the final ones, else None."""
    raw: Any = board.view
    shown = raw.get("scores")
    if isinstance(shown, list) and all(isinstance(s, int) for s in shown):
        return list(shown)
    outcome = board.context.outcome(board.view)
    return None if outcome is None else list(outcome["scores"])


def result(board: Board, language: str) -> tuple[str, list[tuple[int, str]]]:
    """A finished game's summary and every seat by place (place, label); empty while in play."""
    outcome = replace(board.context, language=language).outcome(board.view)
    if outcome is None:
        return "", []
    order = sorted(range(len(outcome["ranking"])), key=lambda s: (outcome["ranking"][s], s))
    places = [(outcome["ranking"][s], seat_label(board, s, language)) for s in order]
    return outcome["summary"], places


def due_text(due: datetime | None, language: str) -> str:
    """'Time to move until 2026-12-02 18:00 UTC' (the page counts down from it)."""
    if due is None:
        return ""
    return words(say("web.due", when=due.strftime("%Y-%m-%d %H:%M UTC")), language)


def log_lines(board: Board, language: str) -> list[str]:
    """The public log, newest first, in the reader's words."""
    return [words(line, language) for line in reversed(board.view["log"])]
