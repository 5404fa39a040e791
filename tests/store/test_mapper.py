"""The one row mapper: fields from columns of their names, the few conversions by field type."""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from typing import Any

import pytest

from bot.store import CorruptRow
from bot.store.mapper import RowMapper


@dataclass(frozen=True, slots=True)
class Sample:
    id: int
    name: str
    live: bool
    quiet: bool | None
    score: float
    options: dict[str, Any]
    result: dict[str, Any] | None
    voters: tuple[int, ...]
    answers: dict[int, bool]


SAMPLES = RowMapper(Sample, "sample #{id}")
ROW = {
    "id": 7,
    "name": "Alice",
    "live": 1,
    "quiet": None,
    "score": 3,
    "options": '{"pile": 10}',
    "result": None,
    "voters": "[11, 22]",
    "answers": "not read: given",
}


def test_each_field_is_read_from_its_column_and_converted_by_its_type() -> None:
    sample = SAMPLES.one(ROW, answers={11: True})
    assert sample == Sample(7, "Alice", True, None, 3.0, {"pile": 10}, None, (11, 22), {11: True})
    assert isinstance(sample.live, bool) and isinstance(sample.score, float)
    other = SAMPLES.one({**ROW, "quiet": 0, "result": '{"ranking": [1, 2]}'}, answers={})
    assert other.quiet is False and other.result == {"ranking": [1, 2]}


def test_several_rows_are_read_in_order() -> None:
    plain = RowMapper(Sample, "sample #{id}")
    rows = sqlite_rows([{**ROW, "answers": "{}"}, {**ROW, "id": 8, "answers": '{"11": true}'}])
    assert [(s.id, s.answers) for s in plain.all(rows)] == [(7, {}), (8, {"11": True})]


@pytest.mark.parametrize("column", ["options", "result", "voters"])
def test_a_json_column_that_cannot_be_read_names_the_row_never_its_text(column: str) -> None:
    secret = '{"hand": ["the ace of cups"'
    with pytest.raises(CorruptRow) as refused:
        SAMPLES.one({**ROW, column: secret}, answers={})
    assert str(refused.value) == f"sample #7: column {column} is not valid JSON"
    assert "ace" not in str(refused.value)


def test_a_json_column_that_must_hold_something_refuses_null() -> None:
    with pytest.raises(CorruptRow, match="column options"):
        SAMPLES.one({**ROW, "options": None}, answers={})


def sqlite_rows(rows: list[dict[str, Any]]) -> list[sqlite3.Row]:
    """The rows as sqlite gives them (read by position too), columns in reverse order."""
    db = sqlite3.connect(":memory:")
    db.row_factory = sqlite3.Row
    columns = [*reversed(rows[0]), "extra"]
    db.execute(f"CREATE TABLE t ({', '.join(columns)})")
    for row in rows:
        values = [*(row[c] for c in columns[:-1]), "not a field"]
        db.execute(f"INSERT INTO t VALUES ({', '.join('?' * len(columns))})", values)
    return list(db.execute("SELECT * FROM t"))


def test_rows_of_one_read_are_read_by_position_as_one_reads_them_by_name() -> None:
    rows = sqlite_rows([{**ROW, "answers": "{}"}, {**ROW, "id": 8, "quiet": 1, "answers": "{}"}])
    assert SAMPLES.all(rows) == [SAMPLES.one(row) for row in rows]
    read = [(s.id, s.quiet, s.live) for s in SAMPLES.all(rows)]
    assert read == [(7, None, True), (8, True, True)]


def test_a_bad_json_column_among_rows_read_by_position_names_its_row() -> None:
    rows = sqlite_rows([{**ROW, "answers": "{}"}, {**ROW, "id": 8, "answers": '{"11": tr'}])
    with pytest.raises(CorruptRow) as refused:
        SAMPLES.all(rows)
    assert str(refused.value) == "sample #8: column answers is not valid JSON"
