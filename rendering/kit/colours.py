"""The kit's colours: paper, ink, the seat colours, and mixing them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

RGB = tuple[int, int, int]

BACKGROUND: RGB = (250, 246, 236)
INK: RGB = (33, 33, 33)
MUTED: RGB = (110, 110, 110)
HIGHLIGHT: RGB = (255, 196, 0)
SEAT_COLOURS: dict[str, RGB] = {
    "blue": (46, 104, 191),
    "red": (196, 52, 52),
    "green": (46, 150, 80),
    "yellow": (222, 176, 20),
    "purple": (128, 72, 170),
    "grey": (120, 120, 120),
}
# The seats' colours in seat order when a view names none (a game may give its own order).
SEAT_ORDER = ("blue", "red", "green", "yellow", "purple")
PANEL: RGB = (255, 252, 244)  # a seat's block on the paper
FAINT: RGB = (214, 208, 196)  # rules, idle frames, empty slots
CHOICE: RGB = (255, 236, 160)  # what the prompt lets the mover pick among


def readable_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour`."""
    r, g, b = colour
    return INK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else (255, 255, 255)


def tint(colour: RGB, amount: float) -> RGB:
    """`colour` mixed with white; amount 0 keeps it, 1 gives white."""
    r, g, b = (round(c + (255 - c) * amount) for c in colour)
    return (r, g, b)


def shade(colour: RGB, amount: float) -> RGB:
    """`colour` mixed with black; amount 0 keeps it, 1 gives black."""
    r, g, b = (round(c * (1 - amount)) for c in colour)
    return (r, g, b)


def seat_colour(view: Mapping[str, Any], seat: int, order: Sequence[str] = SEAT_ORDER) -> RGB:
    """A seat's colour: the one the view names for it (`colours`), else the game's seat order;
    grey for a seat or a name the kit does not know."""
    names = view.get("colours") or order
    name = names[seat] if 0 <= seat < len(names) else "grey"
    return SEAT_COLOURS.get(str(name), SEAT_COLOURS["grey"])
