"""Many games, seeded and optionally in parallel, and the summary of their results.

Game ``i`` of a run depends only on ``(seed, i)``: its engine draws from
``random.Random(f"{seed}:{i}")``, each seat's built-in player from
``random.Random(f"{seed}:{i}:{seat}")`` (a ``module:factory`` player brings
its own; an ``exec:`` program is given that seed as text, as ``crib engine``
seeds its player with it), and the first deal goes to seat ``i % players`` (or to the seat
``Setup.first_dealer`` names). So a seed gives the same games whatever the
number of jobs, and on a cluster whatever the number of workers. A duplicate
run (``Setup.duplicate``) plays each of those games once a side, with the same
seeds, the players moved round the seats.
"""

from __future__ import annotations

import math
import os
import random
import sys
import threading
import traceback
from collections.abc import Callable, Generator, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from itertools import chain
from pathlib import Path
from typing import Any, TypeVar

from ..cards import Card
from ..rules import SKUNKS, GameRules
from .cluster import ClusterExecutor, ProcessPool, executor, require_dask
from .engine import play_game
from .events import Event
from .players import IllegalMove, Player, PlayerError, View
from .program import ProgramFactory, ProgramPlayer, Programs
from .record import DealPoints, GameRecord, game_points
from .strategies import PlayerFactory, close_factories, player_factory, seat_player

T = TypeVar("T")

Z_95 = 1.959963984540054
"""The normal quantile for a two-sided 95% interval."""


@dataclass(frozen=True, slots=True)
class Setup:
    """How every game of a run begins: the scores by side (None: love-all, with five-card
    cribbage's three for last) and the seat that deals first (None: going round, game by game)."""

    start: tuple[int, ...] | None = None
    first_dealer: int | None = None
    duplicate: bool = False
    """Each deal sequence played once a side, the players moved round the seats and the cards, the scores
    and the first deal kept by the seat: game ``k·sides + r`` is game ``k`` of a plain run, the players
    moved ``r`` seats on (A sits where B sat, ...)."""

    def dealer(self, index: int, rules: GameRules) -> int:
        """The first dealer of game ``index``."""
        game = self.dealt(index, rules)
        return game % rules.players if self.first_dealer is None else self.first_dealer

    def dealt(self, index: int, rules: GameRules) -> int:
        """The game of a plain run whose cards game ``index`` is dealt."""
        return index // rules.sides if self.duplicate else index

    def turn(self, index: int, rules: GameRules) -> int:
        """How many seats on the players of game ``index`` sit: 0 but in a duplicate run."""
        return index % rules.sides if self.duplicate else 0

    def seated(self, by_seat: Sequence[T], index: int, rules: GameRules) -> list[T]:
        """``by_seat`` (the players as given, seat by seat) as they sit in game ``index``.

        >>> Setup(duplicate=True).seated(["a", "b"], 3, GameRules())
        ['b', 'a']
        """
        turn = self.turn(index, rules)
        return [by_seat[(seat - turn) % rules.players] for seat in range(rules.players)]

    def side_of(self, side: int, index: int, rules: GameRules) -> int:
        """The side (A, B, C: 0, 1, 2) of the players who sit on ``side`` in game ``index``."""
        return (side - self.turn(index, rules)) % rules.sides


def play_seeded(
    factories: Sequence[PlayerFactory | ProgramFactory],
    names: Sequence[str],
    index: int,
    seed: int | str,
    rules: GameRules,
    setup: Setup = Setup(),
) -> GameRecord:
    """Game ``index`` of the run with ``seed``, with fresh players from ``factories`` (by seat, as
    they sit in the run's first game: ``setup`` seats them for this one).

    A player that raises, or a factory that does, is a :class:`PlayerError`.
    A program (``exec:``) gets its seat's seed as text, and hears the table's news.
    """
    game = setup.dealt(index, rules)
    factories, names = setup.seated(factories, index, rules), setup.seated(names, index, rules)
    players = []
    programs = []
    for seat, factory in enumerate(factories):
        try:
            player = seat_player(factory, seat, rules, names, f"{seed}:{game}:{seat}")
        except PlayerError:
            raise
        except Exception as error:  # a plug-in's factory may raise anything
            raise player_error(error, seat, names[seat], "in its factory") from error
        if isinstance(player, ProgramPlayer):
            programs.append(player)
        players.append(_Guarded(player, seat, names[seat]))
    rng = random.Random(f"{seed}:{game}")

    def tell(event: Event) -> None:
        for program in programs:
            program.observe(event)

    return play_game(players, rules, rng, first_dealer=setup.dealer(index, rules), names=names, start=setup.start,
                     observer=tell if programs else None)


class _Guarded:
    """A seat's player whose exceptions become a :class:`PlayerError` naming the seat, the player and the line.

    ``count`` is the player's own muggins count, guarded the same way, or None
    when it has none (the engine then counts right for it).
    """

    def __init__(self, player: Player, seat: int, name: str) -> None:
        self.player, self.seat, self.name = player, seat, name
        counter = getattr(player, "count", None)
        self.count: Callable[..., object] | None = self._guard(counter, "count") if callable(counter) else None

    def discard(self, view: View) -> tuple[Card, ...]:
        try:
            return self.player.discard(view)
        except PlayerError:  # a program's fault, already said in one line
            raise
        except Exception as error:  # a plug-in may raise anything: one line, not a traceback
            raise player_error(error, self.seat, self.name, "in discard()") from error

    def play(self, view: View) -> Card | None:
        try:
            return self.player.play(view)
        except PlayerError:
            raise
        except Exception as error:  # so may its play
            raise player_error(error, self.seat, self.name, "in play()") from error

    def _guard(self, method: Callable[..., object], name: str) -> Callable[..., object]:
        def guarded(*args: Any) -> object:
            try:
                return method(*args)
            except Exception as error:  # and its count
                raise player_error(error, self.seat, self.name, f"in {name}()") from error

        return guarded


def player_error(error: Exception, seat: int, spec: str, doing: str) -> PlayerError:
    """The one line for the exception of the player ``spec`` names, and its whole traceback.

    The line named is the deepest one in the player's own code: the module
    (or package) that a ``module:factory`` spec names, or this package for a
    built-in player; so an error raised in a library it called is placed at
    its call. It is shown from the folder the module was imported from
    (``mybot.py:12``), the same on a worker as here. Failing that, the deepest
    line of all.
    """
    below = error.__traceback__.tb_next if error.__traceback__ is not None else None  # past the frame that caught it
    frames = traceback.extract_tb(below)
    home = _code_home(spec.partition(":")[0] if ":" in spec else __name__)
    where = "" if not frames else f", at {_shown(frames[-1].filename)}:{frames[-1].lineno}"
    for frame in reversed(frames):
        path = Path(frame.filename).resolve()
        if home is not None and (path == home or path.is_relative_to(home)):
            where = f", at {path.relative_to(home.parent).as_posix()}:{frame.lineno}"
            break
    said = " ".join(str(error).split())  # on one line, whatever the exception says
    message = f"seat {seat} ({spec}) raised {type(error).__name__}: {said} {doing}{where}"
    return PlayerError(message, "".join(traceback.format_exception(type(error), error, below)))


def _code_home(module: str) -> Path | None:
    """The file of the top-level module that ``module`` is in, or the folder of its top-level package."""
    path = getattr(sys.modules.get(module.split(".")[0]), "__file__", None)
    if not path:
        return None
    file = Path(path).resolve()
    return file.parent if file.name == "__init__.py" else file


def _shown(filename: str) -> str:
    """A file's name relative to the working directory when it lies under it."""
    try:
        return os.path.relpath(filename) if Path(filename).resolve().is_relative_to(Path.cwd()) else filename
    except (OSError, ValueError):
        return filename


def run_games(
    specs: Sequence[str],
    games: int,
    *,
    seed: int | str,
    jobs: int = 1,
    cluster: str | None = None,
    rules: GameRules = GameRules(),
    setup: Setup = Setup(),
    progress: Callable[[int], None] | None = None,
    stop: threading.Event | None = None,
    programs: Programs = Programs(),
) -> Generator[tuple[int, GameRecord], None, None]:
    """Play ``games`` games and yield ``(index, record)`` in game order as they finish.

    ``specs`` name the player of each seat (built-in names or ``module:factory``);
    they are checked at the call (``PlayerSpecError``), before any game,
    and resolved again inside each worker, so players need not be picklable. With
    ``jobs`` > 1, or the address of a Dask scheduler as ``cluster``, games run in
    chunks on worker processes (:func:`~crib_cli.game.cluster.executor`); a
    ``module:factory`` player's module, if a single file, is sent to the
    cluster's workers. ``progress`` is told the number of games each time
    some finish, in whatever order they finish. Once ``stop`` is set no
    new game starts: the games finished by then that follow on from game 0
    without a gap are yielded, and the iteration ends (so the games yielded
    are always the first ``k``, the ones a run of ``k`` games plays).
    Stopping the iteration cancels the chunks not yet started and waits for
    the running ones. A player that raises is a :class:`PlayerError`, raised
    in game order (the first game that fails, whatever the jobs); so is a
    program's fault (``exec:`` players, run as ``programs`` says).
    """
    specs = tuple(specs)
    if len(specs) != rules.players:
        raise ValueError(f"{rules.players} players need {rules.players} player specs, got {len(specs)}")
    factories = [player_factory(spec, programs) for spec in specs]
    if cluster is not None:
        require_dask()
        return _run_pool(specs, games, seed, 1, cluster, rules, setup, progress, stop, programs)
    if jobs > 1:
        return _run_pool(specs, games, seed, jobs, None, rules, setup, progress, stop, programs)
    return _run_here(factories, specs, games, seed, rules, setup, progress, stop)


def _run_here(
    factories: Sequence[PlayerFactory | ProgramFactory], specs: tuple[str, ...], games: int, seed: int | str,
    rules: GameRules, setup: Setup, progress: Callable[[int], None] | None, stop: threading.Event | None,
) -> Generator[tuple[int, GameRecord], None, None]:
    """The games one by one in this process; the programs told to quit at the end."""
    try:
        for index in range(games):
            if stop is not None and stop.is_set():
                return
            record = play_seeded(factories, specs, index, seed, rules, setup)
            if progress is not None:
                progress(1)
            yield index, record
    finally:
        close_factories(factories)


Chunk = tuple[list[tuple[int, GameRecord]], Exception | None]
"""A chunk's games, and the error of the game that stopped it (a player's, or an illegal move), if one did."""


def _run_pool(
    specs: tuple[str, ...], games: int, seed: int | str, jobs: int, cluster: str | None, rules: GameRules,
    setup: Setup, progress: Callable[[int], None] | None, stop: threading.Event | None, programs: Programs,
) -> Generator[tuple[int, GameRecord], None, None]:
    """Games in chunks on a pool, a few chunks ahead of the one due next, yielded in game order."""
    with executor(jobs, cluster) as pool:
        if isinstance(pool, ClusterExecutor):
            for path in _module_files(specs):
                pool.upload(path)
        yield from _chunks(pool, specs, games, seed, rules, setup, progress, stop, programs)


def _module_files(specs: Sequence[str]) -> list[str]:
    """The files of the ``module:factory`` players whose module is one top-level file (``mybot.py``)."""
    files = []
    for spec in specs:
        name = spec.partition(":")[0]
        path = getattr(sys.modules.get(name), "__file__", None) if ":" in spec and "." not in name else None
        if path is not None and Path(path).name == f"{name}.py" and path not in files:
            files.append(path)
    return files


def _chunks(
    pool: ProcessPool | ClusterExecutor, specs: tuple[str, ...], games: int, seed: int | str, rules: GameRules,
    setup: Setup, progress: Callable[[int], None] | None, stop: threading.Event | None, programs: Programs,
) -> Generator[tuple[int, GameRecord], None, None]:
    """Chunks of games on ``pool``, three a worker in flight, counted as they finish and yielded in game order.

    Chunks that finish early wait (a bounded number of them) for the one due
    next; once one has failed no more are started, and its error is raised
    when its turn comes, so it is the error a single process would meet first.
    """
    workers = pool.workers
    size = max(1, min(32, games // (workers * 8)))
    starts = iter(range(0, games, size))
    ahead = workers * 3
    running: dict[Future[Chunk], int] = {}
    finished: dict[int, Future[Chunk]] = {}
    due = 0

    def refill() -> None:
        failed = any(future.exception() is not None or future.result()[1] is not None for future in finished.values())
        while not failed and len(running) < ahead and len(finished) < 4 * ahead:
            start = next(starts, None)
            if start is None:
                return
            running[pool.submit(_play_chunk, specs, start, min(start + size, games), seed, rules, setup,
                                 programs)] = start

    def collect(done: Iterable[Future[Chunk]]) -> None:
        for future in done:
            finished[running.pop(future)] = future
            if progress is not None and future.exception() is None:
                progress(len(future.result()[0]))

    try:
        refill()
        while running and not (stop is not None and stop.is_set()):
            collect(wait(running, timeout=0.25, return_when=FIRST_COMPLETED)[0])
            while due in finished:
                due = yield from _yielded(finished.pop(due))
                refill()
            refill()
        for future in running:
            future.cancel()
        collect(wait([future for future in running if not future.cancelled()])[0])
        while due in finished:
            due = yield from _yielded(finished.pop(due))
    finally:
        for future in running:
            future.cancel()


def _yielded(future: Future[Chunk]) -> Generator[tuple[int, GameRecord], None, int]:
    """A finished chunk's games, then its error if it had one; the index of the game after them."""
    records, error = future.result()
    yield from records
    if error is not None:
        raise error
    return records[-1][0] + 1


def _play_chunk(
    specs: tuple[str, ...], start: int, stop: int, seed: int | str, rules: GameRules, setup: Setup,
    programs: Programs = Programs(),
) -> Chunk:
    """Games ``start`` to ``stop - 1``, in a worker: the players are found from their specs there
    (a program started for the chunk, and told to quit at its end). A player's error ends the chunk
    with the games before it kept, so they are logged as they would be in one process."""
    factories = [player_factory(spec, programs) for spec in specs]
    records: list[tuple[int, GameRecord]] = []
    try:
        for index in range(start, stop):
            records.append((index, play_seeded(factories, specs, index, seed, rules, setup)))
    except (PlayerError, IllegalMove) as error:
        return records, error
    finally:
        close_factories(factories)
    return records, None


@dataclass(frozen=True, slots=True)
class Interval:
    """A rate (or a mean) and its 95% confidence interval."""

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
    duplicate: Duplicate | None = None


@dataclass(frozen=True, slots=True)
class Duplicate:
    """What a duplicate run came to, from its complete groups (each deal sequence played once a side).

    ``win_rates`` are each side's, with intervals from the spread of the
    groups, not of the games, so the luck of the cards is taken out. With two
    sides, a group is a pair: ``outcomes`` counts the pairs in which A won
    0, 1 and 2 games, and ``wins`` and ``points`` are A's wins and game points
    less B's, a pair, with their intervals.
    """

    groups: int
    outcomes: tuple[int, ...]
    win_rates: tuple[Interval, ...]
    wins: Interval | None
    points: Interval | None


_MARGINS = {(target, points): kind for target, margins in SKUNKS.items() for _, points, kind in margins}
"""(target, game points) -> the kind of win: see :func:`~crib_cli.game.record.game_points`."""


def summarize(records: Iterable[GameRecord], names: Sequence[str], setup: Setup = Setup()) -> Report:
    """Sum up games played by the players ``names`` (by seat, as ``setup`` seats them in the first game);
    reads ``records`` once, as they come: the first games of the run, in order."""
    stream = iter(records)
    first = next(stream, None)
    rules = first.rules if first is not None else GameRules(players=len(names))
    games = deals = first_wins = 0
    wins, points = [0] * rules.sides, [0] * rules.sides
    margins = {kind: [0] * rules.sides for kind in _MARGINS.values()}
    sums: dict[tuple[int, str], list[int]] = {}
    groups: list[tuple[list[int], list[int]]] = []  # a duplicate run's: each side's wins and game points
    for index, record in enumerate(chain([first], stream) if first is not None else ()):
        games += 1
        deals += len(record.deals)
        winner = setup.side_of(record.winner, index, rules)
        wins[winner] += 1
        points[winner] += record.game_points
        first_wins += record.winner == rules.side(record.first_dealer)
        kind = _MARGINS.get((rules.target, record.game_points))
        if kind is not None:
            margins[kind][winner] += 1
        if setup.duplicate:
            if setup.turn(index, rules) == 0:
                groups.append(([0] * rules.sides, [0] * rules.sides))
            groups[-1][0][winner] += 1
            groups[-1][1][winner] += record.game_points
        home = setup.seated(range(rules.players), index, rules)  # each seat's player, by his seat in game 0
        for deal in record.deals:
            if deal.complete:
                for seat, part in enumerate(deal.points()):
                    sum_points(sums.setdefault((home[seat], rules.role(seat, deal.dealer)), [0] * 6), part)
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
        duplicate=_duplicate(groups, rules) if setup.duplicate else None,
    )


def _duplicate(groups: list[tuple[list[int], list[int]]], rules: GameRules) -> Duplicate:
    """A duplicate run's result from its complete groups (a group a deal sequence, a game a side)."""
    whole = [group for group in groups if sum(group[0]) == rules.sides]
    rates = tuple(mean_interval([wins[side] / rules.sides for wins, _ in whole], 0.0, 1.0) for side in range(rules.sides))
    if rules.sides != 2:
        return Duplicate(len(whole), (), rates, None, None)
    outcomes = tuple(sum(wins[0] == won for wins, _ in whole) for won in range(3))
    most = 2 * game_points(rules, 0)  # both games of the pair won by the heaviest margin
    return Duplicate(len(whole), outcomes, rates,
                     mean_interval([wins[0] - wins[1] for wins, _ in whole], -2.0, 2.0),
                     mean_interval([points[0] - points[1] for _, points in whole], -most, most))


def mean_interval(values: Sequence[float], least: float, most: float, z: float = Z_95) -> Interval:
    """The mean of ``values`` and its 95% interval, mean ± z·s/√n, kept within ``least``-``most``.

    The values are independent draws (a duplicate run's groups). The spread
    ``s`` counts two more values, one at each end of the range, about the
    mean of the real ones: so a short run whose values all agree still has
    an interval, while over thousands of values the two change it by a
    hundredth or less. No values give the whole range.

    >>> interval = mean_interval([1, 0, 1, 1], 0.0, 1.0)
    >>> interval.rate, round(interval.low, 2), interval.high
    (0.75, 0.24, 1.0)
    """
    n = len(values)
    if n == 0:
        return Interval(0.0, least, most)
    mean = sum(values) / n
    squares = sum((value - mean) ** 2 for value in (*values, least, most))
    spread = z * math.sqrt(squares / (n + 1) / n)
    return Interval(mean, max(least, mean - spread), min(most, mean + spread))


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
