"""The computer's thinking: a real process pool, the time limit's fallback, levels refused."""

from __future__ import annotations

import asyncio
import multiprocessing
import threading
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

import pytest

from bot.ai import Decision, choose, decide
from bot.engine import IllegalAction, get_game
from bot.service import Restarting
from bot.service.thinking import Thinker


def _start(game_id: str = "iliad_cards") -> tuple[Any, Any, int]:
    game = get_game(game_id)
    state = game.new_game(2, 11)
    seat = game.to_move(state)
    assert seat is not None
    return game, state, seat


async def test_a_decision_made_in_another_process_is_the_seeded_one() -> None:
    game, state, seat = _start()
    context = multiprocessing.get_context("forkserver")
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        decision = await Thinker(pool, timeout=60).decide(game, state, seat, 11, 3, "easy")
    assert decision == decide(game.spec.id, game.dump(state), seat, 11, 3, "easy")
    assert decision.code == choose(game, state, seat, 11, 3, "easy")  # the search's own pick
    assert decision.win_chance is not None and 0.0 <= decision.win_chance <= 1.0


async def test_a_thought_past_its_time_gives_the_seeded_random_move(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game, state, seat = _start()
    release = threading.Event()

    def never_done(*args: Any) -> Decision:
        release.wait(30)
        return Decision("not a move", 1.0)

    with ThreadPoolExecutor(1) as pool:
        thinker = Thinker(pool, timeout=0.01, decider=never_done)
        try:
            decision = await thinker.decide(game, state, seat, 11, 3, "normal")
        finally:
            release.set()
    assert decision == Decision(choose(game, state, seat, 11, 3), None)
    assert "playing the seeded random move" in caplog.text


def test_decide_refuses_an_unknown_level_and_reads_a_json_state() -> None:
    game, state, seat = _start()
    with pytest.raises(IllegalAction):
        decide(game.spec.id, game.dump(state), seat, 11, 3, "godlike")
    import json

    text = json.dumps(game.dump(state))
    from_text = decide(game.spec.id, text, seat, 11, 3, "easy")
    assert from_text == decide(game.spec.id, game.dump(state), seat, 11, 3, "easy")


def _counted(asked: list[int], release: threading.Event) -> Any:
    """A decider that notes each version it is asked about and answers once released."""

    def decider(game_id: str, state: Any, seat: int, seed: int, version: int, level: str) -> Any:
        asked.append(version)
        assert release.wait(30), "the test never released the decider"
        return Decision(f"move-for-{version}", None)

    return decider


async def test_two_asks_about_one_position_share_one_thought() -> None:
    """Table loops left from earlier moves ask again about the same position: one thought."""
    game, state, seat = _start()
    asked: list[int] = []
    release = threading.Event()
    with ThreadPoolExecutor(2) as pool:
        thinker = Thinker(pool, timeout=30, decider=_counted(asked, release))
        first = asyncio.ensure_future(thinker.decide(game, state, seat, 11, 3, "easy"))
        again = asyncio.ensure_future(thinker.decide(game, state, seat, 11, 3, "easy"))
        later = asyncio.ensure_future(thinker.decide(game, state, seat, 11, 4, "easy"))
        release.set()
        decided = await asyncio.gather(first, again, later)
        after = await thinker.decide(game, state, seat, 11, 3, "easy")  # none under way now
    assert decided == [Decision("move-for-3"), Decision("move-for-3"), Decision("move-for-4")]
    assert after == Decision("move-for-3")
    assert sorted(asked) == [3, 3, 4]  # the first two asks one thought, the last its own


async def test_one_asker_cancelled_leaves_the_thought_to_the_other() -> None:
    game, state, seat = _start()
    asked: list[int] = []
    release = threading.Event()
    with ThreadPoolExecutor(1) as pool:
        thinker = Thinker(pool, timeout=30, decider=_counted(asked, release))
        gone = asyncio.ensure_future(thinker.decide(game, state, seat, 11, 3, "easy"))
        staying = asyncio.ensure_future(thinker.decide(game, state, seat, 11, 3, "easy"))
        await asyncio.wait([gone, staying], timeout=0)  # both have asked
        gone.cancel()
        release.set()
        assert await staying == Decision("move-for-3")
    assert gone.cancelled() and asked == [3]


async def test_a_thought_under_way_when_the_bot_stops_is_abandoned_not_awaited(
    caplog: pytest.LogCaptureFixture,
) -> None:
    game, state, seat = _start()
    thinking, release = threading.Event(), threading.Event()
    asked: list[object] = []

    def endless(*args: Any) -> Decision:
        asked.append(args)
        thinking.set()
        release.wait(30)
        return Decision("not a move", 1.0)

    with ThreadPoolExecutor(1) as pool:
        thinker = Thinker(pool, timeout=60, decider=endless)
        try:
            thought = asyncio.ensure_future(thinker.decide(game, state, seat, 11, 3, "normal"))
            sharing = asyncio.ensure_future(thinker.decide(game, state, seat, 11, 3, "normal"))
            await asyncio.get_running_loop().run_in_executor(None, thinking.wait, 30)
            thinker.abandon()
            with pytest.raises(Restarting):
                await thought  # at once: the worker still thinks, nobody waits for it
            with pytest.raises(Restarting):
                await sharing  # a second asker of the same thought is told too
            assert not release.is_set()
            with pytest.raises(Restarting):
                await thinker.decide(game, state, seat, 11, 4, "normal")  # none starts now
        finally:
            release.set()
    assert len(asked) == 1
    assert "seeded random move" not in caplog.text  # no move stands in: none is played
