"""A pods league of Ilium through the fake Discord with the injected clock: seven entrants in a
pod of four and one of three, grouped by rating in round one and by standing after it; a
withdrawal in the middle of round two (a forfeit: last in that pod, whatever the computer made
of the seat, and never paired again); the final standings with the opponents' points worked
out by hand, and the podium. Games are decided by resigning in a chosen order: in a pod the
last person to resign ends the game and places go by who stayed longest. Ilium seats two to
four (rules/ilium.md; a table of four plays the shortened decks of IM-6), so pods of four with
pods of three where seven do not divide."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.league_play import latest_round, league_with, names_of, resign, run_leagues
from tests.e2e.symposion import ephemeral_answer, factory, quick_computers, stub_drawing

Runner = BotRunner[Any]
ENTRANTS = ("ann", "ben", "cid", "dot", "eve", "fay", "gus")  # in sign-up order
# Ratings at the start (ordinals): round one's pods are cut from this order.
RATINGS = {"gus": 40.0, "eve": 35.0, "ann": 30.0, "cid": 25.0, "fay": 20.0, "ben": 15.0}
RATINGS["dot"] = 10.0


async def rate(bot: Any, fake: FakeDiscord) -> None:
    """Each entrant's Ilium rating in this server, as earlier games would have left it."""
    async with bot.store.backend.transaction() as tx:
        for name, ordinal in RATINGS.items():
            user = fake.user(name).id
            await tx.execute(
                "INSERT INTO ratings (game_type, scope, player, user_id, name, mu, sigma,"
                " games, wins, updated_at) VALUES ('ilium', ?, ?, ?, ?, ?, 0, 5, 1, ?)",
                (fake.world.guild_id, f"user:{user}", user, name, ordinal, "2030-01-01"),
            )


async def pods_of(bot: Any, fake: FakeDiscord, number: int) -> list[tuple[Any, set[str]]]:
    """The round's tables (stored) with their players' names."""
    current = await latest_round(bot)
    assert current.number == number
    return [(t, set(names_of(fake, t.seats))) for t in current.tables]


async def resign_in_order(
    fake: FakeDiscord, bot: Any, runner: Runner, game_id: int, order: tuple[str, ...]
) -> None:
    """The pod's players resign one after the other: the last ends the game, first place."""
    for name in order:
        await resign(fake, bot, game_id, name)
        await runner.settle()  # the computer plays the seats handed to it, then the next


def standings_lines(fake: FakeDiscord) -> list[str]:
    posted = [m for m in fake.messages(channel="games") if m.content.startswith("Standings")]
    return posted[-1].content.splitlines()[1:]


async def test_a_seven_player_pods_league_of_ilium_with_a_withdrawal(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    clock = FakeClock()
    bot = await bot_runner.start(factory(database), clock=clock)
    quick_computers(bot)
    terms = {"game": "ilium", "format": "pods", "rounds": 3, "pace": "daily", "players": 4}
    posted = await league_with(fake_discord, terms, ENTRANTS)
    await rate(bot, fake_discord)
    started = await fake_discord.slash("league start", {"league": 1}, user="owner", channel="games")
    await started.wait_answered()
    await bot_runner.settle()

    # Round 1: seven entrants make a pod of four and one of three, cut from the ratings.
    (four, first), (three, second) = await pods_of(bot, fake_discord, 1)
    assert (len(four.seats), len(three.seats)) == (4, 3)
    assert first == {"gus", "eve", "ann", "cid"} and second == {"fay", "ben", "dot"}
    await resign_in_order(fake_discord, bot, bot_runner, four.game_id, ("gus", "ann", "cid", "eve"))
    await resign_in_order(fake_discord, bot, bot_runner, three.game_id, ("dot", "fay", "ben"))
    assert await run_leagues(bot) == 1  # results read, round 2 paired and opened
    await bot_runner.settle()
    one = (await bot.store.leagues.rounds(1))[0]
    for table, places in zip(
        one.tables,
        ({"eve": 1, "cid": 2, "ann": 3, "gus": 4}, {"ben": 1, "fay": 2, "dot": 3}),
        strict=True,
    ):
        assert table.places == tuple(places[n] for n in names_of(fake_discord, table.seats))

    # After round 1 (a pod of three scaled to four: 3 / 1½ / 0): eve 3 (opponents 0 + 1 + 2
    # = 3), ben 3 (1½ + 0 = 1½), cid 2, fay 1½, ann 1, gus 0 (opponents 6), dot 0 (4½).
    # Round 2's pods follow the standings: eve, ben, cid, fay; then ann, gus, dot.
    (four, first), (three, second) = await pods_of(bot, fake_discord, 2)
    assert first == {"eve", "ben", "cid", "fay"} and second == {"ann", "gus", "dot"}
    assert four.game_id is not None and three.game_id is not None
    await resign_in_order(fake_discord, bot, bot_runner, four.game_id, ("cid",))
    # fay withdraws in the middle of the round: her seat is resigned, the computer takes it.
    gone = await fake_discord.click(posted.id, user="fay", label="Withdraw")
    said = await ephemeral_answer(gone)
    assert said.startswith("You have withdrawn from league #1: you will not be paired again.")
    assert f"Your game #{four.game_id} is resigned and counts as a loss" in said
    await bot_runner.settle()
    seats = {s.user_id: s for s in await bot.store.seats.of(four.game_id)}
    assert seats[fake_discord.user("fay").id].controller == "auto"
    await resign_in_order(fake_discord, bot, bot_runner, four.game_id, ("ben", "eve"))
    await resign_in_order(fake_discord, bot, bot_runner, three.game_id, ("gus", "ann", "dot"))
    assert await run_leagues(bot) == 1
    await bot_runner.settle()
    # The game ranked fay third (cid left before her); the league counts her a forfeit: last.
    game = await bot.store.games.get(four.game_id)
    ranking = game.result["ranking"]
    ranked = {fake_discord.world.get_user(u).name: ranking[s.seat] for u, s in seats.items()}
    assert ranked == {"eve": 1, "ben": 2, "fay": 3, "cid": 4}
    two = (await bot.store.leagues.rounds(1))[1]
    assert two.tables[0].places is not None
    by_name = dict(
        zip(names_of(fake_discord, two.tables[0].seats), two.tables[0].places, strict=True)
    )
    assert by_name == {"eve": 1, "ben": 2, "cid": 3, "fay": 4}

    # Round 3: six still play, in two pods of three; fay is not paired again. After round 2:
    # eve 6, ben 5, cid 3 (opponents 21), dot 3 (9), ann 2½, fay 1½ (withdrawn), gus 0.
    (top, first), (low, second) = await pods_of(bot, fake_discord, 3)
    assert (len(top.seats), len(low.seats)) == (3, 3)
    assert first == {"eve", "ben", "cid"} and second == {"dot", "ann", "gus"}
    await resign_in_order(fake_discord, bot, bot_runner, top.game_id, ("eve", "ben", "cid"))
    await resign_in_order(fake_discord, bot, bot_runner, low.game_id, ("dot", "gus", "ann"))
    mark = fake_discord.mark()
    assert await run_leagues(bot) == 1
    podium = await fake_discord.wait_for(lambda m: "is over. Podium" in m.content, since=mark)
    assert podium.content.endswith("Podium: 1. Ben, 2. Eve, 2. Cid")

    # By hand. Points by place, a pod of three scaled to four (3 / 1½ / 0):
    # R1 eve 3, cid 2, ann 1, gus 0 | ben 3, fay 1½, dot 0
    # R2 eve 3, ben 2, cid 1, fay 0 (forfeit) | dot 3, ann 1½, gus 0
    # R3 cid 3, ben 1½, eve 0 | ann 3, gus 1½, dot 0
    # Totals: ben 6½, eve 6, cid 6, ann 5½, dot 3, fay 1½, gus 1½.
    # Opponents' points (each opponent's total, once per table shared):
    # ben: fay 1½ + dot 3 | eve 6 + cid 6 + fay 1½ | eve 6 + cid 6 = 30
    # eve: gus 1½ + ann 5½ + cid 6 | ben 6½ + cid 6 + fay 1½ | ben 6½ + cid 6 = 39½
    # cid: eve 6 + ann 5½ + gus 1½ | eve 6 + ben 6½ + fay 1½ | eve 6 + ben 6½ = 39½
    # ann: eve 6 + cid 6 + gus 1½ | gus 1½ + dot 3 | dot 3 + gus 1½ = 22½
    # dot: ben 6½ + fay 1½ | ann 5½ + gus 1½ | ann 5½ + gus 1½ = 22
    # gus: eve 6 + ann 5½ + cid 6 | ann 5½ + dot 3 | dot 3 + ann 5½ = 34½
    # fay: ben 6½ + dot 3 | eve 6 + ben 6½ + cid 6 = 28
    # eve and cid share second (equal points and tie-break; eve is listed first, the higher
    # rated); gus is above fay at 1½ by the tie-break.
    table = await fake_discord.slash("league standings", {"league": 1}, user="ann", channel="games")
    await table.wait_message(lambda m: m.content.startswith("Standings"))
    assert standings_lines(fake_discord) == [
        "1. Ben: 6½ (30)",
        "2. Eve: 6 (39½)",
        "2. Cid: 6 (39½)",
        "4. Ann: 5½ (22½)",
        "5. Dot: 3 (22)",
        "6. Gus: 1½ (34½)",
        "7. Fay: 1½ (28), withdrawn",
    ]
