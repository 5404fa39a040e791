"""The words on lobby, game, hand and final messages (public facts only)."""

from __future__ import annotations

from typing import Any

from bot.service import GameInfo, Player, Turn


def _mention(user_id: int) -> str:
    return f"<@{user_id}>"


def lobby_text(info: GameInfo) -> str:
    """Game, player range, options and seats of a lobby (or what became of it)."""
    if info.status == "cancelled":
        return f"~~{info.title} lobby~~ cancelled."
    if info.status == "abandoned":
        return f"~~{info.title} lobby~~ abandoned."
    players = sorted(info.players, key=lambda p: p.join_order)
    seats = "\n".join(
        f"{n}. {_mention(p.user_id)}{' (host)' if p.user_id == info.host_id else ''}"
        for n, p in enumerate(players, 1)
    )
    options = ", ".join(f"{k}: {v}" for k, v in sorted(info.options.items()))
    count = f"{info.min_players}–{info.max_players}"
    if info.min_players == info.max_players:
        count = str(info.min_players)
    head = f"**{info.title}** for {count} players"
    head += f" ({options})" if options else ""
    if info.status != "lobby":
        return f"{head}: started with\n{seats}"
    room = f"{len(players)}/{info.max_players} joined"
    return f"{head} — {room}. Join, then the host presses Start.\n{seats}"


def _seat_label(info: GameInfo, view: dict[str, Any], seat: int) -> str:
    seats = view.get("seats") or []
    name = seats[seat] if seat < len(seats) else f"seat {seat + 1}"
    user = info.user_at(seat)
    return f"{_mention(user)} ({name})" if user is not None else name


def game_text(info: GameInfo, turn: Turn | None, view: dict[str, Any]) -> str:
    """Whose turn it is and what they decide, plus the last thing that happened."""
    lines = [f"**{info.title}**"]
    if turn is not None:
        prompt = str(view.get("prompt") or "make a move")
        what = prompt.split(": ", 1)[-1]
        lines.append(f"{_seat_label(info, view, turn.seat)} to move: {what}.")
    log = view.get("log") or []
    if log:
        lines.append(f"Last: {log[-1]}")
    return "\n".join(lines)


def final_text(info: GameInfo) -> str:
    """The result with its breakdown, readable without the image."""
    outcome = info.outcome
    if outcome is None:
        return f"**{info.title}** is over."
    lines = [f"**{info.title}** is over. {outcome.summary}"]
    lines += [f"• {line}" for line in outcome.breakdown]
    return "\n".join(lines)


def hand_text(info: GameInfo, player: Player) -> str:
    """The caption of a private hand image: which game and where."""
    return f"Your hand in **{info.title}** in <#{info.place_id}> (game {info.game_id})."
