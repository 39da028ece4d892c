"""Write crib_cli/data/pegging.py: the pegging value of every kept four, for dealer and pone, by simulation.

A kept four's pegging value is the points it pegs less the points it
concedes in the play (:mod:`crib_cli.pegging`); the table keeps the points
it pegs beside it, and how its play went (:class:`crib_cli.pegging.KeepPlay`:
who had how many points as each need was reached), which the board reads for
who pegs out first.
:func:`simulate_keep` plays it out: the four cards of those ranks with
random suits, two more thrown at random, the opponent's six from the rest,
thrown as the expert throws for his role, a random starter, and the play
played out by two expert players that do not read each other's laid cards
(:func:`crib_cli.game.engine.peg_deal`). Each of the 1,820 rank patterns is
simulated ``--deals`` times for each role, seeded by the pattern and role, so
the table is the same whatever ``--jobs``. Prints the time taken and the
largest and typical standard errors. The entries run on ``--jobs`` local
processes, or on the workers of a Dask cluster (``--cluster``), with the same
bytes written.

    python -m crib_cli.builders.pegging [--deals 1000] [--jobs 2] [--cluster [ADDRESS]] [--out PATH]
"""

from __future__ import annotations

import argparse
import base64
import math
import random
import statistics
import time
import zlib
from collections.abc import Sequence
from concurrent.futures import Executor
from pathlib import Path

from ..cards import DECK, Card
from ..game.engine import peg_deal
from ..game.players import View
from ..pegging import WINDOW, KeepPlay, PeggingValue, keep_patterns
from ..rules import TWO_PLAYER_ROLES, GameRules
from .common import BlindExpert, add_worker_options, target, workers, write


def simulate_keep(ranks: Sequence[int], role: str, deals: int, rng: random.Random) -> tuple[PeggingValue, KeepPlay]:
    """The net pegging of a kept four of these ranks for ``role``, what it pegs, and how its play went
    (:func:`count_play`), over ``deals`` simulated plays."""
    rules = GameRules()
    seat = 1 if role == "dealer" else 0
    other = 1 - seat
    total = square = mine = 0.0
    reach = [[0] * (WINDOW + 1) for _ in range(WINDOW + 1)]
    totals = [[0] * (WINDOW + 1) for _ in range(WINDOW + 1)]
    for _ in range(deals):
        keep = [DECK[(rank - 1) * 4 + suit] for rank, suits in _suits(ranks, rng) for suit in suits]
        rest = [card for card in DECK if card not in keep]
        rng.shuffle(rest)
        thrown, six, starter = tuple(rest[:2]), tuple(rest[2:8]), rest[8]
        expert = BlindExpert()
        their_throw = expert.discard(View(rules, other, 1, (0, 0), six))
        kept: list[tuple[Card, ...]] = [(), ()]
        throws: list[tuple[Card, ...]] = [(), ()]
        kept[seat], throws[seat] = tuple(keep), thrown
        kept[other], throws[other] = tuple(c for c in six if c not in their_throw), their_throw
        scoring = peg_deal([expert, expert], rules, 1, kept, throws, starter).scoring()
        pegged = count_play(scoring, seat, reach, totals)
        net = pegged[0] - pegged[1]
        mine += pegged[0]
        total += net
        square += net * net
    mean = total / deals
    variance = (square - deals * mean * mean) / (deals - 1) if deals > 1 else 0.0
    value = PeggingValue(mean, math.sqrt(max(variance, 0.0) / deals), deals, mine / deals)
    return value, KeepPlay(deals, tuple(map(tuple, reach)), tuple(map(tuple, totals)))


def count_play(scoring: Sequence[tuple[int, int]], seat: int, reach: list[list[int]],
               totals: list[list[int]]) -> tuple[int, int]:
    """Count one play, its scores as ``(seat, points)`` in the order pegged, from ``seat``'s side: in
    ``reach[need][other]`` each need of 1 to :data:`~crib_cli.pegging.WINDOW` the seat reaches, by the
    other seat's points then, and in ``totals[mine][theirs]`` the points each pegged (more than the
    window counted as the window); the points each pegged.

    >>> reach, totals = [[0] * 14 for _ in range(14)], [[0] * 14 for _ in range(14)]
    >>> count_play([(1, 2), (0, 1), (1, 3)], 0, reach, totals)
    (1, 5)
    >>> reach[1][2], totals[1][5]
    (1, 1)
    """
    scored = [0, 0]  # this seat's, the other's
    for at, points in scoring:
        side = 0 if at == seat else 1
        before = scored[side]
        scored[side] += points
        if side == 0:
            other = min(scored[1], WINDOW)
            for need in range(before + 1, min(scored[0], WINDOW) + 1):
                reach[need][other] += 1
    totals[min(scored[0], WINDOW)][min(scored[1], WINDOW)] += 1
    return scored[0], scored[1]


def _suits(ranks: Sequence[int], rng: random.Random) -> list[tuple[int, list[int]]]:
    """Random distinct suits for the cards of each rank."""
    return [(rank, rng.sample(range(4), ranks.count(rank))) for rank in sorted(set(ranks))]


def entry(job: tuple[str, tuple[int, ...], int]) -> tuple[tuple[float, float, float], bytes]:
    """One table entry, from its own seeded generator: (mean, standard error, pegged) rounded as
    written, and the play's counts packed as written (:func:`pack_play`)."""
    role, ranks, deals = job
    value, play = simulate_keep(ranks, role, deals, random.Random(f"pegging:{role}:{ranks}"))
    return (round(value.mean, 3), round(value.error, 3), round(value.pegged, 3)), pack_play(play)


def pack_play(play: KeepPlay) -> bytes:
    """A keep's play as the generated table holds it: its counts row by row, two bytes each, big-endian.

    >>> empty = tuple((0,) * (WINDOW + 1) for _ in range(WINDOW + 1))
    >>> len(pack_play(KeepPlay(1, empty, empty)))
    784
    """
    return b"".join(count.to_bytes(2, "big") for table in (play.reach, play.totals) for row in table for count in row)


def pack_plays(plays: Sequence[bytes]) -> list[str]:
    """Packed plays (:func:`pack_play`) of every pattern as text for the generated module: each
    compressed on its own, so a keep's play is read without decompressing every pattern's."""
    return [base64.b64encode(zlib.compress(play, 9)).decode("ascii") for play in plays]


Entry = tuple[tuple[float, float, float], bytes]
"""A table entry as :func:`entry` gives it."""


def build(deals: int, pool: Executor | None, patterns: Sequence[tuple[int, ...]] | None = None) -> dict[str, list[Entry]]:
    """Every entry of both roles' tables (for ``patterns``, all 1,820 by default), on ``pool`` or here."""
    tables = {}
    for role in TWO_PLAYER_ROLES:
        jobs = [(role, ranks, deals) for ranks in (patterns if patterns is not None else keep_patterns())]
        tables[role] = list(pool.map(entry, jobs, chunksize=16) if pool is not None else map(entry, jobs))
    return tables


def render(deals: int, tables: dict[str, list[Entry]]) -> str:
    """The source of :mod:`crib_cli.data.pegging`."""
    lines = [
        '"""The pegging value of every kept four by simulation; generated by python -m crib_cli.builders.pegging.',
        "",
        "DEALER and PONE: (mean, standard error) of the points pegged less the points conceded in",
        f"the play, and the mean of the points pegged, {deals:,} simulated deals each, for the 1,820",
        "rank patterns in the order of crib_cli.pegging.keep_patterns(). PLAYS_DEALER and PLAYS_PONE:",
        "how each pattern's play went in the same deals (crib_cli.pegging.KeepPlay), packed by",
        "crib_cli.builders.pegging.pack_play, each compressed (zlib) and written in base64, in the same order.",
        f"Regenerate: python -m crib_cli.builders.pegging --deals {deals}.",
        '"""',
        "",
        f"DEALS = {deals}",
    ]
    for role in TWO_PLAYER_ROLES:
        lines.append(f"{role.upper()} = (")
        lines += [f"    {values!r}," for values, _ in tables[role]]
        lines.append(")")
    for role in TWO_PLAYER_ROLES:
        lines.append(f"PLAYS_{role.upper()} = (")
        lines += [f'    "{text}",' for text in pack_plays([play for _, play in tables[role]])]
        lines.append(")")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="simulated deals for each pattern and role")
    add_worker_options(parser, jobs=2)
    parser.add_argument("--out", type=Path, default=target("pegging"), help="where to write the module")
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with workers(parser, args) as pool:
        tables = build(args.deals, pool)
        where = f"{pool.workers} workers" if pool is not None else "1 process"
    write(args.out, render(args.deals, tables))
    errors = [values[1] for role in TWO_PLAYER_ROLES for values, _ in tables[role]]
    print(f"{(time.perf_counter() - start) / 60:.1f} minutes on {where}; "
          f"standard error median {statistics.median(errors):.3f}, largest {max(errors):.3f}")


if __name__ == "__main__":
    main()
