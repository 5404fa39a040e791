"""Contract checks every game must pass; used by the test suite and by the simulator."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from bot.engine.errors import IllegalAction
from bot.engine.game import AnyGame
from bot.engine.spec import Outcome

GARBAGE_CODES = ("", " ", "zz:99", "\x00", "9" * 40, "place:ß", "-1", "{}")


class ContractViolation(AssertionError):
    """A game broke the engine contract; the message says which rule and where."""


@dataclass
class Playout:
    """One random game played to its end: the seed, every action code and the final state."""

    game_id: str
    players: int
    seed: int
    codes: list[str] = field(default_factory=list)
    final: Any = None
    outcome: Outcome | None = None


def _fail(game: AnyGame, what: str, where: str) -> ContractViolation:
    return ContractViolation(f"{game.spec.id}: {what} ({where})")


def check_position(game: AnyGame, state: Any, players: int, where: str) -> list[Any]:
    """Cheap per-ply checks; returns the legal actions so the caller need not ask again."""
    seat = game.to_move(state)
    outcome = game.outcome(state)
    if (seat is None) != (outcome is not None):
        raise _fail(game, "to_move is None exactly when outcome exists", where)
    if seat is None:
        if game.legal_actions(state):
            raise _fail(game, "a finished game offers actions", where)
        return []
    if not 0 <= seat < players:
        raise _fail(game, f"to_move {seat} is not a seat", where)
    actions = game.legal_actions(state)
    if not actions:
        raise _fail(game, "no legal actions while a seat is to move", where)
    if not isinstance(game.hidden_choices(state), bool):
        raise _fail(game, "hidden_choices must say True or False", where)
    codes = [game.encode(a) for a in actions]
    if len(set(codes)) != len(codes):
        raise _fail(game, "legal actions are not unique by encode", where)
    if codes != [game.encode(a) for a in sorted(actions)]:
        raise _fail(game, "legal actions are not sorted", where)
    return actions


def check_roundtrips(
    game: AnyGame, state: Any, players: int, actions: list[Any], where: str
) -> None:
    """encode/decode, dump/load and JSON-able views."""
    for action in actions:
        code = game.encode(action)
        if game.decode(code) != action:
            raise _fail(game, f"decode(encode(a)) != a for {code!r}", where)
        if len(code) > 60:
            raise _fail(game, f"action code {code!r} too long for a custom_id", where)
    dumped = game.dump(state)
    if game.load(json.loads(json.dumps(dumped))) != state:
        raise _fail(game, "load(dump(s)) != s", where)
    for viewer in [None, *range(players)]:
        seen = game.view(state, viewer)
        json.dumps(seen)
        if viewer is not None and seen.get("seat") != viewer:
            raise _fail(game, f"the view of seat {viewer} does not say whose it is", where)


def check_every_action(
    game: AnyGame, state: Any, actions: list[Any], foreign: list[str], where: str
) -> None:
    """Every legal action applies; every foreign or garbage one raises and changes nothing."""
    before = json.dumps(game.dump(state), sort_keys=True)
    for action in actions:
        game.apply(state, action)
    legal = {game.encode(a) for a in actions}
    for code in [*foreign, *GARBAGE_CODES]:
        if code in legal:
            continue
        try:
            action = game.decode(code)
        except IllegalAction:
            continue
        try:
            game.apply(state, action)
        except IllegalAction as error:
            if not str(error):
                raise _fail(game, f"IllegalAction for {code!r} has no message", where) from None
        else:
            raise _fail(game, f"illegal action {code!r} was applied", where)
    if json.dumps(game.dump(state), sort_keys=True) != before:
        raise _fail(game, "trying actions changed the input state", where)


def random_playout(
    game: AnyGame,
    players: int,
    seed: int,
    *,
    thorough: bool = False,
    foreign: list[str] | None = None,
    options: dict[str, object] | None = None,
) -> Playout:
    """Play random legal actions from a seed to the end, checking the contract on the way."""
    chooser = random.Random(f"chooser:{seed}")
    state = game.new_game(players, seed, options)
    playout = Playout(game.spec.id, players, seed)
    for ply in range(game.spec.max_plies + 1):
        where = f"players={players} seed={seed} ply={ply}"
        actions = check_position(game, state, players, where)
        if not actions:
            playout.final, playout.outcome = state, game.outcome(state)
            return playout
        if thorough:
            check_roundtrips(game, state, players, actions, where)
            check_every_action(game, state, actions, foreign or [], where)
        action = chooser.choice(actions)
        playout.codes.append(game.encode(action))
        state = game.apply(state, action)
    raise _fail(game, f"game did not end within max_plies={game.spec.max_plies}", where)


def replay(
    game: AnyGame,
    players: int,
    seed: int,
    codes: list[str],
    options: dict[str, object] | None = None,
) -> Any:
    """The state reached by applying action codes from a fresh seeded game."""
    state = game.new_game(players, seed, options)
    for code in codes:
        state = game.apply(state, game.decode(code))
    return state


def player_counts(game: AnyGame) -> Iterator[int]:
    """Every seat count the game supports."""
    yield from range(game.spec.min_players, game.spec.max_players + 1)
