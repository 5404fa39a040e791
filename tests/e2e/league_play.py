"""Playing leagues through the fake Discord, quickly: sign-ups by the buttons, the rounds read
back from the store, games decided by /resign, the league loop's work run by hand."""

from __future__ import annotations

from typing import Any

from bot.store.leagues import LeagueRoundRow
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage

PLAYERS = ("alice", "bob", "carol")  # a league of three: two at a table, one bye each round
SEED = 2026  # a league's seed for `a_league_in_round_two` (patch bot.service.leagues.new_seed)


async def league_with(
    fake: FakeDiscord, terms: dict[str, object], players: tuple[str, ...]
) -> RecordedMessage:
    """A league created by the owner (Manage Server) in #games, every player signed up."""
    known = {user.name for user in fake.world.users.values()}
    for name in players:
        if name not in known:
            fake.world.add_user(name)
    created = await fake.slash("league create", terms, user="owner", channel="games")
    posted = await created.wait_message(lambda m: "Sign up" in str(m.buttons()))
    for name in players:
        await (await fake.click(posted.id, user=name, label="Sign up")).wait_answered()
    return posted


async def run_leagues(bot: Any) -> int:
    """Do the league loop's work once, now (the tests' clock decides what is due)."""
    cog = bot.get_cog("Leagues")
    assert cog is not None, "the Leagues cog is not loaded"
    return int(await cog.run_leagues())


async def latest_round(bot: Any, league: int = 1) -> LeagueRoundRow:
    """The league's latest round as stored (its tables, their games and places)."""
    rounds: list[LeagueRoundRow] = await bot.store.leagues.rounds(league)
    return rounds[-1]


async def resign(fake: FakeDiscord, bot: Any, game_id: int, name: str) -> None:
    """`name` gives up game `game_id` in its thread (/resign; a pod asks to confirm)."""
    row = await bot.store.games.get(game_id)
    place = row.thread_id or row.channel_id
    answer = await fake.slash("resign", {}, user=name, channel=place)
    said = await answer.wait_message(lambda m: m.ephemeral and not m.loading)
    yes = f"sy:rs:{game_id}:yes"
    if yes in said.custom_ids():  # a pod goes on without them: asked to confirm first
        await (await fake.click(said.id, user=name, custom_id=yes)).wait_answered()


def names_of(fake: FakeDiscord, user_ids: tuple[int, ...]) -> tuple[str, ...]:
    """The fake's names of a table's seats."""
    return tuple(fake.world.get_user(user).name for user in user_ids)


async def a_league_in_round_two(fake: FakeDiscord, bot: Any, runner: BotRunner[Any]) -> Any:
    """A Swiss league of three over two rounds: round one played (the later signer-up of the
    table resigns), round two opened; its round-one table."""
    terms = {"game": "iliad", "format": "swiss", "rounds": 2, "pace": "daily"}
    await league_with(fake, terms, PLAYERS)
    started = await fake.slash("league start", {"league": 1}, user="owner", channel="games")
    await started.wait_answered()
    await runner.settle()
    first = await latest_round(bot)
    [table] = [t for t in first.tables if len(t.seats) == 2]
    assert table.game_id is not None
    loser = max(names_of(fake, table.seats), key=PLAYERS.index)
    await resign(fake, bot, table.game_id, loser)
    await runner.settle()
    assert await run_leagues(bot) == 1
    await runner.settle()
    return table
