"""Messages and uploaded bytes per whole game, through the real bot and the fake Discord.

For every selected game and its smallest and largest seat count, one seeded game is opened with
`/play`, joined and started, then played to the end by its players (buttons and `/move` in turn,
as the end-to-end tests do). Everything the bot sent is then counted from the fake's record:
channel messages and their edits, private answers, DMs and their edits, images, and the bytes of
every distinct upload (an edit that keeps its attachment uploads nothing new). This is what a
channel and its players' inboxes receive for one game; a quieter table shows up here.

The REST requests the fake received from `/play` to the settled end are counted too, per game and
per stored move, and the channel writes among them (message sends and edits in the game's
channel: what Discord's per-channel limit of about 5 per 5 s counts).

Then one game per game against the computer: one person and as many computer seats as the game
seats (quick computers: the seeded random move, so bursts of computer moves come as fast as the
store takes them), through the fake's per-channel rate limit at ten times Discord's pace (5
writes per 0.5 s): how many requests a burst costs, and whether one was answered 429.
"""

from __future__ import annotations

import asyncio
import tempfile
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bench.core import Settings, Table
from bot.service import opening
from tests.e2e.fake_discord import (
    FakeDiscord,
    LogGuard,
    MessageEvent,
    RecordedRequest,
    running,
    serving,
)
from tests.e2e.symposion import factory, open_game, play_alone, play_to_the_end, quick_computers

TITLE = "Traffic: messages and uploaded bytes per whole game"
PLAYERS = ("alice", "bob", "carol", "dave", "erin")
KNOWN_USERS = ("alice", "bob", "carol", "dave")  # the fake's own users
CHANNEL = "games"
COLUMNS = [
    "game",
    "seats",
    "computers",
    "moves",
    "requests",
    "req/move",
    "channel writes",
    "429s",
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
    requests: int = 0  # REST requests the fake received during the game
    channel_writes: int = 0  # message sends and edits in the game's channel among them
    computers: int = 0  # computer seats (the person plays alone against them)
    rate_limited: int = 0  # writes the fake answered 429 (its rate limit is on against computers)


def run(settings: Settings) -> list[Table]:
    """Play one game per game and seat count (fewest, most) and tabulate what was sent."""
    rows: list[Sequence[object]] = []
    for game in settings.selected():
        for seats in sorted({game.spec.min_players, game.spec.max_players}):
            tally = asyncio.run(_play(game.spec.id, seats, settings.seed))
            rows.append(_row(game.spec.id, seats, tally))
    for game in settings.selected():
        tally = asyncio.run(_play(game.spec.id, game.spec.max_players, settings.seed, alone=True))
        rows.append(_row(game.spec.id, game.spec.max_players, tally))
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
                "requests = REST requests the fake received from /play to the settled end "
                "(interaction answers, sends, edits, deletes, DMs, threads); req/move = "
                "requests / stored moves; channel writes = sends and edits in the game's channel;",
                "computers > 0: alice alone against them (the seeded random move), the fake's "
                "per-channel limit on at 5 writes per 0.5 s; 429s = writes it refused;",
                "KB = bytes of distinct uploads (each attachment counted once, however often "
                "its message is edited).",
            ],
        )
    ]


async def _play(game_id: str, seats: int, seed: int, *, alone: bool = False) -> Tally:
    """One whole game through the real bot, on a fixed seed; the fake's record, counted.
    `alone`: alice against computers in the other seats, through the fake's rate limit."""
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
                before = len(fake.requests)
                if alone:
                    quick_computers(bot)
                    fake.limit_rates(limit=5, per=0.5)
                    await _play_alone(fake, game_id, seats - 1)
                else:
                    await open_game(fake, game_id, players[0], players[1:], CHANNEL)
                    await play_to_the_end(fake, channel=CHANNEL, limit=4000)
                await runner.settle()
                tally = count(fake.events)
                tally.computers = seats - 1 if alone else 0
                tally.rate_limited = len(fake.rate_limited)
                sent = fake.requests[before:]
                tally.requests = len(sent)
                tally.channel_writes = channel_writes(sent, fake.channel(CHANNEL).id)
                tally.moves = len(await bot.store.moves.of(1))
    finally:
        opening.new_seed = fresh_seed
        guard.remove()
    problems = guard.problems()
    if problems:
        raise RuntimeError("the bot logged errors during the benchmark:\n" + "\n".join(problems))
    return tally


async def _play_alone(fake: FakeDiscord, game_id: str, computers: int) -> None:
    """alice opens the game against `computers` easy computer seats and plays it to the end."""
    mark = fake.mark()
    given = {"game": game_id, "opponents": computers, "level": "easy", "where": "here"}
    opened = await fake.slash("play", given, user="alice", channel=CHANNEL)
    await opened.wait_answered()
    await play_alone(fake, "alice", mark)


def channel_writes(requests: Iterable[RecordedRequest], channel_id: int) -> int:
    """Message sends and edits in one channel (deletes and interaction answers not counted)."""
    messages = f"/channels/{channel_id}/messages"
    return sum(
        1
        for r in requests
        if (r.method == "POST" and r.path == messages)
        or (r.method == "PATCH" and r.path.startswith(messages + "/"))
    )


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
    per_move = tally.requests / tally.moves if tally.moves else 0.0
    return [
        game_id,
        seats,
        tally.computers,
        tally.moves,
        tally.requests,
        per_move,
        tally.channel_writes,
        tally.rate_limited,
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
