"""Elo ratings with 95% intervals from pairwise results: Bradley–Terry by maximum likelihood.

Each comparison between two players scores between 0 and 1 for the first (a win 1, a draw
half; a game of several seats scores its share of the seat-against-seat comparisons). The
strengths maximise the likelihood (Newton's method, the anchor's strength held at 0), and the
intervals come from the inverse of the information matrix (the negated Hessian at the
maximum). One virtual draw per pair that met keeps every rating finite when one side never
lost (a sweep would otherwise drive the fit to infinity); it pulls ratings a little together.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z = 1.96  # 95%
ELO = 400 / math.log(10)  # Elo points per unit of natural-log strength
PRIOR_DRAWS = 1.0  # virtual drawn comparisons added to each pair that met


@dataclass(frozen=True)
class Rating:
    """One player's Elo and its 95% interval (the anchor's is exactly 0 to 0)."""

    name: str
    elo: float
    low: float
    high: float


class Record:
    """Comparisons between named players: how many each pair had and how much each side won."""

    def __init__(self, names: Sequence[str]) -> None:
        """Start with no comparison between any of `names`."""
        self.names = list(names)
        size = len(self.names)
        self.won = [[0.0] * size for _ in range(size)]  # won[i][j]: i's wins over j, draws half
        self.met = [[0.0] * size for _ in range(size)]  # comparisons between i and j

    def add(self, name: str, other: str, score: float) -> None:
        """One comparison in which `name` scored `score` (0 to 1) and `other` the rest."""
        if not 0 <= score <= 1:
            raise ValueError(f"a score is between 0 and 1, not {score}")
        i, j = self.names.index(name), self.names.index(other)
        self.met[i][j] += 1
        self.met[j][i] += 1
        self.won[i][j] += score
        self.won[j][i] += 1 - score

    def rate(self, name: str, other: str) -> float | None:
        """The share of their comparisons `name` won against `other` ; None: they never met."""
        i, j = self.names.index(name), self.names.index(other)
        return self.won[i][j] / self.met[i][j] if self.met[i][j] else None


def fit(record: Record, anchor: str, steps: int = 100) -> list[Rating]:
    """Every player's Elo (the anchor at 0) with its 95% interval, in the record's order."""
    names = record.names
    won, met = _with_prior(record)
    free = [k for k, name in enumerate(names) if name != anchor]
    theta = [0.0] * len(names)
    for _ in range(steps):
        gradient, information = _derivatives(theta, won, met, free)
        step = solve(information, gradient)
        for k, change in zip(free, step, strict=True):
            theta[k] += change
        if max((abs(change) for change in step), default=0.0) < 1e-10:
            break
    _, information = _derivatives(theta, won, met, free)
    covariance = inverse(information)
    spread = {k: math.sqrt(max(0.0, covariance[n][n])) for n, k in enumerate(free)}
    ratings = []
    for k, name in enumerate(names):
        half = Z * spread.get(k, 0.0) * ELO
        centre = theta[k] * ELO
        ratings.append(Rating(name, centre, centre - half, centre + half))
    return ratings


def _with_prior(record: Record) -> tuple[list[list[float]], list[list[float]]]:
    """The record's tables with PRIOR_DRAWS virtual draws added to each pair that met."""
    size = len(record.names)
    won = [row[:] for row in record.won]
    met = [row[:] for row in record.met]
    for i in range(size):
        for j in range(size):
            if i != j and record.met[i][j]:
                won[i][j] += PRIOR_DRAWS / 2
                met[i][j] += PRIOR_DRAWS
    return won, met


def _derivatives(
    theta: list[float], won: list[list[float]], met: list[list[float]], free: list[int]
) -> tuple[list[float], list[list[float]]]:
    """The log-likelihood's gradient and the information matrix over the free players."""
    size = len(theta)
    gradient = [0.0] * size
    information = [[0.0] * size for _ in range(size)]
    for i in range(size):
        for j in range(size):
            if i == j or not met[i][j]:
                continue
            p = 1 / (1 + math.exp(theta[j] - theta[i]))  # chance i beats j
            gradient[i] += won[i][j] - met[i][j] * p
            weight = met[i][j] * p * (1 - p)
            information[i][i] += weight
            information[i][j] -= weight
    return [gradient[k] for k in free], [[information[a][b] for b in free] for a in free]


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix · x = vector (Gauss–Jordan with partial pivoting)."""
    return [row[0] for row in _eliminate(matrix, [[v] for v in vector])]


def inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small square matrix."""
    size = len(matrix)
    return _eliminate(matrix, [[float(i == j) for j in range(size)] for i in range(size)])


def _eliminate(matrix: list[list[float]], right: list[list[float]]) -> list[list[float]]:
    """Gauss–Jordan: turns `matrix` into the identity and returns what `right` became."""
    size = len(matrix)
    rows = [matrix[i][:] + right[i][:] for i in range(size)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) < 1e-12:
            raise ValueError("singular matrix: some player met nobody")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        lead = rows[col][col]
        rows[col] = [value / lead for value in rows[col]]
        for r in range(size):
            if r != col and rows[r][col]:
                factor = rows[r][col]
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [row[size:] for row in rows]
