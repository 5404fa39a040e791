"""Discord's documented rules for application commands that its schema does not encode.

Names (of commands, options, and their localisations) match
`^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$` and are lower case where a letter has a lower
case; descriptions are 1-100 characters; localisation keys are Discord's locale codes; a
choice's name and string value are 1-100 characters; and a whole command (the names,
descriptions and choice values of it and all its options, in its longest language) is at most
4,000 characters. Each breach is a 400 'Invalid Form Body' naming the field.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any

from .errors import FieldPath, invalid

CHAT_INPUT = 1
SUB_COMMAND, SUB_COMMAND_GROUP = 1, 2
MAX_NAME = 32
MAX_DESCRIPTION = 100
MAX_CHOICE_TEXT = 100
MAX_OPTIONS = 25
MAX_CHOICES = 25
MAX_COMMAND_TEXT = 4000
# Unicode's Devanagari and Thai script ranges (letters, marks and digits, without the shared
# punctuation such as the danda and the baht sign, which belong to no one script).
SCRIPTS = (
    (0x0900, 0x0950), (0x0955, 0x0963), (0x0966, 0x097F), (0xA8E0, 0xA8FF), (0x11B00, 0x11B09),
    (0x0E01, 0x0E3A), (0x0E40, 0x0E5B),
)  # fmt: skip

Path = list[str | int]


@functools.cache
def locales() -> frozenset[str]:
    """Discord's locale codes, as its API description lists them."""
    from .openapi import description  # the description loads once, on first need

    return frozenset(description().schema("AvailableLocalesEnum")["enum"])


def check_command(command: dict[str, Any], where: FieldPath = ()) -> None:
    """Apply Discord's rules to one command body (`where`: its index in a bulk overwrite)."""
    at: Path = list(where)
    name = command.get("name", "")
    if command.get("type", CHAT_INPUT) != CHAT_INPUT:
        if not 1 <= len(name) <= MAX_NAME:
            raise invalid(f"context menu name {name!r} must be 1-32 characters", [*at, "name"])
        return
    _check_named(command, at)
    _check_options(command.get("options") or [], at, depth=0)
    length = command_length(command)
    if length > MAX_COMMAND_TEXT:
        raise invalid(
            f"/{name} holds {length} characters in its longest language; the limit is 4000", at
        )


def check_name(name: object, where: Path) -> None:
    """A command or option name, or one of its localisations."""
    text = name if isinstance(name, str) else ""
    if not 1 <= len(text) <= MAX_NAME or not all(map(_name_char, text)):
        raise invalid(
            f"{name!r} does not match Discord's name pattern",
            where,
            "APPLICATION_COMMAND_INVALID_NAME",
        )
    if any(c != c.lower() for c in text):
        raise invalid(f"{name!r} must be lower case", where, "APPLICATION_COMMAND_INVALID_NAME")


def _name_char(char: str) -> bool:
    """A letter, a digit, '-', '_', or a Devanagari or Thai character."""
    if char in "-_" or unicodedata.category(char)[0] in "LN":
        return True
    return any(low <= ord(char) <= high for low, high in SCRIPTS)


def _check_named(item: dict[str, Any], at: Path) -> None:
    """Name and description of a command or option, and their localisations."""
    check_name(item.get("name"), [*at, "name"])
    description = item.get("description") or ""
    if not 1 <= len(description) <= MAX_DESCRIPTION:
        raise invalid("the description must be 1-100 characters", [*at, "description"])
    for locale, name in (item.get("name_localizations") or {}).items():
        _check_locale(locale, [*at, "name_localizations"])
        check_name(name, [*at, "name_localizations", locale])
    for locale, text in (item.get("description_localizations") or {}).items():
        _check_locale(locale, [*at, "description_localizations"])
        if not 1 <= len(text) <= MAX_DESCRIPTION:
            raise invalid(
                f"the {locale} description must be 1-100 characters",
                [*at, "description_localizations", locale],
            )


def _check_locale(locale: str, where: Path) -> None:
    """A localisation key must be one of Discord's locale codes."""
    if locale not in locales():
        raise invalid(f"{locale!r} is not a Discord locale", where, "BASE_TYPE_CHOICES")


def _check_options(options: list[dict[str, Any]], at: Path, depth: int) -> None:
    """Option names (unique), order (required first), choices and nesting."""
    where: Path = [*at, "options"]
    if len(options) > MAX_OPTIONS:
        raise invalid(f"{len(options)} options; the limit is 25", where)
    names = [o.get("name", "") for o in options]
    if len(set(names)) != len(names):
        raise invalid("option names repeat", where)
    seen_optional = False
    for i, option in enumerate(options):
        _check_named(option, [*where, i])
        kind = option.get("type")
        if kind in (SUB_COMMAND, SUB_COMMAND_GROUP):
            if depth >= 2 or (kind == SUB_COMMAND_GROUP and depth >= 1):
                raise invalid("subcommands nest too deep", [*where, i])
            _check_options(option.get("options") or [], [*where, i], depth + 1)
            continue
        if option.get("required"):
            if seen_optional:
                raise invalid("required options must come first", [*where, i, "required"])
        else:
            seen_optional = True
        _check_choices(option, [*where, i])


def _check_choices(option: dict[str, Any], at: Path) -> None:
    """At most 25 choices, names and string values 1-100 characters; none with autocomplete."""
    choices = option.get("choices") or []
    if choices and option.get("autocomplete"):
        raise invalid("autocomplete options cannot have choices", [*at, "choices"])
    if len(choices) > MAX_CHOICES:
        raise invalid(f"{len(choices)} choices; the limit is 25", [*at, "choices"])
    for j, choice in enumerate(choices):
        check_choice(choice, [*at, "choices", j])
        for locale, name in (choice.get("name_localizations") or {}).items():
            _check_locale(locale, [*at, "choices", j, "name_localizations"])
            if not 1 <= len(name) <= MAX_CHOICE_TEXT:
                raise invalid(
                    "a choice name is 1-100 characters",
                    [*at, "choices", j, "name_localizations", locale],
                )


def check_choice(choice: dict[str, Any], at: Path) -> None:
    """A choice (of a command option or an autocomplete answer): name and string value 1-100."""
    name, value = choice.get("name"), choice.get("value")
    if not isinstance(name, str) or not 1 <= len(name) <= MAX_CHOICE_TEXT:
        raise invalid(f"choice name {name!r} must be 1-100 characters", [*at, "name"])
    if isinstance(value, str) and not 1 <= len(value) <= MAX_CHOICE_TEXT:
        raise invalid(f"choice value is {len(value)} characters; allowed 1-100", [*at, "value"])


def command_length(command: dict[str, Any]) -> int:
    """The characters a command counts toward 4,000, in its longest language."""
    found: set[str] = set()
    _gather_locales(command, found)
    return max(_length(command, locale) for locale in [None, *sorted(found)])


def _gather_locales(item: dict[str, Any], found: set[str]) -> None:
    """Every locale any name or description of the command is given in."""
    for key in ("name_localizations", "description_localizations"):
        found.update(item.get(key) or {})
    for child in [*(item.get("options") or []), *(item.get("choices") or [])]:
        _gather_locales(child, found)


def _length(item: dict[str, Any], locale: str | None) -> int:
    """Name, description and choice values of an item and everything under it, in `locale`."""
    total = len(_in(item, "name", locale)) + len(_in(item, "description", locale))
    for option in item.get("options") or []:
        total += _length(option, locale)
    for choice in item.get("choices") or []:
        total += len(_in(choice, "name", locale)) + len(str(choice.get("value", "")))
    return total


def _in(item: dict[str, Any], key: str, locale: str | None) -> str:
    """A name or description in `locale`, falling back to the default one."""
    localised = (item.get(f"{key}_localizations") or {}).get(locale) if locale else None
    return str(localised or item.get(key) or "")
