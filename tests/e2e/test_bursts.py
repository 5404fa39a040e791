"""Bursts within Discord's limits: a game against three computers through a fake Discord that
enforces the per-channel rate limit (5 sends or edits per window) gets no 429 and shows every
stored move; boards outrun while an edit hangs are never drawn, and the newest never skipped."""

from __future__ import annotations

import asyncio
import io
import itertools
import threading
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import rendering
from bot.ai import Decision
from bot.engine import get_game
from bot.service import opening
from bot.service.thinking import Thinker
from bot.store.rows import MoveRow
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    COMPUTER_TURNS,
    factory,
    is_board,
    is_live_board,
    persons_turn,
    play_alone,
    random_decide,
    stub_drawing,
)

Runner = BotRunner[Any]
WINDOW = 0.25  # seconds per window of five writes: Discord's 5 s, twenty times faster
SEED = 7  # alice sits last: the three computers open with a burst of decisions


Drawn = list[tuple[dict[str, Any], bytes]]  # every board drawn, in order: its view and PNG


def record_boards(monkeypatch: pytest.MonkeyPatch) -> Drawn:
    """Boards drawn as tiny PNGs, each one different (hands too, by `stub_drawing`)."""
    stub_drawing(monkeypatch)
    drawn: Drawn = []
    serial = itertools.count(1)

    def board(game_id: str, view: Any, context: Any = None) -> bytes:
        assert view["game"] == game_id and "private" not in view, view.keys()
        n = next(serial)
        buffer = io.BytesIO()
        Image.new("RGB", (1, 1), (n % 256, n // 256 % 256, 0)).save(buffer, format="PNG")
        drawn.append((view, buffer.getvalue()))
        return buffer.getvalue()

    monkeypatch.setattr(rendering, "board_png", board)
    return drawn


async def final_public_view(bot: Any, game_id: int) -> Any:
    """The public view after every stored move, rebuilt by the engine from the store."""
    row = await bot.store.games.require(game_id)
    game = get_game(row.game_type)
    seats = [s for s in await bot.store.seats.of(game_id) if s.seat is not None]
    state = game.new_game(len(seats), row.seed, row.options)
    for move in await bot.store.moves.of(game_id):
        state = game.apply(state, game.decode(move.action))
    return game.view(state, None)


async def open_against_three(fake: FakeDiscord) -> None:
    """alice opens Ilium against three computers, here in #games."""
    opened = await fake.slash(
        "play",
        {"game": "ilium", "opponents": 3, "level": "easy", "where": "here"},
        user="alice",
        channel="games",
    )
    await opened.wait_answered()


@pytest.fixture
def seeded(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every game gets SEED: the same seating and deal on every run."""
    monkeypatch.setattr(opening, "new_seed", lambda: SEED)


def turn_notes(fake: FakeDiscord, name: str) -> list[str]:
    """Every turn note the channel got for `name` (deleted ones too), in order."""
    opening = f"<@{fake.user(name).id}>, your turn in"
    return [
        e.message.content
        for e in fake.events
        if e.kind == "create" and e.message.content.startswith(opening)
    ]


def turns_of(moves: list[MoveRow], user_id: int) -> int:
    """How often the turn came to this person: their runs of moves in the stored order."""
    return sum(
        1
        for i, move in enumerate(moves)
        if move.user_id == user_id and (i == 0 or moves[i - 1].user_id != user_id)
    )


async def test_a_game_against_three_computers_never_overruns_the_channel_limit(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    seeded: None,
) -> None:
    """Discord's per-channel limit, twenty times faster: not one write answered 429, the last
    board drawn shows every stored move and is the image the final message carries, and alice
    gets at most one turn note each time the turn comes to her."""
    drawn = record_boards(monkeypatch)
    bot = await bot_runner.start(factory(database))
    bot.service.computers.thinker = Thinker(None, timeout=60, decider=random_decide)
    fake_discord.limit_rates(limit=5, per=WINDOW)
    mark = fake_discord.mark()
    await open_against_three(fake_discord)
    final = await play_alone(fake_discord, "alice", mark)
    await bot_runner.settle()
    assert fake_discord.rate_limited == []
    assert fake_discord.limits.counted > 0  # the game's writes went through the buckets
    moves = await bot.store.moves.of(1)
    assert "is over" in final.content and fake_discord.message(final.id) == final
    view, png = drawn[-1]
    assert view == await final_public_view(bot, 1)  # the last board shows every move
    assert [a.data for a in fake_discord.message(final.id).attachments] == [png]
    assert len(drawn) <= len(moves) + 1  # never a board drawn twice (the opening one + moves)
    alice = fake_discord.user("alice").id
    assert 0 < len(turn_notes(fake_discord, "alice")) <= turns_of(moves, alice)


async def within(event: asyncio.Event) -> None:
    """Until `event` is set; a bot that never gets there fails the test instead of hanging it."""
    await asyncio.wait_for(event.wait(), COMPUTER_TURNS)


class Gate:
    """A computer that waits until the test opens the gate, then thinks at once, and tells the
    test when it is asked for its `nth` decision."""

    def __init__(self, loop: asyncio.AbstractEventLoop, nth: int) -> None:
        """Counts decisions from the worker threads; `reached` is set on the loop."""
        self.loop, self.nth = loop, nth
        self.reached = asyncio.Event()
        self.opened = threading.Event()
        self.asked = 0
        self._lock = threading.Lock()

    def decide(
        self, game_id: str, state: Any, seat: int, seed: int, version: int, level: str
    ) -> Decision:
        """The seeded random move once the gate is open; the `nth` call signals the test."""
        with self._lock:
            self.asked += 1
            if self.asked == self.nth:
                self.loop.call_soon_threadsafe(self.reached.set)
        assert self.opened.wait(timeout=30), "the test never opened the gate"
        return random_decide(game_id, state, seat, seed, version, level)


async def test_boards_held_up_by_discord_are_replaced_by_the_newest_never_dropped(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    seeded: None,
) -> None:
    """The computers' first board edit hangs at Discord while they make two more decisions:
    the boards in between are never drawn, the one drawn next is the newest, and the board
    asking alice to move comes with one turn note for her."""
    drawn = record_boards(monkeypatch)
    bot = await bot_runner.start(factory(database))
    gate = Gate(asyncio.get_running_loop(), nth=4)
    bot.service.computers.thinker = Thinker(None, timeout=60, decider=gate.decide)
    mark = fake_discord.mark()
    await open_against_three(fake_discord)
    opening = await fake_discord.wait_for(is_board, since=mark)
    games = fake_discord.channel("games").id
    stall = fake_discord.stall("PATCH", rf"/channels/{games}/messages/{opening.id}$")
    gate.opened.set()
    await within(stall.reached)  # the first computer move's board is on its way, and stuck
    await within(gate.reached)  # meanwhile moves 2 and 3 were stored, the 4th is being decided
    assert len(drawn) == 2  # the opening board and the one stuck: nothing drawn while it waits
    stall.release()
    board = await fake_discord.wait_for(persons_turn(fake_discord, "alice"), since=mark)
    await bot_runner.settle()
    moves = await bot.store.moves.of(1)
    assert drawn[-1][0] == await final_public_view(bot, 1)
    assert [a.data for a in fake_discord.message(board.id).attachments] == [drawn[-1][1]]
    assert len(drawn) < len(moves) + 1  # boards 2 and 3 became one: never drawn alone
    assert len(turn_notes(fake_discord, "alice")) == 1
    assert is_live_board(fake_discord.message(board.id))
