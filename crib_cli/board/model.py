"""A deal as the sampled deals model it, from one seat's side: its play, the other seat's shows and the crib.

The board's builder keeps, from the simulated deals of the expert against
itself, how each seat's points in the play went with the other's total, by
the starter's rank; the crib, and what each throw adds to it; and the fits
of a hand on the cards the other seat holds and of net pegging on a keep's
value. This module reads them once, for :mod:`crib_cli.board.throws` and
:mod:`crib_cli.board.play`.

>>> sorted(deal_model("six", PONE).rows) == list(range(1, 14))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache, lru_cache
from itertools import accumulate, pairwise, repeat
from operator import add, mul, truediv
from typing import NamedTuple

from ..pegging import WINDOW, KeepPlay
from ..tables import RANKS
from .numerics import PLACE, below, kernel, least_squares
from .table import DEALER, PONE, SCALE, grid


class PlayReach(NamedTuple):
    """Who reaches what in the play, over some deals: ``first[need][k]``, the chance the seat first
    has ``need`` points while the other has fewer than ``k``; ``short[points][k]``, the chance it pegs
    fewer than ``points`` while the other pegs fewer than ``k``."""

    first: list[list[float]]
    short: list[list[float]]

    @classmethod
    def of(cls, first: list[list[float]], alone: list[list[float]]) -> PlayReach:
        """The tables from ``first`` and ``alone[points][k]``, the chance the seat pegs exactly
        ``points`` while the other pegs fewer than ``k`` (its rows all as long): ``short`` summed from
        it, and ``first`` of a need of 0 sure (it is had before the play begins, the other at 0)."""
        first = [[0.0] + [1.0] * (len(first[0]) - 1), *first[1:]]
        short = [[0.0] * len(alone[0])]
        for row in alone:
            short.append(list(map(add, short[-1], row)))
        return cls(first, short)


class Deals(NamedTuple):
    """A starter rank's sampled deals from one seat's side: ``counts[my play][his total]`` of ``total``
    (their slight tails left out), and packed for :func:`~crib_cli.board.numerics.correlated` (``kernel``)."""

    counts: list[list[int]]
    total: int
    kernel: list[int]


class DealModel(NamedTuple):
    """What the sampled deals of a variant say of a deal's scoring, for a throw's chance and the end of
    the play, from one seat's side (its view alone is read, so the other's is not worked out).

    By starter rank: the sampled deals by the seat's points in the play and the
    other's total (``rows[rank]``, :class:`Deals`): as the pone, his play,
    hand and crib; as the dealer, his play and hand. The crib (``cribs``, ``crib_means``). Who reaches what in
    the play, for the seat, over all deals (``play``). ``gift[rank]``: how
    far the seat's own throws in the sampled deals moved the crib, against a
    throw of any two cards (the sampled cribs already hold it).
    """

    rows: dict[int, Deals]
    cribs: dict[int, list[float]]
    play: PlayReach
    crib_means: list[list[list[float]]]
    gift: dict[int, float]


@cache
def deal_model(variant: str, seat: int) -> DealModel:
    """The sampled deals of a variant, from the seat's side (:data:`~crib_cli.board.table.PONE` or
    :data:`~crib_cli.board.table.DEALER`), read once a process."""
    from ..data import board as data

    name = variant.upper()
    deals: int = getattr(data, f"DEALS_{name}")
    label = ("PONE", "DEALER")[seat]
    rows = {}
    for rank, table in enumerate(grid(f"{label}_VIEW_{name}")):
        total = sum(map(sum, table))
        if total:
            if total * SCALE >> PLACE:
                raise ValueError(f"{total} deals of a starter rank are too many for a place of {PLACE} bits")
            counts = _trimmed(table, total)
            rows[rank] = Deals(counts, total, kernel(counts))
    means: list[list[list[float]]] = grid("CRIB_MEANS")
    by_rank = grid(f"THROWS_{name}")[seat]  # [lower rank][higher rank][starter rank]
    gift = {}
    for rank in RANKS:
        thrown = [(by_rank[low][high][rank], means[low][high][rank] - means[0][0][rank])
                  for low in RANKS for high in RANKS[low - 1 :] if by_rank[low][high][rank]]
        if thrown:
            gift[rank] = sum(n * shift for n, shift in thrown) / sum(n for n, _ in thrown)
    play = grid(f"PLAY_TOTALS_{name}")  # [dealer][pone]
    alone = [list(column) for column in zip(*play)] if seat == PONE else play
    return DealModel(
        rows, cribs(variant), PlayReach.of(_prefix(grid(f"PLAY_REACH_{label}_{name}"), deals), _prefix(alone, deals)),
        means, gift,
    )


@cache
def cribs(variant: str) -> dict[int, list[float]]:
    """By starter rank, the distribution of the sampled deals' cribs, as far as it goes (the dealer reads
    his shows only as far)."""
    return {rank: [count / sum(row) for count in row[: _counted(row)]]
            for rank, row in enumerate(grid(f"CRIBS_{variant.upper()}")) if sum(row)}


def _prefix(table: Sequence[Sequence[int]], deals: int) -> list[list[float]]:
    """``out[points][k]``: the chance of the points while the other seat has fewer than ``k``, over
    ``deals`` deals, from the counts by the other seat's points."""
    return [[0.0, *accumulate(map(truediv, row, repeat(deals)))] for row in table]


_SLIGHT = 1e-6
"""Chances below this at the end of a row, and rows of less than it, are left out of the sums: a
ten-thousandth of a point of percentage, for work saved in every one of them."""


def _trimmed(table: list[list[int]], total: int) -> list[list[int]]:
    """Rows of counts of ``total`` deals without their slight tails (each a chance below :data:`_SLIGHT`);
    rows of next to nothing emptied (but kept, for their place)."""
    out = []
    for counts in table:
        end = _counted(counts)
        row = counts[:end]
        while end and row[end - 1] / total < _SLIGHT:
            end -= 1
        out.append(row[:end] if sum(row) / total >= _SLIGHT else [])
    return out


def _counted(counts: list[int]) -> int:
    """How far a row of counts goes: the place after its last count that is not none."""
    return len(bytes(map(bool, counts)).rstrip(b"\0"))


def of_keep(model: DealModel, seat: int, play: KeepPlay | None) -> PlayReach:
    """The play as the seat's keep plays it: its own (:func:`own_play`), or over all the sampled deals."""
    return model.play if play is None else own_play(play, seat)


@lru_cache(maxsize=1 << 12)
def own_play(play: KeepPlay, seat: int) -> PlayReach:
    """A keep's own play, from the pegging table's deals. Past the table's window (its last row counts
    that many points or more) the keep reaches each need as often as in all the sampled deals of
    six-card cribbage, scaled by how often it reaches the window's last need against them, and its
    points there are shared out the same way. The other seat's points past the window read as within it."""
    first = _prefix(play.reach, play.deals)
    alone = _prefix(play.totals, play.deals)
    every = deal_model("six", seat).play.first
    reached = first[WINDOW][-1]  # the chance of the window's points or more: its last row of totals
    if reached and every[WINDOW][-1]:
        ratio = reached / every[WINDOW][-1]
        first += [[ratio * chance for chance in row] for row in every[WINDOW + 1 :]]
        tail = [row[-1] for row in first[WINDOW:]] + [0.0]
        last = alone.pop()
        alone += [[(high - low) / reached * chance for chance in last] for high, low in pairwise(tail)]
    return PlayReach.of(first, alone)


def short_ratio(every: PlayReach, mine: PlayReach, short_of: int, limit: int) -> float:
    """How much likelier the play is to leave both seats short (the seat of fewer than ``short_of``
    points, the other of fewer than ``limit``) in ``mine``, the keep's own play, than in ``every``
    deal: the rest of the deal, counted over all deals, is weighed by it."""
    points = max(short_of, 0)
    short = below(every.short, points, limit)
    return below(mine.short, points, limit) / short if short else 1.0


def crib_shift(model: DealModel, thrown: tuple[int, int], rank: int, nobs: int) -> float:
    """How far my throw moves the crib, against the throws the seat makes in the sampled deals."""
    means = model.crib_means
    low, high = thrown
    return means[low][high][rank] - means[0][0][rank] + nobs - model.gift.get(rank, 0.0)


@cache
def pegging_line(variant: str, me_dealing: bool) -> tuple[float, float]:
    """The seat's held keeps' mean pegging value in the sampled deals, and the slope of the least-squares
    line of what the seat pegged for less than it conceded on its keep's value (0 without values)."""
    deals, x, y, xx, xy = grid(f"PEGGING_FIT_{variant.upper()}")[DEALER if me_dealing else PONE]
    spread = deals * xx - x * x
    return x / deals / 1000, (deals * xy - x * y) / spread * 1000 if spread else 0.0


def pegging_shift(value: float, *, me_dealing: bool, variant: str = "six") -> float:
    """What a keep of this pegging value (the table's, :func:`crib_cli.pegging.pegging_value`) pegs for
    less than it concedes, against the keeps the seat holds in the sampled deals: their line of net
    pegging on the value, read at it. The table's values carry noise and are measured against an
    opponent who keeps by points alone, so the line is flatter than the values and a keep of the
    held keeps' mean value moves nothing.

    >>> pegging_shift(0.5, me_dealing=False) > pegging_shift(-1.0, me_dealing=False)
    True
    """
    mean, slope = pegging_line(variant, me_dealing)
    return slope * (value - mean)


@cache
def removal_fit(variant: str, seat: int, rank: int) -> tuple[list[float], float] | None:
    """With a starter of ``rank``, the least-squares fit of the seat's hand on the ranks the other seat
    was dealt, in the sampled deals: the points each card of a rank adds (by rank, 1 to 13), and what
    a card of the other seat's adds on average (each rank weighed by how often it holds it). None
    where a small sample does not hold every rank. Fitted when first asked for: far from the end no
    fit is needed, and near it only the starters' ranks of the seat asked for."""
    sums = grid(f"REMOVAL_{('PONE', 'DEALER')[seat]}_{variant.upper()}")[rank]  # [i][0: x*y, j: x*x]
    products = [row[1:14] for row in sums[1:14]]
    points = least_squares(products, [row[0] for row in sums[1:14]])
    if points is None:
        return None
    total = sum(map(sum, products))
    shares = [sum(row) / total for row in products]
    return points, float(sum(map(mul, points, shares)))


@lru_cache(maxsize=1 << 12)
def removal(variant: str, seat: int, dealt: tuple[int, ...], rank: int) -> float:
    """How far the seat's hand, with a starter of ``rank``, moves when the other seat was dealt these
    ranks, against the sampled deals' average: the fit's points for them less for the average holding
    (0 with none known): holding fives, for one, takes points from his hand."""
    if not dealt:
        return 0.0
    fit = removal_fit(variant, seat, rank)
    if fit is None:
        return 0.0
    points, average = fit
    return sum(points[held - 1] for held in dealt) - len(dealt) * average
