"""The expert model's per-deal crib: its speed, and its error against a direct computation.

    python scripts/bench_cribs.py [--deals 20] [--hands 20000] [--seed 1]

Speed: ``expert_crib_means`` on random deals, milliseconds per deal (all 15
throws). Error: for each of ``--deals`` random deals (and four deals holding
whole ranks) and both roles, the
approximation beside a direct Monte Carlo under the model itself: the
opponent's six cards drawn from the 46 unseen, his throw chosen by the
model's rule (exact hand mean plus or minus his seat's table), the crib
averaged exactly over the 40 starters left, for each of your 15 throws.
Prints the error's mean, spread and largest value against the Monte Carlo's
own standard error, and how far the random model is from the same figures.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from math import sqrt

from crib_cli.builders.cribs import THROWS, choose_throw, crib_mean, strata
from crib_cli.cards import DECK, Card, format_cards, parse_cards
from crib_cli.cribs import CLASSES, class_id, expert_crib_means, pair_classes, pair_table, random_crib_mean
from crib_cli.tables import CARD_BITS

EXTREMES = ("5S 5H 5D 5C JD JS", "TC JH QS QC KD KH", "AS 2S 3S 4S 5S 6S", "4C 4D 6H 6S 5D 5H")
"""Deals that take whole ranks out of the opponent's reach, checked beside the random ones."""


def seat_values(seat: str) -> list[float]:
    """The expert table of a seat by class id."""
    values = [0.0] * CLASSES
    for (pair, suited), row in zip(pair_classes(), pair_table("expert")):
        values[class_id(*pair, suited)] = row.dealer if seat == "dealer" else row.pone
    return values


def direct(
    dealt: tuple[Card, ...], role: str, hands: int, rng: random.Random
) -> dict[tuple[Card, ...], tuple[float, float]]:
    """Monte Carlo under the model: mean and standard error of each throw's crib."""
    mine = sorted(c.index for c in dealt)
    unseen = [c for c in range(52) if c not in mine]
    his_seat = "pone" if role == "dealer" else "dealer"
    values = seat_values(his_seat)
    sign = 1 if his_seat == "dealer" else -1
    index = strata().index
    throws = [(mine[i], mine[j]) for i, j in THROWS]
    sums = [0.0] * 15
    squares = [0.0] * 15
    for _ in range(hands):
        other = sorted(rng.sample(unseen, 6))
        k = choose_throw(other, index[sum(CARD_BITS[c] for c in other)], sign, values)
        a, b = THROWS[k]
        held = mine + other
        for t, (x, y) in enumerate(throws):
            v = crib_mean((x, y, other[a], other[b]), held)
            sums[t] += v
            squares[t] += v * v
    out: dict[tuple[Card, ...], tuple[float, float]] = {}
    for t, (x, y) in enumerate(throws):
        m = sums[t] / hands
        out[(DECK[x], DECK[y])] = (m, sqrt(max(squares[t] / hands - m * m, 0.0) / hands))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20, help="random deals checked, each in both roles")
    parser.add_argument("--hands", type=int, default=20000, help="opponent hands per deal in the direct Monte Carlo")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)

    expert_crib_means(DECK[:6], "dealer")
    timing = [tuple(rng.sample(DECK, 6)) for _ in range(200)]
    for role in ("dealer", "pone"):
        start = time.perf_counter()
        for dealt in timing:
            expert_crib_means(dealt, role)
        each = 1000 * (time.perf_counter() - start) / len(timing)
        print(f"expert_crib_means, {role}: {each:.2f} ms per deal (15 throws)")

    errors: list[float] = []
    ratios: list[float] = []
    random_gaps: list[float] = []
    ses: list[float] = []
    deals = [tuple(sorted(rng.sample(DECK, 6))) for _ in range(args.deals)]
    deals += [tuple(sorted(parse_cards(text))) for text in EXTREMES]
    worst: tuple[float, str, str, str] = (0.0, "", "", "")
    for dealt in deals:
        for role in ("dealer", "pone"):
            approx = expert_crib_means(dealt, role)
            for throw, (mean, se) in direct(dealt, role, args.hands, rng).items():
                keep = tuple(c for c in dealt if c not in throw)
                errors.append(approx[throw] - mean)
                if abs(errors[-1]) > abs(worst[0]):
                    worst = (errors[-1], format_cards(dealt), role, format_cards(throw))
                ratios.append((approx[throw] - mean) / se)
                ses.append(se)
                random_gaps.append(float(random_crib_mean(throw, keep)) - mean)
    print(f"{len(errors)} throws ({len(deals)} deals x 2 roles x 15), {args.hands:,} opponent hands each")
    print(f"direct Monte Carlo standard error: median {statistics.median(ses):.3f}")
    print(
        f"approximation minus direct: mean {statistics.mean(errors):+.3f}, sd {statistics.pstdev(errors):.3f}, "
        f"largest {worst[0]:+.3f} ({worst[1]}, {worst[2]}, throwing {worst[3]}); "
        f"in standard errors: sd {statistics.pstdev(ratios):.2f}"
    )
    print(
        f"random model minus direct: mean {statistics.mean(random_gaps):+.3f}, "
        f"sd {statistics.pstdev(random_gaps):.3f}, "
        f"largest {max(random_gaps, key=abs):+.3f}"
    )


if __name__ == "__main__":
    main()
