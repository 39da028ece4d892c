"""The analyst's advice in the play: how long it takes at its default depth, the 6-7-8-9 lead, and how
often its first card at the expert's depth is the expert's own.

- Times: random two-player deals thrown by the expert, every decision of the first three
  cards of each play (the lead, the reply, the next) advised at the default depth
  (:func:`crib_cli.game.analyst.advice_depth`), for points (``crib peg --advise`` without
  ``--score``; with it, a second search gives the other figure); CPU seconds.
- The 6-7-8-9 lead: the pone's values for each card, nothing else seen, at the expert's
  depth, at the default and to the end; Cribbage Pro's data from real games has the 8 best
  (-1.46, the 6 -1.69).
- Agreement: expert-against-expert games (two players to 121, three players, five-card),
  every decision where more than one rank fits: the analyst's first card at the expert's
  depth against the card the expert laid.

    python scripts/bench_advice.py [--deals 30] [--games 20]
"""

from __future__ import annotations

import argparse
import random
import time
from statistics import median

from crib_cli.cards import Card, parse_cards
from crib_cli.game.analyst import advice_depth, analyze_play, view_of_play
from crib_cli.game.engine import play_game
from crib_cli.game.expert import ExpertPlayer, play_state
from crib_cli.game.lookahead import play_values
from crib_cli.game.players import View
from crib_cli.rules import GameRules


class Checked(ExpertPlayer):
    """The built-in expert, checking the analyst against each of its searched cards."""

    def __init__(self, seen: list[bool]) -> None:
        super().__init__(pegging=True, board=True)
        self.seen = seen

    def play(self, view: View) -> Card | None:
        card = super().play(view)
        if card is not None and len({c.rank for c in view.fits}) > 1:
            self.seen.append(analyze_play(view, "expert").best.card.rank == card.rank)
        return card


class Timed(ExpertPlayer):
    """The built-in expert, timing the analyst's default advice at its first decisions of the play."""

    def __init__(self, times: dict[int, list[float]]) -> None:
        super().__init__(pegging=True, board=True)
        self.times = times

    def play(self, view: View) -> Card | None:
        laid = len(view.laid)
        if laid < 3 and len({c.rank for c in view.fits}) > 1:
            start = time.process_time()
            analyze_play(view, board=False)
            self.times[laid].append(time.process_time() - start)
        return super().play(view)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=30, help="games to 61 whose plays are timed")
    parser.add_argument("--games", type=int, default=20, help="games of each kind checked for agreement")
    args = parser.parse_args()

    times: dict[int, list[float]] = {0: [], 1: [], 2: []}
    for seed in range(args.deals):
        play_game([Timed(times), Timed(times)], GameRules(target=61), random.Random(seed))
    for laid, name in enumerate(("the lead", "the reply", "the third card")):
        found = times[laid]
        print(f"advice at the default depth, {name}: median {median(found):.3f} s, at most {max(found):.3f} s "
              f"({len(found)} positions)")

    view = view_of_play(parse_cards("6C 7D 8H 9S"), rules=GameRules())
    state = play_state(view)
    for name, depth in (("the expert's depth", None), ("the default", advice_depth(state)), ("the end", 8)):
        values = play_values(state, depth)
        shown = ", ".join(f"{rank}: {values[rank]:+.2f}" for rank in sorted(values))
        print(f"6-7-8-9 lead, {name}: {shown}")

    for rules in (GameRules(), GameRules(3), GameRules(variant="five")):
        seen: list[bool] = []
        for seed in range(args.games):
            play_game([Checked(seen) for _ in range(rules.players)], rules, random.Random(seed))
        print(f"{rules.players} players, {rules.variant}-card to {rules.target}: the analyst's first card at the "
              f"expert's depth is the expert's in {sum(seen)} of {len(seen)} decisions")


if __name__ == "__main__":
    main()
