"""The expert model's machinery: classes, strata, the throw rule, the crib, a pass and its damped step."""

from __future__ import annotations

import random
from collections import Counter
from math import comb

import pytest

from crib_cli.builders.cribs import (
    THROWS,
    allocate,
    choose_throw,
    crib_mean,
    damp,
    deal_stratum,
    measure,
    residual,
    strata,
    stratum_rng,
    throw_counts,
)
from crib_cli.cards import DECK
from crib_cli.cribs import CLASSES, PAIRS, class_id, class_label, classes
from crib_cli.discard import analyze_discards
from crib_cli.score import show_total
from crib_cli.tables import RANK_BITS


def card_number(text: str) -> int:
    return next(c.index for c in DECK if str(c) == text)


def numbers(text: str) -> list[int]:
    return sorted(card_number(t) for t in text.split())


def stratum_of(cards: list[int]) -> int:
    return strata().index[sum(RANK_BITS[(c >> 2) + 1] for c in cards)]


def test_classes() -> None:
    assert len(PAIRS) == 91 and len(classes()) == 169 and CLASSES == 182
    assert class_id(13, 1, False) == class_id(1, 13, False) == 2 * PAIRS.index((1, 13))
    assert class_id(1, 13, True) == class_id(1, 13, False) + 1
    assert class_id(5, 5, True) == class_id(5, 5, False)  # equal ranks never share a suit
    assert (class_label(class_id(1, 13, True)), class_label(class_id(10, 10, False))) == ("A-K suited", "10-10")


def test_strata_cover_every_six_card_hand() -> None:
    info = strata()
    assert len(info.ranks) == 18_395
    assert sum(info.weight) == comb(52, 6)
    assert all(sum(n for _, n in run) == 6 for run in info.runs)
    assert len(info.index) == 18_395


# Six-card hands (card codes) exercising hand flushes, jacks, pairs.
HANDS = {
    "four-flush with a jack": "JH 5H 2H 9H JS 3C",
    "five of a suit": "2C 4C 6C 8C TC KD",
    "six of a suit": "AD 3D 5D 7D 9D JD",
    "four fives and two jacks": "5S 5H 5D 5C JD JS",
    "pairs": "4S 4H 9D 9C QS KH",
    "junk": "AS 3H 7D 9C JS KH",
}


@pytest.mark.parametrize("hand", HANDS.values(), ids=HANDS.keys())
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_throw_rule_is_the_best_net_by_exact_hand_means(hand: str, seed: int) -> None:
    rng = random.Random(seed)
    values = [rng.uniform(2, 9) for _ in range(CLASSES)]
    cards = numbers(hand)
    for sign in (1, -1):
        nets = {}
        for option in analyze_discards([DECK[c] for c in cards]):
            a, b = option.throw
            nets[frozenset((a.index, b.index))] = float(option.hand_mean) + sign * values[
                class_id(a.rank, b.rank, a.suit == b.suit)
            ]
        i, j = THROWS[choose_throw(cards, stratum_of(cards), sign, values)]
        assert nets[frozenset((cards[i], cards[j]))] == pytest.approx(max(nets.values()), abs=1e-12)


# (crib, the other eight cards held) exercising crib flushes, thrown jacks and four of a rank.
CRIBS = {
    "flush with jack": ("JH 5H 2H 9H", "JS 3C 4D 8D KS KC QD AC"),
    "four fives": ("5S 5H 5D 5C", "JD JS 2H 3H 4H 6H 7H 8H"),
    "two jacks, no flush": ("JC JD 5S KH", "2C 2D 3C 4C 6D 7D 8C 9C"),
    "junk": ("AS 3H 7D 9C", "2S 4H 6D 8C TS QH KD KC"),
}


@pytest.mark.parametrize(("crib", "others"), CRIBS.values(), ids=CRIBS.keys())
def test_crib_mean_is_the_average_over_starters(crib: str, others: str) -> None:
    four = [card_number(t) for t in crib.split()]
    held = four + [card_number(t) for t in others.split()]
    starters = [c for c in range(52) if c not in held]
    expected = sum(show_total(tuple(DECK[c] for c in four), DECK[s], True) for s in starters) / len(starters)
    assert crib_mean(four, held) == pytest.approx(expected, abs=1e-12)


def test_stratum_deals_are_uniform_and_repeatable() -> None:
    stratum = stratum_of(numbers("5S 5H 9D 9C QS KH"))
    first = [deal_stratum(stratum_rng(7, "dealer", stratum), stratum) for _ in range(3)]
    rng = stratum_rng(7, "dealer", stratum)
    again = [deal_stratum(rng, stratum) for _ in range(3)]
    assert first[0] == again[0]  # one generator per stratum: every pass sees the same deals
    suits: Counter[int] = Counter()
    for _ in range(2000):
        mine, other = deal_stratum(rng, stratum)
        assert [(c >> 2) + 1 for c in mine] == [5, 5, 9, 9, 12, 13]
        assert len(set(mine + other)) == 12 and other == sorted(other)
        suits.update(c & 3 for c in mine)
    assert min(suits.values()) > 2600  # 3000 expected per suit


def test_measure_on_few_deals_is_consistent() -> None:
    rng = random.Random(4)
    values = [rng.uniform(3, 6) for _ in range(CLASSES)]
    plan = [2 if i % 50 == 0 else 0 for i in range(len(strata().ranks))]
    found = measure("pone", values, values, plan, seed=3)
    assert sum(found.samples) == sum(plan)
    assert sum(found.share) == pytest.approx(sum(w for w, n in zip(strata().weight, plan) if n) / comb(52, 6))
    for c in classes():
        if found.samples[c]:
            assert sum(found.kept[c]) == pytest.approx(4)
            assert 0 < found.value[c] < 29 and found.stderr[c] >= 0
    again = measure("pone", values, values, plan, seed=3)
    assert again == found  # a pass is a deterministic function of the tables


def test_damp_and_residual() -> None:
    values = [4.0] * CLASSES
    plan = [2 if i % 60 == 0 else 0 for i in range(len(strata().ranks))]
    found = measure("dealer", values, values, plan, seed=1)
    half = damp(values, found, 0.5)
    for c in range(CLASSES):
        assert half[c] == (4.0 + (found.value[c] - 4.0) / 2 if found.samples[c] else 4.0)
    move, worst = residual(values, found)
    moves = [abs(found.value[c] - 4.0) for c in range(CLASSES) if found.samples[c]]
    assert move == abs(found.value[worst] - 4.0) == max(moves)


def test_throw_counts_are_the_deals_measure_draws() -> None:
    values = [4.0] * CLASSES
    plan = [3 if i % 500 == 0 else 0 for i in range(len(strata().ranks))]
    counts = throw_counts("pone", values, plan, seed=2)
    assert [sum(found.values()) for found in counts] == plan
    total: Counter[int] = Counter()
    for found in counts:
        total.update(found)
    assert tuple(total[c] for c in range(CLASSES)) == measure("pone", values, values, plan, seed=2).samples


def test_allocation_follows_the_rarity_of_classes() -> None:
    """A stratum feeding a rare class gets more deals than one feeding a common class; none gets fewer than asked."""
    size = len(strata().ranks)
    common, rare, other = class_id(10, 13, False), class_id(5, 5, False), class_id(1, 2, False)
    counts = [{common: 4} if i % 2 else {other: 4} for i in range(size)]
    counts[0] = {rare: 2, common: 2}
    plan = allocate(counts, [0.05] * CLASSES, 2.2, least=3)
    assert min(plan) == 3
    assert plan[0] > max(plan[1:])
