"""Issue 15: localised command names in the synced tree; who reads which language."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.fake_discord import BotRunner, FakeDiscord
from tests.e2e.symposion import (
    ephemeral_answer,
    factory,
    game_message,
    is_live_board,
    mover_id,
    open_game,
    user_name,
)

Runner = BotRunner[Any]


def _labels(message: Any) -> list[str]:
    """The labels of a message's move buttons, or the options of its move menus."""
    buttons = [
        str(b["label"])
        for b in message.buttons()
        if str(b.get("custom_id", "")).startswith("sy:m:")
    ]
    options = [str(o["label"]) for s in message.selects() for o in s["options"]]
    return buttons + options


async def test_the_synced_commands_carry_german_french_and_italian_names(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    synced = {c["name"]: c for c in fake_discord.registered_commands()}
    assert synced["play"]["name_localizations"]["de"] == "spielen"
    assert synced["play"]["name_localizations"]["it"] == "gioca"
    assert synced["move"]["name_localizations"]["fr"] == "coup"
    assert synced["play"]["description_localizations"]["de"].startswith("Ein Spiel eröffnen")
    where = next(o for o in synced["play"]["options"] if o["name"] == "where")
    assert where["name_localizations"]["it"] == "dove"
    here = next(c for c in where["choices"] if c["value"] == "here")
    assert here["name_localizations"]["de"] == "Hier, in diesem Kanal"
    for command in synced.values():  # every command has all three, none is left English
        for language in ("de", "fr", "it"):
            assert command["name_localizations"][language], command["name"]
            assert command["description_localizations"][language], command["name"]
    assert "en-US" not in synced["play"]["name_localizations"]


async def _move_entries(fake: FakeDiscord, who: str) -> list[str]:
    entries = await fake.choices(
        "move", {"action": ""}, focused="action", user=who, channel="games"
    )
    return [str(e["name"]) for e in entries]


@pytest.mark.postgresql
async def test_move_entries_follow_the_readers_discord_language_or_their_choice(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(game_message(fake_discord, "games")))
    english = await _move_entries(fake_discord, mover)
    assert english and all(e.startswith("place ") for e in english)
    fake_discord.user(mover).locale = "de"
    german = await _move_entries(fake_discord, mover)
    assert german and all(e.endswith(" legen") for e in german) and len(german) == len(english)
    chose = await fake_discord.slash("language", {"language": "it"}, user=mover, channel="games")
    assert await ephemeral_answer(chose) == "D'ora in poi ti scriverò in italiano."
    italian = await _move_entries(fake_discord, mover)  # the choice beats Discord's locale
    assert all(e.startswith("piazzare ") for e in italian)
    back = await fake_discord.slash("language", {"language": "auto"}, user=mover, channel="games")
    assert await ephemeral_answer(back) == "Ich schreibe dir in der Sprache deines Discord."


async def test_only_an_admin_sets_the_servers_language_and_pt_br_falls_back_to_english(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    fake_discord.user("carol").locale = "pt-BR"
    refused = await fake_discord.slash(
        "language", {"language": "de", "scope": "server"}, user="carol", channel="general"
    )
    assert await ephemeral_answer(refused) == (
        "Only someone who can manage this server sets its language."
    )
    done = await fake_discord.slash(
        "language", {"language": "fr", "scope": "server"}, user="owner", channel="general"
    )
    assert await ephemeral_answer(done) == "Public messages in this server are now in Français."


def test_the_fake_refuses_a_localised_name_discord_would_refuse() -> None:
    from tests.e2e.fake_discord.command_rules import check_command
    from tests.e2e.fake_discord.errors import FakeHTTPError

    command: dict[str, Any] = {"type": 1, "name": "play", "description": "Open a game"}
    check_command({**command, "name_localizations": {"de": "spielen"}})
    for bad in ("Spielen", "zwei wörter", ""):
        try:
            check_command({**command, "name_localizations": {"de": bad}})
        except FakeHTTPError:
            continue
        raise AssertionError(f"{bad!r} was accepted")


@pytest.mark.postgresql
async def test_the_board_speaks_the_servers_language_and_the_hand_the_readers(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    fake_discord.world.guild_locale = "de"  # the server's preferred locale, sent at connect
    await bot_runner.start(factory(database))
    board = await open_game(fake_discord, "iliad", "alice", ["bob"])
    assert "ist am Zug: lege ein Plättchen aus deiner Hand." in board.content
    assert (
        "Zuletzt: Hector fängt an." in board.content
        or "Zuletzt: Achilles fängt an." in board.content
    )
    assert "to move" not in board.content
    lobby = fake_discord.messages(channel="games")[0]  # the first post: the lobby
    assert "**Ilias** für 2 Spieler, Tempo täglich: gestartet mit" in lobby.content
    assert "Dein Zug" in str(board.buttons()) and "Meine Hand" in str(board.buttons())
    found = re.search(r"<@(\d+)> \(\w+\) ist am Zug", board.content)
    assert found is not None
    mover = user_name(fake_discord, int(found[1]))
    fake_discord.user(mover).locale = "fr"  # a French player in a German server
    opened = await fake_discord.click(board, user=mover, label="Dein Zug")
    private = await opened.wait_message(lambda m: m.ephemeral)
    assert private.content.startswith("Tes choix")
    labels = _labels(private)
    assert labels and all(label.startswith("poser ") for label in labels)
    fake_discord.user("bob").locale = "it"
    asked = await fake_discord.slash("hand", {}, user="bob", channel="games")
    caption = await asked.wait_message(lambda m: m.ephemeral and bool(m.attachments))
    assert caption.content.startswith("La tua mano in **Iliade**")  # the Italian edition's name
    done = await fake_discord.slash(
        "language", {"language": "fr", "scope": "server"}, user="owner", channel="games"
    )
    assert "Français" in await ephemeral_answer(done)  # the owner reads German: Discord's
    mark = fake_discord.mark()
    again = await fake_discord.slash("board", {}, user="carol", channel="games")
    await ephemeral_answer(again)
    reposted = await fake_discord.wait_for(
        lambda m: m.id != board.id and "jouer" in m.content, since=mark
    )
    assert "de jouer : pose une tuile de ta main." in reposted.content


async def test_a_german_player_types_a_move_in_german_and_reads_refusals_in_german(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    await open_game(fake_discord, "iliad", "alice", ["bob"])
    mover = user_name(fake_discord, mover_id(game_message(fake_discord, "games")))
    fake_discord.user(mover).locale = "de"
    wrong = await fake_discord.slash("move", {"action": "quatsch"}, user=mover, channel="games")
    assert await ephemeral_answer(wrong) == (
        "„quatsch“ ist kein Zug, den du jetzt machen kannst: wähle einen aus der Liste."
    )
    other = "bob" if mover == "alice" else "alice"
    fake_discord.user(other).locale = "de"
    early = await fake_discord.slash("move", {"action": "x"}, user=other, channel="games")
    assert await ephemeral_answer(early) == f"Du bist nicht am Zug: {mover.title()} ist dran."
    german = (await _move_entries(fake_discord, mover))[0]
    mark = fake_discord.mark()
    typed = await fake_discord.slash("move", {"action": german}, user=mover, channel="games")
    await typed.wait_answered()
    board = await fake_discord.wait_for(is_live_board, since=mark)
    assert " places " in board.content  # the server is English: the log line is too


async def test_rules_in_the_readers_language(
    fake_discord: FakeDiscord, bot_runner: Runner, database: str | Path
) -> None:
    await bot_runner.start(factory(database))
    fake_discord.user("carol").locale = "it"
    asked = await fake_discord.slash("rules", {"game": "iliad"}, user="carol", channel="general")
    text = await ephemeral_answer(asked)
    assert "Regole della casa (data/iliad.json)" in text and "House rules" not in text
