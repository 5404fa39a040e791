"""Taking over a resigned player's seat: the host decides alone, refusals change nothing."""

from __future__ import annotations

from svc_helpers import ALICE, BOB, CAROL, DAN, GUILD, active, refused

from bot.service import GameService
from bot.service.seats import AlreadyAsked, AlreadySeated, NotInServer, SeatNotOffered
from bot.store import Store

ERIN = 55


async def resigned(service: GameService) -> int:
    """A toy game of Alice (host), Bob and Carol where Carol resigned: the computer holds her
    seat."""
    info = await active(service, (ALICE, BOB, CAROL))
    await service.moves.resign(info.game_id, CAROL)
    return info.game_id


async def test_the_hosts_answer_alone_decides(service: GameService, store: Store) -> None:
    game_id = await resigned(service)
    asked = await service.seats.ask(game_id, DAN, "Dan", None, GUILD)
    assert set(asked.voters) == {ALICE, BOB} and asked.left == "Carol"
    answer = await service.seats.answer(asked.request_id, ALICE, True)
    assert answer.decided == "taken" and answer.taken is not None
    assert answer.taken.user_id == DAN and answer.taken.hands  # the newcomer's hand, after
    seat = next(p for p in answer.taken.game.players if p.user_id == DAN)
    assert not seat.automatic and seat.departure is None
    row = await store.takeovers.get(asked.request_id)
    assert row is not None and row.result == "taken"
    log = await service.records.public_log(game_id)
    assert "Dan took over seat" in str(log[-1])


async def test_a_majority_refusal_and_the_refusals_change_nothing(
    service: GameService, store: Store
) -> None:
    game_id = await resigned(service)
    before = await store.seats.of(game_id)
    await refused(AlreadySeated, service.seats.ask(game_id, BOB, "Bob", None, GUILD))
    await refused(AlreadySeated, service.seats.ask(game_id, CAROL, "Carol", None, GUILD))
    await refused(NotInServer, service.seats.ask(game_id, DAN, "Dan", None, GUILD + 1))
    asked = await service.seats.ask(game_id, DAN, "Dan", None, GUILD)
    await refused(AlreadyAsked, service.seats.ask(game_id, ERIN, "Erin", None, GUILD))
    first = await service.seats.answer(asked.request_id, BOB, False)
    assert first.decided is None and first.answered == 1
    second = await service.seats.answer(asked.request_id, ALICE, False)
    assert second.decided == "refused" and second.taken is None
    assert await store.seats.of(game_id) == before
    later = await service.seats.ask(game_id, ERIN, "Erin", None, GUILD)  # the seat is free again
    assert later.request_id != asked.request_id


async def test_a_game_without_a_left_seat_offers_none(service: GameService) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    await refused(SeatNotOffered, service.seats.ask(info.game_id, DAN, "Dan", None, GUILD))
