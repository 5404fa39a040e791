"""Swiss, round-robin and pods pairing: by standing, no repeats, byes, seats, replays."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest

from bot.leagues import (
    Format,
    NotPairable,
    Pairing,
    Result,
    forfeit,
    next_round,
    planned_rounds,
    pod_sizes,
    schedule,
    standings,
)
from bot.leagues.model import Entrant, League
from bot.leagues.seats import seat_balance
from tests.leagues.helpers import league, play

FIVE = {1: 1500, 2: 1400, 3: 1300, 4: 1200, 5: 1100}


def pairs_of(tables: tuple[Pairing, ...]) -> set[frozenset[int]]:
    return {frozenset(p.seats) for p in tables if not p.is_bye}


def test_five_entrants_over_three_swiss_rounds_by_hand() -> None:
    rounds = play(league(FIVE), 3)
    # R1 by rating: 1-2, 3-4, bye 5.  Lowest id wins.
    assert pairs_of(rounds[0].pairings) == {frozenset((1, 2)), frozenset((3, 4))}
    assert rounds[0].pairings[-1].seats == (5,)
    # After R1: 1, 3, 5 on 1 point (rating orders them), 2 and 4 on 0: bye to 4.
    assert pairs_of(rounds[1].pairings) == {frozenset((1, 3)), frozenset((5, 2))}
    assert rounds[1].pairings[-1].seats == (4,)
    # After R2: 1 on 2; 2, 3 on 1 with Buchholz 3 and SB 1 (rating: 2 first); 4, 5 on 1 with
    # Buchholz 1 and SB 0 (4 first).  Bye: 3, the lowest without one.  1 has met 2 and 3, and
    # 1-4 would leave 2-5, a repeat: so 1-5 and 2-4.
    assert [s.user_id for s in standings(league(FIVE), rounds[:2])] == [1, 2, 3, 4, 5]
    assert pairs_of(rounds[2].pairings) == {frozenset((1, 5)), frozenset((2, 4))}
    assert rounds[2].pairings[-1].seats == (3,)


def test_swiss_never_repeats_a_pairing_while_another_exists() -> None:
    ratings = {u: 1000 + 10 * u for u in range(1, 10)}
    rounds = play(league(ratings, rounds=6), 6)
    seen = [pair for r in rounds for pair in pairs_of(r.pairings)]
    assert len(seen) == len(set(seen)) == 6 * 4
    byes = [r.pairings[-1].seats[0] for r in rounds]
    assert all(r.pairings[-1].is_bye for r in rounds) and len(set(byes)) == 6


def test_swiss_repeats_only_when_it_must() -> None:
    rounds = play(league({1: 0, 2: 0, 3: 0}, rounds=4), 4)  # three players, four rounds
    assert all(len(r.pairings) == 2 for r in rounds)
    assert Counter(r.pairings[-1].seats[0] for r in rounds[:3]) == {1: 1, 2: 1, 3: 1}


def test_the_first_seat_goes_to_whoever_had_it_least() -> None:
    rounds = play(league({u: 0 for u in range(1, 9)}, rounds=5), 5)
    for index, played in enumerate(rounds):
        for table in played.pairings:
            if table.is_bye:
                continue
            first, second = (seat_balance(rounds[:index], u)[0] for u in table.seats)
            assert first <= second
    totals = Counter(p.seats[0] for r in rounds for p in r.pairings)
    assert max(totals.values()) - min(totals.values()) <= 2


def test_a_withdrawn_entrant_is_paired_no_more_and_forfeits_a_table() -> None:
    start = league(FIVE)
    rounds = play(start, 1)
    gone = League(
        start.format,
        start.rounds,
        start.seed,
        tuple(Entrant(e.user_id, e.rating, e.user_id == 2) for e in start.entrants),
    )
    tables = next_round(gone, rounds)
    assert 2 not in {u for p in tables for u in p.seats}
    assert not any(p.is_bye for p in tables)
    assert forfeit(gone, Pairing((2, 4))) == Result((2, 1))
    assert forfeit(gone, Pairing((1, 4))) is None
    assert forfeit(gone, Pairing((2,))) is None


def test_a_replayed_league_pairs_every_round_the_same() -> None:
    for form, players, size in ((Format.SWISS, 11, 2), (Format.PODS, 10, 4)):
        ratings = {u: 1000 + (u * 37) % 200 for u in range(1, players + 1)}
        first = play(league(ratings, form, rounds=4, seed=99, players=size, fewest=3), 4)
        again = play(league(ratings, form, rounds=4, seed=99, players=size, fewest=3), 4)
        assert [r.pairings for r in first] == [r.pairings for r in again]


def test_the_seed_breaks_ties_between_equal_ratings() -> None:
    equal = {u: 0 for u in range(1, 9)}
    firsts = {next_round(league(equal, seed=seed), [])[0].seats for seed in range(6)}
    assert len(firsts) > 1


def test_round_robin_meets_everyone_once_with_one_bye_each() -> None:
    the_league = league({u: 0 for u in range(1, 6)}, Format.ROUND_ROBIN)
    rounds = schedule(the_league)
    assert planned_rounds(the_league) == len(rounds) == 5
    met = [pair for r in rounds for pair in pairs_of(r.pairings)]
    assert sorted(map(sorted, met)) == sorted(map(list, combinations(range(1, 6), 2)))
    assert Counter(p.seats[0] for r in rounds for p in r.pairings if p.is_bye) == dict.fromkeys(
        range(1, 6), 1
    )
    firsts = Counter(p.seats[0] for r in rounds for p in r.pairings if not p.is_bye)
    assert all(firsts[u] == 2 for u in range(1, 6))  # four games each: two first seats


def test_round_robin_of_six_is_five_rounds_without_byes() -> None:
    the_league = league({u: 0 for u in range(1, 7)}, Format.ROUND_ROBIN)
    rounds = play(the_league, 5)
    assert [len(r.pairings) for r in rounds] == [3] * 5
    assert len({pair for r in rounds for pair in pairs_of(r.pairings)}) == 15
    with pytest.raises(NotPairable):
        next_round(the_league, rounds)


def test_seven_entrants_make_a_pod_of_four_and_one_of_three() -> None:
    ratings = {u: 2000 - 100 * u for u in range(1, 8)}
    the_league = league(ratings, Format.PODS, players=4, fewest=3)
    tables = next_round(the_league, [])
    assert [sorted(p.seats) for p in tables] == [[1, 2, 3, 4], [5, 6, 7]]
    rounds = play(the_league, 2)
    # After round one the pods' winners 1 and 5 lead: 1, 5, 2, 6 form the top pod.
    assert [sorted(p.seats) for p in rounds[1].pairings] == [[1, 2, 5, 6], [3, 4, 7]]


@pytest.mark.parametrize(
    ("count", "size", "fewest", "sizes"),
    [
        (7, 4, 3, (4, 3)),
        (6, 4, 3, (3, 3)),
        (8, 4, 3, (4, 4)),
        (9, 5, 3, (5, 4)),
        (3, 3, 2, (3,)),
        (4, 3, 2, (2, 2)),
    ],
)
def test_pod_sizes(count: int, size: int, fewest: int, sizes: tuple[int, ...]) -> None:
    assert pod_sizes(count, size, fewest) == sizes


@pytest.mark.parametrize(("count", "size", "fewest"), [(5, 4, 3), (7, 4, 4), (2, 3, 3), (7, 5, 3)])
def test_pods_that_do_not_fit_are_refused(count: int, size: int, fewest: int) -> None:
    with pytest.raises(NotPairable):
        pod_sizes(count, size, fewest)
