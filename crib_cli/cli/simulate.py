"""``crib simulate``: many seeded games between strategies, a report, and a log to re-check them."""

from __future__ import annotations

import sys
import threading
from collections.abc import Iterator
from importlib.metadata import version
from typing import Any

import click

from ..cards import quoted
from ..game import (
    GameRules,
    PlayerSpecError,
    Report,
    Setup,
    by_side,
    run_games,
    summarize,
)
from ..game.cluster import DaskMissing
from ..game.program import Programs
from ..game.record import margin_kinds
from ..game.simulate import Interval
from . import EXIT_INTERRUPTED, formats
from .common import command, format_option, game_rules, program_options, variant_option
from .gamelog import open_log
from .runs import Progress, check_duplicate, cluster_address, duplicate_json, interval_json, logged, percent, refereed

LETTERS = "ABC"
"""Each side's letter: the player (or partnership) named by --a, --b, --c."""


def interval_text(interval: Interval) -> str:
    return f"{percent(interval.low)}-{percent(interval.high)}"


def side_rows(report: Report, rules: GameRules) -> Iterator[list[Any]]:
    """One row a side: wins, the rate and its interval, game points, and the big wins."""
    for side, name in enumerate(report.names):
        margins = [getattr(report, kind)[side] for kind in margin_kinds(rules)]
        rate = (report.duplicate or report).win_rates[side]
        yield [f"{LETTERS[side]} {name}", f"{report.wins[side]:,}", percent(rate.rate), interval_text(rate),
               f"{report.game_points[side]:,}", *(f"{n:,}" for n in margins)]


def role_rows(report: Report, rules: GameRules) -> Iterator[list[Any]]:
    """Average points per deal, by player (or side) and role, by where they came from."""
    for averages in by_side(report, rules):
        crib = f"{averages.crib:.2f}" if averages.role == "dealer" else ""
        heels = f"{averages.heels:.2f}" if averages.role == "dealer" else ""
        yield [f"{LETTERS[averages.seat]} {averages.name}", averages.role, f"{averages.deals:,}",
               f"{averages.pegging:.2f}", f"{averages.hand:.2f}", crib, heels, f"{averages.total:.2f}"]


def title(report: Report, rules: GameRules, seed: int, setup: Setup) -> str:
    """Who played whom, how many games of what, from what scores, and how the first deal went round."""
    sides = [f"{name} ({LETTERS[side]})" for side, name in enumerate(report.names)]
    who = f"{sides[0]}, {sides[1]} and {sides[2]}" if len(sides) == 3 else " against ".join(sides)
    game = " of five-card cribbage" if rules.variant == "five" else ""
    if setup.first_dealer is None:
        turn = "first deal alternating" if rules.players == 2 else "first deal rotating"
    else:
        turn = f"{LETTERS[rules.side(setup.first_dealer)]} deals first"
    start = "" if setup.start is None else f" from {'-'.join(map(str, setup.start))}"
    extra = {3: "; each for himself, so no skunks", 4: "; partners sit opposite"}.get(rules.players, "")
    games = "1 game" if report.games == 1 else f"{report.games:,} games"
    twice = ", duplicate" if setup.duplicate else ""
    return f"{who}: {games}{game} to {rules.target}{start}, seed {seed}{twice}, {turn}{extra}"


def duplicate_lines(report: Report, rules: GameRules) -> Iterator[str]:
    """What the duplicate groups came to: how the pairs went, the pair's difference, and what the pairing saved."""
    duplicate = report.duplicate
    if duplicate is None:
        return
    group = "pair" if rules.sides == 2 else "group"
    groups = f"{duplicate.groups:,} {group}{'' if duplicate.groups == 1 else 's'}"
    seats = "the seats swapped" if rules.sides == 2 else "each player once in each seat"
    yield f"duplicate: {groups} of games, the same cards in each with {seats}"
    if duplicate.wins is not None and duplicate.points is not None:
        lost, split, won = duplicate.outcomes
        yield f"A won both {won:,}, split {split:,}, B won both {lost:,}"
        yield (f"A's wins less B's, a pair: {duplicate.wins.rate:+.3f} ({duplicate.wins.low:+.3f} to "
               f"{duplicate.wins.high:+.3f}); game points: {duplicate.points.rate:+.3f} "
               f"({duplicate.points.low:+.3f} to {duplicate.points.high:+.3f})")
    plain = report.win_rates[0]
    width = 100 * (duplicate.win_rates[0].high - duplicate.win_rates[0].low)
    yield (f"the intervals are from the {group}s' spread; counted as independent games, A's would be "
           f"{interval_text(plain)}: {100 * (plain.high - plain.low):.2f} points wide, not {width:.2f}")


def partial_note(report: Report, asked: int) -> str:
    """What an interrupted run's report covers: its first games, those a shorter run plays."""
    if report.games == 0:
        return f"partial: interrupted before the first of {asked:,} games finished"
    return (f"partial: interrupted, so this covers the first {report.games:,} of {asked:,} games "
            f"(games 0-{report.games - 1:,}, what --games {report.games} plays)")


def report_lines(report: Report, rules: GameRules, seed: int, setup: Setup, asked: int) -> Iterator[str]:
    """The text report: who won, how often and by how much; then points per deal by role."""
    yield title(report, rules, seed, setup)
    if report.games < asked:
        yield partial_note(report, asked)
    big = tuple(kind.replace("_", " ") for kind in margin_kinds(rules))
    who = "side" if rules.players == 4 else "player"
    yield formats.table(side_rows(report, rules), (who, "wins", "win rate", "95% interval", "game points", *big))
    yield from duplicate_lines(report, rules)
    first = report.first_dealer
    dealer = "the first dealer's side" if rules.players == 4 else "the first dealer"
    yield f"{dealer} won {percent(first.rate)} ({interval_text(first)})"
    yield ""
    yield formats.table(role_rows(report, rules), ("per deal", "role", "deals", "pegging", "hand", "crib", "heels", "total"))
    yield "complete deals only (a deal cut short by the end of the game is left out)"


def report_json(report: Report, rules: GameRules, seed: int, setup: Setup, asked: int) -> dict[str, Any]:
    """Every figure of the report, full precision; by side (a player, or a partnership with four).

    ``partial`` says the run was interrupted: ``games`` are then the first of the ``games_asked``.
    """

    return {
        "games": report.games,
        "games_asked": asked,
        "partial": report.games < asked,
        "deals": report.deals,
        "target": rules.target,
        "seed": seed,
        "seats": rules.players,
        "variant": rules.variant,
        "start": list(setup.start) if setup.start is not None else None,
        "first_deal": "alternate" if setup.first_dealer is None else LETTERS[rules.side(setup.first_dealer)],
        "players": [
            {"player": LETTERS[side], "name": name, "wins": report.wins[side], "win_rate": interval_json(report.win_rates[side]),
             "game_points": report.game_points[side], "skunks": report.skunks[side],
             "double_skunks": report.double_skunks[side], "lurches": report.lurches[side]}
            for side, name in enumerate(report.names)
        ],
        "first_dealer": interval_json(report.first_dealer),
        "duplicate": None if report.duplicate is None else duplicate_json(report.duplicate),
        "per_deal": [
            {"player": LETTERS[a.seat], "name": a.name, "role": a.role, "deals": a.deals, "pegging": a.pegging,
             "hand": a.hand, "crib": a.crib, "heels": a.heels, "total": a.total}
            for a in by_side(report, rules)
        ],
    }


def game_setup(rules: GameRules, start: str | None, first_dealer: str, duplicate: bool = False) -> Setup:
    """The scores every game starts at (A's, B's, and C's with three players), who deals first, and whether
    each deal sequence is played once a side (the scores and first deal then go with the seat)."""
    scores = None
    if start is not None:
        words = start.replace(" ", "").replace("-", ",").split(",")  # 95,110 or 95-110, as --score takes
        if len(words) != rules.sides or not all(word.isdigit() for word in words):
            raise click.BadParameter(
                f"{quoted(start)}: give {rules.sides} scores, {','.join(LETTERS[: rules.sides])}, e.g. 95,110",
                param_hint="'--start'",
            )
        scores = tuple(map(int, words))
        if max(scores) >= rules.target:
            raise click.BadParameter(
                f"{quoted(start)}: a score of {max(scores)} has already won a game to {rules.target}",
                param_hint="'--start'",
            )
    if first_dealer == "alternate":
        return Setup(scores, None, duplicate)
    seat = LETTERS.index(first_dealer.upper())
    if seat >= rules.sides:
        raise click.BadParameter(f"{first_dealer!r}: there is no player C with {rules.players} players",
                                 param_hint="'--first-dealer'")
    return Setup(scores, seat, duplicate)


def seat_specs(rules: GameRules, a: str, b: str, c: str | None) -> tuple[str, ...]:
    """The player of each seat: A and B, C with three players; with four, A's side in seats 0 and 2."""
    if rules.players == 3:
        return (a, b, c or "greedy")
    if c is not None:
        raise click.UsageError(
            "--c is for three players"
            + (": with four, --a and --b name the two sides" if rules.players == 4 else "")
        )
    return (a, b, a, b) if rules.players == 4 else (a, b)


@command("simulate")
@click.option("--games", type=click.IntRange(1), default=1000, show_default=True, help="How many games.")
@click.option("--a", "a", default="expert", show_default=True,
              help="Player A: random, greedy, expert, expert-points, expert-basic, module:factory (your own), or "
                   "exec:COMMAND (a program speaking docs/protocol.md); with four players, side A (seats 0 and 2).")
@click.option("--b", "b", default="greedy", show_default=True, help="Player B (side B with four: seats 1 and 3), the same way.")
@click.option("--c", "c", help="Player C, three players only (default: greedy).")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
              help="2, 3 (each for himself) or 4 (partners opposite, A against B).")
@variant_option("five: five-card cribbage (two players; --to defaults to 61).")
@click.option("--seed", type=int, default=1, show_default=True, help="The same seed gives the same games.")
@click.option("--jobs", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option("--cluster", is_flag=False, flag_value="", metavar="[ADDRESS]",
              help="Play on the Dask cluster whose scheduler is at ADDRESS (tcp://HOST:8786); "
                   "alone, at $DASK_SCHEDULER_ADDRESS. Needs crib[cluster].")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="Game length (default: 121; 61 for five-card).")
@click.option("--start", help="Start every game at these scores, A's and B's (and C's): e.g. 95,110 or 95-110.")
@click.option("--first-dealer", type=click.Choice(["a", "b", "c", "alternate"], case_sensitive=False),
              default="alternate", show_default=True, help="Who deals the first deal of every game.")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Write every game to FILE as JSON lines; FILE.pgn: in the notation (two players).")
@click.option("--duplicate", is_flag=True,
              help="Play each deal sequence once a side, the same cards with the players' seats swapped, and "
                   "give the result from the pairs (--games: a multiple of the sides).")
@click.option("--traceback", "show_traceback", is_flag=True, help="When a player raises, show its whole traceback.")
@program_options
@format_option("table", "json", default="table")
@click.pass_context
def simulate(
    ctx: click.Context, a: str, b: str, c: str | None, players: int, variant: str, games: int, seed: int, jobs: int,
    cluster: str | None, target: str | None, start: str | None, first_dealer: str, log: str | None,
    duplicate: bool, show_traceback: bool, timeout: float, program_stderr: str, fmt: str | None,
) -> None:
    """Play strategies against each other and report who wins, by how much, and where the points come from.

    A sits in seat 0 and B in seat 1 (C in seat 2 with three players;
    with four, A's partner sits in seat 2 and B's in seat 3); the first
    deal goes round the seats. A player is a built-in strategy or
    module:factory, a callable with no arguments returning an object with
    discard(view) and play(view) (see docs/reference.md), imported from the
    working directory or the Python path. Game i depends only on the seed
    and i, so --jobs and --cluster change nothing but the time. Ctrl-C
    stops the run and reports the games finished so far (the first ones,
    with no gap: what a shorter run plays), exit status 130; a second
    Ctrl-C aborts. --start takes every game
    up at those scores at the start of a deal (with four players, the two
    sides'; no three for last in five-card cribbage), so the chance to win
    from a position can be checked directly. The win rate's interval
    is the 95% Wilson score interval. Skunks and lurches count with two
    players and partnerships, not with three. --duplicate plays each deal
    sequence once a side: games 2k and 2k+1 are game k of a plain run,
    then the same with A and B swapped (each player once in each seat
    with three); the cards, the --start scores and the first deal stay
    with the seat, so each player meets the other's luck, and the
    intervals come from the pairs.

    \b
    $ crib simulate --games 10000 --a expert --b greedy --seed 1 --jobs 2
    $ crib simulate --players 3 --a expert --b greedy --c random --games 500
    $ crib simulate --variant five --games 2000 --a expert --b mybot:make_player --log games.jsonl
    $ crib simulate --games 100000 --cluster tcp://scheduler:8786
    $ crib simulate --games 100 --a expert --b "exec:crib engine --strategy greedy"
    $ crib simulate --games 2000 --a expert --b expert-points --duplicate
    """
    rules = game_rules(players, variant, target)
    specs = seat_specs(rules, a, b, c)
    programs = Programs(timeout, program_stderr, version("crib"))
    setup = game_setup(rules, start, first_dealer, duplicate)
    if duplicate:
        check_duplicate(rules, games)
    address = cluster_address(ctx, cluster)
    stop = threading.Event()
    bar = Progress(games, sys.stderr) if sys.stderr.isatty() else None
    try:
        run = run_games(specs, games, seed=seed, jobs=jobs, cluster=address, rules=rules, setup=setup,
                        progress=bar.add if bar is not None else None, stop=stop, programs=programs)
    except (PlayerSpecError, DaskMissing) as error:
        raise click.UsageError(str(error)) from None
    out = open_log(log, "w", rules)
    try:
        with refereed(stop, show_traceback):
            report = summarize(logged(run, out, specs, setup), specs, setup)
    finally:
        if bar is not None:
            bar.close()
        if out is not None:
            out.close()
    if fmt == "json":
        click.echo(formats.to_json(report_json(report, rules, seed, setup, games)))
    else:
        click.echo("\n".join(report_lines(report, rules, seed, setup, games)))
    if report.games < games:
        click.echo(f"Interrupted: the report covers the first {report.games:,} of {games:,} games", err=True)
        ctx.exit(EXIT_INTERRUPTED)
