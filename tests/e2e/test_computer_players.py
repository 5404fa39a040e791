"""Computer players through the real client and the fake Discord: whole games against them,
the lobby's add and remove, /hint, and /rules, /games and /mygames while the computer thinks."""

from __future__ import annotations

import re
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from bot.ai import Decision
from bot.engine import all_games
from bot.service.thinking import Thinker
from tests.e2e.fake_discord import BotRunner, FakeDiscord, RecordedMessage
from tests.e2e.searching import small_search
from tests.e2e.symposion import (
    COMPUTER_TURNS,
    ephemeral_answer,
    factory,
    game_message,
    is_board,
    is_live_board,
    move_by_buttons,
    persons_turn,
    play_alone,
    quick_computers,
    random_decide,
    stub_drawing,
)

Runner = BotRunner[Any]
GAME_IDS = [game.spec.id for game in all_games()]
OPPONENTS = {game.spec.id: min(2, game.spec.max_players - 1) for game in all_games()}
# The whole game whose computers really search in the bot's process pool (the fastest to play),
# on the search's smallest budget (tests/e2e/searching.py): the table is under test here.
SEARCHED = "iliad_cards"


# Every game on sqlite; on PostgreSQL one, where a computer seat's rating is stored (the rest of
# the store's PostgreSQL paths are passed by the tests marked `postgresql`: tests/e2e/conftest.py).
ON_POSTGRESQL = "iliad"


@pytest.mark.parametrize(
    ("database", "game_id"),
    [*(("sqlite", game_id) for game_id in GAME_IDS), ("postgresql", ON_POSTGRESQL)],
    indirect=["database"],
)
async def test_one_person_plays_a_whole_game_against_the_computer(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
    game_id: str,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    if game_id != SEARCHED:
        quick_computers(bot)  # one game type plays the real search in the bot's process pool
    else:
        bot.service.computers.thinker = Thinker(
            bot.computer_pool, bot.computer_timeout, decider=small_search
        )
    mark = fake_discord.mark()
    opened = await fake_discord.slash(
        "play",
        {"game": game_id, "opponents": OPPONENTS[game_id], "level": "easy", "where": "here"},
        user="alice",
        channel="games",
    )
    await opened.wait_answered()
    final = await play_alone(fake_discord, "alice", mark)
    assert "is over" in final.content
    await bot_runner.settle()
    seats = await bot.store.seats.of(1)
    computers = [row for row in seats if row.level is not None]
    assert [row.level for row in computers] == ["easy"] * OPPONENTS[game_id]
    assert all(row.user_id < 0 and row.display_name == "Computer (easy)" for row in computers)
    moves = await bot.store.moves.of(1)
    for row in computers:  # each computer moved by itself, never a person for it
        assert any(m.seat == row.seat for m in moves)
        assert all(m.user_id is None for m in moves if m.seat == row.seat)
    lobby = next(m for m in fake_discord.messages(channel="games") if "started with" in m.content)
    assert lobby.content.count("Computer (easy)") == OPPONENTS[game_id]
    assert "<@-" not in lobby.content
    everything = [state for m in fake_discord.messages() for state in fake_discord.history(m.id)]
    assert all("<@-" not in state.content for state in everything)  # never pinged
    assert {m.dm_user_id for m in fake_discord.messages() if m.is_dm} <= {
        fake_discord.user("alice").id
    }
    the_end_is_announced_to_people_only(fake_discord, final, {row.user_id for row in computers})


def the_end_is_announced_to_people_only(
    fake: FakeDiscord, final: RecordedMessage, computers: set[int]
) -> None:
    """The game-over note went out with its link to the final board, and no request the bot
    sent pinged, messaged, fetched or added a computer seat (its id is no Discord user)."""
    link = f"https://discord.com/channels/{fake.guild_id}/{final.channel_id}/{final.id}"
    notes = [m for m in fake.messages(channel="games") if link in m.content]
    assert len(notes) == 1 and "is over" in notes[0].content, [m.content for m in notes]
    assert not notes[0].attachments and not notes[0].components
    ids = {str(user) for user in computers}
    for request in fake.requests:
        body = request.body if isinstance(request.body, dict) else {}
        assert not computers & set(request.mentioned_users()), request
        assert not ids & set(request.path.split("/")), request
        assert str(body.get("recipient_id")) not in ids, request
        assert not any(f"<@{user}>" in str(body.get("content")) for user in ids), request


async def test_the_host_adds_and_removes_computer_players_in_the_lobby(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    quick_computers(bot)  # about the lobby: the seat's level is stored, its moves are quick
    opened = await fake_discord.slash(
        "play", {"game": "atlandice", "where": "here"}, user="alice", channel="games"
    )
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    menu = next(s for s in lobby.selects() if s["custom_id"].startswith("sy:ca:"))
    assert [o["value"] for o in menu["options"]] == ["easy", "normal", "hard"]
    refused = await fake_discord.select(
        fake_discord.message(lobby.id), ["hard"], user="bob", custom_id=menu["custom_id"]
    )
    assert "Only the host" in await ephemeral_answer(refused)
    for level in ("hard", "normal"):
        added = await fake_discord.select(
            fake_discord.message(lobby.id), [level], user="alice", custom_id=menu["custom_id"]
        )
        await added.wait_answered()
    shown = fake_discord.message(lobby.id).content
    assert "Computer (hard)" in shown and "Computer (normal)" in shown and "3/" in shown
    removed = await fake_discord.click(
        fake_discord.message(lobby.id), user="alice", label="Remove computer"
    )
    await removed.wait_answered()
    shown = fake_discord.message(lobby.id).content
    assert "Computer (hard)" in shown and "Computer (normal)" not in shown
    mark = fake_discord.mark()
    started = await fake_discord.click(fake_discord.message(lobby.id), user="alice", label="Start")
    await started.wait_answered()
    await fake_discord.wait_for(
        persons_turn(fake_discord, "alice"), since=mark, timeout=COMPUTER_TURNS
    )
    levels = {row.level for row in await bot.store.seats.of(1)}
    assert levels == {None, "hard"}


async def _game_against_computer(
    fake: FakeDiscord, options: str | None = None, user: str = "alice"
) -> None:
    mark = fake.mark()
    given: dict[str, object] = {"game": "atlandice", "opponents": 1, "where": "here"}
    opened = await fake.slash(
        "play", given | ({"options": options} if options else {}), user=user, channel="games"
    )
    await opened.wait_answered()
    await fake.wait_for(persons_turn(fake, user), since=mark, timeout=COMPUTER_TURNS)


async def test_hint_for_ones_own_decision_only(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    await _game_against_computer(fake_discord)
    info = bot.service.places.game_at(fake_discord.channel("games").id)
    assert info is not None
    asked = await fake_discord.slash("hint", {}, user="alice", channel="games")
    answer = await ephemeral_answer(asked, timeout=COMPUTER_TURNS)  # a real normal search
    assert "The computer would play" in answer
    assert re.search(r"chance to win: about \d+%", answer), answer
    choices = {
        c.text
        for c in await bot.service.moves.my_choices(
            info.game_id, fake_discord.user("alice").id, info.version
        )
    }
    assert any(f"**{text}**" in answer for text in choices)
    top = re.findall(
        r"^(\d)\. \*\*(.+?)\*\*: about \d+% chance to win; the search looked at it in (\d+)"
        r" of its (\d+) tries \(\d+%\)$",
        answer,
        re.MULTILINE,
    )
    assert "Its top choices:" in answer and 1 <= len(top) <= 3, answer
    assert [rank for rank, *_ in top] == [str(n) for n in range(1, len(top) + 1)]
    assert all(move in choices for _, move, _, _ in top)  # the seat's own options only
    looked = [int(visits) for _, _, visits, _ in top]
    assert looked == sorted(looked, reverse=True) and sum(looked) <= int(top[0][3])
    outsider = await fake_discord.slash("hint", {}, user="bob", channel="games")
    assert "not playing" in await ephemeral_answer(outsider)
    assert bot.service.places.game_at(fake_discord.channel("games").id).version == info.version


async def test_no_hint_when_it_is_not_your_turn(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    opened = await fake_discord.slash(
        "play", {"game": "atlandice", "where": "here"}, user="alice", channel="games"
    )
    lobby = await opened.wait_message(lambda m: "Join" in str(m.buttons()))
    await (
        await fake_discord.click(fake_discord.message(lobby.id), user="bob", label="Join")
    ).wait_answered()
    await (
        await fake_discord.click(fake_discord.message(lobby.id), user="alice", label="Start")
    ).wait_answered()
    await fake_discord.wait_for(is_live_board, since=None)
    board = game_message(fake_discord)
    waiting = (
        "bob"
        if f"<@{fake_discord.user('alice').id}> (" in board.content.split("to move")[0]
        else "alice"
    )
    asked = await fake_discord.slash("hint", {}, user=waiting, channel="games")
    assert "not your turn" in await ephemeral_answer(asked)


async def test_hints_off_refuses_every_hint(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    await bot_runner.start(factory(database))
    await _game_against_computer(fake_discord, options="hints=off")
    lobby = next(m for m in fake_discord.messages(channel="games") if "started with" in m.content)
    assert "hints off" in lobby.content
    asked = await fake_discord.slash("hint", {}, user="alice", channel="games")
    assert "hints off" in await ephemeral_answer(asked)


async def test_rules_and_game_lists_are_answered_while_the_computer_thinks(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    stub_drawing(monkeypatch)
    bot = await bot_runner.start(factory(database))
    thinking, go_on = threading.Event(), threading.Event()

    def slow(*args: Any) -> Decision:
        thinking.set()
        assert go_on.wait(30), "the test never let the computer finish"
        return random_decide(*args)  # the wait is what matters here, not the search

    pool = ThreadPoolExecutor(1)
    bot.service.computers.thinker = Thinker(pool, timeout=60, decider=slow)
    try:
        mark = fake_discord.mark()
        opened = await fake_discord.slash(
            "play",
            {"game": "iliad_cards", "opponents": 1, "where": "here"},
            user="alice",
            channel="games",
        )
        await opened.wait_answered()
        board = await fake_discord.wait_for(is_board, since=mark)  # a computer's: no move buttons
        if not persons_turn(fake_discord, "alice")(board):
            pass  # the computer goes first: it is thinking now
        else:
            await move_by_buttons(fake_discord, 0)
        await bot.loop.run_in_executor(None, thinking.wait, 30)
        assert thinking.is_set()
        version = bot.service.places.game_at(fake_discord.channel("games").id).version
        rules = await fake_discord.slash("rules", {"game": "iliad"}, user="bob", channel="general")
        assert "Iliad" in await ephemeral_answer(rules)
        listed = await fake_discord.slash("games", {}, user="bob", channel="general")
        mine = await fake_discord.slash("mygames", {}, user="alice", channel="general")
        for answer in (await ephemeral_answer(listed), await ephemeral_answer(mine)):
            assert "Computer (normal)" in answer, answer  # the computer to move, by its name
            assert "<@-" not in answer  # its id is no Discord user: never a mention
        assert bot.service.places.game_at(fake_discord.channel("games").id).version == version
        mark = fake_discord.mark()
        go_on.set()
        await fake_discord.wait_for(
            persons_turn(fake_discord, "alice"), since=mark, timeout=COMPUTER_TURNS
        )
    finally:
        go_on.set()
        pool.shutdown(wait=True)
