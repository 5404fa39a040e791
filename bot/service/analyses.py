"""/analysis: a finished game weighed again by the computer, kept, and told to whoever asks.

Who may ask: anyone in the game's server once it has finished (the game's log, boards and
replay are every member's then, and its threads are public); a game of another server reads
as no game at all, as everywhere. A game still being played is refused (its players' hidden
cards are still secret, and the analysis reads every decision), so is one that ended without
a result (abandoned or cancelled: nothing to learn where it turned).

The first request stores a 'pending' row and queues the analysis (`bot.service.analysing`);
a request while it is queued or running joins it; a done row answers at once. At start,
`resume` begins every pending analysis again, once (a second restart during the same
analysis gives it up, telling its asker: it may be asked for again), and hands each result
to the caller to post for whoever asked first; a request arriving meanwhile, even before the
resumed one starts, joins the same job. A request cut short by a stop says which of the two
comes (`CutShort`).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from dataclasses import asdict, dataclass

from bot.ai.analysis import Analysis, Game, Plan
from bot.i18n import say
from bot.service.analysing import Analyst, Job, Listener
from bot.service.errors import GameNotOver, Restarting, ServiceError, database_down_told
from bot.service.model import GameInfo
from bot.service.records import Records
from bot.service.replays import ReplaySource
from bot.store import Store
from bot.store.analyses import DONE, AnalysisRow

log = logging.getLogger(__name__)

FINISHED = "finished"


class NothingToAnalyse(ServiceError):
    """The game ended without a result (abandoned or cancelled)."""


class CutShort(ServiceError):
    """The bot stops during the analysis; the message says whether the next start begins it
    again (posting it where it was asked) or gives it up (cut short twice)."""


@dataclass(frozen=True, slots=True)
class Asker:
    """Who asks for an analysis, where it is to be posted, and in which words."""

    user_id: int
    channel_id: int
    language: str


@dataclass(frozen=True, slots=True)
class Ready:
    """A game's analysis with what its message needs: names, /history's move numbers."""

    game_id: int
    title: str
    names: tuple[str, ...]  # per seat
    analysis: Analysis
    plan: Plan
    numbers: tuple[int, ...]  # per step, then the end: the move's number as /history has it
    stored: bool  # answered from storage, nothing computed


Post = Callable[[Ready, Asker], Awaitable[None]]
GivenUp = Callable[[Asker, str, int], Awaitable[None]]  # told: the game's title and number


@database_down_told
class Analyses:
    """Asks, joins and keeps analyses of finished games."""

    def __init__(self, records: Records, store: Store, analyst: Analyst) -> None:
        self.records = records
        self.store = store
        self.analyst = analyst

    @property
    def plan(self) -> Plan:
        """The CPU budget of every game's analysis."""
        return self.analyst.plan

    async def check(self, guild_id: int, number: int) -> GameInfo:
        """The finished game `number` of this server, or the refusal, before deferring."""
        shown = await self.records.pick_game(guild_id, 0, number)
        assert shown is not None  # a number always names a game, or is refused
        if shown.status in ("lobby", "active"):
            raise GameNotOver(say("service.analysis.not_over", title=shown.title, game=number))
        if shown.status != FINISHED:
            raise NothingToAnalyse(
                say("service.analysis.no_result", title=shown.title, game=number)
            )
        return shown

    def running(self, game_id: int) -> Job | None:
        """The game's analysis if it is queued or running now."""
        return self.analyst.running(game_id)

    async def ask(
        self, guild_id: int, number: int, asker: Asker, listener: Listener | None = None
    ) -> Ready:
        """The game's analysis: stored, joined, or computed now (`listener` hears progress)."""
        shown = await self.check(guild_id, number)
        source = await self.records.replay_source(guild_id, number, asker.user_id)
        row = await self.store.analyses.get(shown.game_id)
        if row is not None and row.status == DONE and row.result is not None:
            return await self._ready(source, Analysis.from_json(row.result), stored=True)
        seed = row.seed if row is not None else await self._asked(source, asker)
        job = self.analyst.start(shown.game_id, _match(source), seed)  # or the one under way
        try:
            return await self._finish(source, job, listener)
        except Restarting:
            raise await self._cut_short(shown) from None

    async def _cut_short(self, shown: GameInfo) -> CutShort:
        """What the asker reads when the bot stops: begun again at the start, or given up."""
        row = await self.store.analyses.get(shown.game_id)
        again = row is not None and row.status != DONE and row.starts <= 1
        key = "service.analysis.resumes" if again else "service.analysis.given_up"
        return CutShort(say(key, title=shown.title, game=shown.game_id))

    async def _asked(self, source: ReplaySource, asker: Asker) -> int:
        """Store the pending row; its seed is the game's own (the analysis draws apart from the
        game's and the computer players' draws), so the same game gives the same analysis."""
        game_id, seed = source.game_id, source.seed
        fresh = (asker.user_id, asker.channel_id, asker.language)
        if await self.store.analyses.ask(game_id, seed=seed, plan=asdict(self.plan), asker=fresh):
            return seed
        row = await self.store.analyses.get(game_id)
        return seed if row is None else row.seed

    async def resume(self, post: Post, given_up: GivenUp | None = None) -> list[asyncio.Task[None]]:
        """At start: every pending analysis begins again once, and is posted when ready; one
        cut short twice is dropped and its asker told (`given_up`)."""
        started = []
        for row in await self.store.analyses.pending():
            if row.starts > 1:
                log.warning("game #%s: its analysis was cut short twice; dropped", row.game_id)
                await self.store.analyses.drop(row.game_id)
                if given_up is not None:
                    await self._tell_given_up(row, given_up)
                continue
            await self.store.analyses.restarted(row.game_id)
            started.append(asyncio.ensure_future(self._resumed(row, post)))
        return started

    async def _tell_given_up(self, row: AnalysisRow, given_up: GivenUp) -> None:
        """The first asker of a dropped analysis hears it was given up (a failure is logged)."""
        try:
            entry = await self.store.records.entry(row.game_id)
            title = self.records.game_title(entry.game_type) if entry else f"#{row.game_id}"
            await given_up(Asker(row.asked_by, row.channel_id, row.language), title, row.game_id)
        except Exception:
            log.exception("game #%s: its asker was not told of the dropped analysis", row.game_id)

    async def _resumed(self, row: AnalysisRow, post: Post) -> None:
        """One pending analysis computed again and handed to `post`."""
        try:
            entry = await self.store.records.entry(row.game_id)
            assert entry is not None  # its row would have gone with the game
            guild = entry.guild_id or 0
            source = await self.records.replay_source(guild, row.game_id, row.asked_by)
            # Asked again since the start (or before this look): that job is joined, not doubled.
            job = self.analyst.start(row.game_id, _match(source), row.seed)
            ready = await self._finish(source, job, None)
            await post(ready, Asker(row.asked_by, row.channel_id, row.language))
        except Restarting:
            pass  # the bot stops again: the row stays pending
        except Exception:
            log.exception("game #%s: its analysis could not be resumed", row.game_id)

    async def _finish(self, source: ReplaySource, job: Job, listener: Listener | None) -> Ready:
        """Wait for the job; the first waiter to see it done stores it (once)."""
        try:
            steps = await self.analyst.wait(job, listener)
        except Restarting:
            raise
        except Exception:
            await self.store.analyses.drop(source.game_id)
            raise
        result = source.result or {}
        winners = [int(seat) for seat in result["winners"]] if "winners" in result else None
        analysis = await asyncio.to_thread(Analysis.of, job.match, self.plan, steps, winners)
        row = await self.store.analyses.get(source.game_id)
        if row is None or row.status != DONE:
            await self.store.analyses.finish(source.game_id, analysis.to_json())
        return await self._ready(source, analysis, stored=False)

    async def _ready(self, source: ReplaySource, analysis: Analysis, *, stored: bool) -> Ready:
        """The analysis with its names and /history's numbers (take-over lines counted)."""
        holders = await self.store.takeovers.holders(source.game_id)
        inserted = sorted(h.log_lines for h in holders)
        numbers = tuple(
            step.line + sum(1 for at in inserted if at < step.line) for step in analysis.steps
        )
        final = analysis.lines + len(inserted)
        return Ready(
            source.game_id,
            self.records.game_title(source.game.spec.id),
            tuple(seat.name for seat in source.seats),
            analysis,
            self.plan,
            (*numbers, final),
            stored,
        )


def _match(source: ReplaySource) -> Game:
    """The stored game as the analysis reads it."""
    moves = tuple((seat, code) for seat, code, _ in source.moves)
    return Game(source.game, len(source.seats), source.seed, dict(source.options), moves)
