"""What every game's table says the same way: seats with their players, the headline, who won."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from bot.engine.view import ViewContext
from rendering.kit.fonts import wrap_text


def require_view(view: object) -> Mapping[str, Any]:
    """Renderers draw view dicts only: refuse engine states and anything else."""
    if not isinstance(view, Mapping):
        raise TypeError(f"a renderer takes a view mapping, not {type(view).__name__}")
    return view


def seat_label(context: ViewContext, seat: int, seats: Sequence[str]) -> str:
    """A seat with its player's name ("Hector — alice"), or the seat's name alone."""
    game_name = context.words(seats[seat]) if 0 <= seat < len(seats) else f"seat {seat + 1}"
    player = context.name(seat, seats)
    return game_name if player == game_name else f"{game_name} — {player}"


NAME_IN_SENTENCE = 16  # characters of a player's name kept inside a headline sentence


def seat_in_sentence(context: ViewContext, seat: int, seats: Sequence[str]) -> str:
    """A seat named inside a sentence with its player ("Green (carol)"), a long name clipped so
    the sentence's own words still fit a one-line bar; the seat alone when no name is known."""
    game_name = context.words(seats[seat]) if 0 <= seat < len(seats) else f"seat {seat + 1}"
    player = context.name(seat, seats)
    if player == game_name:
        return game_name
    if len(player) > NAME_IN_SENTENCE:
        player = player[: NAME_IN_SENTENCE - 1].rstrip() + "…"
    return f"{game_name} ({player})"


def name_seats(text: str, seats: Sequence[str], labels: Mapping[int, str]) -> str:
    """`text` with the first mention of each seat in `labels` replaced by its label, in one pass
    (so a player called like another seat is not named twice): engines' sentences say "Green
    wins" or "Hector: place a tile", and the reader wants to know who that is."""
    wanted = {seats[seat]: label for seat, label in labels.items() if 0 <= seat < len(seats)}
    wanted = {name: label for name, label in wanted.items() if name and label != name}
    if not wanted:
        return text
    names = sorted(wanted, key=len, reverse=True)
    pattern = re.compile(r"(?<!\w)(" + "|".join(map(re.escape, names)) + r")(?!\w)")
    done: set[str] = set()

    def label(match: re.Match[str]) -> str:
        name = match.group(1)
        if name in done:
            return name
        done.add(name)
        return wanted[name]

    return pattern.sub(label, text)


def headline(view: Mapping[str, Any], context: ViewContext) -> str:
    """The board's headline: the prompt naming the seat to move with its player, or the result
    naming the winners with theirs."""
    seats = [context.words(name) for name in view["seats"]]
    outcome = context.outcome(view)  # type: ignore[arg-type]
    if outcome:
        text = str(outcome["summary"]) or context.say("table.image.game_over")
        named = list(outcome["winners"])
    else:
        mover = view.get("to_move")
        text, named = context.words(view.get("prompt") or ""), [] if mover is None else [mover]
    labels = {seat: seat_in_sentence(context, seat, seats) for seat in named}
    return name_seats(text, seats, labels)


def headline_lines(
    view: Mapping[str, Any], context: ViewContext, size: int, width: int, most: int = 2
) -> tuple[str, ...]:
    """The headline as a board shows it: wrapped at `size` px to `width`, `most` lines."""
    return wrap_text(headline(view, context), size, width)[:most]


def headline_seat(view: Mapping[str, Any], context: ViewContext) -> int | None:
    """Whose colour the headline wears: the seat to move; once over, the one winner (nobody's
    after a draw or a shared win)."""
    result = context.outcome(view)  # type: ignore[arg-type]
    if result is None:
        mover = view.get("to_move")
        return None if mover is None else int(mover)
    winners = result.get("winners") or []
    return winners[0] if len(winners) == 1 else None


def winners(view: Mapping[str, Any], context: ViewContext) -> frozenset[int]:
    """The seats that won, once the game is over (the platform's result first); none before."""
    result = context.outcome(view)  # type: ignore[arg-type]
    return frozenset(result.get("winners") or []) if result is not None else frozenset()


@lru_cache(maxsize=8)
def reader(language: str) -> ViewContext:
    """A context knowing only the reader's language: the words of parts drawn once per language
    (legends, static layers), drawn as every other word on an image is, through ViewContext."""
    return ViewContext(language=language)
