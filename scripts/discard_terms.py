"""Which terms of the throw win games: the expert player weighing each term against expert-basic.

expert-basic throws by the exact net (hand mean plus or minus the crib mean
under the random model). Each term replaces or adds to that:

- crib: the crib term is the expert crib model's pair-table value of the throw;
- crib-deal: the crib term is the expert model's crib for this very deal
  (:func:`crib_cli.cribs.expert_crib_means`, what ``crib discard --crib-model expert`` shows);
- peg: the kept four's pegging value is added (what ``expert`` does);
- both: crib and peg together.

Prints each term's wins against expert-basic with the 95% Wilson interval.

    python scripts/discard_terms.py [--games 20000] [--seed 11] [--jobs 2] [--terms crib peg ...]
"""

from __future__ import annotations

import argparse
import time

from crib_cli.cards import Card
from crib_cli.cribs import expert_crib_means
from crib_cli.discard import throw_means
from crib_cli.game import View, run_games, summarize
from crib_cli.game.expert import ExpertPlayer, seat_role


class DealCrib(ExpertPlayer):
    """Throws by the hand mean plus or minus the expert model's crib of this deal."""

    def discard(self, view: View) -> tuple[Card, ...]:
        role = seat_role(view)
        cribs = expert_crib_means(view.hand, role)
        sign = 1 if role == "dealer" else -1
        return max(throw_means(view.hand), key=lambda option: option[2] + sign * cribs[option[1]])[1]


def crib() -> ExpertPlayer:
    return ExpertPlayer(crib_model="expert")


def crib_deal() -> ExpertPlayer:
    return DealCrib()


def peg() -> ExpertPlayer:
    return ExpertPlayer(pegging=True)


def both() -> ExpertPlayer:
    return ExpertPlayer(crib_model="expert", pegging=True)


TERMS = {"crib": "crib", "crib-deal": "crib_deal", "peg": "peg", "both": "both"}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20_000, help="games for each term")
    parser.add_argument("--seed", type=int, default=11, help="the same seed plays the same deals for every term")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--terms", nargs="+", choices=list(TERMS), default=list(TERMS))
    args = parser.parse_args()
    for term in args.terms:
        start = time.perf_counter()
        specs = (f"discard_terms:{TERMS[term]}", "expert-basic")
        report = summarize((record for _, record in run_games(specs, args.games, seed=args.seed, jobs=args.jobs)), specs)
        rate = report.win_rates[0]
        print(
            f"{term:<10} against expert-basic: {report.wins[0]:,} of {report.games:,} games, "
            f"{100 * rate.rate:.2f}% (95% interval {100 * rate.low:.2f}-{100 * rate.high:.2f}%), "
            f"{time.perf_counter() - start:.0f} s"
        )


if __name__ == "__main__":
    main()
