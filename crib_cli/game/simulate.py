"""Many games, seeded and optionally in parallel, and the summary of their results.

Game ``i`` of a run depends only on ``(seed, i)``: its engine draws from
``random.Random(f"{seed}:{i}")``, each seat's built-in player from
``random.Random(f"{seed}:{i}:{seat}")`` (a ``module:factory`` player brings
its own), and the first deal goes to seat ``i % players`` (or to the seat
``Setup.first_dealer`` names). So a seed gives the same games whatever the
number of jobs.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import signal
from collections import deque
from collections.abc import Generator, Iterable, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from itertools import chain

from ..rules import SKUNKS, GameRules
from .engine import play_game
from .record import DealPoints, GameRecord
from .strategies import PlayerFactory, player_factory

Z_95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Setup:
    """How every game of a run begins: the scores by side (None: love-all, with five-card
    cribbage's three for last) and the seat that deals first (None: going round, game by game)."""

    start: tuple[int, ...] | None = None
    first_dealer: int | None = None

    def dealer(self, index: int, rules: GameRules) -> int:
        """The first dealer of game ``index``."""
        return index % rules.players if self.first_dealer is None else self.first_dealer


def play_seeded(
    factories: Sequence[PlayerFactory],
    names: Sequence[str],
    index: int,
    seed: int | str,
    rules: GameRules,
    setup: Setup = Setup(),
) -> GameRecord:
    """Game ``index`` of the run with ``seed``, with fresh players from ``factories`` (by seat)."""
    players = [factory(random.Random(f"{seed}:{index}:{seat}")) for seat, factory in enumerate(factories)]
    rng = random.Random(f"{seed}:{index}")
    return play_game(players, rules, rng, first_dealer=setup.dealer(index, rules), names=names, start=setup.start)


def run_games(
    specs: Sequence[str],
    games: int,
    *,
    seed: int | str,
    jobs: int = 1,
    rules: GameRules = GameRules(),
    setup: Setup = Setup(),
) -> Generator[tuple[int, GameRecord], None, None]:
    """Play ``games`` games and yield ``(index, record)`` in game order as they finish.

    ``specs`` name the player of each seat (built-in names or ``module:factory``);
    they are checked at the call (``PlayerSpecError``), before any game,
    and resolved again inside each worker, so players need not be picklable. With
    ``jobs`` > 1 games run in chunks in a pool of worker processes (started
    fresh, not forked); stopping the iteration or an interrupt cancels the
    chunks not yet started and waits for the running ones.
    """
    specs = tuple(specs)
    if len(specs) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} player specs, got {len(specs)}")
    factories = [player_factory(spec) for spec in specs]
    if jobs <= 1:
        return ((index, play_seeded(factories, specs, index, seed, rules, setup)) for index in range(games))
    return _run_pool(specs, games, seed, jobs, rules, setup)


def _run_pool(
    specs: tuple[str, ...], games: int, seed: int | str, jobs: int, rules: GameRules, setup: Setup
) -> Generator[tuple[int, GameRecord], None, None]:
    """Games in chunks over ``jobs`` worker processes, a few chunks ahead, yielded in game order."""
    size = max(1, min(32, games // (jobs * 8)))
    starts = iter(range(0, games, size))
    pool = ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_interrupts)

    def submit(start: int) -> Future[list[tuple[int, GameRecord]]]:
        return pool.submit(_play_chunk, specs, start, min(start + size, games), seed, rules, setup)

    try:
        pending = deque(submit(start) for _, start in zip(range(jobs * 3), starts))
        while pending:
            records = pending.popleft().result()
            start = next(starts, None)
            if start is not None:
                pending.append(submit(start))
            yield from records
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which cancels the run."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@cache
def _factories(specs: tuple[str, ...]) -> tuple[PlayerFactory, ...]:
    return tuple(player_factory(spec) for spec in specs)


def _play_chunk(
    specs: tuple[str, ...], start: int, stop: int, seed: int | str, rules: GameRules, setup: Setup
) -> list[tuple[int, GameRecord]]:
    factories = _factories(specs)
    return [(index, play_seeded(factories, specs, index, seed, rules, setup)) for index in range(start, stop)]


@dataclass(frozen=True, slots=True)
class Interval:
    """A rate and its 95% confidence interval."""

    rate: float
    low: float
    high: float


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> Interval:
    """The Wilson score interval for a binomial rate (95% by default).

    Unlike rate ± z·se it stays within 0-1 and keeps its coverage near 0 and 1
    and with few trials. No trials give the whole of 0-1.
    """
    if trials == 0:
        return Interval(0.0, 0.0, 1.0)
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return Interval(p, low, high)


@dataclass(frozen=True, slots=True)
class RoleAverages:
    """Average points per deal of one seat in one role, by where they came from.

    ``role`` is ``dealer``, ``partner`` (the dealer's partner, four players)
    or ``pone`` (an opponent of the dealer). Only complete deals count (every
    show counted), so a deal cut short by the end of the game does not lower
    the show averages.
    """

    seat: int
    name: str
    role: str
    deals: int
    pegging: float
    hand: float
    crib: float
    heels: float
    muggins: float

    @property
    def total(self) -> float:
        return self.pegging + self.hand + self.crib + self.heels + self.muggins


@dataclass(frozen=True, slots=True)
class Report:
    """What a run of games came to, by side (a seat, or a partnership with four players).

    ``win_rates[0]`` is the first side's (player A's) rate with its 95% Wilson
    interval. ``skunks``, ``double_skunks`` and ``lurches`` count games each side
    won by one. ``first_dealer`` is the rate at which the side that dealt first won.
    """

    games: int
    deals: int
    names: tuple[str, ...]
    wins: tuple[int, ...]
    win_rates: tuple[Interval, ...]
    game_points: tuple[int, ...]
    skunks: tuple[int, ...]
    double_skunks: tuple[int, ...]
    lurches: tuple[int, ...]
    first_dealer: Interval
    roles: tuple[RoleAverages, ...]


_MARGINS = {(target, points): kind for target, margins in SKUNKS.items() for _, points, kind in margins}
"""(target, game points) -> the kind of win: see :func:`~crib_cli.game.record.game_points`."""


def summarize(records: Iterable[GameRecord], names: Sequence[str]) -> Report:
    """Sum up games played by the players ``names`` (by seat); reads ``records`` once, as they come."""
    stream = iter(records)
    first = next(stream, None)
    rules = first.rules if first is not None else GameRules(players=len(names))
    games = deals = first_wins = 0
    wins, points = [0] * rules.sides, [0] * rules.sides
    margins = {kind: [0] * rules.sides for kind in _MARGINS.values()}
    sums: dict[tuple[int, str], list[int]] = {}
    for record in chain([first], stream) if first is not None else ():
        games += 1
        deals += len(record.deals)
        wins[record.winner] += 1
        points[record.winner] += record.game_points
        first_wins += record.winner == rules.side(record.first_dealer)
        kind = _MARGINS.get((rules.target, record.game_points))
        if kind is not None:
            margins[kind][record.winner] += 1
        for deal in record.deals:
            if deal.complete:
                for seat, part in enumerate(deal.points()):
                    sum_points(sums.setdefault((seat, rules.role(seat, deal.dealer)), [0] * 6), part)
    roles = tuple(
        RoleAverages(seat, names[seat], kind, n, *(total / n for total in totals))
        for (seat, kind), (n, *totals) in sorted(sums.items(), key=lambda item: (item[0][0], _ROLE_ORDER[item[0][1]]))
    )
    return Report(
        games=games,
        deals=deals,
        names=side_names(rules, names),
        wins=tuple(wins),
        win_rates=tuple(wilson_interval(won, games) for won in wins),
        game_points=tuple(points),
        skunks=tuple(margins["skunks"]),
        double_skunks=tuple(margins["double_skunks"]),
        lurches=tuple(margins["lurches"]),
        first_dealer=wilson_interval(first_wins, games),
        roles=roles,
    )


_ROLE_ORDER = {"dealer": 0, "partner": 1, "pone": 2}


def sum_points(totals: list[int], part: DealPoints) -> None:
    """Add one deal's points to running ``[deals, pegging, hand, crib, heels, muggins]``."""
    totals[0] += 1
    totals[1] += part.pegging
    totals[2] += part.hand
    totals[3] += part.crib
    totals[4] += part.heels
    totals[5] += part.muggins


def by_side(report: Report, rules: GameRules) -> tuple[RoleAverages, ...]:
    """The report's averages per side and role: partners' seats merged, weighted by their deals.

    Each merged average has the side's first seat as ``seat`` (so ``seat`` is
    the side) and the side's name (``"A + C"``). With two or three players
    every side is one seat and the averages come back as they are.
    """
    if rules.sides == rules.players:
        return report.roles
    merged: dict[tuple[int, str], list[RoleAverages]] = {}
    for averages in report.roles:
        merged.setdefault((rules.side(averages.seat), averages.role), []).append(averages)
    out = []
    for (side, kind), parts in sorted(merged.items(), key=lambda item: (item[0][0], _ROLE_ORDER[item[0][1]])):
        deals = sum(part.deals for part in parts)
        means = (sum(getattr(part, field) * part.deals for part in parts) / deals for field in _SOURCES)
        out.append(RoleAverages(side, report.names[side], kind, deals, *means))
    return tuple(out)


_SOURCES = ("pegging", "hand", "crib", "heels", "muggins")


def side_names(rules: GameRules, names: Sequence[str], joiner: str = " + ") -> tuple[str, ...]:
    """A name for each side: the player's, or ``"A + C"`` for partners (``joiner`` between them)."""
    if len(names) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} names, got {len(names)}")
    return tuple(
        joiner.join(names[seat] for seat in range(rules.players) if rules.side(seat) == side)
        for side in range(rules.sides)
    )
