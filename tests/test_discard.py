"""Discard analysis: the rank-pattern counts equal naive enumeration, exactly."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from reference import naive_total

from crib_cli.cards import DECK, Card, CardError, Suit, parse_card, parse_cards
from crib_cli.discard import (
    Throw,
    analyze_discards,
    best_throw,
    crib_distribution,
    crib_note,
    hand_distribution,
    starter_detail,
)
from crib_cli.rules import RulesError
from crib_cli.score import show_total

# Deals chosen to exercise every suit term: thrown and unseen jacks, suited
# throws (crib flush), kept flushes, ranks with no unseen cards left.
DEALS = {
    "issue example": "5S 5C 6D JH 4C KS",
    "two jacks, hearts": "JH 5H 2H 9H JS 3C",
    "four fives and two jacks": "5S 5H 5D 5C JD JS",
    "kept flush with jack": "JC 2C 7C 9C 4D QH",
    "run and spare": "AS 2D 3H 4C 9C KD",
    "five cards, diamonds": "JD 5D 4D 7D 8C",
    "five cards, clubs and fives": "JC QC KC 5H 5S",
    "five cards, no jack": "2S 3S 3H 8D TC",
}

# (deal, throw) pairs whose crib is checked against every (other cards, starter) combination.
CRIB_CHECKS = {
    "thrown jack, unseen jacks": ("5S 5C 6D JH 4C KS", "JH KS"),
    "suited throw with jack: flush and nobs": ("JH 5H 2H 9H JS 3C", "JH 5H"),
    "two thrown jacks, no fives left": ("5S 5H 5D 5C JD JS", "JS JD"),
    "five cards: thrown jack": ("JD 5D 4D 7D 8C", "JD"),
    "five cards: unseen jack, flush": ("JC QC KC 5H 5S", "5H"),
}

# (deal, role, best throw)
BEST = {
    "no role: best hand": ("JH 5H 2H 9H JS 3C", None, "5H 9H"),
    "dealer keeps the run": ("AS 2D 3H 4C 9C KD", "dealer", "AS 9C"),
    "pone keeps the run of four": ("AS 2D 3H 4C 9C KD", "pone", "9C KD"),
    "dealer keeps jacks for nobs": ("JH 5H 2H 9H JS 3C", "dealer", "2H 3C"),
    "pone": ("JH 5H 2H 9H JS 3C", "pone", "3C JS"),
    "29 chance kept": ("5S 5H 5D 5C JD JS", "pone", "JS JD"),
    "five cards, partner": ("JD 5D 4D 7D 8C", "partner", "8C"),
}

BAD = {
    "four cards": ("5S 5C 6D JH", {}, CardError, "6 cards"),
    "seven cards": ("5S 5C 6D JH 4C KS 2H", {}, CardError, "got 7"),
    "duplicate": ("5S 5C 6D JH 4C 5S", {}, CardError, "duplicate card 5S"),
    "six cards for three players": ("5S 5C 6D JH 4C KS", {"players": 3}, CardError, "3-player deal is 5 cards"),
    "five cards for two players": ("5S 5C 6D JH 4C", {"players": 2}, CardError, "2-player deal is 6 cards"),
    "partner with two players": ("5S 5C 6D JH 4C KS", {"role": "partner"}, RulesError, "four players"),
    "partner with three players": ("5S 5C 6D JH 4C", {"role": "partner", "players": 3}, RulesError, "four players"),
    "unknown role": ("5S 5C 6D JH 4C KS", {"role": "owner"}, RulesError, "unknown role"),
    "five players": ("5S 5C 6D JH 4C", {"players": 5}, RulesError, "2, 3 or 4"),
    "five-card with six cards": ("5S 5C 6D JH 4C KS", {"variant": "five"}, CardError, "five-card cribbage deal is 5 cards, got 6"),
    "five-card for three players": ("5S 5C 6D JH 4C", {"variant": "five", "players": 3}, RulesError, "two players, not 3"),
    "five-card partner": ("5S 5C 6D JH 4C", {"variant": "five", "role": "partner"}, RulesError, "four players"),
    "unknown variant": ("5S 5C 6D JH 4C", {"variant": "seven"}, RulesError, "unknown variant 'seven'"),
}


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def unseen(dealt: tuple[Card, ...]) -> list[Card]:
    return [c for c in DECK if c not in dealt]


def split(dealt: str, throw: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    thrown = cards(throw)
    return tuple(c for c in cards(dealt) if c not in thrown), thrown


def naive_hand(keep: tuple[Card, ...], starters: list[Card]) -> Counter[int]:
    return Counter(naive_total(keep, s) for s in starters)


@cache
def enumerated_crib(dealt: str, throw: str) -> Counter[int]:
    """Crib scores over every (other crib cards, starter) combination, card by card.

    Six-card deals use the naive reference scorer (45,540 shows); five-card
    deals (713,460 shows) use ``show_total``, itself checked against it.
    """
    keep, thrown = split(dealt, throw)
    rest = unseen(keep + thrown)
    score = naive_total if len(thrown) == 2 else show_total
    counts: Counter[int] = Counter()
    for starter in rest:
        others = [c for c in rest if c != starter]
        for extra in combinations(others, 3 - len(thrown) + 1):
            counts[score(thrown + extra, starter, True)] += 1
    return counts


def scores(counts: tuple[int, ...]) -> Counter[int]:
    """A distribution's counts as a Counter of the scores that occur."""
    return Counter({score: n for score, n in enumerate(counts) if n})


def mean(counts: Counter[int]) -> Fraction:
    return Fraction(sum(score * n for score, n in counts.items()), sum(counts.values()))


@pytest.mark.parametrize("dealt", DEALS.values(), ids=DEALS.keys())
def test_hand_figures_equal_naive_enumeration(dealt: str) -> None:
    options = analyze_discards(cards(dealt))
    assert len(options) == (15 if len(cards(dealt)) == 6 else 5)
    for option in options:
        counts = naive_hand(option.keep, unseen(option.keep + option.throw))
        assert option.hand_mean == mean(counts)
        assert (option.hand_min, option.hand_max) == (min(counts), max(counts))
        assert scores(hand_distribution(option.keep, option.throw).counts) == counts


@pytest.mark.parametrize(("dealt", "throw"), CRIB_CHECKS.values(), ids=CRIB_CHECKS.keys())
def test_crib_mean_equals_enumeration(dealt: str, throw: str) -> None:
    option = next(o for o in analyze_discards(cards(dealt)) if o.throw == tuple(sorted(cards(throw))))
    counts = enumerated_crib(dealt, throw)
    assert sum(counts.values()) == (45_540 if len(option.throw) == 2 else 713_460)
    assert option.crib_mean == mean(counts)


@pytest.mark.parametrize(("dealt", "throw"), CRIB_CHECKS.values(), ids=CRIB_CHECKS.keys())
def test_crib_distribution_equals_enumeration(dealt: str, throw: str) -> None:
    dist = crib_distribution(*split(dealt, throw))
    assert scores(dist.counts) == enumerated_crib(dealt, throw)


@pytest.mark.parametrize(("dealt", "role", "throw"), BEST.values(), ids=BEST.keys())
def test_best_throw(dealt: str, role: str | None, throw: str) -> None:
    options = analyze_discards(cards(dealt), role=role)
    assert options[0].throw == tuple(sorted(cards(throw)))
    key = (lambda o: o.hand_mean) if role is None else (lambda o: o.net(role))
    assert [key(o) for o in options] == sorted((key(o) for o in options), reverse=True)


@pytest.mark.parametrize(("dealt", "options", "error", "message"), BAD.values(), ids=BAD.keys())
def test_bad_deals(dealt: str, options: dict, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        analyze_discards([parse_card(token) for token in dealt.split()], **options)


def test_nets_and_roles() -> None:
    option = Throw(cards("4C 5S 5C 6D"), cards("JH KS"), Fraction(7, 2), Fraction(3, 2))
    assert (option.net_dealer, option.net_pone) == (5, 2)
    assert (option.net("dealer"), option.net("partner"), option.net("pone")) == (5, 5, 2)
    with pytest.raises(RulesError):
        option.net("owner")


def test_crib_model_names_the_assumption() -> None:
    assert crib_note(2) == "opponent's throw: any two unseen cards, equally likely"
    assert "three unseen cards" in crib_note(3) and "deck" in crib_note(3)
    assert "three unseen cards" in crib_note(4)


def test_figures_do_not_depend_on_player_count() -> None:
    assert analyze_discards(cards(DEALS["five cards, diamonds"]), players=3) == analyze_discards(
        cards(DEALS["five cards, diamonds"]), players=4
    )


@pytest.mark.parametrize("dealt", DEALS.values(), ids=DEALS.keys())
def test_starter_detail(dealt: str) -> None:
    best = analyze_discards(cards(dealt))[0]
    detail = starter_detail(best.keep, best.throw)
    rest = unseen(best.keep + best.throw)
    assert sorted(c for group in detail for c in group.starters) == rest
    assert sum(group.chance for group in detail) == 1
    assert [g.points for g in detail] == sorted((g.points for g in detail), reverse=True)
    for group in detail:
        assert {naive_total(best.keep, s) for s in group.starters} == {group.points}
        assert len({s.rank for s in group.starters}) == 1
        assert group.whole_rank == (len(group.starters) == sum(c.rank == group.starters[0].rank for c in rest))


@pytest.mark.parametrize(
    ("keep", "throw", "labels"),
    [
        ("4C 5S 5C 6D", "JH KS", {"any 4": 24, "any 6": 24, "any 5": 23, "any 10": 16}),
        ("2H 9H JH 5H", "JS 3C", {"TH": 13, "TS TD TC": 11, "any J": 10, "3S 3D": 8}),
    ],
    ids=["any rank", "flush splits a rank"],
)
def test_starter_labels(keep: str, throw: str, labels: dict[str, int]) -> None:
    found = {group.label: group.points for group in starter_detail(cards(keep), cards(throw))}
    assert found.items() >= labels.items()


@pytest.mark.parametrize(
    ("keep", "throw", "message"),
    [
        ("4C 5S", "JH KS", "keep 4"),
        ("4C 5S 5C 6D", "JH KS 2C", "throw 1"),
        ("4C 5S 5C", "JH", "throw 1"),
        ("4C 5S 5C 6D", "5S KS", "duplicate"),
    ],
    ids=["two kept", "three thrown", "three kept, one thrown", "card kept and thrown"],
)
def test_bad_splits(keep: str, throw: str, message: str) -> None:
    for detail in (hand_distribution, crib_distribution, starter_detail):
        with pytest.raises(CardError, match=message):
            detail(cards(keep), cards(throw))


deals = st.integers(5, 6).flatmap(lambda n: st.permutations(DECK).map(lambda deck: tuple(deck[:n])))


@settings(max_examples=40, deadline=None)
@given(deals)
def test_random_deals_hand_equals_naive(dealt: tuple[Card, ...]) -> None:
    for option in analyze_discards(dealt):
        counts = naive_hand(option.keep, unseen(dealt))
        assert (option.hand_mean, option.hand_min, option.hand_max) == (mean(counts), min(counts), max(counts))


@settings(max_examples=40, deadline=None)
@given(deals, st.data())
def test_random_deals_crib_distribution_mean_is_crib_mean(dealt: tuple[Card, ...], data: st.DataObject) -> None:
    options = analyze_discards(dealt)
    option = data.draw(st.sampled_from(options))
    dist = crib_distribution(option.keep, option.throw)
    assert dist.deals == (45_540 if len(dealt) == 6 else 713_460)
    assert min(dist.counts) >= 0
    assert dist.mean == option.crib_mean
    assert hand_distribution(option.keep, option.throw).mean == option.hand_mean


@settings(max_examples=30, deadline=None)
@given(deals, st.permutations(list(Suit)), st.sampled_from([None, "dealer", "pone"]))
def test_relabelling_suits_and_reordering_change_nothing(
    dealt: tuple[Card, ...], suits: list[Suit], role: str | None
) -> None:
    relabel = {s: suits[s] for s in Suit}
    moved = tuple(reversed([Card(c.rank, relabel[c.suit]) for c in dealt]))
    figures = {(o.hand_mean, o.hand_min, o.hand_max, o.crib_mean) for o in analyze_discards(dealt, role=role)}
    assert figures == {(o.hand_mean, o.hand_min, o.hand_max, o.crib_mean) for o in analyze_discards(moved, role=role)}


# --- five-card cribbage: keep three, throw two -------------------------------------------

FIVE_CARD = {
    "issue example": "5S 5C 6D JH 4C",
    "suited with a jack": "JH 5H 2H 9H 3C",
    "three of a suit kept": "2S 7S 9S KD QC",
    "pair of jacks": "JS JD 5C 4H 6S",
}
FIVE_CARD_CRIBS = {
    "thrown jack": ("5S 5C 6D JH 4C", "5S JH"),
    "suited throw with jack: flush and nobs": ("JH 5H 2H 9H 3C", "JH 5H"),
    "two jacks thrown": ("JS JD 5C 4H 6S", "JS JD"),
}


@cache
def five_card_crib(dealt: str, throw: str) -> Counter[int]:
    """Crib scores over every (opponent's two cards, starter), card by card: 47 x 1,035 = 48,645."""
    keep, thrown = split(dealt, throw)
    rest = unseen(keep + thrown)
    counts: Counter[int] = Counter()
    for starter in rest:
        for extra in combinations([c for c in rest if c != starter], 2):
            counts[show_total(thrown + extra, starter, True)] += 1
    return counts


@pytest.mark.parametrize("dealt", FIVE_CARD.values(), ids=FIVE_CARD.keys())
def test_five_card_hands_equal_naive_enumeration(dealt: str) -> None:
    options = analyze_discards(cards(dealt), variant="five")
    assert len(options) == 10 and {len(o.keep) for o in options} == {3} and {len(o.throw) for o in options} == {2}
    for option in options:
        rest = unseen(option.keep + option.throw)
        assert len(rest) == 47
        counts = naive_hand(option.keep, rest)
        assert option.hand_mean == mean(counts)
        assert (option.hand_min, option.hand_max) == (min(counts), max(counts))
        assert scores(hand_distribution(option.keep, option.throw).counts) == counts


@pytest.mark.parametrize(("dealt", "throw"), FIVE_CARD_CRIBS.values(), ids=FIVE_CARD_CRIBS.keys())
def test_five_card_cribs_equal_enumeration(dealt: str, throw: str) -> None:
    option = next(o for o in analyze_discards(cards(dealt), variant="five") if o.throw == tuple(sorted(cards(throw))))
    counts = five_card_crib(dealt, throw)
    assert sum(counts.values()) == 48_645
    assert option.crib_mean == mean(counts)
    assert scores(crib_distribution(*split(dealt, throw)).counts) == counts


@pytest.mark.parametrize("role", ["dealer", "pone"])
def test_five_card_best_throw_and_order(role: str) -> None:
    dealt = cards(FIVE_CARD["issue example"])
    options = analyze_discards(dealt, role=role, variant="five", players=2)
    assert [o.net(role) for o in options] == sorted((o.net(role) for o in options), reverse=True)
    assert best_throw(dealt, role, variant="five") == options[0].throw
    assert options[0].throw == (cards("5S JH") if role == "dealer" else cards("4C 6D"))


@settings(max_examples=25, deadline=None)
@given(st.permutations(DECK).map(lambda deck: tuple(deck[:5])), st.sampled_from(["dealer", "pone"]))
def test_random_five_card_deals(dealt: tuple[Card, ...], role: str) -> None:
    options = analyze_discards(dealt, role=role, variant="five")
    assert best_throw(dealt, role, variant="five") == options[0].throw
    for option in options:
        counts = naive_hand(option.keep, unseen(dealt))
        assert (option.hand_mean, option.hand_min, option.hand_max) == (mean(counts), min(counts), max(counts))
    option = options[-1]
    dist = crib_distribution(option.keep, option.throw)
    assert dist.deals == 48_645 and min(dist.counts) >= 0 and dist.mean == option.crib_mean


# The expert crib model inside analyze_discards.

EXPERT_DEALS = ["5S 5C 6D JH 4C KS", "AH 2D 7C 9S QH KD", "3C 3D 8H 9H TS JC"]


@pytest.mark.parametrize("deal", EXPERT_DEALS)
@pytest.mark.parametrize("role", ["dealer", "pone"])
def test_expert_crib_model_uses_the_expert_cribs_and_keeps_the_hands(deal: str, role: str) -> None:
    from crib_cli.cribs import expert_crib_means

    cards = parse_cards(deal)
    random_model = {o.throw: o for o in analyze_discards(cards, role=role)}
    expert = analyze_discards(cards, role=role, crib_model="expert")
    cribs = expert_crib_means(cards, role)
    for option in expert:
        assert option.crib_mean == cribs[option.throw]
        assert option.hand_mean == random_model[option.throw].hand_mean
        assert isinstance(random_model[option.throw].crib_mean, Fraction)
    nets = [float(o.net(role)) for o in expert]
    assert nets == sorted(nets, reverse=True)


def test_the_random_crib_model_is_the_exact_default() -> None:
    cards = parse_cards(EXPERT_DEALS[0])
    assert analyze_discards(cards, role="pone", crib_model="random") == analyze_discards(cards, role="pone")


@pytest.mark.parametrize(("settings", "message"), [
    ({"crib_model": "expert"}, "the role decides it"),
    ({"crib_model": "expert", "role": "partner", "players": 4}, "two-player six-card cribbage only"),
    ({"crib_model": "hessel", "role": "pone"}, "unknown crib model 'hessel'"),
], ids=["no role", "four players", "unknown"])
def test_crib_model_errors(settings: dict, message: str) -> None:
    cards = parse_cards(EXPERT_DEALS[0])
    with pytest.raises(RulesError, match=message):
        analyze_discards(cards if settings.get("players") is None else cards[:5], **settings)
