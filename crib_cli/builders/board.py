"""Write crib_cli/data/board.py: the chance to win from every position of the board, expert-points against itself.

A *position* is the start of a deal: the dealer's score, the pone's score,
and the target (121 or 61; five-card cribbage to 61). Deals are simulated
with the expert in both seats (``expert-points``: it plays for points and
never looks at the scores; as the tables were built, it does not read the
other's laid cards), so one sample of deals serves every position:
each deal's scoring is recorded in the order it is pegged (his heels, the
play card by card, the pone's hand, the dealer's hand, the crib).

Then, from the top of the board down, a position's chance is exact given the
sampled deals: the average over them of who first reaches the target during
the deal, or else the chance at the position the deal ends in, where the
pone of this deal deals. Every deal scores at least a point (the last card,
or a go), so each position needs only positions with a higher total, worked
out before it. Each deal's outcome can only improve with more points for a
seat, and every position uses the same deals, so more points never lower a
seat's chance in the table. Skunks (loser below 91 of 121), double skunks
(below 61) and lurches (below 31 of 61) are counted the same way, from the
loser's score at the moment the game ends.

The error is measured by building the tables again from ten disjoint tenths
of the deals: the spread of the ten, over the square root of ten, is the
standard error of the whole table (printed, and written into the module).

The same deals give the decision models of :mod:`crib_cli.board`: the joint
distribution of the pone's and the dealer's points in the play, who reaches
a need first within it, each seat's hand and the crib by starter rank, and how a
seat's hand moves with the ranks the other seat holds (the sums of a
least-squares fit), for the effect of the cards I hold on his.

    python -m crib_cli.builders.board [--deals 300000] [--jobs 2 | --cluster ADDRESS] [--out PATH]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from array import array
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from itertools import accumulate, combinations_with_replacement
from operator import mul
from pathlib import Path
from typing import Any, TypeVar

from ..cards import DECK, Card
from ..game.engine import play_deal
from ..pegging import pegging_value
from ..rules import SKUNKS, GameRules
from ..tables import RANK_BITS, RANKS, total_table
from .common import BlindExpert, add_worker_options, target, workers, write

Key = TypeVar("Key", tuple[int, int], tuple[int, int, int], tuple[int, int, int, int])

PONE, DEALER = 0, 1
"""Seats in a sampled deal: seat 1 deals."""

BOARDS = (("six", 121), ("six", 61), ("five", 61))
"""The tables built: six-card cribbage to 121 and to 61, five-card cribbage to 61."""

MARGINS = {goal: tuple(below for below, _, _ in reversed(kinds)) for goal, kinds in SKUNKS.items()}
"""By target: the loser's scores below which a win is a skunk and a double skunk (or a lurch), lightest first."""

SCALE = 65535
"""A chance is written as a whole number of 65,535ths, two bytes."""

BATCHES = 10
"""Disjoint parts of the deals whose tables measure the error."""


@dataclass
class Sample:
    """What the sampled deals of one variant come to, as counts (exact integers, so merging is exact).

    ``reach[seat][need][other]``: deals in which ``seat`` first has ``need``
    points while the other seat has ``other``; ``totals[(dealer, pone)]``: deals
    by the two seats' points; the same for the play alone (``play_reach``, ``play_totals``);
    ``hands[seat][starter rank][points]`` and ``cribs[starter rank][points]``; and for the decision
    models, by starter rank, ``pone_view[(rank, pone's play points, dealer's play points + hand + crib)]``
    and ``dealer_view[(rank, dealer's play points, pone's play points + hand)]``; ``throws[(seat,
    lower thrown rank, higher, starter rank)]``, what each seat threw to the crib; and
    ``removal[seat][(starter rank, i, j)]``, for the seat's hand against the ranks the other seat was
    dealt (their counts ``x``, which the seat's cards cannot be), the sums of a least-squares fit of
    the one on the other: ``x[i] * x[j]`` for ranks ``j`` 1 to 13, ``x[i]`` times the hand's points
    for ``j`` 0; and ``pegging_fit[(seat, term)]``, the sums of a least-squares line of what the seat
    pegged for less than it conceded (``y``) on its keep's pegging value in thousandths (``x``):
    deals, ``x``, ``y``, ``x * x`` and ``x * y`` (terms 0 to 4).
    """

    deals: int = 0
    reach: tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]] = field(default_factory=lambda: ({}, {}))
    totals: dict[tuple[int, int], int] = field(default_factory=dict)
    play_reach: tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]] = field(default_factory=lambda: ({}, {}))
    play_totals: dict[tuple[int, int], int] = field(default_factory=dict)
    hands: tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]] = field(default_factory=lambda: ({}, {}))
    cribs: dict[tuple[int, int], int] = field(default_factory=dict)
    pone_view: dict[tuple[int, int, int], int] = field(default_factory=dict)
    dealer_view: dict[tuple[int, int, int], int] = field(default_factory=dict)
    throws: dict[tuple[int, int, int, int], int] = field(default_factory=dict)
    removal: tuple[dict[tuple[int, int, int], int], dict[tuple[int, int, int], int]] = field(
        default_factory=lambda: ({}, {}))
    pegging_fit: dict[tuple[int, int], int] = field(default_factory=dict)

    def add(self, other: Sample) -> None:
        """Fold in the counts of another sample."""
        self.deals += other.deals
        pairs: list[tuple[dict[Any, int], dict[Any, int]]] = [
            *zip(self.reach, other.reach), (self.totals, other.totals), *zip(self.play_reach, other.play_reach),
            (self.play_totals, other.play_totals),
            *zip(self.hands, other.hands), (self.cribs, other.cribs), (self.pone_view, other.pone_view),
            (self.dealer_view, other.dealer_view), (self.throws, other.throws), *zip(self.removal, other.removal),
            (self.pegging_fit, other.pegging_fit),
        ]
        for mine, theirs in pairs:
            for key, count in theirs.items():
                mine[key] = mine.get(key, 0) + count

    def record(self, events: Sequence[tuple[int, int]], play: Sequence[tuple[int, int]], starter: int,
               shows: Sequence[tuple[int, str, int]], thrown: Sequence[tuple[int, int]],
               values: Sequence[int], dealt: Sequence[Sequence[int]]) -> None:
        """Count one deal: its scoring in order, its play's scoring, its starter's rank, its shows,
        each seat's thrown ranks (lower first), each seat's keep's pegging value by the pegging table
        in thousandths, and the ranks each seat was dealt."""
        self.deals += 1
        for seat, (low, high) in enumerate(thrown):
            self.throws[seat, low, high, starter] = self.throws.get((seat, low, high, starter), 0) + 1
        _count_reaches(events, self.reach, self.totals)
        _count_reaches(play, self.play_reach, self.play_totals)
        shown, hands = [0, 0], [0, 0]
        for seat, kind, points in shows:
            if kind == "crib":
                table = self.cribs
            else:
                table = self.hands[seat]
                hands[seat] += points
            table[starter, points] = table.get((starter, points), 0) + 1
            shown[seat] += points
        for seat, sums in enumerate(self.removal):
            x = Counter(dealt[1 - seat])
            for i, count in x.items():
                sums[starter, i, 0] = sums.get((starter, i, 0), 0) + count * hands[seat]
                for j, other in x.items():
                    sums[starter, i, j] = sums.get((starter, i, j), 0) + count * other
        pegged = [0, 0]
        for seat, points in play:
            pegged[seat] += points
        views = (
            (self.pone_view, (starter, pegged[PONE], pegged[DEALER] + shown[DEALER])),
            (self.dealer_view, (starter, pegged[DEALER], pegged[PONE] + shown[PONE])),
        )
        for table_of, key in views:
            table_of[key] = table_of.get(key, 0) + 1
        for seat, value in enumerate(values):
            net = pegged[seat] - pegged[1 - seat]
            for term, amount in enumerate((1, value, net, value * value, value * net)):
                self.pegging_fit[seat, term] = self.pegging_fit.get((seat, term), 0) + amount


def _count_reaches(
    events: Iterable[tuple[int, int]], reach: tuple[dict[tuple[int, int], int], dict[tuple[int, int], int]],
    totals: dict[tuple[int, int], int],
) -> None:
    """Add one sequence of ``(seat, points)`` to the reach counts, keyed ``(need, other)``, and to the totals."""
    scored = [0, 0]
    for seat, points in events:
        before = scored[seat]
        scored[seat] += points
        other = scored[1 - seat]
        counts = reach[seat]
        for need in range(before + 1, scored[seat] + 1):
            counts[need, other] = counts.get((need, other), 0) + 1
    key = (scored[DEALER], scored[PONE])
    totals[key] = totals.get(key, 0) + 1


def sample_deals(job: tuple[str, int, int]) -> list[Sample]:
    """Deals ``start`` to ``stop`` of a variant, each from its own seeded generator, expert-points against itself,
    counted in :data:`BATCHES` parts: deal ``i`` in part ``i % BATCHES``."""
    variant, start, stop = job
    rules = GameRules(variant=variant)
    players = [BlindExpert(pegging=True), BlindExpert(pegging=True)]
    parts = [Sample() for _ in range(BATCHES)]
    for index in range(start, stop):
        deck = list(DECK)
        random.Random(f"board:{variant}:{index}").shuffle(deck)
        deal = play_deal(players, rules, DEALER, deck)
        events = deal.scoring(rules)
        play = deal.play_scoring(rules)
        shows = [(show.seat, show.kind, show.points) for show in deal.shows]
        thrown = [tuple(sorted(int(card.rank) for card in cards)) for cards in deal.discards]
        values = [_value(hand, cards, seat, variant) for seat, (hand, cards) in enumerate(zip(deal.hands, deal.discards))]
        dealt = [[int(card.rank) for card in hand] for hand in deal.hands]
        parts[index % BATCHES].record(events, play, int(deal.starter.rank), shows, thrown,  # type: ignore[arg-type]
                                      values, dealt)
    return parts


def _value(hand: Sequence[Card], thrown: Sequence[Card], seat: int, variant: str) -> int:
    """The seat's keep's pegging value by the pegging table, in thousandths (six-card cribbage, which
    has it; five-card keeps are of value 0)."""
    if variant != "six":
        return 0
    keep = [card for card in hand if card not in thrown]
    return round(1000 * pegging_value(keep, "dealer" if seat == DEALER else "pone").mean)


def sample(variant: str, deals: int, pool: Executor | None, chunk: int = 500) -> list[Sample]:
    """The deals of a variant in :data:`BATCHES` parts, sampled in chunks of ``chunk`` deals on the
    workers of ``pool`` (None: this process); merged in the chunks' order, so the same whatever the workers."""
    parts = [Sample() for _ in range(BATCHES)]
    work = [(variant, start, min(start + chunk, deals)) for start in range(0, deals, chunk)]
    for result in (pool.map(sample_deals, work) if pool is not None else map(sample_deals, work)):
        for part, counted in zip(parts, result):
            part.add(counted)
    return parts


@dataclass(frozen=True, slots=True)
class Board:
    """A target's chances by position, from the dealer's side: ``win[dealer][pone]``, and the chances
    of winning (``big_for``) and of losing (``big_against``) by each margin of :data:`MARGINS`."""

    target: int
    win: tuple[tuple[float, ...], ...]
    big_for: tuple[tuple[tuple[float, ...], ...], ...]
    big_against: tuple[tuple[tuple[float, ...], ...], ...]


def solve(counts: Sample, goal: int) -> Board:
    """Every position's chances for a game to ``goal``, exact given the sampled deals (see the module)."""
    n = counts.deals
    margins = MARGINS.get(goal, ())
    # firsts[seat][need]: prefix sums over the other seat's points of deals where seat reaches need first.
    firsts = [_prefix(reach, goal) for reach in counts.reach]
    rows: dict[int, list[int]] = {}
    for (dealer, pone), count in counts.totals.items():
        row = rows.setdefault(dealer, [])
        row.extend([0] * (pone + 1 - len(row)))
        row[pone] += count
    # By pone score first, then dealer score, so a fixed pone's row runs over dealer scores.
    kinds = 1 + 2 * len(margins)
    flipped = [[[0.0] * goal for _ in range(goal)] for _ in range(kinds)]  # [kind][pone][dealer] of the next deal
    result = [[[0.0] * goal for _ in range(goal)] for _ in range(kinds)]  # [kind][dealer][pone]
    for total in range(2 * goal - 2, -1, -1):
        for dealer in range(max(0, total - goal + 1), min(goal - 1, total) + 1):
            pone = total - dealer
            need_d, need_p = goal - dealer, goal - pone
            won = _first(firsts[DEALER], need_d, need_p)
            lost = _first(firsts[PONE], need_p, need_d)
            later = n - won - lost
            # The next deal: the pone deals at (pone + P, dealer + D); its table is indexed [its pone][its dealer].
            chances = [0.0] * kinds
            for gained, row in rows.items():
                if gained >= need_d:
                    continue
                for kind in range(kinds):
                    chances[kind] += sum(map(mul, row, flipped[_swap(kind, margins)][dealer + gained][pone:goal]))
            values = [(won + later - chances[0]) / n]
            for at, below in enumerate(margins):
                values.append((_first(firsts[DEALER], need_d, min(need_p, below - pone)) + chances[1 + at]) / n)
            for at, below in enumerate(margins):
                values.append((_first(firsts[PONE], need_p, min(need_d, below - dealer)) + chances[1 + len(margins) + at]) / n)
            for kind, value in enumerate(values):
                result[kind][dealer][pone] = value
                flipped[kind][pone][dealer] = value
    win = tuple(tuple(row) for row in result[0])
    big_for = tuple(tuple(tuple(row) for row in result[1 + at]) for at in range(len(margins)))
    big_against = tuple(tuple(tuple(row) for row in result[1 + len(margins) + at]) for at in range(len(margins)))
    return Board(goal, win, big_for, big_against)


def _swap(kind: int, margins: Sequence[int]) -> int:
    """The kind of chance that, for the next deal's dealer, is this kind for this deal's dealer."""
    if kind == 0:
        return 0  # the win, taken as 1 - the next dealer's
    m = len(margins)
    return kind + m if kind <= m else kind - m


def _prefix(reach: dict[tuple[int, int], int], goal: int) -> list[list[int]]:
    """``out[need][k]``: deals in which the seat reaches ``need`` while the other has fewer than ``k`` points."""
    out = [[0] * (goal + 1) for _ in range(goal + 1)]
    for (need, other), count in reach.items():
        if need <= goal and other < goal:
            out[need][other + 1] += count
    return [list(accumulate(row)) for row in out]


def _first(prefix: list[list[int]], need: int, limit: int) -> int:
    """Deals in which a seat reaches ``need`` while the other has fewer than ``limit`` points."""
    if need >= len(prefix) or limit <= 0:
        return 0
    return prefix[need][min(limit, len(prefix[need]) - 1)]


def combine(parts: Sequence[Sample]) -> Sample:
    """All the parts in one sample."""
    whole = Sample()
    for part in parts:
        whole.add(part)
    return whole


def errors(parts: Sequence[Sample], goal: int) -> tuple[float, float, float]:
    """The standard error of the whole table's win chances, from the parts' own tables (the spread of
    the parts over the square root of their number): its median, 90th percentile and largest."""
    tables = [solve(part, goal).win for part in parts]
    spreads = sorted(
        statistics.stdev(table[dealer][pone] for table in tables) / math.sqrt(len(tables))
        for dealer in range(goal)
        for pone in range(goal)
    )
    return statistics.median(spreads), spreads[int(0.9 * len(spreads))], spreads[-1]


def _packed(rows: Sequence[Sequence[float]]) -> bytes:
    """Chances as two-byte whole numbers of :data:`SCALE`ths, row by row."""
    return b"".join(round(value * SCALE).to_bytes(2, "big") for row in rows for value in row)


def _literal(name: str, data: bytes) -> list[str]:
    return [f"{name} = (", *(f"    {data[at:at + 32]!r}" for at in range(0, len(data), 32)), ")"]


def _counts(name: str, counts: Mapping[Key, int | float]) -> list[str]:
    """Counts by key as a dense array of bytes, ``NAME`` (four-byte whole numbers, or eight-byte floats for
    floats, big-endian, the last index fastest) with ``NAME_SHAPE``: literals that load at once."""
    shape = tuple(max(key[at] for key in counts) + 1 for at in range(len(next(iter(counts)))))
    floats = any(isinstance(value, float) for value in counts.values())
    values: array[Any] = array("d" if floats else "I", bytes(8 if floats else 4) * math.prod(shape))
    for key, value in counts.items():
        at = 0
        for index, size in zip(key, shape):
            at = at * size + index
        values[at] = value
    if sys.byteorder == "little":
        values.byteswap()
    return [f"{name}_SHAPE = {shape!r}", *_literal(name, values.tobytes())]


def crib_means() -> dict[tuple[int, int, int], float]:
    """The crib's expected fifteens, pairs and runs by (thrown ranks, lower first, starter rank), the
    other two crib cards any two of the rest of the deck; and by (0, 0, starter rank), all four any four.

    A throw's shift of the crib, against a throw of any two cards, is the difference of the two.
    """
    table = total_table()
    means: dict[tuple[int, int, int], float] = {}
    for starter in RANKS:
        left = [0] + [4 - (rank == starter) for rank in RANKS]
        four = _others(left, 4)
        means[0, 0, starter] = sum(ways * table[key + RANK_BITS[starter]] for key, ways in four) / sum(w for _, w in four)
        for low, high in combinations_with_replacement(RANKS, 2):
            rest = list(left)
            rest[low] -= 1
            rest[high] -= 1
            if min(rest) < 0:
                continue
            base = RANK_BITS[low] + RANK_BITS[high] + RANK_BITS[starter]
            two = _others(rest, 2)
            means[low, high, starter] = sum(ways * table[base + key] for key, ways in two) / sum(w for _, w in two)
    return means


def _others(counts: Sequence[int], size: int) -> list[tuple[int, int]]:
    """Each multiset of ``size`` ranks the cards left can make, as (table key, number of card sets)."""
    found = []
    for ranks in combinations_with_replacement(RANKS, size):
        ways = 1
        for rank in set(ranks):
            ways *= math.comb(counts[rank], ranks.count(rank))
        if ways:
            found.append((sum(RANK_BITS[rank] for rank in ranks), ways))
    return found


def render(samples: dict[str, Sample], boards: dict[tuple[str, int], Board],
           spread: dict[tuple[str, int], tuple[float, float, float]]) -> str:
    """The source of :mod:`crib_cli.data.board`."""
    lines = [
        '"""The chance to win from every position, expert-points against itself; generated by python -m',
        "crib_cli.builders.board, do not edit.",
        "",
        "WIN_<variant>_<target>: for each dealer score 0 to target - 1, for each pone score, the dealer's",
        "chance to win, in two-byte 65,535ths. BIG_FOR_..._<k> and BIG_AGAINST_..._<k>: the chance the",
        "dealer wins, or loses, with the loser below the k-th margin (91 and 61 of 121, 31 of 61), the",
        "same way. Counts follow as dense arrays (NAME_SHAPE gives the size of each index; four-byte",
        "whole numbers, CRIB_MEANS eight-byte floats; big-endian). The chances are solved from",
        "TOTALS_<variant>, deals by (dealer's,",
        "pone's) points; REACH_<seat>_<variant>, deals by (need, the other seat's points then) in which",
        "the seat first has need points; PLAY_TOTALS and PLAY_REACH, the same for the play alone.",
        "HANDS_<seat>_<variant> and CRIBS_<variant>: shows by (starter rank, points). PONE_VIEW_<variant>:",
        "deals by (starter rank, pone's play points, dealer's play points + hand + crib); DEALER_VIEW_<variant>:",
        "by (starter rank, dealer's play points, pone's play points + hand). THROWS_<variant>: deals by",
        "(seat, thrown ranks, starter rank). REMOVAL_<seat>_<variant>: by (starter rank, rank i, j), the sums",
        "x[i] * x[j] (j 1 to 13) and x[i] * the seat's hand (j 0), x the other seat's dealt cards by rank,",
        "for a least-squares fit of the hand on them. PEGGING_FIT_<variant>: by (seat, term), the sums of a",
        "least-squares line of the seat's net pegging y on its keep's pegging value x in thousandths: deals,",
        "x, y, x * x, x * y (eight-byte floats, whole numbers). CRIB_MEANS: the crib's",
        "expected fifteens, pairs and runs by (thrown ranks, starter rank), the rest of it any cards; by",
        "(0, 0, starter rank) all of it any cards.",
        "",
        *(f"{variant}-card to {goal}: {samples[variant].deals:,} deals; standard error of a win chance: median "
          f"{spread[variant, goal][0]:.4f}, 90th percentile {spread[variant, goal][1]:.4f}, largest "
          f"{spread[variant, goal][2]:.4f}." for variant, goal in BOARDS),
        '"""',
        "",
    ]
    for variant, sample_of in samples.items():
        lines.append(f"DEALS_{variant.upper()} = {sample_of.deals}")
    for (variant, goal), board in boards.items():
        suffix = f"{variant.upper()}_{goal}"
        lines += _literal(f"WIN_{suffix}", _packed(board.win))
        for at, (won, lost) in enumerate(zip(board.big_for, board.big_against)):
            lines += _literal(f"BIG_FOR_{suffix}_{at}", _packed(won))
            lines += _literal(f"BIG_AGAINST_{suffix}_{at}", _packed(lost))
    for variant, sample_of in samples.items():
        name = variant.upper()
        lines += _counts(f"TOTALS_{name}", sample_of.totals)
        lines += _counts(f"PLAY_TOTALS_{name}", sample_of.play_totals)
        for seat, label in ((PONE, "PONE"), (DEALER, "DEALER")):
            lines += _counts(f"REACH_{label}_{name}", sample_of.reach[seat])
            lines += _counts(f"PLAY_REACH_{label}_{name}", sample_of.play_reach[seat])
            lines += _counts(f"HANDS_{label}_{name}", sample_of.hands[seat])
            lines += _counts(f"REMOVAL_{label}_{name}", _padded(sample_of.removal[seat], (13, 13, 13)))  # every rank
        lines += _counts(f"CRIBS_{name}", sample_of.cribs)
        lines += _counts(f"PONE_VIEW_{name}", sample_of.pone_view)
        lines += _counts(f"DEALER_VIEW_{name}", sample_of.dealer_view)
        lines += _counts(f"THROWS_{name}", sample_of.throws)
        # Signed and past four bytes, but whole numbers below 2 ** 53: exact as eight-byte floats.
        lines += _counts(f"PEGGING_FIT_{name}", {key: float(total) for key, total in sample_of.pegging_fit.items()})
    lines += _counts("CRIB_MEANS", crib_means())
    return "\n".join(lines) + "\n"


def _padded(counts: dict[tuple[int, int, int], int], corner: tuple[int, int, int]) -> dict[tuple[int, int, int], int]:
    """Counts with the array reaching ``corner`` in each index (the last rank), a value without deals
    as zeros."""
    return {corner: 0, **counts}


def build(deals: int, pool: Executor | None, five_deals: int | None = None) -> str:
    """Sample (on ``pool``'s workers), solve and render every table; prints each step's time and error."""
    samples, boards, spread = {}, {}, {}
    for variant, count in (("six", deals), ("five", five_deals if five_deals is not None else deals)):
        start = time.perf_counter()
        parts = sample(variant, count, pool)
        samples[variant] = combine(parts)
        print(f"{variant}-card: {count:,} deals in {time.perf_counter() - start:.0f} s", flush=True)
        for board_variant, goal in BOARDS:
            if board_variant != variant:
                continue
            start = time.perf_counter()
            boards[variant, goal] = solve(samples[variant], goal)
            spread[variant, goal] = errors(parts, goal)
            print(f"  to {goal}: solved in {time.perf_counter() - start:.0f} s; standard error median "
                  f"{spread[variant, goal][0]:.4f}, largest {spread[variant, goal][2]:.4f}", flush=True)
    return render(samples, boards, spread)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=300_000, help="simulated six-card deals")
    parser.add_argument("--five-deals", type=int, help="simulated five-card deals (default: as many)")
    parser.add_argument("--out", default=str(target("board")), help="where to write the module")
    add_worker_options(parser, jobs=2)
    args = parser.parse_args(argv)
    start = time.perf_counter()
    with workers(parser, args) as pool:
        text = build(args.deals, pool, args.five_deals)
    write(Path(args.out), text)
    print(f"{(time.perf_counter() - start) / 60:.1f} minutes")


if __name__ == "__main__":
    main()
