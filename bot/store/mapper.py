"""One row mapper for every record: a dataclass's fields filled from the columns of their names.

The few conversions are declared once, here, by a field's type: `bool` (sqlite stores 0 and 1),
`float`, and `dict` or `tuple` (a JSON column), each also as `X | None` (NULL stays None).
Every other field takes the column as the driver gives it (ints and ISO-8601 UTC time texts).
A JSON column that cannot be read is a CorruptRow naming the row by its keys, never quoting it.
"""

from __future__ import annotations

import json
import types
from collections.abc import Callable, Iterable
from dataclasses import fields
from typing import Any, Generic, TypeVar, Union, get_args, get_origin, get_type_hints

from bot.store.backend import Row
from bot.store.errors import CorruptRow

T = TypeVar("T")
Convert = Callable[[Any], Any]


class _NotJSON(Exception):
    """A JSON column held something else (raised inside a conversion, reported by the mapper)."""

    def __init__(self, column: str) -> None:
        super().__init__(column)
        self.column = column


def _json(column: str, then: Convert) -> Convert:
    """Decode a JSON column, then shape it (a dict as is, a list as a tuple)."""

    def decode(value: Any) -> Any:
        try:
            return then(json.loads(value))
        except (TypeError, ValueError):
            raise _NotJSON(column) from None

    return decode


def _or_none(convert: Convert) -> Convert:
    """A nullable column: NULL stays None, anything else is converted."""
    return lambda value: None if value is None else convert(value)


def _identity(value: Any) -> Any:
    return value


def conversion(column: str, hint: object) -> Convert | None:
    """How a column becomes a field of type `hint` (None: taken as it is)."""
    args = get_args(hint)
    if get_origin(hint) in (Union, types.UnionType) and type(None) in args:
        rest = [arg for arg in args if arg is not type(None)]
        inner = conversion(column, rest[0]) if len(rest) == 1 else None
        return None if inner is None else _or_none(inner)
    base = get_origin(hint) or hint
    if base is bool:
        return bool
    if base is float:
        return float
    if base is dict:
        return _json(column, _identity)
    if base is tuple:
        return _json(column, tuple)
    return None


class _Keys:
    """A row read by name for `str.format_map` (only the key columns a description names)."""

    def __init__(self, row: Row) -> None:
        self._row = row

    def __getitem__(self, key: str) -> Any:
        return self._row[key]


class RowMapper(Generic[T]):
    """Reads rows into one frozen dataclass; `what` names a row by its keys ("game #{id}")."""

    def __init__(self, kind: type[T], what: str) -> None:
        hints = get_type_hints(kind)
        self._kind: Callable[..., T] = kind
        self._what = what
        self._plan = [(f.name, conversion(f.name, hints[f.name])) for f in fields(kind)]  # type: ignore[arg-type]

    def one(self, row: Row, **given: Any) -> T:
        """The record of one row; `given` fills the fields no column holds (read elsewhere)."""
        try:
            values = [
                given[name]
                if name in given
                else (row[name] if convert is None else convert(row[name]))
                for name, convert in self._plan
            ]
        except _NotJSON as bad:
            what = self.describe(row)
            raise CorruptRow(f"{what}: column {bad.column} is not valid JSON") from None
        return self._kind(*values)

    def all(self, rows: Iterable[Row]) -> list[T]:
        """The records of several rows, in order."""
        return [self.one(row) for row in rows]

    def describe(self, row: Row) -> str:
        """How messages name this row: by its keys, never by what it holds."""
        return self._what.format_map(_Keys(row))
