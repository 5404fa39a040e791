"""Guard: every message id the code uses is in every catalogue, with no parameter English lacks."""

from __future__ import annotations

import ast
import re
import string
from pathlib import Path

import pytest

from bot.i18n import LANGUAGES, LIST_AND, entries, language_of, listing, say, template, words
from bot.i18n.catalogues import catalogue_path, domains

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("bot", "cogs", "rendering", "web")
# Message ids are dotted lower-case words under one of these namespaces.
MESSAGE_ID = re.compile(
    r"^(list|iliad|ilium|atlandice|iliad_cards|table|cmd|service|web|standings)"
    r"\.[a-z0-9_]+(\.[a-z0-9_]+)*$"
)


def ids_in_source(source: str) -> set[str]:
    """Every string literal in a source file that has the shape of a message id."""
    return {
        node.value
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if MESSAGE_ID.match(node.value)
    }


def used_ids() -> set[str]:
    """The ids the code uses (the command translator's ids come from the command tree)."""
    found: set[str] = set()
    for folder in SOURCES:
        for path in (ROOT / folder).rglob("*.py"):
            found |= ids_in_source(path.read_text(encoding="utf-8"))
    return found


def parameters(text: str) -> set[str]:
    """The `{name}` parameters of a message's words."""
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_the_scan_finds_ids_in_calls_and_tables() -> None:
    source = 'say("iliad.log.over")\nNAMES = {"zeus": "iliad.god.zeus"}\nimport bot.i18n\n'
    assert ids_in_source(source) == {"iliad.log.over", "iliad.god.zeus"}


def test_the_code_uses_messages() -> None:
    assert {"iliad.log.places", "iliad.prompt.place", LIST_AND} <= used_ids()
    assert {"ilium.log.places", "atlandice.log.round", "iliad_cards.log.plays"} <= used_ids()


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_catalogue_has_every_message_the_code_uses(language: str) -> None:
    assert catalogue_path(language).is_file()
    assert domains(language) == domains("en")  # the same catalogue files in every language
    missing = sorted(used_ids() - entries(language).keys())
    assert missing == [], f"{language} lacks {missing}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalogue_has_a_parameter_english_lacks(language: str) -> None:
    english = entries("en")
    extra = {
        key: sorted(parameters(text) - parameters(english[key]))
        for key, text in entries(language).items()
        if key in english and parameters(text) - parameters(english[key])
    }
    assert extra == {}


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_catalogue_has_an_id_english_lacks(language: str) -> None:
    assert sorted(entries(language).keys() - entries("en").keys()) == []


def test_the_words_of_a_message_follow_the_reader() -> None:
    line = say("iliad.log.places", seat="Hector", tile=say("iliad.tile.dolos"), square="c3")
    assert line == "Hector places Dolos on c3."
    assert words(line, "de") == "Hector legt Dolos auf c3."
    assert words(line, "it") == "Hector piazza Dolos in c3."
    assert words(listing(["3", "4"]), "fr") == "3 et 4"


def test_unknown_languages_and_missing_entries_fall_back_to_english() -> None:
    line = say("iliad.log.begins", seat="Achilles")
    assert words(line, language_of("pt-BR")) == "Achilles begins."
    assert template("de", "iliad.no.such.entry") == "iliad.no.such.entry"
    assert words("plain words", "de") == "plain words"


@pytest.mark.parametrize(
    ("locale", "language"),
    [("de", "de"), ("en-GB", "en"), ("en-US", "en"), ("fr", "fr"), ("it", "it"), ("ja", "en")],
)
def test_a_discord_locale_picks_its_catalogue(locale: str, language: str) -> None:
    assert language_of(locale) == language


def test_the_layer_imports_nothing_from_discord_or_the_games() -> None:
    forbidden = ("bot.games", "bot.service", "bot.store", "cogs", "rendering", "discord")
    imported = [
        node.module if isinstance(node, ast.ImportFrom) else alias.name
        for path in (ROOT / "bot" / "i18n").glob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    ]
    assert imported and not [m for m in imported if m and m.startswith(forbidden)]
