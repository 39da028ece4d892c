"""The board's chances against direct simulation: positions, and the chance to win of a throw.

``positions``: from each of many positions (endgame ones among them), games of
expert-points against itself taken up there (``crib simulate --start A,B
--first-dealer a``), the dealer's win rate with its 95% Wilson interval beside
the table's chance. Prints whether each lies inside, and how many do.

``throws``: endgame deals (a hand, a seat and the score, drawn at random
where the deal may well end the game); for the best few throws by the
board (or, ``--drawn``, a few drawn at random), the rest of the deal
simulated many times (the opponent's six cards and the starter drawn from
the unseen cards, the same draws for every throw; the opponent throws as
expert-points, both play as expert-points;
the scoring in order, the first to the target winning, else the table from
where the deal leaves the seats), beside :func:`crib_cli.board.throw_chances`.
Prints each difference and their mean, spread and largest, and beside them
what the simulation's own noise allows: how many a board without error would
have within a point, and the board's error with that noise taken out.

    python scripts/check_board.py positions [--games 3000] [--jobs 2]
    python scripts/check_board.py throws [--deals 40] [--trials 2000] [--best 3] [--drawn] [--seed 1] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from crib_cli.board import board, ending_chance
from crib_cli.cards import DECK, Card, format_cards
from crib_cli.discard import analyze_discards
from crib_cli.game import GameRules, Setup, View, run_games, summarize
from crib_cli.game.engine import play_deal
from crib_cli.game.expert import ExpertPlayer
from crib_cli.rules import Position

POSITIONS = [
    ("six", 121, d, p)
    for d, p in [
        (0, 0), (20, 30), (35, 37), (50, 50), (60, 80), (80, 60), (90, 95), (95, 90), (100, 110), (110, 100),
        (105, 105), (110, 115), (115, 110), (115, 115), (118, 118), (119, 119), (120, 120), (100, 118),
        (118, 100), (85, 120), (120, 85), (112, 96),
    ]
] + [("six", 61, d, p) for d, p in [(0, 0), (40, 45), (55, 55), (58, 60)]] + [
    ("five", 61, d, p) for d, p in [(0, 3), (40, 45), (55, 55), (58, 59)]
]
"""(variant, target, dealer's score, pone's score): the positions checked."""


def positions(games: int, jobs: int) -> None:
    inside = 0
    print(f"{'game':<12} {'dealer':>6} {'pone':>5} {'table':>7} {'simulated':>9}   95% interval       inside")
    for variant, target, dealer, pone in POSITIONS:
        rules = GameRules(target=target, variant=variant)
        records = (r for _, r in run_games(("expert-points", "expert-points"), games, seed=f"check:{dealer}:{pone}",
                                            jobs=jobs, rules=rules, setup=Setup((dealer, pone), 0)))
        report = summarize(records, ("expert-points", "expert-points"))
        rate = report.win_rates[0]
        table = board(target, variant).dealer_win(dealer, pone)
        ok = rate.low <= table <= rate.high
        inside += ok
        print(f"{variant}-card {target:<4} {dealer:>6} {pone:>5} {100 * table:6.1f}% {100 * rate.rate:8.1f}%   "
              f"{100 * rate.low:5.1f}%-{100 * rate.high:5.1f}%   {'yes' if ok else 'NO'}", flush=True)
    print(f"{inside} of {len(POSITIONS)} positions inside the simulation's 95% interval")


class Throwing(ExpertPlayer):
    """expert-points, but with a throw decided already."""

    def __init__(self, throw: tuple[Card, ...]) -> None:
        super().__init__(pegging=True)
        self.throw = throw

    def discard(self, view: View) -> tuple[Card, ...]:
        return self.throw


def deal_outcome(job: tuple[tuple[Card, ...], tuple[Card, ...], bool, tuple[int, int], int, int]) -> list[float]:
    """My chance to win with ``throw`` over ``trials`` simulated rests of the deal (one trial a seed)."""
    dealt, throw, me_dealing, (me, opponent), trials, seed = job
    rules = GameRules()
    table = board(121, "six")
    mine, dealer = (1, 1) if me_dealing else (0, 1)
    players = [ExpertPlayer(pegging=True), ExpertPlayer(pegging=True)]
    players[mine] = Throwing(throw)
    rest = [card for card in DECK if card not in dealt]
    chances = []
    for trial in range(trials):
        draw = list(rest)
        random.Random(f"{seed}:{trial}").shuffle(draw)
        blocks = [draw[:6], draw[:6]]
        blocks[mine] = list(dealt)
        record = play_deal(players, rules, dealer, [*blocks[0], *blocks[1], *draw[6:]])
        scores = [0, 0]
        scores[mine], scores[1 - mine] = me, opponent
        result = None
        for seat, points in record.scoring(rules):
            scores[seat] += points
            if scores[seat] >= 121:
                result = 1.0 if seat == mine else 0.0
                break
        if result is None:  # the next deal is the other seat's to deal
            nxt = 1 - dealer
            win = table.dealer_win(scores[nxt], scores[1 - nxt])
            result = win if nxt == mine else 1.0 - win
        chances.append(result)
    return chances


def throws(deals: int, trials: int, seed: int, jobs: int, best: int, drawn: bool) -> None:
    rng = random.Random(seed)
    cases: list[tuple[tuple[Card, ...], bool, tuple[int, int]]] = []
    while len(cases) < deals:
        me_dealing = rng.random() < 0.5
        score = (rng.randrange(85, 121), rng.randrange(85, 121))
        if ending_chance(Position(GameRules(), score, me_dealing)) >= 0.05:
            cases.append((tuple(rng.sample(DECK, 6)), me_dealing, score))
    differences: list[float] = []
    errors: list[float] = []
    regrets: list[float] = []  # the simulation's best less the simulation's chance of the board's best
    gaps: list[float] = []  # how far the board misses the difference between two throws of a deal
    agree = 0
    with ProcessPoolExecutor(jobs) as pool:
        for at, (dealt, me_dealing, score) in enumerate(cases):
            role = "dealer" if me_dealing else "pone"
            options = analyze_discards(dealt, role=role, pegging=True, position=Position(GameRules(), score, me_dealing))
            if drawn:  # the board's order kept: the first is the board's best of those checked
                options = [options[i] for i in sorted(random.Random(f"drawn:{seed}:{at}").sample(range(len(options)), best))]
            options = options[:best]
            jobs_of = [(dealt, o.throw, me_dealing, score, trials, f"throws:{seed}:{at}") for o in options]
            results = list(pool.map(deal_outcome, jobs_of))
            simulated = [statistics.fmean(r) for r in results]
            for option, sim, result in zip(options, simulated, results):
                assert option.win is not None
                differences.append(option.win - sim)
                errors.append(statistics.stdev(result) / len(result) ** 0.5)
                print(f"{format_cards(dealt)}  {role:<6} {score[0]}-{score[1]}  throw {format_cards(option.throw)}: "
                      f"board {100 * option.win:5.1f}%, simulated {100 * sim:5.1f}% (+-{200 * errors[-1]:.1f})",
                      flush=True)
            agree += max(range(len(options)), key=lambda i: simulated[i]) == 0
            regrets.append(max(simulated) - simulated[0])
            wins = [option.win or 0.0 for option in options]
            gaps += [abs((wins[i] - wins[j]) - (simulated[i] - simulated[j]))
                     for i in range(len(options)) for j in range(i)]
    absolute = [abs(d) for d in differences]
    print(f"\n{len(differences)} throws of {deals} deals, {trials:,} simulated rests each: board less simulated, "
          f"mean {100 * statistics.fmean(differences):+.2f} points of percentage, spread "
          f"{100 * statistics.stdev(differences):.2f}, mean absolute {100 * statistics.fmean(absolute):.2f}, "
          f"largest {100 * max(absolute):.2f}; the simulation's own standard error {100 * statistics.fmean(errors):.2f} "
          f"on average; {sum(a <= 0.01 for a in absolute)} of {len(absolute)} within a point")
    # What the simulation's own noise allows: a model without error would come within a point of each
    # simulated chance with the normal chance of its standard error, and differ by that error alone.
    perfect = sum(math.erf(0.01 / (e * math.sqrt(2))) if e else 1.0 for e in errors)
    own = math.sqrt(max(statistics.fmean(d * d for d in differences) - statistics.fmean(e * e for e in errors), 0.0))
    print(f"a board without error would come within a point of {perfect:.1f} of them, for the simulation's "
          f"noise alone; the board's own error, that noise taken out: {100 * own:.2f} points of percentage "
          f"(root mean square)")
    print(f"the board's best of the {best} {'drawn' if drawn else 'best'} is the simulation's best in {agree} of {deals} deals; choosing by "
          f"the board gives up {100 * statistics.fmean(regrets):.2f} points of percentage on average against the "
          f"simulation's best (at most {100 * max(regrets):.2f}; the simulation's best is itself noisy, so this is an "
          f"upper bound)")
    print(f"the difference between two throws of a deal, board against simulated: off by "
          f"{100 * statistics.fmean(gaps):.2f} points of percentage on average")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("what", choices=["positions", "throws"])
    parser.add_argument("--games", type=int, default=3000, help="games from each position")
    parser.add_argument("--deals", type=int, default=40, help="endgame deals whose throws are checked")
    parser.add_argument("--trials", type=int, default=2000, help="simulated rests of the deal a throw")
    parser.add_argument("--best", type=int, default=3, help="throws checked a deal, the board's best first")
    parser.add_argument("--drawn", action="store_true",
                        help="check throws drawn at random from the deal's, not the board's best (which the board's "
                             "own errors help choose, so that their errors lean its way)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    if args.what == "positions":
        positions(args.games, args.jobs)
    else:
        throws(args.deals, args.trials, args.seed, args.jobs, args.best, args.drawn)


if __name__ == "__main__":
    main()
