"""``crib simulate``: many seeded games between two strategies, a report, and a log to re-check them."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import IO, Any

import click

from .. import formats
from ..cards import quoted
from ..game import GameRules, IllegalMove, PlayerSpecError, Report, record_json, run_games, summarize
from ..game.simulate import Interval
from .common import command, format_option

PUBLISHED = (
    "Published figures for expert human play, per deal: pone pegs about 2.0 and dealer 3.5; "
    "hands about 8.1 (pone) and 8.0 (dealer); crib 4.7; the first dealer wins 55-56% of games."
)


def percent(rate: float) -> str:
    return f"{100 * rate:.1f}%"


def interval_text(interval: Interval) -> str:
    return f"{percent(interval.low)}-{percent(interval.high)}"


def side_rows(report: Report, target: int) -> Iterator[list[Any]]:
    """One row a side: wins, the rate and its interval, game points, and the big wins."""
    for side, name in enumerate(report.names):
        margins = (report.skunks[side], report.double_skunks[side]) if target == 121 else (report.lurches[side],)
        rate = report.win_rates[side]
        yield [f"{'AB'[side]} {name}", f"{report.wins[side]:,}", percent(rate.rate), interval_text(rate),
               f"{report.game_points[side]:,}", *(f"{n:,}" for n in margins)]


def role_rows(report: Report) -> Iterator[list[Any]]:
    """Average points per deal, by player and role, by where they came from."""
    for averages in report.roles:
        crib = f"{averages.crib:.2f}" if averages.role == "dealer" else ""
        heels = f"{averages.heels:.2f}" if averages.role == "dealer" else ""
        yield [f"{'AB'[averages.seat]} {averages.name}", averages.role, f"{averages.deals:,}",
               f"{averages.pegging:.2f}", f"{averages.hand:.2f}", crib, heels, f"{averages.total:.2f}"]


def report_lines(report: Report, target: int, seed: int) -> Iterator[str]:
    """The text report: who won, how often and by how much; then points per deal by role."""
    yield (f"{report.names[0]} (A) against {report.names[1]} (B): {report.games:,} games to {target}, "
           f"seed {seed}, first deal alternating")
    big = ("skunks", "double skunks") if target == 121 else ("lurches",)
    yield formats.table(side_rows(report, target), ("player", "wins", "win rate", "95% interval", "game points", *big))
    first = report.first_dealer
    yield f"the first dealer won {percent(first.rate)} ({interval_text(first)})"
    yield ""
    yield formats.table(role_rows(report), ("per deal", "role", "deals", "pegging", "hand", "crib", "heels", "total"))
    yield "complete deals only (a deal cut short by the end of the game is left out)"


def report_json(report: Report, target: int, seed: int) -> dict[str, Any]:
    """Every figure of the report, full precision."""

    def interval(i: Interval) -> dict[str, float]:
        return {"rate": i.rate, "low": i.low, "high": i.high}

    return {
        "games": report.games,
        "deals": report.deals,
        "target": target,
        "seed": seed,
        "players": [
            {"player": "AB"[side], "name": name, "wins": report.wins[side], "win_rate": interval(report.win_rates[side]),
             "game_points": report.game_points[side], "skunks": report.skunks[side],
             "double_skunks": report.double_skunks[side], "lurches": report.lurches[side]}
            for side, name in enumerate(report.names)
        ],
        "first_dealer": interval(report.first_dealer),
        "per_deal": [
            {"player": "AB"[a.seat], "name": a.name, "role": a.role, "deals": a.deals, "pegging": a.pegging,
             "hand": a.hand, "crib": a.crib, "heels": a.heels, "total": a.total}
            for a in report.roles
        ],
    }


def open_log(path: str | None, mode: str) -> IO[str] | None:
    """The game log, opened for writing (``w``) or appending (``a``); a usage error if it cannot be."""
    if path is None:
        return None
    try:
        return open(path, mode, encoding="utf-8")
    except OSError as error:
        raise click.BadParameter(f"cannot write {quoted(path)}: {error.strerror}", param_hint="'--log'") from None


@command("simulate")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True, help="How many games.")
@click.option("--a", "a", default="expert", show_default=True,
              help="Player A: random, greedy, expert, or module:factory (your own).")
@click.option("--b", "b", default="greedy", show_default=True, help="Player B, the same way.")
@click.option("--seed", type=int, default=1, show_default=True, help="The same seed gives the same games.")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option("--to", "target", type=click.Choice(["121", "61"]), default="121", show_default=True, help="Game length.")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Write every game to FILE as JSON lines.")
@format_option("table", "json", default="table")
def simulate(a: str, b: str, games: int, seed: int, jobs: int, target: str, log: str | None, fmt: str | None) -> None:
    """Play strategies against each other and report who wins, by how much, and where the points come from.

    A sits in seat 0 and B in seat 1; games alternate who deals first. A
    player is a built-in strategy or module:factory, a callable with no
    arguments returning an object with discard(view) and play(view) (see
    the README), imported from the working directory or the Python path.
    Game i depends only on the seed and i, so --jobs changes nothing but
    the time. The win rate's interval is the 95% Wilson score interval.

    \b
    $ crib simulate --games 10000 --a expert --b greedy --seed 1 --jobs 2
    $ crib simulate --games 2000 --a expert --b mybot:make_player --log games.jsonl
    """
    rules = GameRules(players=2, target=int(target))
    specs = (a, b)
    try:
        run = run_games(specs, games, seed=seed, jobs=jobs, rules=rules)
    except PlayerSpecError as error:
        raise click.UsageError(str(error)) from None
    out = open_log(log, "w")
    try:
        report = summarize(_logged(_progress(run, games), out, specs), specs)
    except IllegalMove as error:
        raise click.ClickException(str(error)) from None
    finally:
        if out is not None:
            out.close()
    if fmt == "json":
        click.echo(formats.to_json(report_json(report, rules.target, seed)))
    else:
        click.echo("\n".join(report_lines(report, rules.target, seed)))


def _progress(run: Iterator[Any], games: int) -> Iterator[Any]:
    """The games as they finish, with a progress bar on stderr when it is a terminal."""
    if not sys.stderr.isatty():
        yield from run
        return
    with click.progressbar(run, length=games, file=sys.stderr, label="games") as bar:
        yield from bar


def _logged(run: Iterator[Any], out: IO[str] | None, names: tuple[str, ...]) -> Iterator[Any]:
    """The records of ``run``, each written to ``out`` as a JSON line first."""
    for index, record in run:
        if out is not None:
            out.write(json.dumps(record_json(record, index, list(names))) + "\n")
        yield record
