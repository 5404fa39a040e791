"""A full round-robin by the circle method: everyone meets everyone once; with an odd number of
entrants each round has one bye. The schedule depends on the seed alone, fixed at the start."""

from __future__ import annotations

from bot.leagues.model import League, NotPairable, Pairing, Round, unplayed
from bot.leagues.seats import seated, seeded_order


def circle_length(entrants: int) -> int:
    """Rounds in one full circle: n-1 for an even n, n for an odd one (each sits out once)."""
    return entrants - 1 if entrants % 2 == 0 else entrants


def schedule(league: League) -> tuple[Round, ...]:
    """Every round of the circle, from every entrant signed up at the start (a withdrawn one's
    tables stay in the schedule: they are forfeits)."""
    users = [e.user_id for e in league.entrants]
    if len(users) < 2:
        raise NotPairable("a round-robin needs two entrants")
    order = seeded_order(league, 0, users)
    ring: list[int | None] = [*sorted(users, key=order.__getitem__)]
    if len(ring) % 2:
        ring.append(None)  # whoever meets None has the bye
    rounds: list[Round] = []
    for number in range(1, circle_length(len(users)) + 1):
        rounds.append(unplayed(number, _tables(ring, rounds, order)))
        ring = [ring[0], ring[-1], *ring[1:-1]]
    return tuple(rounds)


def _tables(
    ring: list[int | None], earlier: list[Round], order: dict[int, int]
) -> tuple[Pairing, ...]:
    """One round: the ring folded in half; the first seat to whoever had it least (an even
    circle) or by the cyclic rule (an odd one)."""
    half = len(ring) // 2
    tables: list[Pairing] = []
    for a, b in zip(ring[:half], reversed(ring[half:]), strict=True):
        if a is None or b is None:
            bye = a if b is None else b
            assert bye is not None
            tables.append(Pairing((bye,)))
        elif len(order) % 2:  # an odd circle: see _cyclic_first
            tables.append(_cyclic_first(a, b, order))
        else:
            tables.append(seated(earlier, (a, b), order))
    return tuple(sorted(tables, key=lambda p: p.is_bye))


def _cyclic_first(a: int, b: int, order: dict[int, int]) -> Pairing:
    """For an odd number n, each sits first against the (n-1)/2 who follow them round the
    seeded circle: every entrant has exactly as many first seats as second ones."""
    size = len(order)
    first = a if (order[b] - order[a]) % size <= size // 2 else b
    return Pairing((first, b if first == a else a))


def round_robin_round(league: League, number: int) -> tuple[Pairing, ...]:
    """Round `number` (from 1) of the league's circle."""
    rounds = schedule(league)
    if not 1 <= number <= len(rounds):
        raise NotPairable(f"a round-robin of {len(league.entrants)} has {len(rounds)} rounds")
    return rounds[number - 1].pairings
