"""Boards on their way to a game's message: one sender per game, the newest board only, and
what a replaced board asked for (a new post, a turn note) carried over to the newest."""

from __future__ import annotations

import asyncio

import pytest

from bot.engine.view import ViewContext
from bot.service import Board, GameInfo
from cogs.ui.deliveries import Deliveries, Offer


def board(version: int, game_id: int = 7) -> Board:
    """A board of game `game_id` at `version` (what the sender shows is only compared)."""
    info = GameInfo(game_id, "iliad", "Iliad", 1, 10, None, 5, "active", version, 1, {}, ())
    return Board(info, {"version": version}, ViewContext(), None, False)


class Screen:
    """Stands in for the table: records each offer shown; holds the first until released."""

    def __init__(self, hold_first: bool = True) -> None:
        self.shown: list[Offer] = []
        self.showing = asyncio.Event()  # set once the first offer is on its way
        self.release = asyncio.Event()
        if not hold_first:
            self.release.set()

    async def show(self, offer: Offer) -> None:
        """Take a while for the first offer (as a rate-limited edit does)."""
        self.shown.append(offer)
        self.showing.set()
        await self.release.wait()


def versions(screen: Screen) -> list[int]:
    return [o.board.info.version for o in screen.shown]


async def test_boards_offered_while_one_is_on_its_way_go_out_as_the_newest_alone() -> None:
    screen = Screen()
    deliveries = Deliveries(screen.show)
    first = deliveries.offer(Offer(board(1), in_place=True))
    await screen.showing.wait()
    for version in (2, 3, 4):
        assert deliveries.offer(Offer(board(version), in_place=True)) is first
    screen.release.set()
    await deliveries.flush(7)
    assert versions(screen) == [1, 4]  # 2 and 3 never shown, 4 (the newest) never skipped


async def test_a_replaced_board_hands_its_turn_note_and_new_post_to_the_newest() -> None:
    screen = Screen()
    deliveries = Deliveries(screen.show)
    deliveries.offer(Offer(board(1), in_place=True))
    await screen.showing.wait()
    deliveries.offer(Offer(board(2), in_place=False, turn_passed=True))
    deliveries.offer(Offer(board(3), in_place=True, turn_passed=False))
    screen.release.set()
    await deliveries.flush(7)
    last = screen.shown[-1]
    assert versions(screen) == [1, 3] and not last.in_place and last.turn_passed


def test_an_older_board_offered_late_never_replaces_a_newer_one() -> None:
    merged = Offer(board(5), in_place=True).then(Offer(board(4), in_place=True))
    assert merged.board.info.version == 5 and merged.in_place and not merged.turn_passed


async def test_each_game_has_its_own_sender() -> None:
    screen = Screen()
    deliveries = Deliveries(screen.show)
    deliveries.offer(Offer(board(1, game_id=7)))
    await screen.showing.wait()
    other = deliveries.offer(Offer(board(1, game_id=8)))
    screen.release.set()
    await asyncio.gather(deliveries.flush(7), other)
    assert sorted(o.board.info.game_id for o in screen.shown) == [7, 8]


async def test_a_batch_waits_for_the_newest_board_shown() -> None:
    screen = Screen(hold_first=False)
    deliveries = Deliveries(screen.show)
    async with deliveries.batch(7):
        for version in (1, 2, 3):
            deliveries.offer(Offer(board(version), in_place=True))
    assert versions(screen) == [3]  # offered before the sender first ran: one board drawn


async def test_a_waiter_cancelled_leaves_the_sender_running_for_the_others() -> None:
    screen = Screen()
    deliveries = Deliveries(screen.show)
    sender = deliveries.offer(Offer(board(1)))
    await screen.showing.wait()
    waiter = asyncio.create_task(deliveries.flush(7))
    await asyncio.sleep(0)  # one turn of the loop (no waiting on time): the waiter now waits
    waiter.cancel()
    with pytest.raises(asyncio.CancelledError):
        await waiter
    assert deliveries.offer(Offer(board(2))) is sender and not sender.done()
    screen.release.set()
    await deliveries.flush(7)
    assert versions(screen) == [1, 2]


async def test_closing_stops_every_sender() -> None:
    screen = Screen()
    deliveries = Deliveries(screen.show)
    sender = deliveries.offer(Offer(board(1)))
    await screen.showing.wait()
    deliveries.offer(Offer(board(2)))
    await deliveries.close()
    assert sender.cancelled() and versions(screen) == [1]
    await deliveries.flush(7)  # nothing left to wait for
