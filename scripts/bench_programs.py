"""What a seat played through the engine protocol costs: whole games with B built in, and with B as
``exec:crib engine --strategy B`` (the same games), in one process; the difference a game and a decision.

    python scripts/bench_programs.py [--games 200] [--a greedy] [--b greedy]

The program's start (a fresh interpreter loading crib) is counted once, in the run through the protocol.
"""

from __future__ import annotations

import argparse
import shlex
import sys
import time

from crib_cli.game.program import Programs
from crib_cli.game.simulate import run_games

ENGINE = shlex.join([sys.executable, "-m", "crib_cli", "engine"])


def timed(specs: tuple[str, str], games: int) -> tuple[float, int]:
    """Seconds for the games, and the decisions B was asked (a throw a deal, a card or a go a turn of his)."""
    start = time.perf_counter()
    decisions = 0
    for _, record in run_games(specs, games, seed=1, programs=Programs(stderr=None)):
        for deal in record.deals:
            decisions += 1 + sum(1 for seat, _ in deal.plays if seat == 1)
    return time.perf_counter() - start, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--a", default="greedy")
    parser.add_argument("--b", default="greedy")
    args = parser.parse_args()
    inside, decisions = timed((args.a, args.b), args.games)
    through, _ = timed((args.a, f"exec:{ENGINE} --strategy {args.b}"), args.games)
    extra = through - inside
    print(f"{args.a} against {args.b}, {args.games:,} games, {decisions:,} decisions of B")
    print(f"built in:            {inside:7.2f} s  ({args.games / inside:,.0f} games/s)")
    print(f"through the protocol: {through:6.2f} s  ({args.games / through:,.0f} games/s)")
    print(f"the protocol's cost: {1000 * extra / args.games:.1f} ms a game, {1e6 * extra / decisions:.0f} µs a decision")


if __name__ == "__main__":
    main()
