"""Withdrawing from a league in the middle of a round, through the fake Discord: the player is
told privately what happened, their running game is resigned as the game's rules say (a
two-player game ends, the opponent wins), they are never paired again and the standings show
them as withdrawn."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.league_play import latest_round, league_with, names_of, resign, run_leagues
from tests.e2e.symposion import ephemeral_answer, factory

Runner = BotRunner[Any]
PLAYERS = ("alice", "bob", "carol", "dave")


async def test_withdrawing_mid_round_resigns_the_game_and_is_never_paired_again(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database), clock=FakeClock())
    terms = {"game": "iliad", "format": "swiss", "rounds": 2, "pace": "daily"}
    posted = await league_with(fake_discord, terms, PLAYERS)
    started = await fake_discord.slash("league start", {"league": 1}, user="owner", channel="games")
    await started.wait_answered()
    await bot_runner.settle()
    first = await latest_round(bot)
    [leaving] = [t for t in first.tables if "dave" in names_of(fake_discord, t.seats)]
    [other] = [t for t in first.tables if t is not leaving]
    assert leaving.game_id is not None and other.game_id is not None
    [opponent] = [n for n in names_of(fake_discord, leaving.seats) if n != "dave"]

    mark = fake_discord.mark()
    gone = await fake_discord.click(posted.id, user="dave", label="Withdraw")
    said = await ephemeral_answer(gone)
    assert said == (
        "You have withdrawn from league #1: you will not be paired again. Your game"
        f" #{leaving.game_id} is resigned and counts as a loss; where others still play, the"
        " computer takes your seat."
    )
    await bot_runner.settle()
    assert "<@" + str(fake_discord.user("dave").id) not in fake_discord.message(posted.id).content
    game = await bot.store.games.get(leaving.game_id)
    assert game.status == "finished" and game.flags["ended_by"] == "resignation"
    thread = game.thread_id
    told = f"Dave resigned; {opponent.title()} wins."
    await fake_discord.wait_for(lambda m: m.channel_id == thread and told in m.content, since=mark)
    again = await fake_discord.click(posted.id, user="dave", label="Withdraw")
    assert "not playing in this league" in await ephemeral_answer(again)

    loser = max(names_of(fake_discord, other.seats), key=PLAYERS.index)
    await resign(fake_discord, bot, other.game_id, loser)
    await bot_runner.settle()
    assert await run_leagues(bot) == 1
    await bot_runner.settle()
    second = await latest_round(bot)
    assert second.number == 2
    paired = [names_of(fake_discord, t.seats) for t in second.tables]
    assert sorted(len(t) for t in paired) == [1, 2]  # three still play: one game and a bye
    assert all("dave" not in t for t in paired)
    [dave] = [t for t in first.tables if "dave" in names_of(fake_discord, t.seats)]
    stored = (await bot.store.leagues.rounds(1))[0].tables[first.tables.index(dave)]
    assert stored.places == tuple(
        2 if n == "dave" else 1 for n in names_of(fake_discord, dave.seats)
    )

    table = await fake_discord.slash("league standings", {"league": 1}, user="bob", channel="games")
    shown = await table.wait_message(lambda m: m.content.startswith("Standings"))
    [line] = [x for x in shown.content.splitlines() if "Dave" in x]
    assert line.endswith(": 0 (1 / 0), withdrawn")
