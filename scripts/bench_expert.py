"""The expert player's speed, and its pegging against a greedy pegger, two players.

Each deal: six cards to each seat, both keep four by the exact net for their
role, and the same kept hands are played three ways: expert against greedy
(expert as pone, then as dealer), greedy against greedy, expert against
expert. Only the play is played (``crib_cli.game.engine.peg_deal``), the go
and last card included; greedy is the built-in greedy player. Times are CPU seconds of the decision calls alone;
a play decision is forced when at most one rank fits, and then costs no search.
The rank table is built before timing; the discard and lookahead caches fill
as the deals go, as they would in a simulation.

    python scripts/bench_expert.py [--deals 20000] [--seed 1] [--depth N]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from statistics import fmean, stdev

from crib_cli.cards import DECK, Card
from crib_cli.game.engine import peg_deal
from crib_cli.game.expert import ExpertPlayer
from crib_cli.game.players import Player, View
from crib_cli.game.strategies import GreedyPlayer
from crib_cli.rules import LIMIT, GameRules
from crib_cli.tables import total_table

RULES = GameRules(2)
PONE, DEALER = 0, 1


class Timed:
    """A player whose play decisions are timed, forced and searched apart."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.searched: list[float] = []
        self.forced: list[float] = []

    def discard(self, view: View) -> tuple[Card, ...]:
        return self.player.discard(view)

    def play(self, view: View) -> Card | None:
        ranks = {card.rank for card in view.hand if view.count + card.value <= LIMIT}
        start = time.process_time()
        card = self.player.play(view)
        (self.searched if len(ranks) > 1 else self.forced).append(time.process_time() - start)
        return card


def summary(values: list[float]) -> str:
    return f"{fmean(values):+.3f} ± {stdev(values) / len(values) ** 0.5:.3f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=20000, help="random deals, each played three ways")
    parser.add_argument("--seed", type=int, default=1, help="seed for the deals")
    parser.add_argument("--depth", type=int, default=None, help="cards the search looks ahead (default: its own)")
    args = parser.parse_args()

    total_table()
    rng = random.Random(args.seed)
    expert, greedy = Timed(ExpertPlayer(args.depth)), GreedyPlayer()
    discards: list[float] = []
    runs: dict[str, list[tuple[int, int]]] = {"expert pone": [], "expert dealer": [], "greedy": [], "expert both": []}
    pairings: dict[str, tuple[Player, Player]] = {
        "expert pone": (expert, greedy),
        "expert dealer": (greedy, expert),
        "greedy": (greedy, greedy),
        "expert both": (expert, expert),
    }
    for _ in range(args.deals):
        cards = rng.sample(DECK, 13)
        kept, thrown = [], []
        for seat in (PONE, DEALER):
            dealt = tuple(cards[6 * seat : 6 * seat + 6])
            start = time.process_time()
            throw = expert.discard(View(RULES, seat, DEALER, (0, 0), dealt))
            discards.append(time.process_time() - start)
            thrown.append(throw)
            kept.append(tuple(card for card in dealt if card not in throw))
        for name, seats in pairings.items():
            play = peg_deal(seats, RULES, DEALER, kept, thrown, cards[12])
            pone, dealer = play.pegged(PONE), play.pegged(DEALER)
            runs[name].append((pone, dealer))

    def rate(times: list[float]) -> str:
        slow = sorted(times)[int(0.99 * len(times))]
        return (
            f"{len(times) / sum(times):6.0f}/s, {1000 * fmean(times):.3f} ms mean, "
            f"{1000 * slow:.2f} ms at the 99th percentile, {1000 * max(times):.2f} ms worst"
        )

    print(f"discard decisions: {len(discards)}, {rate(discards)}")
    print(f"play decisions searched: {len(expert.searched)}, {rate(expert.searched)}")
    every = expert.searched + expert.forced
    print(f"play decisions in all (forced too): {len(every)}, {rate(every)}")
    net: Callable[[tuple[int, int]], int] = lambda points: points[DEALER] - points[PONE]
    print(f"\nnet pegging per deal, dealer's points less pone's ({args.deals} deals, ± standard error):")
    print(f"  greedy dealer vs greedy pone:  {summary([net(p) for p in runs['greedy']])}")
    print(f"  expert dealer vs greedy pone:  {summary([net(p) for p in runs['expert dealer']])}")
    print(f"  greedy dealer vs expert pone:  {summary([net(p) for p in runs['expert pone']])}")
    deals = list(zip(runs["expert dealer"], runs["expert pone"], runs["greedy"]))
    print("expert's gain over greedy, same deals and same opponent:")
    print(f"  as dealer: {summary([net(e) - net(g) for e, _, g in deals])}")
    print(f"  as pone:   {summary([net(g) - net(p) for _, p, g in deals])}")
    print(f"  per deal, half of each: {summary([(net(e) - net(p)) / 2 for e, p, _ in deals])}")
    both = runs["expert both"]
    print(f"\nexpert vs expert, points pegged per deal: pone {summary([p[PONE] for p in both])}, "
          f"dealer {summary([p[DEALER] for p in both])}")
    print(f"greedy vs greedy, points pegged per deal: pone {summary([p[PONE] for p in runs['greedy']])}, "
          f"dealer {summary([p[DEALER] for p in runs['greedy']])}")


if __name__ == "__main__":
    main()
