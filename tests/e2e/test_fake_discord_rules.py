"""Proves the fake's rule checks and failure reporting without a bot, via raw REST calls."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from tests.e2e.fake_discord import FakeDiscord, FakeDiscordFailure, LogGuard


def button_rows(rows: int, per_row: int, label: str = "x", custom_id: str = "b") -> list[object]:
    """Action rows of buttons with distinct custom_ids."""
    return [
        {
            "type": 1,
            "components": [
                {"type": 2, "style": 1, "label": label, "custom_id": f"{custom_id}{r}-{c}"}
                for c in range(per_row)
            ],
        }
        for r in range(rows)
    ]


def select_row(options: int, label: str = "o", custom_id: str = "s") -> list[dict[str, Any]]:
    """One action row with a select menu of `options` options."""
    choices = [{"label": label, "value": str(i)} for i in range(options)]
    return [{"type": 1, "components": [{"type": 3, "custom_id": custom_id, "options": choices}]}]


OPTIONAL = {"name": "spot", "description": "where", "type": 3}
REQUIRED = {"name": "piece", "description": "what", "type": 3, "required": True}
CHOICES_26 = [{"name": f"c{i}", "value": f"c{i}"} for i in range(26)]
BUTTON = {"type": 2, "style": 1, "label": "go", "custom_id": "go"}


async def test_unexpected_refusal_fails_waits_at_once(fake_discord: FakeDiscord) -> None:
    general = fake_discord.channel("general").id
    status, _ = await fake_discord.api("POST", f"/channels/{general}/messages", {"content": ""})
    assert status == 400
    with pytest.raises(FakeDiscordFailure, match="Cannot send an empty message"):
        await fake_discord.wait_for(lambda m: True, timeout=1)
    taken = fake_discord.take_problems()
    assert len(taken) == 1 and "code 50006" in taken[0]
    assert fake_discord.problems() == []


BAD_MESSAGES = {
    "empty": ({"content": ""}, 50006),
    "content over 2000": ({"content": "x" * 2001}, 50035),
    "six action rows": ({"components": button_rows(6, 1)}, 50035),
    "six buttons in a row": ({"components": button_rows(1, 6)}, 50035),
    "26 select options": ({"components": select_row(26)}, 50035),
    "custom_id over 100": ({"components": button_rows(1, 1, custom_id="c" * 101)}, 50035),
    "button label over 80": ({"components": button_rows(1, 1, label="L" * 81)}, 50035),
    "option label over 100": ({"components": select_row(2, label="o" * 101)}, 50035),
    "duplicate custom_id": ({"components": button_rows(1, 1) + button_rows(1, 1)}, 50035),
    "select beside a button": (
        {"components": [{"type": 1, "components": [*select_row(2)[0]["components"], BUTTON]}]},
        50035,
    ),
    "eleven embeds": ({"embeds": [{"title": "t"}] * 11}, 50035),
    "embed title over 256": ({"embeds": [{"title": "t" * 257}]}, 50035),
}


@pytest.mark.parametrize("case", sorted(BAD_MESSAGES))
async def test_message_limits_are_refused(fake_discord: FakeDiscord, case: str) -> None:
    body, code = BAD_MESSAGES[case]
    fake_discord.expect_rejection(code)
    channel = fake_discord.channel("games").id
    status, answer = await fake_discord.api("POST", f"/channels/{channel}/messages", body)
    assert (status, answer["code"]) == (400, code)
    assert fake_discord.messages() == []


async def test_limits_at_the_edge_are_accepted(fake_discord: FakeDiscord) -> None:
    rows = button_rows(4, 5, label="L" * 80, custom_id="c" * 90) + select_row(25, label="o" * 100)
    channel = fake_discord.channel("games").id
    status, answer = await fake_discord.api(
        "POST", f"/channels/{channel}/messages", {"components": rows}
    )
    assert status == 200, answer
    assert len(fake_discord.last("games").custom_ids()) == 21


@pytest.mark.expected_errors("boom unexpected")  # the autouse guard sees it too
def test_log_guard_flags_unexpected_and_missing_errors() -> None:
    guard = LogGuard(expected=["boom expected"])
    guard.install()
    try:
        logging.getLogger("discord.client").error("boom unexpected")
        logging.getLogger("discord.client").warning("only a warning")
        logging.getLogger("elsewhere").error("not watched")
    finally:
        guard.remove()
    assert guard.problems() == [
        "unexpected ERROR log: [discord.client] boom unexpected",
        "expected an ERROR log matching 'boom expected', none came",
    ]


async def test_editing_a_message_to_nothing_is_refused(fake_discord: FakeDiscord) -> None:
    channel = fake_discord.channel("games").id
    status, sent = await fake_discord.api(
        "POST", f"/channels/{channel}/messages", {"content": "hi"}
    )
    assert status == 200
    fake_discord.expect_rejection(50006)
    path = f"/channels/{channel}/messages/{sent['id']}"
    status, answer = await fake_discord.api("PATCH", path, {"content": None})
    assert (status, answer["code"]) == (400, 50006)
    assert fake_discord.last("games").content == "hi"


@pytest.mark.parametrize(
    "command",
    [
        {"name": "Move", "description": "upper case"},
        {"name": "move", "description": ""},
        {"name": "move", "description": "d", "options": [OPTIONAL, REQUIRED]},
        {"name": "move", "description": "d", "options": [{**REQUIRED, "choices": CHOICES_26}]},
    ],
)
async def test_commands_discord_would_refuse_fail_the_sync(
    fake_discord: FakeDiscord, command: dict[str, Any]
) -> None:
    fake_discord.expect_rejection(50035)
    path = f"/applications/{fake_discord.bot_user.id}/commands"
    status, _ = await fake_discord.api("PUT", path, [command])
    assert status == 400
    assert fake_discord.registered_commands() == []


async def test_unknown_endpoint_without_a_bot(fake_discord: FakeDiscord) -> None:
    fake_discord.expect_rejection(0, kind="unknown-endpoint")
    status, _ = await fake_discord.api("GET", "/channels/1/pins")
    assert status == 404
    assert [r.kind for r in fake_discord.rejections] == ["unknown-endpoint"]
