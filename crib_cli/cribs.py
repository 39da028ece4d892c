"""Expected cribs under two models of the throw: a table for every thrown pair, and one deal's fifteen throws.

Two players, six cards each. The models differ in how the cards nobody has
shown you were thrown:

- ``random``: the opponent's two crib cards are any two unseen cards, equally
  likely (what :func:`crib_cli.discard.analyze_discards` assumes);
- ``expert``: both seats throw by net, the dealer to help his crib, the pone to
  hurt it, each valuing a throw by tables that are the fixed point of that
  very play (the tables are built by :mod:`crib_cli.builders.cribs` into
  :mod:`crib_cli.data.cribs`).

A pair-table entry is the expected crib given that a seat threw a pair of that
class (rank pair, suited or not) under the model's play, with every other card
from the rest of one 52-card deck. Under the random model that is the crib
expected from the two thrown cards alone, the same for either seat, and it is
computed exactly. His heels is never part of the crib.

A throw's *class* is its rank pair and whether its two cards share a suit (a
pair of equal ranks never does): 91 rank pairs, 169 classes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import comb

from .cards import DECK, Card, CardError, Rank, check_distinct
from .rules import CRIB_MODELS, TWO_PLAYER_ROLES, RulesError
from .tables import RANK_BITS, RANKS, rank_key, total_table

PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(RANKS, 2))
"""The 91 rank pairs a throw can have, lower rank first."""
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
CLASSES = 2 * len(PAIRS)
"""Class ids run 0-181: ``2 * pair index + suited``; odd ids of equal ranks never occur."""

_SYMBOLS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def class_id(rank_a: int, rank_b: int, suited: bool) -> int:
    """The class of a throw of these two ranks (any order), suited or not."""
    pair = (rank_a, rank_b) if rank_a <= rank_b else (rank_b, rank_a)
    return 2 * PAIR_INDEX[pair] + (suited and rank_a != rank_b)


def classes() -> tuple[int, ...]:
    """The 169 class ids that occur: offsuit and suited for each pair of distinct ranks, offsuit for equal ranks."""
    return tuple(c for c in range(CLASSES) if not (c & 1 and PAIRS[c >> 1][0] == PAIRS[c >> 1][1]))


def pair_label(pair: tuple[int, int]) -> str:
    """``A-K``, ``5-5``, ``10-J``: the ranks of a pair, lower first."""
    return f"{_SYMBOLS[pair[0] - 1]}-{_SYMBOLS[pair[1] - 1]}"


def class_label(cid: int) -> str:
    """``A-K``, ``A-K suited``."""
    return pair_label(PAIRS[cid >> 1]) + (" suited" if cid & 1 else "")


_CLASS = tuple(tuple(class_id(a + 1, b + 1, False) for b in range(13)) for a in range(13))
"""Offsuit class id by rank index (rank - 1) of two cards."""


@dataclass(frozen=True, slots=True)
class CribPair:
    """The expected crib for one class of thrown pair: as the dealer's own throw, and as the pone's gift."""

    ranks: str
    suited: bool
    dealer: float
    pone: float


def check_crib_model(model: str) -> None:
    """Raise :class:`~crib_cli.rules.RulesError` unless ``model`` is one of :data:`CRIB_MODELS`."""
    if model not in CRIB_MODELS:
        raise RulesError(f"unknown crib model {model!r}: use random or expert")


def model_description(model: str) -> str:
    """One line for reports: what the model assumes about the opponent's throw."""
    check_crib_model(model)
    if model == "random":
        return "opponent's throw: any two unseen cards, equally likely"
    return "opponent's throw: an expert's, both seats throwing by net (fixed-point tables)"


def random_crib_mean(thrown: Sequence[Card], seen: Sequence[Card] = ()) -> Fraction:
    """Exact expected crib of two thrown cards under the random model.

    The other two crib cards and the starter are any three of the cards not
    thrown and not ``seen``, every choice equally likely. With ``seen`` the four
    kept cards this is the crib mean of :func:`crib_cli.discard.analyze_discards`;
    with nothing seen it is the pair table's entry.
    """
    thrown = tuple(thrown)
    if len(thrown) != 2:
        raise CardError(f"throw 2 cards, got {len(thrown)}")
    check_distinct(thrown + tuple(seen))
    known = set(thrown) | set(seen)
    unseen = [c for c in DECK if c not in known]
    n = len(unseen)
    ranks = [0] * 14
    suits = [0] * 4
    for card in unseen:
        ranks[card.rank] += 1
        suits[card.suit] += 1
    table = total_table()
    key = RANK_BITS[thrown[0].rank] + RANK_BITS[thrown[1].rank]
    points = 0
    for others in combinations_with_replacement(RANKS, 3):
        ways = 1
        for r in set(others):
            ways *= comb(ranks[r], others.count(r))
        if ways:
            points += ways * table[key + rank_key(others)]
    combos = comb(n, 2) * (n - 2)  # (other two crib cards, starter)
    bonus = 0
    if thrown[0].suit == thrown[1].suit:
        bonus += 5 * 3 * comb(suits[thrown[0].suit], 3)
    for card in thrown:
        if card.rank == Rank.JACK:
            bonus += suits[card.suit] * comb(n - 1, 2)
    for card in unseen:
        if card.rank == Rank.JACK:
            bonus += (suits[card.suit] - 1) * (n - 2)
    return Fraction(points, comb(n, 3)) + Fraction(bonus, combos)


def pair_cards(pair: tuple[int, int], suited: bool) -> tuple[Card, Card]:
    """Two cards of a class: spades first, the second card hearts unless suited."""
    low, high = pair
    return DECK[(low - 1) * 4], DECK[(high - 1) * 4 + (0 if suited else 1)]


def pair_classes() -> tuple[tuple[tuple[int, int], bool], ...]:
    """Every class of thrown pair in table order: by ranks, offsuit before suited; equal ranks offsuit only."""
    return tuple((pair, suited) for pair in PAIRS for suited in (False, True) if not (suited and pair[0] == pair[1]))


@cache
def pair_table(model: str) -> tuple[CribPair, ...]:
    """The expected crib for every class of thrown pair (169 rows), as the dealer's throw and as the pone's.

    The random model's figures are the exact values of :func:`random_crib_mean`
    with nothing seen, equal for both seats; the expert model's come from the
    build (each with a standard error, see :func:`pair_stderr`).
    """
    check_crib_model(model)
    from .data import cribs as data

    if model == "random":
        return tuple(CribPair(ranks, suited, value, value) for ranks, suited, value in data.RANDOM)
    return tuple(
        CribPair(dealer[0], dealer[1], dealer[2], pone[2]) for dealer, pone in zip(data.DEALER, data.PONE)
    )


@cache
def pair_stderr(model: str) -> tuple[CribPair, ...]:
    """The standard error of each :func:`pair_table` figure, in the same rows (all zero for the exact random model)."""
    check_crib_model(model)
    from .data import cribs as data

    if model == "random":
        return tuple(CribPair(ranks, suited, 0.0, 0.0) for ranks, suited, _ in data.RANDOM)
    return tuple(
        CribPair(dealer[0], dealer[1], dealer[3], pone[3]) for dealer, pone in zip(data.DEALER, data.PONE)
    )


def throw_value(thrown: Sequence[Card], seat: str) -> float:
    """The expert model's table value of a throw of two cards for ``seat``: in the
    dealer's own crib, or as the pone's gift. The seats' own rule in the model."""
    a, b = thrown
    return _class_values(seat)[class_id(a.rank, b.rank, a.suit == b.suit)]


@cache
def _class_values(seat: str) -> tuple[float, ...]:
    """The expert model's figure for each class id, for ``seat``."""
    values = [0.0] * CLASSES
    for (ranks, suited), pair in zip(pair_classes(), pair_table("expert")):
        values[class_id(*ranks, suited)] = pair.dealer if seat == "dealer" else pair.pone
    return tuple(values)


@dataclass(frozen=True, slots=True)
class _Thrower:
    """One seat's throw in the expert model, by class.

    The weight of each card pair of the class, and for each rank the count of
    it kept with the class on average and the chance any of it is kept.
    """

    pair_weight: tuple[float, ...]
    kept: tuple[tuple[float, ...], ...]
    kept_any: tuple[tuple[float, ...], ...]


@cache
def _thrower(seat: str) -> _Thrower:
    from .data import cribs as data

    rows = data.DEALER if seat == "dealer" else data.PONE
    weight = [0.0] * CLASSES
    kept: list[tuple[float, ...]] = [(0.0,) * 14] * CLASSES
    kept_any: list[tuple[float, ...]] = [(0.0,) * 14] * CLASSES
    for (pair, suited), (_, _, _, _, share, counts, chances) in zip(pair_classes(), rows):
        cid = class_id(*pair, suited)
        in_deck = 6 if pair[0] == pair[1] else 4 if suited else 12
        weight[cid] = share / in_deck
        kept[cid] = (0.0, *counts)
        kept_any[cid] = (0.0, *chances)
    return _Thrower(tuple(weight), tuple(kept), tuple(kept_any))


def _pair_weights(thrower: _Thrower, ranks: Sequence[int]) -> list[float]:
    """Each class's weight per card pair, times the chance the ranks it usually keeps are not in your hand.

    ``ranks`` counts your unseen cards by rank. For each rank you hold, a class
    that keeps ``k`` of it on average is weighed by (its cards unseen beside
    the pair / its cards in a full deck beside the pair) to the power ``k``;
    when no card of the rank is left beside his pair, by the chance the class
    keeps none of it.
    """
    yours = [r for r in RANKS if ranks[r] < 4]
    weights = []
    for cid, weight in enumerate(thrower.pair_weight):
        if weight:
            low, high = PAIRS[cid >> 1]
            for r in yours:
                pair = (r == low) + (r == high)
                if ranks[r] > pair:
                    weight *= ((ranks[r] - pair) / (4 - pair)) ** thrower.kept[cid][r]
                elif ranks[r] == pair:
                    weight *= 1 - thrower.kept_any[cid][r]
        weights.append(weight)
    return weights


def expert_crib_means(dealt: Sequence[Card], role: str) -> dict[tuple[Card, ...], float]:
    """The expected crib of each of the 15 throws from six dealt cards, the opponent throwing as the expert model does.

    Keys are the thrown cards in card order (for four kept and two thrown,
    pass the six and look up the two). ``role`` is yours: ``dealer`` (the
    opponent is the pone, throwing to hurt your crib) or ``pone``.

    Exact figures would need every hand the opponent can hold, so this is an
    approximation built on the model's tables for the opponent's seat (how
    often it throws each class, and the ranks it keeps with each):

    - he throws a given pair of your 46 unseen cards with chance proportional
      to how often his seat throws the pair's class (rank pair, suited or not)
      per card pair of that class in a full deck, times the chance, judged
      from the ranks his seat keeps with the class, that the four he keeps
      are not among yours (see :func:`_pair_weights`);
    - given his throw, the starter's rank is one of the other 44 unseen cards,
      less the ranks he keeps on average with that class (scaled to what is
      still unseen), and its suit one of the 44.

    Your thrown cards, the crib flush and nobs are counted exactly under those
    chances. ``scripts/bench_cribs.py`` measures the error against a direct
    Monte Carlo under the model.
    """
    dealt = tuple(sorted(dealt))
    if len(dealt) != 6:
        raise CardError(f"a two-player deal is 6 cards, got {len(dealt)}")
    check_distinct(dealt)
    if role not in TWO_PLAYER_ROLES:
        raise RulesError(f"unknown role {role!r}: use dealer or pone")
    thrower = _thrower("pone" if role == "dealer" else "dealer")
    seen = {c.index for c in dealt}
    unseen = [c for c in range(52) if c not in seen]
    ranks = [0] * 14
    suits = [0] * 4
    for c in unseen:
        ranks[(c >> 2) + 1] += 1
        suits[c & 3] += 1
    weight_of = _pair_weights(thrower, ranks)

    # The opponent's throw: weight by class, and the suit figures the crib flush and nobs need.
    by_class = [0.0] * CLASSES
    total = 0.0
    suit_thrown = [0.0] * 4  # expected cards of each suit in his throw, times total
    suited_thrown = [0.0] * 4  # chance (times total) his throw is two cards of the suit
    his_nobs = 0.0
    for x, y in combinations(unseen, 2):
        sx, sy = x & 3, y & 3
        cid = _CLASS[x >> 2][y >> 2] + (sx == sy)
        w = weight_of[cid]
        if not w:
            continue
        by_class[cid] += w
        total += w
        suit_thrown[sx] += w
        suit_thrown[sy] += w
        if sx == sy:
            suited_thrown[sx] += w
        for his_card, suit in ((x, sx), (y, sy)):
            if his_card >> 2 == Rank.JACK - 1:
                his_nobs += w * (suits[suit] - (sx == suit) - (sy == suit))

    # Rank points: his pair and the starter as one weighted multiset of three ranks.
    three: dict[int, float] = {}
    for cid, w in enumerate(by_class):
        if not w:
            continue
        low, high = PAIRS[cid >> 1]
        kept = thrower.kept[cid]
        left = ranks.copy()
        left[low] -= 1
        left[high] -= 1
        starter = [0.0] * 14
        for r in RANKS:
            if left[r] > 0:
                deck_left = 4 - (r == low) - (r == high)
                starter[r] = left[r] - kept[r] * left[r] / deck_left
        norm = w / sum(starter)
        pair_key = RANK_BITS[low] + RANK_BITS[high]
        for r in RANKS:
            if starter[r] > 0:
                key = pair_key + RANK_BITS[r]
                three[key] = three.get(key, 0.0) + norm * starter[r]
    table = total_table()
    means: dict[tuple[Card, ...], float] = {}
    for a, b in combinations(dealt, 2):
        key = RANK_BITS[a.rank] + RANK_BITS[b.rank]
        points = sum(w * table[key + other] for other, w in three.items())
        if a.suit == b.suit:
            points += 5 * suited_thrown[a.suit] * (suits[a.suit] - 2) / 44
        for card in (a, b):
            if card.rank == Rank.JACK:
                points += (suits[card.suit] * total - suit_thrown[card.suit]) / 44
        means[(a, b)] = (points + his_nobs / 44) / total
    return means
