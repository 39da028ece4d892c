"""Scoring the show: a hand or crib of four cards plus the starter.

Two paths. :func:`score_show` itemizes every fifteen, pair, run, flush and nobs
with the cards that make it. :func:`show_total` and :func:`show_parts` give the
points only, from the rank table in :mod:`crib_cli.tables` plus the suit
rules, for bulk work.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from itertools import combinations

from .cards import Card, CardError, Rank, check_distinct
from .tables import RANK_BITS, parts_table


class Category(str, Enum):
    """The kinds of show points, in the order a player counts them."""

    FIFTEEN = "fifteen"
    PAIR = "pair"
    RUN = "run"
    FLUSH = "flush"
    NOBS = "nobs"


@dataclass(frozen=True, slots=True)
class ScoreItem:
    """One scoring combination: its kind, the cards that make it, its points."""

    kind: Category
    cards: tuple[Card, ...]
    points: int


@dataclass(frozen=True, slots=True)
class ShowScore:
    """An itemized show: the cards, whether it is a crib, and every item scored."""

    hand: tuple[Card, ...]
    starter: Card
    crib: bool
    items: tuple[ScoreItem, ...]

    def points(self, kind: Category) -> int:
        """Points scored by one category."""
        return sum(item.points for item in self.items if item.kind is kind)

    @property
    def fifteens(self) -> int:
        return self.points(Category.FIFTEEN)

    @property
    def pairs(self) -> int:
        return self.points(Category.PAIR)

    @property
    def runs(self) -> int:
        return self.points(Category.RUN)

    @property
    def flush(self) -> int:
        return self.points(Category.FLUSH)

    @property
    def nobs(self) -> int:
        return self.points(Category.NOBS)

    @property
    def total(self) -> int:
        return sum(item.points for item in self.items)


def check_show(hand: Sequence[Card], starter: Card) -> tuple[Card, ...]:
    """Check a show has four distinct hand cards and a starter not among them."""
    hand = tuple(hand)
    if len(hand) != 4:
        raise CardError(f"a hand has 4 cards, got {len(hand)}")
    check_distinct(hand + (starter,))
    return hand


def score_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> ShowScore:
    """Itemize the show of ``hand`` with ``starter``; ``crib`` applies the crib flush rule."""
    hand = check_show(hand, starter)
    five = hand + (starter,)
    items = [
        *_fifteens(five),
        *_pairs(five),
        *_runs(five),
        *_flush(hand, starter, crib),
        *_nobs(hand, starter),
    ]
    return ShowScore(hand, starter, crib, tuple(items))


def _by_rank(cards: Sequence[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cards, key=lambda c: c.rank))


def _fifteens(five: tuple[Card, ...]) -> list[ScoreItem]:
    return [
        ScoreItem(Category.FIFTEEN, _by_rank(combo), 2)
        for size in range(2, 6)
        for combo in combinations(five, size)
        if sum(c.value for c in combo) == 15
    ]


def _pairs(five: tuple[Card, ...]) -> list[ScoreItem]:
    return [ScoreItem(Category.PAIR, pair, 2) for pair in combinations(five, 2) if pair[0].rank == pair[1].rank]


def _runs(five: tuple[Card, ...]) -> list[ScoreItem]:
    for size in (5, 4, 3):
        runs = []
        for combo in combinations(five, size):
            ranks = sorted(c.rank for c in combo)
            if all(b == a + 1 for a, b in zip(ranks, ranks[1:])):
                runs.append(ScoreItem(Category.RUN, _by_rank(combo), size))
        if runs:
            return runs
    return []


def _flush(hand: tuple[Card, ...], starter: Card, crib: bool) -> list[ScoreItem]:
    suit = hand[0].suit
    if any(c.suit != suit for c in hand):
        return []
    if starter.suit == suit:
        return [ScoreItem(Category.FLUSH, hand + (starter,), 5)]
    return [] if crib else [ScoreItem(Category.FLUSH, hand, 4)]


def _nobs(hand: tuple[Card, ...], starter: Card) -> list[ScoreItem]:
    return [ScoreItem(Category.NOBS, (c,), 1) for c in hand if c.rank == Rank.JACK and c.suit == starter.suit]


def show_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """Total show points by table lookup; the caller guarantees a valid show."""
    return show_parts(hand, starter, crib)[5]


def show_parts(hand: Sequence[Card], starter: Card, crib: bool = False) -> tuple[int, int, int, int, int, int]:
    """Points for (fifteens, pairs, runs, flush, nobs, total) by table lookup.

    The caller guarantees a valid show. Written out longhand: it is the inner
    loop of batch scoring.
    """
    a, b, c, d = hand
    suit = starter.suit
    key = RANK_BITS[a.rank] + RANK_BITS[b.rank] + RANK_BITS[c.rank] + RANK_BITS[d.rank] + RANK_BITS[starter.rank]
    fifteens, pairs, runs, rank_total = parts_table()[key]
    flush = 0
    if a.suit == b.suit == c.suit == d.suit:
        if a.suit == suit:
            flush = 5
        elif not crib:
            flush = 4
    nobs = int(
        (a.rank == 11 and a.suit == suit)
        or (b.rank == 11 and b.suit == suit)
        or (c.rank == 11 and c.suit == suit)
        or (d.rank == 11 and d.suit == suit)
    )
    return fifteens, pairs, runs, flush, nobs, rank_total + flush + nobs


_NUMBERS = (
    "nineteen one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "sixteen seventeen eighteen nineteen twenty twenty-one twenty-two twenty-three twenty-four twenty-five "
    "twenty-six twenty-seven twenty-eight twenty-nine"
).split()
_PAIR_NAMES = {2: "a pair", 6: "a pair royal", 12: "a double pair royal"}
_RUN_COUNTS = {1: "a run", 2: "two runs", 3: "three runs", 4: "four runs"}
_LENGTHS = {3: "three", 4: "four", 5: "five"}


def spoken_count(score: ShowScore) -> str:
    """The count as a player says it aloud, with a running total.

    Fifteens one by one ("fifteen two, fifteen four"), pairs by rank ("a pair
    royal is ten"), runs together ("two runs of three is sixteen"), then the
    flush and "one for his nob". A hand of nothing is called "nineteen".
    """
    if not score.items:
        return "nineteen (nothing)"
    phrases: list[tuple[str, int]] = []
    running = 0
    for item in score.items:
        if item.kind is Category.FIFTEEN:
            running += item.points
            phrases.append(("fifteen", running))
    by_rank: dict[Rank, int] = {}
    for item in score.items:
        if item.kind is Category.PAIR:
            by_rank[item.cards[0].rank] = by_rank.get(item.cards[0].rank, 0) + item.points
    for points in by_rank.values():
        running += points
        phrases.append((_PAIR_NAMES[points], running))
    runs = [item for item in score.items if item.kind is Category.RUN]
    if runs:
        running += sum(item.points for item in runs)
        phrases.append((f"{_RUN_COUNTS[len(runs)]} of {_LENGTHS[len(runs[0].cards)]}", running))
    if score.flush:
        running += score.flush
        phrases.append((f"{_LENGTHS[score.flush]} for the flush", running))
    if score.nobs:
        running += 1
        phrases.append(("one for his nob", running))
    words = [f"{text} {_NUMBERS[n]}" if text == "fifteen" else f"{text} is {_NUMBERS[n]}" for text, n in phrases]
    last, n = phrases[-1]
    if last != "fifteen":
        words[-1] = f"{'and ' if len(words) > 1 else ''}{last} makes {_NUMBERS[n]}"
    return ", ".join(words)


@dataclass(frozen=True, slots=True)
class Claim:
    """A claimed count checked against the true one (muggins)."""

    claimed: int
    total: int
    overlooked: tuple[ScoreItem, ...]

    @property
    def muggins(self) -> int:
        """Points the opponent may peg: whatever the claim fell short by."""
        return max(self.total - self.claimed, 0)


def check_claim(score: ShowScore, claimed: int) -> Claim:
    """Compare a claimed count with the show and find items that explain a shortfall.

    When the claim is short, ``overlooked`` is a smallest set of the show's
    items whose points add up to exactly the missing points (empty if none do).
    """
    missing = score.total - claimed
    overlooked: tuple[ScoreItem, ...] = ()
    if missing > 0:
        best: dict[int, tuple[ScoreItem, ...]] = {0: ()}
        for item in score.items:
            for points, chosen in list(best.items()):
                reach = points + item.points
                if reach <= missing and (reach not in best or len(best[reach]) > len(chosen) + 1):
                    best[reach] = chosen + (item,)
        overlooked = best.get(missing, ())
    return Claim(claimed, score.total, overlooked)
