"""A made-up Iliad position holding every piece, mark and text colour the board can show.

The board's upload palette is chosen once from this drawing (per pair of seat colours)
instead of from every board: choosing a palette took a fifth of each render.
"""

from __future__ import annotations

from typing import Any

from rendering.iliad.pieces import GODS

_TILES = ("1", "2", "3", "4", "5", "D", None)  # None: face down
_KINDS = (*GODS, "bonus", "curse", "marriage")
_VALUES = {"bonus": (10,), "curse": (-3, -5, -10), "marriage": (0,)}
_EMPTY = {"a2", "b2", "e5", "f5"}  # free squares of both colours, for the target discs


def _token(k: int) -> dict[str, Any]:
    kind = _KINDS[k % len(_KINDS)]
    values = _VALUES.get(kind, (1, 4, 6, 8))
    return {"kind": kind, "value": values[k % len(values)], "label": kind}


def _board() -> list[dict[str, Any] | None]:
    cells: list[dict[str, Any] | None] = []
    for index in range(36):
        row, col = divmod(index, 6)
        if f"{'abcdef'[col]}{row + 1}" in _EMPTY:
            cells.append(None)
            continue
        value = _TILES[(index // 2) % len(_TILES)]
        owner = (row + col) % 2
        cells.append({"owner": owner, "tile": value, "face_up": value is not None})
    return cells


def sample_view(colours: tuple[str, ...]) -> dict[str, Any]:
    """A full board in the given seat colours: every tile, token kind, mark and panel part."""
    lines = {line: [_token(2 * k), _token(2 * k + 1)] for k, line in enumerate("123456abcdef")}
    return {
        "game": "iliad",
        "players": 2,
        "seats": ["Hector", "Achilles"],
        "colours": list(colours),
        "first_player": 0,
        "to_move": 0,
        "turn": 0,
        "turn_number": 20,
        "phase": "effect_target",
        "prompt": "Hector: choose where your 1 on c3 goes 0123456789",
        "board": _board(),
        "square_owner": [(row + col) % 2 for row in range(6) for col in range(6)],
        "lines": lines,
        "reserve": [_token(k) for k in range(5)],
        "collected": [[_token(k) for k in range(s, 20 + s)] for s in (0, 3)],
        "scores": [12, -7],
        "gods": [list(GODS), ["zeus"]],
        "favour": [True, False],
        "stack_sizes": [5, 4],
        "hand_sizes": [1, 2],
        "last_move": {"seat": 0, "text": "Hector places 2 on c1.", "squares": ["c1", "d1"]},
        "marks": {"moving": "c3", "targets": ["a2", "b2", "d4", "e4"]},
        "log": [],
        "outcome": None,
    }
