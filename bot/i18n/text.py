"""Words that remember what they say: a message id and its parameters behind English text.

Engines and the service build `Text` where they used to build finished English sentences. A
`Text` *is* the English string (a `str` subclass), so everything that stores, compares or
logs it keeps working and the golden playthroughs stay byte for byte the same; a reader in
another language gets `words(text, language)`, drawn again from the same id and parameters.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from typing import Any

from bot.i18n.catalogues import ENGLISH, entries, template

LIST_AND = "list.and"  # the word between the items of a list ("5 and Dolos")
LIST_PLUS = "list.plus"  # the sign between the terms of a sum ("Zeus 8 + 10")
LIST_MINUS = "list.minus"  # the sign before a term taken away ("10 − 3")
LIST_COMMA = "list.comma"  # the mark between the items of a longer list ("Red 3, Blue 2")
LISTS = frozenset(
    {LIST_AND, LIST_PLUS, LIST_MINUS, LIST_COMMA}
)  # ids whose words are a separator for `items`


class Text(str):
    """English words plus the message id and parameters they were drawn from."""

    key: str
    params: Mapping[str, object]
    json_form: dict[str, object]  # made by `to_json` when first asked, then kept

    def __new__(cls, key: str, params: Mapping[str, object], english: str) -> Text:
        """Keep the id and parameters beside the English words (use `say`, not this)."""
        made = super().__new__(cls, english)
        made.key = key
        made.params = params
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle (computer players think in other processes) and copy with the id intact."""
        return (Text, (self.key, dict(self.params), str(self)))


def say(key: str, /, **params: object) -> Text:
    """The message `key` with its parameters, as English text that can be drawn again."""
    if not params:
        return _constant(key)
    if _WORDLESS.get():
        return WORDLESS
    # Computer players' playouts build every log line, so this is a hot path: the English
    # template comes from a dict, and the Text is made without a call of its __new__. A Text
    # parameter already is its English words: formatting it as a str does not draw it again.
    english = _ENGLISH_TEMPLATES.get(key)
    if english is None:
        english = _english_template(key)
    made = _new_str(Text, english.format_map(params))
    made.key = key
    made.params = params
    return made


_ENGLISH_TEMPLATES: dict[str, str] = {}  # the English words of each message id said so far
_new_str = str.__new__


def _english_template(key: str) -> str:
    """The English template of `key`, kept for the next `say` if the catalogue has it."""
    english = template(ENGLISH, key)
    if key in entries(ENGLISH):  # a missing entry is logged by `template` every time
        _ENGLISH_TEMPLATES[key] = english
    return english


@cache
def _constant(key: str) -> Text:
    """A message without parameters (a name, a fixed phrase), made once: Texts are not changed."""
    return Text(key, {}, template(ENGLISH, key))


def listing(items: Iterable[object], key: str = LIST_AND) -> Text:
    """Items joined as a player says them: '5 and Dolos', 'und' in German (`key` in LISTS)."""
    if _WORDLESS.get():
        return WORDLESS
    parts = tuple(items)
    english = _ENGLISH_TEMPLATES.get(key)
    if english is None:
        english = _english_template(key)
    made = _new_str(Text, english.join(map(str, parts)))
    made.key = key
    made.params = {"items": parts}
    return made


WORDLESS = Text("wordless", {}, "…")  # what `say` gives inside `wordless()`: no one reads it
_WORDLESS: ContextVar[bool] = ContextVar("symposion_wordless", default=False)


def is_wordless() -> bool:
    """Whether `say` gives WORDLESS now: hot paths skip a line's parameters, word caches key on it.

    Only for lines `say` would make WORDLESS (a message with parameters, or a `listing`): a
    message without parameters stays itself even inside `wordless()`.
    """
    return _WORDLESS.get()


@contextmanager
def wordless() -> Iterator[None]:
    """Inside this block `say` and `listing` give WORDLESS instead of building sentences.

    Computer players' playouts make states to play on and throw away; building their log
    lines was a quarter of a playout. A message without parameters stays itself (it is made
    once anyway). Per context, so another thread or task keeps its words; the engine
    contract (bot.engine.game.Game) says what such states may be used for.
    """
    token = _WORDLESS.set(True)
    try:
        yield
    finally:
        _WORDLESS.reset(token)


def words(value: object, language: str) -> str:
    """`value` in `language`: a `Text` is drawn again from its id, anything else as it is."""
    if isinstance(value, Text):
        return _draw(value.key, value.params, language)
    return str(value)


def _draw(key: str, params: Mapping[str, object], language: str) -> str:
    """Fill the language's template; a missing entry falls back to English, then to the id."""
    if key in LISTS:
        items = params["items"]
        assert isinstance(items, tuple)
        return template(language, key).join(words(item, language) for item in items)
    filled = {name: words(value, language) for name, value in params.items()}
    return template(language, key).format_map(filled)


def to_json(value: object) -> object:
    """A `Text` as JSON ({"m": id, "p": parameters}), other values as they are.

    A Text never changes, so its JSON form is made once and kept on it: a game's dump holds
    its whole log, made again at every move. Like every dump, treat it as read-only.
    """
    if not isinstance(value, Text):
        return value
    try:
        return value.json_form
    except AttributeError:
        pass
    params = value.params
    if value.key in LISTS:
        items = params["items"]
        assert isinstance(items, tuple)
        params = {"items": [to_json(item) for item in items]}
    else:
        params = {
            name: to_json(item) if isinstance(item, Text) else item for name, item in params.items()
        }
    made = value.json_form = {"m": value.key, "p": params, "en": str(value)}
    return made


def from_json(data: object) -> object:
    """Inverse of `to_json`; the stored English is kept, so a renamed entry cannot change it."""
    if isinstance(data, dict) and "m" in data:
        raw = data["p"]
        assert isinstance(raw, dict)
        if data["m"] in LISTS:
            params: dict[str, object] = {"items": tuple(from_json(i) for i in raw["items"])}
        else:  # only a dict can hold a message: other values are themselves
            params = {
                name: from_json(item) if isinstance(item, dict) else item
                for name, item in raw.items()
            }
        return Text(str(data["m"]), params, str(data["en"]))
    return data


def named(keys: Mapping[str, str], name: str, language: str) -> str:
    """A name from a fixed list (a pace, a status, on/off) in the reader's words; a name the
    list does not know (one an admin added) shows as it is."""
    key = keys.get(name)
    return name if key is None else words(say(key), language)
