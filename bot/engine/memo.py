"""Answers kept per state: the last legal list, action codes, the public views of recent states.

A caller (a player's button, a playout) almost always lists the legal actions of a state and
then applies one of them; `apply` then checks the action against the same list. States are
immutable, so the list of the state asked last can be kept (with the state itself, so its
identity cannot be reused) and handed out again as a fresh copy. Likewise every seat's view
of a state is its public view plus that seat's secrets: the public part is built once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any, TypeVar, cast

from bot.i18n import is_wordless

A = TypeVar("A")
E = TypeVar("E", bound=Callable[[Any], str])
V = TypeVar("V", bound=Mapping[str, Any])


def remember_last(listing: Callable[..., list[A]]) -> Callable[..., list[A]]:
    """`listing(state, *constants)`, answering again for the same state object without work."""
    last: tuple[Any, tuple[Any, ...], tuple[A, ...]] = (None, (), ())

    @wraps(listing)
    def cached(state: Any, *constants: Any) -> list[A]:
        nonlocal last
        entry = last  # one read: another thread may replace `last` meanwhile
        # No constants at all (the usual case) is the one empty tuple: no walk needed.
        if entry[0] is state and (entry[1] is constants or _same(entry[1], constants)):
            return list(entry[2])
        result = listing(state, *constants)
        last = (state, constants, tuple(result))
        return result

    return cached


def _same(before: tuple[Any, ...], now: tuple[Any, ...]) -> bool:
    """The same constant objects (rules tables), by identity: equality would cost a walk."""
    return len(before) == len(now) and all(a is b for a, b in zip(before, now, strict=True))


def remember_codes(encode: E, most: int = 1 << 12) -> E:
    """`encode(action)` worked out once per action: every listing encodes each of its actions.

    Actions are immutable and few (a game's own small tuples), and their codes depend on the
    action only; `most` bounds the table in case something encodes an endless stream of them.
    """
    known: dict[Any, str] = {}

    @wraps(encode)
    def cached(action: Any) -> str:
        code = known.get(action)
        if code is None:
            code = encode(action)
            if len(known) < most:
                known[action] = code
        return code

    return cast(E, cached)  # the same call as `encode`, so it stands wherever `encode` did


def remember_views(public_view: Callable[..., V], most: int = 32) -> Callable[..., V]:
    """`public_view(state, *constants)` built once per state object among the last `most` asked.

    A move shows every seat its view and the public one, each the same public part (a search or
    the contract checks ask for several seats' views of one state too). Each answer is a fresh
    dict of its own; the values inside are shared, and views are read, never written into.
    Inside `wordless()` the words differ, so that is part of the key.
    """
    known: dict[int, tuple[Any, tuple[Any, ...], bool, V]] = {}

    @wraps(public_view)
    def cached(state: Any, *constants: Any) -> V:
        quiet = is_wordless()
        entry = known.get(id(state))  # the entry holds its state: the id is not reused meanwhile
        if (
            entry is not None
            and entry[0] is state
            and entry[2] is quiet
            and (entry[1] is constants or _same(entry[1], constants))
        ):
            return cast(V, dict(entry[3]))
        view = public_view(state, *constants)
        if len(known) >= most:
            known.clear()
        known[id(state)] = (state, constants, quiet, view)
        return cast(V, dict(view))

    return cached
