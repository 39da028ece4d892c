"""Rank-only show tables: fifteens, pairs and runs for every multiset of five (or four) ranks.

Those three categories depend only on the ranks of the cards shown, not on
their suits or on which card is the starter, so they are computed once for each
of the 6,175 multisets of five ranks (a hand or crib of four and the starter)
and the 1,820 of four ranks (a five-card cribbage hand of three and the
starter) and looked up afterwards. A multiset is keyed by the sum of
``RANK_BITS[rank]`` over its cards: three bits per rank hold a count of 0-4, so
the key is the same whatever the order of the cards, and keys of multisets of
different sizes never meet.

A crib's expected points depend on its known ranks the same way: for each
multiset of one to four ranks, the points of every way to complete it to five
from a deck without it, summed (:func:`crib_sums`), which the discard analysis
combines by inclusion and exclusion.

Computing the tables takes most of a second, too long for every start of the
command line, so :mod:`crib_cli.builders.tables` writes them into
:mod:`crib_cli.data.tables`, which loads in about a millisecond; a test
regenerates it and compares.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from itertools import combinations_with_replacement

RANKS = range(1, 14)
VALUES: tuple[int, ...] = (0,) + tuple(min(r, 10) for r in RANKS)
"""Count value by rank number (index 0 unused)."""
RANK_BITS: tuple[int, ...] = (0,) + tuple(1 << (3 * (r - 1)) for r in RANKS)
"""Key contribution of one card of each rank (index 0 unused)."""
CARD_BITS: tuple[int, ...] = tuple(RANK_BITS[index // 4 + 1] for index in range(52))
"""Key contribution of each card, by its index in the deck (``(rank - 1) * 4 + suit``)."""


def rank_key(ranks: Iterable[int]) -> int:
    """The table key of a multiset of ranks."""
    return sum(RANK_BITS[r] for r in ranks)


def fifteen_count(values: tuple[int, ...]) -> int:
    """How many sub-multisets of ``values`` (by position) sum to 15."""
    ways = [1] + [0] * 15
    for v in values:
        for total in range(15, v - 1, -1):
            ways[total] += ways[total - v]
    return ways[15]


def rank_parts(ranks: tuple[int, ...]) -> tuple[int, int, int]:
    """Points for (fifteens, pairs, runs) of a multiset of ranks.

    Pairs: two points for each pair of equal ranks, C(n, 2) pairs per rank.
    Runs: the longest stretch (3 or more) of consecutive ranks present scores
    its length once for every way of picking one card of each rank in it.
    """
    counts = [0] * 15
    for r in ranks:
        counts[r] += 1
    fifteens = 2 * fifteen_count(tuple(VALUES[r] for r in ranks))
    pairs = sum(c * (c - 1) for c in counts)
    runs = 0
    start = 1
    while start <= 13:
        if not counts[start]:
            start += 1
            continue
        end, ways = start, 1
        while counts[end]:
            ways *= counts[end]
            end += 1
        length = end - start
        if length >= 3:
            runs = max(runs, length * ways)
        start = end
    return fifteens, pairs, runs


def rank_multisets(size: int = 5) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` ranks a deck can deal (no rank five times): 6,175 of five, 1,820 of four.

    Each comes sorted, so a rank five times is a card equal to the one four places on.
    """
    return [m for m in combinations_with_replacement(RANKS, size) if all(m[i] != m[i + 4] for i in range(size - 4))]


def _generated(size: int) -> tuple[tuple[int, ...], bytes]:
    """The generated keys and parts for multisets of ``size`` ranks (5, or 4 for five-card hands)."""
    from .data import tables as data

    if size == 5:
        return data.KEYS, data.PARTS
    if size == 4:
        return data.FOUR_KEYS, data.FOUR_PARTS
    raise ValueError(f"rank tables are for four or five cards shown, not {size}")


@cache
def parts_table(size: int = 5) -> dict[int, tuple[int, int, int, int]]:
    """(fifteens, pairs, runs, their sum) points for each multiset of ``size`` ranks, by key, as generated."""
    keys, parts = _generated(size)
    return {
        key: (fifteens, pairs, runs, fifteens + pairs + runs)
        for key, fifteens, pairs, runs in zip(keys, parts[0::3], parts[1::3], parts[2::3])
    }


@cache
def total_table(size: int = 5) -> dict[int, int]:
    """Fifteens + pairs + runs points for each multiset of ``size`` ranks, by key, as generated."""
    keys, parts = _generated(size)
    return dict(zip(keys, map(sum, zip(parts[0::3], parts[1::3], parts[2::3]))))


@cache
def crib_sums() -> dict[int, int]:
    """:func:`crib_cli.builders.tables.compute_crib_sums` as generated: by key, for every multiset of
    one to four ranks.

    >>> crib_sums()[rank_key((5, 5, 5, 5))]  # 20 points with each of 32 cards, 28 with the 16 tens
    1088
    """
    from .data import tables as data

    return dict(zip(data.CRIB_KEYS, data.CRIB_SUMS))
