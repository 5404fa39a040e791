"""A quick yes for requests the tuned description surely accepts; jsonschema has the last word.

Walking a body with jsonschema costs a validator object and a generator per schema it steps
into: most of the strict gate's time, spent on requests that pass. Each schema is compiled here
(once, on first use) into a plain function that answers True only when every keyword accepts
the value, with the same rules as jsonschema and the custom keywords of openapi_keywords. A
keyword it does not know, or cannot decide exactly (a `oneOf` whose branches may share a
type, `uniqueItems` over floats or objects), answers False: the request is then checked by
jsonschema as before, which names each broken field. So a False costs only time, and a True
is never given to a request jsonschema would refuse.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from .openapi_keywords import is_snowflake, plainly_valid

Schema = dict[str, Any]
Accepts = Callable[[Any], bool]
REMEMBERED = 20_000  # valid typed objects remembered per table before the memory starts again
Lookup = Callable[[str], Schema]
# Keywords that only annotate: they never refuse a value (`format` is not asserted by the
# validator the gate uses; `x-discord-union` is the spec's own note).
ANNOTATIONS = frozenset(
    {"title", "description", "format", "contentEncoding", "contentMediaType", "default"}
    | {"example", "examples", "deprecated", "readOnly", "writeOnly", "$comment"}
    | {"x-discord-union"}
)


def _never(value: Any) -> bool:
    """Not decided here: jsonschema checks."""
    return False


def _always(value: Any) -> bool:
    """The empty schema, or `true`."""
    return True


class QuickCheck:
    """Compiles schemas into yes-or-don't-know functions, each schema once per process."""

    def __init__(self, lookup: Lookup) -> None:
        """`lookup` resolves a `$ref` as the validators do."""
        self._lookup = lookup
        self._compiled: dict[int, Accepts] = {}
        self._kept: list[Any] = []  # the schemas compiled, so their ids stay theirs

    def accepts(self, schema: Any) -> Accepts:
        """The function for one schema (compiled on first use; recursion is resolved late)."""
        known = self._compiled.get(id(schema))
        if known is not None:
            return known
        slot: list[Accepts] = []
        self._compiled[id(schema)] = lambda value: slot[0](value)  # a cycle calls the final one
        self._kept.append(schema)
        slot.append(self._compile(schema))
        self._compiled[id(schema)] = slot[0]
        return slot[0]

    def _compile(self, schema: Any) -> Accepts:
        """All the keywords of one schema, each a test of its own."""
        if schema is True or schema == {}:
            return _always
        if not isinstance(schema, dict):
            return _never
        if schema.keys() <= _PLAIN_KEYS:
            return _plain(schema)
        tests: list[Accepts] = []
        for keyword, argument in schema.items():
            if keyword in ANNOTATIONS:
                continue
            build = self._keywords().get(keyword)
            if build is None:
                return _never
            tests.append(build(argument, schema))
        return lambda value: all(test(value) for test in tests)

    def _keywords(self) -> dict[str, Callable[[Any, Schema], Accepts]]:
        return {
            "type": _type,
            "enum": _enum,
            "const": _const,
            "maxLength": lambda n, _: lambda v: not isinstance(v, str) or len(v) <= n,
            "minLength": lambda n, _: lambda v: not isinstance(v, str) or len(v) >= n,
            "maximum": lambda n, _: lambda v: not _number(v) or v <= n,
            "minimum": lambda n, _: lambda v: not _number(v) or v >= n,
            "maxItems": lambda n, _: lambda v: not isinstance(v, list) or len(v) <= n,
            "minItems": lambda n, _: lambda v: not isinstance(v, list) or len(v) >= n,
            "maxProperties": lambda n, _: lambda v: not isinstance(v, dict) or len(v) <= n,
            "minProperties": lambda n, _: lambda v: not isinstance(v, dict) or len(v) >= n,
            "pattern": _pattern,
            "uniqueItems": _unique,
            "required": lambda names, _: (
                lambda v: not isinstance(v, dict) or all(n in v for n in names)
            ),
            "properties": self._properties,
            "additionalProperties": self._additional,
            "items": self._items,
            "x-null-or": lambda branch, _: self._null_or(branch),
            "x-by-type": lambda table, _: self._by_type(table),
            "x-snowflake": lambda on, _: is_snowflake,
            "anyOf": lambda branches, _: self._any_of(branches),
            "oneOf": lambda branches, _: self._one_of(branches),
            "allOf": lambda branches, _: self._all_of(branches),
            "$ref": lambda ref, _: self._ref(str(ref)),
        }

    def _properties(self, schemas: Schema, schema: Schema) -> Accepts:
        checks = {name: self.accepts(sub) for name, sub in schemas.items()}

        def test(value: Any) -> bool:
            if not isinstance(value, dict):
                return True
            for name, item in value.items():
                check = checks.get(name)
                if check is not None and not check(item):
                    return False
            return True

        return test

    def _additional(self, extra: Any, schema: Schema) -> Accepts:
        named = frozenset(schema.get("properties", {}))
        if "patternProperties" in schema:
            return _never
        check = self.accepts(extra)

        def test(value: Any) -> bool:
            if not isinstance(value, dict):
                return True
            return all(check(item) for name, item in value.items() if name not in named)

        return test

    def _items(self, of_items: Any, schema: Schema) -> Accepts:
        if not isinstance(of_items, dict) or "prefixItems" in schema:
            return _never  # openapi_keywords' `items` reads only a schema object
        check = self.accepts(of_items)
        return lambda value: not isinstance(value, list) or all(check(item) for item in value)

    def _null_or(self, branch: Schema) -> Accepts:
        check = self.accepts(branch)
        return lambda value: value is None or check(value)

    def _by_type(self, table: Schema) -> Accepts:
        checks = {key: self.accepts(branch) for key, branch in table.items()}
        valid: set[str] = set()  # a board's buttons come back in edit after edit

        def test(value: Any) -> bool:
            kind = value.get("type") if isinstance(value, dict) else None
            check = checks.get(json.dumps(kind))
            if check is None:
                return False
            known = json.dumps(value)
            if known in valid:
                return True
            if not check(value):
                return False
            if len(valid) >= REMEMBERED:
                valid.clear()
            valid.add(known)
            return True

        return test

    def _any_of(self, branches: list[Any]) -> Accepts:
        checks = [self.accepts(branch) for branch in branches]
        return lambda value: any(check(value) for check in checks)

    def _one_of(self, branches: list[Any]) -> Accepts:
        """Exactly one branch: decided here when the branches declare types no two share (a
        value then fits one branch at most), else by jsonschema."""
        kinds: list[str] = []
        for branch in branches:
            declared = branch.get("type") if isinstance(branch, dict) else None
            if declared is None:
                return _never
            kinds += [declared] if isinstance(declared, str) else declared
        if ("integer" in kinds and "number" in kinds) or len(set(kinds)) != len(kinds):
            return _never
        return self._any_of(branches)

    def _all_of(self, branches: list[Any]) -> Accepts:
        checks = [self.accepts(branch) for branch in branches]
        return lambda value: all(check(value) for check in checks)

    def _ref(self, ref: str) -> Accepts:
        target: list[Accepts] = []

        def test(value: Any) -> bool:
            if not target:
                target.append(self.accepts(self._lookup(ref)))
            return target[0](value)

        return test


_PLAIN_KEYS = frozenset(
    {"type", "maxLength", "minLength", "minimum", "maximum", "enum", "pattern", "format"}
    | {"title", "description", "x-snowflake"}
)


def _plain(schema: Schema) -> Accepts:
    """A schema of plain keywords: a string of bounded length and a bare id checked in place,
    anything else by `plainly_valid`."""
    kind = schema.get("type")
    if kind == "string" and schema.keys() <= {"type", "maxLength", "minLength"} | ANNOTATIONS:
        low, high = schema.get("minLength", 0), schema.get("maxLength")
        if high is None:
            return lambda v: isinstance(v, str) and low <= len(v)
        return lambda v: isinstance(v, str) and low <= len(v) <= high
    if schema.keys() - ANNOTATIONS == {"x-snowflake"}:
        return is_snowflake
    return lambda value: plainly_valid(schema, value)


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _type(kind: Any, schema: Schema) -> Accepts:
    kinds = [kind] if isinstance(kind, str) else list(kind)
    return lambda value: plainly_valid({"type": kinds}, value)


def _enum(options: list[Any], schema: Schema) -> Accepts:
    return lambda value: plainly_valid({"enum": options}, value)


def _const(expected: Any, schema: Schema) -> Accepts:
    return lambda value: plainly_valid({"enum": [expected]}, value)


def _pattern(pattern: str, schema: Schema) -> Accepts:
    return lambda value: not isinstance(value, str) or plainly_valid({"pattern": pattern}, value)


def _unique(on: Any, schema: Schema) -> Accepts:
    if on is not True:
        return _always

    def test(value: Any) -> bool:
        if not isinstance(value, list):
            return True
        if all(isinstance(v, str) for v in value) or all(
            isinstance(v, int) and not isinstance(v, bool) for v in value
        ):
            return len(set(value)) == len(value)
        return len(value) < 2  # floats (1 == 1.0), booleans, objects: jsonschema decides

    return test
