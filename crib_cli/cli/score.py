"""``crib score``: one show itemized (table, JSON or spoken), or a CSV of hands in bulk."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

import click

from ..cards import format_cards, parse_cards, parse_show
from ..score import Claim, ScoreItem, ShowScore, check_claim, score_show, spoken_count, text_parts, text_scorer
from . import formats
from .common import (
    cards_argument,
    cards_json,
    command,
    format_option,
    plain_lines,
    refuse_batch_format,
    require_column,
    run_batch,
    variant_option,
)

RULES_NOTE = (
    "Rules: a four-card flush counts in a hand but not in the crib (five only); "
    "nobs is a hand jack of the starter's suit, never the starter itself. "
    "Five-card cribbage (--variant five): a hand is three cards, and its flush three "
    "(four with the starter); the crib is four cards and scores exactly as above."
)
SCORE_COLUMNS = ("fifteens", "pairs", "runs", "flush", "nobs", "total")
NINETEEN = 19
"""What a player calls a hand of nothing, since no show scores 19."""
IMPOSSIBLE = (25, 26, 27)
"""Totals below 29 that no show can score (19 aside)."""
THREE_CARD_IMPOSSIBLE = (16, 17, 18)
"""Totals below 20, the most, that no five-card cribbage hand of three can score (19 aside)."""


def item_rows(score: ShowScore) -> Iterator[list[Any]]:
    """Table rows for an itemized show, then the total."""
    for item in score.items:
        yield [item.kind.value, format_cards(item.cards), item.points]
    yield ["total", "", score.total]


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
    """Muggins: what to say about a claimed count, as text lines and as JSON.

    A claim of 19 is read as the call for a hand of nothing, a claim of 0.
    In JSON, ``muggins`` is what a short claim missed and ``too_many`` what an
    over-claim added (one of them 0); ``overlooked`` lists the items a short
    claim missed, and ``overlooked_only`` says whether they are the only such
    set (null when nothing is listed: a right claim or an over-claim, or a
    shortfall no set of items makes exactly).
    """
    lines = []
    if claimed == NINETEEN:
        lines.append("19 is what a player calls a hand of nothing (no show scores 19): read as a claim of 0")
        claimed = 0
    claim = check_claim(score, claimed)
    if claim.claimed == claim.total:
        lines.append(f"claim of {claimed} is right")
    elif claim.claimed > claim.total:
        lines.append(f"claim of {claimed} is {claimed - claim.total} too many: the show is worth {claim.total}")
    else:
        lines.append(f"claim of {claimed} is {claim.muggins} short of {claim.total}: muggins! the opponent may peg {claim.muggins}")
        if claim.overlooked:
            lines += overlooked_lines(claim, "  ")
        else:
            lines.append(f"  no set of items adds up to exactly {claim.muggins}")
    data = {
        "claimed": claimed,
        "correct": claim.claimed == claim.total,
        "muggins": claim.muggins,
        "too_many": max(claim.claimed - claim.total, 0),
        "overlooked": [item_json(item) for item in claim.overlooked],
        "overlooked_only": claim.only if claim.overlooked else None,
    }
    return lines, data


def overlooked_lines(claim: Claim, indent: str) -> list[str]:
    """The items a short claim missed; "for example" when other items would make the same shortfall."""
    items = [f"{item.kind.value} {format_cards(item.cards)} for {item.points}" for item in claim.overlooked]
    if claim.only:
        return [f"{indent}overlooked {item}" for item in items]
    return [f"{indent}overlooked, for example:"] + [f"{indent}  {item}" for item in items]


def check_claim_option(ctx: click.Context, param: click.Parameter, value: int | None) -> int | None:
    """Refuse a claim no show can score (the variant and crib flag are read before it)."""
    if value is not None and size_for(ctx.params) == 3 and (value in THREE_CARD_IMPOSSIBLE or value > 20):
        raise click.BadParameter(
            f"no five-card hand of three scores {value} (16, 17 and 18 are impossible; the most is 20)", ctx, param
        )
    if value in IMPOSSIBLE:
        raise click.BadParameter(f"no show scores {value} (25, 26 and 27 are impossible; the most is 29)", ctx, param)
    return value


def hand_size(variant: str, crib: bool) -> int:
    """Cards in the hand of a show: 4, or 3 for a five-card cribbage hand (its crib is 4)."""
    return 3 if variant == "five" and not crib else 4


def size_for(params: dict[str, Any]) -> int:
    """:func:`hand_size` for the variant and crib flag the command line gave (both read before the show)."""
    return hand_size(params.get("variant") or "six", bool(params.get("crib")))


def parse_for(params: dict[str, Any]) -> Callable[[str], Any]:
    """The parse of a show for the variant and crib flag given."""
    return partial(parse_show, size=size_for(params))


def score_fields(default_crib: bool, variant: str = "six") -> Callable[[list[str]], Callable[[list[str]], tuple[int, ...]]]:
    """Score CSV rows: ``hand`` (4 cards, 3 in a five-card hand, or a whole show), optional ``starter`` and ``crib``."""

    def make_evaluate(header: list[str]) -> Callable[[list[str]], tuple[int, ...]]:
        hand_at = require_column(header, "hand")
        starter_at = formats.column_index(header, "starter")
        crib_at = formats.column_index(header, "crib")

        fast = text_scorer()

        def evaluate(values: list[str]) -> tuple[int, ...]:
            hand_text = values[hand_at]
            crib_text = values[crib_at] if crib_at is not None else ""
            crib = formats.parse_flag(crib_text, default_crib) if crib_text else default_crib
            size = hand_size(variant, crib)
            if size == 4 and starter_at is not None:
                parts = fast(hand_text, values[starter_at], crib)
                if parts is not None:
                    return parts
            starter_text = values[starter_at].strip() if starter_at is not None else ""
            if starter_text:
                if "/" in hand_text:
                    raise ValueError("the starter is given twice: in 'hand' after '/' and in 'starter'")
            elif "/" not in hand_text and len(parse_cards(hand_text)) < size + 1:  # a word that is no card says so first
                raise ValueError(
                    f"no starter: give a 'starter' column, or write 'hand / starter' (or {size + 1} cards, the starter last)"
                )
            return text_parts(hand_text, starter_text, crib, size)

        return evaluate

    return make_evaluate


@command("score", epilog=RULES_NOTE)
@cards_argument("show", parse_show, parse_for=parse_for)
@click.option("--crib", is_flag=True, is_eager=True, help="Score as a crib of four: only a five-card flush counts.")
@variant_option("five: five-card cribbage, a hand of three (--crib: its crib of four, scored as any crib).", eager=True)
@click.option("--claim", type=click.IntRange(0, 29), callback=check_claim_option,
              help="Check a claimed count (muggins); 19 is the call for a hand of nothing.")
@click.option("--strict", is_flag=True, help="Batch: stop at the first bad row (exit 1).")
@format_option("table", "json", "text", "csv", "jsonl", default="table; csv for batch input")
def score(show: Any, crib: bool, variant: str, claim: int | None, strict: bool, fmt: str | None) -> None:
    """Score a hand or crib with its starter, item by item.

    SHOW is four cards, '/', the starter (or five cards, the starter last),
    quoted or not; with --variant five a hand is three cards (a crib is
    still four). With '-' (stdin) or a FILE it scores CSV rows in bulk:
    column 'hand' (4 cards or a whole show), optional 'starter' and 'crib'
    (true/false); other columns pass through. A file of plain lines, one show
    a line, needs no header. Batch output is CSV (default) or JSON lines; bad
    rows keep their place, with an 'error', and make the exit status 1.

    \b
    $ crib score 6D JH 4H 7C / 5H --format text
    fifteen two, fifteen four, a run of four is eight, and one for his nob makes nine (9)
    $ crib score --variant five 5H 5C JH / 5S --format text
    fifteen two, fifteen four, fifteen six, fifteen eight, and a pair royal makes fourteen (14)
    $ crib score - < hands.csv > scored.csv
    """
    if isinstance(show, str):
        if claim is not None:
            raise click.UsageError("--claim checks one show, not batch input")
        is_data = plain_lines(partial(parse_show, size=hand_size(variant, crib)))
        run_batch(show, fmt, SCORE_COLUMNS, score_fields(crib, variant), strict=strict, is_data=is_data)
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
