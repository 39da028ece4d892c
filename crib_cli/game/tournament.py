"""A tournament: every pair of players, a run of games each, and one rating a player (Bradley-Terry).

Every pairing plays the games of one :func:`~crib_cli.game.simulate.run_games`
run with the tournament's seed, the first named as A: so pairing X-Y's games
are the ones ``crib simulate --a X --b Y`` plays with that seed, and every
pairing meets the same deals. The ratings are the Bradley-Terry model's, on
the Elo scale: a player rated 400 above another is expected to win ten games
to his one.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import combinations

from .simulate import Z_95

ELO = 400 / math.log(10)
"""Elo points a unit of Bradley-Terry strength (natural log of the odds): 400 points are odds of ten to one."""

PRIOR = 0.5
"""Wins each way added to every pairing before the fit, so that a player who won no game (or every game)
still has a finite rating; 0.5 of 1,000 games moves a rate by 0.05 points."""


def pairings(players: int) -> list[tuple[int, int]]:
    """Every pair of players once, in the order they are played: the first named is A.

    >>> pairings(3)
    [(0, 1), (0, 2), (1, 2)]
    """
    return list(combinations(range(players), 2))


@dataclass(frozen=True, slots=True)
class Rating:
    """One player's rating on the Elo scale (the players' mean is 0) and its 95% interval."""

    rating: float
    low: float
    high: float


def ratings(wins: Sequence[Sequence[float]], z: float = Z_95) -> list[Rating | None]:
    """The Bradley-Terry ratings of players who won ``wins[i][j]`` games against ``j``, with intervals;
    None for a player who has played no game yet (a tournament cut short).

    The fit is the maximum of the likelihood, by Hunter's MM iteration, after
    :data:`PRIOR` wins each way in each pairing played. The intervals come from
    the likelihood's curvature (the Fisher information), with the ratings'
    mean held at 0; they take the games as independent, which a duplicate
    tournament's are not, so there they are wider than they need be.

    >>> [round(r.rating) for r in ratings([[0, 75], [25, 0]])]
    [94, -94]
    """
    active = [i for i, row in enumerate(wins) if any(row[j] + wins[j][i] for j in range(len(wins)))]
    count = len(active)
    won = [[wins[i][j] + PRIOR if wins[i][j] + wins[j][i] else 0.0 for j in active] for i in active]
    games = [[won[i][j] + won[j][i] for j in range(count)] for i in range(count)]
    strength = [1.0] * count
    for _ in range(10_000):
        new = [sum(won[i]) / sum(games[i][j] / (strength[i] + strength[j]) for j in range(count) if games[i][j])
               for i in range(count)]
        centre = math.exp(sum(map(math.log, new)) / count)
        new = [value / centre for value in new]
        done = max(abs(math.log(a / b)) for a, b in zip(new, strength)) < 1e-12
        strength = new
        if done:
            break
    theta = [math.log(value) for value in strength]
    information = [[0.0] * count for _ in range(count)]
    for i, j in combinations(range(count), 2):
        if games[i][j]:
            p = 1 / (1 + math.exp(theta[j] - theta[i]))
            weight = games[i][j] * p * (1 - p)
            information[i][i] += weight
            information[j][j] += weight
            information[i][j] -= weight
            information[j][i] -= weight
    # the mean held at 0: the pseudo-inverse of the information is (I + J/n)^-1 - J/n
    shifted = [[value + 1 / count for value in row] for row in information]
    variance = [row[i] - 1 / count for i, row in enumerate(_inverse(shifted))]
    fitted: list[Rating | None] = [None] * len(wins)
    for at, t, v in zip(active, theta, variance):
        spread = z * math.sqrt(max(v, 0.0))
        fitted[at] = Rating(ELO * t, ELO * (t - spread), ELO * (t + spread))
    return fitted


def _inverse(matrix: list[list[float]]) -> list[list[float]]:
    """The inverse of a small invertible matrix, by Gauss-Jordan elimination with partial pivoting."""
    count = len(matrix)
    rows = [row[:] + [float(i == k) for k in range(count)] for i, row in enumerate(matrix)]
    for column in range(count):
        pivot = max(range(column, count), key=lambda r: abs(rows[r][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        head = rows[column][column]
        rows[column] = [value / head for value in rows[column]]
        for r in range(count):
            if r != column and rows[r][column]:
                factor = rows[r][column]
                rows[r] = [value - factor * lead for value, lead in zip(rows[r], rows[column])]
    return [row[count:] for row in rows]


@dataclass(frozen=True, slots=True)
class Standing:
    """One player's line: games, wins, and the rating (None before his first game)."""

    player: int
    games: int
    wins: int
    rating: Rating | None


def standings(wins: Sequence[Sequence[int]]) -> list[Standing]:
    """Each player's games, wins and rating, best rated first (the unrated last, in their order).

    >>> [(s.player, s.wins) for s in standings([[0, 30, 80], [70, 0, 90], [20, 10, 0]])]
    [(1, 160), (0, 110), (2, 30)]
    """
    fitted = ratings(wins)
    count = len(wins)
    lines = [Standing(i, sum(wins[i][j] + wins[j][i] for j in range(count)), sum(wins[i]), fitted[i])
             for i in range(count)]
    return sorted(lines, key=lambda line: -line.rating.rating if line.rating is not None else math.inf)
