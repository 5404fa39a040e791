"""Guard rails read from the source: imports point one way, and every game has the same shape.

The engine never imports the games (they register themselves); cogs talk to the service only;
every game package has the same skeleton and a data file the engine's helper finds.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bot.engine import all_games, data_path, load_data

ROOT = Path(__file__).resolve().parents[1]
GAMES_DIR = ROOT / "bot" / "games"
# Which packages may not import what: the arrow only points from the Discord side to the rules.
FORBIDDEN = {
    "bot/engine": ("bot.games", "bot.service", "bot.store", "cogs", "rendering", "discord"),
    "bot/games": ("bot.service", "bot.store", "cogs", "rendering", "discord"),
    "cogs": ("bot.engine", "bot.games"),
}
# The files every game package has, each with one role (README, "Adding a game").
SKELETON = frozenset(
    {
        "__init__.py",  # registers the package's GAME
        "game.py",  # the Game class behind the engine contract
        "model.py",  # the frozen state
        "rules.py",  # what is legal and what a move does, rule ids in docstrings
        "views.py",  # the typed public and seat views
        "hidden.py",  # resample_hidden: what a seat cannot tell apart
        "scoring.py",  # the end and the outcome
        "codes.py",  # action codes and their words
        "data.py",  # the game's data file, read once through bot.engine.data
    }
)


def imported_modules(source: str) -> list[str]:
    """Every module a source file imports: also inside functions, TYPE_CHECKING and importlib."""
    names: list[str] = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Call) and _is_import_call(node.func):
            names += [a.value for a in node.args[:1] if isinstance(a, ast.Constant)]
    return [name for name in names if isinstance(name, str)]


def _is_import_call(func: ast.expr) -> bool:
    """`importlib.import_module(...)`, `import_module(...)` or `__import__(...)`."""
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in {"import_module", "__import__"}


def reaches(name: str, forbidden: tuple[str, ...]) -> bool:
    """Whether importing `name` reaches one of the forbidden packages."""
    return any(name == f or name.startswith(f + ".") for f in forbidden)


def offenders(folder: str) -> list[str]:
    """`file: module` for every forbidden import under a folder of the project."""
    files = sorted((ROOT / folder).rglob("*.py"))
    assert len(files) >= 5, f"{folder} has only {len(files)} files: wrong folder?"
    return [
        f"{path.relative_to(ROOT)}: {name}"
        for path in files
        for name in imported_modules(path.read_text(encoding="utf-8"))
        if reaches(name, FORBIDDEN[folder])
    ]


@pytest.mark.parametrize("folder", sorted(FORBIDDEN))
def test_imports_point_one_way(folder: str) -> None:
    assert offenders(folder) == []


@pytest.mark.parametrize(
    "source",
    [
        "from bot.engine import get_game",
        "import bot.games.iliad",
        "from bot import engine",
        "from bot import games",
        "def f():\n    from bot.games import ilium\n",
        "if TYPE_CHECKING:\n    from bot.engine.view import View\n",
        "import importlib\nimportlib.import_module('bot.games')\n",
        "__import__('bot.engine')\n",
    ],
)
def test_the_check_catches_every_way_of_importing(source: str) -> None:
    assert any(reaches(name, FORBIDDEN["cogs"]) for name in imported_modules(source))


def test_the_service_is_allowed_from_a_cog() -> None:
    modules = imported_modules("from bot.service import Board\nimport discord")
    assert not any(reaches(name, FORBIDDEN["cogs"]) for name in modules)


def game_packages() -> list[Path]:
    """Every package folder under bot/games."""
    return sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())


def test_every_game_package_is_registered_and_vice_versa() -> None:
    packages = {path.name for path in game_packages()}
    assert len(packages) >= 4
    assert packages == {game.spec.id for game in all_games()}


@pytest.mark.parametrize("package", game_packages(), ids=lambda p: p.name)
def test_every_game_package_has_the_skeleton(package: Path) -> None:
    missing = sorted(SKELETON - {path.name for path in package.glob("*.py")})
    assert missing == []


@pytest.mark.parametrize("package", game_packages(), ids=lambda p: p.name)
def test_every_game_package_registers_its_game_itself(package: Path) -> None:
    calls = [
        node
        for node in ast.walk(ast.parse((package / "__init__.py").read_text(encoding="utf-8")))
        if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "register"
    ]
    assert len(calls) == 1


@pytest.mark.parametrize("game_id", [game.spec.id for game in all_games()])
def test_every_registered_game_has_a_data_file(game_id: str) -> None:
    assert data_path(game_id).is_file()
    assert load_data(game_id)


@pytest.mark.parametrize("package", game_packages(), ids=lambda p: p.name)
def test_every_game_reads_its_data_through_the_engine_helper(package: Path) -> None:
    imported = imported_modules((package / "data.py").read_text(encoding="utf-8"))
    assert {"bot.engine.load_data", "bot.engine.data.load_data"} & set(imported)


# -- service --------------------------------------------------------------------------------
# The service is composed, not inherited (issue 22): small classes with at most two bases and
# a handful of public methods, short modules, no reaching into another object's private parts,
# and a game's parts in memory assigned by the repository alone. The checkers read source
# text, so each is also run on planted text it must catch.

SERVICE_DIR = ROOT / "bot" / "service"
MOST_BASES = 2
MOST_PUBLIC_METHODS = 25
MOST_LINES = 400
REPOSITORY = "games.py"  # the one module that replaces a game's parts
GAME_PARTS = frozenset({"record", "state", "clock", "heard", "last"})  # LiveGame's, but the lock
# A NamedTuple's public methods are spelled with an underscore (so no field can clash with them).
NAMEDTUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_field_defaults", "_make"})


def sources(folder: Path) -> dict[str, str]:
    """Every module of a folder (not its subfolders), by file name."""
    files = sorted(folder.glob("*.py"))
    assert len(files) >= 5, f"{folder} has only {len(files)} files: wrong folder?"
    return {path.name: path.read_text(encoding="utf-8") for path in files}


def _classes(modules: dict[str, str]) -> dict[str, ast.ClassDef]:
    """Every class of the modules by name (the last one of a name wins)."""
    return {
        node.name: node
        for source in modules.values()
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef)
    }


def _base_name(base: ast.expr) -> str:
    """`Base`, `module.Base` or `Base[T]` as the base's own name."""
    if isinstance(base, ast.Subscript):
        base = base.value
    return base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")


def many_bases(modules: dict[str, str], most: int = MOST_BASES) -> list[str]:
    """`Class: n bases` for every class with more than `most` bases."""
    return [
        f"{name}: {len(node.bases)} bases"
        for name, node in _classes(modules).items()
        if len(node.bases) > most
    ]


def public_methods(name: str, classes: dict[str, ast.ClassDef]) -> set[str]:
    """A class's public methods, its own and those of its bases among `classes`."""
    node = classes[name]
    own = {
        f.name
        for f in node.body
        if isinstance(f, ast.FunctionDef | ast.AsyncFunctionDef) and not f.name.startswith("_")
    }
    for base in node.bases:
        inherited = _base_name(base)
        if inherited in classes and inherited != name:
            own |= public_methods(inherited, classes)
    return own


def many_public_methods(modules: dict[str, str], most: int = MOST_PUBLIC_METHODS) -> list[str]:
    """`Class: n public methods` for every class with more than `most` (inherited ones too)."""
    classes = _classes(modules)
    counts = {name: len(public_methods(name, classes)) for name in classes}
    return [f"{name}: {count} public methods" for name, count in counts.items() if count > most]


def long_modules(modules: dict[str, str], most: int = MOST_LINES) -> list[str]:
    """`module: n lines` for every module longer than `most` lines."""
    lengths = {name: len(source.splitlines()) for name, source in modules.items()}
    return [f"{name}: {count} lines" for name, count in lengths.items() if count > most]


def private_reaches(modules: dict[str, str]) -> list[str]:
    """`module:line: x._name` wherever code reads another object's private (`_x`) attribute or
    method: only `self` and `cls` may use their own (a NamedTuple's `_replace` is public)."""
    found = []
    for module, source in modules.items():
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
                continue
            dunder = node.attr.startswith("__") and node.attr.endswith("__")
            if dunder or node.attr in NAMEDTUPLE_API:
                continue
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            found.append(f"{module}:{node.lineno}: {ast.unparse(node)}")
    return found


def _targets(node: ast.AST) -> list[ast.expr]:
    """What an assignment statement assigns to, tuples unpacked."""
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, ast.AugAssign | ast.AnnAssign):
        targets = [node.target]
    else:
        return []
    flat: list[ast.expr] = []
    while targets:
        target = targets.pop()
        if isinstance(target, ast.Tuple | ast.List):
            targets += target.elts
        else:
            flat.append(target)
    return flat


def _sets_a_part(call: ast.Call, parts: frozenset[str]) -> bool:
    """`setattr(x, "part", ...)`, or `object.__setattr__(...)` (the way into a frozen value)."""
    called = _base_name(call.func)
    named = call.args[1] if len(call.args) > 1 else None
    constant = isinstance(named, ast.Constant) and named.value in parts
    return called == "__setattr__" or (called == "setattr" and constant)


def part_assignments(modules: dict[str, str], parts: frozenset[str] = GAME_PARTS) -> list[str]:
    """`module:line: x.part` wherever a module other than the repository assigns a game's part
    (`self.part = ...` in a constructor is the object's own attribute, not a game's), or sets
    one through setattr by name."""
    found = []
    for module, source in modules.items():
        if module == REPOSITORY:
            continue
        for node in ast.walk(ast.parse(source)):
            for target in _targets(node):
                if not isinstance(target, ast.Attribute) or target.attr not in parts:
                    continue
                if isinstance(target.value, ast.Name) and target.value.id == "self":
                    continue
                found.append(f"{module}:{node.lineno}: {ast.unparse(target)}")
            if isinstance(node, ast.Call) and _sets_a_part(node, parts):
                found.append(f"{module}:{node.lineno}: {ast.unparse(node.func)}")
    return found


SERVICE_RULES = {
    "at most two bases": many_bases,
    "at most 25 public methods": many_public_methods,
    "at most 400 lines a module": long_modules,
    "no other object's private parts": private_reaches,
    "a game's parts assigned by the repository alone": part_assignments,
}


@pytest.mark.parametrize("rule", sorted(SERVICE_RULES))
def test_the_service_keeps_its_shape(rule: str) -> None:
    assert SERVICE_RULES[rule](sources(SERVICE_DIR)) == []


def test_the_game_parts_are_the_live_games_slots_but_the_lock() -> None:
    from bot.service.state import LiveGame

    assert set(LiveGame.__slots__) == GAME_PARTS | {"game", "lock"}


PLANTED = {
    "at most two bases": {
        "grown.py": "class GameService(Deadlines, TurnVotes, Archive):\n    pass\n",
    },
    "at most 25 public methods": {
        "base.py": "class Cache:\n" + "".join(f"    def read_{n}(self): ...\n" for n in range(20)),
        "grown.py": "class Service(Cache):\n"
        + "".join(f"    async def do_{n}(self): ...\n" for n in range(6)),
    },
    "at most 400 lines a module": {"grown.py": "x = 1\n" * 401},
    "no other object's private parts": {
        "grown.py": "async def f(self, s):\n    await self.commit._write(s, w)\n",
    },
    "a game's parts assigned by the repository alone": {
        "grown.py": "def f(s, v):\n    s.record, s.state = v, None\n",
    },
}
PLANTED_ALSO = [
    ("no other object's private parts", "x = other._sessions[1]\n"),
    ("a game's parts assigned by the repository alone", "def f(s):\n    s.heard += 1\n"),
    ("a game's parts assigned by the repository alone", "setattr(s, 'clock', None)\n"),
    ("a game's parts assigned by the repository alone", "object.__setattr__(s, name, 1)\n"),
    ("at most two bases", "class A(B, C[int], m.D):\n    pass\n"),
]


@pytest.mark.parametrize("rule", sorted(PLANTED))
def test_each_service_rule_catches_a_planted_violation(rule: str) -> None:
    assert set(PLANTED) == set(SERVICE_RULES)
    assert SERVICE_RULES[rule](PLANTED[rule]) != []


@pytest.mark.parametrize(("rule", "source"), PLANTED_ALSO)
def test_each_service_rule_catches_other_forms(rule: str, source: str) -> None:
    assert SERVICE_RULES[rule]({"grown.py": source}) != []


def test_the_service_rules_let_the_allowed_forms_pass() -> None:
    allowed = (
        "class Lobby:\n"
        "    def __init__(self, clock):\n"
        "        self.clock = clock\n"
        "        self._cache = {}\n"
        "    def join(self, s):\n"
        "        return self._cache, self.__class__, s.record._replace(version=2)\n"
    )
    assert all(check({"lobby.py": allowed}) == [] for check in SERVICE_RULES.values())
    assert part_assignments({REPOSITORY: "def put(s, r):\n    s.record = r\n"}) == []
