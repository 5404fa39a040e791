"""How and when each player is told a game waits on them (`/notify`, issue 25 items 1-4).

Quiet hours hold a player's reminders and turn pings until they end (and keep a `daily` or
`weekly` turn clock from running out inside them; `live` games are never held); a heads-up
DMs a player once per turn when the player before them is to move; `via` says where pings
go; the daily digest lists every game waiting on a player, once per day of their own.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import datetime, time

from bot.i18n import say
from bot.service.clock import TurnClocks, pace_of
from bot.service.errors import ServiceError, database_down_told
from bot.service.games import Games
from bot.service.hours import (
    EmptyQuietHours,
    QuietHours,
    clock_text,
    local_day,
    next_at,
    parse_time,
    zone,
)
from bot.service.model import GameInfo
from bot.service.pace import iso, parse_iso
from bot.service.pictures import info
from bot.service.state import LiveGame
from bot.store import REMINDER, DigestTimer, NewTimer, NoticeSettings, Store

LIVE = "live"  # the pace quiet hours never hold: its players sit at the table
VIA = ("dm", "mention", "both", "none")
DIGEST_DEFAULT = time(9, 0)


class NoZone(ServiceError):
    """Quiet hours or a digest asked for before the player named their time zone."""


class UnknownVia(ServiceError):
    """A place for pings that is not dm, mention, both or none."""


class HalfQuietHours(ServiceError):
    """Only one end of quiet hours given, and none stored to complete them."""


@dataclass(frozen=True, slots=True)
class NoticeChange:
    """What one `/notify` asks to change (None: leave it as it is)."""

    time_zone: str | None = None
    quiet_from: str | None = None
    quiet_to: str | None = None
    quiet_off: bool = False
    quiet_on: bool = False  # `quiet:on`: the hours given, or those kept from before
    heads_up: bool | None = None
    via: str | None = None
    digest: bool | None = None
    digest_at: str | None = None

    @property
    def empty(self) -> bool:
        """Nothing to change: `/notify` only shows the choices."""
        return self == NoticeChange()


@dataclass(frozen=True, slots=True)
class NoticeChoices:
    """A player's choices as `/notify` shows them, with the next quiet hours and digest in
    their own zone."""

    settings: NoticeSettings
    quiet: tuple[datetime, datetime] | None
    next_digest: datetime | None


@dataclass(frozen=True, slots=True)
class Waiting:
    """One game of a digest: the player's turn (`vote` False) or a vote of theirs."""

    info: GameInfo
    vote: bool


@dataclass(frozen=True, slots=True)
class Digest:
    """The daily list of games waiting on one player (never empty)."""

    user_id: int
    games: tuple[Waiting, ...]


@dataclass(frozen=True, slots=True)
class HeadsUp:
    """`user_id` is next: the player `before` them is now to move in `info`'s game."""

    info: GameInfo
    user_id: int
    before: int


@dataclass(frozen=True, slots=True)
class TurnPing:
    """How the turn note reaches its player: `via` (None: as before), or held until later."""

    via: str | None
    held_until: datetime | None


def quiet_hours(chosen: NoticeSettings) -> QuietHours | None:
    """The player's quiet hours, if they set them (a zone since gone from the system's time
    zone database holds nothing: a reminder late beats every reminder stuck)."""
    if chosen.quiet_from is None or chosen.quiet_to is None or chosen.time_zone is None:
        return None
    try:
        where = zone(chosen.time_zone)
        return QuietHours(parse_time(chosen.quiet_from), parse_time(chosen.quiet_to), where)
    except ServiceError:
        return None


@database_down_told
class Notices:
    """Each player's `/notify` choices and what they decide: held pings, heads-ups, digests."""

    def __init__(self, games: Games, store: Store, clocks: TurnClocks) -> None:
        self.games = games
        self.store = store
        self.clocks = clocks
        self._told: dict[int, tuple[int, datetime | None]] = {}  # game -> turn heads-up'd
        games.when_dropped(self._forget)

    def _forget(self, game_id: int) -> None:
        """A game left memory (it ended): its heads-up mark goes too."""
        self._told.pop(game_id, None)

    async def choices(self, user_id: int) -> NoticeChoices:
        """What `/notify` without options shows."""
        return self._shown(await self.store.notices.settings(user_id))

    async def choose(self, user_id: int, change: NoticeChange) -> NoticeChoices:
        """Check every part of the change first (a refusal changes nothing), then keep it."""
        before = await self.store.notices.settings(user_id)
        chosen = _changed(before, change)
        await self.store.notices.keep(chosen, await self._digest_due(before, chosen))
        return self._shown(chosen)

    async def _digest_due(self, before: NoticeSettings, chosen: NoticeSettings) -> str | None:
        """The digest timer after a change: kept as it was unless its time or zone changed."""
        if chosen.digest_at is None or chosen.time_zone is None:
            return None
        timer = await self.store.notices.digest_timer(chosen.user_id)
        same = (before.digest_at, before.time_zone) == (chosen.digest_at, chosen.time_zone)
        if same and timer is not None:
            return timer.due_at
        where = zone(chosen.time_zone)
        return iso(next_at(self.clocks.now(), parse_time(chosen.digest_at), where))

    def _shown(self, chosen: NoticeSettings) -> NoticeChoices:
        now, quiet = self.clocks.now(), quiet_hours(chosen)
        digest = None
        if chosen.digest_at is not None and chosen.time_zone is not None:
            where = zone(chosen.time_zone)
            digest = next_at(now, parse_time(chosen.digest_at), where).astimezone(where)
        return NoticeChoices(chosen, None if quiet is None else quiet.next_period(now), digest)

    # -- quiet hours -------------------------------------------------------------------------

    async def held_until(
        self, s: LiveGame, user_id: int, now: datetime, chosen: NoticeSettings | None = None
    ) -> datetime | None:
        """When this player's quiet hours end, if `now` is in them and the game is not live
        (`chosen`: their settings, when the caller has just read them)."""
        if pace_of(s).name == LIVE or user_id < 0:
            return None
        if chosen is None:
            chosen = await self.store.notices.settings(user_id)
        quiet = quiet_hours(chosen)
        return None if quiet is None else quiet.held_until(now)

    async def turn_ping(self, game_id: int, version: int, user_id: int) -> TurnPing:
        """How to ping the player whose turn just began; in their quiet hours the game's
        reminder is moved to the hours' end instead (the held ping), and nobody is pinged now."""
        chosen = await self.store.notices.settings(user_id)
        s = self.games.held(game_id)
        if s is None:
            return TurnPing(chosen.via, None)
        until = await self.held_until(s, user_id, self.clocks.now(), chosen)
        if until is None:
            return TurnPing(chosen.via, None)
        for row in await self.store.timers.of(game_id, version):  # claims check the version
            if row.kind == REMINDER and row.fired_at is None and parse_iso(row.due_at) > until:
                then = NewTimer(REMINDER, row.seat, row.since, iso(until))
                await self.store.timers.claim(row.id, iso(self.clocks.now()), then)
        return TurnPing(chosen.via, until)

    async def via(self, user_id: int) -> str | None:
        """Where this player's pings go (None: as before)."""
        return (await self.store.notices.settings(user_id)).via

    # -- heads-up ----------------------------------------------------------------------------

    async def heads_up(self, game: GameInfo) -> HeadsUp | None:
        """After the turn passed: the player after the one to move, if they asked to be told
        (once per turn, never in their quiet hours, never a computer)."""
        mover = game.to_move
        if game.status != "active" or mover is None:
            return None
        seated = sorted(
            (p for p in game.players if p.seat is not None and not p.computer and not p.automatic),
            key=lambda p: p.seat or 0,
        )
        before = next((p for p in seated if p.seat == mover), None)
        later = [p for p in seated if (p.seat or 0) > mover] + [
            p for p in seated if (p.seat or 0) < mover
        ]
        if before is None or not later or later[0].user_id < 0:
            return None
        nxt, turn = later[0], (mover, game.turn_since)
        if self._told.get(game.game_id) == turn:
            return None
        chosen = await self.store.notices.settings(nxt.user_id)
        if not chosen.heads_up:
            return None
        s = self.games.held(game.game_id)
        if s is not None and await self.held_until(s, nxt.user_id, self.clocks.now(), chosen):
            return None
        self._told[game.game_id] = turn
        return HeadsUp(game, nxt.user_id, before.user_id)

    # -- the daily digest --------------------------------------------------------------------

    async def due_digests(self) -> list[Digest]:
        """Claim every digest due now (one per player's day) and say what each lists; a
        player with nothing waiting gets none."""
        now, digests = self.clocks.now(), []
        for timer in await self.store.notices.digests_due(iso(now)):
            listed = await self._claim(timer, now)
            if listed:
                digests.append(Digest(timer.user_id, listed))
        return digests

    async def _claim(self, timer: DigestTimer, now: datetime) -> tuple[Waiting, ...]:
        chosen = await self.store.notices.settings(timer.user_id)
        if chosen.digest_at is None or chosen.time_zone is None:
            return ()
        where, at = zone(chosen.time_zone), parse_time(chosen.digest_at)
        due = parse_iso(timer.due_at)
        following = iso(next_at(max(now, due), at, where))
        if not await self.store.notices.claim_digest(timer, local_day(due, where), following):
            await self.store.notices.postpone_digest(timer, following)
            return ()
        return await self.waiting(timer.user_id)

    async def waiting(self, user_id: int) -> tuple[Waiting, ...]:
        """Every game in every server where it is this player's turn or a vote waits on them."""
        turns = [
            Waiting(info(s), False)
            for s in self.games.ongoing()
            if s.status == "active" and _moves(s, user_id)
        ]
        votes = []
        for vote in await self.store.notices.waiting_votes(user_id):
            s = self.games.held(vote.game_id)
            if s is not None:
                votes.append(Waiting(info(s), True))
        return tuple(sorted(turns + votes, key=lambda w: (w.info.game_id, w.vote)))


def _moves(s: LiveGame, user_id: int) -> bool:
    """The person `user_id` is to move in `s` (not the automatic player in their seat)."""
    seat = s.to_move()
    player = None if seat is None else s.user_at(seat)
    return player is not None and player.user_id == user_id and not player.automatic


def _changed(chosen: NoticeSettings, change: NoticeChange) -> NoticeSettings:
    """The stored choices with the change applied; a ServiceError if any part is wrong."""
    if change.time_zone is not None:
        chosen = replace(chosen, time_zone=zone(change.time_zone).key)
    if change.quiet_off:
        chosen = replace(chosen, quiet_from=None, quiet_to=None)
    elif change.quiet_on or change.quiet_from is not None or change.quiet_to is not None:
        chosen = _quiet(chosen, change)
    if change.heads_up is not None:
        chosen = replace(chosen, heads_up=change.heads_up)
    if change.via is not None:
        if change.via not in VIA:  # only a modified client sends another
            raise UnknownVia(say("notify.bad_via", given=change.via[:20]))
        chosen = replace(chosen, via=change.via)
    if change.digest is False:
        chosen = replace(chosen, digest_at=None)
    elif change.digest or change.digest_at is not None:
        at = DIGEST_DEFAULT if change.digest_at is None else parse_time(change.digest_at)
        if change.digest_at is None and chosen.digest_at is not None:
            at = parse_time(chosen.digest_at)
        chosen = replace(chosen, digest_at=clock_text(at))
    needs_zone = chosen.digest_at is not None or chosen.quiet_from is not None
    if needs_zone and chosen.time_zone is None:
        raise NoZone(say("notify.no_zone"))
    return chosen


def _quiet(chosen: NoticeSettings, change: NoticeChange) -> NoticeSettings:
    """New quiet hours: both ends (one may be kept from before), never beginning as they end."""
    start = change.quiet_from if change.quiet_from is not None else chosen.quiet_from
    end = change.quiet_to if change.quiet_to is not None else chosen.quiet_to
    if start is None or end is None:
        raise HalfQuietHours(say("notify.half_quiet"))
    begins, ends = parse_time(start), parse_time(end)
    if begins == ends:
        raise EmptyQuietHours(say("notify.empty_quiet", at=clock_text(begins)))
    return replace(chosen, quiet_from=clock_text(begins), quiet_to=clock_text(ends))
