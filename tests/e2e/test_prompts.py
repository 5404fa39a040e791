"""Every game's first message says what the mover must decide: the game's own prompt.

The words are read from the message the bot sent through the fake Discord (so the service and
the cogs carry the prompt through unchanged), and compared with the prompt the engine gives
for the same stored seed, seats and options, minus the seat name the message shows already.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from bot.engine import all_games, get_game
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import factory, open_game

Runner = BotRunner[Any]
PLAYERS = ["alice", "bob", "carol", "dave", "erin"]


async def first_prompt(bot: Any, game_id: int) -> tuple[str, str]:
    """The engine's first prompt for the stored game, and the name of the seat it addresses."""
    row = await bot.store.games.get(game_id)
    seats = sum(1 for seat in await bot.store.seats.of(game_id) if seat.seat is not None)
    game = get_game(row.game_type)
    view = game.view(game.new_game(seats, row.seed, row.options), None)
    mover = view["to_move"]
    assert mover is not None
    return str(view.get("prompt") or ""), view["seats"][mover]


@pytest.mark.parametrize("game", [g.spec.id for g in all_games()])
async def test_the_first_game_message_shows_the_games_prompt(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, game: str
) -> None:
    bot = await bot_runner.start(factory(database))
    if get_game(game).spec.min_players > 4:
        await fake_discord.add_user("erin")
    players = PLAYERS[: get_game(game).spec.min_players]
    message = await open_game(fake_discord, game, players[0], players[1:])
    info = bot.service.places.game_at(fake_discord.channel("games").id)
    prompt, seat_name = await first_prompt(bot, info.game_id)
    words = prompt.removeprefix(f"{seat_name}: ").rstrip(". ")
    assert words and words != "make a move", f"{game} has no prompt: {prompt!r}"
    line = next(line for line in message.content.splitlines() if "to move" in line)
    assert line.endswith(f"({seat_name}) to move: {words}."), (line, prompt)
