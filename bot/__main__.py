"""python -m bot: a stop asked while the modules still load exits 0 too, then the bot runs.

Importing discord.py, Pillow and the games takes about a second; a deploy's SIGTERM (or a
Ctrl-C) in that second would otherwise end the process by the signal (status -15), before
`bot.signals` can install the clean stop. Nothing is open yet, so leaving at once is clean.
"""

from __future__ import annotations

import signal
from types import FrameType

STOPPING = (signal.SIGTERM, signal.SIGINT)


def _stop_while_starting(number: int, frame: FrameType | None) -> None:
    """Nothing is open before the bot runs: a stop asked now simply ends the process with 0."""
    raise SystemExit(0)


def start() -> int:
    """Answer a stop from the first instant, then load the bot and run it."""
    for number in STOPPING:
        signal.signal(number, _stop_while_starting)
    from bot.main import main  # the long imports, after the handlers

    return main()


if __name__ == "__main__":
    raise SystemExit(start())
