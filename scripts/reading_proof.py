"""What reading the other's laid cards is worth: the expert against itself without the reading.

Two measures, each against the expert that does not read them
(:class:`~crib_cli.builders.common.BlindExpert`, :func:`blind`):

- the play alone, on duplicate deals: each seeded deal's six cards go to
  both seats, each keeps as ``expert-points`` does, and the play is played
  three times: the reader as dealer, the reader as pone, and both blind; the
  reader's net pegging less the blind seat's in the same seat, a deal;
- whole games, as ``crib simulate --a expert --b reading_proof:blind`` plays them.

    python scripts/reading_proof.py [--deals 12000] [--deal-seed 21] [--games 60000] [--seed 71] [--jobs 2]

``--deals 0`` or ``--games 0`` leaves that measure out.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from crib_cli.builders.common import BlindExpert, thrown_deal
from crib_cli.game import GameRules, run_games, wilson_interval
from crib_cli.game.engine import peg_deal
from crib_cli.game.expert import ExpertPlayer


def blind() -> BlindExpert:
    """The built-in ``expert`` that does not read the other's laid cards."""
    return BlindExpert(pegging=True, board=True)


def pegging_gain(deals: int, seed: int) -> dict[str, list[int]]:
    """By the reader's seat (dealer, pone): its net pegging a deal less the blind player's in that seat."""
    rules, rng = GameRules(), random.Random(seed)
    reader, control = ExpertPlayer(pegging=True), BlindExpert(pegging=True)
    gains: dict[str, list[int]] = {"dealer": [], "pone": []}
    for _ in range(deals):
        kept, thrown, starter = thrown_deal(reader, rules, rng)
        base = peg_deal([control, control], rules, 0, kept, thrown, starter)
        for seat, role in ((0, "dealer"), (1, "pone")):
            players: list[ExpertPlayer] = [control, control]
            players[seat] = reader
            play = peg_deal(players, rules, 0, kept, thrown, starter)
            net, blind_net = (p.pegged(seat) - p.pegged(1 - seat) for p in (play, base))
            gains[role].append(net - blind_net)
    return gains


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=12000)
    parser.add_argument("--deal-seed", type=int, default=21)
    parser.add_argument("--games", type=int, default=60000)
    parser.add_argument("--seed", type=int, default=71)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    if args.deals > 1:
        start = time.perf_counter()
        gains = pegging_gain(args.deals, args.deal_seed)
        for label, values in (*gains.items(), ("both", gains["dealer"] + gains["pone"])):
            error = 1.96 * statistics.stdev(values) / len(values) ** 0.5
            print(f"pegging a deal, the reader as {label}: {statistics.fmean(values):+.4f} ± {error:.4f} "
                  f"({len(values):,} plays, seed {args.deal_seed})")
        print(f"{time.perf_counter() - start:.0f} s")
    if args.games:
        start = time.perf_counter()
        won = sum(record.winner == 0 for _, record in
                  run_games(("expert", "reading_proof:blind"), args.games, seed=args.seed, jobs=args.jobs))
        share = wilson_interval(won, args.games)
        print(f"games won by the reader: {won:,} of {args.games:,}, {share.rate:.1%} "
              f"({share.low:.1%}-{share.high:.1%}), seed {args.seed}, {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
