"""Standings (issue 26 §4): 1 / ½ / 0 with Buchholz then Sonneborn-Berger for two-player games;
points by place scaled to the pod, with the opponents' points as tie-break, for pods."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from bot.leagues.model import Format, League, Pairing, Result, Round

WIN = Fraction(1)


@dataclass(frozen=True, slots=True)
class Standing:
    """One entrant's line: rank (shared when points and tie-breaks are equal), points, the
    tie-breaks in the order they count, and games played (a bye counts as one)."""

    rank: int
    user_id: int
    points: Fraction
    tiebreaks: tuple[Fraction, ...]
    played: int
    withdrawn: bool


@dataclass(frozen=True, slots=True)
class _Game:
    """One entrant's finished table: their points from it and who else sat there."""

    points: Fraction
    opponents: tuple[int, ...]


def place_points(places: Sequence[int], seat: int, full: int) -> Fraction:
    """A seat's points by place: n-1 … 0 in a pod of n, scaled so that winning a short pod is
    worth as much as winning a full one of `full` seats; shared places share their points."""
    size = len(places)
    place = places[seat]
    tied = sum(1 for p in places if p == place)
    spans = [max(size - position, 0) for position in range(place, place + tied)]
    scale = Fraction(full - 1, size - 1)
    return Fraction(sum(spans), tied) * scale


def _two_player_points(places: Sequence[int], seat: int) -> Fraction:
    """1 for a win, ½ for a draw, 0 for a loss."""
    return place_points(places, seat, 2)


def _games(league: League, rounds: Sequence[Round]) -> dict[int, list[_Game]]:
    """Every entrant's finished tables, in round order (a bye is a win with no opponent)."""
    games: dict[int, list[_Game]] = {e.user_id: [] for e in league.entrants}
    full = league.players if league.format is Format.PODS else 2
    for played in rounds:
        for pairing, result in zip(played.pairings, played.results, strict=True):
            for seat, user_id in enumerate(pairing.seats):
                game = _scored(pairing, result, seat, full)
                if game is not None:
                    games[user_id].append(game)
    return games


def _scored(pairing: Pairing, result: Result | None, seat: int, full: int) -> _Game | None:
    """A seat's game once it has a result (a bye always has one: a win)."""
    if pairing.is_bye:
        return _Game(WIN if full == 2 else Fraction(full - 1), ())
    if result is None:
        return None
    others = tuple(u for k, u in enumerate(pairing.seats) if k != seat)
    return _Game(place_points(result.places, seat, full), others)


def _two_player_breaks(points: dict[int, Fraction], games: list[_Game]) -> tuple[Fraction, ...]:
    """Buchholz (the opponents' points), then Sonneborn-Berger (each opponent's points times
    the score against them); a bye adds to neither."""
    met = [g for g in games if g.opponents]
    buchholz = sum((points[g.opponents[0]] for g in met), Fraction(0))
    berger = sum((points[g.opponents[0]] * g.points for g in met), Fraction(0))
    return (buchholz, berger)


def _pod_breaks(points: dict[int, Fraction], games: list[_Game]) -> tuple[Fraction, ...]:
    """The sum of every opponent's points, once per table shared with them."""
    return (sum((points[o] for g in games for o in g.opponents), Fraction(0)),)


def standings(league: League, rounds: Sequence[Round]) -> tuple[Standing, ...]:
    """Every entrant, best first: points, then tie-breaks, then rating, then sign-up order."""
    games = _games(league, rounds)
    points = {user: sum((g.points for g in mine), Fraction(0)) for user, mine in games.items()}
    breaks = _pod_breaks if league.format is Format.PODS else _two_player_breaks
    rows = [
        (points[e.user_id], breaks(points, games[e.user_id]), -e.rating, index, e)
        for index, e in enumerate(league.entrants)
    ]
    rows.sort(key=lambda row: (-row[0], tuple(-b for b in row[1]), row[2], row[3]))
    table: list[Standing] = []
    for position, (score, tiebreaks, _, _, entrant) in enumerate(rows, start=1):
        rank = position
        if table and (table[-1].points, table[-1].tiebreaks) == (score, tiebreaks):
            rank = table[-1].rank
        table.append(
            Standing(
                rank,
                entrant.user_id,
                score,
                tiebreaks,
                len(games[entrant.user_id]),
                entrant.withdrawn,
            )
        )
    return tuple(table)


VULGAR = {Fraction(1, 4): "¼", Fraction(1, 2): "½", Fraction(3, 4): "¾"}


def points_text(value: Fraction) -> str:
    """Points as a player reads them: 3, 2½, ¾, 4¼; a scaled pod's thirds as 1.33."""
    whole, part = divmod(value, 1)
    if part == 0:
        return str(int(whole))
    if part in VULGAR:
        return f"{int(whole)}{VULGAR[part]}" if whole else VULGAR[part]
    return f"{float(value):.2f}".rstrip("0").rstrip(".")
