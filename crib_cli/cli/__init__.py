"""The ``crib`` command line: a group that loads each command only when it is run.

Help for the group lists the commands from :data:`COMMANDS` without importing
them, so ``crib --help`` loads no scoring module and no table. Errors are one
line on stderr, never a traceback; the exit status says what went wrong.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import click

COMMANDS: dict[str, tuple[str, str]] = {
    "score": ("crib_cli.cli.score", "Score a hand or crib with its starter, item by item."),
    "discard": ("crib_cli.cli.discard", "Which cards to throw to the crib: every throw, best first."),
    "peg": ("crib_cli.cli.peg", "Score the play card by card, or advise the next card."),
    "stats": ("crib_cli.cli.stats", "The exact distribution of show scores over all deals."),
    "cribs": ("crib_cli.cli.cribs", "The expected crib of every thrown pair, dealer's and pone's."),
    "odds": ("crib_cli.cli.odds", "The chance to win from a score, and of a skunk; the board."),
    "simulate": ("crib_cli.cli.simulate", "Play strategies against each other and report who wins."),
    "tournament": ("crib_cli.cli.tournament", "Every pair of players: a cross table and a rating each."),
    "play": ("crib_cli.cli.play", "Play a game against the computer, with a coach."),
    "review": ("crib_cli.cli.review", "Review a game, logged or in the notation: every decision priced."),
    "export": ("crib_cli.cli.export", "Write logged games in the portable notation of cribbage."),
    "record": ("crib_cli.cli.transcribe", "Type in a game played at the table, checked deal by deal."),
    "quiz": ("crib_cli.cli.quiz", "Discard and pegging problems, scored against the exact analysis."),
    "engine": ("crib_cli.cli.engine", "Play as a built-in player over the engine protocol (JSON lines)."),
}
"""Each command: the module holding it (as an attribute of the same name) and its one-line help."""

EXIT_DATA = 1
"""Bad rows in input data."""
EXIT_USAGE = 2
"""Bad usage: an invalid card, count, play or option."""
EXIT_OUTPUT = 3
"""The output could not be written (disk full, standard output closed)."""
EXIT_PIPE = 141
"""The reader closed the pipe early (``| head``): 128 + SIGPIPE, as for other Unix tools."""
EXIT_INTERRUPTED = 130
"""Interrupted (Ctrl-C): 128 + SIGINT."""


class PipeClosed(Exception):
    """The reader of standard output closed the pipe before all of it was written."""


class CribGroup(click.Group):
    """Commands loaded on demand; errors as one line on stderr, without the usage block."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            return None
        command: click.Command = getattr(importlib.import_module(entry[0]), cmd_name)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with formatter.section("Commands"):
            formatter.write_dl([(name, short) for name, (_, short) in COMMANDS.items()])

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        if not args and not ctx.resilient_parsing:
            click.echo(ctx.get_help())
            ctx.exit(0)
        return super().parse_args(ctx, args)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command and flush its output; a closed pipe becomes :class:`PipeClosed`,
        which click would otherwise turn into exit status 1."""
        try:
            result = super().invoke(ctx)
            sys.stdout.flush()
        except BrokenPipeError:
            raise PipeClosed from None
        return result

    def main(
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        if sys.stdout is None:
            click.echo("Error: standard output is closed: nowhere to write", err=True)
            sys.exit(EXIT_OUTPUT)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
            sys.stdout.flush()
        except click.MissingParameter as error:
            _tell_error(error, usage=True)
        except click.ClickException as error:
            _tell_error(error)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except (BrokenPipeError, PipeClosed):
            _silence(sys.stdout)
            sys.exit(EXIT_PIPE)
        except OSError as error:
            if error.filename is not None:  # not standard output: a file the command opened
                click.echo(f"Error: {error.strerror}: {error.filename}", err=True)
                sys.exit(EXIT_DATA)
            _silence(sys.stdout)
            click.echo(f"Error: cannot write the output: {error.strerror or error}", err=True)
            sys.exit(EXIT_OUTPUT)
        sys.exit(code or 0)


def _tell_error(error: click.ClickException, *, usage: bool = False) -> None:
    """Say what was wrong (with the usage and examples, for a command line missing what it needs) and exit
    with its status: a reader that closes the pipe after the first line (``2>&1 | head -1``) cuts the
    explanation short, not the status, so a usage error is still 2."""
    try:
        click.echo(f"Error: {error.format_message()}", err=True)
        if usage and isinstance(error, click.UsageError) and error.ctx is not None:
            _usage_with_examples(error.ctx)
        sys.stderr.flush()
    except BrokenPipeError:
        _silence(sys.stderr)
    sys.exit(error.exit_code)


def _usage_with_examples(ctx: click.Context) -> None:
    """A command's usage and the examples of its help, for a command line missing what it needs."""
    click.echo(ctx.get_usage(), err=True)
    examples = [line.strip()[2:] for line in (ctx.command.help or "").splitlines() if line.strip().startswith("$ crib ")]
    if examples:
        click.echo("For example:", err=True)
        for example in examples:
            click.echo(f"  {example}", err=True)
    click.echo(f"More: {ctx.command_path} --help", err=True)


def _silence(stream: TextIO) -> None:
    """Point a standard stream at /dev/null, so the flush at exit cannot fail a second time."""
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    except (OSError, ValueError, AttributeError):
        pass


@click.group(cls=CribGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="crib")
def cli() -> None:
    """Cribbage hand scorer and analyzer.

    Cards are a rank (A 2-10 T J Q K) and a suit (S H D C or ♠♥♦♣), any
    case: 5S, 10H, TH, jd. A show is four cards, '/', the starter (or five
    cards, the starter last). Quotes around the cards are optional.

    \b
    Exit status: 0 success; 1 bad rows in input data; 2 bad usage;
    3 the output could not be written; 141 the reader closed the pipe.
    Shell completion: eval "$(_CRIB_COMPLETE=bash_source crib)" (or
    zsh_source, fish_source).
    """


def main() -> None:
    """Console entry point."""
    cli()
