"""Write simulated games in the notation and read them back: the same game, deal for deal, point for point.

For each variant (six-card and five-card cribbage, two players) it plays
``--games`` seeded games between random players that now and then claim less
than a show counts (muggins is played), writes each in the notation, reads it
back and compares every deal: the dealer, the hands, the discards, the
starter, his heels, every card of the play and every go, the pegging, each
show's count, claim and muggins, the scores; then the winner, the scores and
the game points. It prints the counts.

    python scripts/notation_roundtrip.py --games 1000
"""

from __future__ import annotations

import argparse
import random

from crib_cli.game.engine import play_game
from crib_cli.game.notation import read_game, write_game
from crib_cli.game.players import View
from crib_cli.game.record import DealRecord, GameRecord
from crib_cli.game.strategies import RandomPlayer
from crib_cli.rules import GameRules
from crib_cli.score import ShowScore


class Miscounter(RandomPlayer):
    """A random player that claims a show short by a point or two, one time in four."""

    def count(self, view: View, show: ShowScore) -> int:
        short = self.rng.choice((0, 0, 0, 1, 2))
        return max(show.total - short, 0)


def same_game(one: GameRecord, other: GameRecord) -> bool:
    """Whether two records hold the same game: every deal alike, and the result (the cards of a hand
    as a set: the notation keeps the order of the play, not of the deal)."""
    return _result(one) == _result(other) and [_deal(d) for d in one.deals] == [_deal(d) for d in other.deals]


def _result(record: GameRecord) -> tuple[object, ...]:
    return record.winner, record.scores, record.game_points, record.first_dealer, record.opening


def _deal(deal: DealRecord) -> tuple[object, ...]:
    shows = [(s.seat, s.kind, sorted(s.hand), s.starter, s.points, s.claimed, s.muggins) for s in deal.shows]
    return (deal.dealer, [sorted(hand) for hand in deal.hands], [sorted(thrown) for thrown in deal.discards],
            deal.starter, deal.heels, deal.plays, deal.pegging, shows, deal.scores)


def round_trips(variant: str, games: int, seed: int) -> tuple[int, int, int]:
    """Games played, games read back the same, deals in all."""
    same = deals = 0
    rules = GameRules(variant=variant, muggins=True)
    for index in range(games):
        rng = random.Random(f"{seed}-{variant}-{index}")
        players = [Miscounter(random.Random(rng.random())), Miscounter(random.Random(rng.random()))]
        record = play_game(players, rules, rng)
        game, errors = read_game(write_game(record, ("A", "B")))
        deals += len(record.deals)
        if game is not None and not errors and same_game(record, game.record):
            same += 1
    return games, same, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    for variant in ("six", "five"):
        games, same, deals = round_trips(variant, args.games, args.seed)
        print(f"{variant}-card: {games} games, {deals} deals, {same} read back the same, {games - same} not")


if __name__ == "__main__":
    main()
