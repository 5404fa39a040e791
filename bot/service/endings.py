"""Endings the engine does not know about: a resignation is a game-level result.

A resignation never touches the engine state. The service ends the game with an Outcome it
builds itself (reason "resignation"): the resigning seat is ranked last, every other seat shares
first place, no points are counted (all scores 0). With two players the other player wins. The
Outcome is stored in games.result like an engine outcome, and the game's flags record
{"ended_by": "resignation", "resigned_seat": seat}, so views can tell the two apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.engine import Outcome, ranking_from_keys

RESIGNATION = "resignation"


def _names(names: Sequence[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return f"{', '.join(names[:-1])} and {names[-1]}"


TIMEOUT = "timeout"


def timeout_outcome(seat: int, names: Sequence[str], departed: Sequence[int] = ()) -> Outcome:
    """The result when the others end a game whose turn at `seat` ran out (a forfeit)."""
    given = resignation_outcome(seat, names, departed)
    others = given.summary.split("; ", 1)[-1]
    return Outcome(
        scores=given.scores,
        ranking=given.ranking,
        reason=TIMEOUT,
        summary=f"{names[seat]} ran out of time and the others ended the game; {others}",
        breakdown=tuple(b.replace(": resigned,", ": ran out of time,") for b in given.breakdown),
    )


def resignation_outcome(
    resigned: int, names: Sequence[str], departed: Sequence[int] = ()
) -> Outcome:
    """The result when seat `resigned` gives up; `names` are display names by seat.

    `departed` are seats whose players left earlier (the automatic player held them): they
    rank last with the resigning seat; the seats still played by people share first place.
    """
    players = len(names)
    if not 0 <= resigned < players:
        raise ValueError(f"seat {resigned} is not one of {players} seats")
    out = {resigned, *departed}
    keys: list[tuple[int, ...]] = [(0,) if seat in out else (1,) for seat in range(players)]
    others = [name for seat, name in enumerate(names) if seat not in out]
    verb = "wins" if len(others) == 1 else "share the win"
    summary = f"{names[resigned]} resigned; {_names(others)} {verb}."
    if not others:
        summary = f"{names[resigned]} resigned and nobody is left playing; nobody wins."

    def line(seat: int) -> str:
        if seat == resigned:
            return "resigned, ranked last"
        return "left earlier, ranked last" if seat in out else "still playing, ranked first"

    breakdown = tuple(f"{name}: {line(seat)}" for seat, name in enumerate(names))
    return Outcome(
        scores=tuple(0 for _ in names),
        ranking=ranking_from_keys(keys),
        reason=RESIGNATION,
        summary=summary,
        breakdown=breakdown,
    )
