"""/league through the fake Discord: create (Manage Server), sign up by the buttons, the
refusals, the start opening round one's games each in its own thread, standings, export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import ephemeral_answer, factory, is_live_board, stub_drawing

Runner = BotRunner[Any]
PLAYERS = ("alice", "bob", "carol", "dave", "erin")


async def test_a_five_player_swiss_league_opens_round_one_in_threads(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    fake_discord.world.add_user("erin")
    bot = await bot_runner.start(factory(database))
    terms = {"game": "iliad", "format": "swiss", "rounds": 3, "pace": "daily"}

    not_allowed = await fake_discord.slash("league create", terms, user="bob", channel="games")
    assert "manage this server" in await ephemeral_answer(not_allowed)
    assert await bot.service.leagues.of_guild(fake_discord.world.guild_id) == []

    created = await fake_discord.slash("league create", terms, user="owner", channel="games")
    posted = await created.wait_message(lambda m: "Sign up" in str(m.buttons()))
    assert "League #1" in posted.content and "No entrants yet" in posted.content
    for name in PLAYERS:
        await (await fake_discord.click(posted.id, user=name, label="Sign up")).wait_answered()
    twice = await fake_discord.click(posted.id, user="bob", label="Sign up")
    assert "signed up to this league already" in await ephemeral_answer(twice)
    shown = fake_discord.message(posted.id)
    assert "Entrants (5)" in shown.content

    early = await fake_discord.slash("league start", {"league": 1}, user="bob", channel="games")
    assert "organiser" in await ephemeral_answer(early)
    mark = fake_discord.mark()
    started = await fake_discord.slash("league start", {"league": 1}, user="owner", channel="games")
    await started.wait_answered()
    await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    threads = [c for c in fake_discord.world.channels.values() if c.is_thread]
    assert len(threads) == 2
    boards = [m for m in fake_discord.messages() if is_live_board(m)]
    assert {m.channel_id for m in boards} == {t.id for t in threads}
    byes = [m for m in fake_discord.messages(channel="games") if "a bye" in m.content]
    assert len(byes) == 1

    late = await fake_discord.click(posted.id, user="owner", label="Withdraw")
    assert "not playing in this league" in await ephemeral_answer(late)

    table = await fake_discord.slash(
        "league standings", {"league": 1}, user="carol", channel="games"
    )
    text = await table.wait_message(lambda m: "Standings of league #1" in m.content)
    assert text.content.count("\n") == 5  # the head and one line per entrant
    export = await fake_discord.slash("league export", {"league": 1}, user="dave", channel="games")
    answer = await export.wait_message(lambda m: bool(m.attachments))
    data = json.loads(answer.attachments[0].data)
    assert len(data["entrants"]) == 5 and len(data["rounds"][0]["tables"]) == 3
    assert all(t["game"] for t in data["rounds"][0]["tables"] if not t["bye"])
