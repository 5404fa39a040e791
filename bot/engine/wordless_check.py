"""The contract's wordless-play check: a game played with words and without, in step.

Computer players search inside `bot.i18n.wordless()`, where `say` builds no sentences; this
check (split from conformance.py, which runs the rest of the contract) keeps what they play
on the game as it is played: the same actions, chances, standings and results, and states
equal but for their words.
"""

from __future__ import annotations

import random
from typing import Any

from bot.engine.errors import ContractViolation
from bot.engine.game import AnyGame
from bot.engine.log_parts import since
from bot.i18n import Text, wordless


def _differs(game: AnyGame, what: str, where: str) -> ContractViolation:
    return ContractViolation(f"{game.spec.id}: {what} ({where})")


def check_wordless_playout(game: AnyGame, players: int, seed: int) -> int:
    """A random game played with words and again inside `wordless()`, in step; returns plies.

    At every ply both must offer the same actions to the same seat, with the same chance
    tally and standing, and states equal but for their words: every dumped field but the log
    the same, and the log as many lines, for the same readers. Computer players search
    wordless, so this is what keeps their decisions those of the game as it is played.
    """
    chooser = random.Random(f"chooser:{seed}")
    state = game.new_game(players, seed)
    with wordless():
        quiet = game.new_game(players, seed)
    told: tuple[Any, Any] = ((), ())  # both logs as checked at the last ply, the very objects
    for ply in range(game.spec.max_plies + 1):
        where = f"players={players} seed={seed} ply={ply} (wordless)"
        _same_but_words(game, state, quiet, where, told)
        told = (getattr(state, "log", ()), getattr(quiet, "log", ()))
        actions = game.legal_actions(state)
        if not actions:
            return ply
        action = chooser.choice(actions)
        state = game.apply(state, action)
        with wordless():
            quiet = game.apply(quiet, action)
    raise _differs(game, f"game did not end within max_plies={game.spec.max_plies}", where)


def _same_but_words(
    game: AnyGame, state: Any, quiet: Any, where: str, told: tuple[Any, Any]
) -> None:
    """The checks of `check_wordless_playout` at one ply; both states' dumps compared with only
    the log lines after `told`, the logs checked at the last ply, when both logs begin with
    those very lines (checked alike then, by the same steps)."""
    with wordless():
        mover, actions = game.to_move(quiet), list(map(game.encode, game.legal_actions(quiet)))
        chance, outcome = game.chance(quiet), game.outcome(quiet)
        points = None if mover is None else game.standing(quiet)
    if mover != game.to_move(state) or actions != list(map(game.encode, game.legal_actions(state))):
        raise _differs(game, "wordless play offers other actions", where)
    if chance != game.chance(state) or (mover is not None and points != game.standing(state)):
        raise _differs(game, "wordless play changes the chance tally or the standing", where)
    loud = game.outcome(state)
    if (outcome is None) != (loud is None) or (
        outcome and loud and (outcome.scores, outcome.ranking) != (loud.scores, loud.ranking)
    ):
        raise _differs(game, "wordless play changes the result", where)
    loud_part, quiet_part = since(state, told[0]), since(quiet, told[1])
    if loud_part is None or quiet_part is None:
        loud_part, quiet_part = state, quiet
    if _unworded(game.dump(loud_part)) != _unworded(game.dump(quiet_part)):
        raise _differs(game, "wordless play makes states that differ in more than words", where)


_MESSAGE = frozenset({"m", "p", "en"})  # the keys of a Text's JSON form
_PLAIN = frozenset({str, int, float, bool, type(None)})


def _unworded(data: Any) -> Any:
    """Dumped JSON with every message (a Text, or its JSON form) as one mark: its shape."""
    if type(data) in _PLAIN:  # most values, at every ply, twice: told apart at once
        return data
    if isinstance(data, Text) or (isinstance(data, dict) and data.keys() == _MESSAGE):
        return "…"
    # A plain member is itself: kept without a call (the log's lines are most of a dump).
    if isinstance(data, dict):
        return {k: v if type(v) in _PLAIN else _unworded(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [v if type(v) in _PLAIN else _unworded(v) for v in data]
    return data
