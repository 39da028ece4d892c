"""The rank tables (five ranks, four for five-card cribbage hands, and the crib sums of one to four), checked against the naive reference scorer."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement

import pytest
from reference import naive_show

from crib_cli.builders.tables import compute_crib_sums, compute_parts
from crib_cli.cards import DECK
from crib_cli.tables import RANKS, crib_sums, parts_table, rank_key, rank_multisets, total_table


def cards_for(ranks: tuple[int, ...]) -> list:
    """Distinct cards with these ranks, suits taken in turn, never all one suit."""
    used: dict[int, int] = {}
    cards = []
    for r in ranks:
        suit = used.get(r, 0)
        used[r] = suit + 1
        cards.append(DECK[(r - 1) * 4 + suit])
    return cards


def test_there_are_6175_multisets_of_five_ranks_and_1820_of_four() -> None:
    assert len(rank_multisets(5)) == 6175 == len(parts_table()) == len(total_table())
    assert len(rank_multisets(4)) == 1820 == len(parts_table(4)) == len(total_table(4))


def test_keys_ignore_order_and_never_collide() -> None:
    assert rank_key((1, 5, 5, 11, 13)) == rank_key((13, 5, 11, 1, 5))
    keys = [rank_key(m) for size in (4, 5) for m in rank_multisets(size)]
    assert len(set(keys)) == 6175 + 1820


@pytest.mark.parametrize("size", [5, 4], ids=["five ranks", "four ranks"])
def test_every_entry_matches_the_naive_scorer(size: int) -> None:
    mismatches = []
    for ranks in rank_multisets(size):
        *hand, starter = cards_for(ranks)
        naive = naive_show(tuple(hand), starter)
        expected = (naive["fifteens"], naive["pairs"], naive["runs"])
        if parts_table(size)[rank_key(ranks)][:3] != expected:
            mismatches.append((ranks, expected))
    assert not mismatches


@pytest.mark.parametrize("size", [5, 4], ids=["five ranks", "four ranks"])
def test_totals_are_sums_of_parts(size: int) -> None:
    assert all(total_table(size)[key] == parts[3] == sum(parts[:3]) for key, parts in parts_table(size).items())


@pytest.mark.parametrize("size", [5, 4], ids=["five ranks", "four ranks"])
def test_loaded_table_equals_the_computed_one(size: int) -> None:
    assert parts_table(size) == compute_parts(size)


@pytest.mark.parametrize("ranks", [(5, 5, 5, 5), (1, 2, 3, 13), (10, 11, 12), (5, 5, 10), (7, 8), (4, 4)])
def test_a_crib_sum_counts_every_completion_of_cards(ranks: tuple[int, ...]) -> None:
    fixed = cards_for(ranks)
    rest = [card for card in DECK if card not in fixed]
    expected = 0
    for more in combinations(rest, 5 - len(ranks)):
        *hand, starter = (*fixed, *more)
        naive = naive_show(tuple(hand), starter)
        expected += naive["fifteens"] + naive["pairs"] + naive["runs"]
    assert crib_sums()[rank_key(ranks)] == expected


def test_crib_sums_agree_one_rank_fixed_more() -> None:
    """Each completion of ``fixed`` to five, counted once for each of its drawn cards taken as fixed:
    summed over the rank fixed next (as many cards of it as are left), the sum is ``5 - size`` times ``fixed``'s."""
    sums = crib_sums()
    for size in (1, 2, 3):
        for fixed in combinations_with_replacement(RANKS, size):
            more = sum((4 - fixed.count(rank)) * sums[rank_key(fixed) + rank_key((rank,))] for rank in RANKS if fixed.count(rank) < 4)
            assert more == (5 - size) * sums[rank_key(fixed)], fixed


def test_loaded_crib_sums_equal_the_computed_ones() -> None:
    assert crib_sums() == compute_crib_sums()
    assert len(crib_sums()) == 13 + 91 + 455 + 1820


def test_only_four_or_five_cards_are_shown() -> None:
    with pytest.raises(ValueError, match="four or five cards shown, not 6"):
        parts_table(6)
