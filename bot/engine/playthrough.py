"""Golden playthroughs: a seeded game written out step by step, as every viewer saw it.

One text per game and seat count, kept in tests/engine/playthroughs/ and compared by a test, so
any change to what a player sees shows up as a readable diff. Each step lists the public view
one value a line (nested keys and list positions joined by dots), each seat's `private` part
(a seat's view is the public view plus that, which the conformance suite checks), whether the
choices are hidden, the legal codes and the chosen code with its words. A value that did not
change since the previous step is left out and one that disappeared is marked "(gone)", so a
change's diff points at the step and the place where it shows.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator, Mapping
from typing import Any

from bot.engine.conformance import player_counts
from bot.engine.game import AnyGame

SEED = 1


def _line(key: str, value: Any) -> str:
    return f"{key}: {json.dumps(value, sort_keys=True, ensure_ascii=False)}"


def _leaves(path: str, value: Any) -> Iterator[tuple[str, Any]]:
    """Every scalar (or empty container) of a JSON value with its dotted path."""
    if isinstance(value, Mapping) and value:
        for key in sorted(value):
            yield from _leaves(f"{path}.{key}", value[key])
    elif isinstance(value, list) and value:
        for index, item in enumerate(value):
            yield from _leaves(f"{path}.{index}", item)
    else:
        yield path, value


def _changed(prefix: str, now: Mapping[str, Any], before: dict[str, str]) -> Iterator[str]:
    """Lines for the values that changed or vanished under `prefix`; `before` is updated."""
    seen = set()
    for path, value in _leaves(prefix, now):
        seen.add(path)
        line = _line(path, value)
        if before.get(path) != line:
            before[path] = line
            yield line
    for path in sorted(p for p in before if p.startswith(prefix + ".") and p not in seen):
        del before[path]
        yield f"{path}: (gone)"


def record(game: AnyGame, players: int, seed: int = SEED) -> str:
    """The playthrough of a seeded random game, as text (the chooser is seeded too)."""
    chooser = random.Random(f"playthrough:{seed}")
    state = game.new_game(players, seed)
    out = [f"# {game.spec.title} ({game.spec.id}), {players} players, seed {seed}"]
    last: dict[str, str] = {}
    for ply in range(game.spec.max_plies + 1):
        out.append(f"\n## ply {ply}")
        out += _changed("public", game.view(state, None), last)
        for seat in range(players):
            mine = game.view(state, seat)
            out += _changed(f"seat{seat}", {"private": mine.get("private")}, last)
        actions = game.legal_actions(state)
        if not actions:
            return "\n".join(out) + "\n"
        out.append(_line("hidden_choices", game.hidden_choices(state)))
        out.append("legal: " + " ".join(game.encode(a) for a in actions))
        action = chooser.choice(actions)
        out.append(f"chosen: {game.encode(action)} = {game.describe(action, state)}")
        state = game.apply(state, action)
    raise AssertionError(f"{game.spec.id} did not end within max_plies")


def file_name(game: AnyGame, players: int) -> str:
    """Where a playthrough lives under tests/engine/playthroughs/."""
    return f"{game.spec.id}-{players}p.txt"


def cases(games: list[AnyGame]) -> Iterator[tuple[AnyGame, int]]:
    """Every game and seat count that gets a playthrough."""
    for game in games:
        for players in player_counts(game):
            yield game, players
