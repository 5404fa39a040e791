"""Endings the engine does not know about: a resignation is a game-level result.

A resignation never touches the engine state. The service ends the game with an Outcome it
builds itself (reason "resignation"): the resigning seat is ranked last, every other seat shares
first place, no points are counted (all scores 0). With two players the other player wins. The
Outcome is stored in games.result like an engine outcome, and the game's flags record
{"ended_by": "resignation", "resigned_seat": seat}, so views can tell the two apart.

Summaries and breakdowns are messages (`bot.i18n.say`); `stored_result` keeps their ids beside
the English in games.result, so a finished game reads in each reader's language.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from bot.engine import Outcome, OutcomeView, ranking_from_keys
from bot.engine.view import RESULT_WORDS
from bot.i18n import Text, from_json, say, to_json

RESIGNATION = "resignation"
TIMEOUT = "timeout"
DEADLINE = "deadline"  # a league game ended at its round's deadline, as scored so far
WORDS = RESULT_WORDS  # the key of games.result holding the messages behind its words
# The messages of a departure: nobody left, one winner, shared win, the departed seat's line.
RESIGNATION_WORDS = (
    "service.end.resigned_nobody",
    "service.end.resigned_wins",
    "service.end.resigned_share",
    "service.end.line_resigned",
)
TIMEOUT_WORDS = (
    "service.end.timeout_nobody",
    "service.end.timeout_wins",
    "service.end.timeout_share",
    "service.end.line_timeout",
)  # the key of games.result that holds the messages behind summary and breakdown


def _names(names: Sequence[str]) -> str:
    """'Ann', 'Ann and Ben', 'Ann, Ben and Cy' in the reader's language."""
    if len(names) <= 1:
        return "".join(names)
    return say("service.names", most=", ".join(names[:-1]), last=names[-1])


def timeout_outcome(seat: int, names: Sequence[str], departed: Sequence[int] = ()) -> Outcome:
    """The result when the others end a game whose turn at `seat` ran out (a forfeit)."""
    given = _departure(seat, names, departed, timed_out=True)
    return Outcome(
        scores=given.scores,
        ranking=given.ranking,
        reason=TIMEOUT,
        summary=given.summary,
        breakdown=given.breakdown,
    )


def resignation_outcome(
    resigned: int, names: Sequence[str], departed: Sequence[int] = ()
) -> Outcome:
    """The result when seat `resigned` gives up; `names` are display names by seat.

    `departed` are seats whose players left earlier (the automatic player held them), in the
    order they left: they rank last with the resigning seat, and the seats still played by
    people share first place. When nobody is left playing in a pod game (three or more
    seats), the places go by who stayed longest: the resigning seat first, then the others
    latest leaver first, so a pod ended by resignations ranks every seat. In a two-player game
    whose other seat the computer took, nobody wins: the result is shared.
    """
    return _departure(resigned, names, departed, timed_out=False)


def _departure(
    gone: int, names: Sequence[str], departed: Sequence[int], timed_out: bool
) -> Outcome:
    """A resignation's or a forfeit's outcome: the seats still played share first place."""
    players = len(names)
    if not 0 <= gone < players:
        raise ValueError(f"seat {gone} is not one of {players} seats")
    out = {gone, *departed}
    others = [name for seat, name in enumerate(names) if seat not in out]
    if not others and players > 2:
        return _by_leaving(gone, names, departed, timed_out)
    keys: list[tuple[int, ...]] = [(0,) if seat in out else (1,) for seat in range(players)]
    ends = TIMEOUT_WORDS if timed_out else RESIGNATION_WORDS
    if not others:  # two players, the other's seat already the computer's: a shared result
        summary = say(ends[0], name=names[gone])
    elif len(others) == 1:
        summary = say(ends[1], name=names[gone], winners=others[0])
    else:
        summary = say(ends[2], name=names[gone], winners=_names(others))

    def line(seat: int) -> Text:
        if seat == gone:
            return say(ends[3], name=names[seat])
        if seat in out:
            return say("service.end.line_left", name=names[seat])
        return say("service.end.line_playing", name=names[seat])

    return _departure_outcome(keys, summary, [line(seat) for seat in range(players)], timed_out)


def _by_leaving(
    gone: int, names: Sequence[str], departed: Sequence[int], timed_out: bool
) -> Outcome:
    """Nobody is left playing: who stayed longest ranks first (the seat ending it, then the
    earlier leavers, latest first)."""
    order = [seat for seat in departed if seat != gone]
    keys = [(order.index(seat) + 1 if seat in order else 0,) for seat in range(len(names))]
    keys[gone] = (len(order) + 1,)
    ranking = ranking_from_keys(list(keys))
    ends = TIMEOUT_WORDS if timed_out else RESIGNATION_WORDS
    lines = [
        say("service.end.line_left_place", name=name, place=ranking[seat])
        for seat, name in enumerate(names)
    ]
    summary = say(ends[0] if timed_out else "service.end.resigned_last", name=names[gone])
    return _departure_outcome(keys, summary, lines, timed_out)


def _departure_outcome(
    keys: Sequence[tuple[int, ...]], summary: Text, lines: Sequence[Text], timed_out: bool
) -> Outcome:
    """A departure's outcome: no points counted, places from `keys` (higher is better)."""
    return Outcome(
        scores=tuple(0 for _ in keys),
        ranking=ranking_from_keys(list(keys)),
        reason=TIMEOUT if timed_out else RESIGNATION,
        summary=summary,
        breakdown=tuple(lines),
    )


def scored_so_far(points: Sequence[int], names: Sequence[str]) -> Outcome:
    """The result when a league game is ended at its round's deadline: ranked by the game's
    own points as the position stands (equal points share a place)."""
    ranking = ranking_from_keys([(p,) for p in points])
    first = [name for name, place in zip(names, ranking, strict=True) if place == 1]
    key = "service.end.deadline_wins" if len(first) == 1 else "service.end.deadline_share"
    return Outcome(
        scores=tuple(points),
        ranking=ranking,
        reason=DEADLINE,
        summary=say(key, winners=_names(first)),
        breakdown=tuple(
            say("service.end.line_points", name=name, points=score)
            for name, score in zip(names, points, strict=True)
        ),
    )


def stored_result(outcome: Outcome) -> OutcomeView:
    """The outcome as games.result holds it: the English words plus the messages behind them."""
    lines = (outcome.summary, *outcome.breakdown)
    if not any(isinstance(line, Text) for line in lines):
        return outcome.to_dict()  # plain words: nothing to draw again
    result: dict[str, Any] = dict(outcome.to_dict())
    result[WORDS] = {
        "summary": to_json(outcome.summary),
        "breakdown": [to_json(line) for line in outcome.breakdown],
    }
    return cast("OutcomeView", result)


def read_result(result: Mapping[str, Any]) -> Outcome:
    """A stored result with its messages back (results stored before them stay English)."""
    outcome = Outcome.from_dict(result)
    said = result.get(WORDS)
    if not isinstance(said, dict):  # an engine's own outcome keeps the Text it was built with
        summary = result["summary"]
        return replace(outcome, summary=summary) if isinstance(summary, Text) else outcome
    summary = from_json(said.get("summary"))
    lines = [from_json(line) for line in said.get("breakdown", ())]
    if not isinstance(summary, str) or not all(isinstance(line, str) for line in lines):
        return outcome
    return Outcome(
        scores=outcome.scores,
        ranking=outcome.ranking,
        reason=outcome.reason,
        summary=summary,
        breakdown=tuple(str(line) if not isinstance(line, Text) else line for line in lines),
    )
