"""Reading the other's laid cards: the ranks doubted, each rank's ties and leaning, and the table's builder."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from positions import play_view

from crib_cli.builders import leanings as builder
from crib_cli.builders.common import blind_state
from crib_cli.cards import Card, Rank, Suit, parse_cards
from crib_cli.data import leanings as data
from crib_cli.game.expert import play_state
from crib_cli.game.series import doubted
from crib_cli.leanings import TIES, leaning, ties
from crib_cli.peg import score_play
from crib_cli.rules import GameRules
from crib_cli.tables import VALUES


def naive_doubted(pile: list[int], rank: int) -> set[int]:
    """Ranks that fit and whose card would have scored more at once than ``rank``'s, by the rule book."""
    used = Counter(pile)
    cards: list[Card] = []
    for r in pile:
        cards.append(Card(Rank(r), Suit(sum(card.rank == r for card in cards))))

    def scores(option: int) -> int:
        return sum(item.points for item in score_play([*cards, Card(Rank(option), Suit(used[option]))]))

    got = scores(rank)
    count = sum(VALUES[r] for r in pile)
    return {option for option in range(1, 14)
            if used[option] < 4 and count + VALUES[option] <= 31 and scores(option) > got}


@settings(max_examples=300, deadline=None)
@given(st.lists(st.integers(1, 13), max_size=6), st.integers(1, 13))
def test_doubted_ranks_are_those_that_would_have_scored_more(pile: list[int], rank: int) -> None:
    while pile and sum(VALUES[r] for r in pile) + VALUES[rank] > 31:
        pile = pile[1:]
    if max(Counter([*pile, rank]).values()) > 4:
        return
    mask = doubted(tuple(pile), rank)
    assert {r for r in range(1, 14) if mask >> r & 1 and Counter(pile)[r] < 4} == naive_doubted(pile, rank)
    assert not mask & 1  # no rank 0


@pytest.mark.parametrize(("pile", "rank", "doubts"), [
    ((), 4, set()),                  # a lead scores nothing, and nothing scores on an empty pile
    ((10,), 9, {5, 10}),             # a 9 on a 10: no five (fifteen), no ten (pair)
    ((10,), 5, set()),               # fifteen: nothing scores more
    ((5, 6), 3, {4, 6, 7}),          # a run of three, a pair, fifteen and a run
    ((10, 10), 11, {10}),            # pair royal forgone
    ((10, 5, 10), 4, {6}),           # at 25: a 6 makes 31; a ten no longer fits
])
def test_doubted(pile: tuple[int, ...], rank: int, doubts: set[int]) -> None:
    assert {r for r in range(1, 14) if doubted(pile, rank) >> r & 1} == doubts


@pytest.mark.parametrize(("rank", "laid", "expected"), [
    (5, [10, 6], {"fifteen": 1, "next": 1, "five": 1}),
    (10, [10, 5, 13], {"pair": 1, "fifteen": 1, "ten": 1}),
    (7, [8, 8, 9], {"fifteen": 2, "next": 2, "two": 1}),
    (1, [], {}),
])
def test_ties(rank: int, laid: list[int], expected: dict[str, int]) -> None:
    assert dict(zip(TIES, ties(rank, laid))) == {name: expected.get(name, 0) for name in TIES}


@pytest.mark.parametrize("laid", [(), (10,), (5, 5), (7, 8, 9)])
def test_a_leaning_is_the_product_of_its_ties_factors(laid: tuple[int, ...]) -> None:
    weights = leaning(laid)
    assert weights[0] == 0.0 and len(weights) == 14
    for rank in range(1, 14):
        product = 1.0
        for name, count in zip(TIES, ties(rank, laid)):
            product *= data.FACTORS[name] ** count
        assert weights[rank] == pytest.approx(product, rel=1e-12)


def test_the_shipped_factors_lean_to_pairs_fifteens_and_runs() -> None:
    """As measured: ranks tied to his laid cards are held more often than chance, so their factors pass 1."""
    assert set(data.FACTORS) == set(TIES)
    assert min(data.FACTORS[name] for name in ("pair", "fifteen", "next", "two")) > 1.2


def test_the_fit_finds_the_factors_that_made_the_counts() -> None:
    """Counts made exactly by known factors (and a factor by the number of cards laid) are fitted back."""
    known = dict(zip(TIES, (2.0, 1.5, 1.8, 1.3, 1.2, 0.9)))
    by_laid = (1.0, 0.8, 0.6, 0.5)
    counts = {}
    for laid in [(), (10,), (5, 6), (7, 8, 8), (1, 4), (12,), (3, 9, 13)]:
        for rank in range(1, 14):
            key = (*ties(rank, list(laid)), len(laid))
            chance = 1.0 + rank / 10
            held = chance * by_laid[len(laid)] * math.prod(known[name] ** count for name, count in zip(TIES, key))
            entry = counts.setdefault(key, [0.0, 0.0])
            entry[0] += held
            entry[1] += chance
    assert builder.fit(counts, rounds=400) == pytest.approx(tuple(known.values()), rel=1e-6)


def test_the_module_is_rendered_from_its_factors() -> None:
    shipped = builder.target("leanings").read_text(encoding="utf-8")
    assert builder.render([data.FACTORS[name] for name in TIES], data.DEALS, data.SEED) == shipped


def test_a_small_build_is_the_same_every_time() -> None:
    first, again = builder.build(40, 3), builder.build(40, 3)
    assert first == again and "DEALS = 40" in first and "SEED = 3" in first


def test_the_other_seats_laid_cards_are_read_in_two_player_six_card_games() -> None:
    """He laid a 9 on my 10: he holds no five and no ten (doubted), and leans to nines' ties."""
    view = play_view(GameRules(), 0, 1, parse_cards("5S 6S 2D"), parse_cards("TD 9C"))
    state = play_state(view)
    assert {r for r in range(1, 14) if state.ruled_out[1] >> r & 1} == {5, 10}
    assert state.rank_weights[1] == leaning((9,))
    blind = blind_state(view)
    assert blind.ruled_out == () and blind.rank_weights == ()


@pytest.mark.parametrize("rules", [GameRules(players=3), GameRules(variant="five")])
def test_elsewhere_nothing_is_read(rules: GameRules) -> None:
    """The factors were measured in two-player six-card games; elsewhere every unseen card is alike."""
    hand = "5S 6S 2D" if rules.players == 2 and rules.variant == "six" else "5S 6S"
    laid = "TD 9C" if rules.players == 2 else "TD 9C 8H"
    state = play_state(play_view(rules, 0, rules.players - 1, parse_cards(hand), parse_cards(laid)))
    assert state.ruled_out == () and state.rank_weights == ()

