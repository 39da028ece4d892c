"""``crib stats``: the exact distribution of show scores over every deal."""

from __future__ import annotations

import click

from .. import formats
from ..stats import MAX_SHOW, show_distribution
from .common import command, format_option, histogram_rows


@command("stats")
@click.option("--crib", is_flag=True, help="Cribs instead of hands (crib flush rule).")
@format_option("table", "json", default="table")
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
