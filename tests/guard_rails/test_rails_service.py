"""The service is composed, not inherited."""

from __future__ import annotations

import ast

import pytest

from tests.guard_rails.checks import (
    _base_name,
    crowded_classes,
    long_modules,
    methods,
    sources_under,
    wide_classes,
)

# -- service --
# The service is composed, not inherited (issue 22 items 1, 2 and 7): no class with more than
# two bases or 25 public methods, no module past 400 lines (the store and games sections'
# checkers); no code reads another object's private (`_x`) attribute or method; and a game's
# parts in memory are assigned by the repository alone. Each rule is also run on planted
# source below and must report it.
REPOSITORY = "bot/service/games.py"  # the one module that replaces a game's parts
GAME_PARTS = frozenset({"record", "state", "clock", "heard", "last"})  # LiveGame's, but the lock
# A NamedTuple's public methods are spelled with an underscore (so no field can clash with them).
NAMEDTUPLE_API = frozenset({"_replace", "_asdict", "_fields", "_field_defaults", "_make"})


def private_reaches(sources: dict[str, str]) -> list[str]:
    """`file:line: x._name` wherever code reads another object's private (`_x`) attribute or
    method: only `self` and `cls` may use their own (a NamedTuple's `_replace` is public)."""
    found = []
    for path, source in sorted(sources.items()):
        for node in ast.walk(ast.parse(source)):
            if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
                continue
            dunder = node.attr.startswith("__") and node.attr.endswith("__")
            if dunder or node.attr in NAMEDTUPLE_API:
                continue
            owner = node.value
            if isinstance(owner, ast.Name) and owner.id in ("self", "cls"):
                continue
            found.append(f"{path}:{node.lineno}: {ast.unparse(node)}")
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


def part_assignments(sources: dict[str, str], parts: frozenset[str] = GAME_PARTS) -> list[str]:
    """`file:line: x.part` wherever a module other than the repository assigns a game's part
    (`self.part = ...` in a constructor is the object's own attribute, not a game's), or sets
    one through setattr by name."""
    found = []
    for path, source in sorted(sources.items()):
        if path == REPOSITORY:
            continue
        for node in ast.walk(ast.parse(source)):
            for target in _targets(node):
                if not isinstance(target, ast.Attribute) or target.attr not in parts:
                    continue
                if isinstance(target.value, ast.Name) and target.value.id == "self":
                    continue
                found.append(f"{path}:{target.lineno}: {ast.unparse(target)}")
            if isinstance(node, ast.Call) and _sets_a_part(node, parts):
                found.append(f"{path}:{node.lineno}: {ast.unparse(node.func)}")
    return found


def service_sources() -> dict[str, str]:
    """The service's modules (a floor catches a wrong folder)."""
    sources = sources_under("bot/service")
    assert len(sources) >= 25
    return sources


SERVICE_RULES = {
    "at most two bases": wide_classes,
    "at most 25 public methods": crowded_classes,
    "at most 400 lines a module": long_modules,
    "no other object's private parts": private_reaches,
    "a game's parts assigned by the repository alone": part_assignments,
}


@pytest.mark.parametrize("rule", sorted(SERVICE_RULES))
def test_the_service_keeps_its_shape(rule: str) -> None:
    assert SERVICE_RULES[rule](service_sources()) == []


def test_the_game_parts_are_the_live_games_slots_but_the_lock() -> None:
    from bot.service.state import LiveGame

    assert set(LiveGame.__slots__) == GAME_PARTS | {"game", "lock"}


PLANTED = {
    "at most two bases": {
        "bot/service/grown.py": "class GameService(Deadlines, TurnVotes, Archive):\n    pass\n",
    },
    "at most 25 public methods": {
        "bot/service/base.py": "class Cache:\n" + methods(20, "read"),
        "bot/service/grown.py": "class Service(Cache):\n" + methods(6, "do"),
    },
    "at most 400 lines a module": {"bot/service/grown.py": "x = 1\n" * 401},
    "no other object's private parts": {
        "bot/service/grown.py": "async def f(self, s):\n    await self.commit._write(s, w)\n",
    },
    "a game's parts assigned by the repository alone": {
        "bot/service/grown.py": "def f(s, v):\n    s.record, s.state = v, None\n",
    },
}
PLANTED_ALSO = [
    ("no other object's private parts", "x = other._sessions[1]\n"),
    ("a game's parts assigned by the repository alone", "def f(s):\n    s.heard += 1\n"),
    ("a game's parts assigned by the repository alone", "setattr(s, 'clock', None)\n"),
    ("a game's parts assigned by the repository alone", "object.__setattr__(s, name, 1)\n"),
]


@pytest.mark.parametrize("rule", sorted(PLANTED))
def test_each_service_rule_catches_a_planted_violation(rule: str) -> None:
    assert set(PLANTED) == set(SERVICE_RULES)
    assert SERVICE_RULES[rule](PLANTED[rule]) != []


@pytest.mark.parametrize(("rule", "source"), PLANTED_ALSO)
def test_each_service_rule_catches_other_forms(rule: str, source: str) -> None:
    assert SERVICE_RULES[rule]({"bot/service/grown.py": source}) != []


def test_the_service_rules_let_the_allowed_forms_pass() -> None:
    allowed = (
        "class Lobby:\n"
        "    def __init__(self, clock):\n"
        "        self.clock = clock\n"
        "        self._cache = {}\n"
        "    def join(self, s):\n"
        "        return self._cache, self.__class__, s.record._replace(version=2)\n"
    )
    assert all(check({"bot/service/lobby.py": allowed}) == [] for check in SERVICE_RULES.values())
    assert part_assignments({REPOSITORY: "def put(s, r):\n    s.record = r\n"}) == []
