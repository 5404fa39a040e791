"""The real bot on PostgreSQL through the fake Discord: logs name the server, not the password."""

from __future__ import annotations

import logging
from typing import Any
from urllib.parse import urlsplit

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import factory, open_game
from tests.postgres_server import PostgresServer

Runner = BotRunner[Any]


async def test_the_bot_logs_where_its_games_are_without_the_password(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    postgres_server: PostgresServer,
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.INFO)
    url = await postgres_server.new_database()
    await bot_runner.start(factory(url))
    await open_game(fake_discord, "atlandice", "alice", ["bob"])
    await bot_runner.restart(factory(url))
    password = urlsplit(url).password
    assert password and password not in caplog.text
    assert "loaded 1 ongoing game(s) from postgresql://symposion@127.0.0.1:" in caplog.text
