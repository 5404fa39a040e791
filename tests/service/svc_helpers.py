"""Shared helpers for service tests: the toy lookup, players, lobbies and refusal checks."""

from __future__ import annotations

from collections.abc import Awaitable
from typing import Any

import pytest
from toygame import TOY

from bot.engine import AnyGame, get_game
from bot.service import GameInfo, GameService, ServiceError

GUILD = 1
CHANNEL = 100
ALICE, BOB, CAROL, DAN = 11, 22, 33, 44
NAMES = {ALICE: "Alice", BOB: "Bob", CAROL: "Carol", DAN: "Dan"}


def lookup(game_type: str) -> AnyGame:
    """The toy game by its id; every other id goes to the real registry."""
    return TOY if game_type == TOY.spec.id else get_game(game_type)


async def lobby(
    service: GameService, users: tuple[int, ...] = (ALICE, BOB), channel: int = CHANNEL, **kw: Any
) -> GameInfo:
    """A toy lobby hosted by users[0] with the others joined."""
    info = await service.lobby.open(
        guild_id=GUILD,
        channel_id=channel,
        game_type="toy",
        host_id=users[0],
        host_name=NAMES[users[0]],
        **kw,
    )
    for user in users[1:]:
        info = await service.lobby.join(info.game_id, user, NAMES[user])
    return info


async def active(
    service: GameService, users: tuple[int, ...] = (ALICE, BOB), channel: int = CHANNEL, **kw: Any
) -> GameInfo:
    """A started toy game."""
    info = await lobby(service, users, channel, **kw)
    return (await service.lobby.start(info.game_id, users[0])).info


async def refused(kind: type[ServiceError], call: Awaitable[Any]) -> str:
    """Await a call that must be refused with `kind`; check the message reads as a sentence."""
    with pytest.raises(kind) as caught:
        await call
    message = str(caught.value)
    assert message, f"{kind.__name__} has no message"
    assert "\n" not in message and len(message) < 200, message
    assert message[0].isupper() or message[0] in "“\"'", message
    assert message.endswith((".", "!")), message
    assert "Error" not in message and "None" not in message, message
    return message
