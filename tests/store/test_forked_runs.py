"""The forked runs the fault tests use (tests/forked_bot.py) end as `python -c` in a new process."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.forked_bot import run_python

CASES = {
    "exit status, both streams, environment and folder": (
        "import os, sys\nprint(os.environ['ONLY'], 'HOME' in os.environ, os.getcwd())\n"
        "print(sys.argv, __name__, 'to stderr', file=sys.stderr)\nraise SystemExit(3)\n"
    ),
    "an uncaught error: its traceback and status 1": "print('before')\n1 / 0\n",
    "finalisers at the interpreter's exit": (
        "class Late:\n    def __del__(self):\n        print('finalised')\nkept = Late()\n"
    ),
    "no input": "import sys\nprint(repr(sys.stdin.read()))\n",
}


@pytest.mark.parametrize("code", list(CASES.values()), ids=list(CASES))
def test_a_forked_run_ends_as_a_new_interpreter_would(tmp_path: Path, code: str) -> None:
    env = {"ONLY": "this", "LANG": "C.UTF-8"}  # a C locale would be coerced
    fresh = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    forked = run_python(code, env, tmp_path)
    assert forked.returncode == fresh.returncode
    assert forked.stdout == fresh.stdout
    # A traceback's first frames are where the code was started from; its end is the same.
    assert forked.stderr.splitlines()[-2:] == fresh.stderr.splitlines()[-2:]
    assert ("Traceback" in forked.stderr) == ("Traceback" in fresh.stderr)


def test_a_forked_run_past_its_timeout_is_killed(tmp_path: Path) -> None:
    with pytest.raises(subprocess.TimeoutExpired):
        run_python("import signal\nsignal.pause()\n", {}, tmp_path, timeout=0.5)
    assert run_python("print('next')", dict(os.environ), tmp_path).stdout == "next\n"
