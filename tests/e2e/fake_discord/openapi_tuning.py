"""Rewrites of Discord's OpenAPI schemas that keep what they accept and make checking cheap.

Checked as written, a small message costs jsonschema tens of milliseconds: every `oneOf` tries
all its branches (a button is tried as each of seven kinds of component, a style as each of six
constants). Each rewrite here accepts exactly what the original accepts:
- a `oneOf`/`anyOf` of constants is an `enum`;
- a `oneOf`/`anyOf` of object schemas that each require a `type` with values no other branch
  allows is `x-by-type`: only the branch the instance's `type` names is checked;
- `oneOf: [{"type": "null"}, S]`, where S refuses null, is `x-null-or: S`;
- `allOf: [{"$ref": E}]` beside an `enum` whose values E also lists is dropped;
- a plain `{"$ref": R}` is replaced by the schema R names (resolved by `referencing`), so a
  check does not step through the reference.
`SnowflakeType` (a decimal string) becomes `x-snowflake`, which also takes a non-negative JSON
number: the widening the spec folder's README documents.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Schema = dict[str, Any]
Lookup = Callable[[str], Schema]
SCHEMAS = "#/components/schemas/"
ANNOTATIONS = frozenset({"title", "description"})
SNOWFLAKE: Schema = {"x-snowflake": True}  # openapi_keywords: a decimal string or a number >= 0


def tune(spec: Schema, lookup: Lookup) -> None:
    """Apply every rewrite to the request side of the description, in place."""
    schemas = spec["components"]["schemas"]
    schemas["SnowflakeType"] = SNOWFLAKE
    for part in (spec["paths"], schemas):
        _combinations(part, schemas)
    for part in (spec["paths"], schemas):
        _inline(part, lookup)


def _combinations(node: Any, schemas: Schema) -> None:
    """The enum, x-by-type and x-null-or rewrites, everywhere below `node`."""
    if isinstance(node, list):
        for item in node:
            _combinations(item, schemas)
        return
    if not isinstance(node, dict):
        return
    for keyword in ("oneOf", "anyOf"):
        branches = node.get(keyword)
        if not isinstance(branches, list):
            continue
        constants = _constants(branches)
        nullable = _null_or(branches, schemas) if keyword == "oneOf" else None
        if constants is not None:
            node["enum"] = constants
        elif nullable is not None:
            node["x-null-or"] = nullable
        elif (table := _discriminated(branches, schemas)) is not None:
            node["x-by-type"] = table
        else:
            continue
        del node[keyword]
    for value in node.values():
        _combinations(value, schemas)


def _constants(branches: list[Any]) -> list[Any] | None:
    """The values of a combination that only lists distinct constants."""
    if not all(isinstance(b, dict) and "const" in b and set(b) - {"const"} <= ANNOTATIONS
               for b in branches):  # fmt: skip
        return None
    values = [b["const"] for b in branches]
    return values if len({json.dumps(v) for v in values}) == len(values) else None


def _target(branch: Any, schemas: Schema) -> Schema | None:
    """The component schema a `{"$ref": ...}` branch names, if that is what it is."""
    if not isinstance(branch, dict) or set(branch) != {"$ref"}:
        return None
    ref = str(branch["$ref"])
    return schemas.get(ref[len(SCHEMAS) :]) if ref.startswith(SCHEMAS) else None


def _null_or(branches: list[Any], schemas: Schema) -> Schema | None:
    """S for `oneOf: [{"type": "null"}, S]` when S refuses null (it declares types without
    null, or is an id)."""
    if len(branches) != 2 or branches[0] != {"type": "null"}:
        return None
    other = branches[1]
    target = (_target(other, schemas) or other) if isinstance(other, dict) else {}
    declared = target.get("type")
    if target is SNOWFLAKE:
        return dict(other)
    if declared is None or "null" in ([declared] if isinstance(declared, str) else declared):
        return None
    return dict(other)


def _discriminated(branches: list[Any], schemas: Schema) -> Schema | None:
    """{JSON of a `type` value: branch} when every branch is an object schema that requires
    `type` and allows values no other branch allows; else None."""
    table: Schema = {}
    for branch in branches:
        target = _target(branch, schemas)
        if target is None or "type" not in target.get("required", ()):
            return None
        kind = target.get("properties", {}).get("type", {})
        values = kind.get("enum") or ([kind["const"]] if "const" in kind else None)
        if not values:
            return None
        for value in values:
            key = json.dumps(value)
            if key in table:
                return None
            table[key] = branch
    return table


def _inline(node: Any, lookup: Lookup) -> None:
    """Replace plain references by the schemas they name (never walking into those: each is
    tuned where it stands), and drop an `allOf` that restates an enum."""
    items = enumerate(node) if isinstance(node, list) else node.items()
    for key, value in list(items):
        if isinstance(value, dict) and set(value) == {"$ref"}:
            node[key] = lookup(str(value["$ref"]))
        elif isinstance(value, dict | list):
            if isinstance(value, dict):
                _drop_restated_enum(value, lookup)
            _inline(value, lookup)


def _drop_restated_enum(node: Schema, lookup: Lookup) -> None:
    """`{"enum": [2], "allOf": [{"$ref": <all component types>}]}` says no more than its enum."""
    restated = node.get("allOf")
    if "enum" not in node or not isinstance(restated, list) or len(restated) != 1:
        return
    ref = restated[0].get("$ref") if isinstance(restated[0], dict) else None
    if ref is None:
        return
    allowed = {json.dumps(v) for v in lookup(str(ref)).get("enum", ())}
    if {json.dumps(v) for v in node["enum"]} <= allowed:
        del node["allOf"]
