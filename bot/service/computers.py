"""Computer players seated from the lobby, and /hint: the computer's suggestion for a person.

A computer seat is a seats row with `controller = 'auto'`, a level and a synthetic negative
user id (see data/migrations/0009_computer_seats.sql); in memory it is a `Player` with
`automatic` and `level` set, named "Computer (<level>)" everywhere a name is shown. From then
on it is played exactly like a seat the automatic player took over: no DMs, no reminders, no
turn clock, no vote.
"""

from __future__ import annotations

from dataclasses import dataclass

from bot.ai import LEVELS, NORMAL
from bot.i18n import say
from bot.service.errors import (
    InvalidOptions,
    LobbyFull,
    NotAPlayer,
    NotYourTurn,
    ServiceError,
)
from bot.service.model import HINTS, OFF, GameInfo, Player, Session
from bot.service.seats import AutomaticSeats
from bot.service.sessions import label

ON = "on"
PLATFORM_OPTIONS = {HINTS: (ON, OFF)}  # options every game accepts; kept in flags, not options


class HintsOff(ServiceError):
    """The game was opened with hints=off."""


@dataclass(frozen=True, slots=True)
class Hint:
    """The computer's suggestion for the caller's own decision, and its estimated win chance."""

    info: GameInfo
    seat: int
    text: str
    win_chance: float | None


def computer_name(level: str) -> str:
    """How a computer seat is named everywhere: lobby, boards, images and results."""
    return f"Computer ({level})"


def check_level(level: str | None) -> str:
    """A known level (default normal), or a refusal naming the levels."""
    chosen = (level or NORMAL).strip().lower()
    if chosen not in LEVELS:
        raise InvalidOptions(say("service.level", levels=", ".join(LEVELS)))
    return chosen


def platform_options(options: dict[str, object]) -> dict[str, str]:
    """Take the platform's options (hints=on/off) out of `options`; the flags they set."""
    flags: dict[str, str] = {}
    for name, allowed in PLATFORM_OPTIONS.items():
        if name not in options:
            continue
        value = str(options.pop(name)).lower()
        if value not in allowed:
            raise InvalidOptions(say("service.option_values", name=name, values=", ".join(allowed)))
        if value == OFF:
            flags[name] = OFF
    return flags


def computer_id(join_order: int) -> int:
    """The synthetic user id of a computer seat: below zero, so never a Discord user's."""
    return -(join_order + 1)


class Computers(AutomaticSeats):
    """Adding and removing computer players in a lobby, and hints during play."""

    def _host_only(self, s: Session, user_id: int, key: str) -> None:
        raise NotImplementedError

    async def add_computer(self, game_id: int, user_id: int, level: str | None) -> GameInfo:
        """Host only: a computer player at `level` takes one free seat of the lobby."""
        chosen = check_level(level)
        async with self._locked(game_id, "lobby") as s:
            self._host_only(s, user_id, "service.host_only.add_computer")
            if len(s.players) >= s.game.spec.max_players:
                title = label(s.game, game_id)
                raise LobbyFull(say("service.full", title=title, count=s.game.spec.max_players))
            order = max(p.join_order for p in s.players) + 1
            player = Player(
                computer_id(order), computer_name(chosen), order, automatic=True, level=chosen
            )
            write = self.store.seats.add_computer(
                game_id, s.version, player.user_id, player.name, chosen
            )
            s.version = await self._write(s, write)
            s.players.append(player)
            return self._info(s)

    async def remove_computer(self, game_id: int, user_id: int) -> GameInfo:
        """Host only: the computer player who joined last leaves the lobby."""
        async with self._locked(game_id, "lobby") as s:
            self._host_only(s, user_id, "service.host_only.remove_computer")
            computers = [p for p in s.players if p.computer]
            if not computers:
                raise NotAPlayer(say("service.no_computer", title=label(s.game, game_id)))
            gone = max(computers, key=lambda p: p.join_order)
            write = self.store.seats.remove(game_id, s.version, gone.user_id)
            s.version = await self._write(s, write)
            s.players = [p for p in s.players if p.user_id != gone.user_id]
            return self._info(s)

    def _hint_seat(self, s: Session, user_id: int) -> int:
        """The caller's seat if a hint may be given now; else the refusal, in words."""
        if s.flags.get(HINTS) == OFF:
            raise HintsOff(say("service.hints_off", title=label(s.game, s.game_id)))
        seat = self._active_seat(s, user_id)
        if s.to_move() != seat:
            raise NotYourTurn(say("service.hint_not_your_turn", title=label(s.game, s.game_id)))
        return seat

    async def check_hint(self, game_id: int, user_id: int) -> None:
        """Refuse a /hint that `hint` would refuse, before the interaction is deferred."""
        self._hint_seat(await self._require(game_id, ("active",)), user_id)

    async def hint(self, game_id: int, user_id: int) -> Hint:
        """The computer's suggestion (at normal) for the caller's own decision, now.

        Only the caller's seat is asked about, and only on their turn: the thought sees the
        real state but the computer reads what the seat cannot see only through
        `resample_hidden` for that seat, so the hint reveals nothing of the others' secrets.
        """
        s = await self._require(game_id, ("active",))
        async with s.lock:
            seat = self._hint_seat(s, user_id)
            state, version = s.state, s.version
        decision = await self.thinker.decide(s.game, state, seat, s.seed, version, NORMAL)
        text = s.game.describe(s.game.decode(decision.code), state)
        return Hint(self._info(s), seat, text, decision.win_chance)
