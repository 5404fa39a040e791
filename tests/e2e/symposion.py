"""Driving the real Symposion bot through the fake Discord like players would."""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.ai import Decision
from bot.client import SymposionBot
from cogs.ui.host import Host
from tests.e2e.fake_discord import FakeDiscord, InjectedInteraction, RecordedMessage
from tests.e2e.fake_discord.server import ChannelRef

MENTION = re.compile(r"<@!?(\d+)>")
GAME_PARTS = ("sy:m:", "sy:s:", "sy:t:")
YOUR_MOVE = "sy:t:"  # the 'Your move' button that opens the private choices
REMATCH = "sy:r:"  # the Rematch button under a finished game's final message


def factory(database: str | Path) -> Callable[..., SymposionBot]:
    """Builds bots on one database (sqlite file or PostgreSQL URL): a second bot is a restart."""

    def build(**options: Any) -> SymposionBot:
        return SymposionBot(database_path=database, **options)

    return build


def as_host(bot: SymposionBot) -> Host:
    """The bot as its extensions see it: mypy (strict, over tests/e2e) checks here that the
    client offers everything the cogs' Protocol asks for, though it imports none of them."""
    return bot


def is_board(message: RecordedMessage) -> bool:
    """A public game message carrying a board image."""
    return not message.ephemeral and any(n.endswith("-board.png") for n in message.files)


def game_message(fake: FakeDiscord, channel: ChannelRef = "games") -> RecordedMessage:
    """The current game message: the latest public one with move components."""
    for message in reversed(fake.messages(channel=channel, ephemeral=False)):
        if any(cid.startswith(GAME_PARTS) for cid in message.custom_ids()):
            return fake.message(message.id)
    raise AssertionError(f"no game message with moves in {channel}")


def mover_id(message: RecordedMessage) -> int:
    """The user mentioned as the one to move: the game message's first mention, in the line
    under its title (log lines and scores name seats, never mention anyone), in any language."""
    line = message.content.splitlines()[1]
    match = MENTION.search(line)
    assert match, line
    return int(match[1])


async def open_game(
    fake: FakeDiscord,
    game: str,
    host: str,
    others: list[str],
    channel: ChannelRef = "games",
    options: str | None = None,
    where: str | None = "here",
) -> RecordedMessage:
    """/play, everyone joins, the host starts; returns the first game message.

    Played `where:here` unless told otherwise, so `channel` is where the game is.
    """
    given = {"game": game} | ({"options": options} if options else {})
    given |= {"where": where} if where else {}
    opened = await fake.slash("play", given, user=host, channel=channel)
    lobby = await opened.wait_message(lambda m: _lobby_button(m, "join") is not None)
    join, start = _lobby_button(lobby, "join"), _lobby_button(lobby, "start")
    for name in others:
        joined = await fake.click(fake.message(lobby.id), user=name, custom_id=join)
        await joined.wait_answered()
    started = await fake.click(fake.message(lobby.id), user=host, custom_id=start)
    await started.wait_answered()
    await fake.wait_for(is_live_board, since=None)
    return game_message(fake, channel)


def _lobby_button(message: RecordedMessage, verb: str) -> str | None:
    """The custom_id of a lobby button, whatever language its label is in."""
    return next(
        (c for c in message.custom_ids() if c.startswith("sy:l:") and c.endswith(verb)), None
    )


def user_name(fake: FakeDiscord, user_id: int) -> str:
    """The fake's name of a user id."""
    return fake.world.get_user(user_id).name


def is_live_board(message: RecordedMessage) -> bool:
    """A board that asks for the next decision (or shows the end), not an old one being stripped."""
    has_moves = any(cid.startswith(GAME_PARTS) for cid in message.custom_ids())
    return is_board(message) and (has_moves or is_over(message))


def is_over(message: RecordedMessage) -> bool:
    """The final game message of a finished game: the board with its Rematch button."""
    return is_board(message) and any(c.startswith(REMATCH) for c in message.custom_ids())


Click = Callable[[], Awaitable[InjectedInteraction]]


def choice_on(fake: FakeDiscord, message: RecordedMessage, user: str, step: int) -> Click:
    """Pressing a move button or picking a move in a select on `message` (not done yet)."""
    moves = [c for c in message.custom_ids() if c.startswith("sy:m:")]
    if moves:
        custom_id = moves[step % len(moves)]
        return lambda: fake.click(message, user=user, custom_id=custom_id)
    selects = [s for s in message.selects() if s["custom_id"].startswith("sy:s:")]
    assert selects, f"no moves on message {message.id}: {message.content!r} {message.components}"
    select = selects[0]
    options = select["options"]
    value = options[step % len(options)]["value"]
    return lambda: fake.select(message, [value], user=user, custom_id=select["custom_id"])


async def next_move_click(fake: FakeDiscord, step: int, channel: ChannelRef = "games") -> Click:
    """The mover's next move component, ready to press; opens 'Your move' first if needed."""
    message = game_message(fake, channel)
    mover = user_name(fake, mover_id(message))
    turn = next((c for c in message.custom_ids() if c.startswith(YOUR_MOVE)), None)
    if turn is not None:
        opened = await fake.click(message, user=mover, custom_id=turn)
        private = await opened.wait_message(lambda m: m.ephemeral)
        return choice_on(fake, fake.message(private.id), mover, step)
    return choice_on(fake, message, mover, step)


async def move_by_buttons(fake: FakeDiscord, step: int, channel: ChannelRef = "games") -> Any:
    """The mover uses the game message: its buttons, or 'Your move' and the private choices."""
    return await (await next_move_click(fake, step, channel))()


async def move_by_command(fake: FakeDiscord, step: int, channel: ChannelRef = "games") -> Any:
    """The mover types /move and takes one of the autocomplete entries."""
    mover = user_name(fake, mover_id(game_message(fake, channel)))
    entries = await fake.choices(
        "move", {"action": ""}, focused="action", user=mover, channel=channel
    )
    assert entries, "the mover got no autocomplete entries"
    value = entries[step % len(entries)]["value"]
    return await fake.slash("move", {"action": value}, user=mover, channel=channel)


async def play_to_the_end(
    fake: FakeDiscord, *, channel: ChannelRef = "games", command_every: int = 2, limit: int = 2000
) -> RecordedMessage:
    """Alternate buttons and /move until the final image; every move must bring a new board."""
    for step in range(limit):
        mark = fake.mark()
        if step % command_every == 1:
            await move_by_command(fake, step, channel)
        else:
            await move_by_buttons(fake, step, channel)
        board = await fake.wait_for(is_live_board, since=mark)
        if is_over(board):
            return board
    raise AssertionError(f"no end after {limit} moves")


async def ephemeral_answer(it: Any, timeout: float = 5.0) -> str:
    """The text of the private answer an interaction got (a real search may need `timeout`)."""
    message = await it.wait_message(lambda m: m.ephemeral and not m.loading, timeout=timeout)
    return str(message.content)


def public_channel_messages(fake: FakeDiscord) -> list[RecordedMessage]:
    """Every state of every message anyone in a channel could see."""
    return [m for m in fake.messages(ephemeral=False) if not m.is_dm]


def hand_leaks(fake: FakeDiscord, revealing_codes: Callable[[str], bool]) -> list[str]:
    """Public messages showing a hand: a hand image, or a choice whose code reveals one."""
    leaks = []
    for message in public_channel_messages(fake):
        for event_message in [message, *fake.history(message.id)]:
            if any(name.endswith("-hand.png") for name in event_message.files):
                leaks.append(f"{message.id}: hand image in a channel")
            for select in event_message.selects():
                values = [o["value"] for o in select.get("options", [])]
                leaks += [f"{message.id}: select offers {v}" for v in values if revealing_codes(v)]
            for cid in event_message.custom_ids():
                code = cid.split(":", 4)[-1] if cid.startswith("sy:m:") else ""
                if code and revealing_codes(code):
                    leaks.append(f"{message.id}: button {cid}")
    return leaks


def stub_drawing(monkeypatch: Any) -> list[str]:
    """Swap the bot's board and hand drawing for tiny PNGs, each one different (drawing is slow).

    The stubs still refuse a view of another game or a hand drawn from a view without a seat,
    and return what they were asked to draw ('board:<game>' or 'hand:<game>:<seat>').
    """
    import io
    import itertools

    from PIL import Image

    import rendering

    asked: list[str] = []
    serial = itertools.count(1)

    def tiny_png() -> bytes:
        number = next(serial)
        pixel = (number >> 16 & 255, number >> 8 & 255, number & 255)
        buffer = io.BytesIO()
        Image.new("RGB", (1, 1), pixel).save(buffer, format="PNG")
        return buffer.getvalue()

    def board(game_id: str, view: Any, context: Any = None) -> bytes:
        assert view["game"] == game_id and "private" not in view, view.keys()
        asked.append(f"board:{game_id}")
        return tiny_png()

    def hand(game_id: str, view: Any, context: Any = None) -> bytes:
        assert view["game"] == game_id and "private" in view, view.keys()
        asked.append(f"hand:{game_id}:{view['seat']}")
        return tiny_png()

    monkeypatch.setattr(rendering, "board_png", board)
    monkeypatch.setattr(rendering, "hand_png", hand)
    return asked


def record_hand_images(monkeypatch: Any) -> dict[bytes, int]:
    """Remember, for every hand image the bot draws, whose seat's view it was drawn from."""
    import rendering

    drawn: dict[bytes, int] = {}
    real = rendering.hand_png

    def drawing(game_id: str, view: Any, context: Any = None) -> bytes:
        png = real(game_id, view, context)
        drawn[png] = int(view["seat"])
        return png

    monkeypatch.setattr(rendering, "hand_png", drawing)
    return drawn


async def hands_sent_to_others(
    fake: FakeDiscord, bot: Any, game_id: int, drawn: dict[bytes, int]
) -> list[str]:
    """Private images (DMs and ephemeral replies) that show another seat's view."""
    seat_of = {row.user_id: row.seat for row in await bot.store.seats.of(game_id)}
    wrong = []
    for message in fake.messages():
        receiver = message.dm_user_id if message.is_dm else message.interaction_user_id
        for name, png in message.files.items():
            if not name.endswith("-hand.png"):
                continue
            seat = seat_of.get(receiver) if receiver is not None else None
            if seat is None or drawn.get(png) != seat:
                wrong.append(f"{name} to {receiver}: seat {drawn.get(png)}")
    return wrong


async def run_timers(bot: Any) -> int:
    """Do the timer loop's work once, now (the tests' clock decides what is due)."""
    cog = bot.get_cog("Timers")
    assert cog is not None, "the Timers cog is not loaded"
    return int(await cog.run_due())


def is_reminder(message: RecordedMessage) -> bool:
    """A reminder posted where a game is played."""
    return not message.ephemeral and not message.is_dm and "still your turn" in message.content


def hand_dms(fake: FakeDiscord, user: str) -> list[RecordedMessage]:
    """The user's hand DMs (one per game), as they look now."""
    return [m for m in fake.dms(user) if any(n.endswith("-hand.png") for n in m.files)]


def hand_images_sent(fake: FakeDiscord, user: str) -> int:
    """How many distinct hand images reached the user by DM (each edit's new upload counts)."""
    return len(
        {
            attachment.id
            for message in fake.dms(user)
            for state in fake.history(message.id)
            for attachment in state.attachments
            if attachment.filename.endswith("-hand.png")
        }
    )


DESCRIPTION = 1024  # Discord's longest attachment description


@dataclass(frozen=True)
class Upload:
    """One file the bot uploaded, as its request carried it: where to, its name and its words."""

    method: str
    path: str
    filename: str
    description: str | None


def uploads(fake: FakeDiscord) -> list[Upload]:
    """Every file the bot uploaded, read from the requests the fake recorded: each new upload's
    entry in the multipart `payload_json` (`attachments`, or `data.attachments` in an
    interaction callback); an attachment kept from before carries its snowflake, not an index."""
    found = []
    for request in fake.requests:
        if not request.upload_sizes:
            continue
        body = request.body if isinstance(request.body, dict) else {}
        message = body["data"] if isinstance(body.get("data"), dict) else body
        count = len(request.upload_sizes)
        entries = [e for e in message.get("attachments") or [] if int(e["id"]) < count]
        assert len(entries) == count, (request.path, entries)  # each upload has its entry
        found += [
            Upload(request.method, request.path, str(e.get("filename")), e.get("description"))
            for e in entries
        ]
    return found


def undescribed(fake: FakeDiscord) -> list[Upload]:
    """Uploads without words for a screen reader: no description, an empty one, a longer one
    than Discord keeps."""
    return [u for u in uploads(fake) if not u.description or len(u.description) > DESCRIPTION]


def uploads_to(fake: FakeDiscord, user: str) -> list[Upload]:
    """The files uploaded into a user's DM channel."""
    channel = fake.world.dm_channels[fake.user(user).id].id
    return [u for u in uploads(fake) if u.path.startswith(f"/channels/{channel}/")]


def random_decide(
    game_id: str, state_json: Any, seat: int, seed: int, version: int, level: str
) -> Decision:
    """Stands in for the search where a test is about the table, not the computer's play: the
    seeded random legal move, at once (the search has its own tests in tests/ai)."""
    import json

    from bot.ai import choose
    from bot.engine import get_game

    game = get_game(game_id)
    data = json.loads(state_json) if isinstance(state_json, str) else state_json
    return Decision(choose(game, game.load(data), seat, seed, version), None)


def quick_computers(bot: Any) -> None:
    """Computer seats play the seeded random move in this process instead of searching."""
    from bot.service.thinking import Thinker

    bot.service.computers.thinker = Thinker(None, timeout=60, decider=random_decide)


COMPUTER_TURNS = 60.0  # seconds the computers' moves between two of the person's may take


def persons_turn(fake: FakeDiscord, name: str) -> Any:
    """A board asking `name` to move, or the final board (the computer moves in between)."""
    mention = f"<@{fake.user(name).id}>"

    def fits(message: RecordedMessage) -> bool:
        if is_over(message):
            return True
        line = next((x for x in message.content.splitlines() if "to move" in x), "")
        return is_live_board(message) and line.startswith(mention)

    return fits


async def play_alone(
    fake: FakeDiscord, name: str, since: int, limit: int = 4000
) -> RecordedMessage:
    """The person presses buttons whenever it is their turn, until the game is over.

    The wait for the person's turn is generous: the computers' turns in between (several
    decisions each, searched in a worker process) come first.
    """
    board = await fake.wait_for(persons_turn(fake, name), since=since, timeout=COMPUTER_TURNS)
    for step in range(limit):
        if is_over(board):
            return board
        mark = fake.mark()
        await move_by_buttons(fake, step)
        board = await fake.wait_for(persons_turn(fake, name), since=mark, timeout=COMPUTER_TURNS)
    raise AssertionError(f"no end after {limit} moves")
