"""The exact distribution of show scores over every (hand, starter) deal.

Instead of scoring all 12,994,800 deals one by one, each deal is grouped by the
ranks of its four hand cards and the starter's rank (23,660 groups). Within a
group the fifteens, pairs and runs are the same for every deal; only the flush
and nobs vary with the suits, and how many deals of the group score each
flush/nobs bonus is counted in closed form by :func:`suit_bonus_counts`.
Five-card cribbage hands of three (1,082,900 deals) are counted the same way.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations_with_replacement
from math import comb, prod

from .cards import Rank
from .rules import VARIANTS, RulesError
from .tables import RANK_BITS, RANKS, rank_key

MAX_SHOW = 29
"""The most a hand or crib of four scores with the starter."""
MAX_THREE_CARD = 20
"""The most a five-card cribbage hand of three scores with the starter (5 5 5, a 5 turned)."""


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
    """Deals with these hand ranks (four, or three in five-card cribbage) and this starter rank, by flush + nobs bonus.

    Every assignment of suits to the hand and starter is one deal. A flush
    needs distinct hand ranks all of one suit σ (4 ways), and scores a point a
    card; the starter then matches σ, for a point more, in one way unless its
    rank is already in the hand. A crib scores only the flush with the starter.
    Nobs needs a hand jack of the starter's suit: by symmetry a quarter of all
    deals per hand jack, when the starter is not itself a jack.
    """
    counts = Counter(hand_ranks)
    in_hand = counts[starter_rank]
    deals = prod(comb(4, n) for n in counts.values()) * (4 - in_hand)
    jacks = counts[Rank.JACK]
    nobs_deals = deals * jacks // 4 if starter_rank != Rank.JACK else 0
    bonus: Counter[int] = Counter()
    flush_deals = 0
    size = len(hand_ranks)
    if len(counts) == size:
        with_starter = 4 if in_hand == 0 else 0
        hand_only = 4 * 3
        flush_deals = with_starter + hand_only
        bonus[size + 1 + (jacks if starter_rank != Rank.JACK else 0)] += with_starter
        bonus[0 if crib else size] += hand_only
        if with_starter and jacks and starter_rank != Rank.JACK:
            nobs_deals -= with_starter
    bonus[1] += nobs_deals
    bonus[0] += deals - flush_deals - nobs_deals
    return {points: n for points, n in bonus.items() if n}


def count_distribution(totals: dict[int, int], *, crib: bool = False, hand_size: int = 4) -> Distribution:
    """Exact count of deals scoring each total, for hands or (``crib``) cribs, from a rank table.

    ``totals`` maps each key of ``hand_size`` + 1 ranks (the hand and the starter)
    to its fifteens + pairs + runs points; ``hand_size`` is 4, or 3 for five-card
    cribbage hands (scores 0-20).
    """
    counts = [0] * ((MAX_SHOW if hand_size == 4 else MAX_THREE_CARD) + 1)
    for hand_ranks in combinations_with_replacement(RANKS, hand_size):
        hand_key = rank_key(hand_ranks)
        for starter_rank in RANKS:
            if hand_ranks.count(starter_rank) == 4:  # no fifth card of the rank
                continue
            base = totals[hand_key + RANK_BITS[starter_rank]]
            for points, n in suit_bonus_counts(hand_ranks, starter_rank, crib).items():
                counts[base + points] += n
    return Distribution(tuple(counts))


def show_distribution(*, crib: bool = False, variant: str = "six") -> Distribution:
    """Exact count of deals scoring each total, for hands or (``crib``) cribs, as generated.

    With ``variant`` ``five``, hands are the three cards of five-card cribbage
    (scores 0-20); its crib of four scores as the six-card crib, so ``crib``
    gives the same counts for either variant. :func:`count_distribution`
    computes them; :mod:`crib_cli.data.stats` stores the results.

    >>> show_distribution().counts[29]
    4
    """
    from .data.stats import CRIB_COUNTS, HAND_COUNTS, THREE_CARD_COUNTS

    if variant not in VARIANTS:
        raise RulesError(f"unknown variant {variant!r}: use six or five")
    if crib:
        return Distribution(CRIB_COUNTS)
    return Distribution(THREE_CARD_COUNTS if variant == "five" else HAND_COUNTS)
