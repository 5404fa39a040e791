"""Issue 26's bad input and faults through the fake Discord, each with a clear answer and
nothing lost: too few entrants at the start (by command, at the sign-up deadline, for pods), an
organiser who left the server (members with Manage Server act instead), and signing up to a
league of a game this server can no longer play. Signing up twice and after the start are in
test_leagues.py and test_league_rounds.py, withdrawing mid-round in test_league_withdrawal.py."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from bot.engine import AnyGame, IllegalAction
from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.league_play import league_with, run_leagues
from tests.e2e.symposion import ephemeral_answer, factory

Runner = BotRunner[Any]
MANAGE_GUILD = 1 << 5


async def status(bot: Any, league: int = 1) -> str:
    row = await bot.store.leagues.get(league)
    return str(row.status)


async def test_too_few_entrants_are_told_and_the_league_waits(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await bot_runner.start(factory(database), clock=clock)
    terms = {"game": "iliad", "format": "swiss", "rounds": 2, "pace": "daily", "signup_hours": 2}
    posted = await league_with(fake_discord, terms, ("alice",))
    early = await fake_discord.slash("league start", {"league": 1}, user="owner", channel="games")
    said = await ephemeral_answer(early)
    assert said == "This league cannot be paired yet (entrants: 1): it waits for more sign-ups."
    assert await status(bot) == "signup"

    clock.advance(hours=1)
    assert await run_leagues(bot) == 0  # before its deadline: nothing to say
    clock.advance(hours=1)
    mark = fake_discord.mark()
    assert await run_leagues(bot) == 1
    told = await fake_discord.wait_for(lambda m: "could not start" in m.content, since=mark)
    assert told.content.startswith(
        "League #1 could not start at its sign-up deadline: too few entrants to pair (1)."
    )
    assert f"<@{fake_discord.user('owner').id}>" in told.content
    assert await run_leagues(bot) == 0  # said once
    assert await status(bot) == "signup"
    await (await fake_discord.click(posted.id, user="bob", label="Sign up")).wait_answered()
    assert await run_leagues(bot) == 1  # enough now: it starts by itself
    assert await status(bot) == "running"
    await bot_runner.settle()
    redrawn = fake_discord.message(posted.id)  # sign-ups closed: only Withdraw is left
    assert "Round 1 is being played." in redrawn.content
    assert [b["label"] for b in redrawn.buttons()] == ["Withdraw"]

    # A pods league of Ilium for four cannot seat two: refused, nothing started.
    pods = {"game": "ilium", "format": "pods", "rounds": 2, "pace": "daily", "players": 4}
    await league_with(fake_discord, pods, ("carol", "dave"))
    short = await fake_discord.slash("league start", {"league": 2}, user="owner", channel="games")
    assert "cannot be paired yet (entrants: 2)" in await ephemeral_answer(short)
    assert await status(bot, 2) == "signup"


async def test_an_organiser_who_left_leaves_the_league_to_the_server_managers(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    mia = await fake_discord.add_user("mia", permissions=MANAGE_GUILD)
    terms = {"game": "iliad", "format": "swiss", "rounds": 1, "pace": "daily"}
    created = await fake_discord.slash("league create", terms, user="mia", channel="games")
    posted = await created.wait_message(lambda m: "Sign up" in str(m.buttons()))
    for name in ("alice", "bob"):
        await (await fake_discord.click(posted.id, user=name, label="Sign up")).wait_answered()
    mia.in_guild = False  # the organiser left the server

    refused = await fake_discord.slash("league start", {"league": 1}, user="bob", channel="games")
    said = await ephemeral_answer(refused)
    assert said == "Only the league's organiser or someone who manages this server can do that."
    assert await status(bot) == "signup"
    started = await fake_discord.slash("league start", {"league": 1}, user="owner", channel="games")
    await started.wait_answered()
    await bot_runner.settle()
    assert await status(bot) == "running"
    nope = await fake_discord.slash("league cancel", {"league": 1}, user="bob", channel="games")
    assert "organiser" in await ephemeral_answer(nope)
    ended = await fake_discord.slash("league cancel", {"league": 1}, user="owner", channel="games")
    await ended.wait_answered()
    assert await status(bot) == "cancelled"


async def test_signing_up_to_a_league_of_a_game_this_server_cannot_play_is_refused(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    terms = {"game": "iliad", "format": "swiss", "rounds": 1, "pace": "daily"}
    posted = await league_with(fake_discord, terms, ("alice",))
    lookup = bot.service.leagues.lookup

    def without_iliad(game_type: str) -> AnyGame:
        if game_type == "iliad":
            raise IllegalAction("no such game")  # taken out of this bot since the league began
        game: AnyGame = lookup(game_type)
        return game

    bot.service.leagues.lookup = without_iliad
    late = await fake_discord.click(posted.id, user="bob", label="Sign up")
    said = await ephemeral_answer(late)
    assert said == "This server cannot play iliad any more, so this league takes no sign-ups."
    entrants = await bot.store.leagues.entrants(1)
    assert [fake_discord.world.get_user(e.user_id).name for e in entrants] == ["alice"]
