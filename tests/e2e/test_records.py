"""Ratings, statistics, replays and exports through the fake Discord (issue 14)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord, InjectedInteraction, RecordedMessage
from tests.e2e.symposion import (
    factory,
    is_live_board,
    move_by_buttons,
    open_game,
    stub_drawing,
    undescribed,
    uploads,
)

Runner = BotRunner[Any]


async def private_answer(it: InjectedInteraction) -> RecordedMessage:
    """The finished private answer an interaction got (after any 'thinking…')."""
    return await it.wait_message(lambda m: m.ephemeral and not m.loading)


async def bob_resigns_after_two_moves(fake: FakeDiscord) -> None:
    """A short Iliad game of alice and bob, over when bob resigns (alice wins)."""
    await open_game(fake, "iliad", "alice", ["bob"])
    for step in range(2):
        mark = fake.mark()
        await move_by_buttons(fake, step)
        await fake.wait_for(is_live_board, since=mark)
    mark = fake.mark()
    resigned = await fake.slash("resign", {}, user="bob", channel="games")
    await resigned.wait_answered()
    await fake.wait_for(lambda m: is_live_board(m) and "is over" in m.content, since=mark)


@pytest.mark.postgresql
async def test_a_finished_game_shows_in_leaderboard_and_stats(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    empty = await private_answer(
        await fake_discord.slash("leaderboard", {"game": "Iliad"}, user="carol", channel="games")
    )
    assert "nobody has finished a game of it yet" in empty.content

    await bob_resigns_after_two_moves(fake_discord)
    board = await private_answer(
        await fake_discord.slash("leaderboard", {"game": "Iliad"}, user="carol", channel="games")
    )
    lines = board.content.splitlines()
    assert lines[1].startswith("1. **Alice** — ") and lines[1].endswith("(1 game, 1 won)")
    assert lines[2].startswith("2. **Bob** — ") and lines[2].endswith("(1 game, 0 won)")
    everywhere = await private_answer(
        await fake_discord.slash(
            "leaderboard", {"game": "Iliad", "scope": "global"}, user="bob", channel="games"
        )
    )
    assert "best players in all servers" in everywhere.content
    assert everywhere.content.splitlines()[1:3] == lines[1:3]

    stats = await private_answer(await fake_discord.slash("stats", {}, user="bob", channel="games"))
    assert "**Iliad**: 1 played, 0 won (0%)" in stats.content
    assert "most often against Alice" in stats.content
    assert "Games finished in this server: Iliad 1." in stats.content
    theirs = await private_answer(
        await fake_discord.slash(
            "stats", {"player": fake_discord.user("alice")}, user="carol", channel="games"
        )
    )
    assert "**Iliad**: 1 played, 1 won (100%)" in theirs.content


async def test_replay_posts_an_animation_and_steps_privately(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await bob_resigns_after_two_moves(fake_discord)

    replay = await fake_discord.slash("replay", {"game": 1}, user="carol", channel="games")
    posted = await replay.wait_message(lambda m: "game-1.gif" in m.files)
    assert not posted.ephemeral and "replayed: all 3 positions" in posted.content
    assert posted.files["game-1.gif"][:6] == b"GIF89a"
    steps = await replay.wait_message(lambda m: m.ephemeral and bool(m.custom_ids()))
    assert "— the start" in steps.content
    assert steps.custom_ids() == ["sy:rp:1:0:back", "sy:rp:1:1:next"]

    stepped = await fake_discord.click(fake_discord.message(steps.id), user="carol", label="▶")
    after = await stepped.wait_message(lambda m: m.id == steps.id and "move 1 of 2" in m.content)
    assert after.custom_ids() == ["sy:rp:1:0:back", "sy:rp:1:2:next"]

    exported = await private_answer(
        await fake_discord.slash("export", {"game": 1}, user="dave", channel="games")
    )
    record = json.loads(exported.files["game-1.json"])
    assert record["type"] == "iliad" and record["status"] == "finished"
    assert isinstance(record["seed"], int) and len(record["moves"]) == 2
    assert undescribed(fake_discord) == []  # the animation, each step and the record
    said = {u.filename: str(u.description) for u in uploads(fake_discord)}
    assert said["game-1.gif"].startswith("Replay of Iliad #1: an animation of 3 boards")
    assert "\nThe board of Iliad.\n" in said["game-1.gif"]  # then the last board's words
    assert said["game-1-0.png"].startswith("The board of Iliad.\n")
    assert "Last move:" in said["game-1-1.png"] and said["game-1-1.png"] != said["game-1-0.png"]
    assert said["game-1.json"] == "The record of Iliad #1 as JSON"


async def test_replays_refuse_what_the_caller_may_not_watch(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    watching = await private_answer(
        await fake_discord.slash("replay", {"game": 1}, user="carol", channel="games")
    )
    assert "is still being played: only its players can watch it" in watching.content
    unknown = await private_answer(
        await fake_discord.slash("export", {"game": 9}, user="carol", channel="games")
    )
    assert unknown.content == "There is no game #9 in this server."
    mine = await fake_discord.slash("export", {"game": 1}, user="alice", channel="games")
    record = json.loads((await private_answer(mine)).files["game-1.json"])
    assert record["seed"] is None and record["status"] == "active"


async def test_a_lobby_has_nothing_to_replay_or_export(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    opened = await fake_discord.slash(
        "play", {"game": "iliad", "where": "here"}, user="alice", channel="games"
    )
    await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    not_yet = "Iliad (game #1) has not started yet: the host can start it from the lobby."
    for command in ("replay", "export"):
        asked = await fake_discord.slash(command, {"game": 1}, user="alice", channel="games")
        assert (await private_answer(asked)).content == not_yet
        assert [m for m in asked.messages() if not m.ephemeral] == []  # no "Rebuilding…"


async def test_a_game_without_moves_replays_its_one_board_in_the_singular(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])

    replay = await fake_discord.slash("replay", {"game": 1}, user="alice", channel="games")
    posted = await replay.wait_message(lambda m: "game-1.gif" in m.files)
    assert posted.content.endswith("replayed: the only position.")
    said = {u.filename: str(u.description) for u in uploads(fake_discord)}
    assert said["game-1.gif"].startswith("Replay of Iliad #1: its one board, the start:\n")
    drew = [str(r.body) for r in fake_discord.requests if "drawing" in str(r.body)]
    assert drew and all("its one board" in said_ for said_ in drew), drew
