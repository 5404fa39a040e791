"""/analysis's bad inputs and faults through the real client and the fake Discord (issue 27).

A restart while an analysis runs in the bot's process pool (a clean stop, and a kill): the asker
is told, the next start computes it again exactly once (also when someone asks right after the
restart: that request joins it) and posts the chart and the turning points where it was asked,
in the asker's language; a third request is answered from storage. Also: the pool busy with
another game (queued, the place shown) and a game of another server (nothing about it told).
The search runs for real on its smallest budget, in the pool; a slice can be held back there.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import Any, TypeVar

import pytest

from bot.ai.analysis import Plan
from bot.service.analysing import Analyst
from tests.e2e.fake_discord import BotRunner, FakeDiscord, InjectedInteraction
from tests.e2e.searching import DEPTH, ITERATIONS
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    is_live_board,
    move_by_buttons,
    open_game,
    uploads,
)

Runner = BotRunner[Any]
T = TypeVar("T")
SMALLEST = Plan(iterations=ITERATIONS, most=ITERATIONS, least=ITERATIONS, playout_depth=DEPTH)
MOVES = 6  # decisions played before the second player resigns
CHART = "game-1-analysis.png"
OTHER_GUILD = 424242  # a server the fake's members are not in: its games live in the same file
WAIT = 10.0  # the longest the test waits for the pool (a timeout, never a sleep)


class Gate:
    """Counts the analysis's slices sent to the pool and can hold the next one back: it runs in
    the pool, but the bot hears of its end only when the test releases it."""

    def __init__(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.slices: list[list[int]] = []  # each slice's decisions, in the order sent
        self.holding = False
        self.reached = asyncio.Event()
        self.held: tuple[Future[Any], Future[Any]] | None = None  # (in the pool, as the bot sees)

    def hold(self) -> None:
        """Hold the next slice sent."""
        self.holding, self.held = True, None
        self.reached.clear()

    def through(self, real: Future[T], indexes: list[int]) -> Future[T]:
        """A slice on its way (in a thread of the bot): passed on, or held."""
        self.slices.append(indexes)
        if not self.holding:
            return real
        self.holding = False
        seen: Future[T] = Future()
        self.held = (real, seen)
        self.loop.call_soon_threadsafe(self.reached.set)
        return seen

    async def wait_held(self) -> None:
        """Until a slice is held in the pool."""
        await asyncio.wait_for(self.reached.wait(), WAIT)

    def release(self) -> None:
        """Let the held slice's result through when the pool has it."""
        assert self.held is not None
        real, seen = self.held

        def passed(done: Future[Any]) -> None:
            if seen.set_running_or_notify_cancel():
                seen.set_result(done.result())

        real.add_done_callback(passed)

    def weighed(self) -> list[int]:
        """Every decision sent to the pool, in order, once per time it was weighed."""
        return [index for piece in self.slices for index in piece]


class GatedPool(Executor):
    """The bot's own computer pool, its analysis slices passing the test's gate."""

    def __init__(self, pool: Executor, gate: Gate) -> None:
        self.pool, self.gate = pool, gate

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        """The slice goes to the real pool; the bot gets it through the gate."""
        return self.gate.through(self.pool.submit(fn, *args, **kwargs), list(args[-1]))


@pytest.fixture
async def gate(monkeypatch: pytest.MonkeyPatch) -> Gate:
    """Every bot the test starts analyses in its pool on the smallest budget, through a gate."""
    made = Gate()

    def analyst(pool: Executor) -> Analyst:
        return Analyst(GatedPool(pool, made), SMALLEST)

    monkeypatch.setattr("bot.client.Analyst", analyst)
    return made


async def finished_game(fake: FakeDiscord, channel: str = "games") -> None:
    """Alice and Bob play MOVES decisions of Iliad, then Bob resigns."""
    await open_game(fake, "iliad", "alice", ["bob"], channel=channel)
    for step in range(MOVES):
        mark = fake.mark()
        await move_by_buttons(fake, step, channel)
        await fake.wait_for(is_live_board, since=mark)
    resigned = await fake.slash("resign", {}, user="bob", channel=channel)
    await resigned.wait_answered()


async def server_language(fake: FakeDiscord, language: str) -> None:
    """The owner sets the server's public language."""
    said = await fake.slash(
        "language", {"language": language, "scope": "server"}, user="owner", channel="general"
    )
    await ephemeral_answer(said)


def posted(it: InjectedInteraction, timeout: float = WAIT) -> Any:
    """The interaction's public answer carrying the chart."""
    return it.wait_message(lambda m: not m.ephemeral and CHART in m.files, timeout=timeout)


def public_text(fake: FakeDiscord, it: InjectedInteraction) -> str:
    """What the interaction's public answer says now."""
    [answer] = [m for m in it.messages() if not m.ephemeral]
    return str(fake.message(answer.id).content)


@pytest.mark.parametrize("how", ["stop", "kill"])
async def test_a_restart_while_it_is_computed_begins_it_again_once_and_posts_it_where_asked(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, gate: Gate, how: str
) -> None:
    bot = await bot_runner.start(factory(database))
    await finished_game(fake_discord)
    await server_language(fake_discord, "de")
    gate.hold()
    asked = await fake_discord.slash("analysis", {"game": 1}, user="carol", channel="lounge")
    await gate.wait_held()  # its first slice is in the pool
    before = await bot.store.analyses.get(1)
    assert before is not None and before.status == "pending" and before.language == "de"
    if how == "stop":
        await bot_runner.stop(settle=False)  # as a stop signal does
        told = public_text(fake_discord, asked)
        assert "Der Bot startet neu: Die Analyse von Ilias (Spiel 1) beginnt von vorn" in told
        assert "in diesem Kanal gepostet" in told
    else:
        await bot_runner.kill()  # the handler is cut off where it waits
    gate.slices.clear()
    gate.hold()  # the analysis begun again at the start waits in the pool
    mark = fake_discord.mark()
    bot = await bot_runner.start(factory(database))
    await gate.wait_held()
    kept = await bot.store.analyses.get(1)  # kept pending through the stop, begun again
    assert kept is not None and kept.status == "pending" and kept.starts == 2
    await server_language(fake_discord, "en")  # the post stays in the asker's language
    again = await fake_discord.slash("analysis", {"game": 1}, user="alice", channel="games")
    await again.wait_message(lambda m: not m.ephemeral and "decisions weighed" in m.content)
    gate.release()
    resumed = await fake_discord.wait_for(
        lambda m: m.channel_id == fake_discord.channel("lounge").id and CHART in m.files,
        since=mark,
        timeout=WAIT,
    )
    carol = fake_discord.user("carol").id
    assert resumed.content.startswith(f"<@{carol}>, die Analyse, um die du gebeten hast")
    assert "**Analyse von Ilias, Spiel 1**" in resumed.content
    turning = "die teuersten Entscheidungen:" in resumed.content
    assert turning or "keine Entscheidung etwas gekostet" in resumed.content  # turning points
    assert "Alice" in resumed.content and "Bob" in resumed.content
    lounge = f"/channels/{fake_discord.channel('lounge').id}/messages"
    [chart] = [u for u in uploads(fake_discord) if u.path.endswith(lounge)]
    assert chart.filename == CHART and chart.description
    assert chart.description.startswith("Diagramm der geschätzten Gewinnchance")
    [sent] = [r for r in fake_discord.requests if r.upload_sizes and r.path.endswith(lounge)]
    assert isinstance(sent.body, dict) and sent.body["allowed_mentions"]["users"] == [carol]
    joined = await posted(again)
    assert joined.content.startswith("**Analysis of Iliad, game 1**")
    weighed = gate.weighed()
    assert sorted(weighed) == sorted(set(weighed)) and weighed  # each decision once: one start
    row = await bot.store.analyses.get(1)
    assert row is not None and row.status == "done" and row.starts == 2
    assert 0 < len(row.result["steps"] if row.result else []) == len(weighed)

    third = await fake_discord.slash("analysis", {"game": 1}, user="dave", channel="general")
    answer = await posted(third, timeout=5)
    assert "Kept from the first request" in answer.content
    assert gate.weighed() == weighed  # nothing computed again
    await bot_runner.settle()


async def test_a_busy_pool_queues_the_next_game_and_tells_its_place(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, gate: Gate
) -> None:
    await bot_runner.start(factory(database))
    await finished_game(fake_discord)
    await finished_game(fake_discord, channel="lounge")
    gate.hold()
    first = await fake_discord.slash("analysis", {"game": 1}, user="carol", channel="general")
    await gate.wait_held()
    second = await fake_discord.slash("analysis", {"game": 2}, user="dave", channel="general")
    waits = await second.wait_message(lambda m: not m.ephemeral and "queue" in m.content)
    assert waits.content.startswith(
        "The analysis of Iliad (game 2) waits its turn: place 1 in the queue"
    )
    assert "one game is analysed at a time" in waits.content
    gate.release()
    done = await posted(first)
    assert done.content.startswith("**Analysis of Iliad, game 1**")
    later = await second.wait_message(
        lambda m: not m.ephemeral and "game-2-analysis.png" in m.files, timeout=WAIT
    )
    assert later.content.startswith("**Analysis of Iliad, game 2**")
    shown = [state.content for state in fake_discord.history(later.id)]
    assert any("decisions weighed" in said for said in shown)  # it ran after its wait


async def test_a_game_of_another_server_reads_as_no_game_and_a_running_one_is_refused(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, gate: Gate
) -> None:
    bot = await bot_runner.start(factory(database))
    theirs = await bot.service.lobby.open(
        guild_id=OTHER_GUILD, channel_id=77, game_type="iliad", host_id=9001, host_name="Zed"
    )
    await bot.service.lobby.join(theirs.game_id, 9002, "Yan")
    await bot.service.lobby.start(theirs.game_id, 9001)
    await bot.service.moves.resign(theirs.game_id, 9002)
    other = await fake_discord.slash(
        "analysis", {"game": theirs.game_id}, user="alice", channel="games"
    )
    said = await ephemeral_answer(other)
    assert said == f"There is no game #{theirs.game_id} in this server."
    assert not any(name in said for name in ("Iliad", "Zed", "Yan", "finished"))
    assert [m for m in other.messages() if not m.ephemeral] == []
    choices = await fake_discord.choices(
        "analysis", {"game": ""}, focused="game", user="alice", channel="games"
    )
    assert choices == []  # not offered either
    assert await bot.store.analyses.get(theirs.game_id) is None and gate.slices == []

    await open_game(fake_discord, "iliad", "alice", ["bob"])
    playing = await fake_discord.slash("analysis", {"game": 2}, user="carol", channel="general")
    refusal = await ephemeral_answer(playing)
    assert "still being played" in refusal and "Iliad" in refusal
    assert await bot.store.analyses.get(2) is None and gate.slices == []


async def test_a_second_restart_during_the_same_analysis_gives_it_up_and_says_so(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, gate: Gate
) -> None:
    await bot_runner.start(factory(database))
    await finished_game(fake_discord)
    for asker, channel in (("carol", "lounge"), ("alice", "games")):
        gate.hold()
        if asker == "alice":  # the second bot: the analysis begun again waits in the pool
            await bot_runner.start(factory(database))
            await gate.wait_held()  # (nothing more is sent while it is held)
        asked = await fake_discord.slash("analysis", {"game": 1}, user=asker, channel=channel)
        if asker == "carol":
            await gate.wait_held()
        else:
            await asked.wait_message(lambda m: not m.ephemeral and "decisions weighed" in m.content)
        await bot_runner.stop(settle=False)
        told = public_text(fake_discord, asked)
        if asker == "carol":
            assert told.startswith("The bot is restarting: the analysis of Iliad (game 1) will")
        else:
            assert told.startswith("The bot is restarting, and the analysis of Iliad (game 1)")
            assert "so it is given up: ask for it again with /analysis" in told
    gate.slices.clear()
    mark = fake_discord.mark()
    bot = await bot_runner.start(factory(database))
    dropped = await fake_discord.wait_for(
        lambda m: m.channel_id == fake_discord.channel("lounge").id, since=mark
    )
    carol = fake_discord.user("carol").id
    assert dropped.content == (
        f"<@{carol}>, the analysis of Iliad (game 1) you asked for was cut short by two "
        "restarts, so it was given up: ask for it again with /analysis."
    )
    assert await bot.store.analyses.get(1) is None and gate.slices == []  # not begun a third time
    fresh = await fake_discord.slash("analysis", {"game": 1}, user="dave", channel="general")
    assert (await posted(fresh)).content.startswith("**Analysis of Iliad, game 1**")
    row = await bot.store.analyses.get(1)
    assert row is not None and row.status == "done" and row.starts == 1
