"""One row mapper for every record: a dataclass's fields filled from the columns of their names.

The few conversions are declared once, here, by a field's type: `bool` (sqlite stores 0 and 1),
`float`, and `dict` or `tuple` (a JSON column), each also as `X | None` (NULL stays None).
Every other field takes the column as the driver gives it (ints and ISO-8601 UTC time texts).
A JSON column that cannot be read is a CorruptRow naming the row by its keys, never quoting it.

Several rows of one read are read by position: where each field's column is is looked up once
per column layout (`reader`), since a sqlite3.Row finds a column by name by comparing it with
every name before it, row after row (start-up reads tens of thousands of rows).
"""

from __future__ import annotations

import json
import types
from collections.abc import Callable, Iterable, Sequence
from dataclasses import fields
from operator import itemgetter
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
        self._readers: dict[tuple[str, ...], Callable[[Row], T]] = {}

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
            raise self._corrupt(row, bad) from None
        return self._kind(*values)

    def all(self, rows: Iterable[Row]) -> list[T]:
        """The records of several rows of one read, in order."""
        listed = list(rows)
        if not listed:
            return []
        read = self.reader(listed[0].keys())
        return [read(row) for row in listed]

    def reader(self, columns: Iterable[str]) -> Callable[[Row], T]:
        """What reads one row whose columns are `columns` in this order (`one` without given
        fields, by position): made once per layout."""
        layout = tuple(columns)
        read = self._readers.get(layout)
        if read is None:
            read = self._readers[layout] = self._positional(layout)
        return read

    def _positional(self, layout: Sequence[str]) -> Callable[[Row], T]:
        place: dict[str, int] = {}
        for index, column in enumerate(layout):
            place.setdefault(column, index)  # a repeated name reads as its first, as by name
        if len(self._plan) < 2 or any(name not in place for name, _ in self._plan):
            return self.one  # a field without its column fails as `one` says it does
        pick = itemgetter(*(place[name] for name, _ in self._plan))
        converted = [(k, convert) for k, (_, convert) in enumerate(self._plan) if convert]
        kind = self._kind

        def read(row: Row) -> T:
            values = list(pick(row))
            try:
                for k, convert in converted:
                    values[k] = convert(values[k])
            except _NotJSON as bad:
                raise self._corrupt(row, bad) from None
            return kind(*values)

        return read

    def _corrupt(self, row: Row, bad: _NotJSON) -> CorruptRow:
        return CorruptRow(f"{self.describe(row)}: column {bad.column} is not valid JSON")

    def describe(self, row: Row) -> str:
        """How messages name this row: by its keys, never by what it holds."""
        return self._what.format_map(_Keys(row))
