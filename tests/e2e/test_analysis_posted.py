"""/analysis through the real client and the fake Discord: refused while the game is played,
then posted with its chart and each player's costliest decisions, computed in the bot's
process pool on the search's smallest budget; asked again, answered from storage."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.ai.analysis import Plan
from bot.service.analysing import Analyst
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.searching import DEPTH, ITERATIONS
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    is_live_board,
    move_by_buttons,
    open_game,
    stub_drawing,
    uploads,
)

Runner = BotRunner[Any]
# The search's smallest budget (tests/e2e/searching.py): the table is under test here.
SMALLEST = Plan(iterations=ITERATIONS, most=ITERATIONS, least=ITERATIONS, playout_depth=DEPTH)
MOVES = 6  # decisions played before bob resigns


async def test_a_finished_games_analysis_is_posted_then_answered_from_storage(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    bot.service.analyses.analyst = Analyst(bot.computer_pool, SMALLEST)
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    too_soon = await fake_discord.slash("analysis", {"game": 1}, user="alice", channel="games")
    assert "still being played" in await ephemeral_answer(too_soon)
    for step in range(MOVES):
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        await fake_discord.wait_for(is_live_board, since=mark)
    resigned = await fake_discord.slash("resign", {}, user="bob", channel="games")
    await resigned.wait_answered()
    await bot_runner.settle()

    asked = await fake_discord.slash("analysis", {"game": 1}, user="carol", channel="general")
    posted = await asked.wait_message(
        lambda m: not m.ephemeral and "game-1-analysis.png" in m.files, timeout=60
    )
    text = posted.content
    assert text.startswith("**Analysis of Iliad, game 1**") and "as in /history" in text
    assert "low priority" in text and "CPU budget per game" in text
    decisions = sum(1 for line in text.splitlines() if line.startswith("• move "))
    kept = "cost most:" in text or "no decision cost anything" in text
    assert kept and text.count("Alice") + text.count("Bob") >= 2
    shown = [state.content for state in fake_discord.history(posted.id)]
    assert any("decisions weighed" in said for said in shown)  # the progress, then the result
    [chart] = [u for u in uploads(fake_discord) if u.filename == "game-1-analysis.png"]
    assert chart.description and len(chart.description) <= 1024
    assert chart.description.startswith("Chart of each player's estimated chance to win")
    assert ("Marked: the costliest decisions" in chart.description) == (decisions > 0)
    row = await bot.store.analyses.get(1)
    assert (
        row is not None and row.status == "done" and row.asked_by == fake_discord.user("carol").id
    )
    assert row.result is not None and 0 < len(row.result["steps"]) <= MOVES
    seats = {seat.user_id: seat.seat for seat in await bot.store.seats.of(1)}
    alice = seats[fake_discord.user("alice").id]
    assert alice is not None and row.result["final"][alice] == 1.0  # bob resigned: alice won

    again = await fake_discord.slash("analysis", {"game": 1}, user="alice", channel="games")
    second = await again.wait_message(
        lambda m: not m.ephemeral and "game-1-analysis.png" in m.files, timeout=10
    )
    assert "Kept from the first request" in second.content
    assert second.content.split("\n-# ")[0] == text.split("\n-# ")[0]  # the same analysis
    assert not any("decisions weighed" in s.content for s in fake_discord.history(second.id))
