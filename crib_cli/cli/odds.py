"""``crib odds``: the chance to win from a position, the odds of a big win, and a picture of the board."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import click

from ..board import Odds, board, check_game
from ..board import odds as position_odds
from ..rules import Position, RulesError
from . import formats
from .common import command, format_option, game_rules, variant_option

DEALERS = ("me", "opponent")


def odds_json(result: Odds) -> dict[str, Any]:
    """Every chance at full precision, named for the side asking: wins and losses by each margin."""
    position = result.position
    data: dict[str, Any] = {
        "me": position.scores[0], "opponent": position.scores[1], "dealer": DEALERS[not position.me_dealing],
        "target": position.rules.target, "variant": position.rules.variant, "win": result.win, "lose": result.lose,
    }
    for (name, _), won, lost in zip(result.margins, result.wins, result.losses):
        key = name.replace(" ", "_")
        data[f"win_{key}"] = won
        data[f"lose_{key}"] = lost
    data["game_points"] = result.game_points
    return data


def odds_lines(result: Odds) -> Iterator[str]:
    """The position, then each chance, and what the game is worth on average."""
    (me, opponent), rules = result.position.scores, result.position.rules
    deals = "you deal" if result.position.me_dealing else "the opponent deals"
    game = "five-card cribbage" if rules.variant == "five" else "a game"
    yield f"you {me}, opponent {opponent}, {deals}; {game} to {rules.target}"
    rows = [["win", _percent(result.win)], ["lose", _percent(result.lose)]]
    for (name, points), won, lost in zip(result.margins, result.wins, result.losses):
        rows.append([f"win by a {name} ({points} games)", _percent(won)])
        rows.append([f"lose by a {name} ({points} games)", _percent(lost)])
    yield formats.plain_table(rows, ("", "chance"))
    yield f"game points expected: {result.game_points:+.3f} a game"


def _percent(chance: float) -> str:
    text = f"{100 * chance:.1f}%"
    return "<0.1%" if text == "0.0%" and chance > 0 else text


def grid_lines(target: int, variant: str, me_dealing: bool, step: int) -> Iterator[str]:
    """My chance to win, in whole percents, for my score down and the opponent's across, every ``step`` points."""
    tables = board(target, variant)
    scores = list(range(0, target, step))
    yield f"your chance to win (%) when {'you deal' if me_dealing else 'the opponent deals'}: your score down, theirs across"
    if scores[-1] >= 100:  # the hundreds on a line of their own, so three digits fit a cell of three
        yield "     " + "".join(f"{score // 100:>3}" if score >= 100 else "   " for score in scores)
        yield "     " + "".join(f"{score:>3}" if score < 100 else f" {score % 100:02d}" for score in scores)
    else:
        yield "     " + "".join(f"{score:>3}" for score in scores)
    for mine in scores:
        cells = []
        for theirs in scores:
            chance = tables.dealer_win(mine, theirs) if me_dealing else 1.0 - tables.dealer_win(theirs, mine)
            cells.append(_cell(chance))
        yield f"{mine:>4} " + "".join(cells)
    yield "++ 99.5% or more, -- under 0.5%"


def _cell(chance: float) -> str:
    """Two digits of a percent, a cell of the grid: ``++`` above 99.5%, ``--`` below 0.5%."""
    percent = round(100 * chance)
    if percent >= 100:
        return " ++"
    if percent <= 0:
        return " --"
    return f"{percent:>3}"


class ScoresCommand(click.Command):
    """A command whose arguments are scores: a negative one (``-5``), which click would take for an
    unknown option, is a bad score, named as such."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.NoSuchOption as error:
            if error.option_name.lstrip("-").isdecimal():
                raise click.BadParameter(f"{error.option_name!r} is not a score: scores count from 0 up, mine first",
                                         ctx, param_hint="SCORES") from None
            raise


@command("odds", cls=ScoresCommand)
@click.argument("scores", nargs=-1, type=int)
@click.option("--dealer", type=click.Choice(DEALERS, case_sensitive=False),
              help="Who deals this deal: me or the opponent (needed with scores; without, the picture for one).")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="Game length (default: 121; 61 for five-card).")
@variant_option("five: five-card cribbage (to 61).")
@click.option("--step", type=click.IntRange(1, 30), help="Points between rows of the picture (default: 5).")
@format_option("table", "json", default="table")
def odds(scores: tuple[int, ...], dealer: str | None, target: str | None, variant: str, step: int | None,
                 fmt: str | None) -> None:
    """The chance to win from a score, and of winning or losing by a skunk (or a lurch).

    SCORES are mine and the opponent's at the start of a deal; --dealer says
    who deals it. The chances are the expert's against an equal player, from
    a table built by simulating deals of the expert against itself (see
    docs/methods.md for how, and its error). Without scores, a picture of the whole
    board: my chance to win in whole percents, every --step points, for each
    dealer (or the one --dealer names); the picture is a table only, --format
    json is for one position.

    \b
    $ crib odds 95 110 --dealer me
    $ crib odds 40 45 --dealer opponent --to 61 --format json
    $ crib odds --dealer me --step 10
    """
    rules = game_rules(2, variant, target)
    goal = rules.target
    try:
        check_game(goal, variant)
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    if not scores:
        if fmt == "json":
            raise click.UsageError("--format json is for one position: give the scores")
        dealers = [dealer == "me"] if dealer else [True, False]
        click.echo("\n\n".join("\n".join(grid_lines(goal, variant, me, step or 5)) for me in dealers))
        return
    if step is not None:
        raise click.UsageError("--step is for the picture of the board: give no scores")
    if len(scores) != 2:
        raise click.UsageError(f"give two scores, mine and the opponent's, not {len(scores)}")
    if dealer is None:
        raise click.UsageError("say who deals: --dealer me or --dealer opponent")
    try:
        result = position_odds(Position(rules, (scores[0], scores[1]), dealer == "me"))
    except RulesError as error:
        raise click.UsageError(str(error)) from None
    click.echo(formats.to_json(odds_json(result)) if fmt == "json" else "\n".join(odds_lines(result)))
