"""How long crib review takes: whole 121-point games, two players, each reviewed from its log line.

Games are played by the pairs below with ``crib_cli.game.simulate.play_seeded`` (seed
``review``), written as log lines, then read back and reviewed
(:func:`crib_cli.game.review.review_game`: the replay and every decision priced), timed
one game at a time in CPU seconds. The caches fill as they would over a session. It
also prints what each seat gave up a deal, and the expert's own (nothing, against itself).

    python scripts/bench_review.py [--games 10]
"""

from __future__ import annotations

import argparse
import json
import time
from statistics import fmean, median

from crib_cli.game.record import record_from_json, record_json
from crib_cli.game.review import review_game
from crib_cli.game.simulate import play_seeded
from crib_cli.game.strategies import player_factory
from crib_cli.rules import GameRules

PAIRS = (("expert", "expert"), ("expert", "random"), ("greedy", "expert"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games of each pair")
    args = parser.parse_args()
    rules = GameRules()
    times: list[float] = []
    for pair in PAIRS:
        factories = [player_factory(name) for name in pair]
        given_up: dict[str, list[float]] = {name: [] for name in pair}
        for index in range(args.games):
            line = json.dumps(record_json(play_seeded(factories, pair, index, "review", rules), index, pair))
            start = time.process_time()
            review = review_game(*record_from_json(json.loads(line)))
            times.append(time.process_time() - start)
            for seat in review.seats:
                given_up[seat.name].append((seat.given_up("throw") + seat.given_up("play")) / 100 / seat.deals)
        shown = ", ".join(f"{name} {fmean(values):.2f}" for name, values in given_up.items())
        print(f"{' against '.join(pair)}: points given up a deal (throws and plays, where points decided): {shown}")
    print(f"review of a 121-point game: median {median(times):.2f} s, at most {max(times):.2f} s "
          f"(CPU, {len(times)} games)")


if __name__ == "__main__":
    main()
