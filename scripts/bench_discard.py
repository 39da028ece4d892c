"""Discard analyses per second for 2-, 3- and 4-player deals and five-card cribbage.

Each analysis is every throw of one deal with exact hand and crib means, as
``crib discard`` computes it. The rank table is built before timing.

    python scripts/bench_discard.py [--deals 200] [--seed 1]
"""

from __future__ import annotations

import argparse
import random
import time

from crib_cli.cards import DECK
from crib_cli.discard import analyze_discards
from crib_cli.tables import total_table

CASES = [(2, "six", "dealer"), (3, "six", "pone"), (4, "six", "partner"), (2, "five", "dealer")]
"""(players, variant, role) of each timed run."""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=200, help="random deals per player count")
    parser.add_argument("--seed", type=int, default=1, help="seed for the sample of deals")
    args = parser.parse_args()

    total_table()
    rng = random.Random(args.seed)
    for players, variant, role in CASES:
        size = 6 if players == 2 and variant == "six" else 5
        deals = [rng.sample(DECK, size) for _ in range(args.deals)]
        start = time.perf_counter()
        for cards in deals:
            analyze_discards(cards, role=role, players=players, variant=variant)
        elapsed = time.perf_counter() - start
        game = "five-card, 2 players" if variant == "five" else f"{players} players"
        print(
            f"{game} ({size} cards, {role}): {args.deals / elapsed:8.1f} analyses/s, "
            f"{1000 * elapsed / args.deals:6.2f} ms per analysis"
        )


if __name__ == "__main__":
    main()
