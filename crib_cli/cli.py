"""The ``crib`` command line: parse, call the core, render. Nothing else."""

from __future__ import annotations

import io
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import IO, Any, TypeVar

import click

from . import formats
from .cards import Card, CardError, format_cards, parse_cards, parse_deal, parse_show
from .discard import (
    ROLES,
    StarterScore,
    Throw,
    analyze_discards,
    crib_distribution,
    crib_model,
    deal_players,
    hand_distribution,
    starter_detail,
)
from .formats import RowError, Tally
from .peg import PegAdvice, PegError, PegItem, PegResult, advise, parse_sequence, replay
from .score import ScoreItem, ShowScore, check_claim, score_show, show_parts, spoken_count
from .stats import MAX_SHOW, Distribution, show_distribution

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
            cards = parse_cards(value)
        except CardError as error:
            self.fail(str(error), param, ctx)
        if not cards:
            self.fail("no cards given", param, ctx)
        return cards


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


BATCH_FORMATS = ("csv", "jsonl")


def refuse_batch_format(fmt: str | None) -> None:
    """A usage error for a batch-only format asked of a single show or deal."""
    if fmt in BATCH_FORMATS:
        raise click.UsageError(f"--format {fmt} is for batch input ('-' or a .csv file)")


def open_source(source: str) -> IO[str]:
    """Open batch input as text: ``-`` is stdin. Handles a BOM and any line ends;
    bytes that are not UTF-8 become U+FFFD, so only the row holding them fails."""
    if source == "-":
        return io.TextIOWrapper(click.get_binary_stream("stdin"), encoding="utf-8-sig", errors="replace", newline="")
    try:
        return open(source, encoding="utf-8-sig", errors="replace", newline="")
    except OSError as error:
        raise click.BadParameter(f"cannot read {source!r}: {error.strerror}", param_hint="SOURCE") from None


def run_batch(
    source: str,
    fmt: str | None,
    result_columns: Sequence[str],
    make_evaluate: Callable[[list[str]], Callable[[list[str]], Sequence[Any]]],
    *,
    strict: bool,
) -> None:
    """Stream a CSV through an evaluator, one output row per input row; exit 1 if any failed.

    ``make_evaluate`` sees the header first (raising UsageError if a needed
    column is missing) and returns the function that scores one row's values.
    """
    if fmt not in (None, *BATCH_FORMATS):
        raise click.UsageError(f"--format {fmt} is not for batch input: use csv or jsonl")
    with open_source(source) as stream:
        header, rows = formats.read_csv(stream)
        clashes = [name for name in header if name.strip().lower() in (*result_columns, "error")]
        if clashes:
            raise click.UsageError(f"the input already has a {clashes[0]!r} column, which the output adds: rename it")
        evaluate = make_evaluate(header)
        tally = Tally()
        out_header = [*header, *result_columns, "error"]
        output = formats.process_rows(rows, evaluate, len(result_columns), tally, strict=strict)
        writer = formats.write_jsonl if fmt == "jsonl" else formats.write_csv
        try:
            writer(sys.stdout, out_header, output)
        except RowError as error:
            sys.stdout.flush()
            click.echo(str(error), err=True)
            sys.exit(1)
    sys.stdout.flush()
    if tally.failed:
        click.echo(f"{tally.failed} of {tally.rows} rows failed", err=True)
        sys.exit(1)


def require_column(header: list[str], name: str) -> int:
    """The index of a needed column, or a usage error naming it."""
    index = formats.column_index(header, name)
    if index is None:
        raise click.UsageError(f"the input has no {name!r} column (header: {','.join(header) or 'empty'})")
    return index


class CribGroup(click.Group):
    """A group whose errors are one line on stderr, without the usage block."""

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
        try:
            code = super().main(args, prog_name, complete_var, standalone_mode=False, **extra)
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


def cards_json(cards: Sequence[Card]) -> list[str]:
    return [str(c) for c in cards]


def item_json(item: ScoreItem) -> dict[str, Any]:
    return {"kind": item.kind.value, "cards": cards_json(item.cards), "points": item.points}


def show_json(score: ShowScore) -> dict[str, Any]:
    """The JSON object for one show."""
    return {
        "hand": cards_json(score.hand),
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


def score_fields(default_crib: bool) -> Callable[[list[str]], Callable[[list[str]], tuple[int, ...]]]:
    """Score CSV rows: ``hand`` (4 cards, or a whole show), optional ``starter`` and ``crib``."""

    def make_evaluate(header: list[str]) -> Callable[[list[str]], tuple[int, ...]]:
        hand_at = require_column(header, "hand")
        starter_at = formats.column_index(header, "starter")
        crib_at = formats.column_index(header, "crib")

        def evaluate(values: list[str]) -> tuple[int, ...]:
            hand_text = values[hand_at]
            starter_text = values[starter_at].strip() if starter_at is not None else ""
            if "/" in hand_text and starter_text:
                raise ValueError("the starter is given twice: in 'hand' after '/' and in 'starter'")
            if "/" not in hand_text and not starter_text:
                raise ValueError("no starter: give a 'starter' column or write 'hand / starter'")
            hand, starter = parse_deal(hand_text, starter_text) if starter_text else parse_show(hand_text)
            crib_text = values[crib_at] if crib_at is not None else ""
            crib = formats.parse_flag(crib_text) if crib_text else default_crib
            return show_parts(hand, starter, crib)

        return evaluate

    return make_evaluate


@cli.command(epilog=RULES_NOTE)
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
        if claim is not None:
            raise click.UsageError("--claim checks one show, not batch input")
        run_batch(show, fmt, SCORE_COLUMNS, score_fields(crib), strict=strict)
        return
    refuse_batch_format(fmt)
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
        share = f"{count / total:.4%}" if count == 0 or count / total >= 5e-7 else "<0.0001%"
        yield [value, f"{count:,}", share, bar]


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


class DealType(CardsType):
    """A deal of 6 or 5 cards; ``-`` or a ``.csv`` path is passed through as a batch source."""

    name = "DEAL"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, str) and is_source(value):
            return value
        return super().convert(value, param, ctx)


DISCARD_COLUMNS = ("keep", "throw", "hand_mean", "hand_min", "hand_max", "crib_mean", "net_dealer", "net_pone")

NET_NOTES = {
    None: "sorted by hand; net dealer = hand + crib, net pone = hand - crib",
    "dealer": "net = hand + crib: the crib is yours",
    "partner": "net = hand + crib: your partner's crib is your side's",
    "pone": "net = hand - crib: the crib is the dealer's",
}


def throw_figures(option: Throw) -> tuple[Any, ...]:
    """One throw's figures in :data:`DISCARD_COLUMNS` order, cards as text, means as floats."""
    return (
        format_cards(option.keep),
        format_cards(option.throw),
        float(option.hand_mean),
        option.hand_min,
        option.hand_max,
        float(option.crib_mean),
        float(option.net_dealer),
        float(option.net_pone),
    )


def discard_fields(
    default_role: str | None, players: int | None
) -> Callable[[list[str]], Callable[[list[str]], tuple[Any, ...]]]:
    """Analyze CSV rows: ``hand`` (6 or 5 cards), optional ``role``; the best throw's figures."""

    def make_evaluate(header: list[str]) -> Callable[[list[str]], tuple[Any, ...]]:
        hand_at = require_column(header, "hand")
        role_at = formats.column_index(header, "role")

        def evaluate(values: list[str]) -> tuple[Any, ...]:
            role = (values[role_at].strip().lower() if role_at is not None else "") or default_role
            return throw_figures(analyze_discards(parse_cards(values[hand_at]), role=role, players=players)[0])

        return evaluate

    return make_evaluate


def pick_throw(options: Sequence[Throw], chosen: tuple[Card, ...] | None) -> Throw:
    """The option throwing ``chosen``, or the best when none is chosen."""
    if not chosen:
        return options[0]
    for option in options:
        if option.throw == tuple(sorted(chosen)):
            return option
    raise ValueError(f"--throw {format_cards(chosen)} is not {len(options[0].throw)} of the dealt cards")


def distribution_json(dist: Distribution) -> dict[str, Any]:
    """Exact counts of the scores that occur, out of ``outcomes`` equally likely ones."""
    counts = {str(score): n for score, n in enumerate(dist.counts) if n}
    return {"outcomes": dist.deals, "counts": counts, "mean": float(dist.mean)}


def discard_json(
    deal: tuple[Card, ...], role: str | None, options: Sequence[Throw], pick: Throw,
    dists: Sequence[Distribution], detail: Sequence[StarterScore],
) -> dict[str, Any]:
    """The JSON object: the deal, the role, every option best first; then any detail asked for."""
    data: dict[str, Any] = {
        "hand": cards_json(deal),
        "role": role,
        "options": [
            dict(zip(DISCARD_COLUMNS, throw_figures(o))) | {"keep": cards_json(o.keep), "throw": cards_json(o.throw)}
            for o in options
        ],
    }
    if dists:
        data["dist"] = {"keep": cards_json(pick.keep), "throw": cards_json(pick.throw)} | {
            name: distribution_json(d) for name, d in zip(("hand", "crib"), dists)
        }
    if detail:
        data["starters"] = [
            {"label": g.label, "starters": cards_json(g.starters), "points": g.points, "chance": float(g.chance)}
            for g in detail
        ]
    return data


def throw_rows(options: Sequence[Throw], role: str | None) -> Iterator[list[Any]]:
    """Table rows: the cards, hand mean/min/max, crib mean, and the net for the role (or both nets)."""
    for o in options:
        means = (o.crib_mean, o.net(role)) if role else (o.crib_mean, o.net_dealer, o.net_pone)
        yield [format_cards(o.keep), format_cards(o.throw), f"{float(o.hand_mean):.2f}", o.hand_min, o.hand_max,
               *(f"{float(m):.2f}" for m in means)]


def starter_rows(detail: Sequence[StarterScore], unseen: int) -> Iterator[list[Any]]:
    """Table rows: each score, the starters that give it, how many of the unseen cards they are."""
    for points in sorted({g.points for g in detail}, reverse=True):
        groups = [g for g in detail if g.points == points]
        yield [points, ", ".join(g.label for g in groups), f"{sum(len(g.starters) for g in groups)} of {unseen}"]


def discard_lines(
    options: Sequence[Throw], role: str | None, players: int, pick: Throw,
    dists: Sequence[Distribution], detail: Sequence[StarterScore],
) -> Iterator[str]:
    """The text output: the table of throws with its notes, then any detail asked for."""
    unseen = 52 - len(pick.keep) - len(pick.throw)
    nets = (f"net ({role})",) if role else ("net dealer", "net pone")
    yield formats.table(throw_rows(options, role), ("keep", "throw", "hand", "min", "max", "crib", *nets))
    yield f"hand: over the {unseen} unseen starters; crib: {crib_model(players)}; his heels left out"
    yield NET_NOTES[role]
    if dists or detail:
        yield f"\nkeep {format_cards(pick.keep)}, throw {format_cards(pick.throw)}"
    for name, dist in zip(("hand", "crib"), dists):
        over = f"the {unseen} starters" if name == "hand" else f"its {dist.deals:,} equally likely completions"
        yield f"\n{name} score over {over}, mean {float(dist.mean):.4f}"
        bars = (row for row, n in zip(histogram_rows(dist.counts), dist.counts) if n)
        yield formats.table(bars, ("score", "ways", "chance", ""))
    if detail:
        yield "\nstarters for the kept hand"
        yield formats.table(starter_rows(detail, unseen), ("points", "starters", "chance"))


@cli.command()
@click.argument("deal", type=DealType())
@click.option("--role", type=click.Choice(ROLES, case_sensitive=False), help="Sort by the net for this role.")
@click.option("--players", type=click.IntRange(2, 4), help="2 (6 cards) or 3/4 (5 cards); default from the deal.")
@click.option("--dist", is_flag=True, help="Exact chance of every hand and crib score for the best throw.")
@click.option("--starter-detail", "starters", is_flag=True, help="Which starters give the kept hand which score.")
@click.option("--throw", "chosen", type=CardsType(), help="Detail this throw instead of the best one.")
@click.option("--strict", is_flag=True, help="Batch: stop at the first bad row (exit 1).")
@format_option("table", "json", "csv", "jsonl")
def discard(
    deal: Any, role: str | None, players: int | None, dist: bool, starters: bool,
    chosen: tuple[Card, ...] | None, strict: bool, fmt: str | None,
) -> None:
    """Which cards to throw to the crib: every throw, best first, with exact means.

    DEAL is 6 cards (two players, throw two) or 5 (three or four players,
    throw one). The hand is scored with every unseen starter; the crib mean
    takes the other crib cards as random unseen cards (his heels left out).
    Dealer and partner add the crib to the hand, pone subtracts it.
    With '-' (stdin) or a FILE.csv: column 'hand', optional 'role'; one row
    out per row in, with the best throw's figures (CSV or JSON lines).

    \b
    $ crib discard "5S 5C 6D JH 4C KS" --role dealer
    keep         throw    hand    min    max    crib    net (dealer)
    -----------  -------  ------  -----  -----  ------  --------------
    4C 5S 5C 6D  JH KS    15.96   12     24     3.97    19.93
    5S 5C JH KS  4C 6D    12.43   10     21     4.41    16.84
    ...
    $ crib discard - < deals.csv > throws.csv
    """
    if isinstance(deal, str):
        if dist or starters or chosen:
            raise click.UsageError("--dist, --starter-detail and --throw are for one deal, not batch input")
        run_batch(deal, fmt, DISCARD_COLUMNS, discard_fields(role, players), strict=strict)
        return
    refuse_batch_format(fmt)
    if chosen and not (dist or starters):
        raise click.UsageError("--throw picks the throw for --dist or --starter-detail")
    try:
        players = deal_players(len(deal), players=players, role=role)
        options = analyze_discards(deal, role=role, players=players)
        pick = pick_throw(options, chosen)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    dists = (hand_distribution(pick.keep, pick.throw), crib_distribution(pick.keep, pick.throw)) if dist else ()
    detail = starter_detail(pick.keep, pick.throw) if starters else ()
    if fmt == "json":
        click.echo(formats.to_json(discard_json(deal, role, options, pick, dists, detail)))
    else:
        click.echo("\n".join(discard_lines(options, role, players, pick, dists, detail)))


class PlayType(click.ParamType):
    """Cards in the order laid, with ``go`` tokens, such as ``"JH 5S 7C 6H go 2S go"``."""

    name = "PLAY"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> tuple[Card | None, ...]:
        if isinstance(value, tuple):
            return value
        try:
            return parse_sequence(value)
        except CardError as error:
            self.fail(str(error), param, ctx)


def peg_hands(
    pone: tuple[Card, ...] | None,
    dealer: tuple[Card, ...] | None,
    hands: tuple[tuple[Card, ...], ...],
    players: int | None,
) -> tuple[tuple[tuple[Card, ...], ...] | None, int]:
    """The hands in seat order (or None) and the number of players, from --pone/--dealer or --hand."""
    if pone is None and dealer is None:
        return (hands or None), players or len(hands) or 2
    if pone is None or dealer is None or hands or players not in (None, 2):
        raise click.UsageError("--pone and --dealer go together, for two players; else give --hand once a seat")
    return (pone, dealer), 2


def item_list(items: Sequence[PegItem]) -> list[dict[str, Any]]:
    """Scoring items as JSON objects."""
    return [{"kind": item.kind, "points": item.points} for item in items]


def play_rows(result: PegResult) -> Iterator[list[Any]]:
    """Table rows: who laid what, the count, what it scored."""
    for event in result.events:
        if event.card is None:
            yield [event.player, "go", "", "", ""]
        else:
            scoring = ", ".join(item.kind for item in event.items)
            yield [event.player, str(event.card), event.count, scoring, event.points or ""]


def play_lines(result: PegResult) -> Iterator[str]:
    """The table, then the totals (and, for four players, each side's)."""
    yield formats.plain_table(play_rows(result), ("player", "card", "count", "scoring", "points"))
    width = max(len(name) for name in ("player", *result.players)) + 2
    yield "total".ljust(width) + "   ".join(f"{name} {points}" for name, points in result.totals.items())
    if len(result.players) == 4:
        yield "sides".ljust(width) + "   ".join(f"{side} {points}" for side, points in result.sides.items())


def play_json(result: PegResult) -> dict[str, Any]:
    """Every play with its items, then each player's total (and each side's, for four)."""
    plays = [
        {"player": e.player, "card": None if e.card is None else str(e.card), "count": e.count,
         "points": e.points, "items": item_list(e.items)}
        for e in result.events
    ]
    sides = {"sides": result.sides} if len(result.players) == 4 else {}
    return {"plays": plays, **result.totals, **sides}


def advice_json(advice: Sequence[PegAdvice]) -> dict[str, Any]:
    """Every legal play, best first, with its reply figures and reason."""
    return {
        "advice": [
            {"card": None if a.card is None else str(a.card), "count": a.count, "points": a.points,
             "items": item_list(a.items), "expected_reply": round(a.expected, 4), "worst_reply": a.worst,
             "net": round(a.net, 4), "reason": a.reason}
            for a in advice
        ]
    }


def advice_rows(advice: Sequence[PegAdvice]) -> Iterator[list[Any]]:
    """Table rows: the play, the count it leaves, points now, the reply, the net, why."""
    for a in advice:
        card = "go" if a.card is None else str(a.card)
        yield [card, a.count, a.points, f"{a.expected:.2f}", a.worst, f"{a.net:+.2f}", a.reason]


@cli.command()
@click.argument("play", type=PlayType(), required=False, default="")
@click.option("--pone", type=CardsType(), help="Two players: the pone's four cards.")
@click.option("--dealer", type=CardsType(), help="Two players: the dealer's four cards.")
@click.option("--hand", "hands", type=CardsType(), multiple=True,
              help="A hand, once a seat from the dealer's left, the dealer's last; with --advise, your cards left.")
@click.option("--players", type=click.IntRange(2, 4), help="2, 3 or 4; default: one per --hand, else 2.")
@click.option("--advise", "advice", is_flag=True, help="Rank the plays from --hand after the cards laid.")
@format_option("table", "json")
def peg(
    play: tuple[Card | None, ...], pone: tuple[Card, ...] | None, dealer: tuple[Card, ...] | None,
    hands: tuple[tuple[Card, ...], ...], players: int | None, advice: bool, fmt: str | None,
) -> None:
    """Score the play card by card, or advise the next card.

    PLAY is the cards in the order laid. With every hand given, who laid
    each card and every go are inferred and each play is checked; an
    illegal play is an error naming the card and the rule (exit 2).
    Without hands, write 'go' wherever the player to move could not play,
    both goes of a series included; each player holds 4 cards.

    Players: two are the pone and the dealer (--pone, --dealer). For 3 or
    4, give --hand once a seat from the dealer's left, the dealer's last:
    'player 1' (left of the dealer; leads) round to 'dealer'. With four,
    partners sit opposite and score as a side.

    Scoring: 15 and 31 for 2 (31 is not also a go), pairs 2/6/12, the
    longest run of the last cards in any order, never across a reset; 1
    for the go, 1 for the last card (nothing more at 31).

    --advise ranks the cards in your one --hand that fit after PLAY (the
    cards laid so far, goes written): points now, what the next player's
    reply scores over the unseen cards (expected and worst), and the net.

    \b
    $ crib peg --pone "6D JH 4H 7C" --dealer "5S 4S 2S 6H" "JH 5S 7C 6H 2S 6D 4S 4H"
    player  card  count  scoring          points
    pone    JH    10
    dealer  5S    15     fifteen          2
    ...
    total   pone 3   dealer 6
    $ crib peg --advise --hand "7C 8D 5H" "TS 4D"
    play  count  now  reply  worst  net    why
    8D    22     0    0.30   2      -0.30  leaves 22: 4 of 47 unseen make 31, 3 pair it
    ...
    """
    try:
        if advice:
            if len(hands) != 1 or pone or dealer:
                raise click.UsageError("--advise takes your cards left as one --hand")
            ranked = advise(hands[0], play, players=players or 2)
            out = formats.to_json(advice_json(ranked)) if fmt == "json" else formats.plain_table(
                advice_rows(ranked), ("play", "count", "now", "reply", "worst", "net", "why"))
        else:
            if not play:
                raise click.UsageError("give the cards laid, in order, e.g. \"JH 5S 7C 6H go 2S go\"")
            seated, count = peg_hands(pone, dealer, hands, players)
            result = replay(play, seated, players=count)
            out = formats.to_json(play_json(result)) if fmt == "json" else "\n".join(play_lines(result))
    except PegError as error:
        raise click.UsageError(str(error)) from None
    click.echo(out)


def main() -> None:
    """Console entry point."""
    cli()
