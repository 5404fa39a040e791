"""The memory helper builds real ongoing sessions and keeps no views or images."""

from __future__ import annotations

from bot.service import GameService
from bot.service.bench import bytes_per_session, fill_sessions
from bot.store import Store


async def test_fill_sessions_builds_ongoing_games(service: GameService, store: Store) -> None:
    ids = await fill_sessions(service, 5, "toy", players=3, plies=2)
    assert len(ids) == 5 and service.places.ongoing_count() == 5
    listed = {info.game_id: info for info in service.places.guild_games(1)}
    for game_id in ids:
        info = listed[game_id]
        assert info.status == "active" and len(info.players) == 3
        assert len(await store.moves.of(game_id)) == 2


async def test_sessions_hold_only_state_seats_and_a_lock(service: GameService) -> None:
    await fill_sessions(service, 2, "toy")
    for session in service.games.ongoing():
        assert set(session.__slots__) == {
            "game", "lock",
            "record",  # ids, place, message, status, seed, options, version, host, players, flags
            "state",  # the engine's (or, while cold, whose turn the start-up index says)
            "clock",  # the turn clock: a seat and two instants
            "heard",  # a log length per seat: "since your last turn"
            "last",  # undo: whether the mover may take back at once (Back)
        }  # fmt: skip
        assert set(session.record._fields) == {
            "game_id", "guild_id", "channel_id", "thread_id", "message_id", "message_version",
            "status", "seed", "options", "version", "host_id", "players", "flags",
        }  # fmt: skip
        assert set(session.clock._fields) == {"seat", "since", "due"}
        assert set(session.heard.__slots__) == {"marks", "version"}
        assert set(session.last.__slots__) == {"user_id", "quiet"}


async def test_bytes_per_session_is_measured(service: GameService) -> None:
    size = await bytes_per_session(service, 10, "toy", plies=1)
    assert size > 0
