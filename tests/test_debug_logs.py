"""LOG_LEVEL=DEBUG shows no hand: whole games of every game, every log line searched.

The search looks for every seat's private values (the `private` part of its view) in the forms
a log line would carry them: the values' JSON (spaced and compact) and repr, and their text,
each long enough to be specific and absent from the public view. Two checks prove it can fail:
a planted log line with a private part is found. aiosqlite's own DEBUG output used to be the
second: it logged every statement with its parameters, the stored state among them; since the
store runs each statement as one function on aiosqlite's thread (issue 16 §5), aiosqlite logs
only that function's name, and the test now holds it to carrying no hand even at DEBUG.
"""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from bot.engine import all_games, get_game
from bot.main import STATE_CARRYING_LOGGERS, configure_logging
from bot.service import GameService
from bot.store import Store

GUILD, CHANNEL = 1, 100
NAMES = ["Ann", "Bo", "Cy", "Di", "Ed"]
MIN_TOKEN = 8  # shorter pieces (a "3", a "D") would match by chance and prove nothing


class Collected(logging.Handler):
    """Keeps every record's final text (message with its arguments, and any traceback)."""

    def __init__(self) -> None:
        super().__init__(logging.DEBUG)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(self.format(record))


@contextmanager
def debug_logging() -> Iterator[Collected]:
    """The bot's own logging set-up at DEBUG, with every record collected."""
    root = logging.getLogger()
    saved = root.level, {n: logging.getLogger(n).level for n in STATE_CARRYING_LOGGERS}
    configure_logging("DEBUG")
    collected = Collected()
    root.addHandler(collected)
    try:
        yield collected
    finally:
        root.removeHandler(collected)
        root.setLevel(saved[0])
        for name, level in saved[1].items():
            logging.getLogger(name).setLevel(level)


def private_tokens(private: Any, public: str) -> set[str]:
    """Every way a log line could show this private part, each specific enough to search for."""
    found: set[str] = set()

    def walk(value: Any) -> None:
        forms: list[str] = []
        if isinstance(value, dict | list) and value:
            forms = [json.dumps(value), json.dumps(value, separators=(",", ":")), repr(value)]
            for item in value.values() if isinstance(value, dict) else value:
                walk(item)
        elif isinstance(value, str):
            forms = [value]
        found.update(f for f in forms if len(f) >= MIN_TOKEN and f not in public)

    walk(private)
    return found


async def play_everything(
    game_type: str, folder: Path, seed: int, plant: bool = False, max_moves: int = 5000
) -> set[str]:
    """A whole game through the service; returns the private tokens seen along the way."""
    game = next(g for g in all_games() if g.spec.id == game_type)
    players = max(game.spec.min_players, min(3, game.spec.max_players))
    users = list(range(1, players + 1))
    tokens: set[str] = set()
    store = await Store.open(folder / f"{game_type}.sqlite3")
    try:
        service = GameService(store)
        await service.load()
        info = await service.lobby.open(
            guild_id=GUILD,
            channel_id=CHANNEL,
            game_type=game_type,
            host_id=users[0],
            host_name=NAMES[0],
        )
        for user in users[1:]:
            await service.lobby.join(info.game_id, user, NAMES[user - 1])
        board = (await service.lobby.start(info.game_id, users[0])).board
        chooser = random.Random(seed)
        for _ in range(max_moves):
            public = json.dumps(board.view)
            for user in users if get_game(game_type).spec.has_private else ():
                private = (await service.hands.show(info.game_id, user)).view.get("private")
                tokens |= private_tokens(private, public)
                if plant and private:
                    logging.getLogger("bot.test").debug("seat view %s", private)
                    plant = False
            if board.turn is None:
                return tokens
            code = chooser.choice(board.turn.choices).code
            board = (await service.moves.move(info.game_id, board.turn.user_id, code)).board
        raise AssertionError(f"{game_type} did not end in {max_moves} moves")
    finally:
        await store.close()


def leaks(lines: list[str], tokens: set[str]) -> list[str]:
    text = "\n".join(lines)
    return sorted(token for token in tokens if token in text)


GAME_IDS = [game.spec.id for game in all_games()]
WITH_HANDS = [game.spec.id for game in all_games() if game.spec.has_private]


@pytest.mark.parametrize("game_type", GAME_IDS)
async def test_a_whole_game_at_debug_logs_no_private_value(game_type: str, tmp_path: Path) -> None:
    with debug_logging() as collected:
        logging.getLogger("bot.test").debug("canary")
        tokens = await play_everything(game_type, tmp_path, seed=7)
    assert "canary" in collected.lines, "DEBUG lines are not captured: the search would see nothing"
    assert leaks(collected.lines, tokens) == []


@pytest.mark.parametrize("game_type", WITH_HANDS)
async def test_the_search_finds_a_planted_private_value(game_type: str, tmp_path: Path) -> None:
    with debug_logging() as collected:
        tokens = await play_everything(game_type, tmp_path, seed=7, plant=True)
    assert tokens, f"{game_type}: no seat ever had a private value to search for"
    assert leaks(collected.lines, tokens)


async def test_aiosqlite_at_debug_no_longer_logs_stored_hands(tmp_path: Path) -> None:
    with debug_logging() as collected:
        logging.getLogger("aiosqlite").setLevel(logging.DEBUG)  # what configure_logging prevents
        tokens = await play_everything("iliad_cards", tmp_path, seed=7)
    assert any("aiosqlite" in line or "executing" in line for line in collected.lines)
    assert not leaks(collected.lines, tokens)


def test_libraries_that_carry_game_state_stay_at_info() -> None:
    with debug_logging():
        assert logging.getLogger("bot").getEffectiveLevel() == logging.DEBUG
        for name in ("aiosqlite", "discord", "discord.http", "discord.gateway"):
            assert logging.getLogger(name).getEffectiveLevel() == logging.INFO, name
