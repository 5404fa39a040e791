"""The words players read: seat names, tokens, spaces (messages in data/locales, ilium.po)."""

from __future__ import annotations

from collections.abc import Iterable

from bot.games.ilium.data import rules
from bot.games.ilium.model import State, Token
from bot.i18n import LIST_COMMA, Text, listing, say

TYPE_NAMES = {  # artifact type code (data/ilium.json) -> message id of its name
    "co": "ilium.type.coins",
    "ho": "ilium.type.horses",
    "ar": "ilium.type.armbands",
    "bo": "ilium.type.bottles",
    "he": "ilium.type.helmets",
}


# Each seat's colour as a message, in data/ilium.json's seat order (Red, Yellow, Green, Blue).
SEAT_COLOURS = ("ilium.seat_red", "ilium.seat_yellow", "ilium.seat_green", "ilium.seat_blue")


def seat_name(state: State, seat: int) -> str:
    """The seat's colour name in the reader's words ("Red", "Rot"), as in the lobby."""
    if 0 <= seat < min(state.players, len(SEAT_COLOURS)):
        return say(SEAT_COLOURS[seat])
    return say("ilium.seat", seat=seat)


def type_name(kind: int) -> str:
    """An artifact type as the reader's language names it: 'Coins', 'Münzen'."""
    return say(TYPE_NAMES[rules().type_codes[kind]])


def type_names() -> list[str]:
    """Every artifact type's name, in type order."""
    return [type_name(kind) for kind in range(len(rules().type_names))]


def token_words(token: Token) -> str:
    """'Coins 3'."""
    return say("ilium.token", type=type_name(token[0]), value=token[1])


def group_words(count: int) -> str:
    """'1 archaeologist', '3 archaeologists'."""
    return say("ilium.group.one" if count == 1 else "ilium.group.many", count=count)


def space_words(index: int, length: int) -> str:
    """Where a space lies, counted from the shovel end: 'space 1 of 5 (shovel)'."""
    key = "ilium.space.shovel" if index == 0 else "ilium.space"
    return say(key, number=index + 1, length=length)


def commas(items: Iterable[object]) -> Text:
    """Items joined by commas, as the reader's language writes a list."""
    return listing(items, LIST_COMMA)


def historian_line(kind: int) -> str:
    """The private log line dealing a seat its historian card (IM-7)."""
    return say("ilium.log.historian", type=type_name(kind))
