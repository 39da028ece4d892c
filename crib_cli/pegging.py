"""The pegging value of a kept four: points for less points against in the play, by rank pattern.

Suits never matter in the play, so the value depends only on the ranks kept
and the seat's role. It is estimated by simulating the play, expert against
expert (:mod:`crib_cli.builders.pegging`), for every pattern and role into
:mod:`crib_cli.data.pegging`, each entry with its standard error.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from .cards import Card
from .tables import rank_key, rank_multisets


@dataclass(frozen=True, slots=True)
class PeggingValue:
    """Expected points pegged for less points against, its standard error, the deals behind it, and
    the expected points pegged alone."""

    mean: float
    error: float
    deals: int
    pegged: float

    @property
    def conceded(self) -> float:
        """The expected points against: what is pegged less the net."""
        return self.pegged - self.mean


def keep_patterns() -> list[tuple[int, ...]]:
    """Every multiset of four ranks a hand can hold: 1,820, in the order of the generated table."""
    return rank_multisets(4)


@cache
def _table() -> dict[tuple[str, int], PeggingValue]:
    from .data.pegging import DEALER, DEALS, PONE

    table: dict[tuple[str, int], PeggingValue] = {}
    for role, entries in (("dealer", DEALER), ("pone", PONE)):
        for ranks, (mean, error, pegged) in zip(keep_patterns(), entries):
            table[role, rank_key(ranks)] = PeggingValue(mean, error, DEALS, pegged)
    return table


def pegging_value(keep: Sequence[Card], role: str) -> PeggingValue:
    """The table's pegging value of a kept four for ``role`` (dealer or pone), two players.

    >>> from crib_cli.cards import parse_cards
    >>> pegging_value(parse_cards("5S 5C 6D 4C"), "pone").deals
    300
    """
    return _table()[role, rank_key([card.rank for card in keep])]


KEEP_CLASSES = 16
"""Classes of kept fours by their pegging value for the seat, as the board's play model counts them."""


@cache
def class_edges(role: str) -> tuple[float, ...]:
    """The pegging values that cut the 1,820 rank patterns into :data:`KEEP_CLASSES` classes of about
    equal count, lowest value first. The board's play counts are by these classes: it is built
    again when they change (a test compares the edges it was built with)."""
    values = sorted(_table()[role, rank_key(ranks)].mean for ranks in keep_patterns())
    return tuple(values[len(values) * at // KEEP_CLASSES] for at in range(1, KEEP_CLASSES))


def keep_class(keep: Sequence[Card], role: str) -> int:
    """The class of a kept four by its pegging value for ``role``: 0 for the fours that peg worst, up
    to ``KEEP_CLASSES - 1`` for the best; the board's play model is counted by it.

    >>> from crib_cli.cards import parse_cards
    >>> keep_class(parse_cards("AS 2C 3D 4C"), "pone") > keep_class(parse_cards("KS QC JD TC"), "pone")
    True
    """
    return bisect_right(class_edges(role), pegging_value(keep, role).mean)
