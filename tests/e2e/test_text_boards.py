"""Issue 23 §3: `/board text:true` reads the board in words, and a player can make that their
default with `/settings board:`, a choice the bot keeps through a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.engine import all_games
from bot.i18n import say, words
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    is_board,
    is_live_board,
    move_by_buttons,
    open_game,
    stub_drawing,
    undescribed,
)

Runner = BotRunner[Any]
GAMES = [game.spec.id for game in all_games()]


async def three_moves(fake: FakeDiscord, game: str) -> None:
    """A game of alice and bob here, three decisions in."""
    await open_game(fake, game, "alice", ["bob"])
    for step in range(3):
        mark = fake.mark()
        await move_by_buttons(fake, step)
        await fake.wait_for(is_live_board, since=mark)


async def text_answer(fake: FakeDiscord, user: str, options: dict[str, Any]) -> RecordedMessage:
    """`/board` with these options, answered privately with words and no picture."""
    asked = await fake.slash("board", options, user=user, channel="games")
    answer = await asked.wait_message(lambda m: m.ephemeral and not m.loading)
    assert not answer.attachments and len(answer.content) <= 2000
    return answer


def posted_since(fake: FakeDiscord, mark: int) -> list[RecordedMessage]:
    """Boards posted for everyone since `mark`."""
    return [e.message for e in fake.events[mark:] if e.kind == "create" and is_board(e.message)]


@pytest.mark.parametrize("game", GAMES)
async def test_board_text_reads_whose_turn_the_standings_and_the_last_move(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    await three_moves(fake_discord, game)
    await bot_runner.settle()
    board = await bot.service.boards.show(1)
    view, names = board.view, board.context.names
    mark = len(fake_discord.events)
    text = (await text_answer(fake_discord, "carol", {"text": True})).content
    title = words(say(f"service.title.{game}"), "en")
    lines = text.splitlines()
    assert lines[0] == f"**{title}** #1, the board in words:"
    assert lines[1] == f"The board of {title}."
    mover = view["to_move"]
    assert lines[2].startswith(f"{view['seats'][mover]} ({names[mover]}): "), text
    for seat in range(view["players"]):  # a standings line per seat, with its points
        line = next(x for x in lines[3:] if x.startswith(f"{view['seats'][seat]} ({names[seat]})"))
        if "scores" in view:
            assert str(view["scores"][seat]) in line, line
    assert f"Last move: {view['log'][-1]}" in text
    assert posted_since(fake_discord, mark) == []  # only the caller reads it


@pytest.mark.postgresql  # the one end-to-end test that stores a player's settings
async def test_text_as_a_players_default_survives_a_restart(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await three_moves(fake_discord, "iliad")
    shown = await fake_discord.slash("settings", {}, user="alice", channel="games")
    now = await ephemeral_answer(shown)
    assert "/board shows you boards as the image" in now and "default pace: daily" in now
    chosen = await fake_discord.slash("settings", {"board": "text"}, user="alice", channel="games")
    assert "/board now shows you boards in words" in await ephemeral_answer(chosen)
    refused = await fake_discord.slash(
        "settings", {"pace": "weekly", "board": "text"}, user="bob", channel="games"
    )
    assert "Manage Server" in await ephemeral_answer(refused)  # and nothing kept for bob

    await bot_runner.restart(factory(database))
    mark = len(fake_discord.events)
    read = await text_answer(fake_discord, "alice", {})
    assert "the board in words:" in read.content
    again = await fake_discord.slash("settings", {}, user="alice", channel="games")
    assert "/board shows you boards in words" in await ephemeral_answer(again)
    assert posted_since(fake_discord, mark) == []
    for user, options in (("alice", {"text": False}), ("bob", {})):  # the image, posted again
        mark = len(fake_discord.events)
        asked = await fake_discord.slash("board", options, user=user, channel="games")
        assert await ephemeral_answer(asked) == "Here is the board again."
        await bot_runner.settle()
        assert len(posted_since(fake_discord, mark)) == 1
    back = await fake_discord.slash("settings", {"board": "image"}, user="alice", channel="games")
    assert "/board now shows you boards as the image" in await ephemeral_answer(back)
    mark = len(fake_discord.events)
    await ephemeral_answer(await fake_discord.slash("board", {}, user="alice", channel="games"))
    await bot_runner.settle()
    assert len(posted_since(fake_discord, mark)) == 1
    assert undescribed(fake_discord) == []


async def test_the_text_board_is_in_the_readers_language(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await three_moves(fake_discord, "ilium")
    fake_discord.user("carol").locale = "fr"  # a French reader at an English table
    text = (await text_answer(fake_discord, "carol", {"text": True})).content
    assert text.startswith("**Ilium** n° 1, le plateau en mots :")
    assert "Dernier coup :" in text and "Last move" not in text and "Pathway" not in text
