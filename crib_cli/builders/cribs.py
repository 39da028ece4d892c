"""Write crib_cli/data/cribs.py: the random-model pair table, and the expert crib model's fixed point.

The expert crib is what a throw is worth when both seats throw like experts.
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
:func:`main` repeats the two until nothing moves.

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

    python -m crib_cli.builders.cribs [--seed 1] [--scale 1.0] [--full-steps 2] [--jobs 1] [--cluster [ADDRESS]] [--out PATH]

The random-model table is exact. The expert tables start from it and are
found in four phases, all deterministic for a seed:

1. damped steps (alpha 0.5) with 4 deals per stratum, until the median class
   moves less than 0.01 (at most 12 steps);
2. each stratum's throws counted on 16 deals at that table, and deals
   allocated so each class's standard error comes near its target (offsuit
   0.012 points, suited 0.03), times ``--scale``;
3. damped steps (alpha 0.5) with an eighth of that allocation, 3 of them;
4. two undamped steps with the whole allocation, the second giving the
   published table; then one more full pass at that table, to measure how far
   a further step would move it (the residual).

Prints each step's time and largest move, the total time, and the residual.
About 11 minutes on one core at scale 1. The passes run on ``--jobs`` local
processes, or on the workers of a Dask cluster (``--cluster``), in blocks of
strata summed up in order here, so the bytes written are the same wherever
they ran.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import ceil, comb, prod, sqrt
from pathlib import Path

from ..cards import Rank
from ..cribs import (
    CLASSES,
    PAIR_INDEX,
    class_id,
    class_label,
    classes,
    pair_cards,
    pair_classes,
    pair_label,
    random_crib_mean,
)
from ..rules import TWO_PLAYER_ROLES
from ..tables import CARD_BITS, RANK_BITS, RANKS, rank_key, rank_multisets, total_table
from .common import add_worker_options, target, workers

THROWS: tuple[tuple[int, int], ...] = tuple(combinations(range(6), 2))
"""The 15 throws from six cards sorted by rank, as positions."""
KEEPS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(6) if i not in throw) for throw in THROWS)

_JACK = Rank.JACK - 1
"""The jack's rank index in a card number, ``(rank - 1) * 4 + suit``."""
_HANDS = comb(52, 6)
_SUIT_SETS = tuple(tuple(combinations(range(4), n)) for n in range(5))


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
    per_suit = [0, 0, 0, 0]
    for s in suits:
        per_suit[s] += 1
    nobs = [0.0] * 6
    all_nobs = 0.0
    for i, card in enumerate(cards):
        if card >> 2 == _JACK:
            nobs[i] = (13 - per_suit[card & 3]) / 46
            all_nobs += nobs[i]
    most = max(per_suit)
    flush_suit = per_suit.index(most) if most >= 4 and hand_flush else -1
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


def crib_mean(crib: Sequence[int], seen: Sequence[int]) -> float:
    """Expected crib of four cards over the starters not among the ``seen`` cards (crib included)."""
    get = total_table().get
    key = CARD_BITS[crib[0]] + CARD_BITS[crib[1]] + CARD_BITS[crib[2]] + CARD_BITS[crib[3]]
    # Every starter rank's four cards, less the seen ones (a fifth card of a rank keys no hand: 0 points).
    total = _every_starter(key)
    for card in seen:
        total -= get(key + CARD_BITS[card], 0)
    left = 52 - len(seen)
    mean = total / left
    suit = crib[0] & 3
    flush = crib[1] & 3 == suit and crib[2] & 3 == suit and crib[3] & 3 == suit
    jacks = [c & 3 for c in crib if c >> 2 == _JACK]
    if flush or jacks:
        suits = [0, 0, 0, 0]
        for card in seen:
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
    return random.Random(((seed * 2 + TWO_PLAYER_ROLES.index(seat)) << 16) + stratum)


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


BLOCKS = 64
"""A pass is measured in this many blocks of consecutive strata, wherever they run, so it gives the same bytes."""


def measure(
    seat: str,
    dealer_values: Sequence[float],
    pone_values: Sequence[float],
    plan: Sequence[int],
    seed: int,
    hand_flush: bool = True,
    workers: Executor | None = None,
) -> SeatMeasure:
    """One stratified pass: the seat's crib values when both seats throw by these tables.

    ``plan`` gives the number of deals drawn for each stratum (0 skips it; a
    stratum needs 2 or more for its share of the standard error).
    ``hand_flush`` is passed to both seats' :func:`choose_throw`. The strata
    are measured in :data:`BLOCKS` blocks, on ``workers`` if given, and
    summed up here in stratum order, so where they ran changes nothing.
    """
    info = strata()
    size = ceil(len(plan) / BLOCKS)
    starts = range(0, len(plan), size)
    blocks = [(seat, dealer_values, pone_values, plan[at : at + size], at, seed, hand_flush) for at in starts]
    parts = workers.map(_measure_block, blocks) if workers is not None else map(_measure_block, blocks)
    num = [0.0] * CLASSES
    den = [0.0] * CLASSES
    var0 = [0.0] * CLASSES
    var1 = [0.0] * CLASSES
    var2 = [0.0] * CLASSES
    kept = [0.0] * (CLASSES * 14)
    kept_any = [0.0] * (CLASSES * 14)
    samples = [0] * CLASSES
    for sums, block_kept, block_any in parts:
        for stratum, draws, found in sums:
            weight = info.weight[stratum] / _HANDS / draws
            spread = (info.weight[stratum] / _HANDS) ** 2 / (draws * (draws - 1)) if draws > 1 else 0.0
            for cid, m, s1, s2 in found:
                num[cid] += weight * s1
                den[cid] += weight * m
                samples[cid] += m
                var0[cid] += spread * (s2 - s1 * s1 / draws)
                var1[cid] += spread * (s1 - s1 * m / draws)
                var2[cid] += spread * (m - m * m / draws)
        for slot, amount in enumerate(block_kept):
            kept[slot] += amount
        for slot, amount in enumerate(block_any):
            kept_any[slot] += amount
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


_StratumSums = tuple[int, int, list[tuple[int, int, float, float]]]
"""A stratum, its draws, and for each class thrown: the deals that threw it and the sum and sum of squares of their cribs."""


def _measure_block(
    job: tuple[str, Sequence[float], Sequence[float], Sequence[int], int, int, bool],
) -> tuple[list[_StratumSums], list[float], list[float]]:
    """One block of a pass: each stratum's sums, and the block's weighted counts of the kept ranks (see :class:`SeatMeasure`)."""
    seat, dealer_values, pone_values, plan, first, seed, hand_flush = job
    info = strata()
    mine_sign, other_sign = (1, -1) if seat == "dealer" else (-1, 1)
    mine_values, other_values = (dealer_values, pone_values) if seat == "dealer" else (pone_values, dealer_values)
    kept = [0.0] * (CLASSES * 14)
    kept_any = [0.0] * (CLASSES * 14)
    out: list[_StratumSums] = []
    for stratum, draws in enumerate(plan, first):
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
        out.append((stratum, draws, [(cid, int(m), s1, s2) for cid, (m, s1, s2) in sums.items()]))
    return out, kept, kept_any


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


TARGET_OFFSUIT = 0.012
TARGET_SUITED = 0.03
SPREAD = 2.2  # standard deviation of one deal's crib, for the allocation only


def random_table() -> dict[tuple[tuple[int, int], bool], float]:
    """The exact random-model crib of each class, as the nearest float."""
    return {(pair, suited): float(random_crib_mean(pair_cards(pair, suited))) for pair, suited in pair_classes()}


def random_block(rand: dict[tuple[tuple[int, int], bool], float]) -> list[str]:
    """The generated module's random-model table, line by line (tests regenerate it and compare)."""
    return [
        "# Random model, exact: (rank pair, suited, expected crib).",
        "RANDOM = (",
        *(f"    ({pair_label(pair)!r}, {suited}, {rand[pair, suited]!r})," for pair, suited in pair_classes()),
        ")",
    ]


def moves(tables: dict[str, tuple[float, ...]], found: dict[str, SeatMeasure]) -> list[float]:
    """How far each thrown class would move in a full step, both seats."""
    return [abs(m - v) for s in TWO_PLAYER_ROLES for c, (v, m) in enumerate(zip(tables[s], found[s].value)) if found[s].samples[c]]


def step(
    label: str,
    tables: dict[str, tuple[float, ...]],
    plans: Mapping[str, Sequence[int]],
    seed: int,
    pool: Executor | None = None,
) -> dict[str, SeatMeasure]:
    """Measure both seats at ``tables`` (on ``pool``, if given) and print how far a full step would move them."""
    start = time.perf_counter()
    found = {s: measure(s, tables["dealer"], tables["pone"], plans[s], seed, workers=pool) for s in TWO_PLAYER_ROLES}
    moved = moves(tables, found)
    worst = max(residual(tables[s], found[s]) + (s,) for s in TWO_PLAYER_ROLES)
    print(
        f"{label}: {sum(sum(p) for p in plans.values()):,} deals, {time.perf_counter() - start:6.1f} s, "
        f"move median {statistics.median(moved):.4f}, largest {worst[0]:.4f} ({worst[2]} {class_label(worst[1])})",
        flush=True,
    )
    return found


def render(
    seed: int,
    scale: float,
    full_steps: int,
    rand: dict[tuple[tuple[int, int], bool], float],
    published: dict[str, tuple[float, ...]],
    final: dict[str, SeatMeasure],
    check: dict[str, SeatMeasure],
    plans: Mapping[str, Sequence[int]],
) -> str:
    """The generated module's text: plain literals, deterministic for a seed and scale."""
    offsuit = [c for c in classes() if not c & 1]
    worst = max(residual(published[s], check[s])[0] for s in TWO_PLAYER_ROLES)
    worst_off = max(abs(check[s].value[c] - published[s][c]) for s in TWO_PLAYER_ROLES for c in offsuit)
    ratio = max(
        abs(check[s].value[c] - published[s][c]) / final[s].stderr[c]
        for s in TWO_PLAYER_ROLES
        for c in classes()
        if final[s].stderr[c]
    )
    lines = [
        '"""Crib tables for crib_cli.cribs: generated by python -m crib_cli.builders.cribs, do not edit.',
        "",
        "Regenerate with `python -m crib_cli.builders.cribs` (about 11 minutes on one core).",
        f"Expert model: seed {seed}, scale {scale}, {full_steps} full steps;",
        (
            f"each full pass samples {sum(plans['dealer']):,} deals for the dealer's table,"
            f" {sum(plans['pone']):,} for the pone's."
        ),
        f"Fixed point: one more full step moves no class more than {worst:.4f} points",
        f"(offsuit classes {worst_off:.4f}; at most {ratio:.2f} of a class's standard error).",
        '"""',
        "",
        f"SEED = {seed}",
        f"SCALE = {scale!r}",
        f"FULL_STEPS = {full_steps}",
        f"RESIDUAL = {round(worst, 4)!r}",
        f"RESIDUAL_OFFSUIT = {round(worst_off, 4)!r}",
        "",
        *random_block(rand),
    ]
    for seat in TWO_PLAYER_ROLES:
        m = final[seat]
        lines += [
            "",
            f"# Expert model, {seat}'s throw: (rank pair, suited, expected crib, standard error, share of the",
            "# seat's throws; for each rank A-K, the expected count of it among the four the seat kept,",
            "# and the chance they hold it at all).",
            f"{seat.upper()} = (",
        ]
        for pair, suited in pair_classes():
            c = class_id(*pair, suited)
            kept = ", ".join(f"{k:.4f}" for k in m.kept[c])
            chances = ", ".join(f"{k:.4f}" for k in m.kept_any[c])
            lines.append(
                f"    ({pair_label(pair)!r}, {suited}, {published[seat][c]:.4f}, {m.stderr[c]:.4f}, {m.share[c]:.6g},"
                f" ({kept}), ({chances})),"
            )
        lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=1, help="seed of every stratum's deals")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the final allocation of deals")
    parser.add_argument("--full-steps", type=int, default=2, help="undamped steps with the whole allocation")
    add_worker_options(parser, jobs=1)
    parser.add_argument("--out", type=Path, default=target("cribs"), help="where to write the module")
    args = parser.parse_args(argv)
    with workers(parser, args) as pool:
        build(args, pool)


def build(args: argparse.Namespace, pool: Executor | None) -> None:
    """The four phases (see the module docstring), their passes on ``pool`` or here; writes ``args.out``."""
    begin = time.perf_counter()

    rand = random_table()
    strata()
    print(f"random-model table and strata: {time.perf_counter() - begin:.1f} s", flush=True)
    start = [0.0] * CLASSES
    for (pair, suited), value in rand.items():
        start[class_id(*pair, suited)] = value
    tables = {s: tuple(start) for s in TWO_PLAYER_ROLES}

    few = {s: [4] * len(strata().ranks) for s in TWO_PLAYER_ROLES}
    for n in range(12):
        found = step(f"phase 1 step {n + 1}", tables, few, args.seed, pool)
        settled = statistics.median(moves(tables, found)) < 0.01
        tables = {s: damp(tables[s], found[s], 0.5) for s in TWO_PLAYER_ROLES}
        if settled:
            break

    targets = [TARGET_SUITED if c & 1 else TARGET_OFFSUIT for c in range(CLASSES)]
    plans = {}
    for s in TWO_PLAYER_ROLES:
        counts = throw_counts(s, tables[s], [16] * len(strata().ranks), args.seed)
        plans[s] = allocate(counts, [t / args.scale**0.5 for t in targets], SPREAD)
    print(f"phase 2: allocated {sum(plans['dealer']):,} dealer and {sum(plans['pone']):,} pone deals", flush=True)

    eighth = {s: [max(2, k // 8) for k in plans[s]] for s in TWO_PLAYER_ROLES}
    for n in range(3):
        found = step(f"phase 3 step {n + 1}", tables, eighth, args.seed, pool)
        tables = {s: damp(tables[s], found[s], 0.5) for s in TWO_PLAYER_ROLES}

    for n in range(args.full_steps):
        final = step(f"phase 4 full step {n + 1}", tables, plans, args.seed, pool)
        tables = {s: damp(tables[s], final[s], 1.0) for s in TWO_PLAYER_ROLES}
    published = tables
    check = step("phase 4 residual", published, plans, args.seed, pool)

    args.out.write_text(render(args.seed, args.scale, args.full_steps, rand, published, final, check, plans))
    total = time.perf_counter() - begin
    worst = max(residual(published[s], check[s])[0] for s in TWO_PLAYER_ROLES)
    stderr = [final[s].stderr[c] for s in TWO_PLAYER_ROLES for c in classes()]
    print(f"wrote {args.out} in {total / 60:.1f} minutes "
          f"({time.process_time() / 60:.1f} minutes of processor time in this process)")
    print(f"residual (largest move of one more full step): {worst:.4f} points")
    print(f"standard errors: median {statistics.median(stderr):.4f}, largest {max(stderr):.4f}")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
