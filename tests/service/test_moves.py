"""Moves: turn and version checks, what a result reports, nothing written on refusal."""

from __future__ import annotations

import asyncio

import pytest
from svc_helpers import ALICE, BOB, CAROL, DAN, NAMES, active, refused

from bot.engine import IllegalAction
from bot.service import (
    STALE,
    Choice,
    GameInfo,
    GameOver,
    GameService,
    IllegalMove,
    NotAPlayer,
    NotYourTurn,
    StaleAction,
)
from bot.store import Store


def users(info: GameInfo) -> tuple[int, int]:
    """(user to move first, the other) of a two-player game."""
    first = info.user_at(0)
    assert first is not None
    return first, (BOB if first == ALICE else ALICE)


async def test_a_move_reports_what_happened(service: GameService, store: Store) -> None:
    info = await active(service)
    first, second = users(info)
    result = await service.moves.move(info.game_id, first, "t2", info.version)
    assert result.description == "take 2 counters"
    assert result.public_lines == ("red takes 2.",)
    after = result.board.info
    assert (result.seat, after.to_move, result.same_mover) == (0, 1, False)
    assert after.to_move_user == second and after.outcome is None
    assert result.hands == ()
    assert after.version == info.version + 1
    assert [m.action for m in await store.moves.of(info.game_id)] == ["t2"]
    row = await store.games.get(info.game_id)
    assert row is not None and row.version == after.version


async def test_a_move_brings_the_board_taken_at_its_committed_version(
    service: GameService,
) -> None:
    info = await active(service)
    first, second = users(info)
    result = await service.moves.move(info.game_id, first, "t2", info.version)
    board = result.board
    assert board.info.version == info.version + 1 and board.info.status == "active"
    assert board.view["pile"] == 8 and board.view["to_move"] == 1  # type: ignore[typeddict-item]
    assert board.view["log"][-1] == "red takes 2." and "private" not in board.view
    assert board.context.names == ("Alice", "Bob") or board.context.names == ("Bob", "Alice")
    assert board.context.names[1] == NAMES[second] and board.context.status == "active"
    assert board.context.result is None and not board.hidden_choices
    turn = board.turn
    assert turn is not None and (turn.seat, turn.user_id) == (1, second)
    assert turn.version == board.info.version
    assert [c.code for c in turn.choices] == ["t1", "t2", "t3"]
    assert board.public_choices == turn.choices
    assert await service.moves.choices(info.game_id, second) == list(turn.choices)


async def test_taking_three_changes_only_the_movers_private_view(service: GameService) -> None:
    info = await active(service, (ALICE, BOB, CAROL))
    mover = info.user_at(0) or 0
    result = await service.moves.move(info.game_id, mover, "t3")
    assert [h.seat for h in result.hands] == [0]
    hand = result.hands[0]
    assert hand.player.user_id == mover and hand.view["seat"] == 0  # type: ignore[typeddict-item]
    assert hand.view == (await service.hands.show(info.game_id, mover)).view
    assert hand.context == result.board.context and hand.info == result.board.info
    assert all("secret" not in line for line in result.public_lines)
    result = await service.moves.move(info.game_id, info.user_at(1) or 0, "t1")
    assert result.hands == ()


async def test_the_last_counter_ends_the_game(service: GameService, store: Store) -> None:
    info = await active(service, options={"pile": "7"})
    first, second = users(info)
    for user, code in [(first, "t3"), (second, "t3")]:
        await service.moves.move(info.game_id, user, code)
    result = await service.moves.move(info.game_id, first, "t1")
    outcome = result.board.info.outcome
    assert result.board.info.to_move is None and result.board.info.to_move_user is None
    assert outcome is not None and outcome.winners == (0,)
    assert result.board.turn is None and result.board.context.status == "finished"
    assert result.public_lines[-1] == "red takes the last counter and wins."
    row = await store.games.get(info.game_id)
    assert row is not None and row.status == "finished"
    assert row.result == outcome.to_dict()
    assert service.places.game_at(info.place_id) is None
    await refused(GameOver, service.moves.move(info.game_id, second, "t1"))
    final = await service.boards.show(info.game_id)
    assert final.context.status == "finished" and final.context.result is None
    assert final.view["outcome"] is not None and final.view["outcome"]["winners"] == [0]
    assert final.info.outcome == outcome and final.turn is None


async def test_refusals_write_nothing(service: GameService, store: Store) -> None:
    info = await active(service)
    first, second = users(info)
    message = await refused(NotYourTurn, service.moves.move(info.game_id, second, "t1"))
    assert "Alice" in message or "Bob" in message
    await refused(NotAPlayer, service.moves.move(info.game_id, CAROL, "t1"))
    await refused(StaleAction, service.moves.move(info.game_id, first, "t1", info.version - 1))
    message = await refused(IllegalMove, service.moves.move(info.game_id, first, "t9"))
    assert "not a move" in message
    with pytest.raises(IllegalAction):
        await service.moves.move(info.game_id, first, "zz")
    assert await store.moves.of(info.game_id) == []
    row = await store.games.get(info.game_id)
    assert row is not None and row.version == info.version
    assert (await service.boards.show(info.game_id)).info.version == info.version


async def test_the_engines_own_message_passes_through(service: GameService) -> None:
    info = await active(service, options={"pile": "7"})
    first, second = users(info)
    await service.moves.move(info.game_id, first, "t3")
    await service.moves.move(info.game_id, second, "t3")
    with pytest.raises(IllegalMove) as caught:
        await service.moves.move(info.game_id, first, "t2")
    assert str(caught.value) == "You may take 1 to 3 counters, but no more than the pile holds."


async def test_a_pressed_old_button_is_told_the_board_moved_on(service: GameService) -> None:
    info = await active(service)
    first, second = users(info)
    await service.moves.move(info.game_id, first, "t1", info.version)
    message = await refused(
        StaleAction, service.moves.move(info.game_id, second, "t1", info.version)
    )
    assert message == STALE and "moved on" in message


async def test_two_moves_on_the_same_version_apply_exactly_once(
    service: GameService, store: Store
) -> None:
    info = await active(service)
    first, _ = users(info)
    results = await asyncio.gather(
        service.moves.move(info.game_id, first, "t1", info.version),
        service.moves.move(info.game_id, first, "t2", info.version),
        return_exceptions=True,
    )
    applied = [r for r in results if not isinstance(r, BaseException)]
    failed = [r for r in results if isinstance(r, BaseException)]
    assert len(applied) == 1 and len(failed) == 1
    assert isinstance(failed[0], StaleAction)
    assert len(await store.moves.of(info.game_id)) == 1


async def test_concurrent_moves_across_games_all_commit(service: GameService, store: Store) -> None:
    games = [await active(service, (ALICE, BOB), channel=c) for c in range(1, 6)]
    await asyncio.gather(*(service.moves.move(g.game_id, g.user_at(0) or 0, "t1") for g in games))
    for game in games:
        assert [m.action for m in await store.moves.of(game.game_id)] == ["t1"]


async def test_choices_are_for_the_seat_to_move_only(service: GameService) -> None:
    info = await active(service)
    first, second = users(info)
    assert await service.moves.choices(info.game_id, first) == [
        Choice("t1", "take 1 counter"),
        Choice("t2", "take 2 counters"),
        Choice("t3", "take 3 counters"),
    ]
    assert await service.moves.choices(info.game_id, second) == []
    assert await service.moves.choices(info.game_id, DAN) == []
    assert await service.moves.choices(12345, first) == []
    turn = (await service.boards.show(info.game_id)).turn
    assert turn is not None and turn.user_id == first and turn.version == info.version


async def test_typed_values_resolve_to_legal_codes(service: GameService) -> None:
    info = await active(service)
    first, second = users(info)
    v = info.version
    assert await service.moves.resolve(info.game_id, first, "t2", v) == ("t2", v)
    assert await service.moves.resolve(info.game_id, first, "  Take 3   COUNTERS ", v) == ("t3", v)
    message = await refused(
        IllegalMove, service.moves.resolve(info.game_id, first, "take 4 counters", v)
    )
    assert "take 4 counters" in message
    await refused(IllegalMove, service.moves.resolve(info.game_id, first, "t4", v))
    await refused(NotYourTurn, service.moves.resolve(info.game_id, second, "t1", v))
    await refused(NotAPlayer, service.moves.resolve(info.game_id, CAROL, "t1", v))


async def test_an_autocomplete_entry_carries_its_version_so_a_copy_applies_once(
    service: GameService,
) -> None:
    info = await active(service)
    first, second = users(info)
    assert await service.moves.entries(info.game_id, second) == []
    entry = next(
        e for e in await service.moves.entries(info.game_id, first) if e.code.endswith(":t1")
    )
    assert entry.code == f"{info.version}:t1" and entry.text == "take 1 counter"
    code, version = await service.moves.resolve(info.game_id, first, entry.code, None)
    await service.moves.move(info.game_id, first, code, version)
    await service.moves.move(info.game_id, second, "t1", version + 1)  # first is to move again
    message = await refused(
        StaleAction, service.moves.resolve(info.game_id, first, entry.code, None)
    )
    assert message == STALE


async def test_a_typed_move_counts_against_the_board_shown_when_it_arrived(
    service: GameService,
) -> None:
    info = await active(service)
    first, second = users(info)
    shown = info.version  # both copies arrive while the channel shows this board
    copies = [await service.moves.resolve(info.game_id, first, "t1", shown) for _ in range(2)]
    await service.moves.move(info.game_id, first, *copies[0])
    await service.moves.move(info.game_id, second, "t1", shown + 1)
    await refused(StaleAction, service.moves.move(info.game_id, first, *copies[1]))
    await refused(StaleAction, service.moves.resolve(info.game_id, first, "t1", shown))
    assert await service.moves.resolve(info.game_id, first, "t1", None) == ("t1", shown + 2)


async def test_views_show_only_what_the_viewer_may_see(service: GameService) -> None:
    info = await active(service)
    first, _ = users(info)
    board = await service.boards.show(info.game_id)
    mine = await service.hands.show(info.game_id, first)
    assert "private" not in board.view and mine.view["private"]["secret"] > 0  # type: ignore[typeddict-item]
    assert {k: v for k, v in mine.view.items() if k not in ("seat", "private")} == board.view
    assert board.context.names == tuple(p.name for p in info.players)
    assert board.context.status == "active" and "names" not in board.view
    await refused(NotAPlayer, service.hands.show(info.game_id, CAROL))
    await service.moves.move(info.game_id, first, "t1")
    assert await service.records.history(info.game_id, 1) == ["red takes 1."]
    assert (await service.records.history(info.game_id))[0] == "The pile has 10 counters."
