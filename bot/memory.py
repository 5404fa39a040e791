"""The garbage collector of the bot's own process, set for a server that runs for days.

CPython collects its youngest objects every 700 container allocations (net), and now and then
every object: in the concurrency bench (issue 23) that was 0.5 ms of the bot's CPU per move,
most of it walking what start-up made (modules, catalogues, the loaded games), which never
becomes garbage. So once the bot is set up, those objects are frozen out of every later
collection (gc.freeze), and young collections come every YOUNG allocations instead: 0.13 s of
collecting per 300 moves became 0.04 s. Reference counting frees everything as before; only a
reference cycle made entirely of start-up's objects would now stay. Tests build many bots in
one process and leave the collector as it is (SymposionBot's `settle_memory`).
"""

from __future__ import annotations

import gc

YOUNG = 10_000  # container allocations (net) between two collections of the youngest objects


def settle() -> None:
    """Collect once, freeze what is left, and collect the young less often from now on."""
    gc.collect()
    gc.freeze()
    _, middle, old = gc.get_threshold()
    gc.set_threshold(YOUNG, middle, old)
