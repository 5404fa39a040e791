"""Which store paths the end-to-end tests pass through on PostgreSQL: re-checks the marked set.

    python -m pytest tests/e2e -p tests.e2e.store_paths --postgresql-everywhere -n 2

runs every end-to-end test on PostgreSQL too, records for each the SQL texts sent through
asyncpg and the lines of bot/store it runs, and says what the tests that normally run on
sqlite only reach on PostgreSQL that no test running there anyway (marked `postgresql`, or
PostgreSQL-only) reaches: mark one of the tests it names. Lines run on importing a module
and the migration scripts are left out (tests/store migrates on PostgreSQL).
"""

from __future__ import annotations

import json
import re
import sys
import threading
from collections import defaultdict
from collections.abc import Iterator
from inspect import CO_NEWLOCALS
from pathlib import Path
from types import FrameType
from typing import Any

import asyncpg.connection
import pytest

STORE = str(Path(__file__).resolve().parents[2] / "bot" / "store") + "/"
KEY = "store_paths"
# Migration scripts (each begins with a comment) and the test server's own statements.
NOT_THE_STORE = (
    "--",
    "CREATE DATABASE",
    "CREATE SCHEMA",
    "SET session_replication_role",
    "SELECT pg_terminate_backend",
    "SELECT tablename FROM pg_tables",
    "SELECT sequencename FROM pg_sequences",
)
_reached: dict[str, set[str]] = defaultdict(set)  # test id -> statements and lines
_kept_ids: set[str] = set()  # PostgreSQL cases that run without the option too
_current: list[str] = []


def _statement(sql: object) -> str:
    text = re.sub(r"\$\d+", "$", " ".join(str(sql).split()))
    return "SQL " + re.sub(r"\b\d{3,}\b", "N", re.sub(r"\$(?:, \$)+", "$…", text))


def _record(method: Any) -> Any:
    async def recorded(self: Any, query: Any, *args: Any, **kwargs: Any) -> Any:
        if _current and not str(query).lstrip().startswith(NOT_THE_STORE):
            _reached[_current[0]].add(_statement(query))
        return await method(self, query, *args, **kwargs)

    return recorded


for _name in ("execute", "executemany", "fetch", "fetchrow", "fetchval"):
    setattr(
        asyncpg.connection.Connection, _name, _record(getattr(asyncpg.connection.Connection, _name))
    )


def _lines(frame: FrameType, event: str, arg: Any) -> Any:
    if event == "line" and _current:
        _reached[_current[0]].add(f"LINE {Path(frame.f_code.co_filename).name}:{frame.f_lineno}")
    return _lines


def _calls(frame: FrameType, event: str, arg: Any) -> Any:
    code = frame.f_code  # functions only: a module or class body runs once, on import
    return _lines if code.co_filename.startswith(STORE) and code.co_flags & CO_NEWLOCALS else None


def pytest_addoption(parser: pytest.Parser) -> None:
    """--postgresql-everywhere: every end-to-end test on PostgreSQL too."""
    parser.addoption(
        "--postgresql-everywhere",
        action="store_true",
        help="run every end-to-end test on PostgreSQL too (tests/e2e/store_paths.py)",
    )


def _backend(item: pytest.Item) -> str | None:
    spec = getattr(item, "callspec", None)
    return None if spec is None else spec.params.get("database")


def _kept(item: pytest.Item) -> bool:
    """A PostgreSQL case that runs without --postgresql-everywhere too."""
    return (
        _backend(item) is None  # PostgreSQL-only
        or item.get_closest_marker("postgresql") is not None
        or any("database" in str(mark.args[0]) for mark in item.iter_markers("parametrize"))
    )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    """Record what each PostgreSQL case of an end-to-end test reaches."""
    uses_server = "postgres_server" in getattr(item, "fixturenames", ())
    if "tests/e2e/" not in item.nodeid or not (_backend(item) == "postgresql" or uses_server):
        yield
        return
    if _kept(item):
        _kept_ids.add(item.nodeid)
    _current[:] = [item.nodeid]
    sys.settrace(_calls)
    threading.settrace(_calls)
    try:
        yield
    finally:
        sys.settrace(None)
        threading.settrace(None)  # type: ignore[arg-type,unused-ignore]
        _current.clear()


def pytest_sessionfinish(session: pytest.Session) -> None:
    """An xdist worker hands what it recorded to the controller."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        reached = {test: sorted(items) for test, items in _reached.items()}
        output[KEY] = json.dumps({"reached": reached, "kept": sorted(_kept_ids)})


def pytest_testnodedown(node: Any, error: Any) -> None:
    """The controller merges each worker's records."""
    data = json.loads(getattr(node, "workeroutput", {}).get(KEY, "{}") or "{}")
    for test, items in data.get("reached", {}).items():
        _reached[test].update(items)
    _kept_ids.update(data.get("kept", []))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """What only the sqlite-only tests reach on PostgreSQL, and which tests reach each."""
    if not _reached:
        return
    kept = set().union(*(_reached[t] for t in _kept_ids if t in _reached))
    missing: dict[str, list[str]] = defaultdict(list)
    for test, items in _reached.items():
        for path in items - kept:
            missing[path].append(test)
    write = terminalreporter.write_line
    write(f"store paths on PostgreSQL: {len(kept)} reached by the {len(_kept_ids)} kept cases")
    if not missing:
        write("every store path the other cases reach there is among them")
    for path, tests in sorted(missing.items()):
        write(f"  not reached by a kept case: {path[:140]}")
        write(f"      reached by: {', '.join(sorted(tests)[:3])}")
