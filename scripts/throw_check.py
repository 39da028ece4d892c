"""Does a throw's shown chance to win come true? Whole games from endgame positions.

From each position (the scores, and whether the seat deals), every game is
dealt from the seed; seat 0 is shown every throw's chance to win, as
``crib discard --score`` shows it (:func:`crib_cli.discard.analyze_discards`
with the position), makes the throw ranked ``--rank`` by that order (0: the
best shown), and from then on plays as ``expert``; the other seat is
``expert`` throughout. Over the games, the mean chance shown for the throw
made is set beside the games won, with the games' 95% interval.

    python scripts/throw_check.py [--games 2000] [--seed 91] [--rank 0] [--jobs 2] [POSITION ...]

A position is ``ME-HIM:dealer`` or ``ME-HIM:pone``, e.g. ``120-120:dealer``.
"""

from __future__ import annotations

import argparse
import math
import random
from concurrent.futures import ProcessPoolExecutor

from crib_cli.cards import Card
from crib_cli.discard import analyze_discards
from crib_cli.game import GameRules
from crib_cli.game.players import Player, View
from crib_cli.game.simulate import Setup, play_seeded
from crib_cli.game.strategies import BUILT_IN
from crib_cli.rules import Position

POSITIONS = ("120-120:dealer", "120-120:pone", "116-118:dealer", "118-116:pone", "112-112:dealer",
             "112-112:pone", "105-110:dealer", "110-105:pone", "100-100:dealer", "95-108:pone")
Z = 1.959963984540054


class ShownThrow:
    """Makes its first throw by the shown chances (the one ranked ``rank``), remembering the chance; then the expert."""

    def __init__(self, expert: Player, rank: int) -> None:
        self.expert, self.rank = expert, rank
        self.shown: float | None = None

    def discard(self, view: View) -> tuple[Card, ...]:
        if self.shown is not None:
            return self.expert.discard(view)
        position = Position(view.rules, (view.scores[view.seat], view.scores[1 - view.seat]), view.is_dealer)
        throws = analyze_discards(view.hand, role="dealer" if view.is_dealer else "pone", pegging=True,
                                  position=position)
        chosen = throws[min(self.rank, len(throws) - 1)]
        self.shown = chosen.win
        return chosen.throw

    def play(self, view: View) -> Card | None:
        return self.expert.play(view)


def _one(task: tuple[str, int, int, int]) -> tuple[float, bool]:
    """Game ``index`` from the position: the chance shown for the throw made, and whether seat 0 won."""
    spec, rank, index, seed = task
    scores, _, role = spec.partition(":")
    me, him = (int(part) for part in scores.split("-"))
    made: list[ShownThrow] = []

    def mine(rng: random.Random) -> Player:
        made.append(ShownThrow(BUILT_IN["expert"](rng), rank))
        return made[-1]

    setup = Setup(start=(me, him), first_dealer=0 if role == "dealer" else 1)
    record = play_seeded([mine, BUILT_IN["expert"]], ["shown", "expert"], index, f"{seed}:{spec}", GameRules(), setup)
    shown = made[0].shown
    assert shown is not None
    return shown, record.winner == 0


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("positions", nargs="*", default=list(POSITIONS))
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=91)
    parser.add_argument("--rank", type=int, default=0, help="which throw by the shown order: 0 the best")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    print(f"throw ranked {args.rank} by the shown chance, then expert against expert; {args.games} games a position")
    print(f"{'position':<16} {'shown':>7} {'won':>7} {'95% interval':>15} {'shown - won':>12}")
    with ProcessPoolExecutor(args.jobs) as pool:
        for spec in args.positions:
            results = list(pool.map(_one, [(spec, args.rank, i, args.seed) for i in range(args.games)], chunksize=16))
            shown = sum(chance for chance, _ in results) / len(results)
            won = sum(win for _, win in results) / len(results)
            half = Z * math.sqrt(won * (1 - won) / len(results))
            print(f"{spec:<16} {shown:7.1%} {won:7.1%} {won - half:7.1%}-{won + half:.1%} {100 * (shown - won):+11.1f}",
                  flush=True)


if __name__ == "__main__":
    main()
