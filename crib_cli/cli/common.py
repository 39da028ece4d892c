"""Pieces the commands share: card arguments, the format option, tables of counts, the batch runner, and
questions and answers a line at a time at the terminal (``crib play``, ``crib quiz``)."""

from __future__ import annotations

import io
import os
import sys
import textwrap
from collections.abc import Callable, Iterable, Sequence
from typing import IO, TYPE_CHECKING, Any, TypeVar

import click

from ..cards import Card, CardError, Rank, check_distinct, parse_card, parse_rank, quoted
from ..rules import VARIANTS, GameRules
from . import COMMANDS, EXIT_DATA, formats

if TYPE_CHECKING:
    from ..game.analyst import ThrowAnalysis, ThrowOption

F = TypeVar("F", bound=Callable[..., Any])
T = TypeVar("T")

BATCH_FORMATS = ("csv", "jsonl")


def command(name: str, **settings: Any) -> Callable[[Callable[..., Any]], click.Command]:
    """A click command named ``name`` whose one-line help is the group's listing of it."""
    return click.command(name, short_help=COMMANDS[name][1], **settings)


def format_option(*choices: str, default: str) -> Callable[[F], F]:
    """The shared ``-f/--format`` option: its choices, and the default as help shows it."""
    return click.option(
        "-f",
        "--format",
        "fmt",
        type=click.Choice(choices, case_sensitive=False),
        default=None,
        help=f"Output format (default: {default}).",
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
            if batch and len(values) == 1 and len(text.split()) == 1 and len(text) > 3:
                message = f"{quoted(text)} is neither a readable file nor a card"
            raise click.BadParameter(message, ctx, param) from None

    return click.argument(name, nargs=-1, required=required, metavar=name.upper(), callback=convert)


class CardsType(click.ParamType):  # type: ignore[type-arg]  # generic in click 8.5, plain before; both work
    """Cards in an option, such as ``--hand "5S 5C 6D JH"``; a bad card is a usage error."""

    name = "CARDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[Card, ...]:
        from ..cards import parse_cards

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
    """Open batch input as bytes: ``-`` is stdin."""
    if source == "-":
        if sys.stdin is None:
            raise click.BadParameter("standard input is closed", param_hint="'-'")
        return sys.stdin.buffer
    if os.path.isdir(source):
        raise click.BadParameter(f"cannot read {quoted(source)}: it is a directory", param_hint="SOURCE")
    try:
        return open(source, "rb")
    except OSError as error:
        raise click.BadParameter(f"cannot read {quoted(source)}: {error.strerror}", param_hint="SOURCE") from None


def require_column(header: list[str], name: str) -> int:
    """The index of a needed column, or a usage error naming it."""
    index = formats.column_index(header, name)
    if index is None:
        shown = quoted(",".join(header), 60) if header else "empty"
        raise click.UsageError(f"the input has no {name!r} column (header: {shown})")
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
        clashes = [name for name in header if name.strip().lower() in (*result_columns, "error")]
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


def parses(parse: Callable[[str], Any]) -> Callable[[str], bool]:
    """Whether a line is data: ``parse`` accepts it."""

    def check(line: str) -> bool:
        try:
            parse(line)
        except (CardError, ValueError):
            return False
        return True

    return check


def open_log(path: str | None, mode: str) -> IO[str] | None:
    """The game log, opened for writing (``w``) or appending (``a``); a usage error if it cannot be."""
    if path is None:
        return None
    try:
        return open(path, mode, encoding="utf-8")
    except OSError as error:
        raise click.BadParameter(f"cannot write {quoted(path)}: {error.strerror}", param_hint="'--log'") from None


def game_rules(players: int, variant: str, target: str | None, muggins: bool = False) -> GameRules:
    """The rules from the command line: without --to, the variant's own target (61 for five-card cribbage, else 121)."""
    try:
        return GameRules(players, int(target or 0), muggins, variant)
    except ValueError as error:
        raise click.UsageError(str(error)) from None


# --- questions and answers at the terminal (crib play, crib quiz) -------------------------------

WIDTH = 80
"""Columns to fit lines in when the terminal's width is unknown (output piped, say)."""


class EndOfInput(Exception):
    """The person's input ended, or the person quit: the game stops there."""


class Quit(EndOfInput):
    """The person typed ``q``."""


class Interrupted(EndOfInput):
    """Ctrl-C: the game stops there, and ``crib`` exits with status 130."""


def terminal_width() -> int:
    """Columns to fit lines in: ``$COLUMNS``, else the terminal's width, else :data:`WIDTH`; at least 40."""
    columns = os.environ.get("COLUMNS", "")
    if not (columns.isdecimal() and int(columns)):
        try:
            columns = str(os.get_terminal_size(sys.stdout.fileno()).columns) if sys.stdout.isatty() else ""
        except (OSError, ValueError, AttributeError):
            columns = ""
    return max(int(columns), 40) if columns.isdecimal() and int(columns) else WIDTH


def fit(text: str, width: int) -> str:
    """Each line of ``text`` wrapped at word boundaries to ``width``, its continuation indented two more."""
    lines = []
    for line in text.split("\n"):
        indent = " " * (len(line) - len(line.lstrip()))
        lines += textwrap.wrap(line, width, subsequent_indent=indent + "  ", break_long_words=False,
                               break_on_hyphens=False) or [line]
    return "\n".join(lines)


class Terminal:
    """Questions and answers, a line each, from a person at a terminal or a script piped in.

    When the answers do not come from a terminal they are echoed after the
    question, so the transcript reads as a conversation. Lines are fitted to
    the terminal's width. Lines may be held back (the board after a score)
    to be shown before whatever is said next, or dropped when something
    newer says the same.
    """

    def __init__(self) -> None:
        self.echo = not (sys.stdin is not None and sys.stdin.isatty())
        self.held: list[str] = []
        self.at_prompt = False

    def say(self, text: str = "", *, wrap: bool = True, flush: bool = True) -> None:
        """Say ``text`` (fitted to the width unless ``wrap`` is off), after any lines held back unless ``flush`` is off."""
        if flush:
            self.flush()
        click.echo(fit(text, terminal_width()) if wrap else text)

    def hold(self, lines: Sequence[str]) -> None:
        """Hold ``lines`` back until something else is said, in place of any held before."""
        self.held = list(lines)

    def drop(self) -> None:
        """Forget the lines held back: what is said next says the same, or more."""
        self.held = []

    def flush(self) -> None:
        """Show the lines held back."""
        held, self.held = self.held, []
        for line in held:
            click.echo(line)

    def end_line(self) -> None:
        """End a prompt's line left open by Ctrl-C, so what follows starts on its own line."""
        if self.at_prompt:
            click.echo()
            self.at_prompt = False

    def ask(self, question: str, help: Sequence[str], cards: Sequence[Card] = ()) -> str:
        """The answer to ``question``: an empty line asks again, ``help`` lists what may be typed, ``q`` quits.

        When the answer may name one of ``cards``, ``q`` could be a queen among them: then only ``quit`` quits.
        """
        while True:
            answer = self.read(question)
            queens = [card for card in cards if card.rank is Rank.QUEEN]
            if answer.lower() == "q" and queens:
                self.say(f"  {quoted(answer)} could be {' or '.join(map(str, queens))}, or quit: type the card, or quit")
                continue
            if answer.lower() in ("q", "quit"):
                raise Quit
            if answer.lower() == "help":
                for line in help:
                    self.say(f"  {line}")
            elif answer:
                return answer

    def read(self, question: str) -> str:
        """One line typed after ``question``, stripped; Ctrl-C is :class:`Interrupted`, the end of input :class:`EndOfInput`."""
        self.flush()
        click.echo(f"{question} ", nl=False)
        self.at_prompt = True
        try:
            line = sys.stdin.readline() if sys.stdin is not None else ""
        except KeyboardInterrupt:
            raise Interrupted from None
        if not line:
            self.end_line()
            raise EndOfInput
        self.at_prompt = False
        answer = line.strip()
        if self.echo:
            click.echo(answer)
        return answer


def read_card(token: str, shown: Sequence[Card], *, suits_matter: bool) -> Card:
    """The card a typed word names: a card (``5S``), a rank alone (``5``), or a place in ``shown`` (``1`` for the first).

    A rank names the card of that rank in ``shown``; with two or more, any of
    them unless ``suits_matter`` (the throw), when it is ambiguous. A number
    that is both a rank held and the place of a card of another rank is
    ambiguous too. :class:`CardError` says why a word names no card, naming
    the cards it could be when it could be more than one.
    """
    try:
        return parse_card(token)
    except CardError as error:
        problem = error
    place = int(token) if token.isdecimal() else 0
    at_place = shown[place - 1] if 1 <= place <= len(shown) else None
    try:
        rank = parse_rank(token)
    except CardError:
        if at_place is not None:
            return at_place
        if place:
            raise CardError(f"{quoted(token)} is not a card: your cards are numbered 1 to {len(shown)}") from None
        raise problem from None
    held = [card for card in shown if card.rank == rank]
    name = "10" if rank is Rank.TEN else rank.symbol
    if at_place is not None and at_place.rank != rank:
        if not held:
            return at_place
        cards = " or ".join(map(str, held))
        raise CardError(f"{quoted(token)} could be {cards} (your {name}) or {at_place} (card {place}): type the card")
    if not held:
        raise CardError(f"you hold no {name}")
    if len(held) > 1 and suits_matter:
        raise CardError(f"{quoted(token)} could be {' or '.join(map(str, held))}: give the suit")
    return held[0]


def read_cards(answer: str, shown: Sequence[Card], *, suits_matter: bool) -> tuple[Card, ...]:
    """The cards an answer names, word by word (:func:`read_card`); a card may be named only once."""
    cards = tuple(read_card(word, shown, suits_matter=suits_matter) for word in answer.replace(",", " ").split())
    check_distinct(cards)
    return cards


def throw_problem(hand: Sequence[Card], thrown: Sequence[Card], need: int) -> str | None:
    """Why a throw is not legal, or None."""
    if len(thrown) != need:
        return "one card, please" if need == 1 else f"throw {need} cards, not {len(thrown)}"
    for card in thrown:
        if card not in hand:
            return f"{card} is not your card"
    return None




def throw_table(analysis: ThrowAnalysis, options: Sequence[ThrowOption]) -> str:
    """A table of throws as the analyst prints them; where it would not fit the terminal, without the keep,
    which is the hand less the throw."""
    from ..game.analyst import throw_columns, throw_row

    rows = [throw_row(analysis, option) for option in options]
    columns = throw_columns(analysis)
    table = formats.table(rows, columns)
    if max(map(len, table.splitlines())) > terminal_width():
        table = formats.table([row[:1] + row[2:] for row in rows], columns[:1] + columns[2:])
    return table
