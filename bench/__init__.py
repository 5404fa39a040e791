"""Benchmarks: `python -m bench` (or `make bench`) runs every module named in BENCHMARKS.

A benchmark is a module `bench.<name>` with `TITLE` (one line) and
`run(settings: bench.core.Settings) -> list[bench.core.Table]`. To add one, write the module and
add its name here; `python -m bench --only NAME` runs just that one.
"""

BENCHMARKS: tuple[str, ...] = (
    "render",
    "playouts",
    "decisions",
    "roundtrip",
    "memory",
    "traffic",
    "replay",
    "shards",
    "growth",
    "startup",
    "restart",
    "concurrency",
    "watchers",
)
