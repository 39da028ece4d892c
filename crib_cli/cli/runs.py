"""What ``crib simulate`` and ``crib tournament`` share: a run's progress line, Ctrl-C, its faults in one
line, its log, and the figures of a duplicate run."""

from __future__ import annotations

import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import BrokenExecutor
from contextlib import contextmanager
from typing import IO, Any

import click

from ..game import GameRecord, GameRules, IllegalMove, PlayerError
from ..game.cluster import BadAddress, ClusterError, scheduler_address
from ..game.simulate import Duplicate, Interval, Setup
from .gamelog import GameLog


def percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def interval_json(interval: Interval, key: str = "rate") -> dict[str, float]:
    """An interval for JSON: the rate (or, keyed ``mean``, a mean) and its ends, full precision."""
    return {key: interval.rate, "low": interval.low, "high": interval.high}


def duplicate_json(duplicate: Duplicate) -> dict[str, Any]:
    """A duplicate run's figures: its groups, and by side the win rate with the groups' interval; with two
    sides the pairs by A's wins (0, 1, 2) and A's wins and game points less B's, a pair."""
    wins, points = duplicate.wins, duplicate.points
    return {"groups": duplicate.groups, "outcomes": list(duplicate.outcomes) or None,
            "win_rates": [interval_json(rate) for rate in duplicate.win_rates],
            "wins_difference": None if wins is None else interval_json(wins, "mean"),
            "points_difference": None if points is None else interval_json(points, "mean")}


def check_duplicate(rules: GameRules, games: int) -> None:
    """A duplicate run plays whole groups, a game a side: --games must be a multiple of the sides."""
    if games % rules.sides:
        group = "pairs" if rules.sides == 2 else "threes"
        raise click.BadParameter(f"{games}: a duplicate run plays its games in {group}; give a multiple of "
                                 f"{rules.sides}, e.g. {games + rules.sides - games % rules.sides}",
                                 param_hint="'--games'")


@contextmanager
def refereed(stop: threading.Event, show_traceback: bool) -> Iterator[None]:
    """Games run inside: Ctrl-C sets ``stop`` (a second aborts), and what fails ends the run in one line."""
    try:
        with _interrupts_stop(stop):
            yield
    except BadAddress as error:
        raise click.BadParameter(str(error), param_hint="'--cluster'") from None
    except PlayerError as error:
        if show_traceback and error.details:  # a program's fault has none: the line says it all
            click.echo(error.details.rstrip("\n"), err=True)
        raise click.ClickException(str(error)) from None
    except (IllegalMove, ClusterError) as error:
        raise click.ClickException(str(error)) from None
    except BrokenExecutor:
        raise click.ClickException("a worker process died mid-run") from None


def cluster_address(ctx: click.Context, cluster: str | None) -> str | None:
    """The scheduler's address for --cluster (alone: $DASK_SCHEDULER_ADDRESS), or None; --jobs is refused with it."""
    if cluster is None:
        return None
    if ctx.get_parameter_source("jobs") is click.core.ParameterSource.COMMANDLINE:
        raise click.UsageError("--jobs is for worker processes here: with --cluster, the cluster's workers play")
    try:
        return scheduler_address(cluster)
    except ValueError as error:
        raise click.BadParameter(str(error), param_hint="'--cluster'") from None


@contextmanager
def _interrupts_stop(stop: threading.Event) -> Iterator[None]:
    """The first Ctrl-C sets ``stop``, so the games finished so far are kept; a second one aborts."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def first(signum: int, frame: object) -> None:
        stop.set()
        signal.signal(signal.SIGINT, previous)

    previous = signal.signal(signal.SIGINT, first)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class Progress:
    """Games done, games a second and the time left, redrawn on one line of a terminal at most twice a second.

    Games are counted as each worker finishes them, in whatever order. The
    rate is measured from the first games finished, not from the start, so
    the time spent starting workers does not stretch the estimate; until a
    second has passed since then, the line says it is still estimating. The
    last line gives the rate and the time of the whole run.
    """

    def __init__(self, total: int, out: IO[str], clock: Callable[[], float] = time.monotonic) -> None:
        self.total, self.out, self.clock = total, out, clock
        self.began = clock()
        self.done = 0
        self.first: tuple[float, int] | None = None
        self.drawn = -1.0
        self.width = 0

    def add(self, games: int) -> None:
        self.done += games
        now = self.clock()
        if self.first is None:
            self.first = (now, self.done)
        if now - self.drawn >= 0.5 or self.done == self.total:
            self.drawn = now
            self.draw(self.line(now))

    def line(self, now: float) -> str:
        """The progress as it reads at ``now``."""
        text = f"games {self.done:,}/{self.total:,} ({100 * self.done / self.total:.0f}%)"
        if self.done >= self.total:
            elapsed = max(now - self.began, 1e-9)
            return f"{text}, {self.done / elapsed:,.1f} games/s, {_clock_time(elapsed)} in all"
        since, then = self.first if self.first is not None else (now, self.done)
        if now - since < 1.0 or self.done == then:
            return f"{text}, estimating"
        rate = (self.done - then) / (now - since)
        return f"{text}, {rate:,.1f} games/s, {_clock_time((self.total - self.done) / rate)} left"

    def draw(self, text: str) -> None:
        self.out.write("\r" + text.ljust(self.width))
        self.out.flush()
        self.width = len(text)

    def close(self) -> None:
        """Draw the count as it ends and end the line, if one was drawn."""
        if self.width:
            self.draw(self.line(self.clock()))
            self.out.write("\n")
            self.out.flush()


def _clock_time(seconds: float) -> str:
    """Seconds as m:ss, or h:mm:ss from an hour."""
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}" if hours else f"{rest // 60}:{rest % 60:02d}"


def logged(
    run: Iterator[tuple[int, GameRecord]], out: GameLog | None, names: tuple[str, ...], setup: Setup,
) -> Iterator[GameRecord]:
    """The records of ``run``, each written to ``out`` first, with its players as they sat."""
    for index, record in run:
        if out is not None:
            out.write(record, index, setup.seated(names, index, record.rules))
        yield record
