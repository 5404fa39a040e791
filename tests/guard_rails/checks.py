"""What every guard rail reads the source with: imports, sizes and class shapes, by ast."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
GAMES_DIR = ROOT / "bot" / "games"
MOST_PUBLIC_METHODS = 25
MOST_LINES = 400
MOST_BASES = 2
# Which packages may not import what: the arrow only points from the Discord side to the rules.
FORBIDDEN = {
    "bot/engine": ("bot.games", "bot.service", "bot.store", "cogs", "rendering", "discord"),
    "bot/games": ("bot.service", "bot.store", "cogs", "rendering", "discord"),
    "bot/ai": ("bot.service", "bot.store", "cogs", "rendering", "discord"),
    "bot/i18n": ("bot.engine", "bot.games", "bot.service", "bot.store", "cogs", "discord"),
    "cogs": ("bot.engine", "bot.games"),
    "bot/leagues": ("bot.engine", "bot.games", "bot.service", "bot.store", "cogs", "discord"),
    "web": ("bot.engine", "bot.games", "cogs", "discord"),
}


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
            names += [
                a.value
                for a in node.args[:1]
                if isinstance(a, ast.Constant) and isinstance(a.value, str)
            ]
    return names


def _is_import_call(func: ast.expr) -> bool:
    """`importlib.import_module(...)`, `import_module(...)` or `__import__(...)`."""
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    return name in {"import_module", "__import__"}


def reaches(name: str, forbidden: tuple[str, ...]) -> bool:
    """Whether importing `name` reaches one of the forbidden packages."""
    return any(name == f or name.startswith(f + ".") for f in forbidden)


def sources_under(*folders: str) -> dict[str, str]:
    """`path: source` of every Python file under the folders of the project."""
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for folder in folders
        for path in sorted((ROOT / folder).rglob("*.py"))
    }


def long_modules(sources: dict[str, str], most: int = MOST_LINES) -> list[str]:
    """`file: lines` for every module longer than `most` lines."""
    counts = {path: len(source.splitlines()) for path, source in sources.items()}
    return [f"{path}: {n} lines" for path, n in counts.items() if n > most]


def _base_name(base: ast.expr) -> str:
    """`Game` for `Game`, `engine.Game` and `Game[S, A]`."""
    if isinstance(base, ast.Subscript):
        base = base.value
    return base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "")


def _own_publicmethods(node: ast.ClassDef) -> set[str]:
    """Methods a class defines (or binds: `x = staticmethod(f)`) without a leading underscore."""
    names = set()
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names.add(item.name)
        elif isinstance(item, ast.Assign) and _binds_a_method(item.value):
            names |= {target.id for target in item.targets if isinstance(target, ast.Name)}
    return {name for name in names if not name.startswith("_")}


def _binds_a_method(value: ast.expr) -> bool:
    """`staticmethod(f)` or `classmethod(f)`: a method declared by assignment."""
    return isinstance(value, ast.Call) and getattr(value.func, "id", "") in (
        "staticmethod",
        "classmethod",
    )


def crowded_classes(sources: dict[str, str], most: int = MOST_PUBLIC_METHODS) -> list[str]:
    """`file: class (n public methods)` for every class with more than `most` public methods,
    counting those it inherits from the classes in `sources` (a base is found by its name, in
    its subclass's file first)."""
    found = [
        (path, node)
        for path, source in sources.items()
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef)
    ]
    by_name: dict[tuple[str, str], tuple[str, ast.ClassDef]] = {}
    for path, node in reversed(found):  # ("", name): the first class of that name anywhere
        by_name[path, node.name] = by_name["", node.name] = (path, node)

    def methods(path: str, node: ast.ClassDef, seen: frozenset[str]) -> set[str]:
        names = _own_publicmethods(node)
        for base in map(_base_name, node.bases):
            parent = by_name.get((path, base)) or by_name.get(("", base))
            if parent is not None and base not in seen:
                names |= methods(*parent, seen | {base})
        return names

    counts = [(path, node.name, len(methods(path, node, frozenset()))) for path, node in found]
    return [f"{path}: {name} ({n} public methods)" for path, name, n in counts if n > most]


def imports_reaching(sources: dict[str, str], forbidden: tuple[str, ...]) -> list[str]:
    """`file: module` for every import (any way, see imported_modules) reaching `forbidden`."""
    return [
        f"{path}: {name}"
        for path, source in sorted(sources.items())
        for name in imported_modules(source)
        if reaches(name, forbidden)
    ]


def wide_classes(sources: dict[str, str], most: int = MOST_BASES) -> list[str]:
    """`file: class (n bases)` for every class with more than `most` bases (a mixin chain)."""
    return [
        f"{path}: {node.name} ({len(node.bases)} bases)"
        for path, source in sorted(sources.items())
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.ClassDef) and len(node.bases) > most
    ]


def game_packages() -> list[Path]:
    """Every package folder under bot/games."""
    return sorted(p for p in GAMES_DIR.iterdir() if (p / "__init__.py").is_file())


def methods(count: int, prefix: str = "m") -> str:
    """Source of `count` public methods, to plant a crowded class."""
    return "".join(f"    def {prefix}{k}(self) -> None: ...\n" for k in range(count))


CROWDED = "class Crowded:\n"
