"""/analysis in the service: refusals, stored once and answered from storage, joined while it
runs, queued with its place, and begun again once after a restart."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest
from svc_helpers import ALICE, BOB, GUILD, active, lookup, refused
from test_replays import play_real_game

from bot.ai.analysis import Plan, Step
from bot.ai.reviewing import weigh_slice
from bot.engine import get_game
from bot.service import GameNotFound, GameNotOver, GameService
from bot.service.analyses import Asker, CutShort, NothingToAnalyse, _match
from bot.service.analysing import Analyst, Progress
from bot.store import Store
from tests.migrated import migrated

TINY = Plan(iterations=3, most=3, least=3, playout_depth=3)
ASKER = Asker(ALICE, 500, "en")
GAME = "iliad"  # the quickest to play through the service
SLICES: list[int] = []  # the games whose slices ran, one entry per slice


def counted(game_id: str, *args: Any) -> list[Step]:
    """`weigh_slice`, noting each slice it runs."""
    SLICES.append(len(args[-1]))
    return weigh_slice(game_id, *args)


@pytest.fixture(params=["sqlite"])
async def database(request: pytest.FixtureRequest, tmp_path: Path) -> str | Path:
    """sqlite only: the analyses' SQL is tests/store's, on both backends."""
    return await migrated(request, tmp_path)


@pytest.fixture
async def analysed(store: Store) -> AsyncIterator[GameService]:
    """A service whose analyses run on the smallest budget, in threads, slices counted."""
    SLICES.clear()
    made = GameService(store, lookup, analyst=Analyst(None, TINY, counted))
    await made.load()
    yield made


async def test_refused_while_played_without_a_result_or_from_another_server(
    analysed: GameService,
) -> None:
    playing = await active(analysed)
    said = await refused(GameNotOver, analysed.analyses.check(GUILD, playing.game_id))
    assert "still being played" in said
    await analysed.moves.abandon(playing.game_id, ALICE)
    said = await refused(NothingToAnalyse, analysed.analyses.check(GUILD, playing.game_id))
    assert "without a result" in said
    await refused(GameNotFound, analysed.analyses.check(GUILD + 1, playing.game_id))


async def test_stored_once_then_answered_from_storage(analysed: GameService, store: Store) -> None:
    game_id = await play_real_game(analysed, get_game(GAME))
    heard: list[Progress] = []

    async def listen(progress: Progress) -> None:
        heard.append(progress)

    first = await analysed.analyses.ask(GUILD, game_id, ASKER, listen)
    assert not first.stored and sorted(first.names) == ["Alice", "Bob"]
    assert len(first.numbers) == len(first.analysis.steps) + 1
    total = heard[-1].total
    assert total == len(first.analysis.steps) > 0 and heard[-1].done == total
    assert [p.done for p in heard] == sorted(p.done for p in heard)  # it only moves on
    ran = len(SLICES)
    assert sum(SLICES) == total and 1 < ran <= 10
    row = await store.analyses.get(game_id)
    assert row is not None and row.status == "done" and row.asked_by == ALICE
    second = await analysed.analyses.ask(GUILD, game_id, Asker(BOB, 501, "de"))
    assert second.stored and second.analysis == first.analysis
    assert len(SLICES) == ran  # nothing computed again


async def test_a_second_request_joins_it_and_another_game_waits_its_turn(
    analysed: GameService,
) -> None:
    first = await play_real_game(analysed, get_game(GAME), seed=3)
    second = await play_real_game(analysed, get_game(GAME), seed=4)
    places: dict[int, list[int]] = {first: [], second: []}

    def listener(game_id: int) -> Any:
        async def listen(progress: Progress) -> None:
            places[game_id].append(progress.place)

        return listen

    once, again, other = await asyncio.gather(
        analysed.analyses.ask(GUILD, first, ASKER, listener(first)),
        analysed.analyses.ask(GUILD, first, Asker(BOB, 500, "en")),
        analysed.analyses.ask(GUILD, second, ASKER, listener(second)),
    )
    assert once.analysis == again.analysis != other.analysis
    assert sum(SLICES) == len(once.analysis.steps) + len(other.analysis.steps)  # each once
    ran, waited = sorted(places.values(), key=lambda heard: heard[0])
    assert set(ran) == {0}  # the first to start never waited
    assert waited[0] == 1 and waited[-1] == 0  # the other was told its place, then ran


async def test_a_restart_begins_a_pending_analysis_again_once(
    analysed: GameService, store: Store
) -> None:
    game_id = await play_real_game(analysed, get_game(GAME))
    again = (await active(analysed)).game_id  # never analysed: its row is given up
    for number in (game_id, again):
        await store.analyses.ask(number, seed=5, plan={}, asker=(BOB, 501, "it"))
    await store.analyses.restarted(again)  # already begun again once before
    posted: list[Any] = []

    async def post(ready: Any, asker: Asker) -> None:
        posted.append((ready.game_id, asker))

    told: list[Any] = []

    async def given_up(asker: Asker, title: str, number: int) -> None:
        told.append((asker, title, number))

    await asyncio.gather(*await analysed.analyses.resume(post, given_up))
    assert posted == [(game_id, Asker(BOB, 501, "it"))]
    assert told == [(Asker(BOB, 501, "it"), "Counters", again)]  # its asker hears it was dropped
    row = await store.analyses.get(game_id)
    assert row is not None and row.status == "done" and row.starts == 2
    assert await store.analyses.get(again) is None  # given up: it may be asked for again


async def test_a_stop_while_it_runs_keeps_it_pending(analysed: GameService, store: Store) -> None:
    game_id = await play_real_game(analysed, get_game(GAME))
    heard = asyncio.Event()

    async def listen(progress: Progress) -> None:
        if progress.done:
            heard.set()

    asked = asyncio.ensure_future(analysed.analyses.ask(GUILD, game_id, ASKER, listen))
    await heard.wait()
    analysed.analyses.analyst.abandon()
    with pytest.raises(CutShort, match="will begin again when it is back"):
        await asked
    row = await store.analyses.get(game_id)
    assert row is not None and row.status == "pending"


async def test_a_request_under_way_at_the_restart_is_joined_and_the_first_asker_still_told(
    analysed: GameService, store: Store
) -> None:
    game_id = await play_real_game(analysed, get_game(GAME))
    await store.analyses.ask(game_id, seed=5, plan={}, asker=(BOB, 501, "it"))  # cut short
    running = asyncio.Event()

    async def listen(progress: Progress) -> None:
        if progress.place == 0:
            running.set()

    # Asked again before the restart's look at the pending rows (as a command right at start).
    asked = asyncio.ensure_future(analysed.analyses.ask(GUILD, game_id, ASKER, listen))
    await running.wait()
    posted: list[Any] = []

    async def post(ready: Any, asker: Asker) -> None:
        posted.append((ready.analysis, asker))

    await asyncio.gather(*await analysed.analyses.resume(post))
    answered = await asked
    assert posted == [(answered.analysis, Asker(BOB, 501, "it"))]  # the first asker is told
    assert sum(SLICES) == len(answered.analysis.steps)  # computed once, for both
    row = await store.analyses.get(game_id)
    assert row is not None and row.status == "done" and row.starts == 2  # kept: never again
    third = await analysed.analyses.ask(GUILD, game_id, Asker(BOB, 501, "de"))
    assert third.stored and sum(SLICES) == len(answered.analysis.steps)


async def test_starting_a_game_under_way_again_hands_back_its_job(analysed: GameService) -> None:
    game_id = await play_real_game(analysed, get_game(GAME))
    source = await analysed.records.replay_source(GUILD, game_id, ALICE)
    analyst = analysed.analyses.analyst
    match = _match(source)
    first = analyst.start(game_id, match, 5)
    assert analyst.start(game_id, match, 6) is first  # the resumed start and a request: one job
    steps = await analyst.wait(first)
    assert sum(SLICES) == len(steps)
