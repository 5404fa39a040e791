"""The turn clock vote: who may vote, once, on the current turn; what a majority does."""

from __future__ import annotations

from svc_helpers import ALICE, BOB, CAROL, DAN, GUILD, NAMES, active, refused

from bot.service import GameService, IllegalMove, NotAPlayer, StaleAction
from bot.service.votes import AlreadyCast
from bot.store import Store


async def three(service: GameService) -> tuple[int, int, list[int]]:
    """A 3-player toy game: (game id, version, [timed-out user, voter, voter])."""
    info = await active(service, (ALICE, BOB, CAROL))
    users = [info.user_at(seat) or 0 for seat in range(3)]
    return info.game_id, info.version, users


async def test_a_vote_opens_once_for_the_current_turn_only(service: GameService) -> None:
    game_id, version, users = await three(service)
    vote = await service.votes.start(game_id, version)
    assert vote is not None
    assert vote.user_id == users[0] and vote.seat == 0 and vote.name == NAMES[users[0]]
    assert sorted(vote.voters) == sorted(users[1:])
    assert vote.choices == ("wait", "computer", "end")  # the toy game has no neutral action
    assert await service.votes.start(game_id, version) is None
    assert await service.votes.start(game_id, version - 1) is None


async def test_bad_ballots_are_refused_and_change_nothing(
    service: GameService, store: Store
) -> None:
    game_id, version, users = await three(service)
    vote = await service.votes.start(game_id, version)
    assert vote is not None
    await refused(NotAPlayer, service.votes.cast(vote.vote_id, users[0], "end"))
    await refused(NotAPlayer, service.votes.cast(vote.vote_id, DAN, "end"))
    await refused(IllegalMove, service.votes.cast(vote.vote_id, users[1], "skip"))
    first = await service.votes.cast(vote.vote_id, users[1], "computer")
    assert first.decided is None and first.counted == 1
    await refused(AlreadyCast, service.votes.cast(vote.vote_id, users[1], "end"))
    row = await store.votes.get(vote.vote_id)
    assert row is not None and row.ballots == {users[1]: "computer"} and row.result is None
    assert (await service.boards.show(game_id)).info.version == version


async def test_a_majority_hands_the_seat_to_the_computer(
    service: GameService, store: Store
) -> None:
    game_id, version, users = await three(service)
    vote = await service.votes.start(game_id, version)
    assert vote is not None
    await service.votes.cast(vote.vote_id, users[1], "computer")
    decided = await service.votes.cast(vote.vote_id, users[2], "computer")
    assert decided.decided == "computer" and decided.board is not None
    timed_out = next(p for p in decided.board.info.players if p.user_id == users[0])
    assert timed_out.automatic and timed_out.departure == "timed out"
    row = await store.votes.get(vote.vote_id)
    assert row is not None and row.result == "computer"
    played = await service.computers.move(game_id)
    assert played is not None and played.seat == 0
    await refused(StaleAction, service.votes.cast(vote.vote_id, users[2], "end"))


async def test_a_majority_ends_the_game_as_a_forfeit(service: GameService, store: Store) -> None:
    game_id, version, users = await three(service)
    vote = await service.votes.start(game_id, version)
    assert vote is not None
    await service.votes.cast(vote.vote_id, users[1], "end")
    decided = await service.votes.cast(vote.vote_id, users[2], "end")
    outcome = decided.board.info.outcome if decided.board else None
    assert outcome is not None and outcome.reason == "timeout"
    assert outcome.ranking == (3, 1, 1) and "ran out of time" in outcome.summary
    game = await store.games.get(game_id)
    assert game is not None and game.status == "finished"
    assert game.flags["timed_out_seat"] == 0 and game.flags["vote"] == vote.vote_id


async def test_a_split_vote_waits(service: GameService, store: Store) -> None:
    game_id, version, users = await three(service)
    vote = await service.votes.start(game_id, version)
    assert vote is not None
    await service.votes.cast(vote.vote_id, users[1], "end")
    decided = await service.votes.cast(vote.vote_id, users[2], "computer")
    assert decided.decided == "wait" and decided.board is None and decided.move is None
    info = (await service.boards.show(game_id)).info
    assert info.version == version and info.status == "active"


async def test_skip_plays_the_neutral_action_where_the_game_has_one(
    service: GameService, store: Store
) -> None:
    info = await service.lobby.open(
        guild_id=GUILD, channel_id=5, game_type="iliad_cards", host_id=ALICE, host_name="Alice"
    )
    for user in (BOB, CAROL):
        await service.lobby.join(info.game_id, user, NAMES[user])
    started = (await service.lobby.start(info.game_id, ALICE)).info
    vote = await service.votes.start(started.game_id, started.version)
    assert vote is not None and vote.choices == ("wait", "skip", "computer", "end")
    voters = list(vote.voters)
    await service.votes.cast(vote.vote_id, voters[0], "skip")
    decided = await service.votes.cast(vote.vote_id, voters[1], "skip")
    assert decided.move is not None and decided.move.seat == vote.seat
    moves = await store.moves.of(started.game_id)
    assert [(m.action, m.user_id) for m in moves] == [("pass", None)]
