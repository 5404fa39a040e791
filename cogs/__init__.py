"""Thin Discord adapters: they translate interactions into service calls and back.

One discord.py extension per command group (lobby, moves, info, yours, timers, hints, records,
replays, language), each adding its commands and registering its own buttons in `setup`; the
presenter extension (presenter.py) is loaded first. What they share is in `cogs.ui`.
"""
