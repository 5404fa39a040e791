"""Standings computed by hand: 1 / ½ / 0, Buchholz, Sonneborn-Berger; pods by place."""

from __future__ import annotations

from fractions import Fraction as F

from bot.leagues import Format, place_points, points_text, standings
from tests.leagues.helpers import finished, league

WIN, LOSS, DRAW = (1, 2), (2, 1), (1, 1)


def test_buchholz_separates_equal_points() -> None:
    # R1: 1 beats 2, 3 draws 4.  R2: 1 draws 3, 2 draws 4.
    # Points: 1 = 1½, 2 = ½, 3 = 1, 4 = 1.
    # Buchholz: 3 = 4 (1) + 1 (1½) = 2½; 4 = 3 (1) + 2 (½) = 1½.
    rounds = [
        finished(1, [((1, 2), WIN), ((3, 4), DRAW)]),
        finished(2, [((1, 3), DRAW), ((2, 4), DRAW)]),
    ]
    table = standings(league({1: 0, 2: 0, 3: 0, 4: 0}), rounds)
    assert [(s.user_id, s.points) for s in table] == [(1, F(3, 2)), (3, 1), (4, 1), (2, F(1, 2))]
    assert [s.tiebreaks[0] for s in table] == [F(3, 2), F(5, 2), F(3, 2), F(5, 2)]
    assert [s.rank for s in table] == [1, 2, 3, 4]


def test_sonneborn_berger_separates_equal_buchholz() -> None:
    # A full round-robin of four: equal points always mean equal Buchholz.
    # R1: 1 beats 2, 3 draws 4.  R2: 3 beats 1, 2 beats 4.  R3: 1 beats 4, 2 draws 3.
    # Points: 1 = 2, 2 = 1½, 3 = 2, 4 = ½.  Buchholz of 1 and 3: 1½+2+½ = ½+2+1½ = 4.
    # Sonneborn-Berger: 1 = 1½ (beat 2) + 0 (lost to 3) + ½ (beat 4) = 2;
    #                   3 = ¼ (drew 4) + 2 (beat 1) + ¾ (drew 2) = 3.
    rounds = [
        finished(1, [((1, 2), WIN), ((3, 4), DRAW)]),
        finished(2, [((3, 1), WIN), ((2, 4), WIN)]),
        finished(3, [((1, 4), WIN), ((2, 3), DRAW)]),
    ]
    table = standings(league({1: 0, 2: 0, 3: 0, 4: 0}), rounds)
    assert [s.user_id for s in table] == [3, 1, 2, 4]
    assert table[0].tiebreaks == (4, 3)
    assert table[1].tiebreaks == (4, 2)
    assert table[2].points == F(3, 2) and table[2].tiebreaks[0] == F(9, 2)
    assert table[3].points == F(1, 2) and table[3].tiebreaks[0] == F(11, 2)


def test_a_bye_is_a_win_that_adds_to_no_tie_break() -> None:
    rounds = [finished(1, [((1, 2), LOSS), ((3,), None)])]
    table = {s.user_id: s for s in standings(league({1: 0, 2: 0, 3: 0}), rounds)}
    assert table[3].points == 1 and table[3].tiebreaks == (0, 0) and table[3].played == 1
    assert table[2].points == 1 and table[2].tiebreaks == (0, 0)  # beat 1, who has 0
    assert table[1].points == 0 and table[1].tiebreaks == (1, 0)


def test_equal_lines_share_a_rank_and_an_unfinished_table_counts_nothing() -> None:
    rounds = [finished(1, [((1, 2), DRAW), ((3, 4), None)])]
    table = standings(league({1: 0, 2: 0, 3: 0, 4: 0}), rounds)
    assert [s.rank for s in table] == [1, 1, 3, 3]
    assert [s.played for s in table] == [1, 1, 0, 0]


def test_pod_places_are_scaled_to_the_full_pod() -> None:
    assert [place_points((1, 2, 3, 4), seat, 4) for seat in range(4)] == [3, 2, 1, 0]
    assert [place_points((1, 2, 3), seat, 4) for seat in range(3)] == [3, F(3, 2), 0]
    assert [place_points((1, 1, 3, 4), seat, 4) for seat in range(4)] == [
        F(5, 2),
        F(5, 2),
        1,
        0,
    ]
    assert [place_points((2, 1), seat, 2) for seat in range(2)] == [0, 1]


def test_pod_standings_by_hand() -> None:
    # Pod of four: 1, 2, 3, 4 finish in that order: 3, 2, 1, 0.
    # Pod of three: 5, 6, 7: 3, 1½, 0 (2, 1, 0 scaled by 3/2).
    # Tie-break, the opponents' points: 1 = 2+1+0 = 3; 5 = 1½+0 = 1½; 4 = 6; 7 = 4½.
    rounds = [finished(1, [((1, 2, 3, 4), (1, 2, 3, 4)), ((5, 6, 7), (1, 2, 3))])]
    the_league = league({u: 0 for u in range(1, 8)}, Format.PODS, players=4, fewest=3)
    table = standings(the_league, rounds)
    assert [s.user_id for s in table] == [1, 5, 2, 6, 3, 4, 7]
    assert [s.points for s in table] == [3, 3, 2, F(3, 2), 1, 0, 0]
    assert [s.tiebreaks for s in table] == [(3,), (F(3, 2),), (4,), (3,), (5,), (6,), (F(9, 2),)]


def test_points_read_like_a_scoreboard() -> None:
    assert [points_text(F(n, 2)) for n in (0, 1, 2, 5)] == ["0", "½", "1", "2½"]
    assert points_text(F(4, 3)) == "1.33"
    assert [points_text(F(n, 4)) for n in (1, 3, 17, 19)] == ["¼", "¾", "4¼", "4¾"]
