"""Write crib_cli/data/leanings.py: how much likelier the other seat holds a rank, by the cards he has laid.

An expert keeps fives, pairs, runs and fifteens, so the cards a player has
laid say something of those he still holds: a rank that pairs one of them,
makes fifteen with one, or lies next to one in a run. :func:`observe` plays
``--deals`` deals, both seats keeping as ``expert-points`` and playing as the
expert that does not read the other's cards (so the table does not depend on
itself), and at every card laid counts, for each rank the seat to lay has
not seen and does not doubt (:func:`crib_cli.game.lookahead.doubted`), how
many the other seat still holds against what chance gives it (his cards left
times the rank's share of the unseen cards). :func:`fit` finds the factors
of a log-linear (Poisson) model of those counts, one for each way a rank is
tied to each card he has laid, and for fives and ten-cards, by cyclic
one-coordinate Newton steps; a rank's weight is the product of its factors
(:func:`crib_cli.leanings.leaning`). Prints the time taken.

    python -m crib_cli.builders.leanings [--deals 20000] [--seed 1] [--out PATH]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..cards import DECK
from ..game.engine import peg_deal
from ..game.expert import ExpertPlayer
from ..game.lookahead import doubted
from ..game.players import View
from ..leanings import TIES, ties
from ..rules import GameRules
from .common import target, write

Observations = dict[tuple[int, ...], list[float]]
"""By a rank's ties to his laid cards (:func:`crib_cli.leanings.ties`, then how many he has laid):
the cards of such ranks he held, and what chance gave him."""


def observe(deals: int, seed: int) -> Observations:
    """Count, over ``deals`` seeded deals, what the other seat held against chance, by the rank's ties."""
    rules = GameRules()
    rng = random.Random(seed)
    player = ExpertPlayer(pegging=True, reads_cards=False)
    counts: Observations = {}
    for _ in range(deals):
        deck = rng.sample(DECK, 13)
        kept, thrown = [], []
        for seat in (0, 1):
            dealt = tuple(deck[6 * seat : 6 * seat + 6])
            throw = player.discard(View(rules, seat, 0, (0, 0), dealt))
            thrown.append(throw)
            kept.append(tuple(card for card in dealt if card not in throw))
        play = peg_deal([player, player], rules, 0, kept, thrown, deck[12])
        laid: list[tuple[int, int]] = []
        doubts = [0, 0]
        for turn in play.turns:
            if turn.card is None:
                continue
            seat, other = turn.seat, 1 - turn.seat
            seen = [int(card.rank) for card in (*kept[seat], *thrown[seat], deck[12])] + [rank for _, rank in laid]
            his = [rank for who, rank in laid if who == other]
            held = [int(card.rank) for card in kept[other]]
            for rank in his:
                held.remove(rank)
            unseen = [0] + [4 - seen.count(rank) for rank in range(1, 14)]
            open_ranks = [rank for rank in range(1, 14) if unseen[rank] and not doubts[other] >> rank & 1]
            total = sum(unseen[rank] for rank in open_ranks)
            for rank in open_ranks if held else ():
                entry = counts.setdefault((*ties(rank, his), len(his)), [0.0, 0.0])
                entry[0] += held.count(rank)
                entry[1] += len(held) * unseen[rank] / total
            doubts[seat] |= doubted(tuple(int(card.rank) for card in turn.pile[:-1]), int(turn.card.rank))
            laid.append((seat, int(turn.card.rank)))
    return counts


def fit(counts: Observations, rounds: int = 200) -> tuple[float, ...]:
    """The factor of each tie (:data:`crib_cli.leanings.TIES`) in a log-linear model of what was held,
    with a factor of its own for each number of cards laid (which weighs every rank alike, so it is not kept)."""
    rows = [(list(key[:-1]) + [float(laid == key[-1]) for laid in range(4)], held, chance)
            for key, (held, chance) in sorted(counts.items())]
    coefficients = [0.0] * (len(TIES) + 4)
    for _ in range(rounds):
        for at in range(len(coefficients)):
            slope = curve = 0.0
            for features, held, chance in rows:
                if features[at]:
                    mean = chance * math.exp(sum(map(_times, features, coefficients)))
                    slope += features[at] * (held - mean)
                    curve += features[at] * features[at] * mean
            if curve:
                coefficients[at] += slope / curve
    return tuple(math.exp(value) for value in coefficients[: len(TIES)])


def _times(feature: float, coefficient: float) -> float:
    return feature * coefficient


def render(factors: Sequence[float], deals: int, seed: int) -> str:
    """The source of :mod:`crib_cli.data.leanings`."""
    pairs = ", ".join(f"{name!r}: {factor:.3f}" for name, factor in zip(TIES, factors))
    return "\n".join([
        '"""How much likelier the other seat holds a rank, by its ties to the cards he has laid; generated by',
        "python -m crib_cli.builders.leanings; do not edit.",
        "",
        "FACTORS: each tie's factor (a rank's weight is the product of its ties' factors); DEALS deals",
        "were played, from SEED.",
        '"""',
        "",
        f"FACTORS = {{{pairs}}}",
        f"DEALS = {deals}",
        f"SEED = {seed}",
    ]) + "\n"


def build(deals: int, seed: int) -> str:
    """The module's source from ``deals`` deals played from ``seed``."""
    return render(fit(observe(deals, seed)), deals, seed)


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000, help="deals to play (default: 20000)")
    parser.add_argument("--seed", type=int, default=1, help="the generator's seed (default: 1)")
    parser.add_argument("--out", type=Path, default=target("leanings"), help="where to write the module")
    args = parser.parse_args(None if argv is None else list(argv))
    start = time.perf_counter()
    text = build(args.deals, args.seed)
    print(f"{args.deals:,} deals in {time.perf_counter() - start:.0f} s")
    write(args.out, text)


if __name__ == "__main__":
    main()
