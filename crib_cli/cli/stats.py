"""``crib stats``: the exact distribution of show scores over every deal."""

from __future__ import annotations

import click

from ..stats import show_distribution
from . import formats
from .common import command, format_option, histogram_rows, variant_option


@command("stats")
@click.option("--crib", is_flag=True, help="Cribs instead of hands (crib flush rule).")
@variant_option("five: five-card cribbage hands of three (its crib of four is the usual crib).")
@format_option("table", "json", default="table")
def stats(crib: bool, variant: str, fmt: str | None) -> None:
    """The exact distribution of show scores over all 12,994,800 deals.

    Every hand of four with every starter from the other 48 cards, counted
    exactly (grouped by ranks, suits counted in closed form). With --variant
    five: every five-card cribbage hand of three with every starter from
    the other 49 (22,100 x 49 = 1,082,900 deals); --crib gives the crib of
    four, the same counts as without --variant.

    \b
    $ crib stats --format json
    {"deals": 12994800, "counts": {"0": 1009008, ...}, "mean": 4.769...}
    """
    dist = show_distribution(crib=crib, variant=variant)
    if fmt == "json":
        counts = {str(score): n for score, n in enumerate(dist.counts)}
        click.echo(formats.to_json({"deals": dist.deals, "counts": counts, "mean": float(dist.mean)}))
        return
    click.echo(formats.table(histogram_rows(dist.counts), ("score", "deals", "share", "")))
    shows = "cribs" if crib else "five-card hands of three" if variant == "five" else "hands"
    click.echo(f"{dist.deals:,} deals ({shows}), mean {float(dist.mean):.6f}")
    never = [str(s) for s, n in enumerate(dist.counts) if not n]
    click.echo(f"never scored: {', '.join(never)}")
