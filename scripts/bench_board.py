"""The board's speed: a position's chance, and every throw's chance to win from a score.

Random six-card deals at endgame scores (where the deal may end the game,
so the whole model is worked) and at scores where it cannot; prints the mean
and the 99th percentile of ``analyze_discards(..., position=...)`` in
milliseconds of processor time, and what the plain analysis costs beside it.
Each deal is at a position of its own, as one ``crib discard --score`` is:
nothing worked out for one position serves the next. With ``--fresh N``, it
times instead the first such call of a fresh process (its tables loaded in
it), N processes for each of eight positions and seats, and prints the best
and the median.

    python scripts/bench_board.py [--deals 200] [--seed 1] [--fresh 9]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from crib_cli.board import dealer_chance, ending_chance
from crib_cli.cards import DECK
from crib_cli.discard import analyze_discards
from crib_cli.rules import GameRules, Position


def timed(call: object, *args: object, **kwargs: object) -> float:
    start = time.process_time()
    call(*args, **kwargs)  # type: ignore[operator]
    return 1000 * (time.process_time() - start)


FRESH = [(score, role) for score in ((40, 40), (60, 30), (110, 112), (90, 95)) for role in ("pone", "dealer")]
"""The positions and seats of ``--fresh``, far from the end and near it."""
DEALT = "5H 6D 7C 8S JH KD"
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}


def first_call(score: tuple[int, int], role: str) -> float:
    """Milliseconds of processor time of every throw's chance from ``score``, the first call of a fresh process."""
    code = ("import time; from crib_cli.cards import parse_cards; from crib_cli.discard import analyze_discards; from crib_cli.rules import GameRules, Position; "
            f"dealt = parse_cards({DEALT!r}); start = time.process_time(); "
            f"analyze_discards(dealt, role={role!r}, position=Position(GameRules(), {score!r}, {role == 'dealer'})); print(1000 * (time.process_time() - start))")
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, env=ENV)
    return float(run.stdout)


def fresh(runs: int) -> None:
    """Each position's first call, ``runs`` processes apiece, taken in turn so that a slow spell spreads over all."""
    times: dict[tuple[tuple[int, int], str], list[float]] = {cell: [] for cell in FRESH}
    for _ in range(runs):
        for cell in FRESH:
            times[cell].append(first_call(*cell))
    for (score, role), taken in times.items():
        print(f"{DEALT} as {role} at {score[0]}-{score[1]}, the first call of a process: "
              f"{min(taken):.1f} ms at the best, {statistics.median(taken):.1f} ms at the median")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--fresh", type=int, metavar="N", help="time the first call of N fresh processes instead")
    args = parser.parse_args()
    if args.fresh:
        fresh(args.fresh)
        return
    rng = random.Random(args.seed)
    first = timed(dealer_chance, 0, 0)
    lookups = timed(lambda: [dealer_chance(d, p) for d in range(121) for p in range(121)]) / (121 * 121)
    print(f"a position's chance: {first:.1f} ms the first (loading the table), then {1000 * lookups:.2f} µs")
    for role in ("pone", "dealer"):  # the deal model, loaded once for each seat
        analyze_discards(rng.sample(DECK, 6), role=role, pegging=True,
                         position=Position(GameRules(), (110, 110), role == "dealer"))
    for label, endgame in (("the deal may end the game", True), ("it cannot", False)):
        plain: list[float] = []
        scored: list[float] = []
        seen = set()
        while len(scored) < args.deals:
            role = rng.choice(["dealer", "pone"])
            score = (rng.randrange(90, 121), rng.randrange(90, 121)) if endgame else (rng.randrange(0, 70), rng.randrange(0, 70))
            if (ending_chance(Position(GameRules(), score, role == "dealer")) >= 0.005) != endgame or (role, score) in seen:
                continue  # a position seen before would find its parts worked out already: a run of games, not one question
            seen.add((role, score))
            dealt = rng.sample(DECK, 6)
            plain.append(timed(analyze_discards, dealt, role=role, pegging=True))
            position = Position(GameRules(), score, role == "dealer")
            scored.append(timed(analyze_discards, dealt, role=role, pegging=True, position=position))
        slow = sorted(scored)[int(0.99 * len(scored))]
        print(f"every throw's chance to win, {label}: {statistics.fmean(scored):.1f} ms mean, {slow:.1f} ms at the "
              f"99th percentile ({statistics.fmean(plain):.1f} ms without the score)")


if __name__ == "__main__":
    main()
