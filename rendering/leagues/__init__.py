"""A league's standings as an image, its alt text and a message (issue 26 §4), all from one
`bot.leagues.view.StandingsView`, in the reader's language. Not a game's renderer: the
registry (`rendering.renderer`) never hands it out; callers import it. Cogs pass a language,
not a ViewContext (they may not import the engine's view module)."""

from __future__ import annotations

from bot.leagues.view import StandingsView
from rendering.kit import reader, upload_png
from rendering.kit.describe import ALT_TEXT, fit
from rendering.leagues import words
from rendering.leagues.layout import MOST_ROWS, WIDTH
from rendering.leagues.standings import render_standings

ENGLISH = "en"  # the catalogue a caller that names no language gets (bot.i18n's default)

__all__ = [
    "MOST_ROWS",
    "WIDTH",
    "render_standings",
    "standings_png",
    "standings_text",
    "standings_words",
]


def standings_png(view: StandingsView, language: str = ENGLISH) -> bytes:
    """The standings image as PNG bytes, ready to upload."""
    return upload_png(render_standings(view, reader(language)))


def standings_words(view: StandingsView, language: str = ENGLISH) -> str:
    """The image's alt text, at most ALT_TEXT characters: the leader and their points first."""
    return fit(words.standings_words(view, reader(language)), ALT_TEXT)


def standings_text(view: StandingsView, language: str = ENGLISH, limit: int = 2000) -> str:
    """The standings as a message of at most `limit` characters (every entrant that fits)."""
    return fit(words.standings_text(view, reader(language)), limit)
