"""The standings view (issue 26 §4) made by the league feature: the figures the
core computed by hand reach the image's words and the text unchanged."""

from __future__ import annotations

from dataclasses import replace

from bot.leagues import Format, standings
from bot.leagues.view import POD_BREAKS, TWO_PLAYER_BREAKS, StandingsRow, StandingsView
from bot.service.league_values import Entered, LeagueInfo, standings_view
from cogs.ui.league_components import standings_text
from rendering import leagues
from tests.leagues.helpers import finished, league

WIN, DRAW = (1, 2), (1, 1)
NAMES = {1: "alice", 2: "bob", 3: "carol", 4: "dan"}


def _info(format: str = "round-robin", status: str = "running", round: int = 3) -> LeagueInfo:
    entrants = tuple(Entered(user, name, user == 4) for user, name in NAMES.items())
    return LeagueInfo(
        id=5, name=None, guild_id=1, channel_id=2, message_id=None, organiser_id=1,
        game_type="iliad", format=format, rounds=3, players=2, pace="daily", status=status,
        signup_until=None, entrants=entrants, round=round,
    )  # fmt: skip


def test_the_view_carries_the_core_standings_as_written() -> None:
    # The round-robin of four from test_scores: 3 first (Buchholz 4, Sonneborn-Berger 3), then
    # 1 (4, 2), 2 with 1½ points, 4 with ½ (and withdrawn).
    rounds = [
        finished(1, [((1, 2), WIN), ((3, 4), DRAW)]),
        finished(2, [((3, 1), WIN), ((2, 4), WIN)]),
        finished(3, [((1, 4), WIN), ((2, 3), DRAW)]),
    ]
    played = league({1: 0, 2: 0, 3: 0, 4: 0}, Format.ROUND_ROBIN)
    quit_after = (*played.entrants[:3], replace(played.entrants[3], withdrawn=True))
    table = standings(replace(played, entrants=quit_after), rounds)
    view = standings_view(_info(status="finished"), table, NAMES)
    assert (view.league, view.game, view.format, view.round, view.rounds) == (
        5, "iliad", "round-robin", 3, 3,
    )  # fmt: skip
    assert view.finished and view.tiebreaks == TWO_PLAYER_BREAKS
    assert [(r.place, r.name, r.points, r.tiebreaks) for r in view.rows] == [
        (1, "carol", "2", ("4", "3")),
        (2, "alice", "2", ("4", "2")),
        (3, "bob", "1½", ("4½", "1½")),  # SB: lost to alice 0, beat dan ½, drew carol 1
        (4, "dan", "½", ("5½", "1")),
    ]
    words = leagues.standings_words(view).splitlines()
    assert words[1] == "carol wins the league with 2 points."
    assert words[6] == "4. dan (withdrawn): ½ points, Buchholz 5½, Sonneborn-Berger 1, 3 games."
    assert words[3] == "1. carol: 2 points, Buchholz 4, Sonneborn-Berger 3, 3 games."
    assert "**2.** alice: 2 points (BH 4, SB 2), 3 games" in leagues.standings_text(view)
    assert view.rows[3].withdrawn and not any(r.withdrawn for r in view.rows[:3])


def test_a_pods_league_has_one_tie_break_column() -> None:
    view = standings_view(_info("pods", round=0, status="signup"), [], NAMES)
    assert view.tiebreaks == POD_BREAKS and view.rows == () and not view.finished
    assert leagues.standings_words(view).splitlines() == [
        "Standings of League #5, Iliad, Pods: sign-ups open.",
        "No entrants yet.",
    ]


def test_a_long_standings_message_stays_within_discords_2000_characters() -> None:
    # 120 entrants with long names would be ~9,000 characters: the message stops before 2,000
    # and says how many it left out (the image's words list them all).
    rows = tuple(
        StandingsRow(n, n, f"entrant number {n} with a long name", "1", ("2", "1"), 3, False)
        for n in range(1, 121)
    )
    view = StandingsView(5, "iliad", "swiss", 3, 3, False, TWO_PLAYER_BREAKS, rows)
    text = standings_text(view, "en")
    lines = text.splitlines()
    shown = len(lines) - 2  # the head and the "and N more" line
    assert len(text) <= 2000 and 10 < shown < 120
    assert lines[-1] == f"… and {120 - shown} more"
    assert lines[shown].startswith(f"{shown}. ") or f"number {shown} " in lines[shown]
