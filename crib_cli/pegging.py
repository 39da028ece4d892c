"""The pegging value of a kept four: points for less points against in the play, by rank pattern.

Suits never matter in the play, so the value depends only on the ranks kept
and the seat's role. It is estimated by simulation (:func:`simulate_keep`): the
four cards of those ranks with random suits, two more thrown at random, the
opponent's six from the rest, thrown as the expert throws for his role, a
random starter, and the play played out by two expert players
(:func:`crib_cli.game.engine.peg_deal`). ``scripts/build_pegging_table.py``
runs it for every pattern and role into :mod:`crib_cli.pegging_data`, each
entry with its standard error.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from .cards import DECK, Card
from .tables import rank_key, rank_multisets

if TYPE_CHECKING:
    import random

ROLES = ("dealer", "pone")


@dataclass(frozen=True, slots=True)
class PeggingValue:
    """Expected points pegged for less points against, its standard error, and the deals behind it."""

    mean: float
    error: float
    deals: int


def keep_patterns() -> list[tuple[int, ...]]:
    """Every multiset of four ranks a hand can hold: 1,820, in the order of the generated table."""
    return rank_multisets(4)


def simulate_keep(ranks: Sequence[int], role: str, deals: int, rng: random.Random) -> PeggingValue:
    """The net pegging of a kept four of these ranks for ``role``, over ``deals`` simulated plays."""
    from .game.engine import peg_deal
    from .game.expert import ExpertPlayer
    from .game.players import GameRules, View

    rules = GameRules()
    seat = 1 if role == "dealer" else 0
    other = 1 - seat
    total = square = 0.0
    for _ in range(deals):
        keep = [DECK[(rank - 1) * 4 + suit] for rank, suits in _suits(ranks, rng) for suit in suits]
        rest = [card for card in DECK if card not in keep]
        rng.shuffle(rest)
        thrown, six, starter = tuple(rest[:2]), tuple(rest[2:8]), rest[8]
        expert = ExpertPlayer()
        their_throw = expert.discard(View(rules, other, 1, (0, 0), six))
        kept: list[tuple[Card, ...]] = [(), ()]
        throws: list[tuple[Card, ...]] = [(), ()]
        kept[seat], throws[seat] = tuple(keep), thrown
        kept[other], throws[other] = tuple(c for c in six if c not in their_throw), their_throw
        pegged = peg_deal([expert, expert], rules, 1, kept, throws, starter)
        net = pegged[seat] - pegged[other]
        total += net
        square += net * net
    mean = total / deals
    variance = (square - deals * mean * mean) / (deals - 1) if deals > 1 else 0.0
    return PeggingValue(mean, math.sqrt(max(variance, 0.0) / deals), deals)


def _suits(ranks: Sequence[int], rng: random.Random) -> list[tuple[int, list[int]]]:
    """Random distinct suits for the cards of each rank."""
    return [(rank, rng.sample(range(4), ranks.count(rank))) for rank in sorted(set(ranks))]


@cache
def _table() -> dict[tuple[str, int], PeggingValue]:
    from .pegging_data import DEALS, DEALER, PONE

    table: dict[tuple[str, int], PeggingValue] = {}
    for role, entries in (("dealer", DEALER), ("pone", PONE)):
        for ranks, (mean, error) in zip(keep_patterns(), entries):
            table[role, rank_key(ranks)] = PeggingValue(mean, error, DEALS)
    return table


def pegging_value(keep: Sequence[Card], role: str) -> PeggingValue:
    """The table's pegging value of a kept four for ``role`` (dealer or pone), two players."""
    return _table()[role, rank_key([card.rank for card in keep])]
