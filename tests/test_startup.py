"""python -m bot without a usable token: one clear line about .env, a non-zero exit."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(tmp_path: Path, token: str | None) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    if token is not None:
        env["DISCORD_TOKEN"] = token
    return subprocess.run(
        [sys.executable, "-m", "bot"],
        cwd=tmp_path,  # no .env here
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("token", [None, "", "not-a-token", "Bot abc.def.ghi"])
def test_without_a_usable_token_the_bot_says_what_to_put_in_env(
    tmp_path: Path, token: str | None
) -> None:
    done = _run(tmp_path, token)
    assert done.returncode != 0
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "DISCORD_TOKEN" in lines[0] and ".env" in lines[0]
    if token:
        assert token not in done.stderr + done.stdout


def test_debug_logging_keeps_discord_payloads_out_of_the_log() -> None:
    import logging

    from bot.__main__ import configure_logging

    configure_logging("DEBUG")
    try:
        assert logging.getLogger("bot").getEffectiveLevel() == logging.DEBUG
        assert logging.getLogger("discord.http").getEffectiveLevel() == logging.INFO
    finally:
        logging.getLogger("discord").setLevel(logging.NOTSET)
        logging.getLogger().setLevel(logging.WARNING)
