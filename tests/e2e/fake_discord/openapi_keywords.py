"""The keywords the tuned description checks with (openapi_tuning), and the shortcuts that keep a
check cheap: each gives the same verdict and errors as jsonschema's own keyword.

- `properties`: a property whose schema only states a type, lengths, bounds, an enum or a
  pattern is checked in place when it passes (jsonschema steps into every one of them: most of
  the cost of a request); one that fails is stepped into as usual, for jsonschema's error.
- `items`: the same, for the items of an array.
- `anyOf`: the branch that matched last time is tried first.
- `x-by-type`: a typed object (a component, a command option) found valid is remembered by its
  JSON and not checked again: a board's buttons come back in edit after edit.
"""

from __future__ import annotations

import functools
import json
import re
from collections.abc import Iterator
from typing import Any

from jsonschema import Draft202012Validator, ValidationError

Schema = dict[str, Any]
PLAIN = frozenset(
    {"type", "maxLength", "minLength", "minimum", "maximum", "enum", "pattern", "format"}
    | {"title", "description", "x-snowflake"}
)
SNOWFLAKE = re.compile(r"^(0|[1-9][0-9]*)$")
JSON_TYPES: dict[str, tuple[type, ...]] = {
    "string": (str,),
    "integer": (int,),
    "number": (int, float),
    "boolean": (bool,),
    "null": (type(None),),
    "array": (list,),
    "object": (dict,),
}


class Keywords:
    """The custom keywords, with what they remember between requests (per process)."""

    LIMIT = 50_000  # remembered valid objects before the memory starts again

    def __init__(self) -> None:
        """Remember nothing yet."""
        self._valid: set[tuple[int, str]] = set()
        self._first: dict[int, int] = {}

    def table(self) -> dict[str, Any]:
        """The keyword functions, for `jsonschema.validators.extend`."""
        return {
            "properties": properties,
            "items": items,
            "anyOf": self.any_of,
            "x-by-type": self.by_type,
            "x-null-or": null_or,
            "x-snowflake": snowflake,
        }

    def by_type(
        self, validator: Draft202012Validator, table: Schema, instance: Any, schema: Schema
    ) -> Iterator[ValidationError]:
        """`x-by-type`: the branch for the instance's `type` (a discriminated oneOf/anyOf)."""
        kind = instance.get("type") if isinstance(instance, dict) else None
        branch = table.get(json.dumps(kind))
        if branch is None:
            known = ", ".join(sorted(table))
            yield ValidationError(f"type {kind!r} is none of {known}", validator="type")
            return
        key = (id(branch), json.dumps(instance))
        if key in self._valid:
            return
        errors = list(validator.descend(instance, branch))
        if not errors:
            if len(self._valid) >= self.LIMIT:
                self._valid.clear()
            self._valid.add(key)
        yield from errors

    def any_of(
        self, validator: Draft202012Validator, branches: list[Schema], instance: Any, schema: Schema
    ) -> Iterator[ValidationError]:
        """`anyOf`, trying first the branch that matched last time."""
        first = self._first.get(id(branches), 0)
        order = [first, *(i for i in range(len(branches)) if i != first)]
        found: list[ValidationError] = []
        for index in order:
            errors = list(validator.descend(instance, branches[index], schema_path=index))
            if not errors:
                self._first[id(branches)] = index
                return
            found += errors
        yield ValidationError(f"{instance!r} is valid under none of its schemas", context=found)


def properties(
    validator: Draft202012Validator, schemas: Schema, instance: Any, schema: Schema
) -> Iterator[ValidationError]:
    """`properties`, with plain ones that pass checked in place."""
    if not isinstance(instance, dict):
        return
    for name, subschema in schemas.items():
        if name in instance and not plainly_valid(subschema, instance[name]):
            yield from validator.descend(instance[name], subschema, path=name, schema_path=name)


def items(
    validator: Draft202012Validator, schema_of_items: Any, instance: Any, schema: Schema
) -> Iterator[ValidationError]:
    """`items` (the spec uses no `prefixItems`), with plain items that pass checked in place."""
    if not isinstance(instance, list) or not isinstance(schema_of_items, dict):
        return
    for index, item in enumerate(instance):
        if not plainly_valid(schema_of_items, item):
            yield from validator.descend(item, schema_of_items, path=index)


def null_or(
    validator: Draft202012Validator, branch: Schema, instance: Any, schema: Schema
) -> Iterator[ValidationError]:
    """`x-null-or`: null, or an instance the branch accepts."""
    if instance is not None and not plainly_valid(branch, instance):
        yield from validator.descend(instance, branch)


def snowflake(
    validator: Draft202012Validator, on: bool, instance: Any, schema: Schema
) -> Iterator[ValidationError]:
    """`x-snowflake`: an id, as a decimal string or (Discord accepts it) a JSON number, >= 0."""
    if not is_snowflake(instance):
        yield ValidationError(f'Value "{instance}" is not snowflake.', validator="x-snowflake")


def is_snowflake(value: Any) -> bool:
    """A non-negative decimal id, as a string or a JSON integer."""
    if isinstance(value, str):
        return SNOWFLAKE.match(value) is not None
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def plainly_valid(schema: Any, value: Any) -> bool:
    """True when a schema of only plain keywords surely accepts the value (False: step into
    it and let jsonschema decide)."""
    if not isinstance(schema, dict) or not schema.keys() <= PLAIN:
        return False
    if "x-snowflake" in schema and not is_snowflake(value):
        return False
    kind = schema.get("type")
    if kind is not None and not any(
        _is(value, k) for k in ([kind] if isinstance(kind, str) else kind)
    ):
        return False
    if isinstance(value, str):
        if not schema.get("minLength", 0) <= len(value) <= schema.get("maxLength", len(value)):
            return False
        if "pattern" in schema and _pattern(schema["pattern"]).search(value) is None:
            return False
    elif isinstance(value, int | float) and not isinstance(value, bool):  # noqa: SIM102
        if value < schema.get("minimum", value) or value > schema.get("maximum", value):
            return False
    if "enum" in schema:
        return (
            isinstance(value, str | int)
            and not isinstance(value, bool)
            and any(type(option) is type(value) and option == value for option in schema["enum"])
        )
    return True


def _is(value: Any, kind: str) -> bool:
    """JSON Schema's types: a bool is no integer; a float with no fraction is one."""
    if isinstance(value, bool):
        return kind == "boolean"
    if kind == "integer" and isinstance(value, float):
        return value.is_integer()
    return isinstance(value, JSON_TYPES.get(kind, ()))


@functools.cache
def _pattern(pattern: str) -> re.Pattern[str]:
    """A schema's pattern, compiled once."""
    return re.compile(pattern)
