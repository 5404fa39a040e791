"""A narrow store: nothing above it imported, drivers only in the backends, composed."""

from __future__ import annotations

import pytest

from tests.guard_rails.checks import (
    crowded_classes,
    imports_reaching,
    long_modules,
    sources_under,
    wide_classes,
)

# -- store --
# A narrow store (issue 22 items 3 and 7): bot/store imports nothing above it (the rules, the
# games, the service, the computer players, cogs, renderers, discord); only the backends speak
# to a database driver (every other module sees the store's own errors); repositories are
# composed, so no class there has more than two bases; no class has more than 25 public methods
# (inherited ones counted) and no module is past 400 lines (the games section's checkers).
# Each rule is also run on a planted violation below and must report it.

STORE_MUST_NOT_IMPORT = (
    "bot.engine",
    "bot.games",
    "bot.service",
    "bot.ai",
    "cogs",
    "rendering",
    "discord",
)
DRIVERS = ("sqlite3", "aiosqlite", "asyncpg")
# The backends and their helpers: sqlite (its file faults), PostgreSQL (its shard locks).
DRIVER_MODULES = frozenset(
    {
        "bot/store/sqlite.py",
        "bot/store/sqlite_tx.py",
        "bot/store/faults.py",
        "bot/store/postgres.py",
        "bot/store/shard_locks.py",
    }
)
MOST_BASES = 2


def driver_imports(sources: dict[str, str]) -> list[str]:
    """`file: module` for every database driver imported outside the backends."""
    outside = {path: source for path, source in sources.items() if path not in DRIVER_MODULES}
    return imports_reaching(outside, DRIVERS)


def store_sources() -> dict[str, str]:
    """The store's modules (a floor catches a wrong folder)."""
    sources = sources_under("bot/store")
    assert len(sources) >= 15
    return sources


def test_the_store_imports_nothing_above_it() -> None:
    assert imports_reaching(store_sources(), STORE_MUST_NOT_IMPORT) == []


def test_only_the_backends_import_a_database_driver() -> None:
    sources = sources_under("bot", "cogs", "rendering")
    assert set(sources) >= DRIVER_MODULES  # a renamed backend must be named here too
    assert driver_imports(sources) == []


def test_no_class_in_the_store_has_more_than_two_bases() -> None:
    assert wide_classes(store_sources()) == []


def test_no_class_in_the_store_has_more_than_25_publicmethods() -> None:
    assert crowded_classes(store_sources()) == []


def test_no_module_in_the_store_is_past_400_lines() -> None:
    assert long_modules(store_sources()) == []


@pytest.mark.parametrize(
    "source",
    [
        "from bot.engine import get_game\n",
        "import bot.games.iliad\n",
        "from bot.service import GameService\n",
        "from bot.ai import LEVELS\n",
        "if TYPE_CHECKING:\n    from cogs.ui import table\n",
        "from rendering import board_png\n",
        "import discord\n",
        "importlib.import_module('bot.games.iliad')\n",
    ],
)
def test_the_store_import_check_catches_a_planted_import(source: str) -> None:
    assert imports_reaching({"bot/store/x.py": source}, STORE_MUST_NOT_IMPORT) != []


def test_the_store_import_check_lets_its_own_leaves_through() -> None:
    source = "from bot.paths import MIGRATIONS_DIR\nfrom bot.store.rows import GameRow\n"
    assert imports_reaching({"bot/store/x.py": source}, STORE_MUST_NOT_IMPORT) == []


@pytest.mark.parametrize(
    "source", ["import sqlite3\n", "import aiosqlite\n", "from asyncpg import Record\n"]
)
def test_the_driver_check_catches_a_planted_driver_import(source: str) -> None:
    assert driver_imports({"bot/store/games.py": source}) != []
    assert driver_imports({"bot/service/commit.py": source}) != []
    assert driver_imports({"bot/store/sqlite.py": source, "bot/store/postgres.py": source}) == []


def test_the_bases_check_catches_a_planted_mixin_chain() -> None:
    chain = "class Store(Connection, ShardClaims, TimerRows):\n    pass\n"
    assert wide_classes({"bot/store/x.py": chain}) == ["bot/store/x.py: Store (3 bases)"]
    nested = "def f():\n    class Inner(A, B, C, D, metaclass=M):\n        pass\n"
    assert wide_classes({"bot/store/x.py": nested}) == ["bot/store/x.py: Inner (4 bases)"]
    assert wide_classes({"bot/store/x.py": "class Two(Protocol, Generic[T]):\n    pass\n"}) == []


def test_the_store_checks_catch_a_planted_crowded_class_and_long_module() -> None:
    methods = "".join(f"    async def m{n}(self) -> None: ...\n" for n in range(25))
    planted = f"class Repository:\n{methods}    @property\n    def one_more(self) -> int: ...\n"
    found = crowded_classes({"bot/store/x.py": planted})
    assert found == ["bot/store/x.py: Repository (26 public methods)"]
    assert long_modules({"bot/store/x.py": "x = 1\n" * 401}) == ["bot/store/x.py: 401 lines"]
