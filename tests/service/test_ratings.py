"""Ratings: openskill Plackett-Luce per game, per server and across servers, rebuilt alike."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from openskill.models import PlackettLuce
from svc_helpers import ALICE, BOB, CAROL, GUILD, NAMES, active, lookup, refused

from bot.service import GameInfo, GameService, IllegalMove, UnknownGame
from bot.service.ratings import Z, rate_entrants, rating_places
from bot.store import GLOBAL, Entrant, Store
from bot.store.ratings import identity

OTHER_GUILD = 2


async def play_out(service: GameService, info: GameInfo, amount: str = "t3") -> GameInfo:
    """Move until the toy game is over: every mover takes `amount` (or what is left)."""
    while info.status == "active":
        mover = info.to_move_user
        assert mover is not None
        try:
            info = (await service.moves.move(info.game_id, mover, amount)).board.info
        except IllegalMove:
            info = (await service.moves.move(info.game_id, mover, "t1")).board.info
    return info


def ranks_of(info: GameInfo, order: tuple[int, ...]) -> list[float]:
    """The places of `order`'s users in a finished game."""
    assert info.outcome is not None
    seat = {p.user_id: p.seat for p in info.players}
    return [float(info.outcome.ranking[seat[user] or 0]) for user in order]


async def rows(store: Store, scope: int) -> dict[str, tuple[float, float, int, int]]:
    """Every rating of the toy game in a scope, by identity."""
    top = await store.ratings.top("toy", scope, Z, 100)
    return {r.player: (r.mu, r.sigma, r.games, r.wins) for r in top}


async def test_ratings_follow_openskill_by_hand_per_server_and_globally(
    service: GameService, store: Store
) -> None:
    model = PlackettLuce()
    rating = {user: model.rating() for user in (ALICE, BOB, CAROL)}
    here = {user: model.rating() for user in (ALICE, BOB, CAROL)}

    def rate(book: dict[int, object], users: tuple[int, ...], ranks: list[float]) -> None:
        new = model.rate([[book[u]] for u in users], ranks=ranks)  # type: ignore[misc]
        for user, team in zip(users, new, strict=True):
            book[user] = team[0]

    first = await play_out(service, await active(service, (ALICE, BOB)))
    rate(rating, (ALICE, BOB), ranks_of(first, (ALICE, BOB)))
    rate(here, (ALICE, BOB), ranks_of(first, (ALICE, BOB)))

    second = await active(service, (ALICE, BOB))
    await service.moves.resign(second.game_id, ALICE)  # resigning: Alice last
    rate(rating, (ALICE, BOB), [2.0, 1.0])
    rate(here, (ALICE, BOB), [2.0, 1.0])

    abandoned = await active(service, (ALICE, BOB))
    await service.moves.abandon(abandoned.game_id, ALICE)  # never rated

    elsewhere = await service.lobby.open(
        guild_id=OTHER_GUILD, channel_id=900, game_type="toy", host_id=CAROL, host_name="Carol"
    )
    elsewhere = await service.lobby.join(elsewhere.game_id, ALICE, NAMES[ALICE])
    third = await play_out(
        service, (await service.lobby.start(elsewhere.game_id, CAROL)).info, "t2"
    )
    rate(rating, (CAROL, ALICE), ranks_of(third, (CAROL, ALICE)))

    server, everywhere = await rows(store, GUILD), await rows(store, GLOBAL)
    assert set(server) == {"user:11", "user:22"}
    assert set(everywhere) == {"user:11", "user:22", "user:33"}
    for user, expected in here.items():
        if user == CAROL:
            continue
        mu, sigma, games, _ = server[f"user:{user}"]
        assert (mu, sigma, games) == (pytest.approx(expected.mu), pytest.approx(expected.sigma), 2)  # type: ignore[attr-defined]
    for user, expected in rating.items():
        mu, sigma, _, _ = everywhere[f"user:{user}"]
        assert (mu, sigma) == (pytest.approx(expected.mu), pytest.approx(expected.sigma))  # type: ignore[attr-defined]
    assert everywhere["user:22"][3] == 1 + ranks_of(first, (BOB,)).count(1.0)  # Bob's wins

    before = (server, everywhere)
    assert await service.ratings.rebuild() == 3
    assert (await rows(store, GUILD), await rows(store, GLOBAL)) == before


async def test_games_finishing_at_the_same_moment_in_two_processes_are_rated_in_turn(
    service: GameService, store: Store, db_path: str | Path
) -> None:
    games = [await active(service, (ALICE, BOB), channel=700 + n) for n in range(6)]
    other = await Store.open(db_path)  # a second bot process on the same database
    try:
        twin = GameService(other, lookup)
        await twin.load()
        sides = [service, twin] * 3
        await asyncio.gather(
            *(side.moves.resign(info.game_id, BOB) for side, info in zip(sides, games, strict=True))
        )
    finally:
        await other.close()
    everywhere = await rows(store, GLOBAL)
    assert everywhere["user:11"][2:] == (6, 6) and everywhere["user:22"][2:] == (6, 0)
    assert await service.ratings.rebuild() == 6  # one after the other, as they were rated
    assert await rows(store, GLOBAL) == everywhere


async def test_the_leaderboard_ranks_by_the_conservative_number(service: GameService) -> None:
    for _ in range(2):
        info = await active(service, (ALICE, BOB))
        await service.moves.resign(info.game_id, BOB)
    board = await service.ratings.leaderboard(GUILD, "toy", "server", CAROL)
    assert [(line.rank, line.name, line.games, line.wins) for line in board.lines] == [
        (1, "Alice", 2, 2),
        (2, "Bob", 2, 0),
    ]
    assert board.lines[0].rating > 0 > board.lines[1].rating
    assert board.own is None  # Carol has not played
    assert await refused(UnknownGame, service.ratings.leaderboard(GUILD, "chess", "server", ALICE))


def test_a_departed_seat_ranks_last_whatever_the_board_said() -> None:
    seats = [
        Entrant(0, "user:1", 1, "Ann", 1, departed=True),
        Entrant(1, "user:2", 2, "Ben", 2, departed=False),
        Entrant(2, "user:3", 3, "Cy", 3, departed=False),
    ]
    assert rating_places(seats) == [4, 2, 3]
    model = PlackettLuce()
    expected = model.rate([[model.rating()] for _ in seats], ranks=[4.0, 2.0, 3.0])
    got = {r.player: r for r in rate_entrants(seats, {})}
    for entrant, team in zip(seats, expected, strict=True):
        assert got[entrant.player].mu == pytest.approx(team[0].mu)
    assert [got[e.player].won for e in seats] == [False, True, False]


def test_one_computer_level_is_one_identity_averaged_over_its_seats() -> None:
    assert identity(-1, "normal", None) == "computer:normal"
    assert identity(-2, "normal", None) == "computer:normal"
    assert identity(55, None, "resigned") == "user:55"
    seats = [
        Entrant(0, "computer:normal", None, "Computer", 1, departed=False),
        Entrant(1, "user:9", 9, "Ann", 2, departed=False),
        Entrant(2, "computer:normal", None, "Computer", 3, departed=False),
    ]
    model = PlackettLuce()
    teams = model.rate([[model.rating()] for _ in seats], ranks=[1.0, 2.0, 3.0])
    got = {r.player: r for r in rate_entrants(seats, {})}
    assert set(got) == {"computer:normal", "user:9"}
    assert got["computer:normal"].mu == pytest.approx((teams[0][0].mu + teams[2][0].mu) / 2)
    assert got["computer:normal"].won and not got["user:9"].won
