"""Replies keep to Discord's limits, and custom_id numbers stay in range."""

from __future__ import annotations

import pytest

from cogs.ui import ids
from cogs.ui.replies import CHOICE, CHOICES, CONTENT, clip, suggestions


def test_clip_keeps_short_text_and_cuts_long_text_to_the_limit() -> None:
    assert clip("hello") == "hello"
    assert clip("x" * CONTENT) == "x" * CONTENT
    cut = clip("x" * 5000)
    assert len(cut) == CONTENT and cut.endswith("…")
    assert clip("abcdef", 4) == "abc…"


def test_suggestions_are_at_most_25_with_short_names_and_whole_values() -> None:
    entries = [("n" * 300, f"v{i}") for i in range(40)] + [("fine", "w" * (CHOICE + 1))]
    made = suggestions(entries)
    assert len(made) == CHOICES
    assert all(len(c.name) <= CHOICE and len(c.value) <= CHOICE for c in made)
    assert [c.value for c in made] == [f"v{i}" for i in range(CHOICES)]
    assert suggestions([("too long", "w" * (CHOICE + 1)), ("", "")]) == []


@pytest.mark.parametrize("text", [str(2**63), str(10**40)])
def test_a_number_no_id_of_ours_could_hold_is_refused(text: str) -> None:
    match = ids.HAND.template.fullmatch(f"sy:h:{text}")
    assert match is not None
    with pytest.raises(ids.BadComponent):
        ids.HAND.parse(match)


def test_numbers_in_range_are_read_and_foreign_digits_are_not_ours() -> None:
    assert ids.MOVE.read(f"sy:m:{2**63 - 1}:0:p5c3") == ids.MoveId(2**63 - 1, 0, "p5c3")
    assert ids.ours("sy:h:12") and not ids.ours("sy:h:١٢") and not ids.ours("sy:h:-1")
