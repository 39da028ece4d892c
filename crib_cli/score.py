"""Scoring the show: a hand or crib of four cards plus the starter, or a five-card cribbage hand of three.

A hand of three is the five-card game's: its flush is three cards (four with
the starter). Its crib is four cards and scores as the six-card crib.

Two paths. :func:`score_show` itemizes every fifteen, pair, run, flush and
nobs with the cards that make it. :func:`show_total` and :func:`show_parts`
give the points only, from the rank table in :mod:`crib_cli.tables` plus the
suit rules, for bulk work; :func:`text_scorer` does the same straight from
text, for batch files.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cache
from itertools import combinations, pairwise
from operator import attrgetter, itemgetter

from .cards import CARD_INDEX, Card, CardError, Rank, check_distinct, parse_deal, parse_show
from .tables import CARD_BITS, RANKS, VALUES, parts_table


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


def check_show(hand: Sequence[Card], starter: Card, crib: bool = False) -> tuple[Card, ...]:
    """Check a show has four distinct hand cards (or three: a five-card cribbage hand, never a crib)
    and a starter not among them."""
    hand = tuple(hand)
    if len(hand) == 4:
        a, b, c, d = hand
        if len({a.index, b.index, c.index, d.index, starter.index}) != 5:
            check_distinct(hand + (starter,))
        return hand
    if len(hand) != 3:
        raise CardError(f"a hand has 4 cards (3 in five-card cribbage), got {len(hand)}")
    if crib:
        raise CardError("a crib has 4 cards, got 3 (a five-card cribbage crib is four cards too)")
    check_distinct(hand + (starter,))
    return hand


def score_show(hand: Sequence[Card], starter: Card, *, crib: bool = False) -> ShowScore:
    """Itemize the show of ``hand`` with ``starter``; ``crib`` applies the crib flush rule.

    A hand of four is a hand or crib; a hand of three is a five-card cribbage
    hand, whose flush is three cards (four with the starter). The cards are
    sorted by rank (cards of one rank keep the order given); the fifteens,
    pairs and runs of those ranks are looked up as positions in that order
    (:func:`_rank_items`), then the flush and nobs are added. Items list
    their cards by rank.

    >>> from crib_cli.cards import parse_show
    >>> score = score_show(*parse_show("6D JH 4H 7C / 5H"))
    >>> score.total, score.fifteens, score.runs, score.nobs
    (9, 4, 4, 1)
    """
    hand = check_show(hand, starter, crib)
    if len(hand) == 4:
        a, b, c, d = hand
        shown = sorted((a, b, c, d, starter), key=_RANK)
        key = CARD_BITS[a.index] + CARD_BITS[b.index] + CARD_BITS[c.index] + CARD_BITS[d.index] + CARD_BITS[starter.index]
        one_suit = a.suit == b.suit == c.suit == d.suit
    else:
        a, b, c = hand
        shown = sorted((a, b, c, starter), key=_RANK)
        key = CARD_BITS[a.index] + CARD_BITS[b.index] + CARD_BITS[c.index] + CARD_BITS[starter.index]
        one_suit = a.suit == b.suit == c.suit
    items = [ScoreItem(kind, cards(shown), points) for kind, cards, points in _rank_items(key)]
    suit = starter.suit
    if one_suit:
        if a.suit == suit:
            items.append(ScoreItem(Category.FLUSH, (*hand, starter), len(hand) + 1))
        elif not crib:
            items.append(ScoreItem(Category.FLUSH, hand, len(hand)))
    jack = _JACKS + suit
    items += [ScoreItem(Category.NOBS, (card,), 1) for card in hand if card.index == jack]
    return ShowScore(hand, starter, crib, tuple(items))


_RANK = attrgetter("rank")
_SUBSETS = {
    shown: tuple(combo for size in range(2, shown + 1) for combo in combinations(range(shown), size))
    for shown in (4, 5)
}
"""Positions of every subset of two or more of the cards shown (four or five), smallest first."""

RankItem = tuple[Category, Callable[[Sequence[Card]], tuple[Card, ...]], int]


@cache
def _rank_items(key: int) -> tuple[RankItem, ...]:
    """The fifteens, pairs and runs of the cards shown with the ranks keyed ``key``: for each,
    a getter of its cards from those cards sorted by rank, and its points. At most 6,175 + 1,820 keys."""
    ranks = [rank for rank in RANKS for _ in range((key >> 3 * (rank - 1)) & 7)]
    subsets = _SUBSETS[len(ranks)]
    found: list[tuple[Category, tuple[int, ...], int]] = []
    found += [(Category.FIFTEEN, s, 2) for s in subsets if sum(VALUES[ranks[i]] for i in s) == 15]
    found += [(Category.PAIR, s, 2) for s in subsets if len(s) == 2 and ranks[s[0]] == ranks[s[1]]]
    for size in (5, 4, 3):
        runs = [
            (Category.RUN, s, size)
            for s in subsets
            if len(s) == size and all(ranks[j] == ranks[i] + 1 for i, j in pairwise(s))
        ]
        if runs:
            found += runs
            break
    return tuple((kind, itemgetter(*positions), points) for kind, positions, points in found)


def show_total(hand: Sequence[Card], starter: Card, crib: bool = False) -> int:
    """Total show points by table lookup; the caller guarantees a valid show."""
    return show_parts(hand, starter, crib)[5]


def show_parts(hand: Sequence[Card], starter: Card, crib: bool = False) -> tuple[int, int, int, int, int, int]:
    """Points for (fifteens, pairs, runs, flush, nobs, total) by table lookup; the caller guarantees a valid show.

    A hand of three is a five-card cribbage hand (never a crib).
    """
    if len(hand) == 3:
        a, b, c = hand
        return _three_parts(a.index, b.index, c.index, starter.index)
    a, b, c, d = hand
    return _parts(a.index, b.index, c.index, d.index, starter.index, crib)


def text_parts(hand_text: str, starter_text: str, crib: bool = False, size: int = 4) -> tuple[int, int, int, int, int, int]:
    """:func:`show_parts` of a show written as text, through the parser, which raises :class:`CardError` naming what is wrong.

    ``hand_text`` is the ``size`` hand cards (4, or 3 for a five-card cribbage
    hand) and ``starter_text`` the starter, or ``hand_text`` is the whole show
    and ``starter_text`` is empty.
    """
    hand, starter = parse_deal(hand_text, starter_text, size) if starter_text else parse_show(hand_text, size)
    return show_parts(hand, starter, crib)


_JACKS = (Rank.JACK - 1) * 4
"""Index of the jack of spades in the deck; the jack of suit s is ``_JACKS + s``."""

_SUIT_SHIFT = 39
"""Bulk codes: bits 0-38 are the rank-table key (13 three-bit counts); four 13-bit suit counts start here."""
_CARD_SHIFT = _SUIT_SHIFT + 52
"""Bulk codes: a mask of the cards starts here, bit ``13 * suit + rank - 1`` for each card."""
_KEY = (1 << _SUIT_SHIFT) - 1
_SUITS = (1 << 52) - 1
_FOUR_OF_A_SUIT = sum(4 << 13 * suit for suit in range(4))
_NOBS_SHIFT = _CARD_SHIFT + _JACKS // 4
"""Shifting a hand's code down by this puts its jack of each suit on that suit's count bit."""


def text_scorer() -> Callable[[str, str, bool], tuple[int, int, int, int, int, int] | None]:
    """Bulk scoring's fast path: a function of (hand text, starter text, crib) giving :func:`show_parts`.

    It reads the common spelling, four cards and a starter, by adding the
    cards' codes (one integer per spelling): the sum holds the rank-table key, the hand's suit counts and
    the mask of cards, where a repeated card carries into another bit and
    leaves fewer than five set. Anything else (another spelling, a repeated
    card, three cards) gives None, for the caller to send through
    :func:`text_parts`. The table, with no flush and no nobs, is built once,
    since a batch calls it per row and most shows have neither.
    """
    codes = {
        text: CARD_BITS[index] | 1 << (_SUIT_SHIFT + 13 * (index & 3)) | 1 << (_CARD_SHIFT + 13 * (index & 3) + index // 4)
        for text, index in CARD_INDEX.items()
    }
    plain = {key: (fifteens, pairs, runs, 0, 0, total) for key, (fifteens, pairs, runs, total) in parts_table().items()}

    def score(hand_text: str, starter_text: str, crib: bool) -> tuple[int, int, int, int, int, int] | None:
        tokens = hand_text.split()
        if len(tokens) != 4:
            return None
        a, b, c, d = tokens
        try:
            hand = codes[a] + codes[b] + codes[c] + codes[d]
            starter = codes[starter_text]
        except KeyError:
            return None
        show = hand + starter
        if (show >> _CARD_SHIFT).bit_count() != 5:
            return None
        parts = plain[show & _KEY]
        flushed = hand >> _SUIT_SHIFT & _FOUR_OF_A_SUIT
        nobs = 1 if hand >> _NOBS_SHIFT & starter >> _SUIT_SHIFT else 0
        if not flushed and not nobs:
            return parts
        flush = 0
        if flushed:
            flush = 5 if flushed == 4 * (starter >> _SUIT_SHIFT & _SUITS) else 0 if crib else 4
        fifteens, pairs, runs, _, _, rank_total = parts
        return fifteens, pairs, runs, flush, nobs, rank_total + flush + nobs

    return score




def _parts(a: int, b: int, c: int, d: int, starter: int, crib: bool) -> tuple[int, int, int, int, int, int]:
    """Points by category of the hand cards and starter given by index."""
    fifteens, pairs, runs, rank_total = parts_table()[CARD_BITS[a] + CARD_BITS[b] + CARD_BITS[c] + CARD_BITS[d] + CARD_BITS[starter]]
    suit = starter & 3
    flush = 0
    if a & 3 == b & 3 == c & 3 == d & 3:
        flush = 5 if a & 3 == suit else 0 if crib else 4
    nobs = 1 if _JACKS + suit in (a, b, c, d) else 0
    return fifteens, pairs, runs, flush, nobs, rank_total + flush + nobs


def _three_parts(a: int, b: int, c: int, starter: int) -> tuple[int, int, int, int, int, int]:
    """:func:`_parts` for a five-card cribbage hand of three: a flush of three, or four with the starter."""
    fifteens, pairs, runs, rank_total = parts_table(4)[CARD_BITS[a] + CARD_BITS[b] + CARD_BITS[c] + CARD_BITS[starter]]
    suit = starter & 3
    flush = 0
    if a & 3 == b & 3 == c & 3:
        flush = 4 if a & 3 == suit else 3
    nobs = 1 if _JACKS + suit in (a, b, c) else 0
    return fifteens, pairs, runs, flush, nobs, rank_total + flush + nobs


_NUMBERS = ["nineteen", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen", "twenty", "twenty-one", "twenty-two", "twenty-three", "twenty-four", "twenty-five", "twenty-six", "twenty-seven", "twenty-eight", "twenty-nine"]
_PAIR_NAMES = {2: "a pair", 6: "a pair royal", 12: "a double pair royal"}
_RUN_COUNTS = {1: "a run", 2: "two runs", 3: "three runs", 4: "four runs"}
_LENGTHS = {3: "three", 4: "four", 5: "five"}


def spoken_count(score: ShowScore) -> str:
    """The count as a player says it aloud, with a running total.

    Fifteens one by one ("fifteen two, fifteen four"), pairs by rank ("a pair
    royal is ten"), runs together ("two runs of three is sixteen"), then the
    flush and "one for his nob". A hand of nothing is called "nineteen".

    >>> from crib_cli.cards import parse_show
    >>> spoken_count(score_show(*parse_show("4S 4D 5H 5S / 6C")))[-40:]
    'and four runs of three makes twenty-four'
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
    only: bool = True
    """Whether ``overlooked`` is the only set of the show's items adding up to the shortfall
    (when others do too, it is one example of what was missed)."""

    @property
    def muggins(self) -> int:
        """Points the opponent may peg: whatever the claim fell short by."""
        return max(self.total - self.claimed, 0)


def check_claim(score: ShowScore, claimed: int) -> Claim:
    """Compare a claimed count with the show and find items that explain a shortfall.

    When the claim is short, ``overlooked`` is a smallest set of the show's
    items whose points add up to exactly the missing points (empty if none do),
    and ``only`` says whether no other set of items adds up to them.

    >>> from crib_cli.cards import parse_show
    >>> claim = check_claim(score_show(*parse_show("4S 4D 5H 5S / 6C")), 20)
    >>> [item.kind.value for item in claim.overlooked], claim.only
    (['fifteen', 'fifteen'], False)
    """
    missing = score.total - claimed
    overlooked: tuple[ScoreItem, ...] = ()
    only = True
    if missing > 0:
        best: dict[int, tuple[ScoreItem, ...]] = {0: ()}
        ways = {0: 1}
        """How many sets of the items so far reach each sum, counted up to 2: enough to tell one from several."""
        for item in score.items:
            for points, chosen in list(best.items()):
                reach = points + item.points
                if reach <= missing and (reach not in best or len(best[reach]) > len(chosen) + 1):
                    best[reach] = chosen + (item,)
            for points, number in list(ways.items()):
                reach = points + item.points
                if reach <= missing:
                    ways[reach] = min(ways.get(reach, 0) + number, 2)
        overlooked = best.get(missing, ())
        only = ways.get(missing, 0) < 2
    return Claim(claimed, score.total, overlooked, only)
