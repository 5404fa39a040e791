"""service.leagues: terms checked, sign-ups, the start, rounds pairing themselves from ended
games, withdrawals, the sign-up deadline, a restart, standings and the export."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from svc_helpers import GUILD, refused

from bot.service import GameService, ServiceError
from bot.service.league_values import LeagueRefused, Progress
from bot.store import Store

ORGANISER = 1
PLAYERS = {101: "Ann", 102: "Bo", 103: "Cy", 104: "Di", 105: "Ed"}
NOW = datetime(2026, 12, 2, 12, 0, tzinfo=UTC)


async def swiss(service: GameService, rounds: int = 3, **kw: object) -> int:
    terms: dict[str, object] = {"game_type": "toy", "format": "swiss", "pace": "daily", **kw}
    info = await service.leagues.create(
        guild_id=GUILD,
        channel_id=500,
        organiser_id=ORGANISER,
        rounds=rounds,
        **terms,  # type: ignore[arg-type]
    )
    return info.id


async def open_tables(service: GameService, progress: Progress, channel: int) -> list[int]:
    """Open each table's toy game in its own thread (the cog's part), seated as paired."""
    games = []
    for k, table in enumerate(progress.tables):
        started = await service.leagues.tables.open_table(table, GUILD, 500, channel + k)
        seats = sorted(await service.store.seats.of(started.info.game_id), key=lambda s: s.seat)
        assert [s.user_id for s in seats] == [user for user, _ in table.players]
        games.append(started.info.game_id)
    return games


async def finish(service: GameService, progress: Progress, games: list[int]) -> None:
    for table, game in zip(progress.tables, games, strict=True):
        await service.moves.resign(game, table.players[1][0])


async def test_bad_terms_are_refused_and_nothing_is_kept(service: GameService) -> None:
    await refused(ServiceError, swiss(service, game_type="chess"))
    await refused(ServiceError, swiss(service, pace="hourly"))
    await refused(LeagueRefused, swiss(service, rounds=0))
    await refused(LeagueRefused, swiss(service, rounds=21))
    await refused(LeagueRefused, swiss(service, players=3))
    await refused(LeagueRefused, swiss(service, signup_until=datetime(2000, 1, 1, tzinfo=UTC)))
    await refused(ServiceError, swiss(service, options={"pile": "99"}))
    for name in ("", "   ", "x" * 61, "Cup @here", "<#1> cup", "**bold**"):
        await refused(LeagueRefused, swiss(service, name=name))
    pods = service.leagues.create(
        guild_id=GUILD,
        channel_id=500,
        organiser_id=ORGANISER,
        game_type="toy",
        format="pods",
        rounds=2,
        pace="daily",
        players=4,
    )
    await refused(LeagueRefused, pods)
    bad_format = service.leagues.create(
        guild_id=GUILD,
        channel_id=500,
        organiser_id=ORGANISER,
        game_type="toy",
        format="ladder",
        rounds=2,
        pace="daily",
    )
    await refused(LeagueRefused, bad_format)
    assert await service.leagues.of_guild(GUILD) == []


async def test_signing_up_withdrawing_and_who_may_start(service: GameService) -> None:
    league = await swiss(service, name=" Spring \t Cup ")
    assert (await service.leagues.get(league, GUILD)).name == "Spring Cup"
    await service.leagues.sign_up(league, GUILD, 101, "Ann")
    await refused(LeagueRefused, service.leagues.sign_up(league, GUILD, 101, "Ann"))
    await refused(LeagueRefused, service.leagues.sign_up(league, GUILD + 1, 102, "Bo"))
    await refused(LeagueRefused, service.leagues.withdraw(league, GUILD, 102))
    await refused(LeagueRefused, service.leagues.start(league, GUILD, 101, manages=False))
    too_few = await refused(LeagueRefused, service.leagues.start(league, GUILD, 1, False))
    assert "1" in too_few
    assert (await service.leagues.get(league, GUILD)).status == "signup"
    await service.leagues.sign_up(league, GUILD, 102, "Bo")
    info, playing = await service.leagues.withdraw(league, GUILD, 101)
    assert [e.user_id for e in info.entrants] == [102] and playing == ()
    await service.leagues.sign_up(league, GUILD, 103, "Cy")
    started = await service.leagues.start(league, GUILD, 999, manages=True)  # a server manager
    assert started.info.status == "running" and len(started.tables) == 1
    late = await refused(LeagueRefused, service.leagues.sign_up(league, GUILD, 104, "Di"))
    assert late == "This league no longer takes sign-ups."
    await refused(LeagueRefused, service.leagues.start(league, GUILD, 1, False))
    cancelled = await service.leagues.cancel(league, GUILD, ORGANISER, manages=False)
    assert cancelled.status == "cancelled"
    await refused(LeagueRefused, service.leagues.cancel(league, GUILD, ORGANISER, False))


async def test_five_players_over_three_swiss_rounds_run_themselves(service: GameService) -> None:
    league = await swiss(service)
    for user, name in PLAYERS.items():
        await service.leagues.sign_up(league, GUILD, user, name)
    progress = await service.leagues.start(league, GUILD, ORGANISER, False)
    met: set[frozenset[int]] = set()
    byes: list[str] = []
    for number in (1, 2, 3):
        assert progress.info.round == number and len(progress.tables) == 2
        byes += progress.byes
        pairs = {frozenset(u for u, _ in t.players) for t in progress.tables}
        assert not pairs & met
        met |= pairs
        games = await open_tables(service, progress, 1000 * number)
        assert await service.leagues.advance() == []  # games still playing
        await finish(service, progress, games)
        moved = await service.leagues.advance()
        assert len(moved) == 1
        progress = moved[0]
    assert len(set(byes)) == 3
    assert progress.finished and len(progress.podium) == 3
    view = await service.leagues.standings(league, GUILD)
    assert view.finished and view.tiebreaks == ("buchholz", "sonneborn-berger")
    assert sum(float(line.points.replace("½", ".5") or 0) for line in view.rows) == 3 * 3
    exported = await service.leagues.export(league, GUILD)
    assert [len(r["tables"]) for r in exported["rounds"]] == [3, 3, 3]
    assert all(t["places"] for r in exported["rounds"] for t in r["tables"] if not t["bye"])
    assert await service.leagues.advance() == []


async def test_a_withdrawal_mid_round_names_the_games_and_forfeits_later_tables(
    service: GameService,
) -> None:
    league = await swiss(service, rounds=2)
    for user, name in list(PLAYERS.items())[:4]:
        await service.leagues.sign_up(league, GUILD, user, name)
    progress = await service.leagues.start(league, GUILD, ORGANISER, False)
    games = await open_tables(service, progress, 2000)
    leaving = progress.tables[0].players[0][0]
    _, playing = await service.leagues.withdraw(league, GUILD, leaving)
    assert playing == (games[0],)
    await refused(LeagueRefused, service.leagues.withdraw(league, GUILD, leaving))
    await service.moves.resign(games[0], leaving)  # what the cog does for them
    await service.moves.resign(games[1], progress.tables[1].players[1][0])
    [second] = await service.leagues.advance()
    assert leaving not in {u for t in second.tables for u, _ in t.players}
    assert len(second.tables) == 1 and len(second.byes) == 1


async def test_the_sign_up_deadline_starts_it_and_a_restart_finds_unopened_tables(
    store: Store,
) -> None:
    from svc_helpers import lookup

    now = [NOW]
    service = GameService(store, lookup, clock=lambda: now[0])
    await service.load()
    league = await swiss(service, signup_until=NOW + timedelta(hours=2))
    await service.leagues.sign_up(league, GUILD, 101, "Ann")
    now[0] = NOW + timedelta(hours=3)
    [waiting] = await service.leagues.advance()  # one entrant: it says so, and waits
    assert waiting.waiting and waiting.tables == () and not waiting.finished
    assert await service.leagues.advance() == []  # said once
    assert (await service.leagues.get(league, GUILD)).status == "signup"
    await service.leagues.sign_up(league, GUILD, 102, "Bo")
    [started] = await service.leagues.advance()
    assert started.info.status == "running" and len(started.tables) == 1
    again = GameService(store, lookup, clock=lambda: now[0])  # the process restarted
    await again.load()
    [unopened] = await again.leagues.unopened()
    assert unopened.tables == started.tables
    await open_tables(again, unopened, 3000)
    assert await again.leagues.unopened() == []
