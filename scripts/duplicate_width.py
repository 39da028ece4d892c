"""How much narrower a duplicate run's interval is than a plain run's at the same number of games.

For each match below, one plain run and one duplicate run of the same number
of games with the same seed: A's win rate with its interval from each, the
widths, and how many plain games the duplicate run is worth (the plain
run's games times the square of the widths' ratio).

    python scripts/duplicate_width.py [--games 20000] [--jobs 2] [--seed 41]
"""

from __future__ import annotations

import argparse
import time

from crib_cli.game.simulate import Setup, run_games, summarize

MATCHES = [("expert", "greedy"), ("expert", "expert-points")]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=41)
    args = parser.parse_args()
    print(f"{args.games:,} games a run, seed {args.seed}, {args.jobs} jobs")
    print(f"{'match':<26}{'run':<11}{'A wins':>9}{'95% interval':>18}{'width':>8}")
    for a, b in MATCHES:
        widths = []
        for setup in (Setup(), Setup(duplicate=True)):
            began = time.perf_counter()
            games = run_games((a, b), args.games, seed=args.seed, jobs=args.jobs, setup=setup)
            report = summarize((record for _, record in games), (a, b), setup)
            rate = (report.duplicate or report).win_rates[0]
            widths.append(rate.high - rate.low)
            kind = "duplicate" if setup.duplicate else "plain"
            print(f"{a + ' v ' + b:<26}{kind:<11}{100 * rate.rate:>8.2f}%{100 * rate.low:>9.2f}-{100 * rate.high:.2f}%"
                  f"{100 * widths[-1]:>8.2f}   ({time.perf_counter() - began:.0f} s)")
        ratio = widths[1] / widths[0]
        print(f"{'':<26}duplicate/plain width {ratio:.3f}: worth {args.games / ratio ** 2:,.0f} plain games")


if __name__ == "__main__":
    main()
