"""The traffic benchmark's counting, on a hand-made record of what a bot sent."""

from __future__ import annotations

from bench.traffic import count
from tests.e2e.fake_discord import MessageEvent
from tests.e2e.fake_discord.recorder import RecordedAttachment, RecordedMessage


def _message(
    message_id: int, files: dict[int, bytes], *, dm: bool = False, ephemeral: bool = False
) -> RecordedMessage:
    return RecordedMessage(
        id=message_id,
        channel_id=1,
        guild_id=None if dm else 9,
        dm_user_id=7 if dm else None,
        author_id=2,
        content="",
        embeds=[],
        components=[],
        attachments=tuple(
            RecordedAttachment(k, f"x{k}.png", data, "image/png") for k, data in files.items()
        ),
        flags=64 if ephemeral else 0,
        ephemeral=ephemeral,
        loading=False,
        interaction_id=None,
        interaction_user_id=None,
        cause_interaction_id=None,
        version=1,
        deleted=False,
        payload={},
    )


def test_each_upload_counts_once_and_edits_and_audiences_apart() -> None:
    board = _message(1, {10: b"a" * 100})
    events = [
        MessageEvent(1, "create", board, 0.0),
        MessageEvent(2, "edit", board, 0.0),  # buttons stripped: the same attachment
        MessageEvent(3, "edit", _message(1, {11: b"b" * 50}), 0.0),  # a redrawn board
        MessageEvent(4, "create", _message(2, {12: b"c" * 30}, dm=True), 0.0),
        MessageEvent(5, "create", _message(3, {}, ephemeral=True), 0.0),
    ]
    tally = count(events)
    assert tally.created == {"channel": 1, "dm": 1, "private": 1}
    assert tally.edits == {"channel": 2, "dm": 0, "private": 0}
    assert tally.images == 3
    assert tally.uploaded == {"channel": 150, "dm": 30, "private": 0}


def test_deleted_messages_are_counted_apart() -> None:
    note = _message(4, {})
    events = [
        MessageEvent(1, "create", note, 0.0),
        MessageEvent(2, "create", _message(5, {}), 0.0),
        MessageEvent(3, "delete", note, 0.0),  # the older turn note goes
    ]
    tally = count(events)
    assert tally.created["channel"] == 2 and tally.deleted == {"channel": 1, "dm": 0, "private": 0}
