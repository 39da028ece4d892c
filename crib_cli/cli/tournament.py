"""``crib tournament``: every pair of players, a run of games each, a cross table and one rating a player."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator, Sequence
from importlib.metadata import version
from typing import Any

import click

from ..cards import quoted
from ..game import GameRules, PlayerSpecError, Report, Setup, run_games, summarize
from ..game.cluster import DaskMissing
from ..game.program import Programs
from ..game.simulate import Interval
from ..game.tournament import Standing, pairings, standings
from . import EXIT_INTERRUPTED, formats
from .common import command, format_option, game_rules, program_options, variant_option
from .gamelog import open_log
from .runs import Progress, check_duplicate, cluster_address, duplicate_json, interval_json, logged, percent, refereed
from .terminal import terminal_width


def cross_cell(interval: Interval) -> str:
    """A cross table's cell: the row's win rate, and its 95% interval below it.

    >>> print(cross_cell(Interval(0.521, 0.511, 0.531)))
    52.1%
    51.1-53.1
    """
    return f"{100 * interval.rate:.1f}%\n{100 * interval.low:.1f}-{100 * interval.high:.1f}"


def side_rate(report: Report, side: int) -> Interval:
    """A side's win rate in a pairing, with the pairs' interval in a duplicate tournament."""
    return (report.duplicate or report).win_rates[side]


def against(results: dict[tuple[int, int], Report], row: int, column: int) -> Interval | None:
    """The row player's win rate against the column's, or None (himself, or a pairing not played)."""
    if (row, column) in results:
        return side_rate(results[row, column], 0)
    if (column, row) in results:
        return side_rate(results[column, row], 1)
    return None


def win_table(results: dict[tuple[int, int], Report], count: int) -> list[list[int]]:
    """``wins[i][j]``: the games player ``i`` won against ``j``."""
    wins = [[0] * count for _ in range(count)]
    for (a, b), report in results.items():
        wins[a][b], wins[b][a] = report.wins
    return wins


def standing_rows(lines: Sequence[Standing], specs: Sequence[str]) -> Iterator[list[str]]:
    """The standings: the rank, the player, his rating with its interval, games, wins and the rate."""
    for rank, line in enumerate(lines, 1):
        rating = line.rating
        shown = ["", ""] if rating is None else [f"{rating.rating:+.0f}", f"{rating.low:+.0f} to {rating.high:+.0f}"]
        rate = percent(line.wins / line.games) if line.games else ""
        yield [str(rank), specs[line.player], *shown, f"{line.games:,}", f"{line.wins:,}", rate]


def cross_table(results: dict[tuple[int, int], Report], specs: Sequence[str], width: int) -> str:
    """The row's wins against the column, with intervals; as a list of pairings if the table is wider than ``width``."""
    count = len(specs)
    rows = []
    for row in range(count):
        cells = [against(results, row, column) for column in range(count)]
        rows.append([f"{row + 1} {specs[row]}", *("" if cell is None else cross_cell(cell) for cell in cells)])
    text = formats.table(rows, ["against", *(str(column + 1) for column in range(count))])
    if max(map(len, text.splitlines())) <= width:
        return "the row's win rate against the column, and its 95% interval\n" + text
    return "\n".join(pairing_line(report, specs[a], specs[b]) for (a, b), report in results.items())


def pairing_line(report: Report, a: str, b: str) -> str:
    """One pairing in a line: the wins each way and the first player's rate with its interval."""
    rate = side_rate(report, 0)
    return (f"{a} against {b}: {report.wins[0]:,}-{report.wins[1]:,}, {a} {percent(rate.rate)} "
            f"({percent(rate.low)}-{percent(rate.high)})")


def title(specs: Sequence[str], games: int, rules: GameRules, seed: int, duplicate: bool) -> str:
    """Who played, how many games a pairing of what, and the seed that reproduces each pairing."""
    who = ", ".join(specs[:-1]) + f" and {specs[-1]}"
    five = " of five-card cribbage" if rules.variant == "five" else ""
    twice = " duplicate" if duplicate else ""
    count = len(pairings(len(specs)))
    return (f"{who}: {count} pairings of {games:,}{twice} games{five} to {rules.target}, seed {seed}\n"
            f"each pairing X-Y plays the games of crib simulate --a X --b Y --seed {seed}{' --duplicate' * duplicate}")


def report_lines(results: dict[tuple[int, int], Report], specs: Sequence[str], games: int, rules: GameRules,
                 seed: int, duplicate: bool, width: int) -> Iterator[str]:
    """The standings with the ratings, then the cross table."""
    yield title(specs, games, rules, seed, duplicate)
    played = sum(report.games for report in results.values())
    asked = games * len(pairings(len(specs)))
    if played < asked:
        yield f"partial: interrupted after {played:,} of {asked:,} games (each pairing's first games)"
    lines = standings(win_table(results, len(specs)))
    yield formats.table(standing_rows(lines, specs), ("rank", "player", "rating", "95% interval", "games", "wins",
                                                       "win rate"))
    yield ("ratings: Bradley-Terry on the Elo scale, the players' mean 0; 400 points are odds of ten to one"
           + ("; their intervals take the games as independent, so are wider than the pairs'" if duplicate else ""))
    yield ""
    yield cross_table(results, specs, width)


def report_json(results: dict[tuple[int, int], Report], specs: Sequence[str], games: int, rules: GameRules,
                seed: int, duplicate: bool) -> dict[str, Any]:
    """Every figure: the standings with the ratings, and each pairing's games, wins and rate."""

    asked = games * len(pairings(len(specs)))
    return {
        "players": list(specs), "games_per_pairing": games, "seed": seed, "duplicate": duplicate,
        "target": rules.target, "variant": rules.variant,
        "partial": sum(report.games for report in results.values()) < asked,
        "standings": [
            {"player": specs[line.player], "games": line.games, "wins": line.wins,
             "rating": None if line.rating is None else
             {"rating": line.rating.rating, "low": line.rating.low, "high": line.rating.high}}
            for line in standings(win_table(results, len(specs)))
        ],
        "pairings": [
            {"a": specs[a], "b": specs[b], "games": report.games, "wins": list(report.wins),
             "win_rate": interval_json(side_rate(report, 0)),
             "duplicate": None if report.duplicate is None else duplicate_json(report.duplicate)}
            for (a, b), report in results.items()
        ],
    }


@command("tournament")
@click.argument("players", nargs=-1, required=True)
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True, help="Games a pairing.")
@variant_option("five: five-card cribbage (--to defaults to 61).")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="Game length (default: 121; 61 for five-card).")
@click.option("--seed", type=int, default=1, show_default=True, help="The same seed gives the same games.")
@click.option("--duplicate", is_flag=True, help="Each pairing plays each deal sequence twice, the seats swapped "
                                                "(--games even).")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option("--cluster", is_flag=False, flag_value="", metavar="[ADDRESS]",
              help="Play on the Dask cluster at ADDRESS (alone, $DASK_SCHEDULER_ADDRESS). Needs crib[cluster].")
@click.option("--log", "log", type=click.Path(dir_okay=False),
              help="Write every game to FILE as JSON lines (FILE.pgn: in the notation), numbered through the tournament.")
@click.option("--traceback", "show_traceback", is_flag=True, help="When a player raises, show its whole traceback.")
@program_options
@format_option("table", "json", default="table")
@click.pass_context
def tournament(
    ctx: click.Context, players: tuple[str, ...], games: int, variant: str, target: str | None, seed: int,
    duplicate: bool, jobs: int, cluster: str | None, log: str | None, show_traceback: bool, timeout: float,
    program_stderr: str, fmt: str | None,
) -> None:
    """Every pair of PLAYERS plays --games games: the standings with a rating each, and a cross table.

    A player is a built-in strategy (random, greedy, expert, expert-points,
    expert-basic), module:factory, or exec:COMMAND (a program speaking
    docs/protocol.md), as for crib simulate. Each pairing X-Y plays the
    games that crib simulate --a X --b Y plays from the same seed (X named
    first), so every pairing meets the same deals, and a pairing can be
    played again alone. The ratings are Bradley-Terry's on the Elo scale,
    with 95% intervals; the cross table gives each pairing's win rate with
    its Wilson interval (with --duplicate, the pairs' interval). Games
    are logged numbered through the tournament: pairing p's games come
    p x --games on. Ctrl-C stops the tournament and reports the games
    finished, exit status 130.

    \b
    $ crib tournament expert expert-points greedy random --games 200 --jobs 2
    $ crib tournament expert "exec:python3 docs/examples/lowball.py" --games 100 --duplicate
    """
    if len(players) < 2:
        raise click.UsageError("name two players or more: a tournament is every pair of them")
    twice = next((spec for at, spec in enumerate(players) if spec in players[:at]), None)
    if twice is not None:
        raise click.BadParameter(f"{quoted(twice)} is named twice: name each player once", param_hint="'PLAYERS'")
    rules = game_rules(2, variant, target)
    setup = Setup(duplicate=duplicate)
    if duplicate:
        check_duplicate(rules, games)
    address = cluster_address(ctx, cluster)
    programs = Programs(timeout, program_stderr, version("crib"))
    order = pairings(len(players))
    stop = threading.Event()
    bar = Progress(games * len(order), sys.stderr) if sys.stderr.isatty() else None
    try:
        runs = [run_games((players[a], players[b]), games, seed=seed, jobs=jobs, cluster=address, rules=rules,
                          setup=setup, progress=bar.add if bar is not None else None, stop=stop, programs=programs)
                for a, b in order]
    except (PlayerSpecError, DaskMissing) as error:
        raise click.UsageError(str(error)) from None
    out = open_log(log, "w", rules)
    results: dict[tuple[int, int], Report] = {}
    try:
        with refereed(stop, show_traceback):
            for number, ((a, b), run) in enumerate(zip(order, runs)):
                names = (players[a], players[b])
                numbered = ((number * games + index, record) for index, record in run)
                report = summarize(logged(numbered, out, names, setup), names, setup)
                if report.games:
                    results[a, b] = report
                if stop.is_set():
                    break
    finally:
        for run in runs:
            run.close()
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
    if fmt == "json":
        click.echo(formats.to_json(report_json(results, players, games, rules, seed, duplicate)))
    else:
        click.echo("\n".join(report_lines(results, players, games, rules, seed, duplicate, terminal_width())))
    played = sum(report.games for report in results.values())
    if played < games * len(order):
        click.echo(f"Interrupted: the report covers {played:,} of {games * len(order):,} games", err=True)
        ctx.exit(EXIT_INTERRUPTED)
