"""Write docs/web-<page>-1280.png and -400.png: the web pages (issue 28) in headless Chromium.

Starts the local fake Discord (tests/e2e) and the real bot with its site on a temporary sqlite
file, plays an Iliad game part of the way (a live page), then to its end (the finished page with
its positions) and a player's summary, runs a league of three into its second round and opens
its page, then the server's leaderboards page; each page is photographed whole at 1280 and at
400 px wide. Needs Debian's chromium and chromium-driver (`make test` installs them).
"""

from __future__ import annotations

import asyncio
import sys
import tempfile
from pathlib import Path
from typing import Any
from unittest.mock import patch

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a file, the repository root is not on the path
    sys.path.insert(0, str(ROOT))

from bot.client import SymposionBot  # noqa: E402
from bot.settings import WebSettings  # noqa: E402
from tests.e2e.browser import CHROMEDRIVER, CHROMIUM, FLAGS  # noqa: E402
from tests.e2e.fake_discord import running, serving  # noqa: E402
from tests.e2e.league_play import a_league_in_round_two  # noqa: E402
from tests.e2e.symposion import game_message, is_live_board, move_by_buttons, open_game  # noqa: E402
from tests.e2e.web_helpers import PUBLIC, local, watch_link  # noqa: E402

WIDTHS = (1280, 400)
OUT = ROOT / "docs"
SEED = 2026


def shoot(driver: Any, url: str, name: str) -> None:
    """The whole page at each width, as docs/web-<name>-<width>.png."""
    for width in WIDTHS:
        driver.set_window_size(width, 800)
        driver.get(url)
        driver.execute_script("return document.fonts.ready")
        height = driver.execute_script("return document.documentElement.scrollHeight")
        driver.set_window_size(width, min(int(height) + 120, 4000))
        path = OUT / f"web-{name}-{width}.png"
        driver.save_screenshot(str(path))
        print(path.relative_to(ROOT))


async def pages() -> dict[str, str]:
    """Play a game with the bot's site on; the page addresses, once each page is ready."""
    found: dict[str, str] = {}
    with tempfile.TemporaryDirectory(prefix="symposion-docs-") as folder:
        database = Path(folder) / "docs.sqlite3"

        def build(**options: Any) -> SymposionBot:
            web = WebSettings(port=0, public_url=PUBLIC)
            return SymposionBot(database_path=database, web=web, **options)

        async with serving(strict=False) as fake, running(fake) as runner:
            bot = await runner.start(build)
            await open_game(fake, "iliad", "alice", ["bob"])
            link = watch_link(game_message(fake))
            assert link is not None
            for step in range(6):
                mark = fake.mark()
                await move_by_buttons(fake, step)
                await fake.wait_for(is_live_board, since=mark)
            await runner.settle()
            found["game"] = local(bot, link)
            await asyncio.to_thread(_photograph, {"game": found["game"]})
            resigned = await fake.slash("resign", {}, user="bob", channel="games")
            await resigned.wait_answered()
            await fake.wait_for(lambda m: "is over" in m.content)
            await runner.settle()
            await a_league_in_round_two(fake, bot, runner)
            board = await _address(fake, "web leaderboards", {})
            league = await _address(fake, "web league", {"league": 1})
            later = {
                "finished": local(bot, link),
                "player": local(bot, link) + "/p/0",
                "league": local(bot, league),
                "leaderboards": local(bot, board),
            }
            await asyncio.to_thread(_photograph, later)
    return found


async def _address(fake: Any, command: str, options: dict[str, object]) -> str:
    """The page address the owner's `/web ...` answers with."""
    asked = await fake.slash(command, options, user="owner", channel="games")
    said = (await asked.wait_message(lambda m: m.ephemeral)).content
    return PUBLIC + said.split(PUBLIC, 1)[1].split()[0]


def _photograph(urls: dict[str, str]) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    with tempfile.TemporaryDirectory(prefix="symposion-chromium-") as profile:
        options = webdriver.ChromeOptions()
        options.binary_location = CHROMIUM
        for flag in (*FLAGS, "--hide-scrollbars", f"--user-data-dir={profile}"):
            options.add_argument(flag)
        driver = webdriver.Chrome(options=options, service=Service(executable_path=CHROMEDRIVER))
        try:
            for name, url in urls.items():
                shoot(driver, url, name)
        finally:
            driver.quit()


def main() -> int:
    """Photograph every page; games and the league dealt from one seed, so the pictures only
    change when the pages do."""
    with (
        patch("bot.service.opening.new_seed", return_value=SEED),
        patch("bot.service.leagues.new_seed", return_value=SEED),
    ):
        asyncio.run(pages())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
