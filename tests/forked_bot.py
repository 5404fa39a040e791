"""`python -c` runs of the bot's main(), each a process of its own, without importing it each time.

A start-up that meets a broken database or a bad DATABASE_URL is over in some 50 ms, but a new
interpreter first spends ~0.8 s of CPU importing discord.py, aiohttp, Pillow and the games. Here
one helper per test process imports `bot.main` once, with none of the bot's settings in its
environment (settings are read when main() runs, never at import), and forks a child for each
run. The child takes the run's environment, folder and code and runs the code as `python -c`
does: in a fresh `__main__`, an uncaught error printed with its traceback, then the interpreter's
own exit (atexit, finalisers and their warnings included). Its stdout and stderr are captured;
its exit status is the run's; a run past its timeout is killed and raises TimeoutExpired.
"""

from __future__ import annotations

import atexit
import json
import os
import selectors
import signal
import subprocess
import sys
import tempfile
import types
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# What the helper imports before it forks: everything `from bot.main import main` loads.
PRELOADED = "bot.main"
# The bot's settings never reach the helper itself (each run brings its own environment).
SETTINGS = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "LOG_LEVEL", "DEV_GUILD_ID")


@dataclass(frozen=True)
class Run:
    """One run, as the forked child carries it out."""

    code: str
    env: dict[str, str]
    cwd: str
    out: str
    err: str

    def start(self) -> None:
        """Become the run's process: its files, folder and environment, then its code."""
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.close(null)
        for fd, path in ((1, self.out), (2, self.err)):
            opened = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
            os.dup2(opened, fd)
            os.close(opened)
        os.chdir(self.cwd)
        os.environ.clear()
        os.environ.update(self.env)
        sys.argv = ["-c"]
        main = types.ModuleType("__main__")
        sys.modules["__main__"] = main
        exec(compile(self.code, "<string>", "exec"), main.__dict__)


def serve() -> Run:
    """The helper's loop: a run per request line, answered with its pid, then its exit status.
    Returns only in a forked child, with the run it is to carry out."""
    __import__(PRELOADED)
    pending = b""
    while True:
        while b"\n" not in pending:
            chunk = os.read(0, 65536)
            if not chunk:
                raise SystemExit(0)  # the test process is done with us
            pending += chunk
        line, pending = pending.split(b"\n", 1)
        run = Run(**json.loads(line))
        pid = os.fork()
        if pid == 0:
            return run
        os.write(1, f"{pid}\n".encode())
        _, status = os.waitpid(pid, 0)
        os.write(1, f"{os.waitstatus_to_exitcode(status)}\n".encode())


class Forker:
    """The test process's side: starts the helper on first use, asks it for runs."""

    def __init__(self) -> None:
        self._helper: subprocess.Popen[bytes] | None = None
        self._pending = b""

    def run(
        self, code: str, env: Mapping[str, str], cwd: Path, timeout: float
    ) -> subprocess.CompletedProcess[str]:
        """`python -c code` with exactly `env`, in `cwd`: what subprocess.run(capture_output=True,
        text=True, timeout=timeout) would return or raise."""
        helper = self._started()
        assert helper.stdin is not None
        args = [sys.executable, "-c", code]
        with tempfile.TemporaryDirectory() as folder:
            out, err = Path(folder, "out"), Path(folder, "err")
            run = Run(code, dict(env), str(cwd), str(out), str(err))
            helper.stdin.write(json.dumps(run.__dict__).encode() + b"\n")
            helper.stdin.flush()
            pid = int(self._line(None))
            try:
                status = int(self._line(timeout))
            except TimeoutError:
                os.kill(pid, signal.SIGKILL)
                self._line(None)
                raise subprocess.TimeoutExpired(
                    args, timeout, out.read_text(), err.read_text()
                ) from None
            return subprocess.CompletedProcess(args, status, out.read_text(), err.read_text())

    def close(self) -> None:
        """End the helper (it leaves when its input closes)."""
        if self._helper is None:
            return
        assert self._helper.stdin is not None
        self._helper.stdin.close()
        self._helper.wait(timeout=60)
        self._helper = None

    def _started(self) -> subprocess.Popen[bytes]:
        if self._helper is None or self._helper.poll() is not None:
            env = {k: v for k, v in os.environ.items() if k not in SETTINGS}
            env["PYTHONPATH"] = str(ROOT)
            self._pending = b""
            self._helper = subprocess.Popen(
                [sys.executable, "-m", "tests.forked_bot"],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                cwd=tempfile.gettempdir(),  # no .env there
                env=env,
            )
            atexit.register(self.close)
        return self._helper

    def _line(self, timeout: float | None) -> str:
        """The helper's next answer line; TimeoutError after `timeout` seconds."""
        assert self._helper is not None and self._helper.stdout is not None
        fd = self._helper.stdout.fileno()
        with selectors.DefaultSelector() as waiting:
            waiting.register(fd, selectors.EVENT_READ)
            while b"\n" not in self._pending:
                if not waiting.select(timeout):
                    raise TimeoutError
                chunk = os.read(fd, 65536)
                if not chunk:
                    raise RuntimeError("the forking helper ended")
                self._pending += chunk
        line, self._pending = self._pending.split(b"\n", 1)
        return line.decode()


FORKER = Forker()


def run_python(
    code: str, env: Mapping[str, str], cwd: Path, timeout: float = 60
) -> subprocess.CompletedProcess[str]:
    """`python -c code` in a process of its own, forked from one with the bot loaded."""
    return FORKER.run(code, env, cwd, timeout)


if __name__ == "__main__":
    serve().start()
