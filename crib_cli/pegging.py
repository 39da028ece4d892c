"""The pegging value of a kept four: points for less points against in the play, by rank pattern.

Suits never matter in the play, so the value depends only on the ranks kept
and the seat's role. It is estimated by simulating the play, expert against
expert (:mod:`crib_cli.builders.pegging`), for every pattern and role into
:mod:`crib_cli.data.pegging`, each entry with its standard error.
"""

from __future__ import annotations

import base64
import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache, lru_cache
from math import comb

from .cards import Card
from .tables import rank_multisets


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


WINDOW = 13
"""The play's points counted one by one up to this many: more are counted as this many, as a keep
rarely pegs more (docs/methods.md says how rarely)."""


@dataclass(frozen=True, slots=True)
class KeepPlay:
    """How a kept four's play went in its simulated deals, from its seat's side.

    ``reach[need][other]``: the deals in which the seat first had ``need``
    points (1 to :data:`WINDOW`; row 0 is empty) while the other seat had
    ``other``; ``totals[mine][theirs]``: the deals by what each seat pegged.
    The other seat's points, and the totals, count :data:`WINDOW` for that
    many or more.
    """

    deals: int
    reach: tuple[tuple[int, ...], ...]
    totals: tuple[tuple[int, ...], ...]


_PLAY_COUNTS = 2 * (WINDOW + 1) ** 2
"""Counts in a packed :class:`KeepPlay`: both tables, each (WINDOW + 1) square."""


def keep_play(keep: Sequence[Card], role: str) -> KeepPlay:
    """How a kept four's play went in the table's simulated deals, for ``role`` (dealer or pone): what
    the board reads for who pegs out first.

    >>> from crib_cli.cards import parse_cards
    >>> play = keep_play(parse_cards("5S 5C 6D 4C"), "pone")
    >>> sum(map(sum, play.totals)) == play.deals
    True
    """
    return _keep_play(role, pattern_index([card.rank for card in keep]))


@lru_cache(maxsize=1 << 12)
def _keep_play(role: str, at: int) -> KeepPlay:
    from .data import pegging as data

    counts = array("H", zlib.decompress(base64.b64decode(getattr(data, f"PLAYS_{role.upper()}")[at])))
    if sys.byteorder == "little":
        counts.byteswap()
    size = WINDOW + 1
    rows = [tuple(counts[start : start + size]) for start in range(0, _PLAY_COUNTS, size)]
    return KeepPlay(data.DEALS, tuple(rows[:size]), tuple(rows[size:]))


def keep_patterns() -> list[tuple[int, ...]]:
    """Every multiset of four ranks a hand can hold: 1,820, in the order of the generated table."""
    return rank_multisets(4)


_LAST = comb(16, 4) - 1
"""The last pattern's place in :func:`keep_patterns`: 1,819."""
_STEPS = tuple(tuple(comb(16 - rank - place, 4 - place) for rank in range(14)) for place in range(4))
"""``_STEPS[place][rank]``: how many patterns follow, in :func:`keep_patterns`, one whose ``place``-th
lowest rank (from 0) is ``rank``, sharing its lower ranks but higher there: for :func:`pattern_index`."""


def pattern_index(ranks: Iterable[int]) -> int:
    """The place of a multiset of four ranks, in any order, in :func:`keep_patterns`, worked out from
    the ranks: the patterns sorted and spread out (the ``i``-th lowest rank plus ``i``) are the
    combinations of four of 16 numbers, in their lexicographic order, so no table is built to find it.

    >>> pattern_index([1, 1, 1, 1]), pattern_index([13, 12, 13, 13])
    (0, 1818)
    """
    low, second, third, high = sorted(ranks)
    return _LAST - _STEPS[0][low] - _STEPS[1][second] - _STEPS[2][third] - _STEPS[3][high]


@cache
def _value(role: str, at: int) -> PeggingValue:
    """The table's entry of the pattern at ``at`` for ``role``, read from the generated tuples when first asked for."""
    from .data.pegging import DEALER, DEALS, PONE

    mean, error, pegged = {"dealer": DEALER, "pone": PONE}[role][at]
    return PeggingValue(mean, error, DEALS, pegged)


def pegging_value(keep: Sequence[Card], role: str) -> PeggingValue:
    """The table's pegging value of a kept four for ``role`` (dealer or pone), two players.

    >>> from crib_cli.cards import parse_cards
    >>> pegging_value(parse_cards("5S 5C 6D 4C"), "pone").deals
    1000
    """
    return _value(role, pattern_index([card.rank for card in keep]))
