"""Read-only pictures of a game for cogs: GameInfo, the board, a hand, whose turn it is.

Each is a view taken of the game's parts as they are now, with what the platform adds beside
it (names, status, links); nothing here changes a game.
"""

from __future__ import annotations

from bot.engine import IllegalAction, Outcome, OutcomeView, View, ViewContext
from bot.service.catalogue import title_of
from bot.service.diff import RecentViews
from bot.service.endings import read_result
from bot.service.loading import GameLookup
from bot.service.model import HINTS, OFF, Board, Choice, GameInfo, Hand, Turn
from bot.service.since import since_last_acted
from bot.service.state import LiveGame
from bot.store import BrokenGame


def outcome_of(view: View, result: OutcomeView | None) -> Outcome | None:
    """The result to report: the platform's (a resignation) if it made one, else the engine's."""
    chosen = result if result is not None else view["outcome"]
    return None if chosen is None else read_result(chosen)


def info(s: LiveGame, outcome: Outcome | None = None) -> GameInfo:
    """The game as lobby messages, lists and buttons show it."""
    spec, record = s.game.spec, s.record
    active = record.status == "active"
    return GameInfo(
        game_id=record.game_id,
        game_type=spec.id,
        title=title_of(s.game),
        guild_id=record.guild_id,
        channel_id=record.channel_id,
        thread_id=record.thread_id,
        message_id=record.message_id,
        status=record.status,
        version=record.version,
        host_id=record.host_id,
        options=dict(record.options),
        players=record.players,
        to_move=s.to_move(),
        outcome=outcome,
        min_players=spec.min_players,
        max_players=spec.max_players,
        pace=record.pace,
        turn_since=s.clock.since if active else None,
        turn_due=s.clock.due if active else None,
        message_version=record.message_version,
        own_thread=record.own_thread,
        has_hands=spec.has_private,
        hints=record.flags.get(HINTS) != OFF,
    )


def choices(s: LiveGame) -> tuple[Choice, ...]:
    """Every legal choice of the seat to move, with its words."""
    game = s.game
    return tuple(
        Choice(game.encode(a), game.describe(a, s.state)) for a in game.legal_actions(s.state)
    )


def turn(s: LiveGame) -> Turn | None:
    """Who must decide now in an active game, with every legal choice."""
    seat = s.to_move()
    player = None if seat is None else s.user_at(seat)
    if seat is None or player is None:
        return None
    back = not player.automatic and s.last.quiet and s.last.user_id == player.user_id
    return Turn(s.version, seat, player.user_id, choices(s), player.automatic, back)


def context(s: LiveGame, view: View, result: OutcomeView | None) -> ViewContext:
    """Names by seat, the game's status, and the result when the platform decided it."""
    names = [""] * len(view["seats"])
    for player in s.players:
        if player.seat is not None and player.seat < len(names):
            names[player.seat] = player.shown_name
    own = None if result is None or result == view["outcome"] else result
    return ViewContext(tuple(names), s.status, own)


def broken_info(broken: BrokenGame, lookup: GameLookup, status: str = "broken") -> GameInfo:
    """A GameInfo for a broken game: enough to list it, abandon it and strip its buttons."""
    try:
        title = title_of(lookup(broken.game_type))
    except IllegalAction:
        title = broken.game_type[:40]
    return GameInfo(
        game_id=broken.id,
        game_type=broken.game_type,
        title=title,
        guild_id=broken.guild_id,
        channel_id=broken.channel_id,
        thread_id=broken.thread_id,
        message_id=broken.message_id,
        status=status,
        version=broken.version,
        host_id=broken.host_id,
        options={},
        players=(),
    )


class Pictures:
    """Boards and hands, taking each view once per state (`recent` keeps them between moves)."""

    def __init__(self, recent: RecentViews) -> None:
        self.recent = recent

    def view(self, s: LiveGame, seat: int | None) -> View:
        """The game's view for `seat` (None: the public one), taken once per state."""
        return self.recent.of(s.game_id).of(s.game, s.state, seat)

    def board(
        self, s: LiveGame, view: View | None = None, result: OutcomeView | None = None
    ) -> Board:
        """The game message's picture of a started game, as it is now."""
        seen = self.view(s, None) if view is None else view
        now = turn(s)
        hidden = now is not None and bool(s.game.hidden_choices(s.state))
        about = info(s, outcome_of(seen, result))
        since = None if now is None else since_last_acted(s.heard, s.version, now.seat, seen["log"])
        return Board(about, seen, context(s, seen, result), now, hidden, since)

    def hand(
        self,
        s: LiveGame,
        seat: int,
        about: GameInfo,
        result: OutcomeView | None = None,
        view: View | None = None,
    ) -> Hand:
        """One seat's private view with the platform's context beside it."""
        player = s.user_at(seat)
        assert player is not None, f"seat {seat} of game #{s.game_id} has no player"
        seen = self.view(s, seat) if view is None else view
        return Hand(about, player, seat, seen, context(s, seen, result))

    def hands(self, s: LiveGame, about: GameInfo, views: dict[int, View]) -> tuple[Hand, ...]:
        """The hands of the seats in `views` that a person holds (a computer gets none)."""
        held = {p.seat for p in s.players if not p.automatic}
        return tuple(self.hand(s, seat, about, view=v) for seat, v in views.items() if seat in held)
