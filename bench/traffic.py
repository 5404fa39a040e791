"""Messages and uploaded bytes per whole game, through the real bot and the fake Discord.

For every selected game and its smallest and largest seat count, one seeded game is opened with
`/play`, joined and started, then played to the end by its players (buttons and `/move` in turn,
as the end-to-end tests do). Everything the bot sent is then counted from the fake's record:
channel messages and their edits, private answers, DMs and their edits, images, and the bytes of
every distinct upload (an edit that keeps its attachment uploads nothing new). This is what a
channel and its players' inboxes receive for one game; a quieter table shows up here.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.core import Settings, Table
from bot.service import opening
from tests.e2e.fake_discord import LogGuard, MessageEvent, running, serving
from tests.e2e.symposion import factory, open_game, play_to_the_end

TITLE = "Traffic: messages and uploaded bytes per whole game"
PLAYERS = ("alice", "bob", "carol", "dave", "erin")
KNOWN_USERS = ("alice", "bob", "carol", "dave")  # the fake's own users
CHANNEL = "games"
COLUMNS = [
    "game",
    "seats",
    "moves",
    "channel msgs",
    "channel edits",
    "channel left",
    "private answers",
    "DMs",
    "DM edits",
    "images",
    "channel KB",
    "DM KB",
    "private KB",
]


@dataclass
class Tally:
    """What one game sent, by where it went."""

    moves: int = 0
    created: dict[str, int] = field(default_factory=lambda: {"channel": 0, "dm": 0, "private": 0})
    edits: dict[str, int] = field(default_factory=lambda: {"channel": 0, "dm": 0, "private": 0})
    deleted: dict[str, int] = field(default_factory=lambda: {"channel": 0, "dm": 0, "private": 0})
    images: int = 0
    uploaded: dict[str, int] = field(default_factory=lambda: {"channel": 0, "dm": 0, "private": 0})


def run(settings: Settings) -> list[Table]:
    """Play one game per game and seat count (fewest, most) and tabulate what was sent."""
    rows: list[Sequence[object]] = []
    for game in settings.selected():
        for seats in sorted({game.spec.min_players, game.spec.max_players}):
            tally = asyncio.run(_play(game.spec.id, seats, settings.seed))
            rows.append(_row(game.spec.id, seats, tally))
    return [
        Table(
            TITLE,
            COLUMNS,
            rows,
            notes=[
                "one seeded game each, from /play to the final image; moves alternate buttons "
                "and /move; 'private' = ephemeral answers (e.g. /hand, Your move);",
                "'channel left' = channel messages still there at the end (turn notes are "
                "deleted when the next one goes up);",
                "KB = bytes of distinct uploads (each attachment counted once, however often "
                "its message is edited).",
            ],
        )
    ]


async def _play(game_id: str, seats: int, seed: int) -> Tally:
    """One whole game through the real bot, on a fixed seed; the fake's record, counted."""
    guard = LogGuard()
    guard.install()
    fresh_seed = opening.new_seed
    opening.new_seed = lambda: seed  # the same deal every run, so runs compare
    try:
        with tempfile.TemporaryDirectory(prefix="symposion-traffic-") as folder:
            async with serving() as fake, running(fake) as runner:
                bot = await runner.start(factory(Path(folder) / "traffic.sqlite3"))
                players = list(PLAYERS[:seats])
                for name in players:
                    if name not in KNOWN_USERS:
                        await fake.add_user(name)
                await open_game(fake, game_id, players[0], players[1:], CHANNEL)
                await play_to_the_end(fake, channel=CHANNEL, limit=4000)
                await runner.settle()
                tally = count(fake.events)
                tally.moves = len(await bot.store.moves.of(1))
    finally:
        opening.new_seed = fresh_seed
        guard.remove()
    problems = guard.problems()
    if problems:
        raise RuntimeError("the bot logged errors during the benchmark:\n" + "\n".join(problems))
    return tally


def _where(event: MessageEvent) -> str:
    """Which audience a message reached: a channel, a DM, or one user privately."""
    if event.message.is_dm:
        return "dm"
    return "private" if event.message.ephemeral else "channel"


def count(events: Iterable[MessageEvent]) -> Tally:
    """Messages, edits, images and distinct uploaded bytes, by audience."""
    tally = Tally()
    seen: set[int] = set()
    for event in events:
        where = _where(event)
        if event.kind == "create":
            tally.created[where] += 1
        elif event.kind == "edit":
            tally.edits[where] += 1
        elif event.kind == "delete":
            tally.deleted[where] += 1
        for attachment in event.message.attachments:
            if attachment.id in seen:
                continue
            seen.add(attachment.id)
            tally.uploaded[where] += len(attachment.data)
            tally.images += attachment.filename.endswith(".png")
    return tally


def _row(game_id: str, seats: int, tally: Tally) -> list[object]:
    kb = {where: round(size / 1024) for where, size in tally.uploaded.items()}
    return [
        game_id,
        seats,
        tally.moves,
        tally.created["channel"],
        tally.edits["channel"],
        tally.created["channel"] - tally.deleted["channel"],
        tally.created["private"],
        tally.created["dm"],
        tally.edits["dm"],
        tally.images,
        kb["channel"],
        kb["dm"],
        kb["private"],
    ]
