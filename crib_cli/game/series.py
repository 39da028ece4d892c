"""The play at rank level: a position as the look-ahead (:mod:`crib_cli.game.lookahead`) searches
it, what a rank scores laid on the series, the part of the series later cards can still score
with, and what a card laid on it says of the hand it came from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache

from ..rules import LIMIT
from ..tables import RANKS, VALUES

_NO_PILE: tuple[int, ...] = ()


@dataclass(frozen=True, slots=True)
class PlayState:
    """A position of the play at rank level, seen by the seat to move (seat 0).

    ``hand`` is that seat's ranks; ``unseen`` counts the cards of each rank it
    has not seen (index 0 unused), the other seats' cards among them. ``left``
    is how many cards each seat has left, clockwise from seat 0, so its length
    is the number of players; ``floors`` the least count value each may hold
    (0 when nothing is known), ``ruled_out`` the ranks each is taken not to hold
    from the cards it has laid (a bit a rank, ``1 << rank``; see :func:`doubted`)
    and ``rank_weights`` how much likelier each is to hold a card of each rank than
    another (14 relative weights, index 0 unused; see :func:`crib_cli.leanings.leaning`): a
    holding's chance is its cards' weights multiplied. Empty: none known, alike.
    ``pile`` is the current series, ``gone`` the
    seats that have said go in it and ``last`` the seat that laid its last
    card (None when the series is empty). With ``once`` the play ends with
    the series (five-card cribbage): cards left are not played. ``base`` is
    the count of cards laid in the series before ``pile`` that are not known
    (a question that gives only the count): they count, but make no pair or run.
    """

    hand: tuple[int, ...]
    unseen: tuple[int, ...]
    left: tuple[int, ...]
    floors: tuple[int, ...] = ()
    pile: tuple[int, ...] = ()
    gone: frozenset[int] = field(default_factory=frozenset)
    last: int | None = None
    once: bool = False
    base: int = 0
    ruled_out: tuple[int, ...] = ()
    rank_weights: tuple[tuple[float, ...], ...] = ()

    def __post_init__(self) -> None:
        if len(self.left) not in (2, 3, 4) or self.left[0] != len(self.hand):
            raise ValueError("left: one count per seat (2-4 seats), seat 0's being len(hand)")
        seats = len(self.left)
        if len(self.unseen) != 14 or (
            self.floors and len(self.floors) != seats or self.ruled_out and len(self.ruled_out) != seats
            or self.rank_weights and len(self.rank_weights) != seats
        ):
            raise ValueError("unseen has 14 counts (index 0 unused); floors, ruled_out and rank_weights one per seat")
        for weights in self.rank_weights:
            if len(weights) != 14 or min(weights[1:]) <= 0:
                raise ValueError("a seat's rank weights are 14 (index 0 unused), each above 0")

    @property
    def count(self) -> int:
        """The running count of the series."""
        return self.base + sum(VALUES[r] for r in self.pile)

    def legal(self) -> tuple[int, ...]:
        """The distinct ranks seat 0 may lay, in order; empty when it must say go."""
        room = LIMIT - self.count
        return tuple(sorted({r for r in self.hand if VALUES[r] <= room}))


@lru_cache(maxsize=1 << 15)
def lay_rank(pile: tuple[int, ...], rank: int) -> tuple[int, tuple[int, ...]]:
    """Pairs and runs for laying ``rank`` on a series, and the part of the series that still matters.

    ``pile`` is the series so far (ranks, in order) or any tail of it this
    function returned. Fifteen and 31 depend on the count and are left to the
    caller. The tail kept is what later cards can still score with: the run of
    equal ranks at the end, or else the longest stretch of distinct ranks at
    the end (a run can never reach back past a repeated rank).
    """
    ranks = pile + (rank,)
    same = 1
    while same < len(ranks) and ranks[-same - 1] == rank:
        same += 1
    if same > 1:  # a run would need distinct ranks
        return same * (same - 1), ranks[-same:]
    start = len(ranks) - 1
    while start and ranks[start - 1] not in ranks[start:]:
        start -= 1
    # The longest run among the distinct ranks at the end: the longest stretch there whose span is its length.
    points = 0
    low = high = rank
    for length, laid in enumerate(reversed(ranks[start:-1]), 2):
        if laid < low:
            low = laid
        elif laid > high:
            high = laid
        if high - low == length - 1 and length > 2:
            points = length
    return points, ranks[start:]


def tail_of(pile: tuple[int, ...]) -> tuple[int, ...]:
    """The part of a series that later cards can still score with (:func:`lay_rank`'s tail)."""
    tail = _NO_PILE
    for rank in pile:
        tail = lay_rank(tail, rank)[1]
    return tail


@lru_cache(maxsize=1 << 12)
def doubted(pile: tuple[int, ...], rank: int) -> int:
    """The ranks (a bit each, ``1 << rank``) a seat that laid ``rank`` on the series ``pile`` is taken
    not to hold: those that fit and would have scored more at once. Players take the points in
    front of them: in games of the expert against itself the other seat still held such a rank
    about a twentieth as often as chance would have it.

    >>> [r for r in range(1, 14) if doubted((10,), 9) >> r & 1]  # a 9 on a 10: no 5 (fifteen) nor 10 (pair)
    [5, 10]
    """
    tail = tail_of(pile)
    count = sum(VALUES[laid] for laid in pile)
    got = scored(tail, rank, count)
    return sum(1 << option for option in RANKS
               if count + VALUES[option] <= LIMIT and scored(tail, option, count) > got)


def scored(tail: tuple[int, ...], rank: int, count: int) -> int:
    """What ``rank`` scores laid on the series (its tail) at ``count``: pairs, runs, 15 or 31."""
    count += VALUES[rank]
    return lay_rank(tail, rank)[0] + 2 * (count in (15, LIMIT))


def points_laid(tail: tuple[int, ...], rank: int, count: int, left: tuple[int, ...]) -> int:
    """What seat 0's ``rank`` scores laid on the series at ``count``: pairs, runs, 15 or 31, the last card."""
    return scored(tail, rank, count) + (sum(left) == 1 and count + VALUES[rank] < LIMIT)
