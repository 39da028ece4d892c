"""Rank-only show tables: fifteens, pairs and runs for every multiset of five ranks.

Those three categories depend only on the ranks of the five cards, not on their
suits or on which card is the starter, so they are computed once for each of
the 6,175 multisets of five ranks and looked up afterwards. A multiset is keyed
by the sum of ``RANK_BITS[rank]`` over its cards: three bits per rank hold a
count of 0-4, so the key is the same whatever the order of the cards.
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

RANKS = range(1, 14)
VALUES: tuple[int, ...] = (0,) + tuple(min(r, 10) for r in RANKS)
"""Count value by rank number (index 0 unused)."""
RANK_BITS: tuple[int, ...] = (0,) + tuple(1 << (3 * (r - 1)) for r in RANKS)
"""Key contribution of one card of each rank (index 0 unused)."""


def rank_key(ranks: tuple[int, ...] | list[int]) -> int:
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


def five_rank_multisets() -> list[tuple[int, ...]]:
    """Every multiset of five ranks a deck can deal (no rank five times): 6,175."""
    return [m for m in combinations_with_replacement(RANKS, 5) if max(m.count(r) for r in set(m)) <= 4]


@cache
def parts_table() -> dict[int, tuple[int, int, int, int]]:
    """(fifteens, pairs, runs, their sum) points for each five-rank multiset, by key."""
    return {rank_key(m): (*parts, sum(parts)) for m in five_rank_multisets() for parts in [rank_parts(m)]}


@cache
def total_table() -> dict[int, int]:
    """Fifteens + pairs + runs points for each five-rank multiset, by key."""
    return {key: parts[3] for key, parts in parts_table().items()}

