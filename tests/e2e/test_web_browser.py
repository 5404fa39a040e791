"""The web pages in a real browser (issue 28): headless Chromium loads a game's page and shows
its board, a move made through the fake Discord appears on the open page within 2 s, the page
reconnects by itself after the bot restarts, a revoked token answers 404, and at 400 px the page
is one column with no horizontal scroll; the leaderboards, a league's page and a player's
summary load with their headings and no horizontal scroll at 400 px either."""

from __future__ import annotations

import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from selenium import webdriver
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from bot.client import SymposionBot
from bot.settings import WebSettings
from tests.e2e.browser import browser, call, script, until
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.league_play import SEED, a_league_in_round_two
from tests.e2e.symposion import is_live_board, move_by_buttons
from tests.e2e.web_helpers import PUBLIC, local, watched_game

__all__ = ["browser"]  # the fixture, used by name
Runner = BotRunner[Any]
BOARD_SHOWN = "const i = document.getElementById('board'); return i.complete && i.naturalWidth > 0;"
VERSION = "return Number(document.getElementById('live').getAttribute('data-v'));"
SIDEWAYS = "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def on_port(database: str | Path, port: int) -> Any:
    """Bots on one database serving their site on one fixed port (a restart keeps it)."""

    def build(**options: Any) -> SymposionBot:
        web = WebSettings(port=port, public_url=PUBLIC)
        return SymposionBot(database_path=database, web=web, **options)

    return build


def newer_than(version: int) -> Any:
    return lambda driver: driver.execute_script(VERSION) > version


async def test_a_page_shows_the_board_follows_moves_and_comes_back_after_a_restart(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, browser: webdriver.Chrome
) -> None:
    port = free_port()
    bot, link = await watched_game(fake_discord, bot_runner, on_port(database, port))
    page = local(bot, link)
    await call(browser.set_window_size, 1280, 900)
    await call(browser.get, page)
    await until(browser, script(BOARD_SHOWN))
    heading = await call(browser.find_element, By.TAG_NAME, "h1")
    assert heading.text == "Iliad, game 1"
    alt = (await call(browser.find_element, By.ID, "board")).get_attribute("alt")
    assert alt is not None and alt.startswith("The board of Iliad")
    await until(browser, lambda d: "Live" in d.find_element(By.ID, "status").text)
    shown = await call(browser.execute_script, VERSION)

    await move_by_buttons(fake_discord, 0)  # a move through the fake Discord
    await until(browser, newer_than(shown), within=2.0)
    await until(browser, script(BOARD_SHOWN))
    shown = await call(browser.execute_script, VERSION)

    await bot_runner.stop()  # the bot restarts; the open page reconnects by itself
    await until(browser, lambda d: "lost" in d.find_element(By.ID, "status").text)
    await bot_runner.start(on_port(database, port))
    await until(browser, lambda d: "Live" in d.find_element(By.ID, "status").text, within=5.0)
    await move_by_buttons(fake_discord, 1)
    await until(browser, newer_than(shown), within=2.0)


async def test_a_phone_sized_page_is_one_column_and_a_revoked_one_is_gone(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, browser: webdriver.Chrome
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, on_port(database, free_port()))
    page = local(bot, link)
    await call(browser.set_window_size, 400, 800)
    await call(browser.get, page + "?lang=fr")
    await until(browser, script(BOARD_SHOWN))
    width = await call(browser.execute_script, "return window.innerWidth;")
    assert width <= 400
    scroll = "return document.documentElement.scrollWidth - document.documentElement.clientWidth;"
    assert await call(browser.execute_script, scroll) == 0
    columns = "return getComputedStyle(document.querySelector('main')).gridTemplateColumns;"
    assert len((await call(browser.execute_script, columns)).split()) == 1
    assert "partie 1" in (await call(browser.find_element, By.TAG_NAME, "h1")).text
    await call(browser.set_window_size, 1280, 900)
    assert len((await call(browser.execute_script, columns)).split()) == 2

    await until(browser, lambda d: "direct" in d.find_element(By.ID, "status").text)
    turned_off = await fake_discord.slash("web off", {}, user="alice", channel="games")
    await turned_off.wait_message(lambda m: m.ephemeral)
    await until(browser, lambda d: "désactivée" in d.find_element(By.ID, "status").text)
    await call(browser.get, page)
    body = (await call(browser.find_element, By.TAG_NAME, "body")).text
    assert body == "404: nothing here"


async def test_a_finished_games_positions_step_with_the_keyboard(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, browser: webdriver.Chrome
) -> None:
    bot, link = await watched_game(fake_discord, bot_runner, on_port(database, free_port()))
    for step in range(2):
        mark = fake_discord.mark()
        await move_by_buttons(fake_discord, step)
        await fake_discord.wait_for(is_live_board, since=mark)
    page = local(bot, link)
    await call(browser.set_window_size, 1280, 900)
    await call(browser.get, page)  # open while the game is played: it ends on the open page
    await until(browser, lambda d: "Live" in d.find_element(By.ID, "status").text)
    resigned = await fake_discord.slash("resign", {}, user="bob", channel="games")
    await resigned.wait_answered()
    await fake_discord.wait_for(lambda m: "is over" in m.content)
    await until(browser, lambda d: d.find_elements(By.ID, "position"), within=3.0)  # reloaded
    await until(browser, script(BOARD_SHOWN))
    assert not await call(browser.execute_script, "return document.body.dataset.live || '';")
    slider = await call(browser.find_element, By.ID, "position")
    last = int(slider.get_attribute("max") or 0)
    assert last >= 2
    told = await call(browser.find_element, By.ID, "position-told")
    assert told.text == f"Position after move {last} of {last}"
    await call(browser.find_element(By.TAG_NAME, "body").send_keys, Keys.ARROW_LEFT)
    await until(
        browser,
        lambda d: d.find_element(By.ID, "board").get_attribute("src").endswith(f"move={last - 1}"),
    )
    await until(browser, script(BOARD_SHOWN))
    await call(browser.find_element(By.TAG_NAME, "body").send_keys, Keys.HOME)
    await until(
        browser, lambda d: d.find_element(By.ID, "board").get_attribute("src").endswith("move=0")
    )
    assert told.text == f"Position after move 0 of {last}"
    first_alt = (await call(browser.find_element, By.ID, "board")).get_attribute("alt")
    await call(browser.find_element(By.ID, "forward").click)
    await until(
        browser, lambda d: d.find_element(By.ID, "board").get_attribute("src").endswith("move=1")
    )
    assert (await call(browser.find_element, By.ID, "board")).get_attribute("alt") != first_alt
    await until(browser, script(BOARD_SHOWN))
    record = (await call(browser.find_element, By.PARTIAL_LINK_TEXT, "game record")).get_attribute(
        "href"
    )
    assert record is not None and record.endswith("/record.json")
    async with aiohttp.ClientSession() as http, http.get(record) as answer:
        data = await answer.json()
    assert data["format"] == "symposion-game" and data["status"] == "finished"
    assert [p["name"] for p in data["players"]] and len(data["moves"]) == last


async def headings_at_400(browser: webdriver.Chrome, page: str) -> tuple[str, list[str]]:
    """Open a page 400 px wide; it must not scroll sideways; its h1 and h2 texts."""
    await call(browser.set_window_size, 400, 800)
    await call(browser.get, page)
    await until(browser, lambda d: d.find_elements(By.TAG_NAME, "h1"))
    assert await call(browser.execute_script, SIDEWAYS) == 0, page
    title = (await call(browser.find_element, By.TAG_NAME, "h1")).text
    return title, [h.text for h in await call(browser.find_elements, By.TAG_NAME, "h2")]


async def test_the_leaderboards_a_league_and_a_players_summary_in_a_browser(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    browser: webdriver.Chrome,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("bot.service.leagues.new_seed", lambda: SEED)
    bot = await bot_runner.start(on_port(database, free_port()))
    table = await a_league_in_round_two(fake_discord, bot, bot_runner)

    asked = await fake_discord.slash("web leaderboards", {}, user="owner", channel="games")
    said = (await asked.wait_message(lambda m: m.ephemeral)).content
    boards = local(bot, PUBLIC + said.split(PUBLIC, 1)[1].split()[0])
    title, sections = await headings_at_400(browser, boards)
    assert title == "Leaderboards" and sections == ["Iliad"]
    rows = await call(browser.find_elements, By.CSS_SELECTOR, "tbody tr")
    assert len(rows) == 2  # the league's first game: its two players are rated

    asked = await fake_discord.slash("web league", {"league": 1}, user="owner", channel="games")
    said = (await asked.wait_message(lambda m: m.ephemeral)).content
    league = local(bot, PUBLIC + said.split(PUBLIC, 1)[1].split()[0])
    title, sections = await headings_at_400(browser, league)
    assert title == "League #1: Iliad" and sections == ["Standings", "Rounds"]
    rounds = [h.text for h in await call(browser.find_elements, By.TAG_NAME, "h3")]
    assert rounds == ["Round 2 (being played)", "Round 1 (ended)"]
    await call(browser.find_element(By.LINK_TEXT, f"Game {table.game_id}").click)
    await until(browser, script(BOARD_SHOWN))
    assert await call(browser.execute_script, SIDEWAYS) == 0
    players = await call(browser.find_elements, By.CSS_SELECTOR, ".players a")
    assert len(players) == 2
    shown = players[0].text
    await call(players[0].click)
    await until(browser, lambda d: "/p/0" in d.current_url)
    title, sections = await headings_at_400(browser, browser.current_url)
    assert title in shown and sections == ["Record in Iliad on this server"]
    await call(browser.set_window_size, 1280, 900)
    await call(browser.find_element(By.LINK_TEXT, "Back to the game").click)
    await until(browser, script(BOARD_SHOWN))
