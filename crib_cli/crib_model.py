"""The expert crib: what a throw is worth when both seats throw like experts.

Two players, six cards each, one 52-card deck. Each seat throws the two cards
that give it the best net:

- the dealer: the exact mean of the kept four over the 46 starters he cannot
  see, plus the table value of his throw in his own crib;
- the pone: the same hand mean, minus the table value of his throw in the
  dealer's crib.

A throw's *class* is its rank pair and whether its two cards share a suit (a
pair of equal ranks never does): 91 rank pairs, 169 classes. A seat's table
value for a class is the expected crib given that the seat threw a pair of that
class, when both seats throw by the rule above and the starter is any of the
40 cards neither holds. The tables are meant to be the fixed point of that
definition: :func:`measure` estimates one seat's table for given tables, and
:func:`damp` moves the tables part of the way towards what was measured;
``scripts/build_crib_model.py`` repeats the two until nothing moves.

:func:`measure` is a stratified Monte Carlo pass over full deals. The measured
seat's hand is stratified by its multiset of ranks (18,395 strata, each
weighted exactly by how many six-card hands have those ranks); within a
stratum its suits, then the opponent's six cards from the other 46, are drawn
at random; the starter is never drawn but averaged exactly over the 40 cards
left. Each stratum draws from its own seeded generator, so every pass sees the
same deals and a pass is a deterministic function of the tables.

Suits are exact everywhere: the hand means count the hand flush (four, or five
with the starter) and nobs; the crib counts the five-card flush and nobs, for
thrown jacks of either seat. His heels is not part of the crib.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations, combinations_with_replacement
from math import ceil, comb, prod, sqrt

from .tables import CARD_BITS, RANK_BITS, RANKS, rank_key, rank_multisets, total_table

SEATS = ("dealer", "pone")
PAIRS: tuple[tuple[int, int], ...] = tuple(combinations_with_replacement(RANKS, 2))
"""The 91 rank pairs a throw can have, lower rank first."""
PAIR_INDEX = {pair: i for i, pair in enumerate(PAIRS)}
CLASSES = 2 * len(PAIRS)
"""Class ids run 0-181: ``2 * pair index + suited``; odd ids of equal ranks never occur."""
THROWS: tuple[tuple[int, int], ...] = tuple(combinations(range(6), 2))
"""The 15 throws from six cards sorted by rank, as positions."""
KEEPS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(6) if i not in throw) for throw in THROWS)

_JACK = 10  # rank index (rank - 1) of the jack in a card number
_HANDS = comb(52, 6)
_SUIT_SETS = tuple(tuple(combinations(range(4), n)) for n in range(5))
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


@dataclass(frozen=True, slots=True)
class SeatMeasure:
    """One seat's crib values as one pass measured them, class by class.

    ``value`` is the expected crib given the seat threw the class (0 where no
    sampled deal threw it), ``stderr`` its standard error, ``share`` the chance
    the seat throws the class, ``kept`` the expected count of each rank 1-13
    among the four cards the seat kept when it threw the class, ``kept_any``
    the chance those four hold the rank at all, and ``samples`` how many
    sampled deals threw it.
    """

    seat: str
    value: tuple[float, ...]
    stderr: tuple[float, ...]
    share: tuple[float, ...]
    kept: tuple[tuple[float, ...], ...]
    kept_any: tuple[tuple[float, ...], ...]
    samples: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class _Strata:
    """Every multiset of six ranks, with its weight and the offsuit class of each of its 15 throws."""

    ranks: tuple[tuple[int, ...], ...]
    runs: tuple[tuple[tuple[int, int], ...], ...]
    weight: tuple[int, ...]
    index: dict[int, int]
    pair_classes: tuple[tuple[int, ...], ...]


@cache
def strata() -> _Strata:
    """The 18,395 multisets of six ranks, each weighted by its number of card hands.

    ``runs`` gives each rank present as (its first card number, how many);
    ``index`` finds a multiset by the sum of its cards' ``RANK_BITS``.
    """
    hands = rank_multisets(6)
    return _Strata(
        ranks=tuple(hands),
        runs=tuple(tuple(((r - 1) * 4, hand.count(r)) for r in sorted(set(hand))) for hand in hands),
        weight=tuple(prod(comb(4, hand.count(r)) for r in set(hand)) for hand in hands),
        index={rank_key(hand): i for i, hand in enumerate(hands)},
        pair_classes=tuple(tuple(2 * PAIR_INDEX[(hand[i], hand[j])] for i, j in THROWS) for hand in hands),
    )


@cache
def hand_rank_means(stratum: int) -> tuple[float, ...]:
    """For each of the 15 throws, the kept four's fifteens, pairs and runs averaged over the 46 unseen starters."""
    table = total_table()
    hand = strata().ranks[stratum]
    left = [4 - hand.count(r) for r in range(14)]
    means = []
    for keep in KEEPS:
        key = sum(RANK_BITS[hand[i]] for i in keep)
        means.append(sum(left[s] * table[key + RANK_BITS[s]] for s in RANKS if left[s]) / 46)
    return tuple(means)


def choose_throw(
    cards: Sequence[int], stratum: int, sign: int, values: Sequence[float], hand_flush: bool = True
) -> int:
    """The throw (index into :data:`THROWS`) with the best net for six cards sorted by card number.

    Cards are numbers 0-51, ``(rank - 1) * 4 + suit``. ``sign`` is +1 for the
    dealer (hand plus crib) and -1 for the pone (hand minus crib); ``values``
    is the table of the seat's crib values by class. Ties go to the first throw.
    ``hand_flush=False`` leaves the hand flush out of the hand means, as
    suit-blind tables do (for comparison only).
    """
    base = hand_rank_means(stratum)
    pair_classes = strata().pair_classes[stratum]
    suits = [c & 3 for c in cards]
    held = [0, 0, 0, 0]
    for s in suits:
        held[s] += 1
    nobs = [0.0] * 6
    all_nobs = 0.0
    for i, card in enumerate(cards):
        if card >> 2 == _JACK:
            nobs[i] = (13 - held[card & 3]) / 46
            all_nobs += nobs[i]
    most = max(held)
    flush_suit = held.index(most) if most >= 4 and hand_flush else -1
    flush_points = 4 + (13 - most) / 46
    other_suits = 6 - most
    best, best_net = 0, -1e9
    for k, (i, j) in enumerate(THROWS):
        si, sj = suits[i], suits[j]
        net = base[k] + all_nobs - nobs[i] - nobs[j] + sign * values[pair_classes[k] + (si == sj)]
        if flush_suit >= 0 and (si != flush_suit) + (sj != flush_suit) == other_suits:
            net += flush_points
        if net > best_net:
            best, best_net = k, net
    return best


def crib_mean(crib: Sequence[int], held: Sequence[int]) -> float:
    """Expected crib of four cards over the starters not among the ``held`` cards (crib included)."""
    get = total_table().get
    key = CARD_BITS[crib[0]] + CARD_BITS[crib[1]] + CARD_BITS[crib[2]] + CARD_BITS[crib[3]]
    # Every starter rank's four cards, less the held ones (a fifth card of a rank keys no hand: 0 points).
    total = _every_starter(key)
    for card in held:
        total -= get(key + CARD_BITS[card], 0)
    left = 52 - len(held)
    mean = total / left
    suit = crib[0] & 3
    flush = crib[1] & 3 == suit and crib[2] & 3 == suit and crib[3] & 3 == suit
    jacks = [c & 3 for c in crib if c >> 2 == _JACK]
    if flush or jacks:
        suits = [0, 0, 0, 0]
        for card in held:
            suits[card & 3] += 1
        if flush:
            mean += 5 * (13 - suits[suit]) / left
        for s in jacks:
            mean += (13 - suits[s]) / left
    return mean


@cache
def _every_starter(key: int) -> int:
    """Rank points of a four-card crib keyed ``key`` summed over all four cards of every starter rank."""
    get = total_table().get
    return 4 * sum(get(key + RANK_BITS[r], 0) for r in RANKS)


def stratum_rng(seed: int, seat: str, stratum: int) -> random.Random:
    """The generator of one stratum's deals: the same for every pass with this seed."""
    return random.Random(((seed * 2 + SEATS.index(seat)) << 16) + stratum)


def deal_stratum(rng: random.Random, stratum: int) -> tuple[list[int], list[int]]:
    """One deal for a stratum: the seat's six cards with random suits, the opponent's six from the rest, both sorted."""
    draw = rng.random
    mine: list[int] = []
    for first, count in strata().runs[stratum]:
        choices = _SUIT_SETS[count]
        mine.extend(first + s for s in choices[int(draw() * len(choices))])
    taken = set(mine)
    other: list[int] = []
    while len(other) < 6:
        card = int(draw() * 52)
        if card not in taken:
            taken.add(card)
            other.append(card)
    other.sort()
    return mine, other


def measure(
    seat: str,
    dealer_values: Sequence[float],
    pone_values: Sequence[float],
    plan: Sequence[int],
    seed: int,
    hand_flush: bool = True,
) -> SeatMeasure:
    """One stratified pass: the seat's crib values when both seats throw by these tables.

    ``plan`` gives the number of deals drawn for each stratum (0 skips it; a
    stratum needs 2 or more for its share of the standard error).
    ``hand_flush`` is passed to both seats' :func:`choose_throw`.
    """
    info = strata()
    mine_sign, other_sign = (1, -1) if seat == "dealer" else (-1, 1)
    mine_values, other_values = (dealer_values, pone_values) if seat == "dealer" else (pone_values, dealer_values)
    num = [0.0] * CLASSES
    den = [0.0] * CLASSES
    var0 = [0.0] * CLASSES
    var1 = [0.0] * CLASSES
    var2 = [0.0] * CLASSES
    kept = [0.0] * (CLASSES * 14)
    kept_any = [0.0] * (CLASSES * 14)
    samples = [0] * CLASSES
    for stratum, draws in enumerate(plan):
        if not draws:
            continue
        rng = stratum_rng(seed, seat, stratum)
        weight = info.weight[stratum] / _HANDS / draws
        pair_classes = info.pair_classes[stratum]
        sums: dict[int, list[float]] = {}
        for _ in range(draws):
            mine, other = deal_stratum(rng, stratum)
            k = choose_throw(mine, stratum, mine_sign, mine_values, hand_flush)
            o = info.index[sum(CARD_BITS[c] for c in other)]
            ko = choose_throw(other, o, other_sign, other_values, hand_flush)
            i, j = THROWS[k]
            a, b = THROWS[ko]
            crib = crib_mean((mine[i], mine[j], other[a], other[b]), mine + other)
            cid = pair_classes[k] + ((mine[i] & 3) == (mine[j] & 3))
            acc = sums.get(cid)
            if acc is None:
                sums[cid] = [1, crib, crib * crib]
            else:
                acc[0] += 1
                acc[1] += crib
                acc[2] += crib * crib
            base = cid * 14
            for p in KEEPS[k]:
                kept[base + (mine[p] >> 2) + 1] += weight
            for r in {(mine[p] >> 2) + 1 for p in KEEPS[k]}:
                kept_any[base + r] += weight
        spread = (info.weight[stratum] / _HANDS) ** 2 / (draws * (draws - 1)) if draws > 1 else 0.0
        for cid, (m, s1, s2) in sums.items():
            num[cid] += weight * s1
            den[cid] += weight * m
            samples[cid] += int(m)
            var0[cid] += spread * (s2 - s1 * s1 / draws)
            var1[cid] += spread * (s1 - s1 * m / draws)
            var2[cid] += spread * (m - m * m / draws)
    value = [num[c] / den[c] if den[c] else 0.0 for c in range(CLASSES)]
    stderr = [
        sqrt(max(var0[c] - 2 * value[c] * var1[c] + value[c] ** 2 * var2[c], 0.0)) / den[c] if den[c] else 0.0
        for c in range(CLASSES)
    ]
    return SeatMeasure(
        seat,
        tuple(value),
        tuple(stderr),
        tuple(den),
        tuple(tuple(kept[c * 14 + r] / den[c] if den[c] else 0.0 for r in RANKS) for c in range(CLASSES)),
        tuple(tuple(kept_any[c * 14 + r] / den[c] if den[c] else 0.0 for r in RANKS) for c in range(CLASSES)),
        tuple(samples),
    )


def damp(values: Sequence[float], measured: SeatMeasure, alpha: float) -> tuple[float, ...]:
    """Move a seat's table a fraction ``alpha`` of the way to what was measured; unthrown classes stay put."""
    return tuple(
        v + alpha * (m - v) if n else v for v, m, n in zip(values, measured.value, measured.samples)
    )


def residual(values: Sequence[float], measured: SeatMeasure) -> tuple[float, int]:
    """The largest move a full step would make, and the class that makes it."""
    moves = [(abs(m - v), c) for c, (v, m, n) in enumerate(zip(values, measured.value, measured.samples)) if n]
    return max(moves)


def throw_counts(seat: str, values: Sequence[float], plan: Sequence[int], seed: int) -> tuple[dict[int, int], ...]:
    """For each stratum, how many of its ``plan`` deals make the seat throw each class.

    Only the seat's own choice is made (by its table ``values``); the deals are
    the first ones :func:`measure` draws with the same seed.
    """
    info = strata()
    sign = 1 if seat == "dealer" else -1
    counts = []
    for stratum, draws in enumerate(plan):
        rng = stratum_rng(seed, seat, stratum)
        found: dict[int, int] = {}
        for _ in range(draws):
            mine, _other = deal_stratum(rng, stratum)
            k = choose_throw(mine, stratum, sign, values)
            i, j = THROWS[k]
            cid = info.pair_classes[stratum][k] + ((mine[i] & 3) == (mine[j] & 3))
            found[cid] = found.get(cid, 0) + 1
        counts.append(found)
    return tuple(counts)


def allocate(
    counts: Sequence[dict[int, int]], targets: Sequence[float], spread: float, least: int = 2
) -> tuple[int, ...]:
    """Draws per stratum so that each class's standard error comes near its target.

    ``counts`` are a stratum's throws by class from :func:`throw_counts`;
    ``targets`` the wanted standard error by class; ``spread`` the standard
    deviation of one deal's crib. For one class alone, drawing in proportion to
    stratum weight times the square root of the stratum's share of the class
    (Neyman allocation) meets the target with the fewest deals; each stratum
    gets the most that any class asks of it, and at least ``least``.
    """
    info = strata()
    share = [0.0] * CLASSES
    roots = [0.0] * CLASSES
    fractions = []
    for stratum, found in enumerate(counts):
        total = sum(found.values())
        weight = info.weight[stratum] / _HANDS
        row = {cid: n / total for cid, n in found.items()} if total else {}
        for cid, f in row.items():
            share[cid] += weight * f
            roots[cid] += weight * sqrt(f)
        fractions.append(row)
    plan = []
    for stratum, row in enumerate(fractions):
        weight = info.weight[stratum] / _HANDS
        asks = [
            weight * sqrt(f) * roots[cid] * spread**2 / (targets[cid] ** 2 * share[cid] ** 2) for cid, f in row.items()
        ]
        plan.append(max(least, ceil(max(asks, default=0.0))))
    return tuple(plan)
