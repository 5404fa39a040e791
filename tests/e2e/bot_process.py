"""The bot as an operator runs it: `python -m bot` in its own process, against a fake Discord.

The fake runs in the caller's process; the bot process only has discord.py's three addresses
pointed at it before `bot` runs as `__main__` (exactly what `python -m bot` does). The bot
starts in a process group of its own, so everything it starts (the forkserver, pool workers,
the resource tracker) can be found, and signalled together, by that group, even after the bot
itself is gone. Its log (stderr) is read line by line as it comes.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
from collections.abc import AsyncIterator, Mapping
from pathlib import Path
from typing import Self

from tests.e2e.fake_discord import FakeDiscord
from tests.e2e.fake_discord.rest import API

ROOT = Path(__file__).resolve().parents[2]
# Point discord.py at the fake (argv: REST base, gateway URL, asset base), then `python -m bot`.
BOOT = (
    "import runpy, sys, discord, yarl; "
    "discord.http.Route.BASE = sys.argv[1]; "
    "discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(sys.argv[2]); "
    "discord.asset.Asset.BASE = sys.argv[3]; "
    "del sys.argv[1:]; "
    "runpy.run_module('bot', run_name='__main__', alter_sys=True)"
)
# What `nohup` and a script's `cmd &` do: the bot inherits SIGINT ignored across exec.
SIGINT_IGNORED = (
    "import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_IGN); "
    "os.execv(sys.executable, [sys.executable, *sys.argv[1:]])"
)
ERROR_LINE = re.compile(r"^\S+ \S+ (ERROR|CRITICAL) ")


class _Log(asyncio.SubprocessProtocol):
    """The bot's stderr as lines, and its exit, each noticed as it happens.

    Its exit is seen by itself (asyncio's Process.wait also waits for the log pipe to close,
    which a child left behind keeps open).
    """

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.exited = asyncio.Event()
        self.changed = asyncio.Event()
        self._partial = b""

    def pipe_data_received(self, fd: int, data: bytes) -> None:
        """Keep every complete line."""
        *complete, self._partial = (self._partial + data).split(b"\n")
        self.lines += [line.decode(errors="replace") for line in complete]
        self.changed.set()

    def process_exited(self) -> None:
        """The bot ended (its children may not have)."""
        self.exited.set()
        self.changed.set()


class BotProcess:
    """One `python -m bot` process on the fake, its log lines, and its process group."""

    def __init__(self, transport: asyncio.SubprocessTransport, log: _Log) -> None:
        self.transport = transport
        self._log = log
        self.pid = transport.get_pid()  # also its process group's id

    @classmethod
    async def start(
        cls,
        fake: FakeDiscord,
        database: Path,
        *,
        sigint_ignored: bool = False,
        env: Mapping[str, str] | None = None,
    ) -> Self:
        """Start the bot on `database` (a sqlite file) against `fake`."""
        settings = {k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "DATA"))}
        settings |= {"PYTHONPATH": str(ROOT), "DISCORD_TOKEN": fake.token}
        settings |= {"DATABASE_PATH": str(database), "LOG_LEVEL": "INFO", **(env or {})}
        addresses = (fake.base_url + API, fake.ws_url, fake.base_url)
        command = [sys.executable, "-c", BOOT, *addresses]
        if sigint_ignored:
            command = [sys.executable, "-c", SIGINT_IGNORED, *command[1:]]
        transport, log = await asyncio.get_running_loop().subprocess_exec(
            _Log,
            *command,
            cwd=database.parent,  # no .env there
            env=settings,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,  # its own process group: its children are found by it
        )
        return cls(transport, log)

    @property
    def lines(self) -> list[str]:
        """Every log line so far."""
        return self._log.lines

    async def wait_line(self, pattern: str, timeout: float = 30.0) -> str:
        """The first log line matching the regex `pattern`, waiting for it to be written."""
        found = re.compile(pattern)
        async with asyncio.timeout(timeout):
            while True:
                for line in self.lines:
                    if found.search(line):
                        return line
                if self._log.exited.is_set():
                    raise AssertionError(f"the bot ended without {pattern!r}:\n{self.log}")
                self._log.changed.clear()
                await self._log.changed.wait()

    @property
    def log(self) -> str:
        """Everything the bot logged so far."""
        return "\n".join(self.lines)

    def errors(self) -> list[str]:
        """ERROR and CRITICAL lines, and tracebacks (a worker's included)."""
        return [line for line in self.lines if ERROR_LINE.match(line) or "Traceback" in line]

    def send(self, number: signal.Signals) -> None:
        """Send a signal to the bot's main process only (docker stop, systemd's main PID)."""
        self.transport.send_signal(number)

    def send_group(self, number: signal.Signals) -> None:
        """Send a signal to the whole process group (Ctrl-C in a terminal)."""
        os.killpg(self.pid, number)

    async def exit_status(self, timeout: float) -> int:
        """The bot's exit status, waiting at most `timeout` seconds for it to end."""
        await asyncio.wait_for(self._log.exited.wait(), timeout)
        status = self.transport.get_returncode()
        assert status is not None
        return status

    def group(self) -> list[str]:
        """Every live process still in the bot's process group: 'pid name' each."""
        return group_members(self.pid)

    async def wait_group_ended(self, timeout: float) -> list[str]:
        """Wait up to `timeout` seconds for every process of the group to end (woken by the
        kernel through pidfds, never polled); returns what is still there."""
        loop = asyncio.get_running_loop()
        watched: dict[int, asyncio.Future[None]] = {}
        for member in self.group():
            try:
                handle = os.pidfd_open(int(member.split()[0]))
            except ProcessLookupError:
                continue  # ended meanwhile
            ended: asyncio.Future[None] = loop.create_future()
            loop.add_reader(handle, _settle, ended, None)  # readable once it has ended
            watched[handle] = ended
        try:
            if watched:
                await asyncio.wait(watched.values(), timeout=timeout)
        finally:
            for handle in watched:
                loop.remove_reader(handle)
                os.close(handle)
        return self.group()

    async def stop(self) -> None:
        """Make sure nothing of it is left (after a test, whatever happened)."""
        if self.group():
            os.killpg(self.pid, signal.SIGKILL)
        await self._log.exited.wait()
        self.transport.close()


@contextlib.asynccontextmanager
async def launched(
    fake: FakeDiscord, database: Path, *, sigint_ignored: bool = False
) -> AsyncIterator[BotProcess]:
    """The bot started on `database`; afterwards nothing of it is left, whatever happened."""
    bot = await BotProcess.start(fake, database, sigint_ignored=sigint_ignored)
    try:
        yield bot
    finally:
        await bot.stop()


def _settle(future: asyncio.Future[None], result: None) -> None:
    """Set a future's result once (a reader callback fires for as long as it is readable)."""
    if not future.done():
        future.set_result(result)


def group_members(group: int) -> list[str]:
    """Live processes (zombies excluded) in process group `group`, read from /proc."""
    members = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # it ended while we looked
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        state, _parent, pgrp = stat[stat.rindex(")") + 2 :].split()[:3]
        if int(pgrp) == group and state != "Z":
            members.append(f"{entry.name} {name}")
    return members
