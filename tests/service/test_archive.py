"""Games by number after the end: which game a viewing command means, and who may see what."""

from __future__ import annotations

import pytest
from svc_helpers import ALICE, BOB, CAROL, CHANNEL, GUILD, active, lobby, lookup, refused
from test_broken import sql

from bot.service import (
    BAD_NUMBER,
    LARGEST_NUMBER,
    GameBroken,
    GameInfo,
    GameNotFound,
    GameService,
    NotAPlayer,
    NotStarted,
)
from bot.store import Store

OTHER_GUILD = 2


async def finished(service: GameService, channel: int = CHANNEL, guild: int = GUILD) -> GameInfo:
    """A toy game of 7 counters played to the end: t3, t3, t1 (the first seat wins)."""
    info = await active(service, channel=channel, options={"pile": "7"})
    if guild != GUILD:
        await sql(service.store, "UPDATE games SET guild_id = ? WHERE id = ?", guild, info.game_id)
    first, second = info.user_at(0), info.user_at(1)
    assert first is not None and second is not None
    for user, code in [(first, "t3"), (second, "t3"), (first, "t1")]:
        await service.moves.move(info.game_id, user, code)
    return info


async def test_a_finished_game_is_found_by_number_and_by_its_place(service: GameService) -> None:
    info = await finished(service)
    by_number = await service.records.pick_game(GUILD, 999, info.game_id)
    by_place = await service.records.pick_game(GUILD, CHANNEL, None)
    assert by_number == by_place
    assert by_number is not None and by_number.status == "finished"
    assert by_number.outcome is not None and by_number.outcome.winners == (0,)
    assert await service.records.pick_game(GUILD, 999, None) is None


async def test_the_ongoing_game_of_a_place_comes_before_its_last_one(service: GameService) -> None:
    await finished(service)
    newer = await lobby(service)
    here = await service.records.pick_game(GUILD, CHANNEL, None)
    assert here is not None and here.game_id == newer.game_id and here.status == "lobby"


async def test_a_cancelled_lobby_does_not_hide_the_game_before_it(service: GameService) -> None:
    played = await finished(service)
    cancelled = await lobby(service)
    await service.lobby.cancel(cancelled.game_id, ALICE)
    here = await service.records.pick_game(GUILD, CHANNEL, None)
    assert here is not None and here.game_id == played.game_id
    said = await refused(NotStarted, service.records.pick_game(GUILD, CHANNEL, cancelled.game_id))
    assert "cancelled before it started" in said


async def test_the_whole_public_log_and_no_secret(service: GameService) -> None:
    info = await finished(service)
    lines = await service.records.public_log(info.game_id)
    assert lines == [
        "The pile has 7 counters.",
        "red takes 3.",
        "blue takes 3.",
        "red takes 1.",
        "red takes the last counter and wins.",
    ]
    hand = await service.hands.show(info.game_id, ALICE)
    assert any("Your secret" in line for line in hand.view["private"]["log"])  # type: ignore[typeddict-item]


async def test_each_player_sees_only_their_own_final_hand(service: GameService) -> None:
    info = await finished(service)
    hands = {user: await service.hands.show(info.game_id, user) for user in (ALICE, BOB)}
    assert {hand.seat for hand in hands.values()} == {0, 1}
    for user, hand in hands.items():
        assert hand.player.user_id == user and hand.view["seat"] == hand.seat  # type: ignore[typeddict-item]
        assert hand.info.status == "finished"
    said = await refused(NotAPlayer, service.hands.show(info.game_id, CAROL))
    assert "did not play" in said and "final hands" in said


@pytest.mark.parametrize("number", [0, -1, -(2**63), LARGEST_NUMBER + 1, 10**100])
async def test_numbers_outside_the_range_are_refused(service: GameService, number: int) -> None:
    await finished(service)
    assert (
        await refused(GameNotFound, service.records.pick_game(GUILD, CHANNEL, number)) == BAD_NUMBER
    )


async def test_another_servers_game_reads_like_no_game(service: GameService) -> None:
    theirs = await finished(service, channel=200, guild=OTHER_GUILD)
    missing = theirs.game_id + 1
    said = await refused(GameNotFound, service.records.pick_game(GUILD, CHANNEL, theirs.game_id))
    none = await refused(GameNotFound, service.records.pick_game(GUILD, CHANNEL, missing))
    assert said == none.replace(str(missing), str(theirs.game_id))
    assert await service.records.recent_games(GUILD) == []
    assert [g.game_id for g in await service.records.recent_games(OTHER_GUILD)] == [theirs.game_id]


async def test_an_abandoned_game_shows_where_it_stopped(service: GameService) -> None:
    info = await active(service)
    await service.moves.abandon(info.game_id, ALICE, moderator=False)
    shown = await service.records.pick_game(GUILD, CHANNEL, info.game_id)
    assert shown is not None and shown.status == "abandoned" and shown.outcome is None
    assert (await service.boards.show(info.game_id)).info.status == "abandoned"


async def test_broken_games_are_refused_in_one_sentence(service: GameService, store: Store) -> None:
    info = await active(service)
    await sql(store, "UPDATE games SET options = 'not json' WHERE id = ?", info.game_id)
    restarted = GameService(store, lookup)
    await restarted.load()
    said = await refused(GameBroken, restarted.records.pick_game(GUILD, CHANNEL, info.game_id))
    assert "could not be loaded" in said
    here = await refused(GameBroken, restarted.records.pick_game(GUILD, CHANNEL, None))
    assert here == said
    await restarted.moves.abandon(info.game_id, ALICE, moderator=True)
    gone = await refused(GameBroken, restarted.records.pick_game(GUILD, CHANNEL, info.game_id))
    assert "was abandoned" in gone
    assert await restarted.records.recent_games(GUILD) == []


async def test_a_finished_game_whose_record_is_damaged_is_refused(
    service: GameService, store: Store
) -> None:
    info = await finished(service)
    await sql(store, "UPDATE snapshots SET state = '{\"pile\": [' WHERE game_id = ?", info.game_id)
    said = await refused(GameBroken, service.records.pick_game(GUILD, CHANNEL, info.game_id))
    assert "can no longer be read" in said and "pile" not in said


async def test_recent_games_newest_first_by_player_and_number(service: GameService) -> None:
    first = await finished(service, channel=1)
    second = await finished(service, channel=2)
    third = await active(service, users=(BOB, CAROL), channel=3)
    await lobby(service, channel=4)
    listed = await service.records.recent_games(GUILD)
    assert [g.game_id for g in listed] == [third.game_id, second.game_id, first.game_id]
    assert [g.status for g in listed] == ["active", "finished", "finished"]
    assert set(listed[0].players) == {"Bob", "Carol"} and listed[0].title == "Counters"
    mine = await service.records.recent_games(GUILD, user_id=ALICE)
    assert [g.game_id for g in mine] == [second.game_id, first.game_id]
    numbered = await service.records.recent_games(GUILD, number_prefix=str(second.game_id))
    assert [g.game_id for g in numbered] == [second.game_id]
