"""The memory helper builds real ongoing sessions and keeps no views or images."""

from __future__ import annotations

from bot.service import GameService
from bot.service.bench import bytes_per_session, fill_sessions
from bot.store import Store


async def test_fill_sessions_builds_ongoing_games(service: GameService, store: Store) -> None:
    ids = await fill_sessions(service, 5, "toy", players=3, plies=2)
    assert len(ids) == 5 and service.ongoing_count() == 5
    listed = {info.game_id: info for info in service.guild_games(1)}
    for game_id in ids:
        info = listed[game_id]
        assert info.status == "active" and len(info.players) == 3
        assert len(await store.moves.of(game_id)) == 2


async def test_sessions_hold_only_state_seats_and_a_lock(service: GameService) -> None:
    await fill_sessions(service, 2, "toy")
    for session in service._sessions.values():
        assert set(session.__slots__) == {
            "game_id", "game", "guild_id", "channel_id", "thread_id", "message_id",
            "message_version", "status",
            "seed", "options", "version", "host_id", "players", "state", "flags", "lock",
            "turn_seat", "turn_since", "turn_due",  # the turn clock: a seat and two instants
            "last_user", "last_quiet",  # undo: whether the mover may take back at once (Back)
            "heard", "heard_version",  # a log length per seat: "since your last turn"
            "cold", "cold_turn",  # lazy start-up: state not read yet, whose turn meanwhile
        }  # fmt: skip


async def test_bytes_per_session_is_measured(service: GameService) -> None:
    size = await bytes_per_session(service, 10, "toy", plies=1)
    assert size > 0
