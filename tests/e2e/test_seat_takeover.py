"""A person takes over a seat the computer holds for a player who timed out or resigned."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.clock import FakeClock
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    game_message,
    hand_dms,
    hand_images_sent,
    is_live_board,
    move_by_buttons,
    mover_id,
    open_game,
    play_to_the_end,
    quick_computers,
    run_timers,
    user_name,
)

Runner = BotRunner[Any]
TAKE = "sy:ts:"
PLAYERS = ("alice", "bob", "carol")


def take_button(message: RecordedMessage) -> str | None:
    """The custom_id of the game message's Take this seat button, if it has one."""
    return next((c for c in message.custom_ids() if c.startswith(TAKE)), None)


def seats_taken(bot: Any) -> int:
    """The number (from 1) of the seat the game's one take-over was of."""
    s = bot.service.games.held(1)
    return int(next(p.seat for p in s.players if p.name == "Dave")) + 1


async def time_out_to_the_computer(
    fake: FakeDiscord, bot: Any, clock: FakeClock, host: str = "alice"
) -> tuple[str, list[str]]:
    """The first mover's daily turn runs out (the injected clock) and the others vote the seat
    to the computer; the late player and the voters, a voter who is not the host first."""
    board = await open_game(fake, "iliad_cards", host, [n for n in PLAYERS if n != host])
    late = user_name(fake, mover_id(board))
    voters = sorted((n for n in PLAYERS if n != late), key=lambda n: n == host)
    clock.advance(days=3)  # the daily pace's turn limit (data/paces.json)
    assert await run_timers(bot) == 1
    vote = fake.last("games")
    assert "time to move has run out" in vote.content
    label = "Hand the seat to the computer"
    await (await fake.click(vote, user=voters[0], label=label)).wait_answered()
    mark = fake.mark()
    two = await fake.click(fake.message(vote.id), user=voters[1], label=label)
    await two.wait_message(lambda m: m.id == vote.id and not m.buttons())
    await fake.wait_for(lambda m: is_live_board(m) and take_button(m) is not None, since=mark)
    return late, voters


async def test_a_timed_out_seat_is_taken_over_with_the_vote_and_finished_by_the_newcomer(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await bot_runner.start(factory(database), clock=clock)
    quick_computers(bot)  # the table is under test here, not the search
    late, voters = await time_out_to_the_computer(fake_discord, bot, clock)
    late_hands = hand_images_sent(fake_discord, late)
    assert hand_dms(fake_discord, "dave") == []
    board = game_message(fake_discord)
    asked = await fake_discord.click(board, user="dave", custom_id=take_button(board))
    assert "You asked to take the seat" in await ephemeral_answer(asked)
    request = await fake_discord.wait_for(lambda m: "asks to take over seat" in m.content)
    assert all(f"<@{fake_discord.user(v).id}>" in request.content for v in voters)
    assert hand_dms(fake_discord, "dave") == []  # nothing before the table decides
    one = await fake_discord.click(request, user=voters[0], label="Let them in")
    assert "1 of 2 answered" in await ephemeral_answer(one)
    moved = fake_discord.mark()
    await move_by_buttons(fake_discord, 0)  # the game goes on while the table decides
    await fake_discord.wait_for(is_live_board, since=moved)
    await bot_runner.settle()
    mark = fake_discord.mark()
    two = await fake_discord.click(
        fake_discord.message(request.id), user=voters[1], label="Let them in"
    )
    closed = await two.wait_message(lambda m: m.id == request.id and not m.buttons())
    assert "dave takes over seat" in closed.content.lower()
    dave = fake_discord.user("dave").id
    told = await fake_discord.wait_for(lambda m: f"<@{dave}> takes over seat" in m.content)
    assert late in told.content.lower()  # whose seat it was
    await fake_discord.wait_for(is_live_board, since=mark)
    await bot_runner.settle()
    assert len(hand_dms(fake_discord, "dave")) == 1
    assert take_button(game_message(fake_discord)) is None  # nothing left to take
    history = await fake_discord.slash("history", {}, user="bob", channel="games")
    assert f"took over seat {seats_taken(bot)} from" in await ephemeral_answer(history)

    final = await play_to_the_end(fake_discord, limit=4000)
    assert "is over" in final.content
    assert hand_images_sent(fake_discord, late) == late_hands  # the seat's hand never went back
    seats = {row.user_id: row for row in await bot.store.seats.of(1)}
    assert fake_discord.user(late).id not in seats
    assert not seats[dave].automatic and seats[dave].departure is None
    [holder] = await bot.store.takeovers.holders(1)
    assert (holder.user_id, holder.seat, holder.departure) == (
        fake_discord.user(late).id,
        seats[dave].seat,
        "timed out",
    )
    moves = await bot.store.moves.of(1)
    after = [m for m in moves[holder.moves :] if m.seat == seats[dave].seat]
    assert after and all(m.user_id == dave for m in after)  # the computer stood down
    guild = fake_discord.world.guild_id
    rated = {r.player for r in await bot.store.ratings.of_user(dave, guild)}
    assert rated, "the seat's rating result goes to whoever held it last"
    assert await bot.store.ratings.of_user(fake_discord.user(late).id, guild) == []
    for who in (dave, fake_discord.user(late).id):
        records, _ = await bot.service.records.stats(guild, who)
        assert [(r.game_type, r.games) for r in records] == [("iliad_cards", 1)]
    late_record, _ = await bot.service.records.stats(guild, fake_discord.user(late).id)
    assert late_record[0].wins == 0
    stats = await fake_discord.slash(
        "stats", {"player": fake_discord.user(late)}, user="alice", channel="games"
    )
    shown = await ephemeral_answer(stats)
    assert "Reliability (last 1 games): left 100% by a timeout" in shown
    figures = await bot.service.reliability.of(guild, dave)
    assert (figures.games, figures.left) == (1, 0) and set(figures.median_move_seconds) == {"daily"}


@pytest.mark.postgresql
async def test_bad_take_overs_get_a_private_answer_and_change_nothing(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    clock = FakeClock()
    bot = await bot_runner.start(factory(database), clock=clock)
    quick_computers(bot)
    late, voters = await time_out_to_the_computer(fake_discord, bot, clock, host="bob")
    await fake_discord.add_user("erin")
    await fake_discord.add_user("outsider", in_guild=False)
    seats_before = await bot.store.seats.of(1)
    board = game_message(fake_discord)
    button = take_button(board)
    seated = await fake_discord.click(board, user=voters[0], custom_id=button)
    assert "cannot take another seat" in await ephemeral_answer(seated)
    back = await fake_discord.slash("seat take", {}, user=late, channel="games")
    assert "cannot take another seat" in await ephemeral_answer(back)
    stranger = await fake_discord.slash(
        "seat take", {"player": fake_discord.user("outsider")}, user="bob", channel="games"
    )
    assert "Only a member of this server" in await ephemeral_answer(stranger)
    not_host = next(n for n in PLAYERS if n != "bob")
    named = await fake_discord.slash(
        "seat take", {"player": fake_discord.user("erin")}, user=not_host, channel="games"
    )
    assert "Only the host" in await ephemeral_answer(named)
    assert await bot.store.seats.of(1) == seats_before

    both = await asyncio.gather(
        fake_discord.click(board, user="dave", custom_id=button),
        fake_discord.click(board, user="erin", custom_id=button),
    )
    answers = sorted([await ephemeral_answer(it) for it in both])
    assert answers[0].startswith("Someone else asked for this seat")
    assert answers[1].startswith("You asked to take the seat")
    requests = [m for m in fake_discord.messages("games") if "asks to take over" in m.content]
    assert len(requests) == 1
    again = await fake_discord.click(
        fake_discord.message(requests[0].id), user=late, label="Let them in"
    )
    assert "Only the people playing" in await ephemeral_answer(again)
    assert await bot.store.seats.of(1) == seats_before
    # the host's answer alone decides; with the host gone (timed out), both others refuse
    deciders = ["bob"] if "bob" in voters else voters
    request = fake_discord.message(requests[0].id)
    for who in deciders:
        refused = await fake_discord.click(request, user=who, label="Keep the computer")
        await refused.wait_answered()
    closed = await refused.wait_message(lambda m: m.id == request.id and not m.buttons())
    assert "the table keeps the computer" in closed.content
    assert await bot.store.seats.of(1) == seats_before
    assert hand_dms(fake_discord, "dave") == [] and hand_dms(fake_discord, "erin") == []


async def test_a_computer_chosen_in_the_lobby_is_not_offered(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    quick_computers(bot)
    opened = await fake_discord.slash(
        "play",
        {"game": "iliad_cards", "where": "here", "opponents": 1, "level": "easy"},
        user="alice",
        channel="games",
    )
    await opened.wait_answered()
    board = await fake_discord.wait_for(is_live_board)
    assert take_button(board) is None
    refused = await fake_discord.slash("seat take", {}, user="dave", channel="games")
    assert "No seat of" in await ephemeral_answer(refused)
    assert all(row.user_id != fake_discord.user("dave").id for row in await bot.store.seats.of(1))
