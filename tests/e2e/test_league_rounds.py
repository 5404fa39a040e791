"""Whole leagues through the fake Discord with the injected clock: a Swiss league of Iliad over
three rounds (a bye each round, no pairing twice, a restart mid-round, a round's deadline
handing a stalled seat to the computer), and its final standings worked out by hand."""

from __future__ import annotations

from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.league_play import latest_round, league_with, names_of, resign, run_leagues
from tests.e2e.symposion import ephemeral_answer, factory, move_by_buttons, quick_computers

Runner = BotRunner[Any]
SWISS = ("alice", "bob", "carol", "dave", "erin")
SEED = 2026  # the league's seed: the pairings below follow from it and the results


def standings_lines(fake: FakeDiscord) -> list[str]:
    """The last standings message, one line per entrant."""
    posted = [m for m in fake.messages(channel="games") if m.content.startswith("Standings")]
    return posted[-1].content.splitlines()[1:]


async def test_a_swiss_league_of_iliad_over_three_rounds(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bot.service.leagues.new_seed", lambda: SEED)
    clock = FakeClock()
    bot = await bot_runner.start(factory(database), clock=clock)
    terms = {"game": "iliad", "format": "swiss", "rounds": 3, "pace": "daily"}
    posted = await league_with(fake_discord, terms, SWISS)
    started = await fake_discord.slash("league start", {"league": 1}, user="owner", channel="games")
    await started.wait_answered()
    await bot_runner.settle()
    met: set[frozenset[str]] = set()
    byes: list[str] = []
    pairings: list[list[tuple[str, ...]]] = []

    async def play_round(number: int, deciding: dict[int, str] | None = None) -> None:
        """Every table of the round not decided otherwise: the later signer-up resigns."""
        current = await latest_round(bot)
        assert current.number == number
        for table in current.tables:
            if len(table.seats) == 2 and table.places is None and table.game_id is not None:
                loser = (deciding or {}).get(table.game_id)
                if loser is None:
                    loser = max(names_of(fake_discord, table.seats), key=SWISS.index)
                await resign(fake_discord, bot, table.game_id, loser)
        await bot_runner.settle()

    async def paired(number: int) -> Any:
        current = await latest_round(bot)
        assert current.number == number
        tables = [names_of(fake_discord, t.seats) for t in current.tables]
        pairings.append(tables)
        [bye] = [t[0] for t in tables if len(t) == 1]  # one bye each round (five entrants)
        byes.append(bye)
        for pair in (frozenset(t) for t in tables if len(t) == 2):
            assert pair not in met  # no pairing twice
            met.add(pair)
        return current

    # Round 1, played out by resignations (the later to sign up of two loses); the league
    # loop pairs and opens round 2.
    await paired(1)
    await play_round(1)
    assert await run_leagues(bot) == 1
    await bot_runner.settle()

    # Round 2: one game decided, then the bot restarts in the middle of the round: the
    # league message's buttons and the other game's answer, the round goes on.
    second = await paired(2)
    first_game, other_game = (t.game_id for t in second.tables if len(t.seats) == 2)
    loser = max(names_of(fake_discord, second.tables[0].seats), key=SWISS.index)
    await resign(fake_discord, bot, first_game, loser)
    await bot_runner.settle()
    bot = await bot_runner.restart(factory(database), clock=clock)
    assert [b["label"] for b in fake_discord.message(posted.id).buttons()] == ["Withdraw"]
    late = await fake_discord.click(posted.id, user="owner", label="Withdraw")  # buttons answer
    assert "not playing in this league" in await ephemeral_answer(late)
    thread = (await bot.store.games.get(other_game)).thread_id
    mark = fake_discord.mark()
    await move_by_buttons(fake_discord, 0, channel=thread)  # the game's buttons still play
    await fake_discord.wait_for(
        lambda m: m.channel_id == thread and "to move" in m.content, since=mark
    )
    assert await run_leagues(bot) == 0  # the round waits for its last game
    await play_round(2)
    assert await run_leagues(bot) == 1
    await bot_runner.settle()

    # Round 3: one game is decided in time; the bot restarts again before the round's
    # deadline, stored with the round, which passes with the other game stalled.
    third = await paired(3)
    on_time, stalling = (t for t in third.tables if len(t.seats) == 2)
    assert on_time.game_id is not None and stalling.game_id is not None
    later = max(names_of(fake_discord, on_time.seats), key=SWISS.index)
    await resign(fake_discord, bot, on_time.game_id, later)
    await bot_runner.settle()
    bot = await bot_runner.restart(factory(database), clock=clock)
    quick_computers(bot)
    assert third.due_at is not None
    clock.now = datetime.fromisoformat(third.due_at) - timedelta(seconds=1)
    assert await run_leagues(bot) == 0
    clock.now = datetime.fromisoformat(third.due_at)
    waiting = bot.service.games.held(stalling.game_id)
    mover = waiting.user_at(waiting.to_move())  # nobody moved there: the stalled player
    stalled = fake_discord.world.get_user(mover.user_id).name
    mark = fake_discord.mark()
    assert await run_leagues(bot) == 1  # the stalled seat is handed over; the round plays on
    told = f"the computer now plays for {stalled.title()}."
    await fake_discord.wait_for(lambda m: m.content.endswith(told), since=mark)
    [handed] = [s for s in await bot.store.seats.of(stalling.game_id) if s.user_id == mover.user_id]
    assert (handed.controller, handed.departure) == ("auto", "timed out")
    assert await run_leagues(bot) == 0  # claimed once: nothing more to hand over
    # The other resigns: with the stalled seat left to the computer, no person plays on, and
    # the game's rule for that is a shared result (dave and bob ½ each).
    other = next(n for n in names_of(fake_discord, stalling.seats) if n != stalled)
    await play_round(3, {stalling.game_id: other})
    mark = fake_discord.mark()
    assert await run_leagues(bot) == 1
    podium = await fake_discord.wait_for(lambda m: "is over. Podium" in m.content, since=mark)
    assert podium.content.endswith("Podium: 1. Alice, 2. Carol, 3. Bob")

    assert pairings == [
        [("alice", "erin"), ("carol", "dave"), ("bob",)],
        [("bob", "alice"), ("erin", "carol"), ("dave",)],
        [("alice", "carol"), ("dave", "bob"), ("erin",)],
    ]
    assert sorted(byes) == ["bob", "dave", "erin"]
    # By hand. Results: R1 alice>erin, carol>dave, bob bye; R2 alice>bob, carol>erin, dave
    # bye; R3 alice>carol, dave=bob (½ each), erin bye. Points: alice 3, carol 2, bob 1+½ = 1½,
    # dave 1+½ = 1½, erin 1 (a bye is a win, and adds to no tie-break).
    # Buchholz (opponents' points): alice erin 1 + bob 1½ + carol 2 = 4½; carol dave 1½ +
    # erin 1 + alice 3 = 5½; bob alice 3 + dave 1½ = 4½; dave carol 2 + bob 1½ = 3½; erin
    # alice 3 + carol 2 = 5.
    # Sonneborn-Berger (opponent's points times the score against them): alice 1 + 1½ + 2 =
    # 4½; carol 1½ + 1 + 0 = 2½; bob 0 + 1½ x ½ = ¾; dave 0 + 1½ x ½ = ¾; erin 0.
    # Order: alice 3; carol 2; bob and dave 1½, Buchholz 4½ before 3½; erin 1.
    table = await fake_discord.slash(
        "league standings", {"league": 1}, user="carol", channel="games"
    )
    await table.wait_message(lambda m: m.content.startswith("Standings"))
    assert standings_lines(fake_discord) == [
        "1. Alice: 3 (4½ / 4½)",
        "2. Carol: 2 (5½ / 2½)",
        "3. Bob: 1½ (4½ / ¾)",
        "4. Dave: 1½ (3½ / ¾)",
        "5. Erin: 1 (5 / 0)",
    ]
