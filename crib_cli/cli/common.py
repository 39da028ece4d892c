"""Pieces the commands share: card arguments, the format option, tables of counts, the batch runner,
the game's rules and log from the command line."""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable, Sequence
from typing import IO, Any, TypeVar

import click

from ..cards import CARD_INDEX, Card, CardError, card_problem, parse_cards, quoted
from ..rules import VARIANTS, GameRules
from . import COMMANDS, EXIT_DATA, formats

F = TypeVar("F", bound=Callable[..., Any])

BATCH_FORMATS = ("csv", "jsonl")


def command(name: str, **settings: Any) -> Callable[[Callable[..., Any]], click.Command]:
    """A click command named ``name`` whose one-line help is the group's listing of it."""
    return click.command(name, short_help=COMMANDS[name][1], **settings)


def format_option(*choices: str, default: str) -> Callable[[F], F]:
    """The shared ``-f/--format`` option: its choices, and the default as help shows it; help says
    which choices are for batch input only, as a single show or deal refuses them."""
    batch = [choice for choice in choices if choice in BATCH_FORMATS]
    only = f" {' and '.join(batch)}: for batch input only." if batch else ""
    return click.option(
        "-f",
        "--format",
        "fmt",
        type=click.Choice(choices, case_sensitive=False),
        default=None,
        help=f"Output format (default: {default}).{only}",
    )


def variant_option(help: str, *, eager: bool = False) -> Callable[[F], F]:
    """The ``--variant six|five`` option; ``eager`` reads it before the arguments, for a parse that depends on it."""
    return click.option(
        "--variant",
        type=click.Choice(VARIANTS, case_sensitive=False),
        default="six",
        show_default=True,
        is_eager=eager,
        help=help,
    )


def batch_source(values: Sequence[str]) -> str | None:
    """The batch input the arguments name (``-`` for stdin, or one existing path), else None."""
    if len(values) != 1:
        return None
    text = values[0]
    if text == "-" or os.path.exists(text) or text.lower().endswith(".csv"):
        return text
    return None


def cards_argument(
    name: str,
    parse: Callable[[str], Any],
    *,
    batch: bool = True,
    required: bool = True,
    parse_for: Callable[[dict[str, Any]], Callable[[str], Any]] | None = None,
) -> Callable[[F], F]:
    """An argument of cards, quoted or not (``5S 5C 5D JH / 5H`` as five words is fine).

    The words are joined and parsed; a bad card is a usage error. With
    ``batch``, ``-`` or one existing path passes through as a string.
    ``parse_for``, if given, picks the parse from the options read before the
    argument (eager ones, such as ``--variant``).
    """

    def convert(ctx: click.Context, param: click.Parameter, values: tuple[str, ...]) -> Any:
        if batch and (source := batch_source(values)) is not None:
            return source
        text = " ".join(values)
        try:
            return (parse_for(ctx.params) if parse_for is not None else parse)(text)
        except CardError as error:
            message = str(error)
            if batch and len(values) == 1 and len(text) > 3 and message.startswith(f"{quoted(text)} is not a card"):
                message = f"{quoted(text)} is neither a readable file nor a card: {card_problem(text)}"
            raise click.BadParameter(message, ctx, param) from None

    return click.argument(name, nargs=-1, required=required, metavar=name.upper(), callback=convert)


class CardsType(click.ParamType):  # type: ignore[type-arg]  # generic in click 8.5, plain before; both work
    """Cards in an option, such as ``--hand "5S 5C 6D JH"``; a bad card is a usage error."""

    name = "CARDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[Card, ...]:
        if isinstance(value, tuple):
            return value
        try:
            cards = parse_cards(value)
        except CardError as error:
            self.fail(str(error), param, ctx)
        if not cards:
            self.fail("no cards given", param, ctx)
        return cards


class ScoreType(click.ParamType):  # type: ignore[type-arg]  # generic in click 8.5, plain before; both work
    """Two scores, mine first: ``115-100`` (or ``115,100``); anything else is a usage error naming it."""

    name = "ME-OPP"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[int, int]:
        if isinstance(value, tuple):
            return value
        words = str(value).replace(",", "-").split("-")
        if len(words) != 2 or not all(word.strip().isdigit() for word in words):
            self.fail(f"{quoted(str(value))} is not two scores: write mine, a dash, the opponent's, e.g. 115-100",
                      param, ctx)
        return int(words[0]), int(words[1])


class DepthType(click.ParamType):  # type: ignore[type-arg]  # generic in click 8.5, plain before; both work
    """How far the play's search looks: a number of cards (1 or more), ``end`` or ``expert``."""

    name = "N|end|expert"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int | str:
        if isinstance(value, int):
            return value
        text = str(value).strip().lower()
        if text in ("end", "expert"):
            return text
        if not (text.isdecimal() and text.isascii() and int(text) >= 1):
            self.fail(f"{quoted(str(value))} is not a depth: give a number of cards (1 or more), end or expert",
                      param, ctx)
        return int(text)


def refuse_batch_format(fmt: str | None) -> None:
    """A usage error for a batch-only format asked of a single show or deal."""
    if fmt in BATCH_FORMATS:
        raise click.UsageError(f"--format {fmt} is for batch input ('-' or a file)")


def cards_json(cards: Sequence[Card]) -> list[str]:
    """Cards as a JSON list of codes."""
    return [str(c) for c in cards]


def histogram_rows(counts: Sequence[int], width: int = 40) -> Iterable[list[Any]]:
    """Rows of value, count, share and a bar scaled to the largest count."""
    total, top = sum(counts), max(counts)
    for value, count in enumerate(counts):
        bar = "#" * round(width * count / top) if count else ""
        share = f"{count / total:.4%}" if count == 0 or count / total >= 5e-7 else "<0.0001%"
        yield [value, f"{count:,}", share, bar]


def open_source(source: str) -> IO[bytes]:
    """Open batch input as bytes: ``-`` is stdin. An error names the argument as the usage does (SHOW, DEAL)."""
    if source == "-":
        if sys.stdin is None:
            raise click.BadParameter("standard input is closed", param_hint="'-'")
        return sys.stdin.buffer
    ctx = click.get_current_context(silent=True)
    hint = next((p.human_readable_name for p in ctx.command.params if isinstance(p, click.Argument)), "FILE") if ctx else "FILE"
    if os.path.isdir(source):
        raise click.BadParameter(f"cannot read {quoted(source)}: it is a directory", param_hint=hint)
    try:
        return open(source, "rb")
    except OSError as error:
        raise click.BadParameter(f"cannot read {quoted(source)}: {error.strerror}", param_hint=hint) from None


def require_column(header: list[str], name: str) -> int:
    """The index of a needed column, or a usage error naming it."""
    index = formats.column_index(header, name)
    if index is None:
        shown = quoted(",".join(header), 60) if header else "empty"
        plain = "; a file of plain lines needs no header, but its first line holds no card" if len(header) == 1 else ""
        raise click.UsageError(f"the input has no {name!r} column (header: {shown}){plain}")
    return index


def run_batch(
    source: str,
    fmt: str | None,
    result_columns: Sequence[str],
    make_evaluate: Callable[[list[str]], Callable[[list[str]], Sequence[Any]]],
    *,
    strict: bool,
    is_data: Callable[[str], bool],
) -> None:
    """Stream CSV rows through an evaluator, one output row per input row; exit 1 if any failed.

    ``make_evaluate`` sees the header first (raising UsageError if a needed
    column is missing) and returns the function that scores one row's values.
    ``is_data`` says whether a first line is already data (input without a header).
    """
    if fmt not in (None, *BATCH_FORMATS):
        raise click.UsageError(f"--format {fmt} is not for batch input: use csv or jsonl")
    binary = open_source(source)
    text = io.TextIOWrapper(binary, encoding="utf-8", errors="surrogateescape", newline="")
    try:
        try:
            header, numbered, single = formats.read_header(text, is_data=is_data)
        except formats.InputError as error:
            raise click.UsageError(str(error)) from None
        added = (*result_columns, "error", *(("extra",) if fmt == "jsonl" else ()))
        clashes = [name for name in header if name.strip().lower() in added]
        if clashes:
            raise click.UsageError(f"the input already has a {quoted(clashes[0])} column, which the output adds: rename it")
        repeated = next((name for at, name in enumerate(header) if name in header[:at]), None) if fmt == "jsonl" else None
        if repeated is not None:
            raise click.UsageError(
                f"the input has two {quoted(repeated)} columns, and a JSON object holds one: rename one, or use --format csv"
            )
        evaluate = make_evaluate(header)
        sys.stdout.flush()
        out = io.TextIOWrapper(sys.stdout.buffer, encoding="utf-8", errors="surrogateescape", newline="")
        try:
            tally = formats.convert(
                numbered, header, single, evaluate, result_columns, out, jsonl=fmt == "jsonl", strict=strict
            )
        except formats.RowError as error:
            out.flush()
            click.echo(str(error), err=True)
            sys.exit(EXIT_DATA)
        finally:
            out.flush()
            out.detach()
    finally:
        if source == "-":
            text.detach()
        else:
            text.close()
    if tally.failed:
        click.echo(f"{tally.failed} of {tally.rows} rows failed", err=True)
        sys.exit(EXIT_DATA)


def plain_lines(parse: Callable[[str], Any]) -> Callable[[str], bool]:
    """Whether a first line is data, not a header: ``parse`` accepts it, or it names no 'hand'
    column and holds a card, so a bad first row of plain lines fails alone and the rest are read.

    >>> is_data = plain_lines(parse_cards)
    >>> is_data("5S 5C 5D ZZ / 5H"), is_data("id,hand,starter"), is_data("bad line")
    (True, False, False)
    """

    def check(line: str) -> bool:
        try:
            parse(line)
        except (CardError, ValueError):
            if formats.column_index(line.split(","), "hand") is not None:
                return False
            words = line.replace(",", " ").replace("/", " ").split()
            return any(word.upper() in CARD_INDEX or word in CARD_INDEX for word in words)
        return True

    return check


def open_game(path: str, hint: str) -> IO[str]:
    """A game file opened for reading (``-``: standard input); a usage error naming ``hint`` if it cannot be."""
    if path == "-":
        return sys.stdin
    try:
        return open(path, encoding="utf-8")
    except OSError as error:
        raise click.BadParameter(f"cannot read {quoted(path)}: {error.strerror}", param_hint=hint) from None


def program_options(command: F) -> F:
    """``--timeout`` and ``--program-stderr``: how the command's ``exec:`` players are run
    (:class:`~crib_cli.game.program.Programs`, which takes ``os.devnull`` as nowhere)."""
    timed = click.option("--timeout", type=click.FloatRange(0, min_open=True), default=10.0, show_default=True,
                         help="Seconds an exec: program may take over each answer (and its greeting).")
    kept = click.option("--program-stderr", type=click.Path(dir_okay=False), default="crib-stderr.log",
                        show_default=True, help=f"Append what exec: programs write on standard error to FILE "
                        f"({os.devnull}: throw it away).")
    return timed(kept(command))


def game_rules(players: int, variant: str, target: str | None, muggins: bool = False) -> GameRules:
    """The rules from the command line: without --to, the variant's own target (61 for five-card cribbage, else 121)."""
    try:
        return GameRules(players, int(target or 0), muggins, variant)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
