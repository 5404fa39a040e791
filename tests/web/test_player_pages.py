"""A game page links each seat to its player's summary (issue 28 §2): reached by seat through
the game page's own token (no user id anywhere), the player's record in this game on this
server as /stats shows it, in the four languages, and gone with the token."""

from __future__ import annotations

import random
import re
from collections.abc import AsyncIterator

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from bot.i18n import LANGUAGES
from bot.service import GameService
from bot.store.web import GAME
from tests.web.test_nothing_private import ALICE, BOB, a_game, draw, play
from web.site import Site

Client = TestClient[web.Request, web.Application]
HEADS = {"en": "Record in Iliad", "de": "Bilanz in Ilias", "fr": "Bilan à", "it": "Risultati a"}


@pytest.fixture
async def client(service: GameService) -> AsyncIterator[Client]:
    async with TestClient(TestServer(Site(service, draw, port=0).app())) as made:
        yield made


async def text_of(client: Client, path: str) -> tuple[int, str]:
    answer = await client.get(path)
    return answer.status, await answer.text()


async def test_each_seat_links_to_its_players_record_until_the_page_is_revoked(
    service: GameService, client: Client
) -> None:
    game_id = await a_game(service, "iliad", (ALICE, BOB))
    token = await service.watching.game_page(game_id)
    assert token is not None
    status, page = await text_of(client, f"/g/{token}")
    assert status == 200
    links = re.findall(r'<a href="(/g/[^"]+/p/\d)\?lang=en">([^<]+)</a>', page)
    assert [path for path, _ in links] == [f"/g/{token}/p/0", f"/g/{token}/p/1"]
    seat_of = {name: path for path, label in links for name in ("Alice", "Bob") if name in label}
    alice, bob = seat_of["Alice"], seat_of["Bob"]  # seats are dealt at random
    status, before = await text_of(client, bob)
    assert status == 200 and "<h1>Bob</h1>" in before
    assert "No finished game of Iliad on this server yet." in before

    await play(service, game_id, 4, random.Random(1))
    await service.moves.resign(game_id, BOB)  # Alice wins
    for language in LANGUAGES:
        status, html = await text_of(client, f"{alice}?lang={language}")
        assert status == 200 and f'<html lang="{language}">' in html
        assert "<h1>Alice</h1>" in html and HEADS[language] in html
        figures = dict(re.findall(r'<th scope="row">([^<]+)</th><td class="n">([^<]+)</td>', html))
        assert len(figures) >= 5  # rating, rank, games, wins, win rate at least
        assert f'href="/g/{token}?lang={language}"' in html  # back to the game
        for user in (ALICE, BOB):
            assert str(user) not in html
    english = (await text_of(client, alice))[1]
    figures = dict(re.findall(r'<th scope="row">([^<]+)</th><td class="n">([^<]+)</td>', english))
    assert (figures["Games"], figures["Wins"], figures["Win rate"]) == ("1", "1", "100%")
    assert figures["Rank"] == "1" and "Streak" in figures
    loser = (await text_of(client, bob))[1]
    assert "1 game without a win" in loser

    for wrong in ("2", "9", "x", "-1", "007", "1" * 40):
        assert (await text_of(client, f"/g/{token}/p/{wrong}"))[0] == 404, wrong
    await service.store.web.revoke(GAME, game_id)
    assert await text_of(client, alice) == (404, "404: nothing here\n")


async def test_a_computer_seat_shows_its_levels_record(
    service: GameService, client: Client
) -> None:
    info = await service.lobby.open(
        guild_id=1, channel_id=100, game_type="iliad", host_id=ALICE, host_name="Alice"
    )
    await service.lobby.against_computer(info.game_id, ALICE, 1, "easy")
    token = await service.watching.game_page(info.game_id)
    assert token is not None
    page = (await text_of(client, f"/g/{token}"))[1]
    [computer] = re.findall(r'<a href="(/g/[^"]+/p/\d)\?lang=en">[^<]*Computer \(easy\)', page)
    await service.moves.resign(info.game_id, ALICE)  # the computer wins
    html = (await text_of(client, computer))[1]
    assert "<h1>Computer (easy)</h1>" in html and "its level’s record" in html
    figures = dict(re.findall(r'<th scope="row">([^<]+)</th><td class="n">([^<]+)</td>', html))
    assert (figures["Games"], figures["Wins"]) == ("1", "1") and "Rating" in figures
    german = (await text_of(client, computer + "?lang=de"))[1]
    assert "<h1>Computer (leicht)</h1>" in german and "Bilanz seiner Stufe" in german
