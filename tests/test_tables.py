"""The rank table, checked exhaustively against the naive reference scorer."""

from __future__ import annotations

from pathlib import Path

from reference import naive_show

from crib_cli.cards import DECK
from crib_cli import table_data
from crib_cli.tables import compute_parts, five_rank_multisets, parts_table, rank_key, render_module, total_table


def cards_for(ranks: tuple[int, ...]) -> list:
    """Distinct cards with these ranks, suits taken in turn, never all one suit."""
    used: dict[int, int] = {}
    cards = []
    for r in ranks:
        suit = used.get(r, 0)
        used[r] = suit + 1
        cards.append(DECK[(r - 1) * 4 + suit])
    return cards


def test_there_are_6175_five_rank_multisets() -> None:
    multisets = five_rank_multisets()
    assert len(multisets) == 6175 == len(parts_table()) == len(total_table())


def test_keys_ignore_order_and_never_collide() -> None:
    assert rank_key((1, 5, 5, 11, 13)) == rank_key((13, 5, 11, 1, 5))
    assert len({rank_key(m) for m in five_rank_multisets()}) == 6175


def test_every_entry_matches_the_naive_scorer() -> None:
    mismatches = []
    for ranks in five_rank_multisets():
        *hand, starter = cards_for(ranks)
        naive = naive_show(tuple(hand), starter)
        expected = (naive["fifteens"], naive["pairs"], naive["runs"])
        if parts_table()[rank_key(ranks)][:3] != expected:
            mismatches.append((ranks, expected))
    assert not mismatches


def test_totals_are_sums_of_parts() -> None:
    assert all(total_table()[key] == parts[3] == sum(parts[:3]) for key, parts in parts_table().items())


def test_generated_module_matches_the_rules() -> None:
    """crib_cli/table_data.py is exactly what scripts/generate_tables.py computes from scratch."""
    path = Path(table_data.__file__)
    assert path.read_text(encoding="utf-8") == render_module(), "run: python scripts/generate_tables.py"


def test_loaded_table_equals_the_computed_one() -> None:
    assert parts_table() == compute_parts()
