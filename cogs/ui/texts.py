"""The words on lobby, game, hand and final messages (public facts only)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import discord

from bot.i18n import ENGLISH, LIST_COMMA, entries, listing, named, say, words
from bot.service import Board, GameInfo, Player, View
from cogs.ui.clocktexts import pace_name, when
from cogs.ui.replies import clip
from rendering.kit import name_seats

EN = ENGLISH


def _mention(user_id: int) -> str:
    return f"<@{user_id}>"


# A lobby option's name is the game's variant message `<game>.variant.<option>` where the game
# has one (Ilium's "Strategic Expeditions"), else the name as typed; on/off are ours.
OPTION_VALUES = {"on": "table.option.on", "off": "table.option.off"}


def player_name(player: Player, language: str = EN) -> str:
    """A player's name as shown: a computer seat in the reader's words ("Computer (leicht)")."""
    return words(player.shown_name, language)


def _who(player: Player, language: str = EN) -> str:
    """A person is mentioned; a computer seat ("Computer (normal)") and a seat the automatic
    player took over are named without pinging anyone."""
    if player.computer:
        return player_name(player, language)
    if player.automatic:
        return words(say("table.automatic_name", player=player.name), language)
    return _mention(player.user_id)


def option_words(game_type: str, options: dict[str, str], language: str = EN) -> str:
    """A lobby's options as 'Strategic Expeditions: on', in the server's language."""

    def name(option: str) -> str:
        key = f"{game_type}.variant.{option}"
        return words(say(key), language) if key in entries(EN) else option

    def value(chosen: str) -> str:
        return named(OPTION_VALUES, chosen, language)

    shown = (f"{name(k)}: {value(v)}" for k, v in sorted(options.items()))
    return words(listing(shown, LIST_COMMA), language)


def lobby_text(info: GameInfo, language: str = EN, notes: Mapping[int, str] | None = None) -> str:
    """Game, player range, options and seats of a lobby (or what became of it); `notes`
    (by user id) go beside the names (a player's reliability)."""

    def said(key: str, **params: object) -> str:
        return words(say(key, **params), language)

    if info.status in ("cancelled", "abandoned"):
        key = "table.lobby_cancelled" if info.status == "cancelled" else "table.lobby_abandoned"
        return said(key, title=info.title)
    players = sorted(info.players, key=lambda p: p.join_order)
    host = said("table.host")
    seats = "\n".join(
        f"{n}. {_who(p, language)}{host if p.user_id == info.host_id else ''}"
        + (f" · {notes[p.user_id]}" if notes and p.user_id in notes else "")
        for n, p in enumerate(players, 1)
    )
    options = option_words(info.game_type, info.options, language)
    count = f"{info.min_players}–{info.max_players}"
    if info.min_players == info.max_players:
        count = str(info.min_players)
    head = said("table.lobby_head", title=info.title, count=count)
    head += f" ({options})" if options else ""
    head += said("table.lobby_pace", pace=pace_name(info.pace, language)) if info.pace else ""
    head += said("table.hints_off") if not info.hints else ""
    if info.status != "lobby":
        return clip(said("table.lobby_started", head=head, seats=seats))
    room = said("table.lobby_room", count=len(players), most=info.max_players)
    return clip(said("table.lobby_open", head=head, room=room, seats=seats))


def mover_words(info: GameInfo, language: str = EN) -> str | None:
    """Who is to move, as a line about the game names them: a person mentioned, a computer
    seat by name (its id is no Discord user); None when nobody is."""
    player = next((p for p in info.players if p.seat is not None and p.seat == info.to_move), None)
    return None if player is None else _who(player, language)


def _seat_label(board: Board, seat: int, language: str = EN) -> str:
    """The mover as a mention with their seat's name, e.g. '<@1> (Achilles)'."""
    name = _seat_name(board.view, seat, language)
    player = next((p for p in board.info.players if p.seat == seat), None)
    if player is not None and player.computer:
        return f"{player_name(player, language)} ({name})"
    if player is not None and player.automatic:
        return words(say("table.automatic_seat", seat=name, player=player.name), language)
    return f"{_mention(player.user_id)} ({name})" if player is not None else name


def _seat_name(view: View, seat: int, language: str = EN) -> str:
    seats = view["seats"]
    if 0 <= seat < len(seats):
        return words(seats[seat], language)
    return words(say("service.seat_number", number=seat + 1), language)


def prompt_words(view: View, seat: int, language: str = EN) -> str:
    """What the mover decides, from the game's prompt, without the seat's name in front
    ('Hector: …', or French 'Hector : …')."""
    fallback = words(say("table.make_a_move"), language)
    prompt = words(view.get("prompt") or fallback, language).strip()
    name = _seat_name(view, seat, language)
    rest = prompt[len(name) :].lstrip(" \u202f\u00a0") if prompt.startswith(name) else ""
    if rest.startswith(":"):
        prompt = rest[1:].strip()
    return prompt.rstrip(". ") or fallback


def _sentence(words: str) -> str:
    """Words ending in one stop: a question keeps its '?', nothing gets '?.' or '..'."""
    return words if words.endswith(("?", "!", ".")) else f"{words}."


def game_text(board: Board, language: str = EN) -> str:
    """Whose turn it is and what they decide, plus the last thing that happened."""
    lines = [f"**{words(board.info.title, language)}**"]
    if board.turn is not None:
        seat = board.turn.seat
        prompt = _sentence(prompt_words(board.view, seat, language))
        who = _seat_label(board, seat, language)
        lines.append(words(say("table.to_move", who=who, prompt=prompt), language))
        info = board.info
        if info.pace and info.turn_due is not None:
            shown = pace_name(info.pace, language)
            pace = say("table.pace", pace=shown, ends=when(info.turn_due))
            lines.append(words(pace, language))
    lines += recent_lines(board, language)
    scores = score_line(board, language)
    if scores:
        lines.append(scores)
    return clip("\n".join(lines))


SINCE_ROOM = 1400  # characters the event list may take of a message's 2000


def recent_lines(board: Board, language: str = EN) -> list[str]:
    """Every public event since the mover last acted (the latest that fit), else the last one."""
    since, log = board.since, board.view["log"]
    if not since or board.turn is None:
        return [words(say("table.last", line=log[-1]), language)] if log else []
    seat = board.turn.seat
    acted = len(since) < len(log)
    head = (
        say("table.since", seat=_seat_name(board.view, seat, language))
        if acted
        else say("table.so_far")
    )
    kept: list[str] = []
    room = SINCE_ROOM
    for line in reversed(since):
        bullet = f"• {clip(words(line, language), 300)}"
        if len(bullet) + 1 > room:
            break
        kept.append(bullet)
        room -= len(bullet) + 1
    dropped = len(since) - len(kept)
    more = say("table.earlier_one" if dropped == 1 else "table.earlier", count=dropped)
    earlier = [f"• … {words(more, language)}"] if dropped else []
    return [words(head, language), *earlier, *reversed(kept)]


def running_scores(view: View) -> list[int] | None:
    """Each seat's score so far, where a game shows one publicly under the shared `scores` key
    (a list of numbers, one per seat); None for a game that keeps none (Ilium: its points hang
    on hidden historians)."""
    raw: Any = view
    scores = raw.get("scores")
    if isinstance(scores, list) and all(isinstance(score, int) for score in scores):
        return list(scores)
    return None


def _plain_name(name: str) -> str:
    """A display name shown as written: no markdown, and no '@everyone' that pings."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(name))


def score_line(board: Board, language: str = EN) -> str:
    """'Scores: Hector (alice) 3 · Achilles (bob) 5', for reading without zooming the image."""
    scores = running_scores(board.view)
    if scores is None:
        return ""
    names = {p.seat: player_name(p, language) for p in board.info.players if p.seat is not None}
    parts = []
    for seat, score in enumerate(scores):
        seat_name = _seat_name(board.view, seat, language)
        player = _plain_name(names.get(seat, ""))
        who = f"{seat_name} ({player})" if player and player != seat_name else seat_name
        parts.append(f"{who} {score}")
    return words(say("table.scores", scores=" · ".join(parts)), language)


ORDINALS = {1: "table.place_st", 2: "table.place_nd", 3: "table.place_rd"}


def _place(rank: int, language: str = EN) -> str:
    """1st, 2nd, 3rd, 4th … (11th-13th too); 1., 2. in German, 1er, 2e in French."""
    key = "table.place_th" if 10 <= rank % 100 <= 20 else ORDINALS.get(rank % 10, "table.place_th")
    return words(say("table.place_first" if rank == 1 else key, rank=rank), language)


def standings(info: GameInfo, seats: Sequence[str] = (), language: str = EN) -> list[str]:
    """Every seat by place with its player and score, e.g. '1st <@1> (Hector): 46'."""
    outcome = info.outcome
    if outcome is None:
        return []
    seats = [words(name, language) for name in seats]  # Ilium's colours are messages
    by_seat = {p.seat: p for p in info.players if p.seat is not None}
    order = sorted(range(len(outcome.ranking)), key=lambda seat: (outcome.ranking[seat], seat))
    lines = []
    for seat in order:
        player = by_seat.get(seat)
        seat_name = seats[seat] if seat < len(seats) else ""
        unseated = seat_name or words(say("service.seat_number", number=seat + 1), language)
        who = _who(player, language) if player is not None else unseated
        if player is not None and seat_name:
            who += f" ({seat_name})"
        score = outcome.scores[seat] if seat < len(outcome.scores) else 0
        lines.append(f"{_place(outcome.ranking[seat], language)} {who}: {score}")
    return lines


def _named_summary(info: GameInfo, seats: Sequence[str], summary: str, language: str = EN) -> str:
    """The result sentence with each winner's seat followed by its player ("Green (carol)
    wins"): engines name seats, and a colour or a hero says nothing about who won."""
    outcome = info.outcome
    if outcome is None:
        return summary
    names = {
        p.seat: _plain_name(player_name(p, language)) for p in info.players if p.seat is not None
    }
    labels = {
        seat: f"{seats[seat]} ({names[seat]})"
        for seat in outcome.winners
        if seat < len(seats) and names.get(seat) and names[seat] != seats[seat]
    }
    return name_seats(summary, seats, labels)


def final_text(info: GameInfo, seats: Sequence[str] = (), language: str = EN) -> str:
    """The result: every player by ranking with their score, then the breakdown."""
    outcome = info.outcome
    over = words(say("table.over", title=info.title), language)
    if outcome is None:
        return over
    seats = [words(name, language) for name in seats]  # Ilium's colours are messages
    lines = [f"{over} {_named_summary(info, seats, words(outcome.summary, language), language)}"]
    placed = standings(info, seats, language)
    lines += [f"**{line}**" if n == 0 else line for n, line in enumerate(placed)]
    lines += [f"• {words(line, language)}" for line in outcome.breakdown]
    return clip("\n".join(lines))


def hand_text(info: GameInfo, player: Player, language: str = EN) -> str:
    """The caption of a private hand image: which game and where."""
    key = "table.hand" if info.status == "active" else "table.hand_ended"
    caption = say(key, title=info.title, place=f"<#{info.place_id}>", game=info.game_id)
    return words(caption, language)


def turn_note(info: GameInfo, user_id: int, link: str, language: str = EN) -> str:
    """The short note that pings the next player when the turn passes (the board is edited)."""
    where = f": {link}" if link else "."
    note = say("table.your_turn", who=_mention(user_id), title=info.title, game=info.game_id)
    return f"{words(note, language)}{where}"


def end_note(info: GameInfo, link: str, language: str = EN, seats: Sequence[str] = ()) -> str:
    """The short note that tells the players a game is over, with every place and score (each
    player with their seat, so two computers of one level read apart: 'Yellow', 'Red')."""
    where = f" {link}" if link else ""
    head = words(say("table.game_over", title=info.title, game=info.game_id), language)
    if info.outcome is None:
        players = " ".join(_mention(p.user_id) for p in info.players if not p.automatic)
        return clip(f"{players} {head}{where}")
    seats = [words(name, language) for name in seats]  # Ilium's colours are messages
    summary = _named_summary(info, seats, words(info.outcome.summary, language), language)
    places = " · ".join(standings(info, seats, language))
    return clip(f"{head} {summary} {places}{where}")
