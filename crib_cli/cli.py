"""The ``crib`` command line: parse, call the core, render. Nothing else."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, TypeVar

import click

from . import formats
from .cards import Card, CardError, format_cards, parse_cards, parse_show
from .formats import Row, RowError, Tally
from .score import ScoreItem, ShowScore, check_claim, score_show, show_parts, spoken_count
from .stats import MAX_SHOW, show_distribution

F = TypeVar("F", bound=Callable[..., Any])

RULES_NOTE = (
    "Rules: a four-card flush counts in a hand but not in the crib (five only); "
    "nobs is a hand jack of the starter's suit, never the starter itself."
)


class CardsType(click.ParamType):
    """Cards on the command line, such as ``"5S 5C 6D JH 4C KS"``; a bad card is a usage error."""

    name = "CARDS"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[Card, ...]:
        if isinstance(value, tuple):
            return value
        try:
            return parse_cards(value)
        except CardError as error:
            self.fail(str(error), param, ctx)


class ShowType(click.ParamType):
    """A show ``"5S 5C 5D JH / 5H"``; ``-`` or a ``.csv`` path is passed through as a batch source."""

    name = "SHOW"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if not isinstance(value, str) or is_source(value):
            return value
        try:
            return parse_show(value)
        except CardError as error:
            self.fail(str(error), param, ctx)


def is_source(value: str) -> bool:
    """Whether an argument names batch input: ``-`` for stdin or a path ending in ``.csv``."""
    return value == "-" or value.lower().endswith(".csv")


def format_option(*choices: str) -> Callable[[F], F]:
    """The shared ``-f/--format`` option; the first choice is the default unless a command decides."""
    return click.option(
        "-f",
        "--format",
        "fmt",
        type=click.Choice(choices, case_sensitive=False),
        default=None,
        help="Output format.",
    )


def open_source(source: str) -> IO[str]:
    """Open batch input as text: ``-`` is stdin. Handles a BOM and any line ends."""
    if source == "-":
        return io.TextIOWrapper(click.get_binary_stream("stdin"), encoding="utf-8-sig", newline="")
    try:
        return open(source, encoding="utf-8-sig", newline="")
    except OSError as error:
        raise click.BadParameter(f"cannot read {source!r}: {error.strerror}", param_hint="SOURCE") from None


def run_batch(
    source: str,
    fmt: str | None,
    result_columns: Sequence[str],
    evaluate: Callable[[dict[str, str]], Sequence[Any]],
    *,
    required: str,
    strict: bool,
) -> None:
    """Stream a CSV through ``evaluate``, one output row per input row; exit 1 if any failed."""
    if fmt not in (None, "csv", "jsonl"):
        raise click.UsageError(f"--format {fmt} is not for batch input: use csv or jsonl")
    with open_source(source) as stream:
        header, rows = formats.read_csv(stream)
        if required not in (name.strip().lower() for name in header):
            raise click.UsageError(f"the input has no {required!r} column (header: {','.join(header) or 'empty'})")
        tally = Tally()
        out_header = [*header, *result_columns, "error"]
        output = formats.process_rows(rows, lambda row: evaluate(row.fields), len(result_columns), tally, strict=strict)
        writer = formats.write_jsonl if fmt == "jsonl" else formats.write_csv
        try:
            writer(click.get_text_stream("stdout"), out_header, output)
        except RowError as error:
            click.echo(str(error), err=True)
            sys.exit(1)
    if tally.failed:
        click.echo(f"{tally.failed} of {tally.rows} rows failed", err=True)
        sys.exit(1)


class CribGroup(click.Group):
    """A group whose errors are one line on stderr, without the usage block."""

    def main(self, *args: Any, standalone_mode: bool = True, **kwargs: Any) -> Any:
        if not standalone_mode:
            return super().main(*args, standalone_mode=False, **kwargs)
        try:
            code = super().main(*args, standalone_mode=False, **kwargs)
        except click.ClickException as error:
            click.echo(f"Error: {error.format_message()}", err=True)
            sys.exit(error.exit_code)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        sys.exit(code or 0)


@click.group(cls=CribGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="crib")
def cli() -> None:
    """Cribbage hand scorer and analyzer.

    Cards are a rank (A 2-10 T J Q K) and a suit (S H D C or ♠♥♦♣), any
    case: 5S, 10H, TH, jd. A show is four cards, '/', the starter.

    Exit status: 0 success, 1 bad rows in input data, 2 bad usage.
    """


def item_rows(score: ShowScore) -> Iterator[list[Any]]:
    """Table rows for an itemized show, then the total."""
    for item in score.items:
        yield [item.kind.value, format_cards(item.cards), item.points]
    yield ["total", "", score.total]


def item_json(item: ScoreItem) -> dict[str, Any]:
    return {"kind": item.kind.value, "cards": [str(c) for c in item.cards], "points": item.points}


def show_json(score: ShowScore) -> dict[str, Any]:
    """The JSON object for one show."""
    return {
        "hand": [str(c) for c in score.hand],
        "starter": str(score.starter),
        "crib": score.crib,
        "fifteens": score.fifteens,
        "pairs": score.pairs,
        "runs": score.runs,
        "flush": score.flush,
        "nobs": score.nobs,
        "total": score.total,
        "items": [item_json(item) for item in score.items],
    }


def claim_lines(score: ShowScore, claimed: int) -> tuple[list[str], dict[str, Any]]:
    """Muggins: what to say about a claimed count, as text lines and as JSON."""
    claim = check_claim(score, claimed)
    if claim.claimed == claim.total:
        lines = [f"claim of {claimed} is right"]
    elif claim.claimed > claim.total:
        lines = [f"claim of {claimed} is {claimed - claim.total} too many: the show is worth {claim.total}"]
    else:
        lines = [f"claim of {claimed} is {claim.muggins} short of {claim.total}: muggins! the opponent may peg {claim.muggins}"]
        if claim.overlooked:
            lines += [f"  overlooked {item.kind.value} {format_cards(item.cards)} for {item.points}" for item in claim.overlooked]
        else:
            lines.append(f"  no set of items adds up to exactly {claim.muggins}")
    data = {
        "claimed": claimed,
        "correct": claim.claimed == claim.total,
        "muggins": claim.muggins,
        "overlooked": [item_json(item) for item in claim.overlooked],
    }
    return lines, data


SCORE_COLUMNS = ("fifteens", "pairs", "runs", "flush", "nobs", "total")


def score_fields(default_crib: bool) -> Callable[[dict[str, str]], tuple[int, ...]]:
    """Score one CSV row: ``hand`` (4 cards, or a whole show), ``starter``, ``crib``."""

    def evaluate(fields: dict[str, str]) -> tuple[int, ...]:
        hand_text, starter_text = fields["hand"], fields.get("starter", "").strip()
        try:
            if "/" in hand_text:
                if starter_text:
                    raise CardError("the starter is given twice: in 'hand' after '/' and in 'starter'")
                hand, starter = parse_show(hand_text)
            elif starter_text:
                hand, starter = parse_show(f"{hand_text} / {starter_text}")
            else:
                raise CardError("no starter: give a 'starter' column or write 'hand / starter'")
        except CardError as error:
            raise ValueError(str(error)) from None
        crib_text = fields.get("crib", "")
        crib = formats.parse_flag(crib_text) if crib_text.strip() else default_crib
        parts = show_parts(hand, starter, crib)
        return (*parts, sum(parts))

    return evaluate


@cli.command()
@click.argument("show", type=ShowType())
@click.option("--crib", is_flag=True, help="Score as a crib: only a five-card flush counts.")
@click.option("--claim", type=click.IntRange(0, 29), help="Check a claimed count (muggins).")
@click.option("--strict", is_flag=True, help="Batch: stop at the first bad row (exit 1).")
@format_option("table", "json", "text", "csv", "jsonl")
def score(show: Any, crib: bool, claim: int | None, strict: bool, fmt: str | None) -> None:
    """Score a hand or crib with its starter, item by item.

    SHOW is four cards, '/', the starter. With '-' (stdin) or a FILE.csv it
    scores a CSV of hands in bulk: column 'hand' (4 cards or a whole show),
    optional 'starter' and 'crib' (true/false); other columns pass through.
    Batch output is CSV (default) or JSON lines; bad rows keep their place,
    with an 'error', and make the exit status 1.

    \b
    $ crib score "6D JH 4H 7C / 5H" --format text
    fifteen two, fifteen four, a run of four is eight, and one for his nob makes nine (9)
    $ crib score - < hands.csv > scored.csv
    """
    if isinstance(show, str):
        run_batch(show, fmt, SCORE_COLUMNS, score_fields(crib), required="hand", strict=strict)
        return
    if fmt in ("csv", "jsonl"):
        raise click.UsageError(f"--format {fmt} is for batch input ('-' or a .csv file)")
    result = score_show(*show, crib=crib)
    lines, claim_data = claim_lines(result, claim) if claim is not None else ([], {})
    if fmt == "json":
        click.echo(formats.to_json(show_json(result) | ({"claim": claim_data} if claim_data else {})))
        return
    if fmt == "text":
        click.echo(f"{spoken_count(result)} ({result.total})")
    else:
        kind = "crib" if crib else "hand"
        click.echo(f"{kind} {format_cards(result.hand)}  starter {result.starter}")
        click.echo(formats.table(item_rows(result), ("score", "cards", "points")))
    for line in lines:
        click.echo(line)


def histogram_rows(counts: Sequence[int], width: int = 40) -> Iterable[list[Any]]:
    """Rows of value, count, share and a bar scaled to the largest count."""
    total, top = sum(counts), max(counts)
    for value, count in enumerate(counts):
        bar = "#" * round(width * count / top) if count else ""
        yield [value, f"{count:,}", f"{count / total:.4%}", bar]


@cli.command()
@click.option("--crib", is_flag=True, help="Cribs instead of hands (crib flush rule).")
@format_option("table", "json")
def stats(crib: bool, fmt: str | None) -> None:
    """The exact distribution of show scores over all 12,994,800 deals.

    Every hand of four with every starter from the other 48 cards, counted
    exactly (grouped by ranks, suits counted in closed form).

    \b
    $ crib stats --format json
    {"deals": 12994800, "counts": {"0": 1009008, ...}, "mean": 4.769...}
    """
    dist = show_distribution(crib=crib)
    if fmt == "json":
        counts = {str(score): n for score, n in enumerate(dist.counts)}
        click.echo(formats.to_json({"deals": dist.deals, "counts": counts, "mean": float(dist.mean)}))
        return
    click.echo(formats.table(histogram_rows(dist.counts), ("score", "deals", "share", "")))
    click.echo(f"{dist.deals:,} deals ({'cribs' if crib else 'hands'}), mean {float(dist.mean):.6f}")
    never = [str(s) for s in range(MAX_SHOW + 1) if not dist.counts[s]]
    click.echo(f"never scored: {', '.join(never)}")


def main() -> None:
    """Console entry point."""
    cli()
