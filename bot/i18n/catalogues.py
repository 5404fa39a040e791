"""The gettext catalogues in data/locales, read with Babel, and which language a locale means.

Each catalogue maps a message id ("iliad.place") to its words with `{name}` parameters; the
English one (`en`) holds the words the code shows by default. Babel reads the `.po` files
directly, so no compiled `.mo` is built or committed; they are read once per process.
"""

from __future__ import annotations

import logging
from functools import cache
from pathlib import Path

from babel.messages.pofile import read_po

from bot.paths import LOCALES_DIR

ENGLISH = "en"
LANGUAGES = ("en", "de", "fr", "it")  # every language with a catalogue
DOMAIN = "symposion"

log = logging.getLogger("bot.i18n")


def locales_dir() -> Path:
    """data/locales, in a checkout or installed (found like the game data files)."""
    return LOCALES_DIR


def catalogue_path(language: str, domain: str = DOMAIN) -> Path:
    """Where one language's catalogue of one domain lives."""
    return locales_dir() / language / "LC_MESSAGES" / f"{domain}.po"


def domains(language: str) -> list[str]:
    """The catalogues of a language: the table's own (`symposion`) and one per game, so each
    game's words live beside each other and a new game adds files instead of editing one."""
    return sorted(path.stem for path in catalogue_path(language).parent.glob("*.po"))


@cache
def entries(language: str) -> dict[str, str]:
    """Every translated message of a language over all its catalogues (fuzzy or empty entries
    count as missing)."""
    if language not in LANGUAGES:
        return {}
    found: dict[str, str] = {}
    for domain in domains(language):
        with catalogue_path(language, domain).open("rb") as file:
            catalog = read_po(file, locale=language, domain=domain)
        found |= {
            str(message.id): str(message.string)
            for message in catalog
            if message.id and isinstance(message.string, str) and message.string
            if not message.fuzzy
        }
    return found


def template(language: str, key: str) -> str:
    """A message's words in `language`, else in English, else its id (logged: a bug)."""
    found = entries(language).get(key)
    if found is None:
        found = entries(ENGLISH).get(key)
    if found is None:
        log.error("no English words for message %r", key)
        return key
    return found


def language_of(locale: object) -> str:
    """The catalogue language for a Discord locale ('de', 'en-GB', 'pt-BR' → 'en')."""
    tag = str(getattr(locale, "value", locale) or "").replace("_", "-").lower()
    base = tag.split("-", 1)[0]
    return base if base in LANGUAGES else ENGLISH
