"""Cogs in rooms: the client imports no cog, cogs reach the games only through the service."""

from __future__ import annotations

import pytest

from tests.guard_rails.checks import (
    ROOT,
    crowded_classes,
    imports_reaching,
    long_modules,
    methods,
    sources_under,
)

# -- cogs --
# Cogs in rooms (issue 22 items 5 and 7): the client loads the extensions by name and imports
# nothing of cogs/; cogs reach the games only through the service (never the store, the engine,
# a game or the client: they type the bot as cogs.ui.host.Host); no class has more than 25
# public methods and no module is past 400 lines (the games section's checkers). Each rule is
# also run on a planted violation below and must report it.
CLIENT = "bot/client.py"
COGS_MUST_NOT_IMPORT = ("bot.store", "bot.engine", "bot.games", "bot.client")


def cogs_sources() -> dict[str, str]:
    """Every module of cogs/ (a floor catches a wrong folder)."""
    sources = sources_under("cogs")
    assert len(sources) >= 30
    return sources


def test_the_client_imports_nothing_of_the_cogs() -> None:
    client = {CLIENT: (ROOT / CLIENT).read_text(encoding="utf-8")}
    assert "class SymposionBot" in client[CLIENT]
    assert imports_reaching(client, ("cogs",)) == []


def test_cogs_import_neither_the_store_nor_the_rules_nor_the_client() -> None:
    assert imports_reaching(cogs_sources(), COGS_MUST_NOT_IMPORT) == []


def test_no_class_in_cogs_has_more_than_25_publicmethods() -> None:
    assert crowded_classes(cogs_sources()) == []


def test_no_module_in_cogs_is_past_400_lines() -> None:
    assert long_modules(cogs_sources()) == []


@pytest.mark.parametrize(
    "source",
    [
        "from cogs.ui.table import Table\n",
        "import cogs.presenter\n",
        "if TYPE_CHECKING:\n    from cogs import lobby\n",
        "def setup_hook(self):\n    importlib.import_module('cogs.ui.replies')\n",
    ],
)
def test_the_client_check_catches_a_planted_cogs_import(source: str) -> None:
    assert imports_reaching({CLIENT: source}, ("cogs",)) != []


def test_the_client_check_lets_extensions_be_loaded_by_name() -> None:
    source = 'EXTENSIONS = ("cogs.lobby",)\nawait self.load_extension(EXTENSIONS[0])\n'
    assert imports_reaching({CLIENT: source}, ("cogs",)) == []


@pytest.mark.parametrize(
    "source",
    [
        "from bot.store import DatabaseUnavailable\n",
        "from bot.store.shards import Shards\n",
        "from bot import store\n",
        "import bot.engine\n",
        "from bot.games.iliad import GAME\n",
        "if TYPE_CHECKING:\n    from bot.client import SymposionBot\n",
        "from bot import client\n",
    ],
)
def test_the_cogs_check_catches_a_planted_import(source: str) -> None:
    assert imports_reaching({"cogs/ui/x.py": source}, COGS_MUST_NOT_IMPORT) != []


def test_the_cogs_check_lets_the_service_and_the_host_through() -> None:
    source = "from bot.service import Board\nfrom cogs.ui.host import Host\nimport bot.i18n\n"
    assert imports_reaching({"cogs/x.py": source}, COGS_MUST_NOT_IMPORT) == []


def test_the_cogs_size_checks_catch_a_planted_class_and_module() -> None:
    table = "class TableCog:\n" + methods(20) + "class Table(TableCog):\n" + methods(6, "n")
    assert crowded_classes({"cogs/ui/t.py": table}) == ["cogs/ui/t.py: Table (26 public methods)"]
    assert long_modules({"cogs/ui/t.py": "x = 1\n" * 401}) == ["cogs/ui/t.py: 401 lines"]
