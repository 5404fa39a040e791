"""The strict fake refuses what Discord refuses: one planted request per limit, sent as a bot
would (aiohttp, or discord.py's own HTTP client), answered 400 / 50035 naming the field."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Mapping, Sequence
from typing import Any

import aiohttp
import discord
import pytest

from tests.e2e.fake_discord import FakeDiscord, InjectedInteraction, serving
from tests.e2e.fake_discord.command_rules import command_length
from tests.e2e.fake_discord.inject import APPLICATION_COMMAND, AUTOCOMPLETE, MESSAGE_COMPONENT
from tests.e2e.fake_discord.rest import API

MIB = 1024 * 1024


async def send(
    fake: FakeDiscord,
    method: str,
    path: str,
    body: object = None,
    *,
    files: Sequence[bytes] | None = None,
    query: Mapping[str, str] | None = None,
) -> tuple[int, Any]:
    """A request as a bot sends it: a JSON body, or `payload_json` and `files[N]` parts."""
    headers = {"Authorization": f"Bot {fake.token}"}
    data: aiohttp.FormData | None = None
    if files is not None:
        data = aiohttp.FormData()
        data.add_field("payload_json", json.dumps(body), content_type="application/json")
        for i, content in enumerate(files):
            data.add_field(f"files[{i}]", content, filename=f"board{i}.png")
    async with (
        aiohttp.ClientSession() as session,
        session.request(
            method,
            fake.base_url + API + path,
            json=body if files is None else None,
            data=data,
            params=query,
            headers=headers,
        ) as reply,
    ):
        answer = await reply.json() if reply.content_type == "application/json" else None
        return reply.status, answer


def refused_at(status: int, answer: Any, *where: str | int) -> list[dict[str, str]]:
    """The errors Discord's 'Invalid Form Body' names at one field (its shape checked)."""
    assert status == 400, answer
    assert (answer["code"], answer["message"]) == (50035, "Invalid Form Body")
    node = answer["errors"]
    for key in where:
        assert str(key) in node, f"{key!r} not in {node}"
        node = node[str(key)]
    errors: list[dict[str, str]] = node["_errors"]
    assert errors and all(set(e) == {"code", "message"} for e in errors)
    return errors


def planted(fake: FakeDiscord, kind: int, size_limit: int = 10 * MIB) -> InjectedInteraction:
    """An interaction the fake knows as dispatched just now (no bot needed to answer it)."""
    it = InjectedInteraction(
        id=fake.ids.next(),
        token=f"tok-planted-{fake.ids.next()}",
        type=kind,
        user=fake.user("alice"),
        channel=fake.channel("games"),
        payload={"attachment_size_limit": size_limit},
        name="planted",
        message=None,
        desk=fake.desk,
        dispatched_at=fake.desk.now(),
    )
    fake.desk.add(it)
    return it


def messages_path(fake: FakeDiscord) -> str:
    """Where a bot posts in #games."""
    return f"/channels/{fake.channel('games').id}/messages"


def commands_path(fake: FakeDiscord) -> str:
    """Where a bot overwrites its global commands."""
    return f"/applications/{fake.bot_user.id}/commands"


def command(**extra: Any) -> dict[str, Any]:
    """A slash command Discord accepts, with `extra` fields."""
    return {"type": 1, "name": "play", "description": "Open a game", **extra}


def string_option(**extra: Any) -> dict[str, Any]:
    """A string option Discord accepts, with `extra` fields."""
    return {"type": 3, "name": "game", "description": "Which game", **extra}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    """An action row."""
    return {"type": 1, "components": list(components)}


def button(custom_id: str) -> dict[str, Any]:
    """A plain button."""
    return {"type": 2, "style": 1, "label": "Go", "custom_id": custom_id}


async def test_the_fixture_turns_the_strict_gate_on(fake_discord: FakeDiscord) -> None:
    assert fake_discord.gate.enabled
    async with serving(strict=False) as lenient:
        body = {"content": "x", "allowed_mentions": {"users": [-2]}}
        assert (await send(lenient, "POST", messages_path(lenient), body))[0] == 200


async def test_a_snowflake_is_never_negative(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035, count=2)
    channel = fake_discord.channel("games").id
    http = discord.http.HTTPClient(asyncio.get_running_loop())
    await http.static_login(fake_discord.token)
    try:
        pings = discord.AllowedMentions(users=[discord.Object(-2)])  # a computer seat's id
        params = discord.http.handle_message_parameters(content="Over", allowed_mentions=pings)
        with pytest.raises(discord.HTTPException) as refused:
            await http.send_message(channel, params=params)
    finally:
        await http.close()
    assert (refused.value.status, refused.value.code) == (400, 50035)
    assert 'In allowed_mentions.users.0: Value "-2" is not snowflake.' in refused.value.text
    assert fake_discord.requests[-1].mentioned_users() == [-2]
    member = f"/guilds/{fake_discord.guild_id}/members/-3"  # a member fetch for a computer seat
    [error] = refused_at(*await send(fake_discord, "GET", member), "user_id")
    assert error["code"] == "NUMBER_TYPE_COERCE"
    alice, bob = fake_discord.user("alice").id, fake_discord.user("bob").id
    as_discord_takes_them = {"content": "x", "allowed_mentions": {"users": [alice, str(bob)]}}
    status, _ = await send(fake_discord, "POST", messages_path(fake_discord), as_discord_takes_them)
    assert status == 200
    assert fake_discord.last("games").content == "x"


async def test_content_is_at_most_2000_characters(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035)
    path = messages_path(fake_discord)
    refused_at(*await send(fake_discord, "POST", path, {"content": "x" * 2001}), "content")
    assert (await send(fake_discord, "POST", path, {"content": "x" * 2000}))[0] == 200


async def test_at_most_five_action_rows_of_five_buttons_or_one_select(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.expect_rejection(50035, count=2)
    path = messages_path(fake_discord)
    six_rows = [row(button(f"b{i}")) for i in range(6)]
    refused_at(*await send(fake_discord, "POST", path, {"components": six_rows}), "components")
    select = {"type": 3, "custom_id": "s", "options": [{"label": "a", "value": "a"}]}
    crowded = [row(select, button("b"))]
    refused_at(*await send(fake_discord, "POST", path, {"components": crowded}), "components", 0)
    five = [row(*(button(f"b{i}-{j}") for j in range(5))) for i in range(5)]
    assert (await send(fake_discord, "POST", path, {"components": five}))[0] == 200


@pytest.mark.parametrize(
    ("bad", "where"),
    [
        (command(name="Play"), (0, "name")),
        (command(name="two words"), (0, "name")),
        (command(name_localizations={"de": "Spielen"}), (0, "name_localizations", "de")),
        (command(name_localizations={"xx": "spielen"}), (0, "name_localizations")),
        (
            command(options=[string_option(name_localizations={"fr": "Jeu"})]),
            (0, "options", 0, "name_localizations", "fr"),
        ),
        (command(description="d" * 101), (0, "description")),
        (command(description=""), (0, "description")),
    ],
)
async def test_command_names_match_discords_pattern_in_lower_case(
    fake_discord: FakeDiscord, bad: dict[str, Any], where: tuple[str | int, ...]
) -> None:
    fake_discord.expect_rejection(50035)
    refused_at(*await send(fake_discord, "PUT", commands_path(fake_discord), [bad]), *where)
    assert fake_discord.registered_commands() == []


async def test_names_in_every_script_discord_allows_are_accepted(
    fake_discord: FakeDiscord,
) -> None:
    names = {"de": "spielen", "hi": "खेलें", "th": "เล่น", "ru": "играть", "el": "παίξε"}
    body = [command(name_localizations=names, options=[string_option(name="jeu-du_1")])]
    status, answer = await send(fake_discord, "PUT", commands_path(fake_discord), body)
    assert status == 200, answer
    assert fake_discord.registered_commands()[0]["name_localizations"] == names


async def test_a_choice_is_at_most_100_characters(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035, count=4)
    path = commands_path(fake_discord)
    for field in ("name", "value"):
        long = {"name": "n", "value": "v", field: "x" * 101}
        body = [command(options=[string_option(choices=[long])])]
        refused_at(
            *await send(fake_discord, "PUT", path, body), 0, "options", 0, "choices", 0, field
        )
    for field in ("name", "value"):  # an autocomplete answer's choices too
        it = planted(fake_discord, AUTOCOMPLETE)
        choice = {"name": "n", "value": "v", field: "x" * 101}
        callback = f"/interactions/{it.id}/{it.token}/callback"
        answer = {"type": 8, "data": {"choices": [choice]}}
        refused_at(*await send(fake_discord, "POST", callback, answer), "data", "choices", 0, field)
        it.expect_unanswered()
    fits = [command(options=[string_option(choices=[{"name": "n" * 100, "value": "v" * 100}])])]
    assert (await send(fake_discord, "PUT", path, fits))[0] == 200


async def test_custom_ids_are_unique_within_a_message(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035)
    twice = {"components": [row(button("go")), row(button("go"))]}
    where = ("components", 1, "components", 0, "custom_id")
    refused_at(*await send(fake_discord, "POST", messages_path(fake_discord), twice), *where)


async def test_option_values_are_unique_within_a_select(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035)
    options = [{"label": "Apple", "value": "fruit"}, {"label": "Pear", "value": "fruit"}]
    body = {"components": [row({"type": 3, "custom_id": "pick", "options": options})]}
    where = ("components", 0, "components", 0, "options", 1, "value")
    refused_at(*await send(fake_discord, "POST", messages_path(fake_discord), body), *where)


def long_command(german: bool) -> dict[str, Any]:
    """A command of about 3,600 characters in English; its German choice names add 800."""
    choices = [
        {
            "name": f"c{i:02d}" + "n" * 36,
            "value": f"v{i:02d}" + "v" * 36,
            "name_localizations": {"de": f"w{i:02d}" + "w" * 56} if german else {},
        }
        for i in range(10)
    ]
    options = [string_option(name=f"o{k}", description="d" * 90, choices=choices) for k in range(4)]
    return command(description="e" * 100, options=options)


async def test_a_command_holds_at_most_4000_characters_in_its_longest_language(
    fake_discord: FakeDiscord,
) -> None:
    english, german = long_command(german=False), long_command(german=True)
    assert command_length(english) < 4000 < command_length(german)
    fake_discord.expect_rejection(50035)
    path = commands_path(fake_discord)
    refused_at(*await send(fake_discord, "PUT", path, [german]), 0)
    assert (await send(fake_discord, "PUT", path, [english]))[0] == 200


async def test_embeds_hold_at_most_6000_characters_in_all(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035)
    path = messages_path(fake_discord)
    over = {"embeds": [{"title": "t", "description": "d" * 3000}] * 2}  # 6,002
    refused_at(*await send(fake_discord, "POST", path, over), "embeds")
    fits = {"embeds": [{"title": "t", "description": "d" * 2999}] * 2}
    assert (await send(fake_discord, "POST", path, fits))[0] == 200


async def test_an_attachment_is_at_most_the_size_limit(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035, count=2)
    body = {"content": "board", "attachments": [{"id": 0, "filename": "board.png"}]}
    path = messages_path(fake_discord)
    [error] = refused_at(
        *await send(fake_discord, "POST", path, body, files=[bytes(10 * MIB + 1)]), "files[0]"
    )
    assert error["code"] == "BINARY_TYPE_MAX_SIZE"
    it = planted(fake_discord, MESSAGE_COMPONENT, size_limit=1000)  # the interaction's own limit
    callback = f"/interactions/{it.id}/{it.token}/callback"
    answer = {"type": 4, "data": body}
    refused_at(*await send(fake_discord, "POST", callback, answer, files=[bytes(1001)]), "files[0]")
    status, _ = await send(fake_discord, "POST", callback, answer, files=[bytes(1000)])
    assert status == 204
    assert [a.filename for a in fake_discord.last("games").attachments] == ["board.png"]


async def test_followups_only_within_the_15_minute_token_life(fake_discord: FakeDiscord) -> None:
    it = planted(fake_discord, APPLICATION_COMMAND)
    callback = f"/interactions/{it.id}/{it.token}/callback"
    assert (await send(fake_discord, "POST", callback, {"type": 5}))[0] == 204  # thinking…
    webhook = f"/webhooks/{fake_discord.bot_user.id}/{it.token}"
    fake_discord.advance_clock(15 * 60 - 1)
    assert (await send(fake_discord, "POST", webhook, {"content": "in time"}))[0] == 204
    fake_discord.advance_clock(2)  # the token is 15 minutes and a second old
    fake_discord.expect_rejection(50027, count=2)
    for method, path in (("POST", webhook), ("PATCH", f"{webhook}/messages/@original")):
        status, answer = await send(fake_discord, method, path, {"content": "too late"})
        assert status == 401 and answer["code"] == 50027, answer
    assert [m.content for m in fake_discord.messages("games")] == ["in time"]


async def test_query_parameters_follow_the_description(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(50035, count=3)
    path = messages_path(fake_discord)
    refused_at(*await send(fake_discord, "GET", path, query={"limit": "101"}), "limit")
    refused_at(*await send(fake_discord, "GET", path, query={"before": "-1"}), "before")
    assert (await send(fake_discord, "GET", path, query={"limit": "100"}))[0] == 200
    it = planted(fake_discord, MESSAGE_COMPONENT)
    callback = f"/interactions/{it.id}/{it.token}/callback"
    deferred = {"type": 6}
    refused_at(
        *await send(fake_discord, "POST", callback, deferred, query={"with_response": "maybe"}),
        "with_response",
    )
    status, answer = await send(
        fake_discord, "POST", callback, deferred, query={"with_response": "1"}
    )
    assert status == 200 and answer["interaction"]["id"] == str(it.id)  # 1/0 are booleans too


async def test_a_multipart_payload_json_is_checked_like_a_json_body(
    fake_discord: FakeDiscord,
) -> None:
    fake_discord.expect_rejection(50035)
    alt_text = {"id": 0, "filename": "board.png", "description": "d" * 1025}
    body = {"content": "board", "attachments": [alt_text]}
    path = messages_path(fake_discord)
    files = [b"\x89PNG"]
    where = ("attachments", 0, "description")
    [error] = refused_at(*await send(fake_discord, "POST", path, body, files=files), *where)
    assert error["code"] == "BASE_TYPE_MAX_LENGTH"
    body["attachments"] = [{**alt_text, "description": "d" * 1024}]
    assert (await send(fake_discord, "POST", path, body, files=files))[0] == 200
    assert fake_discord.requests[-1].upload_sizes == (4,)


async def test_a_refusal_nobody_expected_fails_the_test(fake_discord: FakeDiscord) -> None:
    body = {"content": "x", "allowed_mentions": {"users": ["-2"]}}
    assert (await send(fake_discord, "POST", messages_path(fake_discord), body))[0] == 400
    [problem] = fake_discord.take_problems()
    assert "code 50035" in problem and 'in allowed_mentions.users.0: Value "-2"' in problem
