"""One translation layer: message ids and parameters turned into words for a reader's language.

Unknown languages and missing entries fall back to English (README, "Adding a language").
"""

from bot.i18n.catalogues import ENGLISH, LANGUAGES, entries, language_of, template
from bot.i18n.text import (
    LIST_AND,
    LIST_COMMA,
    LIST_MINUS,
    LIST_PLUS,
    WORDLESS,
    Text,
    from_json,
    is_wordless,
    listing,
    named,
    say,
    to_json,
    wordless,
    words,
)

__all__ = [
    "ENGLISH",
    "LANGUAGES",
    "LIST_AND",
    "LIST_COMMA",
    "LIST_MINUS",
    "LIST_PLUS",
    "WORDLESS",
    "Text",
    "entries",
    "from_json",
    "is_wordless",
    "language_of",
    "listing",
    "named",
    "say",
    "template",
    "to_json",
    "wordless",
    "words",
]
