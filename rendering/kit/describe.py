"""Words for a picture: what every game's alt text and text board say the same way.

A game's `words` module (rendering/<game>/words.py) writes its lines from the same view its
images are drawn from, most important first: whose turn and what they decide, the standings,
the last move, then the rest. `fit` keeps as many whole lines as a limit allows (Discord's
1,024 characters of an attachment's description, a message's 2,000), ending with "…".
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from bot.engine.view import ViewContext
from rendering.kit.table import headline

ALT_TEXT = 1024  # the longest description Discord keeps for an attachment
MORE = "…"
_ENDS = (".", "!", "?", "…", ":")


def sentence(text: object) -> str:
    """One line as a sentence: its spaces tidied, its first letter a capital, a full stop added
    unless it ends with a mark."""
    line = " ".join(str(text).split())
    line = line[:1].upper() + line[1:]
    return line if not line or line.endswith(_ENDS) else f"{line}."


def clip(text: str, limit: int) -> str:
    """`text` cut at a word to fit `limit` characters, "…" at the cut."""
    if len(text) <= limit:
        return text
    cut = text[: max(limit - len(MORE), 0)]
    if " " in cut[len(cut) // 2 :]:
        cut = cut.rsplit(" ", 1)[0]
    return cut.rstrip(" ,;:") + MORE


def fit(lines: Iterable[str], limit: int = ALT_TEXT) -> str:
    """The lines one per line, as many whole ones as fit in `limit` characters; when some are
    left out a last line "…" says so (a first line too long alone is cut at a word)."""
    shown = [line for line in lines if line]
    whole = "\n".join(shown)
    if len(whole) <= limit:
        return whole
    kept: list[str] = []
    used = len(MORE)
    for line in shown:
        if used + len(line) + 1 > limit:
            break
        kept.append(line)
        used += len(line) + 1
    if not kept:
        return clip(shown[0], limit)
    return "\n".join([*kept, MORE])


def seat_name(context: ViewContext, seat: int, seats: Sequence[str]) -> str:
    """A seat with its player in a sentence ("Hector (alice)"), never clipped: words have room."""
    game_name = context.words(seats[seat]) if 0 <= seat < len(seats) else f"{seat + 1}"
    player = context.name(seat, seats)
    return game_name if player == game_name else f"{game_name} ({player})"


def title(context: ViewContext, game_title: str) -> str:
    """The first line of a board's words: which game's board this is."""
    return sentence(context.say("table.words.board", title=game_title))


def whose_turn(view: Mapping[str, Any], context: ViewContext) -> str:
    """Who decides what now, naming the player (the game's prompt), or the result once over."""
    return sentence(headline(view, context))


def last_move(view: Mapping[str, Any], context: ViewContext) -> str:
    """The newest public line of the log, or nothing before the first."""
    log = view.get("log") or []
    if not log:
        return ""
    move = context.words(log[-1])
    outcome = context.outcome(view)  # type: ignore[arg-type]
    if outcome is not None and sentence(move) == sentence(outcome["summary"]):
        return ""  # the result's own line: the headline says it already
    return sentence(context.say("table.image.last_move", move=move))


def recent(view: Mapping[str, Any], context: ViewContext, count: int) -> list[str]:
    """The newest `count` public lines of the log, under a heading, oldest first."""
    log = list(view.get("log") or [])[-count:]
    if not log:
        return []
    heading = context.say("table.words.recent")
    return [heading, *(f"- {sentence(context.words(line))}" for line in log)]


def result(view: Mapping[str, Any], context: ViewContext) -> list[str]:
    """Once over: each line of the result's breakdown (the headline already says who won)."""
    outcome = context.outcome(view)  # type: ignore[arg-type]
    if outcome is None:
        return []
    return [sentence(line) for line in outcome.get("breakdown", [])]


def is_over(view: Mapping[str, Any], context: ViewContext) -> bool:
    """Whether the view shows a finished game (the platform's result counts too)."""
    return context.outcome(view) is not None  # type: ignore[arg-type]


def joined(context: ViewContext, items: Iterable[str]) -> str:
    """Items as a reader lists them ("a, b, c"), or the reader's "none"."""
    listed = [item for item in items if item]
    return ", ".join(listed) if listed else context.say("table.image.none")


def hand_turn(view: Mapping[str, Any], context: ViewContext, seat: int) -> str:
    """A hand's last line: "Your turn: …" to its owner when they decide, else who does what
    now, or that the game is over."""
    if is_over(view, context):
        return sentence(context.say("table.image.over"))
    prompt = context.words(view.get("prompt") or "")
    if view.get("to_move") == seat:
        asked = prompt.split(": ", 1)[-1].strip() or context.say("table.image.your_move")
        return sentence(context.say("table.image.your_turn", prompt=asked))
    return sentence(context.say("table.image.now", prompt=whose_turn(view, context)))
