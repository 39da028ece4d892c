"""Which cards to throw to the crib: exact expectations for every possible throw.

For each way to split the dealt cards into four kept and one or two thrown:

- the hand: the kept four scored with each unseen card as the starter, all
  equally likely;
- the crib: the thrown cards plus the other crib cards and a starter, all drawn
  from the unseen cards, every combination equally likely (the opponent's
  throw is modelled as random, not as a real player's choice). His heels is
  left out: it does not depend on the throw.

Nothing is enumerated card by card. Fifteens, pairs and runs depend only on
ranks, so the unknown crib cards are taken as a multiset of ranks weighted by
how many card combinations have those ranks; the flush and nobs, which depend
on suits, are counted apart in closed form.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from .cards import DECK, Card, CardError, Rank, check_distinct
from .stats import JACK, MAX_SHOW, Distribution
from .tables import RANK_BITS, RANKS, total_table

ROLES = ("dealer", "partner", "pone")
"""Dealer and partner (four players) own the crib; pone is anyone who does not."""

_CHOOSE = tuple(tuple(comb(n, m) for m in range(5)) for n in range(5))


class DiscardError(ValueError):
    """A role or player count that does not fit the deal."""


@dataclass(frozen=True, slots=True)
class Throw:
    """One way to split the deal: exact hand and crib expectations for it."""

    keep: tuple[Card, ...]
    throw: tuple[Card, ...]
    hand_mean: Fraction
    hand_min: int
    hand_max: int
    crib_mean: Fraction

    @property
    def net_dealer(self) -> Fraction:
        """Hand plus crib: the crib is yours (or your partner's)."""
        return self.hand_mean + self.crib_mean

    @property
    def net_pone(self) -> Fraction:
        """Hand minus crib: the crib scores against you."""
        return self.hand_mean - self.crib_mean

    def net(self, role: str) -> Fraction:
        """The net for a role: dealer and partner add the crib, pone subtracts it."""
        check_role(role)
        return self.net_pone if role == "pone" else self.net_dealer


@dataclass(frozen=True, slots=True)
class StarterScore:
    """Unseen starters of one rank that give the kept hand the same points."""

    points: int
    starters: tuple[Card, ...]
    whole_rank: bool
    chance: Fraction

    @property
    def label(self) -> str:
        """``any 5`` when every unseen card of the rank scores alike, else the cards."""
        if self.whole_rank and len(self.starters) > 1:
            rank = self.starters[0].rank
            return f"any {'10' if rank == Rank.TEN else rank.symbol}"
        return " ".join(map(str, self.starters))


def check_role(role: str | None) -> None:
    """Raise :class:`DiscardError` unless ``role`` is None or one of :data:`ROLES`."""
    if role is not None and role not in ROLES:
        raise DiscardError(f"unknown role {role!r}: use dealer, partner or pone")


def deal_players(size: int, *, players: int | None = None, role: str | None = None) -> int:
    """The number of players a deal of ``size`` cards is for, checking it fits.

    Six cards is two players; five is three or four (the figures are the same,
    only four players have a partner).
    """
    check_role(role)
    if players not in (None, 2, 3, 4):
        raise DiscardError(f"players must be 2, 3 or 4, got {players}")
    if players is None:
        if size not in (5, 6):
            raise CardError(f"a deal is 6 cards (two players) or 5 (three or four), got {size}")
        players = 2 if size == 6 else 4 if role == "partner" else 3
    expected = 6 if players == 2 else 5
    if size != expected:
        raise CardError(f"a {players}-player deal is {expected} cards, got {size}")
    if role == "partner" and players != 4:
        raise DiscardError("role 'partner' is for four players, where the partner's crib is your side's")
    return players


def crib_model(players: int) -> str:
    """What the expected crib assumes about the cards nobody has shown you."""
    if players == 2:
        return "opponent's throw: any two unseen cards, equally likely"
    others = "two players' throws and one card from the deck" if players == 3 else "the other three players' throws"
    return f"{others}: any three unseen cards, equally likely"


def analyze_discards(cards: Sequence[Card], *, role: str | None = None, players: int | None = None) -> tuple[Throw, ...]:
    """Every throw from a deal of 6 (two players) or 5 cards, best first.

    Best means the highest net for ``role`` (ties: higher hand first); with no
    role, the highest expected hand. Kept and thrown cards are in card order.
    """
    dealt = tuple(sorted(cards))
    check_distinct(dealt)
    deal_players(len(dealt), players=players, role=role)
    unseen = _Unseen.of(dealt)
    throws = []
    for thrown in combinations(dealt, len(dealt) - 4):
        keep = tuple(c for c in dealt if c not in thrown)
        points = _hand_points(keep, unseen.cards)
        throws.append(
            Throw(
                keep,
                thrown,
                Fraction(sum(points), len(points)),
                min(points),
                max(points),
                Fraction(unseen.crib_total(thrown), unseen.combos),
            )
        )
    if role is None:
        throws.sort(key=lambda t: -t.hand_mean)
    else:
        throws.sort(key=lambda t: (-t.net(role), -t.hand_mean))
    return tuple(throws)


def hand_distribution(keep: Sequence[Card], throw: Sequence[Card]) -> Distribution:
    """How many of the unseen starters give the kept four each score."""
    keep, throw = _check_split(keep, throw)
    counts = [0] * (MAX_SHOW + 1)
    for points in _hand_points(keep, _unseen_cards(keep + throw)):
        counts[points] += 1
    return Distribution(tuple(counts))


def crib_distribution(keep: Sequence[Card], throw: Sequence[Card]) -> Distribution:
    """How many of the equally likely (other crib cards, starter) combinations give each crib score.

    Every combination starts at its rank-only score; then those that score
    nobs move up one, and those that make a five-card flush move up five.
    """
    keep, throw = _check_split(keep, throw)
    unseen = _Unseen.of(keep + throw)
    table = total_table()
    size, ranks = unseen.unknown, unseen.rank_counts
    throw_key = _key(throw)
    counts = [0] * (MAX_SHOW + 1)

    def move(key: int, ways: int, bonus: int) -> None:
        points = table[key]
        counts[points] -= ways
        counts[points + bonus] += ways

    for key, ways in _multisets(ranks, size):
        counts[table[throw_key + key]] += size * ways
    for starter in unseen.cards:
        jack = DECK[(JACK - 1) * 4 + starter.suit]
        if jack in throw:
            rest = _without(ranks, starter.rank)
            for key, ways in _multisets(rest, size - 1):
                move(throw_key + RANK_BITS[starter.rank] + key, ways, 1)
        elif jack in unseen.cards and jack != starter:
            rest = _without(_without(ranks, JACK), starter.rank)
            for key, ways in _multisets(rest, size - 2):
                move(throw_key + RANK_BITS[JACK] + RANK_BITS[starter.rank] + key, ways, 1)
    suit = throw[0].suit
    if all(c.suit == suit for c in throw):
        jack = DECK[(JACK - 1) * 4 + suit]
        suited = [c for c in unseen.cards if c.suit == suit]
        for others in combinations(suited, size):
            key = throw_key + _key(others)
            for starter in others:
                nobs = jack in throw or (jack in others and starter != jack)
                counts[table[key] + nobs] -= 1
                counts[table[key] + nobs + 5] += 1
    return Distribution(tuple(counts))


def starter_detail(keep: Sequence[Card], throw: Sequence[Card]) -> tuple[StarterScore, ...]:
    """The unseen starters grouped by rank and the points they give the kept four, highest first."""
    keep, throw = _check_split(keep, throw)
    unseen = _unseen_cards(keep + throw)
    groups: dict[tuple[int, Rank], list[Card]] = {}
    for card, points in zip(unseen, _hand_points(keep, unseen)):
        groups.setdefault((points, card.rank), []).append(card)
    per_rank = Counter(c.rank for c in unseen)
    return tuple(
        StarterScore(points, tuple(cards), len(cards) == per_rank[rank], Fraction(len(cards), len(unseen)))
        for (points, rank), cards in sorted(groups.items(), key=lambda item: (-item[0][0], item[0][1]))
    )


@dataclass(frozen=True, slots=True)
class _Unseen:
    """What one deal leaves unseen, with the counts every throw's crib reuses."""

    cards: tuple[Card, ...]
    rank_counts: tuple[int, ...]
    suit_counts: tuple[int, ...]
    unknown: int
    multisets: tuple[tuple[int, int], ...]
    jack_nobs: int

    @classmethod
    def of(cls, dealt: tuple[Card, ...]) -> _Unseen:
        cards = _unseen_cards(dealt)
        size = 5 - (len(dealt) - 4)
        ranks = [0] * 14
        suits = [0] * 4
        for card in cards:
            ranks[card.rank] += 1
            suits[card.suit] += 1
        # An unseen jack among the other crib cards, the starter another card of its suit.
        jack_nobs = sum(suits[c.suit] - 1 for c in cards if c.rank == JACK) * comb(len(cards) - 2, size - 2)
        return cls(cards, tuple(ranks), tuple(suits), size, tuple(_multisets(ranks, size)), jack_nobs)

    @property
    def combos(self) -> int:
        """Equally likely crib completions: which unknown cards, and which of them is the starter."""
        return self.unknown * comb(len(self.cards), self.unknown)

    def crib_total(self, throw: tuple[Card, ...]) -> int:
        """The crib's points summed over all :attr:`combos` completions of ``throw``."""
        size, suits = self.unknown, self.suit_counts
        total = size * _rank_total(_key(throw), self.multisets)
        suit = throw[0].suit
        if all(c.suit == suit for c in throw):
            total += 5 * size * comb(suits[suit], size)
        thrown_jacks = sum(suits[c.suit] for c in throw if c.rank == JACK)
        return total + thrown_jacks * comb(len(self.cards) - 1, size - 1) + self.jack_nobs


def _rank_total(key: int, multisets: tuple[tuple[int, int], ...]) -> int:
    """Fifteens, pairs and runs of the cards keyed ``key`` plus each multiset, summed by weight."""
    table = total_table()
    return sum(ways * table[key + other] for other, ways in multisets)


def _hand_points(keep: tuple[Card, ...], unseen: tuple[Card, ...]) -> list[int]:
    """Show points of the kept four with each unseen card as the starter, in order."""
    table = total_table()
    key = _key(keep)
    bonus = [0, 0, 0, 0]
    suit = keep[0].suit
    if all(c.suit == suit for c in keep):
        bonus = [4, 4, 4, 4]
        bonus[suit] = 5
    for card in keep:
        if card.rank == JACK:
            bonus[card.suit] += 1
    return [table[key + RANK_BITS[c.rank]] + bonus[c.suit] for c in unseen]


def _key(cards: Sequence[Card]) -> int:
    return sum(RANK_BITS[c.rank] for c in cards)


def _unseen_cards(dealt: Sequence[Card]) -> tuple[Card, ...]:
    seen = set(dealt)
    return tuple(c for c in DECK if c not in seen)


def _without(counts: Sequence[int], rank: int) -> tuple[int, ...]:
    return tuple(n - (r == rank) for r, n in enumerate(counts))


@cache
def _shapes(size: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every multiset of ``size`` ranks: its key and its (rank, multiplicity) pairs."""
    shapes = []
    for ranks in combinations_with_replacement(RANKS, size):
        parts = tuple((r, ranks.count(r)) for r in sorted(set(ranks)))
        shapes.append((sum(RANK_BITS[r] for r in ranks), parts))
    return tuple(shapes)


def _multisets(counts: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Each multiset of ``size`` ranks drawable from ``counts`` (cards per rank), with its number of card sets."""
    found = []
    for key, parts in _shapes(size):
        ways = 1
        for rank, times in parts:
            ways *= _CHOOSE[counts[rank]][times]
            if not ways:
                break
        else:
            found.append((key, ways))
    return found


def _check_split(keep: Sequence[Card], throw: Sequence[Card]) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Check four kept cards and one or two thrown, all distinct."""
    keep, throw = tuple(keep), tuple(throw)
    if len(keep) != 4:
        raise CardError(f"keep 4 cards, got {len(keep)}")
    if len(throw) not in (1, 2):
        raise CardError(f"throw 1 card (five dealt) or 2 (six dealt), got {len(throw)}")
    check_distinct(keep + throw)
    return keep, throw
