"""Contract checks every game must pass; used by the test suite and by the simulator."""

from __future__ import annotations

import math
import random
from collections.abc import Hashable, Iterator
from dataclasses import dataclass, field
from functools import cache
from itertools import islice, repeat
from operator import lt
from typing import Any, cast

from bot.engine.errors import ContractViolation as ContractViolation  # the checks raise it
from bot.engine.errors import IllegalAction
from bot.engine.game import AnyGame
from bot.engine.log_parts import Reloads, reloaded
from bot.engine.log_parts import as_json as _json
from bot.engine.spec import Outcome
from bot.engine.view import PUBLIC_KEYS, SEAT_KEYS, public_part

GARBAGE_CODES = ("", " ", "zz:99", "\x00", "9" * 40, "place:ß", "-1", "{}")


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
    points = game.standing(state)
    if len(points) != players or not all(map(isinstance, points, repeat(int))):
        raise _fail(game, "standing must give one whole number per seat", where)
    if not 0 <= seat < players:
        raise _fail(game, f"to_move {seat} is not a seat", where)
    actions = game.legal_actions(state)
    if not actions:
        raise _fail(game, "no legal actions while a seat is to move", where)
    if not isinstance(game.hidden_choices(state), bool):
        raise _fail(game, "hidden_choices must say True or False", where)
    codes = list(map(game.encode, actions))
    if len(set(codes)) != len(codes):
        raise _fail(game, "legal actions are not unique by encode", where)
    # With codes unique, "already sorted" is "no neighbour out of order": no second encode.
    # (map/islice keep this per-ply check in C: it runs at every decision of every playout.)
    if any(map(lt, islice(actions, 1, None), actions)):
        raise _fail(game, "legal actions are not sorted", where)
    return actions


def check_roundtrips(
    game: AnyGame,
    state: Any,
    players: int,
    actions: list[Any],
    where: str,
    reloads: Reloads | None = None,
) -> Any:
    """encode/decode, dump/load and JSON-able views; returns the state loaded from its dump,
    for `check_every_action` (through `reloads` when a playout's earlier plies went through
    it: each log line loaded once)."""
    for action in actions:
        code = game.encode(action)
        if game.decode(code) != action:
            raise _fail(game, f"decode(encode(a)) != a for {code!r}", where)
        if len(code) > 60:
            raise _fail(game, f"action code {code!r} too long for a custom_id", where)
    copy = reloaded(game, state, where) if reloads is None else reloads.reloaded(state, where)
    check_views(game, state, players, where)
    return copy


def check_views(game: AnyGame, state: Any, players: int, where: str) -> None:
    """Every view has the shared keys; a seat's view is the public view plus seat and private."""
    _views(game, state, players, where)


def _views(
    game: AnyGame, state: Any, players: int, where: str, made: list[Any] | None = None
) -> tuple[Any, list[Any]]:
    """`check_views` (on seat views `made` already); returns the public and seat views."""
    public = game.view(state, None)
    _json(public)
    missing = [key for key in PUBLIC_KEYS if key not in public]
    if missing:
        raise _fail(game, f"the public view lacks {', '.join(missing)}", where)
    if any(key in public for key in SEAT_KEYS):
        raise _fail(game, "the public view carries a seat's keys", where)
    if public["players"] != players or len(public["seats"]) != players:
        raise _fail(game, "the view's players and seats do not match the seat count", where)
    if public["to_move"] != game.to_move(state):
        raise _fail(game, "the view's to_move is not the game's", where)
    if not isinstance(public["prompt"], str) or not public["prompt"]:
        raise _fail(game, "the view has no prompt", where)
    seats = []
    for seat in range(players):
        mine = game.view(state, seat) if made is None else made[seat]
        seats.append(mine)
        if mine.get("seat") != seat:
            raise _fail(game, f"the view of seat {seat} does not say whose it is", where)
        if "private" not in mine:
            raise _fail(game, f"the view of seat {seat} has no private part", where)
        if public_part(mine) != public:
            raise _fail(
                game, f"seat {seat}'s view differs from the public one outside 'private'", where
            )
        # Its public part equals the public view, whose JSON is made above: the rest is JSON.
        _json({key: value for key, value in mine.items() if key not in public})
        if not game.spec.has_private and not is_empty(mine.get("private")):
            raise _fail(
                game, f"has_private is False but seat {seat}'s private part holds something", where
            )
    return public, seats


def is_empty(private: Any) -> bool:
    """A private part that shows nothing: no values, or only empty ones (e.g. no log lines)."""
    if isinstance(private, dict):
        return all(not value for value in private.values())
    return not private


def _seen(
    game: AnyGame, state: Any, seat: int, shown: tuple[Any, Any] | None = None
) -> tuple[Any, ...]:
    """Everything `seat` can observe now, as comparable parts (`shown`: the public view and
    the seat's, when made already): equal exactly when its JSON as one text would be."""
    public, mine = shown or (game.view(state, None), game.view(state, seat))
    mover = game.to_move(state)
    hidden = mover is not None and game.hidden_choices(state)
    choices = None
    if mover is not None and (seat == mover or not hidden):
        choices = [[game.encode(a), game.describe(a, state)] for a in game.legal_actions(state)]
    return _told(public), _told(mine), _json(hidden), choices and _json(choices)


def _told(view: Any) -> tuple[Any, str]:
    """A view as its log and the JSON of the rest: lines of text compare as their JSON does,
    and the log, most of a view late in a game, is then not written out at every compare."""
    log = view.get("log") if isinstance(view, dict) else None
    if type(log) is list and all(map(isinstance, log, repeat(str))):
        return log, _json({key: value for key, value in view.items() if key != "log"})
    return None, _json(view)


def check_secrecy(
    game: AnyGame,
    state: Any,
    players: int,
    sampler: random.Random,
    where: str,
    views: tuple[Any, list[Any]] | None = None,
) -> list[Any]:
    """Resampling what a seat cannot see changes nothing it sees; returns the resampled states.

    A view that leaks a secret (another seat's hand, a face-down tile, the deck order) shows
    up here: `resample_hidden` redraws that secret, and the leaking view changes with it.
    `views` are the state's public and seat views when the caller has made them already.
    """
    resampled = []
    for seat in range(players):
        before = _seen(game, state, seat, views and (views[0], views[1][seat]))
        other = game.resample_hidden(state, seat, sampler)
        if _seen(game, other, seat) != before:
            raise _fail(game, f"seat {seat} can tell a resampled state apart: a leak", where)
        check_position(game, other, players, f"{where} resampled for seat {seat}")
        resampled.append(other)
    return resampled


def check_quiet_move(
    game: AnyGame,
    state: Any,
    action: Any,
    players: int,
    sampler: random.Random,
    where: str,
    after: tuple[Any, list[Any]] | None = None,
) -> bool:
    """A move that leaves `chance` unchanged reveals nothing; returns whether it was quiet.

    Undo relies on this: each seat's secrets (and the seed) are drawn again and the same
    move applied; if the seat then sees anything different, the move showed it something
    it could not know, so `chance` should have changed. `after`: the state the move leads
    to and its seat views, when the caller has made them already.
    """
    moved, views = after or (game.apply(state, action), None)
    if game.chance(moved) != game.chance(state):
        return False
    code = game.encode(action)
    for seat in range(players):
        other = game.resample_hidden(state, seat, sampler)
        if code not in {game.encode(a) for a in game.legal_actions(other)}:
            continue
        seen = _told(game.view(game.apply(other, action), seat))
        if seen != _told(game.view(moved, seat) if views is None else views[seat]):
            raise _fail(game, f"{code!r} kept chance unchanged but showed seat {seat} more", where)
    return True


def continue_playout(game: AnyGame, state: Any, players: int, seed: int, where: str) -> None:
    """Play random legal actions from any state to the end, checking each position."""
    chooser = random.Random(f"continue:{seed}")
    for ply in range(game.spec.max_plies + 1):
        actions = check_position(game, state, players, f"{where} +{ply}")
        if not actions:
            return
        state = game.apply(state, chooser.choice(actions))
    raise _fail(game, f"a resampled game did not end within max_plies ({where})", where)


def secrecy_playout(game: AnyGame, players: int, seed: int, *, continue_every: int = 0) -> int:
    """A random playout checking views and secrecy at every ply; returns the plies played.

    With `continue_every`, every so many plies one resampled state is played on to its end,
    proving resampling keeps states legal.
    """
    chooser = random.Random(f"chooser:{seed}")
    sampler = random.Random(f"resample:{seed}")
    state, made = game.new_game(players, seed), None
    for ply in range(game.spec.max_plies + 1):
        where = f"players={players} seed={seed} ply={ply}"
        actions = check_position(game, state, players, where)
        views = _views(game, state, players, where, made)
        resampled = check_secrecy(game, state, players, sampler, where, views)
        if continue_every and ply % continue_every == 0:
            pick = resampled[ply // continue_every % players]
            continue_playout(game, pick, players, seed + ply, where)
        if not actions:
            return ply
        action = chooser.choice(actions)
        tally = game.chance(state)
        if not isinstance(tally, tuple) or not all(isinstance(n, int) for n in tally):
            raise _fail(game, "chance must be a tuple of ints", where)
        after = game.apply(state, action)
        made = [game.view(after, seat) for seat in range(players)]  # this ply's and the next's
        check_quiet_move(game, state, action, players, sampler, where, (after, made))
        state = after
    raise _fail(game, f"game did not end within max_plies={game.spec.max_plies}", where)


def check_every_action(
    game: AnyGame,
    state: Any,
    actions: list[Any],
    foreign: list[str],
    where: str,
    copy: Any = None,
) -> None:
    """Every legal action applies; every foreign or garbage one raises and changes nothing.

    "Nothing" is: the state still equals its copy loaded from its dump, made before (`copy`,
    when the caller has it already), which no action was given.
    """
    if copy is None:
        copy = reloaded(game, state, where)
    for action in actions:
        game.apply(state, action)
    legal = {game.encode(a) for a in actions}
    for code in [*foreign, *GARBAGE_CODES]:
        if code in legal:
            continue
        action = _decoded(cast(Hashable, game), code)
        if action is None:
            continue
        try:
            game.apply(state, action)
        except IllegalAction as error:
            if not str(error):
                raise _fail(game, f"IllegalAction for {code!r} has no message", where) from None
        else:
            raise _fail(game, f"illegal action {code!r} was applied", where)
    if state != copy:
        raise _fail(game, "trying actions changed the input state", where)


@cache
def _decoded(game: Hashable, code: str) -> Any:
    """A code's action, None where the game refuses the code; decoding is pure, so each game
    decodes each foreign code once, not again at every ply of every thorough playout."""
    try:
        return cast(AnyGame, game).decode(code)
    except IllegalAction:
        return None


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
    reloads = Reloads(game)  # each log line dumped and loaded once; the final state whole
    for ply in range(game.spec.max_plies + 1):
        where = f"players={players} seed={seed} ply={ply}"
        actions = check_position(game, state, players, where)
        if not actions:
            check_playout_stats(game, state, where)
            if thorough:
                reloaded(game, state, where)
            playout.final, playout.outcome = state, game.outcome(state)
            return playout
        if thorough:
            copy = check_roundtrips(game, state, players, actions, where, reloads)
            check_every_action(game, state, actions, foreign or [], where, copy)
        action = chooser.choice(actions)
        playout.codes.append(game.encode(action))
        state = game.apply(state, action)
    raise _fail(game, f"game did not end within max_plies={game.spec.max_plies}", where)


def check_playout_stats(game: AnyGame, state: Any, where: str) -> None:
    """A finished game's figures for the simulator: named, and each a finite number."""
    stats = game.playout_stats(state)
    if not isinstance(stats, dict) or not all(isinstance(k, str) and k for k in stats):
        raise _fail(game, "playout_stats must map names to figures", where)
    for name, value in stats.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _fail(game, f"playout_stats {name!r} is not a number", where)
        if not math.isfinite(value):
            raise _fail(game, f"playout_stats {name!r} is not finite", where)


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
