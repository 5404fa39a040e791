"""A finished game's positions: every public view rebuilt from its moves, a scrubber over them
(buttons, a slider, the arrow keys) and the game record to download.

Once a game is over nothing of it is secret (as `/replay` and `/export` say); even so only
public views are rebuilt and drawn. Rebuilding is engine work, done off the event loop once
per game (the few games asked for last are kept).
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, replace
from html import escape
from typing import Any

import rendering
from bot.i18n import say, words
from bot.service import View, ViewContext
from bot.service.replays import ReplaySource, export_record, public_frames

GAMES_KEPT = 8  # finished games whose positions are kept rebuilt


@dataclass(frozen=True, slots=True)
class Past:
    """A finished game's stored facts and its public views, the first before any move."""

    source: ReplaySource
    frames: tuple[View, ...]

    def context(self, number: int, language: str) -> ViewContext:
        """Names by seat; the real status and result on the last position."""
        return replace(self.source.context(number == len(self.frames) - 1), language=language)


class PastGames:
    """Rebuilds finished games on demand (`read` gives a game's stored facts)."""

    def __init__(self, read: Callable[[int], Awaitable[ReplaySource]]) -> None:
        self._read = read
        self._kept: OrderedDict[int, Past] = OrderedDict()

    async def of(self, game_id: int) -> Past:
        """The game's positions (rebuilt once, then kept while it is among the last asked)."""
        kept = self._kept.get(game_id)
        if kept is None:
            source = await self._read(game_id)
            frames = await asyncio.to_thread(public_frames, source)
            kept = Past(source, tuple(frames))
            self._kept[game_id] = kept
            while len(self._kept) > GAMES_KEPT:
                self._kept.popitem(last=False)
        self._kept.move_to_end(game_id)
        return kept

    @staticmethod
    async def record(past: Past) -> bytes:
        """The game record (the /export format) as JSON bytes."""
        made = await asyncio.to_thread(export_record, past.source)
        return json.dumps(made, ensure_ascii=False, indent=1).encode()


def alt_texts(past: Past, language: str) -> list[str]:
    """Each position's alt text, as the board's (the same renderer's words)."""
    game_type = past.source.game.spec.id
    return [
        rendering.board_words(game_type, frame, past.context(n, language))
        for n, frame in enumerate(past.frames)
    ]


def scrubber(past: Past, language: str, token: str) -> str:
    """The positions section: back, a slider, forward, the position in words, the record."""
    last = len(past.frames) - 1
    frames: dict[str, Any] = {
        "src": f"/g/{token}/board.png?lang={language}&move=",
        "alt": alt_texts(past, language),
        "told": words(say("web.position", n="{n}", total="{total}"), language),
    }
    data = json.dumps(frames, ensure_ascii=False).replace("</", "<\\/")
    told = words(say("web.position", n=last, total=last), language)

    def t(key: str) -> str:
        return escape(words(say(key), language))

    return (
        f'<section class="wide" id="scrub" aria-labelledby="scrub-h">\n'
        f'<h2 id="scrub-h">{t("web.positions")}</h2>\n<p>{t("web.position_keys")}</p>\n'
        f'<div class="scrub"><button type="button" id="back">{t("web.back")}</button>'
        f'<input type="range" id="position" min="0" max="{last}" value="{last}" '
        f'aria-label="{t("web.positions")}">'
        f'<button type="button" id="forward">{t("web.forward")}</button>'
        f'</div>\n<p><output id="position-told" for="position">{escape(told)}</output></p>\n'
        f'<p><a href="/g/{token}/record.json" download>{t("web.record")}</a></p>\n'
        f'<script type="application/json" id="frames">{data}</script>\n</section>\n'
    )
