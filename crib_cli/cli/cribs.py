"""``crib cribs``: the expected crib of every thrown pair, as the dealer's own throw and as the pone's gift."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import click

from ..cribs import CribPair, model_description, pair_stderr, pair_table
from ..rules import CRIB_MODELS
from . import formats
from .common import command, format_option


def pair_rows(pairs: tuple[CribPair, ...], errors: tuple[CribPair, ...], model: str) -> Iterator[list[Any]]:
    """One row a class of throw; the expert model's figures with their standard errors."""
    for pair, error in zip(pairs, errors):
        figures = [f"{pair.dealer:.2f}", f"{pair.pone:.2f}"]
        if model == "expert":
            figures = [f"{pair.dealer:.2f} ± {error.dealer:.2f}", f"{pair.pone:.2f} ± {error.pone:.2f}"]
        yield [pair.ranks, "suited" if pair.suited else "", *figures]


@command("cribs")
@click.option("--crib-model", "model", type=click.Choice(CRIB_MODELS, case_sensitive=False), default="random",
              show_default=True, help="How both seats throw: at random, or as experts do (the fixed point).")
@format_option("table", "json", default="table")
def cribs(model: str, fmt: str | None) -> None:
    """The expected crib of every thrown pair: the dealer's own throw, and the pone's gift.

    One row for each of the 91 rank pairs, and a second, suited, where two
    suited cards can make a crib flush. A figure is the expected crib given
    that the seat threw that pair, every other card drawn from the rest of
    the deck as the model has both seats throw (his heels not counted). The
    random model's figures are exact and the same for both seats; the
    expert model's are the fixed point of both seats throwing by net, with
    their standard errors.

    \b
    $ crib cribs --crib-model expert --format json
    [{"ranks": "A-A", "suited": false, "dealer": 5.263, "pone": 6.0569, ...}, ...]
    """
    pairs, errors = pair_table(model), pair_stderr(model)
    if fmt == "json":
        rows = [
            {"ranks": p.ranks, "suited": p.suited, "dealer": p.dealer, "pone": p.pone,
             "dealer_error": e.dealer, "pone_error": e.pone, "crib_model": model}
            for p, e in zip(pairs, errors)
        ]
        click.echo(formats.to_json(rows))
        return
    click.echo(formats.table(pair_rows(pairs, errors, model), ("thrown", "", "dealer's crib", "pone's gift")))
    click.echo(f"crib model: {model} ({model_description(model)})")
