"""Who may do what, and the refusals every feature shares: each one clear sentence."""

from __future__ import annotations

from typing import Any

from bot.engine import AnyGame
from bot.i18n import say
from bot.service.catalogue import title_of
from bot.service.errors import GameOver, NotAPlayer, NotHost, NotInLobby, NotStarted, NotYourTurn
from bot.service.model import Player
from bot.service.state import LiveGame
from bot.store import NOBODY

STALE = say("service.stale")


def short(text: str, limit: int = 60) -> str:
    """Text cut to `limit` characters for quoting it back to a player."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def label(game: AnyGame, game_id: int) -> str:
    """How messages name a game: its title and number."""
    return say("service.game_label", title=title_of(game), game=game_id)


def title(s: LiveGame) -> str:
    """How messages name this game: its title and number."""
    return label(s.game, s.game_id)


def turn_code(game: AnyGame, state: Any) -> int:
    """The seat to move as the start-up index stores it beside the snapshot (NOBODY: none)."""
    seat = game.to_move(state)
    return NOBODY if seat is None else seat


def status_error(title: str, status: str, wanted: tuple[str, ...]) -> Exception:
    """The refusal for a game whose status is not one of `wanted`."""
    if status == "lobby":
        return NotStarted(say("service.status.lobby", title=title))
    if status == "active":
        return NotInLobby(say("service.status.active", title=title))
    ended = {"cancelled": "service.status.cancelled", "abandoned": "service.status.abandoned"}
    return GameOver(say(ended.get(status, "service.status.over"), title=title))


def player_of(s: LiveGame, user_id: int) -> Player:
    """The caller's place in the game, or the refusal for someone not playing."""
    player = s.player(user_id)
    if player is None:
        raise NotAPlayer(say("service.not_playing", title=title(s)))
    return player


def active_seat(s: LiveGame, user_id: int) -> int:
    """The caller's seat while they still hold it; refused once it is the computer's."""
    player = player_of(s, user_id)
    if player.automatic:
        raise NotAPlayer(say("service.left", title=title(s)))
    assert player.seat is not None
    return player.seat


def host_only(s: LiveGame, user_id: int, key: str) -> None:
    """Refuse anyone but the host; `key` is the refusal's message (its `title` filled)."""
    if user_id != s.record.host_id:
        raise NotHost(say(key, title=title(s)))


def mover(s: LiveGame, user_id: int) -> int:
    """The caller's seat, if they are the one to move now; else the right refusal."""
    seat = active_seat(s, user_id)
    to_move = s.game.to_move(s.state)
    if seat != to_move:
        who = s.user_at(to_move) if to_move is not None else None
        name: str = who.name if who is not None else say("service.someone_else")
        if who is not None and who.automatic:
            name = say("service.the_automatic_player")
        raise NotYourTurn(say("service.not_your_turn", name=name))
    return seat


def others(s: LiveGame, *, besides: int) -> tuple[int, ...]:
    """The people seated in the game but `besides` (a user id): who the table asks."""
    return tuple(p.user_id for p in s.players if not p.automatic and p.user_id != besides)
