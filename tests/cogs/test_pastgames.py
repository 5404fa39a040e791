"""A game's log by number: the newest lines that fit in one message, the whole log attached."""

from __future__ import annotations

from bot.engine import Outcome
from bot.service import GameInfo, Player
from cogs.ui.pastgames import log_message
from cogs.ui.replies import CONTENT


def info(outcome: Outcome | None = None) -> GameInfo:
    """A finished two-player game #7."""
    players = (Player(1, "Ann", 0, seat=1), Player(2, "Ben", 1, seat=0))
    return GameInfo(
        7, "iliad", "Iliad", 1, 10, None, 5, "finished", 9, 1, {}, players, outcome=outcome
    )


def test_a_short_log_is_shown_whole_without_a_file() -> None:
    text, whole = log_message(info(), ["one", "two"])
    assert whole is None
    assert text == "**Iliad** (game #7, over) — the whole public log (2 lines):\n• one\n• two"


def test_a_long_log_shows_its_newest_lines_and_attaches_all_of_them() -> None:
    lines = [f"line {n} " + "x" * 40 for n in range(1, 201)]
    text, whole = log_message(info(), lines)
    assert len(text) <= CONTENT and whole is not None
    shown = [line[2:] for line in text.splitlines()[1:]]
    assert shown == lines[-len(shown) :] and 30 < len(shown) < 200
    assert f"the last {len(shown)} of 200 lines" in text and "`game-7-log.txt`" in text
    assert whole.splitlines()[:2] == ["Iliad, game #7 (over)", "Players: Ben, Ann"]
    assert whole.splitlines()[3:] == [f"{n}. {line}" for n, line in enumerate(lines, 1)]


def test_one_huge_line_never_takes_the_whole_message() -> None:
    text, whole = log_message(info(), ["y" * 5000, "last"])
    assert len(text) <= CONTENT and text.endswith("• last") and whole is not None
    assert "y" * 5000 in whole


def test_the_result_closes_the_message_and_heads_the_file() -> None:
    outcome = Outcome(scores=(0, 1), ranking=(2, 1), reason="points", summary="Ann wins.")
    text, _ = log_message(info(outcome), ["a"])
    assert text.endswith("\n• a\nResult: Ann wins.")
    long_text, whole = log_message(info(outcome), ["z" * 250] * 40)
    assert long_text.endswith("\nResult: Ann wins.") and len(long_text) <= CONTENT
    assert whole is not None and "Result: Ann wins." in whole.splitlines()[2]
