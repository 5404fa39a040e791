"""Swiss pairing for two-player games: neighbours in the standings meet, never twice while
another pairing exists; an odd entrant out gets a bye (a win), the lowest-ranked without one."""

from __future__ import annotations

from collections.abc import Sequence

from bot.leagues.model import League, NotPairable, Pairing, Round
from bot.leagues.scores import standings
from bot.leagues.seats import byes, met, seated, seeded_order

SEARCH_STEPS = 20_000  # past this, repeats are allowed: the answer stays deterministic


class _OutOfSteps(Exception):
    """The search for a pairing without repeats took too long."""


def ranked(league: League, rounds: Sequence[Round]) -> list[int]:
    """Active entrants, best first: by standing, then rating, then the seeded order."""
    order = seeded_order(league, len(rounds) + 1, (e.user_id for e in league.entrants))
    rank = {s.user_id: s.rank for s in standings(league, rounds)}
    return sorted(
        (e.user_id for e in league.active()),
        key=lambda user: (rank[user], -league.entrant(user).rating, order[user]),
    )


def swiss_round(league: League, rounds: Sequence[Round]) -> tuple[Pairing, ...]:
    """The next round's tables, the bye (if any) last."""
    players = ranked(league, rounds)
    if len(players) < 2:
        raise NotPairable("a Swiss round needs two entrants still playing")
    seen = met(rounds)
    order = seeded_order(league, len(rounds) + 1, players)
    pairs, bye = _without_repeats(players, seen, byes(rounds))
    if pairs is None:
        pairs, bye = _fewest_repeats(players, seen, byes(rounds))
    tables = [seated(rounds, pair, order) for pair in pairs]
    return (*tables, *([Pairing((bye,))] if bye is not None else []))


def _bye_candidates(players: list[int], had_bye: frozenset[int]) -> list[int | None]:
    """Who may sit out, lowest-ranked first: those without a bye yet (everyone, if all had one)."""
    if len(players) % 2 == 0:
        return [None]
    fresh = [u for u in reversed(players) if u not in had_bye]
    return list(fresh or reversed(players))


def _without_repeats(
    players: list[int], seen: frozenset[frozenset[int]], had_bye: frozenset[int]
) -> tuple[list[tuple[int, int]] | None, int | None]:
    """Pairs in which nobody meets an earlier opponent, with the lowest bye that allows it."""
    steps = [SEARCH_STEPS]
    for bye in _bye_candidates(players, had_bye):
        rest = [u for u in players if u != bye]
        try:
            pairs = _search(rest, seen, steps)
        except _OutOfSteps:
            return None, None
        if pairs is not None:
            return pairs, bye
    return None, None


def _search(
    players: list[int], seen: frozenset[frozenset[int]], steps: list[int]
) -> list[tuple[int, int]] | None:
    """Depth first: the best unpaired player takes the nearest opponent not met before."""
    if not players:
        return []
    top, rest = players[0], players[1:]
    for index, other in enumerate(rest):
        if frozenset((top, other)) in seen:
            continue
        steps[0] -= 1
        if steps[0] < 0:
            raise _OutOfSteps
        tail = _search(rest[:index] + rest[index + 1 :], seen, steps)
        if tail is not None:
            return [(top, other), *tail]
    return None


def _fewest_repeats(
    players: list[int], seen: frozenset[frozenset[int]], had_bye: frozenset[int]
) -> tuple[list[tuple[int, int]], int | None]:
    """When repeats cannot be avoided: in standing order, each takes the nearest opponent not
    met before, or the nearest one if all have been met."""
    bye = _bye_candidates(players, had_bye)[0]
    rest = [u for u in players if u != bye]
    pairs: list[tuple[int, int]] = []
    while rest:
        top = rest.pop(0)
        other = next((u for u in rest if frozenset((top, u)) not in seen), rest[0])
        rest.remove(other)
        pairs.append((top, other))
    return pairs, bye
