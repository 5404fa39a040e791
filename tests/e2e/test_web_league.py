"""A league's web page (issue 28 §3): made, renewed and revoked with `/web league` by members
with Manage Server; its standings with their tie-breaks, its rounds with their pairings, byes
and results, links to each game's page where that page is on, in the four languages, and never
a user id."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import aiohttp
import pytest

from bot.i18n import LANGUAGES
from bot.store.web import GAME
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.league_play import PLAYERS, SEED, a_league_in_round_two, names_of
from tests.e2e.web_helpers import PUBLIC, local, user_ids, with_site

Runner = BotRunner[Any]
STANDINGS = {"en": "Standings", "de": "Tabelle", "fr": "Classement", "it": "Classifica"}


async def fetch(url: str, **headers: str) -> tuple[int, str]:
    async with aiohttp.ClientSession() as http, http.get(url, headers=headers) as answer:
        return answer.status, await answer.text()


async def league_page(fake: FakeDiscord, user: str, **options: object) -> str:
    """`/web league` as `user`: its ephemeral answer."""
    asked = await fake.slash("web league", {"league": 1, **options}, user=user, channel="games")
    return (await asked.wait_message(lambda m: m.ephemeral)).content


def address_in(said: str) -> str:
    return PUBLIC + said.split(PUBLIC, 1)[1].split()[0]


async def test_a_leagues_page_shows_standings_and_rounds_until_revoked(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bot.service.leagues.new_seed", lambda: SEED)
    bot = await bot_runner.start(with_site(database))
    table = await a_league_in_round_two(fake_discord, bot, bot_runner)
    winner = min(names_of(fake_discord, table.seats), key=PLAYERS.index)

    assert "Manage Server" in await league_page(fake_discord, "carol")
    assert "no league number 7" in await league_page(fake_discord, "owner", league=7)
    address = address_in(await league_page(fake_discord, "owner"))
    assert "/league/" in address
    status, html = await fetch(local(bot, address))
    assert status == 200 and '<html lang="en">' in html
    assert re.search(r"<h1>League #1: Iliad</h1>", html)
    assert "Swiss, round 2 of 2" in html
    heads = re.findall(r'<th scope="col"[^>]*>([^<]+)</th>', html)
    assert heads == ["#", "Player", "Pts", "BH", "SB", "Games"]
    assert "BH Buchholz · SB Sonneborn-Berger" in html
    rows = re.findall(r'<tr><td class="n">(\d+)</td><th scope="row">(\w+)', html)
    assert len(rows) == len(PLAYERS) and rows[0] == ("1", winner.title())  # one win, a game
    assert "<h3" in html and "Round 2" in html and "Round 1" in html
    assert "(ended)" in html and "(being played)" in html
    assert "has a bye" in html
    assert re.search(r"Result: 1\. \w+, 2\. \w+", html)
    games = re.findall(r'<a href="(/g/[^"?]+)\?lang=en">Game (\d+)</a>', html)
    assert str(table.game_id) in [number for _, number in games]
    for path, _ in games:  # each linked game's page answers
        assert (await fetch(local(bot, PUBLIC + path)))[0] == 200
    assert not [uid for uid in user_ids(fake_discord) if uid in html]
    for language in LANGUAGES:
        status, words = await fetch(local(bot, address) + f"?lang={language}")
        assert status == 200 and f'<html lang="{language}">' in words
        assert f">{STANDINGS[language]}</h2>" in words

    # A game whose page its host turned off is named, not linked.
    await bot.store.web.revoke(GAME, table.game_id)
    html = (await fetch(local(bot, address)))[1]
    assert f"Game {table.game_id}</a>" not in html and f"Game {table.game_id}" in html

    assert address in await league_page(fake_discord, "owner")  # the same page again
    renewed = address_in(await league_page(fake_discord, "owner", state="renew"))
    assert renewed != address and (await fetch(local(bot, address)))[0] == 404
    said = await league_page(fake_discord, "owner", state="off")
    assert "is off" in said
    assert await fetch(local(bot, renewed)) == (404, "404: nothing here\n")
