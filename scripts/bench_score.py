"""Show scoring speed: itemized and total-only scores per second, then every deal.

The first pass of itemized scoring builds the item template of each rank
multiset as it first appears; the second finds them built. The closed-form
distributions are timed for hands of four and five-card cribbage hands of
three. The last part scores all 12,994,800 (hand, starter) deals one by one with the
total-only path and checks the result against the closed-form distribution.

    python scripts/bench_score.py [--skip-all]
"""

from __future__ import annotations

import random
import sys
import time
from itertools import combinations

from crib_cli.cards import DECK
from crib_cli.score import score_show, show_total
from crib_cli.stats import count_distribution, show_distribution
from crib_cli.tables import total_table


def sample_deals(n: int, seed: int = 1) -> list[tuple[tuple, object]]:
    rng = random.Random(seed)
    deals = []
    for _ in range(n):
        *hand, starter = rng.sample(DECK, 5)
        deals.append((tuple(hand), starter))
    return deals


def rate(label: str, count: int, seconds: float) -> None:
    print(f"{label:<34} {count / seconds:>12,.0f} /s   ({seconds:.2f} s for {count:,})")


def main() -> None:
    deals = sample_deals(200_000)
    for label in ("itemized score_show (first pass)", "itemized score_show (again)"):
        start = time.perf_counter()
        for hand, starter in deals:
            score_show(hand, starter)
        rate(label, len(deals), time.perf_counter() - start)
    start = time.perf_counter()
    for hand, starter in deals:
        show_total(hand, starter)
    rate("total-only show_total", len(deals), time.perf_counter() - start)
    start = time.perf_counter()
    closed = count_distribution(total_table())
    print(f"{'closed-form distribution':<34} {time.perf_counter() - start:>12.3f} s")
    total_table(4)
    start = time.perf_counter()
    five = count_distribution(total_table(4), held=3)
    print(f"{'the same, five-card hands of three':<34} {time.perf_counter() - start:>12.3f} s")
    assert five == show_distribution(variant="five")
    if "--skip-all" in sys.argv:
        return
    counts = [0] * 30
    start = time.perf_counter()
    for hand in combinations(DECK, 4):
        for starter in DECK:
            if starter not in hand:
                counts[show_total(hand, starter)] += 1
    seconds = time.perf_counter() - start
    rate("all deals, one by one", sum(counts), seconds)
    print("matches closed form and crib stats:", tuple(counts) == closed.counts == show_distribution().counts)


if __name__ == "__main__":
    main()
