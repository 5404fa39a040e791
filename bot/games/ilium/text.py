"""The words players read: seat names, tokens, spaces."""

from __future__ import annotations

from bot.games.ilium.data import rules
from bot.games.ilium.model import State, Token


def seat_name(state: State, seat: int) -> str:
    """The seat's colour name, as in the lobby."""
    return rules().seat_names[seat] if 0 <= seat < state.players else f"seat {seat}"


def token_words(token: Token) -> str:
    """'Coins 3'."""
    return f"{rules().type_names[token[0]]} {token[1]}"


def space_words(index: int, length: int) -> str:
    """Where a space lies, counted from the shovel end: 'space 1 of 5 (shovel)'."""
    where = " (shovel)" if index == 0 else ""
    return f"space {index + 1} of {length}{where}"


def historian_line(kind: int) -> str:
    """The private log line dealing a seat its historian card (IM-7)."""
    return f"Your historian card: {rules().type_names[kind]}."
