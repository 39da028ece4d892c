"""Crib tables by model, and the expert's crib for one deal, against direct computations."""

from __future__ import annotations

import csv
import random
from collections import defaultdict
from fractions import Fraction
from itertools import combinations
from math import sqrt
from pathlib import Path

import pytest

from crib_cli import cribs
from crib_cli.builders.cribs import THROWS, choose_throw, crib_mean, strata
from crib_cli.cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards
from crib_cli.cribs import (
    CLASSES,
    CribPair,
    class_id,
    expert_crib_means,
    model_description,
    pair_cards,
    pair_classes,
    pair_label,
    pair_stderr,
    pair_table,
    random_crib_mean,
)
from crib_cli.data import cribs as crib_tables
from crib_cli.discard import analyze_discards
from crib_cli.rules import CRIB_MODELS, RulesError
from crib_cli.score import show_total
from crib_cli.tables import RANK_BITS

ROOT = Path(__file__).resolve().parent.parent
PUBLISHED = ROOT / "tests" / "data" / "published_cribs.csv"

# Classes whose random-model crib is enumerated card by card: crib flush, thrown and unseen jacks, pairs.
ENUMERATED = {
    "A-K offsuit": ((1, 13), False),
    "5-J suited: flush and nobs": ((5, 11), True),
    "J-J": ((11, 11), False),
}

DEALS = {
    "issue example": "5S 5C 6D JH 4C KS",
    "two jacks, hearts": "JH 5H 2H 9H JS 3C",
    "four fives and two jacks": "5S 5H 5D 5C JD JS",
    "junk": "AS 3H 7D 9C JS KH",
}

APPROXIMATION = 0.1
"""Largest error of :func:`expert_crib_means` this suite allows, beyond sampling error (see scripts/bench_cribs.py)."""


def enumerated_crib(thrown: tuple[Card, ...]) -> Fraction:
    """The crib of two thrown cards over every (other two cards, starter) from the other 50, card by card."""
    rest = [c for c in DECK if c not in thrown]
    total = count = 0
    for starter in rest:
        for pair in combinations([c for c in rest if c != starter], 2):
            total += show_total(thrown + pair, starter, True)
            count += 1
    return Fraction(total, count)


@pytest.mark.parametrize(("pair", "suited"), ENUMERATED.values(), ids=ENUMERATED.keys())
def test_random_crib_equals_enumeration(pair: tuple[int, int], suited: bool) -> None:
    assert random_crib_mean(pair_cards(pair, suited)) == enumerated_crib(pair_cards(pair, suited))


@pytest.mark.parametrize("dealt", DEALS.values(), ids=DEALS.keys())
def test_random_crib_with_kept_cards_is_analyze_discards_crib(dealt: str) -> None:
    for option in analyze_discards(parse_cards(dealt)):
        assert random_crib_mean(option.throw, option.keep) == option.crib_mean


def test_random_crib_depends_only_on_the_class() -> None:
    for pair, suited in pair_classes()[::7]:
        low, high = pair
        values = set()
        for s in Suit:
            for t in Suit:
                if (s == t) == suited and (low, s) != (high, t):
                    values.add(random_crib_mean((Card(Rank(low), s), Card(Rank(high), t))))
        assert len(values) == 1


def test_random_pair_table_is_the_exact_crib() -> None:
    rows = pair_table("random")
    assert [(r.ranks, r.suited) for r in rows] == [(pair_label(p), s) for p, s in pair_classes()]
    for row, (pair, suited) in zip(rows, pair_classes()):
        assert row.dealer == row.pone == float(random_crib_mean(pair_cards(pair, suited)))
    assert all(e.dealer == e.pone == 0 for e in pair_stderr("random"))


KNOWN = {
    # (ranks, suited): random-model crib; A-K offsuit is the figure quoted against the tables.
    ("A-K", False): 3.7414,
    ("K-K", False): 5.0322,
    ("5-5", False): 8.9927,
}


@pytest.mark.parametrize(("key", "value"), KNOWN.items(), ids=[k[0] for k in KNOWN])
def test_random_table_known_figures(key: tuple[str, bool], value: float) -> None:
    row = {(r.ranks, r.suited): r for r in pair_table("random")}[key]
    assert row.dealer == pytest.approx(value, abs=5e-5)


@pytest.mark.parametrize("model", CRIB_MODELS)
def test_pair_table_shape(model: str) -> None:
    rows = pair_table(model)
    assert len(rows) == 169 == len(pair_stderr(model))
    assert sum(r.suited for r in rows) == 78
    assert not any(r.suited for r in rows if r.ranks.split("-")[0] == r.ranks.split("-")[1])
    assert all(isinstance(r, CribPair) and 1 < r.dealer < 15 and 1 < r.pone < 15 for r in rows)
    assert model_description(model)


def test_bad_model() -> None:
    with pytest.raises(RulesError, match="unknown crib model"):
        pair_table("clever")


def expert_values(seat: str) -> list[float]:
    values = [0.0] * CLASSES
    for (pair, suited), row in zip(pair_classes(), pair_table("expert")):
        values[class_id(*pair, suited)] = row.dealer if seat == "dealer" else row.pone
    return values


def test_expert_shares_and_kept_cards_add_up() -> None:
    for rows in (crib_tables.DEALER, crib_tables.PONE):
        assert sum(row[4] for row in rows) == pytest.approx(1, abs=1e-4)
        for row in rows:
            assert sum(row[5]) == pytest.approx(4, abs=1e-3)
            for count, chance in zip(row[5], row[6]):
                assert 0 <= chance <= 1 and chance - 3e-4 <= count <= 4 * chance + 3e-4  # four decimals each


def test_generated_expert_tables_state_their_fixed_point() -> None:
    """The build measured one more full step at the stored tables; the module states how far it moved them."""
    doc = crib_tables.__doc__ or ""
    assert f"moves no class more than {crib_tables.RESIDUAL:.4f} points" in doc
    assert f"(offsuit classes {crib_tables.RESIDUAL_OFFSUIT:.4f};" in doc
    assert crib_tables.RESIDUAL_OFFSUIT <= crib_tables.RESIDUAL <= 0.05
    largest_error = max(max(row[3] for row in rows) for rows in (crib_tables.DEALER, crib_tables.PONE))
    assert crib_tables.RESIDUAL < 1.5 * largest_error


def test_expert_tables_agree_on_the_average_crib() -> None:
    """Both seats' tables average to the same expected crib, each measured on its own deals."""
    means = []
    for rows in (crib_tables.DEALER, crib_tables.PONE):
        means.append(sum(row[4] * row[2] for row in rows))
        error = sqrt(sum((row[4] * row[3]) ** 2 for row in rows))
        assert error < 0.01
    assert abs(means[0] - means[1]) < 4 * 0.01


def test_expert_differs_from_random_as_experts_say() -> None:
    """The dealer's own junk is worth less than at random, the pone's more; K-K likewise (Schell, Hessel)."""
    expert = {(r.ranks, r.suited): r for r in pair_table("expert")}
    rand = {(r.ranks, r.suited): r for r in pair_table("random")}
    for key in (("A-K", False), ("K-K", False), ("10-K", False)):
        assert expert[key].dealer < rand[key].dealer - 0.2
        assert expert[key].pone > rand[key].pone + 0.2


# Table entries checked by direct play: (seat, rank pair), offsuit.
ENTRIES = [("dealer", (1, 13)), ("dealer", (13, 13)), ("dealer", (5, 5)), ("pone", (1, 13)), ("pone", (10, 13))]


@pytest.mark.parametrize(("seat", "pair"), ENTRIES, ids=[f"{s} {pair_label(p)}" for s, p in ENTRIES])
def test_expert_entry_against_direct_play(seat: str, pair: tuple[int, int]) -> None:
    """A small seeded Monte Carlo over full deals, both seats throwing by the model's rule.

    Deals are drawn plainly, keeping only those where the seat holds the pair's
    ranks (the only deals where it can throw them), so the crib of the deals
    where it does throw the pair offsuit estimates the entry without the
    build's strata. It agrees within four standard errors (the sample's and the
    table's). The first deals are also played the slow way: analyze_discards
    for each seat's throw, show_total over every starter for the crib.
    """
    rng = random.Random(sum(pair) + len(seat))
    values = {s: expert_values(s) for s in ("dealer", "pone")}
    want = class_id(*pair, False)
    needed = [pair.count(r) for r in pair]
    found: list[float] = []
    slow = 0
    while len(found) < 300:
        cards = rng.sample(range(52), 12)
        hands = {"dealer": sorted(cards[:6]), "pone": sorted(cards[6:])}
        ranks = [(c >> 2) + 1 for c in hands[seat]]
        if any(ranks.count(r) < n for r, n in zip(pair, needed)):
            continue
        crib: list[int] = []
        thrown = 0
        for s, hand in hands.items():
            stratum = strata().index[sum(RANK_BITS[(c >> 2) + 1] for c in hand)]
            i, j = THROWS[choose_throw(hand, stratum, 1 if s == "dealer" else -1, values[s])]
            crib += [hand[i], hand[j]]
            if s == seat:
                thrown = class_id((hand[i] >> 2) + 1, (hand[j] >> 2) + 1, hand[i] & 3 == hand[j] & 3)
            if slow < 20:
                assert (DECK[hand[i]], DECK[hand[j]]) in slow_throws([DECK[c] for c in hand], s, values[s])
        value = crib_mean(crib, cards)
        if slow < 20:
            starters = [c for c in DECK if c.index not in cards]
            expected = sum(show_total(tuple(DECK[c] for c in crib), st, True) for st in starters) / len(starters)
            assert value == pytest.approx(expected, abs=1e-12)
            slow += 1
        if thrown == want:
            found.append(value)
    mean, se = mean_and_error(found)
    row = {(r.ranks, r.suited): r for r in pair_table("expert")}[pair_label(pair), False]
    error = {(r.ranks, r.suited): r for r in pair_stderr("expert")}[pair_label(pair), False]
    assert abs(mean - getattr(row, seat)) < 4 * sqrt(se**2 + getattr(error, seat) ** 2)


def mean_and_error(sample: list[float]) -> tuple[float, float]:
    mean = sum(sample) / len(sample)
    return mean, sqrt(sum((x - mean) ** 2 for x in sample) / (len(sample) - 1) / len(sample))


def slow_throws(hand: list[Card], seat: str, values: list[float]) -> set[tuple[Card, ...]]:
    """The rule the slow way: the throws whose net over analyze_discards' exact hand means is the best."""
    sign = 1 if seat == "dealer" else -1
    nets = {
        o.throw: float(o.hand_mean) + sign * values[class_id(a.rank, b.rank, a.suit == b.suit)]
        for o in analyze_discards(hand)
        for a, b in [o.throw]
    }
    best = max(nets.values())
    return {t for t, net in nets.items() if net > best - 1e-9}


def direct_expert_cribs(
    dealt: tuple[Card, ...], role: str, hands: int, seed: int
) -> dict[tuple[Card, ...], tuple[float, float]]:
    """Monte Carlo under the model: the opponent's six drawn, his throw by the rule, the crib over every starter."""
    rng = random.Random(seed)
    mine = sorted(c.index for c in dealt)
    unseen = [c for c in range(52) if c not in mine]
    his = "pone" if role == "dealer" else "dealer"
    values = expert_values(his)
    sign = 1 if his == "dealer" else -1
    sums = [0.0] * 15
    squares = [0.0] * 15
    for _ in range(hands):
        other = sorted(rng.sample(unseen, 6))
        a, b = THROWS[choose_throw(other, strata().index[sum(RANK_BITS[(c >> 2) + 1] for c in other)], sign, values)]
        for t, (i, j) in enumerate(THROWS):
            v = crib_mean((mine[i], mine[j], other[a], other[b]), mine + other)
            sums[t] += v
            squares[t] += v * v
    return {
        (DECK[mine[i]], DECK[mine[j]]): (sums[t] / hands, sqrt((squares[t] / hands - (sums[t] / hands) ** 2) / hands))
        for t, (i, j) in enumerate(THROWS)
    }


@pytest.mark.parametrize("role", ["dealer", "pone"])
@pytest.mark.parametrize("dealt", [DEALS["issue example"], DEALS["two jacks, hearts"]], ids=["example", "two jacks"])
def test_expert_crib_means_against_direct_computation(dealt: str, role: str) -> None:
    cards = parse_cards(dealt)
    approx = expert_crib_means(cards, role)
    direct = direct_expert_cribs(tuple(sorted(cards)), role, 3000, seed=3)
    assert approx.keys() == direct.keys()
    for throw, (mean, se) in direct.items():
        assert abs(approx[throw] - mean) < APPROXIMATION + 4 * se, throw


@pytest.mark.parametrize("dealt", DEALS.values(), ids=DEALS.keys())
def test_uniform_thrower_gives_the_random_crib(dealt: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The approximation's arithmetic is exact: every card pair equally likely and nothing kept is the random model."""
    uniform = cribs._Thrower((1.0,) * CLASSES, ((0.0,) * 14,) * CLASSES, ((0.0,) * 14,) * CLASSES)
    monkeypatch.setattr(cribs, "_thrower", lambda seat: uniform)
    means = expert_crib_means(parse_cards(dealt), "pone")
    for option in analyze_discards(parse_cards(dealt)):
        assert means[option.throw] == pytest.approx(float(option.crib_mean), abs=1e-12)


def test_expert_crib_means_keys_and_symmetry() -> None:
    cards = parse_cards(DEALS["two jacks, hearts"])
    means = expert_crib_means(cards, "dealer")
    assert sorted(means) == sorted(tuple(sorted(t)) for t in combinations(cards, 2))
    relabel = {Suit.HEARTS: Suit.CLUBS, Suit.CLUBS: Suit.SPADES, Suit.SPADES: Suit.DIAMONDS, Suit.DIAMONDS: Suit.HEARTS}
    moved = expert_crib_means(tuple(reversed([Card(c.rank, relabel[c.suit]) for c in cards])), "dealer")
    for (a, b), value in means.items():
        key = tuple(sorted((Card(a.rank, relabel[a.suit]), Card(b.rank, relabel[b.suit]))))
        assert moved[key] == pytest.approx(value, abs=1e-9)


@pytest.mark.parametrize(
    ("dealt", "role", "error", "message"),
    [
        ("5S 5C 6D JH 4C", "dealer", CardError, "6 cards"),
        ("5S 5C 6D JH 4C 5S", "dealer", CardError, "duplicate"),
        ("5S 5C 6D JH 4C KS", "partner", RulesError, "unknown role"),
    ],
    ids=["five cards", "duplicate", "partner"],
)
def test_expert_crib_means_bad_input(dealt: str, role: str, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        expert_crib_means([parse_card(t) for t in dealt.split()], role)


def test_published_figures_file() -> None:
    """The published tables we compare with: Hessel's pone table whole, Schell's both, each row with its source."""
    with PUBLISHED.open(newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    count: defaultdict[tuple[str, str], int] = defaultdict(int)
    labels = {pair_label(p) for p, suited in pair_classes() if not suited}
    for row in rows:
        assert row["pair"] in labels and row["url"].startswith("http://www.cribbageforum.com/")
        assert 2.5 < float(row["crib"]) < 10
        count[row["source"], row["seat"]] += 1
    assert count == {("hessel", "pone"): 91, ("hessel", "dealer"): 3, ("schell", "dealer"): 91, ("schell", "pone"): 91}
