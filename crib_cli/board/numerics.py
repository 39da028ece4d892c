"""The arithmetic the board's models are built on, apart from the tables they read.

Reading chances from ragged tables; shifting a distribution by a fraction of
a point; expectations worked out once and shared; the normal equations of a
least-squares fit; and whole numbers packed in places, so that one product
of two numbers sums every score at once, exact.

>>> shifted([0.5, 0.5], 1.25)
[0.0, 0.375, 0.5, 0.125]
>>> least_squares([[2, 0], [0, 4]], [2, 2])
[1.0, 0.5]
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from operator import mul

PLACE = 32
"""Bits of a place in :func:`correlated`'s packed numbers: a starter rank's deals times a chance in
65,535ths stay below 2 ** 32 (checked as the deals are read)."""


def chance(table: list[list[float]], points: int, limit: int) -> float:
    """``table[points][limit]``, 0 beyond the table (no such points) and the last column past it."""
    if points >= len(table) or limit <= 0:
        return 0.0
    row = table[points]
    return row[min(limit, len(row) - 1)]


def below(short: list[list[float]], points: int, limit: int) -> float:
    """``short[points][limit]``, a chance of fewer than so many points: past the table, its last row."""
    return chance(short, min(points, len(short) - 1), limit)


def split(shift: float) -> tuple[int, float]:
    """A shift of points as whole points and the fraction of the next point."""
    whole = int(shift // 1)
    return whole, shift - whole


def shifted(chances: Sequence[float], shift: float) -> list[float]:
    """A distribution of points moved by ``shift`` (the fraction shared between the whole points
    either side), what would fall below 0 at 0."""
    whole, part = split(shift)
    out = [0.0] * (len(chances) + max(whole, 0) + 1)
    for points, mass in enumerate(chances):
        for at, weight in ((points + whole, 1.0 - part), (points + whole + 1, part)):
            out[max(at, 0)] += mass * weight
    return out


class Moved:
    """The expectation of ``values[start + y]`` when ``y`` has the distribution ``chances``, by ``start``,
    each worked out once: the shifts of a deal's throws, and the play's ends, read the same places."""

    __slots__ = ("chances", "known", "values")

    def __init__(self, chances: Sequence[float], values: Sequence[float]) -> None:
        self.chances, self.values = chances, values
        self.known: dict[int, float] = {}

    def at(self, start: int) -> float:
        """The expectation of ``values[start + y]``."""
        found = self.known.get(start)
        if found is None:
            found = self.known[start] = sum(map(mul, self.chances, self.values[start : start + len(self.chances)]))
        return found

    def shifted(self, base: int, whole: int, part: float) -> float:
        """The expectation of ``values[base + y + shift]`` for a shift of ``whole + part`` points (the
        fraction shared between the whole points either side).

        A shift is a model's, not a score: one down may read a little below ``base`` (never below 0).
        """
        start = max(base + whole, 0)
        low = self.at(start)
        return float(low + part * (self.at(start + 1) - low))


class MovedRows(dict[int, Moved]):
    """:class:`Moved` of ``chances`` over each of ``rows`` (by its index), made when first read."""

    def __init__(self, chances: Sequence[float], rows: Sequence[Sequence[float]]) -> None:
        super().__init__()
        self.chances, self.rows = chances, rows

    def __missing__(self, row: int) -> Moved:
        moved = self[row] = Moved(self.chances, self.rows[row])
        return moved


def least_squares(products: list[list[int]], targets: list[int]) -> list[float] | None:
    """The solution ``b`` of ``products @ b = targets`` (the normal equations), by Gaussian elimination
    with partial pivoting; None if there is none alone (a rank never held)."""
    rows = [[float(value) for value in row] + [float(target)] for row, target in zip(products, targets)]
    size = len(rows)
    for column in range(size):
        pivot = max(range(column, size), key=lambda at: abs(rows[at][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if not rows[column][column]:
            return None
        lead = rows[column][column:]
        for at in range(size):
            if at != column:  # the pivot row is 0 before this column (exactly, as eliminated): only what follows moves
                factor = rows[at][column] / lead[0]
                rows[at][column:] = [value - factor * ahead for value, ahead in zip(rows[at][column:], lead)]
    return [row[size] / row[at] for at, row in enumerate(rows)]


def pack(values: Sequence[int]) -> int:
    """Whole numbers below 2 ** 32 as one number, a place of :data:`PLACE` bits each, the first lowest."""
    return int.from_bytes(array("I", values).tobytes(), sys.byteorder)


def kernel(counts: list[list[int]]) -> list[int]:
    """The counts packed for :func:`correlated`: for each of his totals, one number with my play ``p``'s
    count at place ``len(counts) - 1 - p`` (last first, so that the product lines my play up with my score)."""
    return [pack([row[total] if total < len(row) else 0 for row in reversed(counts)])
            for total in range(max(map(len, counts), default=0))]


def correlated(packed: Sequence[int], plays: int, columns: Sequence[int], start: int, scores: int) -> array[int]:
    """``out[s] = sum(counts[p][j] * columns[start + j] at place s + p)`` for each score ``s`` short of
    ``scores``: ``plays`` rows of counts, packed by :func:`kernel`, against a table's packed columns,
    exact in whole numbers. Each of his totals is one product of two packed numbers, every play of mine
    and every score of mine at once, in places of :data:`PLACE` bits (a sum of counts of 65,535ths
    never carries into the next)."""
    summed = sum(number * column for number, column in zip(packed, columns[start:]) if number)
    size = PLACE // 8 * scores
    placed = summed >> (PLACE * (plays - 1)) & ((1 << (8 * size)) - 1)
    return array("I", placed.to_bytes(size, sys.byteorder))
