"""The one row mapper: fields from columns of their names, the few conversions by field type."""

from __future__ import annotations

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
    rows = [{**ROW, "answers": "{}"}, {**ROW, "id": 8, "answers": '{"11": true}'}]
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
