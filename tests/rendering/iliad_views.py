"""Random Iliad views that follow the view schema, to shake the renderer with odd positions."""

from __future__ import annotations

import random
from typing import Any

GODS = ("zeus", "apollo", "athena", "poseidon", "aphrodite")
GOD_VALUES = {
    "zeus": (2, 4, 6, 8),
    "apollo": (1, 4, 7, 8),
    "athena": (3, 4, 6, 7),
    "poseidon": (1, 5, 6, 8),
    "aphrodite": (3, 4, 5, 8),
}
LINES = [*"123456", *"abcdef"]
SEATS = ["Hector", "Achilles"]


def token(kind: str, value: int) -> dict[str, Any]:
    """A token as the schema spells it."""
    if kind in GODS:
        label = f"{kind.capitalize()} {value}"
    else:
        label = {"bonus": f"+{value}", "curse": str(value), "marriage": "Marriage"}[kind]
    return {"kind": kind, "value": value, "label": label}


def all_tokens() -> list[dict[str, Any]]:
    """The 29 tokens of IL-3."""
    tokens = [token(god, value) for god, values in GOD_VALUES.items() for value in values]
    tokens += [token("bonus", 10)] * 3 + [token("marriage", 0)] * 2
    return tokens + [token("curse", value) for value in (-3, -3, -5, -10)]


def random_view(seed: int, filled: int) -> dict[str, Any]:
    """A public view with `filled` tiles placed at random and tokens spread plausibly."""
    rng = random.Random(seed)
    square_owner = [(index // 6 + index % 6) % 2 for index in range(36)]
    board: list[dict[str, Any] | None] = [None] * 36
    for index in rng.sample(range(36), filled):
        face_up = rng.random() > 0.15
        value = rng.choice("12345D") if face_up else None
        board[index] = {"owner": square_owner[index], "tile": value, "face_up": face_up}
    tokens = all_tokens()
    rng.shuffle(tokens)
    reserve: list[dict[str, Any]] = []
    rest: list[dict[str, Any]] = []
    for item in tokens:  # IL-4: the first five non-negative tokens drawn form the reserve
        (reserve if item["value"] >= 0 and len(reserve) < 5 else rest).append(item)
    collected: list[list[dict[str, Any]]] = [[], []]
    lines: dict[str, list[dict[str, Any] | None]] = {}
    for line in LINES:
        ends = [rest.pop(), rest.pop()]
        if rng.random() < filled / 40:
            rng.shuffle(ends)
            collected[0].append(ends[0])
            collected[1].append(ends[1])
            lines[line] = [None, None]
        else:
            lines[line] = list(ends)
    gods = [sorted({t["kind"] for t in seat if t["kind"] in GODS}) for seat in collected]
    to_move = rng.choice([0, 1])
    turn = min(32, 1 + filled // 2)
    log = [f"{rng.choice(SEATS)} places {rng.choice('12345D')} on b{k % 6 + 1}." for k in range(9)]
    return {
        "game": "iliad",
        "players": 2,
        "seats": SEATS,
        "colours": ["blue", "red"],
        "first_player": 0,
        "to_move": to_move,
        "turn": rng.choice([0, 1]),
        "turn_number": turn,
        "phase": "place",
        "prompt": f"{SEATS[to_move]}: place a tile",
        "board": board,
        "square_owner": square_owner,
        "lines": lines,
        "reserve": reserve,
        "collected": collected,
        "scores": [sum(t["value"] for t in seat) for seat in collected],
        "gods": gods,
        "favour": [len(g) == 5 for g in gods],
        "stack_sizes": [rng.randint(0, 14) for _ in SEATS],
        "hand_sizes": [rng.randint(0, 2) for _ in SEATS],
        "last_move": {"seat": to_move, "text": "a move", "squares": ["a1", "f6"]},
        "log": log,
        "outcome": None,
        "marks": {"moving": None, "targets": []},
    }
