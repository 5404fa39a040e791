"""A player's reliability from stored games: who the lobby shows it for, and in which words."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from bot.service import GameInfo, Player
from bot.service.reliability import Reliability
from bot.store import Store
from cogs.ui.reliability import lobby_note, stats_words
from cogs.ui.texts import lobby_text

ALICE, BOB, DAVE = 11, 22, 44
STATE = {"pile": 10, "log": []}


class Ticks:
    """The store's clock, moved by hand."""

    def __init__(self) -> None:
        self.now = datetime(2030, 1, 7, 12, 0, tzinfo=UTC)

    def __call__(self) -> str:
        return self.now.isoformat(timespec="seconds")


async def finished_game(store: Store, ticks: Ticks, users: list[int], *, alice_left: bool) -> None:
    """A live game: Bob moves, two minutes later Alice does; then it is over."""
    row = await store.games.create(
        game_type="toy",
        guild_id=1,
        channel_id=100,
        thread_id=None,
        host_id=ALICE,
        players=[(u, f"P{u}") for u in users],
        seed=1,
        options={},
        flags={"pace": "live"},
    )
    version = await store.games.start(row.id, 0, {u: n for n, u in enumerate(users)}, STATE)
    version = await store.moves.record(
        row.id, version, seat=1, action="a", user_id=BOB, state=STATE
    )
    ticks.now += timedelta(minutes=2)
    version = await store.moves.record(
        row.id, version, seat=0, action="a", user_id=ALICE, state=STATE
    )
    if alice_left:
        version = await store.seats.hand_over(row.id, version, 0, "timed out")
    result = {"ranking": [1] * len(users), "scores": [0] * len(users), "reason": "points"}
    await store.games.end(row.id, version, "finished", result=result, flags={"pace": "live"})
    ticks.now += timedelta(hours=1)


async def test_the_lobby_shows_players_with_five_games_and_their_timeouts(
    database: str | Path,
) -> None:
    ticks = Ticks()
    async with await Store.open(database, clock=ticks) as store:
        for n in range(4):
            await finished_game(store, ticks, [ALICE, BOB, DAVE], alice_left=n == 0)
        await finished_game(store, ticks, [ALICE, BOB], alice_left=False)
        reliability = Reliability(store)
        shown = await reliability.shown_in_lobby(1, [ALICE, BOB, DAVE, -1])
        assert set(shown) == {ALICE, BOB}  # Dave played 4 games; a computer is never looked up
        alice = shown[ALICE]
        assert (alice.games, alice.left, alice.left_share) == (5, 1, 0.2)
        assert alice.median_move_seconds == {"live": 120.0}
        assert shown[BOB].left == 0
        assert await reliability.shown_in_lobby(None, [ALICE]) == {}
        assert (await reliability.of(2, ALICE)).games == 0  # another server's record is its own

    note = lobby_note(alice)
    assert note == "moves in live 2 min 0 sec, left 20%"
    assert "verlassen 20" in lobby_note(alice, "de")
    assert "left 20% by a timeout or a resignation" in stats_words(alice)
    players = (Player(ALICE, "Alice", 0), Player(DAVE, "Dave", 1))
    info = GameInfo(1, "iliad", "Iliad", 1, 100, None, None, "lobby", 3, ALICE, {}, players)
    text = lobby_text(info, "en", {ALICE: note})
    assert f"<@{ALICE}>" in text and f"· {note}" in text
    assert text.count("·") == 1  # nothing beside Dave
