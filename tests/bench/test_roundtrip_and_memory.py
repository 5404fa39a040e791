"""The round-trip and memory benchmarks' machinery at a tiny size (never their timings)."""

from __future__ import annotations

import pytest

import rendering
from bench import memory, roundtrip
from bench.core import Table
from bench.move_stages import RECORDED, STAGES, START


async def test_round_trips_time_moves_and_rules_through_the_real_bot() -> None:
    board_png, upload_png = rendering.board_png, rendering.upload_png
    samples = await roundtrip.collect(3)
    assert len(samples.moves) == 3 and len(samples.trivial) == 3
    assert samples.games == 1
    assert all(seconds > 0 for seconds in samples.moves + samples.trivial)
    marks = {start for start, _, _ in STAGES} | {end for _, end, _ in STAGES}
    assert len(samples.timeline.samples) == 3
    for sample in samples.timeline.samples:
        assert marks <= sample.keys()
        assert sample[START] < sample["handler"] < sample["commit done"] < sample[RECORDED]
    assert (rendering.board_png, rendering.upload_png) == (board_png, upload_png)  # probes removed


async def test_round_trip_tables_show_both_actions_the_ratio_and_the_stages() -> None:
    samples = await roundtrip.collect(2)
    text = roundtrip.table(samples).format()
    for words in ("move -> board", "/rules -> reply", "move / rules", "p99 <= 150", "<= 2.5"):
        assert words in text
    stages = roundtrip.stages(samples)
    assert [row[0] for row in stages.rows] == [what for _, _, what in STAGES]
    assert all(row[1] == 2 for row in stages.rows)


def test_percentile_is_nearest_rank() -> None:
    values = [float(k) for k in range(1, 101)]
    assert roundtrip.percentile(values, 0.5) == 50.0
    assert roundtrip.percentile(values, 0.99) == 99.0
    assert roundtrip.percentile([3.0, 1.0, 2.0], 0.95) == 3.0
    assert roundtrip.percentile([7.0], 0.01) == 7.0


def test_break_even_latency_brings_the_ratio_to_the_target() -> None:
    latency = roundtrip.break_even_ms(20.0, 1.0)
    assert (20.0 + latency) / (1.0 + latency) == pytest.approx(roundtrip.TARGET_RATIO)
    assert roundtrip.break_even_ms(2.0, 1.0) == 0.0


async def test_memory_of_a_few_iliad_games_is_measured_live_and_reloaded() -> None:
    live, reloaded = await memory.measure(5, 2)
    assert (live.games, live.plies, reloaded.games) == (5, 2, 5)
    assert live.heap_bytes > 0 and reloaded.heap_bytes > 0
    assert live.per_thousand(live.heap_bytes) == pytest.approx(live.heap_bytes / 5_000)
    assert reloaded.rss_bytes is None
    text = memory.table([live, reloaded]).format()
    for words in ("played live", "reloaded at start", "MB / 1,000 games", "<= 250 MB"):
        assert words in text


def test_a_column_of_numbers_with_blank_cells_is_still_right_aligned() -> None:
    lines = Table("T", ["what", "ms"], [["a", 1.5], ["bb", ""], ["c", 12.25]]).format().splitlines()
    assert lines[4:] == ["a      1.50", "bb", "c     12.25"]
