"""The composition root: the repository, the committer, and each feature built with them.

Cogs call a feature's public methods (`service.lobby.join(...)`, `service.moves.move(...)`);
this class only builds and holds them, and loads the games at start.
"""

from __future__ import annotations

from bot.engine import get_game
from bot.service.analyses import Analyses
from bot.service.analysing import Analyst
from bot.service.boards import Boards
from bot.service.clock import TurnClocks
from bot.service.commit import Committer
from bot.service.computers import Computers
from bot.service.games import Games
from bot.service.hands import Hands
from bot.service.languages import Languages
from bot.service.league_deadlines import RoundDeadlines
from bot.service.leagues import Leagues
from bot.service.loading import COLLECTOR, GameLookup
from bot.service.lobby import Lobby
from bot.service.moves import Moves
from bot.service.notices import Notices
from bot.service.pace import Clock, utc_clock
from bot.service.pictures import Pictures
from bot.service.places import Places
from bot.service.ratings import Ratings
from bot.service.reading import BoardReading
from bot.service.records import Records
from bot.service.reliability import Reliability
from bot.service.seats import SeatTaking
from bot.service.thinking import Thinker
from bot.service.timers import Timers
from bot.service.undo import Undo
from bot.service.votes import TurnVotes
from bot.service.watching import Watching
from bot.store import Store


class GameService:
    """Every game operation a cog may ask for, one feature each; refusals raise ServiceError.

    `lookup` finds a game type's engine (tests add a toy game), `clock` is what deadlines are
    measured by, `thinker` runs the computer's decisions and `analyst` the analyses of finished
    games (both in the bot's process pool).
    """

    def __init__(
        self,
        store: Store,
        lookup: GameLookup = get_game,
        clock: Clock | None = None,
        thinker: Thinker | None = None,
        analyst: Analyst | None = None,
    ) -> None:
        self.store = store
        self.games = Games(store, lookup)
        pictures = Pictures(self.games.recent)
        self.clocks = TurnClocks(self.games, store, clock or utc_clock)
        commit = Committer(self.games, store, pictures, self.clocks)
        self.lobby = Lobby(self.games, commit, store, self.clocks, pictures)
        self.moves = Moves(self.games, commit, pictures)
        self.computers = Computers(self.games, commit, thinker)
        self.votes = TurnVotes(self.games, commit, store, self.clocks, pictures)
        self.undo = Undo(self.games, commit, store)
        self.notices = Notices(self.games, store, self.clocks)
        self.timers = Timers(self.games, store, self.clocks, self.notices)
        self.boards = Boards(self.games, store, pictures)
        self.hands = Hands(self.games, store, pictures)
        self.places = Places(self.games)
        self.records = Records(self.games, store)
        self.ratings = Ratings(store, lookup)
        self.languages = Languages(store)
        self.reading = BoardReading(store)
        self.leagues = Leagues(store, lookup, clock or utc_clock, self.lobby)
        self.league_deadlines = RoundDeadlines(
            self.games, commit, store, self.votes, pictures, clock or utc_clock
        )
        self.reliability = Reliability(store)
        self.seats = SeatTaking(self.games, commit, store, self.clocks, pictures)
        self.analyses = Analyses(self.records, store, Analyst() if analyst is None else analyst)
        self.watching = Watching(self.games, store, self.leagues)

    async def load(self) -> int:
        """At start: index every ongoing game, then restore the turn clocks; how many games."""
        with COLLECTOR.paused():
            loaded = await self.games.load()
            await self.clocks.restore()
        return loaded
