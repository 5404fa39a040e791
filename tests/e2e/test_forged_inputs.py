"""Oversized and forged inputs: each gets a clear private answer within Discord's limits.

Every interaction here must be answered in time (the fake fails the test otherwise), and no
answer may be the "something went wrong" of a bug.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord, InjectedInteraction
from tests.e2e.symposion import ephemeral_answer, factory, game_message, open_game

Runner = BotRunner[Any]
BUTTON, SELECT = 2, 3
BUG = "Something went wrong"


async def refusal(it: InjectedInteraction) -> str:
    """The private answer, checked to be a refusal a player can read, not a bug report."""
    text = await ephemeral_answer(it)
    assert BUG not in text, text
    assert 0 < len(text) <= 2000
    return text


async def post_as_bot(fake: FakeDiscord, components: list[dict[str, Any]]) -> int:
    """A message in #games carrying these components, as an older or broken bot might post."""
    rows = [{"type": 1, "components": [c]} for c in components]
    status, body = await fake.api(
        "POST",
        f"/channels/{fake.channel('games').id}/messages",
        {"content": "an old board", "components": rows},
    )
    assert status == 200, body
    return int(body["id"])


def button(custom_id: str) -> dict[str, Any]:
    """A plain button component."""
    return {"type": BUTTON, "style": 1, "label": "Press", "custom_id": custom_id}


def select(custom_id: str) -> dict[str, Any]:
    """A one-option select menu component."""
    return {"type": SELECT, "custom_id": custom_id, "options": [{"label": "x", "value": "x"}]}


async def test_play_with_two_thousand_characters_of_options_gets_a_short_refusal(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    for options in ("x" * 2000, "burial=" + "y" * 1993, "a=b " * 500):
        it = await fake_discord.slash(
            "play", {"game": "ilium", "options": options}, user="alice", channel="games"
        )
        text = await refusal(it)
        assert len(text) <= 300
    typed = await fake_discord.choices(
        "play",
        {"game": "ilium", "options": "z" * 2000},
        focused="options",
        user="alice",
        channel="games",
    )
    assert typed == []
    assert bot.service.places.game_at(fake_discord.channel("games").id) is None


@pytest.mark.parametrize(
    "custom_id",
    [
        f"sy:m:{2**63}:1:x",
        f"sy:m:{10**40}:1:x",
        f"sy:s:{2**64}:0:0",
        f"sy:t:{2**63}:0",
        f"sy:h:{2**63}",
        f"sy:l:{2**63}:join",
        f"sy:r:{2**70}",
        "sy:m:-1:1:x",
        "sy:h:-5",
        "sy:q:1",
        "some-older-bot:1",
    ],
)
async def test_a_custom_id_out_of_range_or_unknown_is_refused(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path, custom_id: str
) -> None:
    await bot_runner.start(factory(database))
    component = select(custom_id) if custom_id.startswith("sy:s:") else button(custom_id)
    message = await post_as_bot(fake_discord, [component])
    if component["type"] == SELECT:
        it = await fake_discord.select(
            message, ["x"], user="bob", custom_id=custom_id, check_handler=False
        )
    else:
        it = await fake_discord.click(message, user="bob", custom_id=custom_id, check_handler=False)
    assert "no longer works" in await refusal(it)


async def test_a_huge_version_on_a_real_game_is_refused(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    info = bot.service.places.game_at(fake_discord.channel("games").id)
    version = info.version
    for custom_id in (f"sy:m:{info.game_id}:{2**64}:x", f"sy:t:{info.game_id}:{10**50}"):
        message = await post_as_bot(fake_discord, [button(custom_id)])
        it = await fake_discord.click(message, user="alice", custom_id=custom_id)
        await refusal(it)
    assert bot.service.places.game_at(fake_discord.channel("games").id).version == version


async def test_a_button_press_on_a_select_menu_and_the_reverse_are_refused(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    info = bot.service.places.game_at(fake_discord.channel("games").id)
    board = game_message(fake_discord)
    pick, move, hand = (
        f"sy:s:{info.game_id}:{info.version}:0",
        f"sy:m:{info.game_id}:{info.version}:x",
        f"sy:h:{info.game_id}",
    )
    menu = await post_as_bot(fake_discord, [select(pick)])
    pressed = await fake_discord.forge_component(menu, pick, BUTTON, user="alice")
    assert "no longer works" in await refusal(pressed)
    picked = await fake_discord.forge_component(board, hand, SELECT, user="alice", values=["x"])
    assert "no longer works" in await refusal(picked)
    # The message itself carries the wrong kind: a button with a menu's id, a menu with a move's.
    mixed = await post_as_bot(fake_discord, [button(pick), select(move)])
    on_button = await fake_discord.click(mixed, user="alice", custom_id=pick)
    assert "no longer works" in await refusal(on_button)
    on_menu = await fake_discord.select(mixed, ["x"], user="alice", custom_id=move)
    assert "no longer works" in await refusal(on_menu)
    assert bot.service.places.game_at(fake_discord.channel("games").id).version == info.version


async def test_a_game_that_is_not_one_of_the_choices_is_refused(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    for command in ("play", "rules"):
        it = await fake_discord.slash(
            command, {"game": "chess" * 100}, user="alice", channel="games", forged=True
        )
        text = await refusal(it)
        assert "not one of the choices" in text and "chess" not in text
    assert bot.service.places.game_at(fake_discord.channel("games").id) is None


GUILD_ONLY = [
    ("play", {"game": "iliad"}),
    ("move", {"action": "p5c3"}),
    ("board", {}),
    ("resign", {}),
    ("abandon", {}),
    ("hand", {}),
    ("games", {}),
    ("history", {}),
]


async def test_guild_commands_are_not_offered_in_dms_and_refused_when_sent_anyway(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    bot = await bot_runner.start(factory(database))
    dm = fake_discord.dm_channel("alice")
    rules = await fake_discord.slash("rules", {"game": "ilium"}, user="alice", channel=dm)
    assert "Ilium" in await refusal(rules)
    for name, options in GUILD_ONLY:
        with pytest.raises(PermissionError):
            await fake_discord.slash(name, options, user="alice", channel=dm)
        it = await fake_discord.slash(name, options, user="alice", channel=dm, forged=True)
        assert "only in a server" in await refusal(it)
    suggestions = await fake_discord.autocomplete(
        "move", {"action": ""}, focused="action", user="alice", channel=dm, forged=True
    )
    assert await suggestions.wait_choices() == []
    assert bot.service.places.game_at(dm.id) is None


@pytest.mark.expected_errors(r"unexpected error while handling an interaction")
async def test_a_reply_discord_refuses_still_gets_an_answer(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import cogs.ui.opening

    async def too_long(table: object, info: object, language: str = "en") -> str:
        return "x" * 2001

    await bot_runner.start(factory(database))
    monkeypatch.setattr(cogs.ui.opening, "lobby_words", too_long)
    fake_discord.expect_rejection(50035)
    it = await fake_discord.slash(
        "play", {"game": "ilium", "where": "here"}, user="alice", channel="games"
    )
    assert "game is safe" in await ephemeral_answer(it)


@pytest.mark.expected_errors(r"unexpected error while suggesting")
async def test_autocomplete_that_fails_still_answers(
    fake_discord: FakeDiscord,
    bot_runner: Runner,
    database: str | Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    bot = await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])

    async def broken(game_id: int, user_id: int) -> list[object]:
        raise RuntimeError("the service broke")

    monkeypatch.setattr(bot.service.moves, "entries", broken)
    entries = await fake_discord.choices(
        "move", {"action": ""}, focused="action", user="alice", channel="games"
    )
    assert entries == []
