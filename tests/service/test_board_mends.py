"""Which board a channel needs after a crash or a failed post, read from the board records."""

from __future__ import annotations

from svc_helpers import active

from bot.service import GameService, plan_mend
from bot.store import BoardMessage, Store


def board(row_id: int, version: int, message_id: int | None, live: bool = True) -> BoardMessage:
    return BoardMessage(row_id, 1, f"n{row_id}", version, message_id, live)


def test_a_current_board_needs_nothing() -> None:
    rows = [board(1, 3, 100, live=False), board(2, 4, 200)]
    mend = plan_mend(1, 9, "active", 4, rows)
    assert mend.nothing_to_do and mend.keep == 200


def test_a_move_without_its_board_gets_a_fresh_one_and_the_old_loses_its_buttons() -> None:
    mend = plan_mend(1, 9, "active", 5, [board(1, 4, 200)])
    assert mend.needs_board and mend.strip == ((1, 200),) and mend.keep is None


def test_a_post_never_recorded_is_searched_for_after_the_last_recorded_board() -> None:
    rows = [board(1, 3, 100, live=False), board(2, 4, 200), board(3, 5, None)]
    mend = plan_mend(1, 9, "active", 5, rows)
    assert mend.unrecorded == (3,) and mend.search_after == 200
    assert mend.strip == ((2, 200),) and mend.needs_board


def test_two_boards_at_the_current_version_keep_only_the_newest() -> None:
    mend = plan_mend(1, 9, "active", 4, [board(1, 4, 100), board(2, 4, 200)])
    assert mend.keep == 200 and mend.strip == ((1, 100),) and not mend.needs_board


def test_a_finished_game_whose_final_board_never_came_gets_it() -> None:
    mend = plan_mend(1, 9, "finished", 6, [board(1, 5, 200)])
    assert mend.needs_board and mend.strip == ((1, 200),)
    done = plan_mend(1, 9, "finished", 6, [board(1, 5, 200), board(2, 6, 300, live=False)])
    assert done.strip == ((1, 200),) and not done.needs_board


def test_an_abandoned_game_only_loses_its_buttons() -> None:
    mend = plan_mend(1, 9, "abandoned", 6, [board(1, 5, 200), board(2, 5, None)])
    assert mend.strip == ((1, 200),) and mend.unrecorded == (2,) and not mend.needs_board


async def test_the_service_records_posts_and_plans_from_them(
    service: GameService, store: Store
) -> None:
    info = await active(service)
    assert await service.boards.to_mend() == [info.game_id]
    assert (await service.boards.mend_plan(info.game_id)).needs_board
    posting = await service.boards.intend(info.game_id, info.version, live=True)
    assert len(posting.nonce) <= 25  # Discord's limit for a nonce
    await service.boards.posted(posting, 4242)
    seen = service.places.game_at(info.place_id)
    assert seen is not None and (seen.message_id, seen.message_version) == (4242, info.version)
    assert (await service.boards.mend_plan(info.game_id)).nothing_to_do
    await service.boards.stripped(info.game_id, 4242)
    assert await store.boards.games_with_live_ones() == []
