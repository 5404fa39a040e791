"""Fill a service with many ongoing games, to measure memory per session (used by the bench)."""

from __future__ import annotations

import gc
import random
import tracemalloc

from bot.service.service import GameService

FIRST_USER = 10_000
FIRST_CHANNEL = 1_000_000


async def fill_sessions(
    service: GameService,
    count: int,
    game_type: str,
    *,
    players: int | None = None,
    plies: int = 0,
    guild_id: int = 1,
    seed: int = 0,
) -> list[int]:
    """Open, fill and start `count` games (one channel each), then play `plies` random moves."""
    chooser = random.Random(seed)
    game_ids: list[int] = []
    for index in range(count):
        users = list(range(FIRST_USER, FIRST_USER + (players or 2)))
        info = await service.lobby.open(
            guild_id=guild_id,
            channel_id=FIRST_CHANNEL + index,
            game_type=game_type,
            host_id=users[0],
            host_name=f"Player {users[0]}",
        )
        if players is None:
            users = users[: info.min_players]
        for user in users[1:]:
            await service.lobby.join(info.game_id, user, f"Player {user}")
        board = (await service.lobby.start(info.game_id, users[0])).board
        for _ in range(plies):
            turn = board.turn
            if turn is None:
                break
            code = chooser.choice(turn.choices).code
            board = (await service.moves.move(info.game_id, turn.user_id, code, turn.version)).board
        game_ids.append(info.game_id)
    return game_ids


async def bytes_per_session(
    service: GameService, count: int, game_type: str, *, players: int | None = None, plies: int = 0
) -> float:
    """Python heap growth per ongoing session (tracemalloc), after building `count` of them.

    Counts what the sessions keep; sqlite's own page cache is C memory and not included.
    """
    gc.collect()
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        await fill_sessions(service, count, game_type, players=players, plies=plies)
        gc.collect()
        after = tracemalloc.get_traced_memory()[0]
    finally:
        if started:
            tracemalloc.stop()
    return (after - before) / max(count, 1)
