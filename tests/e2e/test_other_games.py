"""Ilium, Atlandice and the Iliad card game played whole through the fake Discord."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    factory,
    hand_leaks,
    hands_sent_to_others,
    open_game,
    play_to_the_end,
    record_hand_images,
)

Runner = BotRunner[Any]
PLAYERS = ["alice", "bob", "carol", "dave"]


REVEALS_A_HAND = {
    "ilium": lambda code: False,  # cards are revealed as played; historians choose nothing
    "atlandice": lambda code: False,  # nothing is private but the tile stacks' order
    "iliad_cards": lambda code: code.startswith("play."),  # names a card kind in hand
}

CASES = [
    ("ilium", 3, None),
    ("ilium", 2, None),
    ("ilium", 2, "strategic=on vaults=on"),
    ("atlandice", 2, None),
    ("atlandice", 4, None),
    ("iliad_cards", 2, None),
    ("iliad_cards", 4, None),
]


@pytest.mark.parametrize(("game", "players", "options"), CASES)
async def test_a_whole_game_from_play_to_the_final_image(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    players: int,
    options: str | None,
) -> None:
    drawn = record_hand_images(monkeypatch)
    bot = await bot_runner.start(factory(tmp_path / "s.sqlite3"))
    first = await open_game(fake_discord, game, PLAYERS[0], PLAYERS[1:players], options=options)
    lobby = next(m for m in fake_discord.messages(channel="games") if "started with" in m.content)
    assert (options is None) or ("strategic: on" in lobby.content)
    assert first.files
    final = await play_to_the_end(fake_discord, limit=4000)
    assert "is over" in final.content and "Rematch" in str(final.buttons())
    await bot_runner.settle()
    for name in PLAYERS[:players]:
        assert any(m.content.startswith("Your hand in") for m in fake_discord.dms(name))
    assert await hands_sent_to_others(fake_discord, bot, 1, drawn) == []
    assert hand_leaks(fake_discord, REVEALS_A_HAND[game]) == []
