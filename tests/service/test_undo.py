"""Undo: one's own last decision at once, others' moves by consent, never after a chance event."""

from __future__ import annotations

from svc_helpers import ALICE, BOB, CAROL, DAN, active, lookup, refused
from test_persistence import forget_snapshots

from bot.service import (
    AlreadyAnswered,
    CannotUndo,
    GameOver,
    GameService,
    NotAPlayer,
    StaleAction,
    Undone,
    UndoRequest,
)
from bot.store import Store


async def seated(service: GameService, players: int = 2) -> tuple[int, list[int]]:
    """A started toy game: its id and the user of each seat, in turn order."""
    info = await active(service, (ALICE, BOB, CAROL)[:players])
    return info.game_id, [info.user_at(seat) or 0 for seat in range(players)]


async def test_taking_back_ones_own_move_before_anyone_acts(
    service: GameService, store: Store
) -> None:
    game_id, users = await seated(service)
    start = await service.boards.show(game_id)
    moved = await service.moves.move(game_id, users[0], "t1")
    assert moved.board.turn is not None and moved.board.turn.user_id == users[1]
    undone = await service.undo.ask(game_id, users[0])
    assert isinstance(undone, Undone) and undone.moves == 1
    assert undone.board.info.version == moved.board.info.version + 1  # versions only go up
    assert undone.board.view == start.view
    assert undone.board.turn is not None and undone.board.turn.user_id == users[0]
    assert await store.moves.of(game_id) == []
    [taken] = await store.moves.including_taken_back(game_id)
    assert taken.action == "t1" and taken.undone_by == users[0] and taken.undone_at
    again = await service.moves.move(game_id, users[0], "t2")
    assert [m.action for m in await store.moves.including_taken_back(game_id)] == ["t1", "t2"]
    assert again.board.view["pile"] == start.view["pile"] - 2  # type: ignore[typeddict-item]


async def test_undo_is_refused_when_there_is_nothing_to_take_back(service: GameService) -> None:
    game_id, users = await seated(service)
    await refused(CannotUndo, service.undo.ask(game_id, users[0]))
    await service.moves.move(game_id, users[0], "t1")
    await refused(CannotUndo, service.undo.ask(game_id, users[1]))  # Bob has not moved yet
    await refused(NotAPlayer, service.undo.ask(game_id, DAN))
    version = (await service.boards.show(game_id)).info.version
    await refused(StaleAction, service.undo.ask(game_id, users[0], version - 1))
    assert (await service.boards.show(game_id)).info.version == version


async def test_undo_is_refused_after_a_chance_event(service: GameService, store: Store) -> None:
    game_id, users = await seated(service)
    await service.moves.move(game_id, users[0], "t3")  # draws a new secret: chance
    before = await service.boards.show(game_id)
    message = await refused(CannotUndo, service.undo.ask(game_id, users[0]))
    assert "hidden" in message
    assert (await service.boards.show(game_id)) == before
    assert len(await store.moves.of(game_id)) == 1
    await service.moves.move(game_id, users[1], "t3")
    await refused(CannotUndo, service.undo.ask(game_id, users[1]))


async def test_another_players_chance_event_refuses_the_undo_outright(
    service: GameService,
) -> None:
    game_id, users = await seated(service)
    await service.moves.move(game_id, users[0], "t1")
    await service.moves.move(game_id, users[1], "t3")
    await refused(CannotUndo, service.undo.ask(game_id, users[0]))


async def test_an_undo_after_another_player_acted_needs_their_consent(
    service: GameService, store: Store
) -> None:
    game_id, users = await seated(service, 3)
    start = await service.boards.show(game_id)
    await service.moves.move(game_id, users[0], "t1")
    await service.moves.move(game_id, users[1], "t2")
    asked = await service.undo.ask(game_id, users[0])
    assert isinstance(asked, UndoRequest)
    assert sorted(asked.voters) == sorted(users[1:]) and asked.moves == 2
    version = (await service.boards.show(game_id)).info.version
    await refused(NotAPlayer, service.undo.answer(asked.request_id, users[0], True))
    first = await service.undo.answer(asked.request_id, users[1], True)
    assert first.decided is None and first.answered == 1
    await refused(AlreadyAnswered, service.undo.answer(asked.request_id, users[1], True))
    assert (await service.boards.show(game_id)).info.version == version  # nothing yet
    last = await service.undo.answer(asked.request_id, users[2], True)
    assert last.decided == "agreed" and last.undone is not None
    assert last.undone.board.view == start.view and last.undone.moves == 2
    assert await store.moves.of(game_id) == []
    await refused(StaleAction, service.undo.answer(asked.request_id, users[2], True))


async def test_one_refusal_ends_the_request_and_changes_nothing(service: GameService) -> None:
    game_id, users = await seated(service, 3)
    await service.moves.move(game_id, users[0], "t1")
    await service.moves.move(game_id, users[1], "t1")
    asked = await service.undo.ask(game_id, users[0])
    assert isinstance(asked, UndoRequest)
    before = await service.boards.show(game_id)
    answer = await service.undo.answer(asked.request_id, users[2], False)
    assert answer.decided == "refused" and answer.undone is None
    assert await service.boards.show(game_id) == before
    await refused(StaleAction, service.undo.answer(asked.request_id, users[1], True))


async def test_a_request_lapses_once_the_game_moves_on(service: GameService) -> None:
    game_id, users = await seated(service)
    await service.moves.move(game_id, users[0], "t1")
    await service.moves.move(game_id, users[1], "t1")
    asked = await service.undo.ask(game_id, users[0])
    assert isinstance(asked, UndoRequest) and asked.voters == (users[1],)
    await service.moves.move(game_id, users[0], "t1")
    await refused(StaleAction, service.undo.answer(asked.request_id, users[1], True))


async def test_no_undo_once_the_game_is_over(service: GameService) -> None:
    game_id, users = await seated(service)
    board = await service.boards.show(game_id)
    while board.turn is not None:
        code = "t1" if board.view["pile"] > 3 else f"t{board.view['pile']}"  # type: ignore[typeddict-item]
        board = (await service.moves.move(game_id, board.turn.user_id, code)).board
    await refused(GameOver, service.undo.ask(game_id, users[0]))


async def test_a_restart_after_an_undo_replays_without_the_undone_moves(
    service: GameService, store: Store
) -> None:
    game_id, users = await seated(service)
    await service.moves.move(game_id, users[0], "t2")
    await service.undo.ask(game_id, users[0])
    await service.moves.move(game_id, users[0], "t1")
    shown = await service.boards.show(game_id)
    for forget in (False, True):
        if forget:
            await forget_snapshots(store)
        restarted = GameService(store, lookup)
        await restarted.load()
        assert await restarted.boards.show(game_id) == shown


async def test_back_inside_an_ilium_turn_until_the_turn_ends(service: GameService) -> None:
    lobby = await service.lobby.open(
        guild_id=1, channel_id=7, game_type="ilium", host_id=ALICE, host_name="Alice"
    )
    await service.lobby.join(lobby.game_id, BOB, "Bob")
    board = (await service.lobby.start(lobby.game_id, ALICE)).board
    turn = board.turn
    assert turn is not None and turn.back is False
    mover = turn.user_id
    path = (await service.moves.move(lobby.game_id, mover, turn.choices[0].code)).board
    assert path.turn is not None and path.turn.user_id == mover and path.turn.back
    space = (await service.moves.move(lobby.game_id, mover, path.turn.choices[0].code)).board
    assert space.turn is not None and space.turn.back
    undone = await service.undo.ask(lobby.game_id, mover, space.turn.version)
    assert isinstance(undone, Undone) and undone.same_mover
    assert undone.board.view == path.view and undone.board.turn is not None
    assert undone.board.turn.back  # the pathway can be taken back too
    space = (await service.moves.move(lobby.game_id, mover, path.turn.choices[0].code)).board
    assert space.turn is not None
    cubes = (await service.moves.move(lobby.game_id, mover, space.turn.choices[0].code)).board
    assert cubes.turn is not None and cubes.turn.back is False  # the next card was turned up
    await refused(CannotUndo, service.undo.ask(lobby.game_id, mover))


async def test_back_is_only_for_the_player_to_move(service: GameService) -> None:
    game_id, users = await seated(service)
    moved = await service.moves.move(game_id, users[0], "t1")
    await refused(CannotUndo, service.undo.ask(game_id, users[0], moved.board.info.version))
    assert (await service.boards.show(game_id)).info.version == moved.board.info.version
