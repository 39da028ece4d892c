"""What a seat may hold in the play, weighed: the look-ahead's arithmetic of holdings.

A seat's possible cards each have a weight (how much likelier it holds a card
of that rank than chance: 1 for every rank unless its laid cards say more; 0
for a rank it cannot hold). The weight of a holding is its cards' weights
multiplied, and the weight of all holdings of ``k`` cards is the elementary
symmetric sum of the weights, had from their power sums by Newton's
identities: with every weight 1, the binomial count. See
:mod:`crib_cli.game.lookahead`, which searches with them.
"""

from __future__ import annotations

from functools import lru_cache

from ..tables import RANKS, VALUES

Sums = tuple[float, float, float, float]
"""The power sums of a seat's possible cards' weights: each weight to the power 1, 2, 3 and 4, added up."""
Holds = tuple[tuple[float, ...], ...]
"""Each seat's weight of a card of each rank in the search (index 0 unused; 0: it holds none)."""


def scan(pool: tuple[int, ...], hold: tuple[float, ...], room: int) -> tuple[int, tuple[int, ...], Sums]:
    """The cards a seat may hold (``hold``: its weight of each rank, 0 for none): how many, the ranks
    among them that fit in ``room``, and the power sums of their weights (each weight to the power
    1, 2, 3 and 4, added up)."""
    cards = 0
    options = []
    p1 = p2 = p3 = p4 = 0.0
    for rank in RANKS:
        number = pool[rank]
        if number:
            weight = hold[rank]
            if weight:
                cards += number
                square = weight * weight
                p1 += number * weight
                p2 += number * square
                p3 += number * square * weight
                p4 += number * square * square
                if VALUES[rank] <= room:
                    options.append(rank)
    return cards, tuple(options), (p1, p2, p3, p4)


def weights_lacking(
    sums: Sums, k: int, pool: tuple[int, ...], hold: tuple[float, ...], ranks: list[int],
) -> list[float]:
    """The weight of the holdings of ``k`` cards among the cards of these power sums, then of those
    with none of the first rank of ``ranks``, none of the first two, and so on."""
    p1, p2, p3, p4 = sums
    weights = [holdings(p1, p2, p3, p4, k)]
    for rank in ranks:
        number, weight = pool[rank], hold[rank]
        square = weight * weight
        p1 -= number * weight
        p2 -= number * square
        p3 -= number * square * weight
        p4 -= number * square * square
        weights.append(holdings(p1, p2, p3, p4, k))
    return weights


def holdings(p1: float, p2: float, p3: float, p4: float, k: int) -> float:
    """The weight of every holding of ``k`` cards (up to 4) among cards whose weights have these power
    sums: their elementary symmetric sum (Newton's identities); with every weight 1, C(cards, k)."""
    if k <= 1:
        return p1 if k else 1.0
    e2 = (p1 * p1 - p2) / 2
    if k == 2:
        return e2
    e3 = (e2 * p1 - p1 * p2 + p3) / 3
    if k == 3:
        return e3
    return (e3 * p1 - e2 * p2 + p1 * p3 - p4) / 4


@lru_cache(maxsize=1 << 12)
def search_weights(floor: int, ruled_out: int, weights: tuple[float, ...]) -> tuple[float, ...]:
    """A seat's weight of each rank as the search reads it: its rank weights, 0 below its floor or ruled
    out (and, for a seat that says go at count ``c``, ``search_weights(32 - c, 0, hold)``: its floor raised)."""
    return tuple(0.0 if VALUES[rank] < floor or ruled_out >> rank & 1 else weight for rank, weight in enumerate(weights))
