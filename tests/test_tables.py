"""The rank tables (five ranks, and four for five-card cribbage hands), checked exhaustively against the naive reference scorer."""

from __future__ import annotations

import pytest
from reference import naive_show

from crib_cli.cards import DECK
from crib_cli.tables import compute_parts, parts_table, rank_key, rank_multisets, total_table


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


def test_only_four_or_five_cards_are_shown() -> None:
    with pytest.raises(ValueError, match="four or five cards shown, not 6"):
        parts_table(6)
