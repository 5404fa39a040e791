"""Lobbies: open, join, leave, start with a seeded seat order, cancel; every refusal."""

from __future__ import annotations

from collections.abc import Awaitable

import pytest
from svc_helpers import ALICE, BOB, CAROL, CHANNEL, DAN, GUILD, NAMES, active, lobby, refused

from bot.engine import IllegalAction
from bot.service import (
    AlreadyJoined,
    ChannelBusy,
    GameInfo,
    GameNotFound,
    GameService,
    InvalidOptions,
    LobbyFull,
    NotAPlayer,
    NotEnoughPlayers,
    NotHost,
    NotInLobby,
    NotStarted,
    UnknownGame,
    seating,
)
from bot.store import Store


async def test_open_lobby_joins_the_host_and_holds_the_channel(service: GameService) -> None:
    info = await lobby(service, (ALICE,))
    assert info.status == "lobby" and info.host_id == ALICE
    assert [(p.user_id, p.name, p.seat) for p in info.players] == [(ALICE, "Alice", None)]
    assert info.options == {"pile": "10"}
    assert service.places.game_at(CHANNEL) == info
    assert service.places.game_at(CHANNEL + 1) is None


async def test_a_busy_channel_names_the_game_already_there(service: GameService) -> None:
    first = await lobby(service, (ALICE,))
    message = await refused(ChannelBusy, lobby(service, (BOB,)))
    assert f"#{first.game_id}" in message and "Counters" in message


async def test_a_thread_is_its_own_place(service: GameService) -> None:
    await lobby(service, (ALICE,))
    in_thread = await lobby(service, (BOB,), thread_id=555)
    assert in_thread.place_id == 555
    assert service.places.game_at(555) == in_thread
    await refused(ChannelBusy, lobby(service, (CAROL,), thread_id=555))


def open_here(
    service: GameService, game_type: str, options: dict[str, object] | None = None
) -> Awaitable[GameInfo]:
    return service.lobby.open(
        guild_id=GUILD,
        channel_id=CHANNEL,
        game_type=game_type,
        host_id=ALICE,
        host_name="Alice",
        options=options,
    )


async def test_unknown_game_and_bad_options_are_refused(service: GameService) -> None:
    await refused(UnknownGame, open_here(service, "chess"))
    message = await refused(InvalidOptions, open_here(service, "toy", {"pile": "99"}))
    assert "pile" in message
    with pytest.raises(IllegalAction):
        await open_here(service, "toy", {"colour": "red"})
    assert service.places.game_at(CHANNEL) is None


async def test_join_twice_and_join_a_full_lobby_are_refused(service: GameService) -> None:
    info = await lobby(service, (ALICE, BOB, CAROL))
    await refused(AlreadyJoined, service.lobby.join(info.game_id, BOB, "Bob"))
    message = await refused(LobbyFull, service.lobby.join(info.game_id, DAN, "Dan"))
    assert "3 players" in message


async def test_join_a_missing_game_is_refused(service: GameService) -> None:
    await refused(GameNotFound, service.lobby.join(999, ALICE, "Alice"))


async def test_leave_hands_the_host_role_on_and_the_last_one_out_cancels(
    service: GameService, store: Store
) -> None:
    info = await lobby(service, (ALICE, BOB))
    after = await service.lobby.leave(info.game_id, ALICE)
    assert after.host_id == BOB and [p.user_id for p in after.players] == [BOB]
    await refused(NotAPlayer, service.lobby.leave(info.game_id, CAROL))
    gone = await service.lobby.leave(info.game_id, BOB)
    assert gone.status == "cancelled"
    assert service.places.game_at(CHANNEL) is None
    row = await store.games.get(info.game_id)
    assert row is not None and row.status == "cancelled" and row.host_id == BOB


async def test_only_the_host_starts_and_only_with_enough_players(service: GameService) -> None:
    info = await lobby(service, (ALICE,))
    message = await refused(NotEnoughPlayers, service.lobby.start(info.game_id, ALICE))
    assert "at least 2" in message
    await service.lobby.join(info.game_id, BOB, "Bob")
    await refused(NotHost, service.lobby.start(info.game_id, BOB))
    started = await service.lobby.start(info.game_id, ALICE)
    assert started.info.status == "active" and started.info.to_move == 0


async def test_start_brings_the_first_board_and_every_hand(service: GameService) -> None:
    info = await lobby(service, (ALICE, BOB, CAROL))
    started = await service.lobby.start(info.game_id, ALICE)
    board = started.board
    assert board.info.version == info.version + 1 and board.view["to_move"] == 0
    assert board.turn is not None and board.turn.user_id == board.info.user_at(0)
    assert board.context.names == tuple(p.name for p in board.info.players)
    assert [h.seat for h in started.hands] == [0, 1, 2]
    for hand in started.hands:
        assert hand.player.seat == hand.seat and hand.view["seat"] == hand.seat  # type: ignore[typeddict-item]
        assert hand.view == (await service.hands.show(info.game_id, hand.player.user_id)).view


async def test_seat_order_is_drawn_from_the_seed(service: GameService, store: Store) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    row = await store.games.get(info.game_id)
    assert row is not None
    joined = [ALICE, BOB, CAROL]
    expected = [joined[j] for j in seating(row.seed, 3)]
    assert [p.user_id for p in info.players] == expected
    assert [p.seat for p in info.players] == [0, 1, 2]
    assert seating(row.seed, 3) == seating(row.seed, 3)
    stored = await store.seats.of(info.game_id)
    assert [(s.seat, s.user_id) for s in stored] == list(enumerate(expected))


def test_seating_differs_between_seeds() -> None:
    orders = {tuple(seating(seed, 4)) for seed in range(50)}
    assert len(orders) > 10
    assert all(sorted(order) == [0, 1, 2, 3] for order in orders)


async def test_lobby_actions_after_start_are_refused(service: GameService) -> None:
    info = await active(service)
    await refused(NotInLobby, service.lobby.join(info.game_id, CAROL, NAMES[CAROL]))
    await refused(NotInLobby, service.lobby.leave(info.game_id, ALICE))
    await refused(NotInLobby, service.lobby.start(info.game_id, ALICE))
    await refused(NotInLobby, service.lobby.cancel(info.game_id, ALICE))


async def test_game_actions_in_a_lobby_are_refused(service: GameService) -> None:
    info = await lobby(service)
    await refused(NotStarted, service.moves.move(info.game_id, ALICE, "t1"))
    await refused(NotStarted, service.moves.resign(info.game_id, ALICE))
    await refused(NotStarted, service.boards.show(info.game_id))
    await refused(NotStarted, service.hands.show(info.game_id, ALICE))
    assert await service.moves.choices(info.game_id, ALICE) == []


async def test_cancel_is_for_the_host(service: GameService) -> None:
    info = await lobby(service)
    await refused(NotHost, service.lobby.cancel(info.game_id, BOB))
    done = await service.lobby.cancel(info.game_id, ALICE)
    assert done.status == "cancelled"
    again = await lobby(service, (BOB,))
    assert again.game_id != info.game_id


async def test_guild_games_lists_ongoing_games_with_whose_turn(service: GameService) -> None:
    waiting = await lobby(service, (ALICE,), channel=1)
    playing = await active(service, (BOB, CAROL), channel=2)
    listed = service.places.guild_games(GUILD)
    assert [g.game_id for g in listed] == [waiting.game_id, playing.game_id]
    assert listed[0].to_move is None
    assert listed[1].to_move_user == playing.user_at(0)
    assert service.places.guild_games(GUILD + 1) == []
