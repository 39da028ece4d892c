"""Every generated module in crib_cli/data is what its builder writes: regenerated and compared, byte for byte.

The rank tables and the score distributions are rebuilt whole. The crib
model's random-model table is rebuilt whole; its expert tables (a fixed
point over millions of sampled deals, 11 minutes) are not, but each stratum
of a pass draws from its own seeded generator (``test_build_cribs.py``).
Each entry of the pegging table has its own seeded generator, so a few are
rebuilt exactly and compared with their lines. The deals the builders draw
and throw are checked here too.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crib_cli.builders import cribs, pegging, stats, tables
from crib_cli.builders.common import target, thrown_deal
from crib_cli.cards import DECK, Card, Rank, Suit
from crib_cli.data import pegging as pegging_data
from crib_cli.game.players import View
from crib_cli.game.strategies import GreedyPlayer
from crib_cli.pegging import keep_patterns, keep_play
from crib_cli.rules import GameRules


def generated(name: str) -> str:
    return target(name).read_text(encoding="utf-8")


@pytest.mark.parametrize(("name", "builder"), [("tables", tables), ("stats", stats)])
def test_rebuilt_whole(name: str, builder: object) -> None:
    assert generated(name) == builder.render(), f"run: python -m crib_cli.builders.{name}"  # type: ignore[attr-defined]


def test_the_random_crib_table_is_rebuilt_line_for_line() -> None:
    block = cribs.random_block(cribs.random_table())
    lines = generated("cribs").splitlines()
    start = lines.index(block[0])
    assert lines[start : start + len(block)] == block


ENTRIES = [4, 1819]
"""The patterns of :func:`~crib_cli.pegging.keep_patterns` rebuilt, by position: A-A-A-5 and K-K-K-K."""


def _packed_play(at: int, role: str) -> bytes:
    """The shipped play of the pattern at ``at``, packed as the builder packs it."""
    ranks = keep_patterns()[at]
    return pegging.pack_play(keep_play([Card(Rank(rank), Suit(ranks[:n].count(rank))) for n, rank in enumerate(ranks)], role))


@pytest.mark.parametrize("role", ["dealer", "pone"])
@pytest.mark.parametrize("at", ENTRIES)
def test_pegging_entries_are_rebuilt_exactly(role: str, at: int) -> None:
    ranks = keep_patterns()[at]
    rows = pegging_data.DEALER if role == "dealer" else pegging_data.PONE
    assert pegging.entry((role, ranks, pegging_data.DEALS)) == (rows[at], _packed_play(at, role))


def test_the_pegging_module_is_rendered_from_its_entries() -> None:
    entries = {role: [(values, _packed_play(at, role)) for at, values in enumerate(rows)]
               for role, rows in (("dealer", pegging_data.DEALER), ("pone", pegging_data.PONE))}
    assert pegging.render(pegging_data.DEALS, entries) == generated("pegging")


@pytest.mark.parametrize("builder", [tables, stats])
def test_a_builder_writes_where_it_is_told(builder: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "module.py"
    builder.main(["--out", str(out)])  # type: ignore[attr-defined]
    assert out.read_text(encoding="utf-8") == builder.render()  # type: ignore[attr-defined]
    assert str(out) in capsys.readouterr().out


def test_a_thrown_deal_is_thirteen_cards_each_seat_throwing_as_its_player() -> None:
    """Six cards a seat and the starter, drawn from the generator; each seat's throw is the player's for
    its seat's view (seat 0 dealing), and what it keeps is the rest of its six."""
    rules = GameRules()
    for index in range(20):
        deck = random.Random(index).sample(DECK, 13)
        kept, thrown, starter = thrown_deal(GreedyPlayer(), rules, random.Random(index))
        assert starter == deck[12]
        for seat in (0, 1):
            dealt = tuple(deck[6 * seat : 6 * seat + 6])
            assert thrown[seat] == tuple(GreedyPlayer().discard(View(rules, seat, 0, (0, 0), dealt)))
            assert sorted(kept[seat] + thrown[seat]) == sorted(dealt) and len(kept[seat]) == 4
