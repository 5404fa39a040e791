"""python -m bot without a usable token: one clear line about .env, a non-zero exit."""

from __future__ import annotations

import asyncio
import os
import re
import socket
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

    from bot.main import configure_logging

    configure_logging("DEBUG")
    try:
        assert logging.getLogger("bot").getEffectiveLevel() == logging.DEBUG
        assert logging.getLogger("discord.http").getEffectiveLevel() == logging.INFO
    finally:
        logging.getLogger("discord").setLevel(logging.NOTSET)
        logging.getLogger().setLevel(logging.WARNING)


LOG_RECORD = re.compile(r"^\d{4}-\d\d-\d\d [\d:,]+ (DEBUG|INFO|WARNING) ")  # INFO start-up lines
REFUSED_TOKEN = "MTAwMDAwMDAwMDAwMDAwMDAw.GAAAAA.refused-by-discord-0000000000"
POINT_AT_FAKE = (
    "import sys, discord; discord.http.Route.BASE = sys.argv[1]; "
    "from bot.main import main; raise SystemExit(main())"
)


async def test_a_token_discord_refuses_prints_one_line_and_exits(tmp_path: Path) -> None:
    from tests.e2e.fake_discord import serving
    from tests.e2e.fake_discord.rest import API

    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(
        PYTHONPATH=str(ROOT),
        DISCORD_TOKEN=REFUSED_TOKEN,
        DATABASE_PATH=str(tmp_path / "s.sqlite3"),
    )
    async with serving() as fake:
        fake.expect_rejection(0)  # Discord's 401 on login carries code 0
        bot = await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            POINT_AT_FAKE,
            fake.base_url + API,
            cwd=tmp_path,
            env=env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.PIPE,
        )
        out, err = await asyncio.wait_for(bot.communicate(), 60)
        assert (await fake.wait_rejection(0)).status == 401
    stderr = err.decode()
    assert bot.returncode not in (0, None)
    assert "Traceback" not in stderr and " ERROR " not in stderr, stderr
    assert " WARNING " not in stderr, stderr  # e.g. discord.py's voice warnings: no voice here
    said = [line for line in stderr.strip().splitlines() if not LOG_RECORD.match(line)]
    assert len(said) == 1, stderr
    assert "DISCORD_TOKEN" in said[0] and ".env" in said[0] and "refused" in said[0]
    assert REFUSED_TOKEN not in stderr + out.decode()


def _closed_port() -> int:
    """A local port nothing listens on (bound once to pick it, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def test_a_discord_that_cannot_be_reached_prints_one_line(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env.update(
        PYTHONPATH=str(ROOT), DISCORD_TOKEN=REFUSED_TOKEN, DATABASE_PATH=str(tmp_path / "s.db")
    )
    base = f"http://127.0.0.1:{_closed_port()}/api/v10"
    done = subprocess.run(
        [sys.executable, "-c", POINT_AT_FAKE, base],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 4
    assert "Traceback" not in done.stderr, done.stderr
    said = [line for line in done.stderr.strip().splitlines() if not LOG_RECORD.match(line)]
    assert len(said) == 1 and "cannot reach Discord" in said[0], done.stderr
    assert REFUSED_TOKEN not in done.stderr + done.stdout
