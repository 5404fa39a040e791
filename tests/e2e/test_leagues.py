"""/league through the fake Discord: create (Manage Server), sign up by the buttons, the
refusals, the start opening round one's games each in its own thread, standings, export."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import ephemeral_answer, factory, is_live_board, stub_drawing, uploads

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
    assert "**League #1**: Iliad, Swiss, 3 rounds" in posted.content  # names, not ids
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
    redrawn = fake_discord.message(posted.id)  # started: no more sign-ups
    assert "Round 1 is being played." in redrawn.content
    assert [b["label"] for b in redrawn.buttons()] == ["Withdraw"]

    late = await fake_discord.click(posted.id, user="owner", label="Withdraw")
    assert "not playing in this league" in await ephemeral_answer(late)

    table = await fake_discord.slash(
        "league standings", {"league": 1}, user="carol", channel="games"
    )
    text = await table.wait_message(lambda m: "Standings of league #1" in m.content)
    assert text.content.count("\n") == 5  # the head and one line per entrant
    image = [u for u in uploads(fake_discord) if u.filename == "league-1-standings.png"]
    assert len(image) == 1 and "League #1" in str(image[0].description)  # its words, too
    export = await fake_discord.slash("league export", {"league": 1}, user="dave", channel="games")
    answer = await export.wait_message(lambda m: bool(m.attachments))
    data = json.loads(answer.attachments[0].data)
    assert len(data["entrants"]) == 5 and len(data["rounds"][0]["tables"]) == 3
    assert all(t["game"] for t in data["rounds"][0]["tables"] if not t["bye"])


async def test_a_named_league_cancelled_shows_its_name_and_state_in_its_standings(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    terms = {"game": "iliad", "format": "swiss", "rounds": 2, "pace": "daily"}
    bad = await fake_discord.slash(
        "league create", {**terms, "name": "Cup <@everyone>"}, user="owner", channel="games"
    )
    assert "A league's name has 1 to 60 characters" in await ephemeral_answer(bad)
    assert await bot.service.leagues.of_guild(fake_discord.world.guild_id) == []
    created = await fake_discord.slash(
        "league create", {**terms, "name": "  Winter   Cup "}, user="owner", channel="games"
    )
    posted = await created.wait_message(lambda m: "Sign up" in str(m.buttons()))
    assert posted.content.startswith("**Winter Cup**\n**League #1**")
    joined = await fake_discord.click(posted.id, user="alice", label="Sign up")
    assert "You are signed up to league #1" in await ephemeral_answer(joined)
    await (await fake_discord.click(posted.id, user="bob", label="Sign up")).wait_answered()
    started = await fake_discord.slash("league start", {"league": 1}, user="owner", channel="games")
    await started.wait_answered()
    await bot_runner.settle()
    cancel = await fake_discord.slash("league cancel", {"league": 1}, user="owner", channel="games")
    await cancel.wait_answered()
    await bot_runner.settle()
    redrawn = fake_discord.message(posted.id)  # cancelled: its buttons are gone
    assert "The league was cancelled." in redrawn.content and redrawn.buttons() == []

    table = await fake_discord.slash("league standings", {"league": 1}, user="bob", channel="games")
    text = await table.wait_message(lambda m: m.content.startswith("Standings"))
    head, state = text.content.splitlines()[:2]
    assert head == "Standings of Winter Cup (league #1) after round 1:"
    assert state == "The league was cancelled: these standings stay as they are."
    [image] = [u for u in uploads(fake_discord) if u.filename == "league-1-standings.png"]
    assert str(image.description).startswith(
        "Standings of Winter Cup (#1), Iliad, Swiss: cancelled in round 1 of 2."
    )
    export = await fake_discord.slash("league export", {"league": 1}, user="bob", channel="games")
    answer = await export.wait_message(lambda m: bool(m.attachments))
    data = json.loads(answer.attachments[0].data)
    assert (data["name"], data["status"]) == ("Winter Cup", "cancelled")
