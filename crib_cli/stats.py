"""The exact distribution of show scores over every (hand, starter) deal.

Instead of scoring all 12,994,800 deals one by one, each deal is grouped by the
ranks of its four hand cards and the starter's rank (23,660 groups). Within a
group the fifteens, pairs and runs are the same for every deal; only the flush
and nobs vary with the suits, and how many deals of the group score each
flush/nobs bonus is counted in closed form by :func:`suit_bonus_counts`.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from .tables import RANK_BITS, RANKS

JACK = 11
MAX_SHOW = 29


@dataclass(frozen=True, slots=True)
class Distribution:
    """How many deals score each show total 0-29."""

    counts: tuple[int, ...]

    @property
    def deals(self) -> int:
        return sum(self.counts)

    @property
    def mean(self) -> Fraction:
        return Fraction(sum(score * n for score, n in enumerate(self.counts)), self.deals)


def suit_bonus_counts(hand_ranks: tuple[int, ...], starter_rank: int, crib: bool) -> dict[int, int]:
    """Deals with these four hand ranks and this starter rank, by flush + nobs bonus.

    Every assignment of suits to the hand and starter is one deal. A flush
    needs four distinct hand ranks all of one suit σ (4 ways); the starter then
    matches σ in one way unless its rank is already in the hand. Nobs needs a
    hand jack of the starter's suit: by symmetry a quarter of all deals per hand
    jack, when the starter is not itself a jack.
    """
    counts = Counter(hand_ranks)
    in_hand = counts[starter_rank]
    deals = prod(comb(4, n) for n in counts.values()) * (4 - in_hand)
    jacks = counts[JACK]
    nobs_deals = deals * jacks // 4 if starter_rank != JACK else 0
    bonus: Counter[int] = Counter()
    flush_deals = 0
    if len(counts) == 4:
        five_card = 4 if in_hand == 0 else 0
        four_card = 4 * 3
        flush_deals = five_card + four_card
        bonus[5 + (jacks if starter_rank != JACK else 0)] += five_card
        bonus[0 if crib else 4] += four_card
        if five_card and jacks and starter_rank != JACK:
            nobs_deals -= five_card
    bonus[1] += nobs_deals
    bonus[0] += deals - flush_deals - nobs_deals
    return {points: n for points, n in bonus.items() if n}


def count_distribution(totals: dict[int, int], *, crib: bool = False) -> Distribution:
    """Exact count of deals scoring each total, for hands or (``crib``) cribs, from a rank table.

    ``totals`` maps each five-rank key to its fifteens + pairs + runs points.
    """
    counts = [0] * (MAX_SHOW + 1)
    for hand_ranks in combinations_with_replacement(RANKS, 4):
        hand_key = sum(RANK_BITS[r] for r in hand_ranks)
        for starter_rank in RANKS:
            if hand_ranks.count(starter_rank) == 4:
                continue
            base = totals[hand_key + RANK_BITS[starter_rank]]
            for points, n in suit_bonus_counts(hand_ranks, starter_rank, crib).items():
                counts[base + points] += n
    return Distribution(tuple(counts))


def show_distribution(*, crib: bool = False) -> Distribution:
    """Exact count of deals scoring each total, for hands or (``crib``) cribs, as generated.

    :func:`count_distribution` computes it; :mod:`crib_cli.table_data` stores the result.
    """
    from .table_data import CRIB_COUNTS, HAND_COUNTS

    return Distribution(CRIB_COUNTS if crib else HAND_COUNTS)
