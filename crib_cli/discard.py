"""Which cards to throw to the crib: exact expectations for every possible throw.

For each way to split the dealt cards into four kept and one or two thrown
(or, in five-card cribbage, three kept and two thrown):

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
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import cache, lru_cache
from itertools import combinations, combinations_with_replacement, compress, repeat
from math import comb
from operator import mul
from typing import TYPE_CHECKING

from .cards import DECK, Card, CardError, Rank, check_distinct
from .rules import CRIB_MODELS, GameRules, Position, RulesError, check_role, deal_rules
from .stats import MAX_SHOW, Distribution
from .tables import RANK_BITS, RANKS, crib_sums, rank_key, total_table

if TYPE_CHECKING:
    from .pegging import KeepPlay, PeggingValue

_CHOOSE = tuple(tuple(comb(n, m) for m in range(5)) for n in range(5))


@dataclass(frozen=True, slots=True)
class Throw:
    """One way to split the deal: its hand and crib expectations, and its pegging value if asked for.

    The hand mean is exact. The crib mean is exact under the random crib model
    (a Fraction) and an approximation under the expert model (a float). ``peg``
    is the kept cards' net pegging for the seat, with its standard error
    ``peg_error``, when it was asked for; ``win`` the chance to win the game
    with it, when asked from a score. The hand's lowest and highest show are
    worked out when read: the kept and thrown cards are the deal, so they say
    which starters are unseen.
    """

    keep: tuple[Card, ...]
    throw: tuple[Card, ...]
    hand_mean: Fraction
    crib_mean: Fraction | float
    peg: float | None = None
    peg_error: float | None = None
    win: float | None = None

    @property
    def hand_min(self) -> int:
        """The kept cards' lowest show over the unseen starters."""
        return min(_hand_points(self.keep, _unseen_cards(self.keep + self.throw)))

    @property
    def hand_max(self) -> int:
        """The kept cards' highest show over the unseen starters."""
        return max(_hand_points(self.keep, _unseen_cards(self.keep + self.throw)))

    @property
    def net_dealer(self) -> Fraction | float:
        """Hand plus crib: the crib is yours (or your partner's)."""
        return self.hand_mean + self.crib_mean

    @property
    def net_pone(self) -> Fraction | float:
        """Hand minus crib: the crib scores against you."""
        return self.hand_mean - self.crib_mean

    def net(self, role: str) -> Fraction | float:
        """The net for a role: dealer and partner add the crib, pone subtracts it."""
        check_role(role)
        return self.net_pone if role == "pone" else self.net_dealer

    def total(self, role: str) -> float:
        """The net for a role plus the pegging value (the net alone when there is none)."""
        return float(self.net(role)) + (self.peg or 0.0)


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


def crib_note(players: int, model: str = "random") -> str:
    """What the expected crib assumes about the cards nobody has shown you."""
    if model == "expert":
        from .cribs import model_description

        return model_description(model)
    if players == 2:
        return "opponent's throw: any two unseen cards, equally likely"
    others = "two players' throws and one card from the deck" if players == 3 else "the other three players' throws"
    return f"{others}: any three unseen cards, equally likely"


def analyze_discards(
    cards: Sequence[Card],
    *,
    role: str | None = None,
    players: int | None = None,
    variant: str = "six",
    crib_model: str = "random",
    pegging: bool = False,
    position: Position | None = None,
) -> tuple[Throw, ...]:
    """Every throw from a deal of 6 (two players) or 5 cards, best first.

    With ``variant`` ``five`` the deal is five-card cribbage's: keep three,
    throw two (ten throws); the hand is three cards and a starter, the crib
    the two thrown, the opponent's two and the starter. Best means the
    highest net for ``role`` (ties: higher hand first), or with ``pegging`` the
    highest net plus pegging value; with no role, the highest expected hand.
    ``crib_model`` ``expert`` takes the opponent's throw to be an expert's
    (:func:`crib_cli.cribs.expert_crib_means`); it and ``pegging`` are for
    two-player six-card deals and need the role, dealer or pone. From a
    ``position`` (two players, the seat's role dealer or pone) each throw has
    its chance to win the game (:func:`crib_cli.board.throw_chances`), and the
    best throw is the likeliest to win.
    Kept and thrown cards are in card order.

    >>> from crib_cli.cards import format_cards, parse_cards
    >>> best = analyze_discards(parse_cards("5S 5C 6D JH 4C KS"), role="dealer")[0]
    >>> format_cards(best.throw), round(float(best.net_dealer), 2)
    ('JH KS', 19.93)
    """
    dealt = tuple(sorted(cards))
    check_distinct(dealt)
    rules = deal_rules(len(dealt), players=players, role=role, variant=variant)
    check_terms(crib_model, pegging, role, rules.players, variant)
    if position is not None:
        _check_position(position, role, rules)
    throws = _throws(dealt, rules, role, pegging)
    if crib_model == "expert":
        cribs = _expert_cribs(dealt, role)
        throws = tuple(replace(option, crib_mean=cribs[option.throw]) for option in throws)
    if position is not None:
        assert role is not None
        chances = win_chances([(t.keep, t.throw) for t in throws], _unseen_cards(dealt), position)
        throws = tuple(replace(option, win=chance) for option, chance in zip(throws, chances))
        return rank_by_chance(rank_throws(throws, role, pegging=pegging))
    return rank_throws(throws, role, pegging=pegging)


def tenths(chance: float) -> int:
    """A chance in tenths of a percent, as it prints to one place.

    >>> tenths(0.98449), tenths(0.0006)
    (984, 1)
    """
    return round(float(f"{100 * chance:.1f}") * 10)


def rank_by_chance(throws: Sequence[Throw]) -> tuple[Throw, ...]:
    """Throws, each with its chance to win, the likeliest first; chances equal as printed (to 0.1%)
    keep the order given, the points', so the order shown is the order used.

    >>> from crib_cli.cards import format_cards, parse_cards
    >>> a, b, c = (replace(t, win=w) for t, w in zip(throw_means(parse_cards("5S 5C 6D JH 4C KS"))[:3], (0.5, 0.98449, 0.9841)))
    >>> [format_cards(t.throw) for t in rank_by_chance((a, b, c))] == [format_cards(t.throw) for t in (b, c, a)]
    True
    """
    return tuple(sorted(throws, key=lambda t: -tenths(t.win or 0.0)))


def rank_throws(throws: Sequence[Throw], role: str | None, *, pegging: bool = False) -> tuple[Throw, ...]:
    """Throws best first by points: the highest net for ``role`` (ties: the higher hand first), with
    ``pegging`` the highest net plus pegging value; with no role, the highest expected hand. Equal
    throws keep their order.

    >>> from crib_cli.cards import format_cards, parse_cards
    >>> format_cards(rank_throws(throw_means(parse_cards("5S 5C 6D JH 4C KS")), "pone")[0].throw)
    'JH KS'
    """
    if role is None:
        return tuple(sorted(throws, key=lambda t: -t.hand_mean))
    if pegging:
        return tuple(sorted(throws, key=lambda t: (-t.total(role), -t.hand_mean)))
    return tuple(sorted(throws, key=lambda t: (-t.net(role), -t.hand_mean)))


def _check_position(position: Position, role: str | None, rules: GameRules) -> None:
    """Raise :class:`~crib_cli.rules.RulesError` unless the chance to win can be had for this deal from the position."""
    if rules.players != 2 or role not in ("dealer", "pone"):
        raise RulesError("the chance to win is known for two players, from the dealer's seat or the pone's")
    if position.me_dealing != (role == "dealer") or position.rules.variant != rules.variant:
        raise RulesError(f"the position is not a {role}'s in this game")


def win_chances(
    throws: Sequence[tuple[tuple[Card, ...], tuple[Card, ...]]], unseen: Sequence[Card], position: Position,
) -> tuple[float, ...]:
    """The chance to win the game from the ``position`` of each throw, a ``(keep,
    thrown)`` pair, the starter any of the ``unseen`` cards: my hand exact with every starter, the rest by the board
    (:func:`crib_cli.board.throw_chances`), moved by what the keep pegs against a keep held in the sampled
    deals (:func:`crib_cli.board.pegging_shift`), who pegs out first by the keep's own play
    (:func:`crib_cli.pegging.keep_play`; six-card cribbage, which has the pegging table), and the
    opponent's hand by what the cards I was dealt take from it."""
    from .board import Outlook, pegging_shift, throw_chances

    me_dealing, variant = position.me_dealing, position.rules.variant
    role = "dealer" if me_dealing else "pone"
    outlooks = []
    # Every throw is of the same dealt cards: the ranks his cannot be.
    dealt = tuple(sorted(int(card.rank) for card in (*throws[0][0], *throws[0][1]))) if throws else ()
    unseen = tuple(unseen)
    unseen_ranks = [int(card.rank) for card in unseen]
    for keep, thrown in throws:
        jacks = {card.suit for card in thrown if card.rank == Rank.JACK}
        nobs = [int(card.suit in jacks) for card in unseen] if jacks else repeat(0)
        starters = tuple(zip(unseen_ranks, _hand_points(keep, unseen), nobs))
        ranks = sorted(int(card.rank) for card in thrown)
        if variant == "six":
            shift = pegging_shift(_pegging(keep, role).mean, me_dealing=me_dealing)
            outlooks.append(Outlook((ranks[0], ranks[1]), starters, shift, _keep_play(keep, role), dealt))
        else:
            outlooks.append(Outlook((ranks[0], ranks[1]), starters, dealt=dealt))
    return throw_chances(position, outlooks)


def check_terms(crib_model: str, pegging: bool, role: str | None, players: int, variant: str) -> None:
    """Raise :class:`~crib_cli.rules.RulesError` naming the terms unless they fit the deal and the role: the
    expert crib model and the pegging value are for two-player six-card cribbage, where the seat's role,
    dealer or pone, decides them."""
    if crib_model not in CRIB_MODELS:
        raise RulesError(f"unknown crib model {crib_model!r}: use random or expert")
    if crib_model == "random" and not pegging:
        return
    if players != 2 or variant != "six":
        problem = "for two-player six-card cribbage only"
    elif role not in ("dealer", "pone"):
        problem = "the role decides it: dealer or pone"
    else:
        return
    terms = [name for name, on in (("the expert crib model", crib_model == "expert"), ("the pegging value", pegging)) if on]
    raise RulesError(f"{' and '.join(terms)}: {problem}")


def _expert_cribs(dealt: tuple[Card, ...], role: str | None) -> dict[tuple[Card, ...], float]:
    from .cribs import expert_crib_means

    assert role is not None
    return expert_crib_means(dealt, role)


def _pegging(keep: tuple[Card, ...], role: str | None) -> PeggingValue:
    from .pegging import pegging_value

    assert role is not None
    return pegging_value(keep, role)


def _keep_play(keep: tuple[Card, ...], role: str) -> KeepPlay:
    """The keep's own play in the pegging table's deals (loaded only where the board asks for it)."""
    from .pegging import keep_play

    return keep_play(keep, role)


def throw_means(
    cards: Sequence[Card], *, players: int | None = None, variant: str = "six", role: str | None = None,
    pegging: bool = False,
) -> tuple[Throw, ...]:
    """Every throw of a deal, in the order of ``combinations`` (unranked), quickly: the exact hand mean,
    the crib's under the random model, and with ``pegging`` the kept cards' pegging value for ``role``.

    The figures :func:`analyze_discards` ranks, for players that weigh them their own way.
    """
    dealt = tuple(sorted(cards))
    return _throws(dealt, deal_rules(len(dealt), players=players, variant=variant), role, pegging)


def _throws(dealt: tuple[Card, ...], rules: GameRules, role: str | None, pegging: bool) -> tuple[Throw, ...]:
    """:func:`throw_means` for a sorted deal of a game already checked."""
    totals = _Totals.of(dealt, rules.thrown)
    starters, combos = totals.starters, totals.combos
    if not pegging:
        return tuple(Throw(keep, thrown, Fraction(hand, starters), Fraction(crib, combos))
                     for keep, thrown, hand, crib in totals.throws)
    throws = []
    for keep, thrown, hand, crib in totals.throws:
        peg = _pegging(keep, role)
        throws.append(Throw(keep, thrown, Fraction(hand, starters), Fraction(crib, combos), peg.mean, peg.error))
    return tuple(throws)


def best_throw(cards: Sequence[Card], role: str, players: int | None = None, variant: str = "six") -> tuple[Card, ...]:
    """The cards :func:`analyze_discards` ranks first for ``role``, ties included, in card order.

    The same exact comparison without Fractions: each net is compared as an
    integer over the common denominator of the hand and crib means.
    """
    dealt = tuple(sorted(cards))
    check_distinct(dealt)
    if role is None:
        raise RulesError("best_throw needs a role: dealer, partner or pone")
    rules = deal_rules(len(dealt), players=players, role=role, variant=variant)
    totals = _Totals.of(dealt, rules.thrown)
    crib_sign = -1 if role == "pone" else 1
    starters, combos = totals.starters, totals.combos
    best: tuple[int, int] | None = None
    chosen: tuple[Card, ...] = ()
    for _, thrown, hand_total, crib_total in totals.throws:
        key = (hand_total * combos + crib_sign * crib_total * starters, hand_total)
        if best is None or key > best:
            best, chosen = key, thrown
    return chosen


def hand_distribution(keep: Sequence[Card], throw: Sequence[Card]) -> Distribution:
    """How many of the unseen starters give the kept cards (four, or three in five-card cribbage) each score."""
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
    unseen = _Unseen.of(keep + throw, len(throw))
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
        jack = DECK[(Rank.JACK - 1) * 4 + starter.suit]
        if jack in throw:
            rest = _without(ranks, starter.rank)
            for key, ways in _multisets(rest, size - 1):
                move(throw_key + RANK_BITS[starter.rank] + key, ways, 1)
        elif jack in unseen.cards and jack != starter:
            rest = _without(_without(ranks, Rank.JACK), starter.rank)
            for key, ways in _multisets(rest, size - 2):
                move(throw_key + RANK_BITS[Rank.JACK] + RANK_BITS[starter.rank] + key, ways, 1)
    suit = throw[0].suit
    if all(c.suit == suit for c in throw):
        jack = DECK[(Rank.JACK - 1) * 4 + suit]
        suited = [c for c in unseen.cards if c.suit == suit]
        for others in combinations(suited, size):
            key = throw_key + _key(others)
            for starter in others:
                nobs = jack in throw or (jack in others and starter != jack)
                counts[table[key] + nobs] -= 1
                counts[table[key] + nobs + 5] += 1
    return Distribution(tuple(counts))


def starter_detail(keep: Sequence[Card], throw: Sequence[Card]) -> tuple[StarterScore, ...]:
    """The unseen starters grouped by rank and the points they give the kept cards, highest first."""
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
    """What one deal leaves unseen: the cards, how many of each rank, how many crib cards are unknown."""

    cards: tuple[Card, ...]
    rank_counts: tuple[int, ...]
    unknown: int

    @classmethod
    def of(cls, dealt: tuple[Card, ...], thrown: int) -> _Unseen:
        cards = _unseen_cards(dealt)
        ranks = [0] * 14
        for card in cards:
            ranks[card.rank] += 1
        return cls(cards, tuple(ranks), 5 - thrown)


@dataclass(frozen=True, slots=True)
class _Totals:
    """Every throw of one deal, its hand and crib points summed over all outcomes.

    A hand total runs over the ``starters`` unseen starters, a crib total over
    the ``combos`` equally likely completions (which unknown cards, and which
    of them is the starter), so each mean is a total over a fixed number.
    Each throw is ``(keep, thrown, hand total, crib total)``, in the order of
    ``combinations(dealt, thrown)``.
    """

    unseen: tuple[Card, ...]
    starters: int
    combos: int
    throws: tuple[tuple[tuple[Card, ...], tuple[Card, ...], int, int], ...]

    @classmethod
    def of(cls, dealt: tuple[Card, ...], thrown: int) -> _Totals:
        """Rank-only points from the cache of :func:`_rank_totals`, flush and nobs in closed form.

        ``thrown`` cards of the deal go to the crib; the crib's other cards and
        the starter, ``5 - thrown`` in all, are unknown.
        """
        unseen = _unseen_cards(dealt)
        size = 5 - thrown
        suits = [13, 13, 13, 13]
        for card in dealt:
            suits[card.suit] -= 1
        left = len(unseen)
        # An unseen jack among the other crib cards, the starter another card of its suit.
        jack_nobs = sum(suits[c.suit] - 1 for c in unseen if c.rank == Rank.JACK) * comb(left - 2, size - 2)
        crib_jack = comb(left - 1, size - 1)
        crib_flush = [5 * size * comb(n, size) for n in suits]
        # By the dealt card: a jack kept scores nobs with the starters of its suit, a jack thrown with
        # them and any completion of the crib.
        kept_nobs = [suits[card.suit] if card.rank == Rank.JACK else 0 for card in dealt]
        thrown_nobs = [nobs * crib_jack for nobs in kept_nobs]
        dealt_suits = [card.suit for card in dealt]
        ranks = _rank_totals(tuple(c.rank for c in dealt), thrown)
        throws = []
        for (hand_ranks, crib_ranks), (kept, picked) in zip(ranks, _splits(len(dealt), thrown)):
            keep, cards = tuple(map(dealt.__getitem__, kept)), tuple(map(dealt.__getitem__, picked))
            hand = hand_ranks + sum(map(kept_nobs.__getitem__, kept))
            crib = crib_ranks + jack_nobs + sum(map(thrown_nobs.__getitem__, picked))
            if len(set(map(dealt_suits.__getitem__, kept))) == 1:  # a point a card with every starter, one more with its suit
                hand += len(keep) * left + suits[keep[0].suit]
            if len(set(map(dealt_suits.__getitem__, picked))) == 1:
                crib += crib_flush[cards[0].suit]
            throws.append((keep, cards, hand, crib))
        return cls(unseen, left, size * comb(left, size), tuple(throws))


@lru_cache(maxsize=1 << 14)
def _rank_totals(ranks: tuple[int, ...], thrown: int) -> tuple[tuple[int, int], ...]:
    """Fifteens, pairs and runs of each throw of ``thrown`` cards from dealt ``ranks`` (sorted), summed over all outcomes.

    For each throw, in ``combinations`` order: the kept cards over every unseen
    starter, and the crib over every completion. They depend only on the
    ranks dealt, so deals that share a rank pattern share them.

    The crib counts completions drawn from the deck less the thrown cards, by
    inclusion and exclusion over the kept cards: those that avoid every kept
    card are all completions, less those holding a given kept card, plus
    those holding two, and so on. Each of those sums depends only on the
    ranks fixed in the crib, and is generated (:func:`~crib_cli.tables.crib_sums`;
    five fixed are the crib itself).
    """
    unseen = [0] + [4] * 13
    for rank in ranks:
        unseen[rank] -= 1
    size = 5 - thrown
    table = total_table(len(ranks) - thrown + 1)
    sums, crib = crib_sums(), total_table()
    starters = [RANK_BITS[r] for r in RANKS if unseen[r]]
    counts = [unseen[r] for r in RANKS if unseen[r]]
    whole = rank_key(ranks)
    cribs: dict[tuple[int, ...], int] = {}
    totals = []
    for throw in combinations(ranks, thrown):
        keep = whole - rank_key(throw)
        if throw not in cribs:
            kept = list(ranks)
            for rank in throw:
                kept.remove(rank)
            fixed, bits = rank_key(throw), [RANK_BITS[rank] for rank in kept]
            total = 0
            for number in range(size + 1):
                known = map(fixed.__add__, map(sum, combinations(bits, number)))
                found = sum(map((crib if thrown + number == 5 else sums).__getitem__, known))
                total += -found if number % 2 else found
            cribs[throw] = size * total
        totals.append((sum(map(mul, counts, map(table.__getitem__, map(keep.__add__, starters)))), cribs[throw]))
    return tuple(totals)


def _hand_points(keep: tuple[Card, ...], unseen: tuple[Card, ...]) -> list[int]:
    """Show points of the kept cards (four, or three in five-card cribbage) with each unseen card as the starter, in order."""
    table = total_table(len(keep) + 1)
    key = _key(keep)
    bonus = [0, 0, 0, 0]
    suit = keep[0].suit
    if all(c.suit == suit for c in keep):
        bonus = [len(keep)] * 4
        bonus[suit] = len(keep) + 1
    for card in keep:
        if card.rank == Rank.JACK:
            bonus[card.suit] += 1
    return [table[key + RANK_BITS[c.rank]] + bonus[c.suit] for c in unseen]


def _key(cards: Sequence[Card]) -> int:
    return sum(RANK_BITS[c.rank] for c in cards)


def _unseen_cards(dealt: Sequence[Card]) -> tuple[Card, ...]:
    unseen = bytearray(b"\x01") * len(DECK)
    for card in dealt:
        unseen[card.index] = 0
    return tuple(compress(DECK, unseen))


@cache
def _splits(dealt: int, thrown: int) -> tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]:
    """Each throw of ``thrown`` of ``dealt`` cards as the places kept and thrown, in the order of
    ``combinations`` (the order of :func:`_rank_totals`)."""
    places = range(dealt)
    return tuple((tuple(at for at in places if at not in picked), picked) for picked in combinations(places, thrown))


def _without(counts: Sequence[int], rank: int) -> tuple[int, ...]:
    return tuple(n - (r == rank) for r, n in enumerate(counts))


@cache
def _shapes(size: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """Every multiset of ``size`` ranks: its key and its (rank, multiplicity) pairs."""
    shapes = []
    for ranks in combinations_with_replacement(RANKS, size):
        parts = tuple((r, ranks.count(r)) for r in sorted(set(ranks)))
        shapes.append((rank_key(ranks), parts))
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
    """Check four kept cards and one or two thrown (or, five-card cribbage, three and two), all distinct."""
    keep, throw = tuple(keep), tuple(throw)
    if len(keep) not in (3, 4):
        raise CardError(f"keep 4 cards (3 in five-card cribbage), got {len(keep)}")
    if len(throw) not in (1, 2) or len(keep) == 3 and len(throw) != 2:
        raise CardError(f"throw 1 card (five dealt) or 2 (six dealt, or five in five-card cribbage), got {len(throw)}")
    check_distinct(keep + throw)
    return keep, throw
