"""Worker pools never outlive the bot (bot/pools.py, issue 24 §2): workers are deaf to Ctrl-C,
a busy one is killed after the grace, and each ends by itself when the process that made its
pool ends, however it ends (SIGKILL here)."""

from __future__ import annotations

import os
import select
import signal
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from bot.pools import _look_until_gone, end_pools, worker_pool
from tests.e2e.bot_process import group_members
from tests.pool_jobs import deaf_to_stop_signals, report_and_hang

ROOT = Path(__file__).resolve().parents[1]
WAIT = 30.0  # seconds a worker may take to start (a busy machine); never a fixed pause
GONE_WITHIN = 5.0  # the bound after SIGKILL of the bot
# A stand-in for the bot: a pool whose one worker reports and hangs; then it waits forever.
BOT = (
    "import sys; from bot.pools import worker_pool; from tests.pool_jobs import report_and_hang;"
    "pool = worker_pool(1); pool.submit(report_and_hang, sys.argv[1]); sys.stdin.read()"
)


@contextmanager
def listening(folder: Path) -> Iterator[tuple[socket.socket, str]]:
    """A unix socket a worker connects to (the test learns it runs, and its pid)."""
    address = str(folder / "worker.sock")
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(address)
        server.listen()
        server.settimeout(WAIT)
        yield server, address


def worker_pid(server: socket.socket) -> tuple[socket.socket, int]:
    """Wait for a worker to report in: its connection (kept open: it hangs) and its pid."""
    connection, _ = server.accept()
    return connection, int(connection.recv(32))


def ended(pid: int, timeout: float) -> bool:
    """Whether process `pid` ends within `timeout` seconds (woken by its pidfd, not polled)."""
    try:
        handle = os.pidfd_open(pid)
    except ProcessLookupError:
        return True
    try:
        readable, _, _ = select.select([handle], [], [], timeout)
        return bool(readable)
    finally:
        os.close(handle)


def test_workers_ignore_ctrl_c_and_sigterm() -> None:
    pool = worker_pool(1)
    try:
        assert pool.submit(deaf_to_stop_signals).result(timeout=WAIT)
    finally:
        end_pools([pool], grace=1.0)


def test_a_busy_worker_is_killed_after_the_grace(tmp_path: Path) -> None:
    pool = worker_pool(1)
    with listening(tmp_path) as (server, address):
        job = pool.submit(report_and_hang, address)
        connection, pid = worker_pid(server)
        with connection:
            end_pools([pool], grace=0.1)  # the job is still running: not waited for
            assert ended(pid, 0.0)
            assert not job.done() or job.exception() is not None  # it never finished


def test_a_worker_ends_by_itself_when_its_bot_is_killed(tmp_path: Path) -> None:
    with listening(tmp_path) as (server, address):
        bot = subprocess.Popen(
            [sys.executable, "-c", BOT, address],
            cwd=ROOT,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
            stdin=subprocess.PIPE,
            start_new_session=True,  # its own group: its forkserver and tracker are found by it
        )
        try:
            connection, pid = worker_pid(server)
            with connection:
                left = [int(member.split()[0]) for member in group_members(bot.pid)]
                assert pid in left and len(left) >= 3  # the bot, the forkserver, the worker
                bot.kill()
                bot.wait()
                assert [p for p in left if not ended(p, GONE_WITHIN)] == []
        finally:
            if group_members(bot.pid):
                os.killpg(bot.pid, signal.SIGKILL)
            bot.wait()


def test_without_pidfds_a_worker_sees_an_ended_bot_as_gone() -> None:
    gone = subprocess.Popen([sys.executable, "-c", "pass"])
    gone.wait()
    _look_until_gone(gone.pid)  # returns at once: it no longer exists
