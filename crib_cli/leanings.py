"""What the cards a player has laid say of the rest of his hand: the ranks tied to them, and how much
likelier he holds each rank than another (two players, six-card cribbage).

An expert keeps fives, pairs, runs and fifteens, so a rank that pairs a card he
has laid, makes fifteen with one or lies next to one is held more often than
chance would have it, and a rank tied to none less often. The factors are
measured in the expert's games (:mod:`crib_cli.builders.leanings`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from math import prod

from .tables import RANKS, VALUES

TIES = ("pair", "fifteen", "next", "two", "five", "ten")
"""How a rank may be tied to the cards a seat has laid, as :func:`ties` counts them: pairing one,
making fifteen with one, next to one, two from one (a run's ends); and, alone, a five and a ten-card."""


def ties(rank: int, laid: Sequence[int]) -> tuple[int, ...]:
    """How many times ``rank`` is tied each way of :data:`TIES` to the ranks ``laid``.

    >>> dict(zip(TIES, ties(5, [10, 6])))
    {'pair': 0, 'fifteen': 1, 'next': 1, 'two': 0, 'five': 1, 'ten': 0}
    """
    return (
        sum(other == rank for other in laid),
        sum(VALUES[other] + VALUES[rank] == 15 for other in laid),
        sum(abs(other - rank) == 1 for other in laid),
        sum(abs(other - rank) == 2 for other in laid),
        int(rank == 5),
        int(VALUES[rank] == 10),
    )


@lru_cache(maxsize=1 << 12)
def leaning(laid: tuple[int, ...]) -> tuple[float, ...]:
    """How much likelier a seat that has laid these ranks (two players) holds each rank than another:
    the product of the factors of its ties to them (:mod:`crib_cli.data.leanings`, measured in the
    expert's games), index 0 unused. A pair of a card laid is held about twice as often as chance
    would have it, a rank tied to none markedly less often.

    >>> weights = leaning((10,))
    >>> weights[10] > weights[9] > weights[1]  # a pair, a run's neighbour, a rank tied to nothing
    True
    """
    from .data.leanings import FACTORS

    factors = [FACTORS[name] for name in TIES]
    return (0.0,) + tuple(prod(map(pow, factors, ties(rank, laid))) for rank in RANKS)
