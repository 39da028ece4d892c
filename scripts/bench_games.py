"""Game speed: whole games per second for each built-in strategy, the engine's own time per
deal, and expert-against-expert games through ``run_games`` in one process and in several.
``expert`` plays the board; ``expert-points`` is the same player playing for points.

Two players, 121 points. The engine's time per deal is measured with players
that take the first legal move, so it is nearly all engine.

    python scripts/bench_games.py [--games 2000] [--expert-games 1000] [--jobs 2]
"""

from __future__ import annotations

import argparse
import random
import time

from crib_cli.cards import Card
from crib_cli.game.engine import play_game
from crib_cli.game.players import View
from crib_cli.game.simulate import run_games
from crib_cli.game.strategies import BUILT_IN
from crib_cli.rules import GameRules


class FirstMove:
    """Throws its first cards and lays its first card that fits: as little player as possible."""

    def discard(self, view: View) -> tuple[Card, ...]:
        return view.hand[: view.rules.thrown]

    def play(self, view: View) -> Card | None:
        for card in view.hand:
            if view.count + card.value <= 31:
                return card
        return None


def games_per_second(a: str, b: str, games: int) -> None:
    rules = GameRules()
    deals = 0
    start = time.perf_counter()
    for index in range(games):
        rng = random.Random(f"bench:{index}")
        players = [BUILT_IN[a](random.Random(f"{index}:0")), BUILT_IN[b](random.Random(f"{index}:1"))]
        deals += len(play_game(players, rules, rng, first_dealer=index % 2).deals)
    seconds = time.perf_counter() - start
    print(
        f"{a + ' vs ' + b:<20} {games / seconds:>8,.0f} games/s   {seconds / deals * 1e6:>6.0f} µs/deal"
        f"   ({deals / games:.1f} deals a game, {games:,} games in {seconds:.2f} s)"
    )


def engine_per_deal(games: int) -> None:
    rules = GameRules()
    deals = 0
    observed = 0
    start = time.perf_counter()
    for index in range(games):
        deals += len(play_game([FirstMove(), FirstMove()], rules, random.Random(index), first_dealer=0).deals)
    quiet = time.perf_counter() - start
    start = time.perf_counter()
    for index in range(games):
        events: list[object] = []
        observed += len(
            play_game([FirstMove(), FirstMove()], rules, random.Random(index), first_dealer=0, observer=events.append).deals
        )
    watched = time.perf_counter() - start
    print(f"{'engine, first move':<20} {quiet / deals * 1e6:>8.0f} µs/deal   ({deals:,} deals)")
    print(f"{'  with an observer':<20} {watched / observed * 1e6:>8.0f} µs/deal   (every show itemized)")


def parallel(games: int, jobs: int) -> None:
    """Expert against expert through run_games, as crib simulate plays them."""
    for label, count in (("1 job", 1), (f"{jobs} jobs", jobs)):
        start = time.perf_counter()
        for _ in run_games(["expert", "expert"], games, seed=1, jobs=count):
            pass
        seconds = time.perf_counter() - start
        print(
            f"{'run_games, ' + label:<20} {games / seconds:>8,.0f} games/s   ({games:,} expert games in {seconds:.2f} s;"
            f" 10,000 would take {10_000 * seconds / games:.0f} s)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games for random and greedy, and for the engine alone")
    parser.add_argument("--expert-games", type=int, default=1000, help="games whenever expert plays")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes for the parallel run")
    args = parser.parse_args()
    games_per_second("random", "random", args.games)
    games_per_second("greedy", "greedy", args.games)
    games_per_second("expert", "greedy", args.expert_games)
    games_per_second("expert-points", "expert-points", args.expert_games)
    games_per_second("expert", "expert", args.expert_games)
    engine_per_deal(args.games)
    parallel(args.expert_games, args.jobs)


if __name__ == "__main__":
    main()
