"""Seats the automatic player holds: resigning in 3+ player games, hand-over, automatic play."""

from __future__ import annotations

from svc_helpers import ALICE, BOB, CAROL, CHANNEL, NAMES, active, lookup, refused

from bot.service import RESIGNATION, GameInfo, GameService, NotAPlayer, NotYourTurn
from bot.store import Store


def user_at(info: GameInfo, seat: int) -> int:
    user = info.user_at(seat)
    assert user is not None
    return user


async def play_humans_and_automatic(service: GameService, game_id: int) -> list[int | None]:
    """Humans take 1 counter, the automatic player takes its own moves; who moved, in order."""
    movers: list[int | None] = []
    for _ in range(40):
        automatic = await service.computers.move(game_id)
        if automatic is not None:
            movers.append(None)
            assert automatic.hands == ()  # nobody gets the automatic seat's hand
            if automatic.board.info.status != "active":
                return movers
            continue
        info = (await service.boards.show(game_id)).info
        if info.status != "active":
            return movers
        mover = info.to_move_user
        assert mover is not None
        result = await service.moves.move(game_id, mover, "t1", info.version)
        movers.append(mover)
        if result.board.info.status != "active":
            return movers
    raise AssertionError("the game did not end")


async def test_resigning_a_three_player_game_hands_the_seat_over(
    service: GameService, store: Store
) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    quitter = user_at(info, 1)
    assert await service.moves.resign_hands_over(info.game_id, quitter)
    board = await service.moves.resign(info.game_id, quitter)
    assert board.info.status == "active" and board.info.version == info.version + 1
    seat = next(p for p in board.info.players if p.user_id == quitter)
    assert seat.automatic and seat.departure == "resigned"
    rows = {row.user_id: row for row in await store.seats.of(info.game_id)}
    assert rows[quitter].controller == "auto" and rows[quitter].departure == "resigned"
    assert [r.controller for u, r in rows.items() if u != quitter] == ["human", "human"]
    assert service.places.game_at(CHANNEL) is not None
    await refused(NotAPlayer, service.moves.resign(info.game_id, quitter))
    await refused(NotAPlayer, service.moves.resign_hands_over(info.game_id, quitter))


async def test_the_others_finish_the_game_with_the_automatic_player_moving_for_the_seat(
    service: GameService, store: Store
) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    quitter = user_at(info, 1)
    await service.moves.resign(info.game_id, quitter)
    first = await service.moves.move(info.game_id, user_at(info, 0), "t1", None)
    assert first.board.turn is not None and first.board.turn.automatic
    assert await service.moves.choices(info.game_id, quitter) == []
    await refused(NotAPlayer, service.moves.move(info.game_id, quitter, "t1", None))
    movers = await play_humans_and_automatic(service, info.game_id)
    assert None in movers and quitter not in movers
    row = await store.games.get(info.game_id)
    assert row is not None and row.status == "finished" and row.result is not None
    assert row.result["reason"] != RESIGNATION  # the game ended by its own rules
    stored = await store.moves.of(info.game_id)
    assert {m.user_id for m in stored if m.seat == 1} == {None}


async def test_a_human_waits_while_the_automatic_player_is_not_to_move(
    service: GameService,
) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    await service.moves.resign(info.game_id, user_at(info, 2))
    assert await service.computers.move(info.game_id) is None
    await refused(NotYourTurn, service.moves.move(info.game_id, user_at(info, 1), "t1", None))


async def test_a_restart_continues_a_game_whose_mover_is_automatic(
    service: GameService, store: Store
) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    await service.moves.resign(info.game_id, user_at(info, 1))
    await service.moves.move(info.game_id, user_at(info, 0), "t2", None)
    again = GameService(store, lookup)
    await again.load()
    assert again.computers.games_waiting() == [info.game_id]
    board = (await again.boards.show(info.game_id)).info
    assert [p.automatic for p in board.players] == [False, True, False]
    played = await again.computers.move(info.game_id)
    assert played is not None and played.seat == 1
    assert again.computers.games_waiting() == []


async def test_a_stopping_bot_leaves_the_automatic_players_move_for_the_restart(
    service: GameService, store: Store
) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    await service.moves.resign(info.game_id, user_at(info, 0))
    service.computers.thinker.abandon()  # the bot stops
    assert await service.computers.move(info.game_id) is None
    again = GameService(store, lookup)
    await again.load()
    assert again.computers.games_waiting() == [info.game_id]  # the next start plays it
    played = await again.computers.move(info.game_id)
    assert played is not None and played.board.info.version == info.version + 2


async def test_the_automatic_player_is_seeded_by_game_and_version(store: Store) -> None:
    picks = []
    for _ in range(2):
        service = GameService(store, lookup)
        await service.load()
        info = await active(service, (ALICE, BOB, CAROL), channel=CHANNEL + len(picks))
        await service.moves.resign(info.game_id, user_at(info, 0))
        result = await service.computers.move(info.game_id)
        assert result is not None
        picks.append(result.description)
    assert picks[0] in ("take 1 counter", "take 2 counters", "take 3 counters")


async def test_the_last_person_resigning_ranks_everyone_by_who_stayed_longest(
    service: GameService, store: Store
) -> None:
    """A pod game ended by resignations ranks every seat (was: all shared first place, so a
    league pod decided by resignations scored nothing apart)."""
    info = await active(service, (ALICE, BOB, CAROL))
    await service.moves.resign(info.game_id, user_at(info, 0))
    await service.moves.resign(info.game_id, user_at(info, 2))
    row = await store.games.get(info.game_id)
    assert row is not None and row.flags["left"] == [0, 2]  # stored: a restart keeps the order
    final = await service.moves.resign(info.game_id, user_at(info, 1))
    outcome = final.info.outcome
    assert final.info.status == "finished" and outcome is not None
    assert outcome.reason == RESIGNATION and outcome.ranking == (3, 1, 2)
    last = NAMES[user_at(info, 1)]
    assert outcome.summary.startswith(f"{last} resigned and nobody is left playing")
    assert f"{last} first" in outcome.summary


async def test_two_players_resigning_still_ends_the_game(service: GameService) -> None:
    info = await active(service)
    assert not await service.moves.resign_hands_over(info.game_id, ALICE)
    final = await service.moves.resign(info.game_id, ALICE)
    assert final.info.status == "finished"
    assert next(p for p in final.info.players if p.user_id == ALICE).automatic is False
    assert BOB in (p.user_id for p in final.info.players)
