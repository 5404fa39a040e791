"""The concurrency benchmark's machinery at its smallest (never its timings)."""

from __future__ import annotations

from bench import concurrency


async def test_the_bot_alone_in_its_own_process_plays_every_timed_move() -> None:
    measured = await concurrency._measure(1, 0, alone=True)
    assert len(measured.moves) == concurrency.ROUNDS
    assert measured.cpu is not None and measured.cpu > 0  # read from the bot's process
    assert all(seconds > 0 for seconds in measured.moves) and measured.wall > 0


async def test_the_shared_set_up_plays_every_timed_move_and_the_row_names_it() -> None:
    measured = await concurrency._measure(1, 0, alone=False)
    assert len(measured.moves) == concurrency.ROUNDS
    row = concurrency._row(concurrency.SHARED, "threads", 1, measured)
    assert row[:4] == [concurrency.SHARED, "threads", 1, concurrency.ROUNDS]
    assert row[-2:] == ["", ""]  # only the bot-alone 50-game row is held to the target
