"""Discord's own OpenAPI description of its REST API, as the check on every request the bot sends.

The description (`discord_api_spec/openapi.json`, Discord's, MIT) is read and tuned once per
process (openapi_tuning, openapi_keywords: the same requests accepted and refused, checked in
a fraction of a millisecond); each operation's validators are built once, on first use, and a
body that openapi_fast surely accepts is not walked by jsonschema. Where
Discord accepts more than its schema (the spec folder's README), so does the check: an id may
be a non-negative JSON number and a boolean query parameter may be `1`/`0`.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator, ValidationError, validators
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from .openapi_fast import Accepts, QuickCheck
from .openapi_keywords import Keywords
from .openapi_tuning import tune

SPEC_FILE = Path(__file__).with_name("discord_api_spec") / "openapi.json"
BASE_URI = "urn:discord-api-spec"
QUERY_TRUE, QUERY_FALSE = frozenset({"true", "True", "1"}), frozenset({"false", "False", "0"})

Schema = dict[str, Any]
Where = tuple[str | int, ...]


@dataclasses.dataclass(frozen=True)
class FormError:
    """One field Discord would name in a 400 'Invalid Form Body': where, its code, and why."""

    where: Where
    code: str
    message: str


@dataclasses.dataclass(frozen=True)
class Operation:
    """One method on one route of the description, with the checks its requests must pass."""

    name: str
    path_checks: Mapping[str, Draft202012Validator]
    query_checks: Mapping[str, Draft202012Validator]
    body: Draft202012Validator | None
    body_required: bool
    body_surely_valid: Accepts  # True: the body validator would find nothing (openapi_fast)

    def check(
        self, path_values: Mapping[str, str], query: Mapping[str, str], body: Any
    ) -> list[FormError]:
        """Every way the path, query and body break the description (none: Discord accepts)."""
        found: list[FormError] = []
        for name, value in path_values.items():
            found += _check_value(self.path_checks[name], value, (name,))
        for name, raw in query.items():
            check = self.query_checks.get(name)
            if check is not None:  # Discord ignores query parameters it does not know
                found += _check_value(check, _query_value(check.schema, raw), (name,))
        if body is None:
            if self.body_required:
                found.append(FormError((), "BASE_TYPE_REQUIRED", "This field is required"))
        elif self.body is not None and not self.body_surely_valid(body):
            found += [_form_error(c) for e in self.body.iter_errors(body) for c in _causes(e)]
        return found


class Description:
    """The routes of the description, matched against request paths, and their operations."""

    def __init__(self, spec: Schema) -> None:
        """Tune the schemas and index the routes; validators are built on first use."""
        self._spec = spec
        resource = Resource.from_contents(spec, default_specification=DRAFT202012)
        self._resolver = Registry().with_resource(BASE_URI, resource).resolver(BASE_URI)
        self._resolved: dict[str, Schema] = {}
        tune(spec, self._lookup)
        keywords = {"$ref": self._ref, **Keywords().table()}
        self._validator_class = validators.extend(Draft202012Validator, keywords)
        self._routes = _routes(spec["paths"])
        self._operations: dict[tuple[str, str], Operation | None] = {}
        self._quick = QuickCheck(self._lookup)

    def find(self, method: str, path: str) -> tuple[Operation, dict[str, str]] | None:
        """The operation a request addresses and its path parameters (None: not described)."""
        for template, pattern in self._routes.get(path.count("/"), ()):
            match = pattern.fullmatch(path)
            if match is None:
                continue
            operation = self._operation(template, method.lower())
            return None if operation is None else (operation, match.groupdict())
        return None

    def schema(self, name: str) -> Schema:
        """One of the description's named schemas (as tuned)."""
        found: Schema = self._spec["components"]["schemas"][name]
        return found

    def _operation(self, template: str, method: str) -> Operation | None:
        """Build (once) the checks of one method on one route."""
        key = (template, method)
        if key not in self._operations:
            self._operations[key] = self._build(template, method)
        return self._operations[key]

    def _build(self, template: str, method: str) -> Operation | None:
        """The parameter schemas and the body validator of one operation."""
        route = self._spec["paths"][template]
        operation = route.get(method)
        if operation is None:
            return None
        parameters = [*route.get("parameters", ()), *operation.get("parameters", ())]
        by_place: dict[str, dict[str, Draft202012Validator]] = {"path": {}, "query": {}}
        for parameter in parameters:
            if parameter["in"] in by_place:
                schema = self._deref(parameter["schema"])
                by_place[parameter["in"]][parameter["name"]] = self._validator_class(schema)
        request_body = operation.get("requestBody") or {}
        content = request_body.get("content") or {}
        chosen = content.get("application/json") or content.get("multipart/form-data")
        body = None if chosen is None else self._validator_class(chosen["schema"])
        quick = self._quick.accepts(chosen["schema"]) if chosen is not None else _nothing
        return Operation(
            operation.get("operationId", f"{method} {template}"),
            by_place["path"],
            by_place["query"],
            body,
            bool(request_body.get("required")) and "application/json" in content,
            quick,
        )

    def _deref(self, schema: Schema) -> Schema:
        """A parameter's schema with a top-level `$ref` followed."""
        return self._lookup(schema["$ref"]) if "$ref" in schema else schema

    def _lookup(self, ref: str) -> Schema:
        """The schema a `$ref` names, resolved by `referencing` once per reference."""
        found = self._resolved.get(ref)
        if found is None:
            found = self._resolved[ref] = self._resolver.lookup(ref).contents
        return found

    def _ref(
        self, validator: Draft202012Validator, ref: str, instance: Any, schema: Schema
    ) -> Iterator[ValidationError]:
        """`$ref`: every reference is into this one document, so the resolution is cached."""
        yield from validator.descend(instance, self._lookup(ref))


@functools.cache
def description() -> Description:
    """The description, read and tuned once per process."""
    return Description(json.loads(SPEC_FILE.read_text(encoding="utf-8")))


def _nothing(body: Any) -> bool:
    """No body schema: nothing to check."""
    return True


def _routes(paths: Mapping[str, Any]) -> dict[int, list[tuple[str, re.Pattern[str]]]]:
    """Route patterns by their number of '/', literal routes ('@me', '@original') first."""
    found: dict[int, list[tuple[int, str, re.Pattern[str]]]] = {}
    for template in paths:
        parts = template.split("/")
        regex = "/".join(
            f"(?P<{p[1:-1]}>[^/]+)" if p.startswith("{") else re.escape(p) for p in parts
        )
        literals = sum(not p.startswith("{") for p in parts)
        found.setdefault(template.count("/"), []).append((-literals, template, re.compile(regex)))
    return {n: [(t, r) for _, t, r in sorted(group)] for n, group in found.items()}


def _query_value(schema: Schema, raw: str) -> Any:
    """A query string's value as the type its schema names ('1'/'0' are booleans too)."""
    kind = schema.get("type")
    if kind == "boolean":
        return True if raw in QUERY_TRUE else False if raw in QUERY_FALSE else raw
    if kind == "integer" and re.fullmatch(r"-?[0-9]+", raw):
        return int(raw)
    return raw


def _check_value(check: Draft202012Validator, value: Any, where: Where) -> list[FormError]:
    """A path or query parameter against its schema."""
    causes = [c for e in check.iter_errors(value) for c in _causes(e)]
    return [dataclasses.replace(_form_error(c), where=where) for c in causes]


def _causes(error: ValidationError) -> list[ValidationError]:
    """The errors that say why: for a oneOf/anyOf, those of the branch that came closest (one
    of the instance's type, with the fewest errors)."""
    if not error.context:
        return [error]
    branches: dict[Any, list[ValidationError]] = {}
    for cause in error.context:
        branches.setdefault(cause.relative_schema_path[0], []).append(cause)

    def distance(errors: list[ValidationError]) -> tuple[bool, int]:
        wrong_type = any(e.validator == "type" and not e.relative_path for e in errors)
        return wrong_type, len(errors)

    closest = min(branches.values(), key=distance)
    return [deeper for cause in closest for deeper in _causes(cause)]


def _form_error(error: ValidationError) -> FormError:
    """The field and Discord-style code of a schema error."""
    where: Where = tuple(error.absolute_path)
    value, limit, kind = error.instance, error.validator_value, error.validator
    if kind == "x-snowflake":
        return FormError(where, "NUMBER_TYPE_COERCE", error.message)
    if kind == "required":
        missing = next(k for k in limit if k not in value)
        return FormError((*where, missing), "BASE_TYPE_REQUIRED", "This field is required")
    codes = {
        "maxLength": ("BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."),
        "maxItems": ("BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length."),
        "minLength": ("BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length."),
        "minItems": ("BASE_TYPE_MIN_LENGTH", f"Must be {limit} or more in length."),
        "maximum": ("NUMBER_TYPE_MAX", f"int value should be less than or equal to {limit}."),
        "minimum": ("NUMBER_TYPE_MIN", f"int value should be greater than or equal to {limit}."),
        "enum": ("BASE_TYPE_CHOICES", f"Value must be one of {limit}."),
    }
    code, message = codes.get(str(kind), ("BASE_TYPE_INVALID", error.message))
    return FormError(where, code, message)
