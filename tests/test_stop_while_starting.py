"""A stop asked while `python -m bot` still loads its modules exits 0 (issue 24 §1)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

# Runs `bot` as `python -m bot` does, but sends the process `{signal}` itself at the moment
# discord.py starts to be imported: the middle of start-up, before the bot's own handlers.
SIGNAL_WHILE_IMPORTING = """
import os, runpy, signal, sys

class SignalOnImport:
    def find_spec(self, name, path=None, target=None):
        if name == "discord":
            sys.meta_path.remove(self)
            os.kill(os.getpid(), signal.{signal})
        return None

sys.meta_path.insert(0, SignalOnImport())
runpy.run_module("bot", run_name="__main__", alter_sys=True)
print("still running after the signal", file=sys.stderr)
"""


@pytest.mark.parametrize("name", ["SIGTERM", "SIGINT"])
def test_a_stop_while_the_modules_load_exits_0_without_a_trace(tmp_path: Path, name: str) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    done = subprocess.run(
        [sys.executable, "-c", SIGNAL_WHILE_IMPORTING.format(signal=name)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, (done.returncode, done.stderr)
    assert done.stderr == "" and done.stdout == ""
