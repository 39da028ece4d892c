"""``crib engine``: a built-in player speaking the engine protocol on standard input and output."""

from __future__ import annotations

import sys
from importlib.metadata import version

import click

from ..game import BUILT_IN
from ..game.protocol import ProtocolError
from ..game.serve import serve
from ..game.strategies import EXPERTS, PlayerSpecError, searching
from .common import command


@command("engine")
@click.option("--strategy", type=click.Choice(list(BUILT_IN), case_sensitive=False), default="expert",
              show_default=True, help="The built-in player to be.")
@click.option("--depth", type=click.IntRange(1), help=f"Cards the play's look-ahead searches ({', '.join(EXPERTS)}; "
              "default: the expert's own).")
@click.option("--analysis", is_flag=True, help="Send the analyst's ranked options, with points and chances, beside each answer.")
def engine(strategy: str, depth: int | None, analysis: bool) -> None:
    """Play as a built-in player over the engine protocol (docs/protocol.md): JSON lines, crib's on
    standard input, the answers on standard output.

    Any program that speaks the protocol can seat it, and crib seats any
    program as exec:COMMAND, so a game through the protocol is the same
    game as one played inside crib: each game's player is made afresh
    from the seed the game message gives. It ends at quit or at the end
    of its input; a line that is not crib's protocol is one line on
    standard error, exit status 1.

    \b
    $ crib simulate --a expert --b "exec:crib engine" --games 10
    $ crib engine --strategy greedy < messages.jsonl
    """
    strategy = strategy.lower()
    try:
        factory = BUILT_IN[strategy] if depth is None else searching(strategy, depth)
    except PlayerSpecError as error:
        raise click.BadParameter(str(error), param_hint="'--depth'") from None

    def write(line: str) -> None:
        sys.stdout.write(line + "\n")
        sys.stdout.flush()

    try:
        serve(factory, sys.stdin, write, name=strategy, version=version("crib"), analysis=analysis)
    except ProtocolError as error:
        raise click.ClickException(f"not crib's protocol: {error}") from None
