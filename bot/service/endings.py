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


def resignation_outcome(resigned: int, names: Sequence[str]) -> Outcome:
    """The result when seat `resigned` gives up; `names` are display names by seat."""
    players = len(names)
    if not 0 <= resigned < players:
        raise ValueError(f"seat {resigned} is not one of {players} seats")
    keys: list[tuple[int, ...]] = [(0,) if seat == resigned else (1,) for seat in range(players)]
    others = [name for seat, name in enumerate(names) if seat != resigned]
    verb = "wins" if len(others) == 1 else "share the win"
    summary = f"{names[resigned]} resigned; {_names(others)} {verb}."
    breakdown = tuple(
        f"{name}: {'resigned, ranked last' if seat == resigned else 'still playing, ranked first'}"
        for seat, name in enumerate(names)
    )
    return Outcome(
        scores=tuple(0 for _ in names),
        ranking=ranking_from_keys(keys),
        reason=RESIGNATION,
        summary=summary,
        breakdown=breakdown,
    )
