"""What playing the board is worth, and where it comes from: expert against another player, deal by deal.

The games are those of ``crib simulate --a expert --b OTHER --seed SEED``
(game ``i`` from the seed and ``i``, the first deal alternating). For every
deal the expert (A) plays, it notes whether a throw or a card it chose by the
board differs from the one it would have chosen by points (expert-points).
Each deal where one did is played again from the same cards and the same
scores with A playing for points, and both are valued for A: 1 or 0 where
the deal ends the game, else the board's table at the position it leaves.
Their difference is what the board's choices in that deal were worth, in
chances of winning the game; the sum over the zones of the board (A's and
B's need at the start of the deal) says where the gain came from.

    python scripts/board_proof.py [--games 20000] [--b expert-points] [--seed 21] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from crib_cli.board import board
from crib_cli.cards import DECK, Card
from crib_cli.game import GameRules, View, play_game, player_factory, wilson_interval
from crib_cli.game.engine import play_deal
from crib_cli.game.expert import ExpertPlayer, board_goal
from crib_cli.game.record import DealRecord

NEEDS = ((1, 10), (11, 20), (21, 35), (36, 121))
"""Bins of the points a side needs at the start of a deal."""


class Noting(ExpertPlayer):
    """The expert, noting for each deal whether its board choices differ from its points choices;
    ``what`` plays the board in throws, in plays, or in both."""

    def __init__(self, what: str = "both") -> None:
        super().__init__(pegging=True, board=True)
        self.what = what
        self.points = ExpertPlayer(pegging=True)
        self.deals: list[list[str]] = []

    def discard(self, view: View) -> tuple[Card, ...]:
        if self.what == "plays":
            chosen = self.points.discard(view)
            self.deals.append([])
            return chosen
        chosen = super().discard(view)
        self.deals.append(["throw"] if set(chosen) != set(self.points.discard(view)) else [])
        return chosen

    def play(self, view: View) -> Card | None:
        if self.what == "throws":
            return self.points.play(view)
        chosen = super().play(view)
        if len({card.rank for card in view.fits}) > 1 and board_goal(view) is not None:
            other = self.points.play(view)
            if chosen is not None and other is not None and chosen.rank != other.rank:
                self.deals[-1].append("play")
        return chosen


def value_for(record: DealRecord, seat: int, table_target: int) -> float:
    """A's chance after the deal: 1 or 0 if it ended the game, else the table's at the position it leaves."""
    scores = record.scores
    if max(scores) >= table_target:
        return 1.0 if scores[seat] >= table_target else 0.0
    dealer = 1 - record.dealer  # the other seat deals next
    win = board(table_target).dealer_win(scores[dealer], scores[1 - dealer])
    return win if dealer == seat else 1.0 - win


def zone(need: int) -> int:
    return next(at for at, (low, high) in enumerate(NEEDS) if low <= need <= high)


def game(job: tuple[int, str, str, str]) -> tuple[int, list[tuple[int, int, str, bool, bool, float]], int]:
    """Game ``index``: the winner, and for each deal of A's: (A's zone, B's zone, A's role, threw
    differently, played differently, the board's gain), and how many deals it had."""
    index, other, seed, what = job
    rules = GameRules()
    a = Noting(what)
    b = player_factory(other)(random.Random(f"{seed}:{index}:1"))
    record = play_game([a, b], rules, random.Random(f"{seed}:{index}"), first_dealer=index % 2,
                       names=("expert", other))
    rows = []
    before = (0, 0)
    for deal, notes in zip(record.deals, a.deals):
        if notes:
            deck = [*deal.hands[0], *deal.hands[1], deal.starter]
            deck += [card for card in DECK if card not in deck]
            points = play_deal([ExpertPlayer(pegging=True), player_factory(other)(random.Random(0))], rules,
                               deal.dealer, deck, start=before)
            gain = value_for(deal, 0, rules.target) - value_for(points, 0, rules.target)
        else:
            gain = 0.0
        role = "dealer" if deal.dealer == 0 else "pone"
        rows.append((zone(rules.target - before[0]), zone(rules.target - before[1]), role, "throw" in notes,
                     "play" in notes, gain))
        before = deal.scores
    return record.winner, rows, len(record.deals)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--b", default="expert-points", help="the other player")
    parser.add_argument("--seed", default="21")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--what", choices=["both", "throws", "plays"], default="both",
                        help="play the board in throws, in the play, or both")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    wins = deals = threw = played = differed = 0
    gains: dict[tuple[int, int], list[float]] = {}  # zone -> deals, differed, gain, sum of squared gains
    split = {"throw": 0.0, "play": 0.0, "both": 0.0}
    with ProcessPoolExecutor(args.jobs) as pool:
        jobs = [(i, args.b, args.seed, args.what) for i in range(args.games)]
        for winner, rows, count in pool.map(game, jobs, chunksize=25):
            wins += winner == 0
            deals += count
            for mine, theirs, _, throw, play, gain in rows:
                threw += throw
                played += play
                differed += throw or play
                entry = gains.setdefault((mine, theirs), [0, 0, 0.0, 0.0])
                entry[0] += 1
                entry[1] += throw or play
                entry[2] += gain
                entry[3] += gain * gain
                if throw or play:
                    split["both" if throw and play else "throw" if throw else "play"] += gain
    rate = wilson_interval(wins, args.games)
    print(f"expert (A) against {args.b} (B): {args.games:,} games, seed {args.seed}, first deal alternating, "
          f"{time.perf_counter() - start:.0f} s")
    print(f"A won {wins:,}: {100 * rate.rate:.2f}% ({100 * rate.low:.2f}%-{100 * rate.high:.2f}%)")
    print(f"A's deals where the board chose differently: {differed:,} of {deals:,} ({100 * differed / deals:.2f}%); "
          f"a throw in {threw:,}, a card in {played:,}")
    total = sum(entry[2] for entry in gains.values())
    error = math.sqrt(sum(entry[3] for entry in gains.values()))
    print(f"the board's gain, replayed deal by deal: {total:+.1f} games (standard error {error:.1f}) in "
          f"{args.games:,} ({100 * total / args.games:+.2f} points of win rate); from deals where only the throw differed "
          f"{split['throw']:+.1f}, only cards {split['play']:+.1f}, both {split['both']:+.1f}")
    print("\nby zone (the points each side needs as the deal begins):")
    print(f"{'A needs':>8} {'B needs':>8} {'deals':>8} {'differed':>9} {'gain (games)':>13} {'error':>6}")
    for (mine, theirs), (count, differ, gain, squares) in sorted(gains.items()):
        if differ:
            label = [f"{low}-{high}" if high < 121 else f"{low}+" for low, high in (NEEDS[mine], NEEDS[theirs])]
            print(f"{label[0]:>8} {label[1]:>8} {count:>8,} {differ:>9,} {gain:>+13.1f} {math.sqrt(squares):>6.1f}")
    print("error: the standard error of the gain, the deals taken as independent")


if __name__ == "__main__":
    main()
