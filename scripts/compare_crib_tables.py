"""Our expert crib tables beside Hessel's and Schell's published ones.

    python scripts/compare_crib_tables.py [--all] [--worst 12] [--flush-effect]

Reads the published figures from tests/data/published_cribs.csv (with their
source pages: Hessel's pone table from cribbageforum.com's "Discarding to
opponent's crib", three of his dealer figures quoted in its discard articles,
Schell's two tables from his discard-table page as transcribed, identically,
by several public cribbage programs) and our tables from crib_cli/crib_tables.py. Hessel's tables
leave out crib flushes, so they compare with our offsuit pairs (an offsuit
throw can never make a crib flush); Schell's are rank-only too. Prints, for
every offsuit pair, the random model, ours with its standard error, and the
published figures; then the largest differences and a summary.

``--flush-effect`` also measures how far our tables would move if both seats
threw blind to hand flushes, as suit-blind tables do: one stratified pass per
seat at our tables with the hand flush counted and one without, on the same
deals, so the difference is paired (about a minute).
"""

from __future__ import annotations

import argparse
import csv
import statistics
from pathlib import Path

from crib_cli.builders.cribs import measure, strata
from crib_cli.cribs import CLASSES, CribPair, class_id, classes, pair_classes, pair_stderr, pair_table
from crib_cli.rules import TWO_PLAYER_ROLES

DATA = Path(__file__).resolve().parents[1] / "tests" / "data" / "published_cribs.csv"


def published() -> dict[tuple[str, str, str], float]:
    """(source, seat, pair) -> published expected crib."""
    with DATA.open(newline="", encoding="utf-8") as f:
        return {(row["source"], row["seat"], row["pair"]): float(row["crib"]) for row in csv.DictReader(f)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--worst", type=int, default=12, help="how many of the largest differences to list")
    parser.add_argument("--all", action="store_true", help="list suited pairs too")
    parser.add_argument("--flush-effect", action="store_true", help="measure the effect of hand flushes on the throws")
    args = parser.parse_args()
    pub = published()
    ours = {(p.ranks, p.suited): p for p in pair_table("expert")}
    errors = {(p.ranks, p.suited): p for p in pair_stderr("expert")}
    rand = {(p.ranks, p.suited): p for p in pair_table("random")}

    seat_heads = " | ".join(f"{seat:>7} {'±':>5} {'Schell':>6} {'Hessel':>6}" for seat in ("dealer", "pone"))
    print(f"{'pair':<10}{'random':>7} | {seat_heads}")
    gaps: list[tuple[float, str, str, str, float, float, float]] = []
    for (ranks, suited), row in ours.items():
        if suited and not args.all:
            continue
        err = errors[ranks, suited]
        cells = [f"{ranks + (' s' if suited else ''):<10}{rand[ranks, suited].dealer:7.2f} |"]
        for seat, value, se in (("dealer", row.dealer, err.dealer), ("pone", row.pone, err.pone)):
            cells.append(f"{value:7.2f} {se:5.2f}")
            for source in ("schell", "hessel"):
                figure = pub.get((source, seat, ranks))
                cells.append(f"{figure:6.2f}" if figure is not None else f"{'':6}")
                if figure is not None and not suited:
                    gaps.append((value - figure, source, seat, ranks, value, se, figure))
            cells.append("|")
        print(" ".join(cells)[:-2])

    print("\nlargest differences, ours minus published (offsuit pairs):")
    for gap, source, seat, ranks, value, se, figure in sorted(gaps, key=lambda g: -abs(g[0]))[: args.worst]:
        print(f"  {source:<6} {seat:<6} {ranks:<6} ours {value:5.2f} ± {se:.2f}  published {figure:5.2f}  {gap:+.2f}")
    print("\nsummary (offsuit pairs):")
    for source in ("hessel", "schell"):
        for seat in ("dealer", "pone"):
            found = [g for g in gaps if g[1] == source and g[2] == seat]
            if not found:
                continue
            diffs = [g[0] for g in found]
            within = sum(abs(d) <= 0.05 for d in diffs)
            print(
                f"  {source:<6} {seat:<6} {len(found):2} pairs: mean {statistics.mean(diffs):+.3f}, "
                f"mean |diff| {statistics.mean(map(abs, diffs)):.3f}, largest {max(diffs, key=abs):+.3f}, "
                f"{within} within 0.05"
            )
    explain(pub, ours)
    if args.flush_effect:
        moved = flush_effect()
        gaps_pone = [g[0] for g in gaps if g[1] == "hessel" and g[2] == "pone"]
        print(f"  ours moved so, less Hessel's pone table: mean {statistics.mean(gaps_pone) + moved:+.3f}")


def explain(pub: dict[tuple[str, str, str], float], ours: dict[tuple[str, bool], CribPair]) -> None:
    """Figures behind the reading of the differences, printed with it."""
    hessel = {p: v for (source, seat, p), v in pub.items() if source == "hessel" and seat == "pone"}
    gap = {p: ours[p, False].pone - v for p, v in hessel.items()}
    jacks = [d for p, d in gap.items() if "J" in p.split("-")]
    others = [d for p, d in gap.items() if "J" not in p.split("-")]
    schell = [pub["schell", "pone", p] - v for p, v in hessel.items()]
    middle = ("4-5", "5-6", "6-7", "7-8", "7-9")
    print("\nreading the differences:")
    print(
        f"  Hessel left crib flushes out; an offsuit throw never makes one, so offsuit pairs compare directly.\n"
        f"  Our pone entries sit {statistics.mean(gap.values()):+.3f} from his on average. His hands were\n"
        f"  suit-blind, so his seats never keep a four-card flush; --flush-effect measures how far that moves ours."
    )
    print(
        f"  Nobs: pairs with a jack differ from his by {statistics.mean(jacks):+.3f} on average, the rest by\n"
        f"  {statistics.mean(others):+.3f}, so he counted crib nobs as we do. His heels is in neither table: it\n"
        f"  would add 2 x 4/52 = 0.154 to every entry."
    )
    print(
        f"  Schell's pone table differs from Hessel's by {statistics.mean(schell):+.3f} on average, "
        f"{sum(abs(d) <= 0.05 for d in schell)} of 91 pairs within 0.05;\n"
        f"  his mid-card gifts ({', '.join(middle)}) are "
        f"{statistics.mean(pub['schell', 'pone', p] - hessel[p] for p in middle):+.2f} from Hessel's and "
        f"{statistics.mean(pub['schell', 'pone', p] - ours[p, False].pone for p in middle):+.2f} from ours:\n"
        f"  the gaps to Schell are between the two published tables, made by different methods."
    )


def flush_effect(draws: int = 12, seed: int = 9) -> float:
    """Mean move of the offsuit entries when both seats ignore hand flushes (paired, same deals); returns the pone's."""
    values = {seat: [0.0] * CLASSES for seat in TWO_PLAYER_ROLES}
    for (pair, suited), row in zip(pair_classes(), pair_table("expert")):
        for seat in TWO_PLAYER_ROLES:
            values[seat][class_id(*pair, suited)] = getattr(row, seat)
    plan = [draws] * len(strata().ranks)
    print(f"\nthrowing blind to hand flushes ({draws} deals per stratum and seat, same deals both ways):")
    for seat in TWO_PLAYER_ROLES:
        counted = measure(seat, values["dealer"], values["pone"], plan, seed)
        blind = measure(seat, values["dealer"], values["pone"], plan, seed, hand_flush=False)
        moves = [blind.value[c] - counted.value[c] for c in classes() if not c & 1]
        spread = statistics.pstdev(moves) / len(moves) ** 0.5
        mean = statistics.mean(moves)
        print(f"  {seat:<6} offsuit entries move by {mean:+.3f} on average (± {spread:.3f} from their spread)")
    return mean


if __name__ == "__main__":
    main()
