"""A game page is made for people (issue 28 §5): small, self-contained, structured, readable."""

from __future__ import annotations

import random
import re
from typing import Any

from bot.paths import WEB_DIR
from bot.service import GameService
from tests.web.test_nothing_private import ALICE, BOB, TOKEN, a_game, play
from web.site import Site

MOST_BYTES = 150 * 1024  # a game page with its stylesheet and script, before its board image
CSS = (WEB_DIR / "site.css").read_text()


async def no_drawing(*_: Any) -> bytes:
    raise AssertionError("the page itself draws no image")


def contrast(one: str, two: str) -> float:
    """WCAG's contrast ratio of two #rrggbb colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
        return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]

    light, dark = sorted((luminance(one), luminance(two)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


async def test_a_game_page_is_small_self_contained_and_structured(service: GameService) -> None:
    game_id = await a_game(service, "iliad", (ALICE, BOB))
    await play(service, game_id, 12, random.Random(3))
    board = await service.boards.show(game_id)
    html = await Site(service, no_drawing, port=0).page_html(board, "en", TOKEN)
    script = (WEB_DIR / "site.js").read_bytes()
    assert len(html.encode()) + len(CSS.encode()) + len(script) < MOST_BYTES
    addresses = re.findall(r'(?:src|href)="([^"]*)"', html) + re.findall(r"url\(([^)]*)\)", CSS)
    assert addresses and all(a.startswith("/") and not a.startswith("//") for a in addresses)
    assert not re.search(r"<script(?! src=)", html)  # no script written into the page
    assert not re.search(r"<[^>]+\son[a-z]+=", html)  # no inline handler either
    assert re.search(r"<h1>[^<]+</h1>", html) and html.count("<h2") >= 3
    assert re.search(r'<img id="board" src="[^"]+" alt="The board of Iliad[^"]+"', html)
    assert '<html lang="en">' in html and 'name="viewport"' in html


def test_the_colours_keep_text_readable() -> None:
    background = "#fdfdfb"
    for text in re.findall(r"\bcolor: (#[0-9a-f]{6})", CSS):
        assert contrast(text, background) >= 4.5, text
    assert contrast("#1b1b1b", "#ffffff") >= 4.5  # buttons
    focus = re.search(r"outline: 3px solid (#[0-9a-f]{6})", CSS)
    assert focus is not None and contrast(focus.group(1), background) >= 3  # a visible focus
