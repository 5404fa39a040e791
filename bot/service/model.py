"""What the service hands to cogs: frozen, small, Discord-free records."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.engine import Outcome, View, ViewContext
from bot.i18n import say

# A computer seat's name in each level's words (stored in English: "Computer (normal)").
COMPUTER_NAMES = {
    "easy": "table.computer_easy",
    "normal": "table.computer_normal",
    "hard": "table.computer_hard",
}


@dataclass(frozen=True, slots=True)
class Player:
    """A user in a game; `seat` is None while the game is a lobby."""

    user_id: int
    name: str
    join_order: int
    seat: int | None = None
    dm_ok: bool = True
    automatic: bool = False  # the automatic player holds the seat now
    departure: str | None = None  # why the player left it: "resigned" or "timed out"
    level: str | None = None  # a computer player seated from the lobby, at this level

    @property
    def computer(self) -> bool:
        """A computer player from the lobby on: no person behind it, no DMs, no pings."""
        return self.level is not None

    @property
    def shown_name(self) -> str:
        """The name boards, images and messages show: a computer seat as a message, so every
        reader gets it in their own words ("Computer (schwer)"); a person as they are called."""
        key = COMPUTER_NAMES.get(self.level or "") if self.computer else None
        return self.name if key is None else say(key)


@dataclass(frozen=True, slots=True)
class Choice:
    """One legal action: the code buttons and /move send, and the words a player reads."""

    code: str
    text: str


@dataclass(frozen=True, slots=True)
class Turn:
    """Who must decide now in an active game, at which version, and their choices."""

    version: int
    seat: int
    user_id: int
    choices: tuple[Choice, ...]
    automatic: bool = False  # the automatic player decides; nobody is asked
    back: bool = False  # the mover may take back their own last decision at once (Back)


HINTS, OFF = "hints", "off"  # games.flags["hints"] = "off": the game's players get no /hint
# games.flags["left"]: the seats handed to the automatic player, in the order their players
# left (a pod game the last person resigns is ranked by it: who stayed longest first).
LEFT_IN_ORDER = "left"
OWN_THREAD = "own"  # games.flags["thread"] of a game played in a thread the bot opened for it
SEATED, IN_ORDER = "seated", "in_order"  # a league game keeps its table's seat order at start


@dataclass(frozen=True, slots=True)
class RematchPlace:
    """Where a rematch of a game over opens: its channel, in a new thread if it had its own."""

    title: str
    channel_id: int
    own_thread: bool


@dataclass(frozen=True, slots=True)
class GameInfo:
    """A read-only picture of one game for lobby messages, lists and buttons."""

    game_id: int
    game_type: str
    title: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    message_id: int | None
    status: str
    version: int
    host_id: int
    options: dict[str, str]
    players: tuple[Player, ...]
    to_move: int | None = None
    outcome: Outcome | None = None
    min_players: int = 1
    max_players: int = 1
    message_version: int | None = None  # the version the game message shows, if recorded
    pace: str = ""
    turn_since: datetime | None = None  # when the seat to move began its turn
    turn_due: datetime | None = None  # when its turn clock runs out
    own_thread: bool = False  # the bot opened its thread for it (and archives it at the end)
    has_hands: bool = True  # False: no seat ever sees more than the board (no hand DM, no button)
    hints: bool = True  # /hint may suggest moves (the platform option hints=off turns it off)

    @property
    def free_seats(self) -> int:
        """How many more players (people or computers) the lobby can seat."""
        return max(0, self.max_players - len(self.players))

    @property
    def link(self) -> str | None:
        """A jump link to the game message, once there is one."""
        if self.guild_id is None or self.message_id is None:
            return None
        return f"https://discord.com/channels/{self.guild_id}/{self.place_id}/{self.message_id}"

    @property
    def place_id(self) -> int:
        """The channel or thread the game is played in."""
        return self.thread_id if self.thread_id is not None else self.channel_id

    @property
    def to_move_user(self) -> int | None:
        """The user id of the seat to move, if any."""
        return None if self.to_move is None else self.user_at(self.to_move)

    def user_at(self, seat: int) -> int | None:
        """The user id sitting at `seat`."""
        return next((p.user_id for p in self.players if p.seat == seat), None)


@dataclass(frozen=True, slots=True)
class Board:
    """What the game message shows, taken under the game's lock at one committed version.

    `view` is the game's public view, untouched; `context` is what the platform adds beside
    it (names, status, a platform-made result). `turn` is None once the game is over; when
    `hidden_choices` is true only the mover may see `turn.choices` (they would show a hand).
    """

    info: GameInfo
    view: View
    context: ViewContext
    turn: Turn | None
    hidden_choices: bool
    since: tuple[str, ...] | None = None  # public lines since the mover last acted (None: unknown)

    @property
    def public_choices(self) -> tuple[Choice, ...] | None:
        """The choices a public message may show; None when only the mover may see them."""
        if self.turn is None or self.hidden_choices:
            return None
        return self.turn.choices


@dataclass(frozen=True, slots=True)
class Hand:
    """One player's private view (public view + seat + private) and the context to draw it."""

    info: GameInfo
    player: Player
    seat: int
    view: View
    context: ViewContext


@dataclass(frozen=True, slots=True)
class Started:
    """A game that just left its lobby: the first board and every seat's hand."""

    board: Board
    hands: tuple[Hand, ...]

    @property
    def info(self) -> GameInfo:
        """The game as it is now (active)."""
        return self.board.info


@dataclass(frozen=True, slots=True)
class MoveResult:
    """What one accepted move did, with everything needed to show it; already committed.

    `board` and `hands` were taken under the game's lock at the version the move committed,
    so the caller never asks again: `hands` are the seats whose private part changed.
    """

    seat: int
    description: str
    public_lines: tuple[str, ...]
    board: Board
    hands: tuple[Hand, ...]

    @property
    def same_mover(self) -> bool:
        """The seat that moved decides again (the game message is redrawn in place)."""
        return self.board.info.to_move == self.seat
