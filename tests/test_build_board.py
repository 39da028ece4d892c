"""The board's builder: its solve against a brute-force recursion on made-up deals, and its output rebuilt."""

from __future__ import annotations

import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
from functools import cache

import pytest

from crib_cli.board import grid
from crib_cli.builders import board as builder
from crib_cli.builders.board import DEALER, PONE, Sample, solve
from crib_cli.builders.common import BlindExpert
from crib_cli.cards import DECK
from crib_cli.data import board as data
from crib_cli.game import GameRules
from crib_cli.game.engine import play_deal
from crib_cli.pegging import pegging_value

# Made-up deals: their scoring in order, as (seat, points); each deal equally likely.
DEALS = {
    "the dealer scores first": [[(DEALER, 2), (PONE, 1)]],
    "the pone scores first": [[(PONE, 3), (DEALER, 1), (DEALER, 4)]],
    "a mixture": [[(DEALER, 2), (PONE, 1)], [(PONE, 3), (DEALER, 1), (DEALER, 4)], [(PONE, 1), (DEALER, 9)]],
    "big deals, for the lurch": [[(PONE, 12), (DEALER, 20)], [(DEALER, 5), (PONE, 6), (DEALER, 7)]],
}


VALUES = (-1234, 567)
"""The pegging values of the two seats' keeps in the made-up deals, the pone's and the dealer's, in thousandths."""


DEALT = ((1, 2, 3, 4, 5, 5), (10, 11, 12, 13, 1, 1))
"""The ranks each seat was dealt in the made-up deals: the pone's, the dealer's."""


def sample_of(deals: list[list[tuple[int, int]]]) -> Sample:
    sample = Sample()
    for events in deals:
        sample.record(events, events, 5, [], [(1, 2), (3, 4)], VALUES, DEALT)
    return sample


SHOWS = [
    [(PONE, "hand", 4), (DEALER, "hand", 7), (DEALER, "crib", 3)],
    [(PONE, "hand", 0), (DEALER, "hand", 12), (DEALER, "crib", 0)],
    [(PONE, "hand", 29), (DEALER, "hand", 2), (DEALER, "crib", 20)],
]
"""Made-up shows of a deal, for the fit of a hand on the other seat's cards."""


def test_the_removal_sums_are_the_fits_sums() -> None:
    """For each seat, the sums of x[i] * x[j] and of x[i] * its hand (not the crib), x the other seat's
    dealt cards by rank, over the deals, worked out rank by rank."""
    sample = Sample()
    for shows in SHOWS:
        sample.record([(DEALER, 1)], [(DEALER, 1)], 7, shows, [(1, 2), (3, 4)], VALUES, DEALT)
    for seat in (PONE, DEALER):
        expected: dict[tuple[int, int, int], int] = {}
        for shows in SHOWS:
            hand = sum(points for who, kind, points in shows if who == seat and kind == "hand")
            x = [DEALT[1 - seat].count(rank) for rank in range(14)]
            for i in range(1, 14):
                for j in range(14):
                    value = x[i] * (hand if j == 0 else x[j])
                    if x[i] and (j == 0 or x[j]):
                        expected[7, i, j] = expected.get((7, i, j), 0) + value
        assert sample.removal[seat] == expected


@pytest.mark.parametrize(("variant", "cards"), [("six", 6), ("five", 5)])
def test_the_shipped_removal_sums_agree_with_the_hands(variant: str, cards: int) -> None:
    """By starter rank, the products of the other seat's counts sum to its cards squared a deal, and
    the products with the hand to its cards times the hand's points: the seat's shows counted again."""
    name = variant.upper()
    for label in ("PONE", "DEALER"):
        hands, sums = grid(f"HANDS_{label}_{name}"), grid(f"REMOVAL_{label}_{name}")
        for rank in range(1, 14):
            deals = sum(hands[rank])
            assert sum(sum(row[1:]) for row in sums[rank]) == cards * cards * deals
            assert sum(row[0] for row in sums[rank]) == cards * sum(p * n for p, n in enumerate(hands[rank]))


@pytest.mark.parametrize("deals", DEALS.values(), ids=DEALS.keys())
def test_the_plays_reaches_are_the_deals_reaches(deals: list[list[tuple[int, int]]]) -> None:
    """The play's reaches are counted as the deal's are, and its points are the totals, naively: for each
    need the seat reaches, the other seat's points at the event that first gets it there."""
    sample = sample_of(deals)
    for seat in (PONE, DEALER):
        naive: Counter[tuple[int, int]] = Counter()
        for events in deals:
            scored = {PONE: 0, DEALER: 0}
            for who, points in events:
                for need in range(scored[who] + 1, scored[who] + points + 1):
                    if who == seat:
                        naive[need, scored[1 - seat]] += 1
                scored[who] += points
        assert sample.play_reach[seat] == dict(naive)
    assert sum(sample.play_totals.values()) == len(deals)


@pytest.mark.parametrize("variant", ["six", "five"])
def test_the_sampled_play_is_what_each_seat_pegged(variant: str) -> None:
    """The play's counts are of every point pegged: the same deals replayed, their records' pegging by
    seat are the play's totals, with the shows they are the decision views (deals with a show of 0
    among them, whose last point of the play a count of the shows' scores would drop), and with the
    keeps' pegging values the sums of the line of net pegging on the value."""
    deals = 60
    sample = builder.combine(builder.sample_deals((variant, 0, deals)))
    rules = GameRules(variant=variant)
    players = [BlindExpert(pegging=True), BlindExpert(pegging=True)]
    totals: Counter[tuple[int, int]] = Counter()
    pone_view: Counter[tuple[int, int, int]] = Counter()
    fit: Counter[tuple[int, int]] = Counter()
    zero_shows = 0
    for index in range(deals):
        deck = list(DECK)
        random.Random(f"board:{variant}:{index}").shuffle(deck)
        deal = play_deal(players, rules, DEALER, deck)
        totals[deal.pegging[DEALER], deal.pegging[PONE]] += 1
        for seat, role in ((PONE, "pone"), (DEALER, "dealer")):
            kept = [card for card in deal.hands[seat] if card not in deal.discards[seat]]
            x = round(1000 * pegging_value(kept, role).mean) if variant == "six" else 0
            y = deal.pegging[seat] - deal.pegging[1 - seat]
            fit.update({(seat, 0): 1, (seat, 1): x, (seat, 2): y, (seat, 3): x * x, (seat, 4): x * y})
        dealer_shows = sum(show.points for show in deal.shows if show.seat == DEALER)
        pone_view[int(deal.starter.rank), deal.pegging[PONE], deal.pegging[DEALER] + dealer_shows] += 1
        zero_shows += any(not show.points for show in deal.shows)
    assert sample.play_totals == dict(totals) and sample.pone_view == dict(pone_view)
    assert sample.pegging_fit == {key: fit[key] for key in sample.pegging_fit} and len(sample.pegging_fit) == 10
    assert zero_shows


@pytest.mark.parametrize("variant", ["six", "five"])
def test_the_shipped_plays_reaches_add_up(variant: str) -> None:
    """In the shipped counts, the reaches of a need are the deals pegging at least as many."""
    name = variant.upper()
    totals = grid(f"PLAY_TOTALS_{name}")  # [dealer][pone]
    for label, seat in (("PONE", PONE), ("DEALER", DEALER)):
        reach = grid(f"PLAY_REACH_{label}_{name}")
        mine = [sum(row) for row in totals] if seat == DEALER else [sum(column) for column in zip(*totals)]
        for need in range(1, len(reach)):
            assert sum(reach[need]) == sum(mine[need:])
        assert sum(mine) == getattr(data, f"DEALS_{name}")


def test_a_rank_without_deals_is_in_the_counts_as_zeros() -> None:
    assert builder._counts("X", builder._padded({(2, 1, 3): 5}, (13, 0, 0)))[0] == "X_SHAPE = (14, 2, 4)"
    assert builder._padded({(13, 0, 0): 4}, (13, 0, 0)) == {(13, 0, 0): 4}


def reference(deals: list[list[tuple[int, int]]], goal: int):  # type: ignore[no-untyped-def]
    """The dealer's chances by brute force: play each deal's events in order from the position."""
    below = builder.MARGINS.get(goal, ())

    @cache
    def chances(dealer: int, pone: int) -> tuple[Fraction, ...]:
        total = [Fraction(0)] * (1 + 2 * len(below))
        for events in deals:
            scores = {DEALER: dealer, PONE: pone}
            outcome = None
            for seat, points in events:
                scores[seat] += points
                if scores[seat] >= goal:
                    loser = scores[1 - seat]
                    outcome = (seat == DEALER, [loser < b for b in below])
                    break
            if outcome is None:
                nxt = chances(scores[PONE], scores[DEALER])  # the pone deals next
                values = [1 - nxt[0], *nxt[1 + len(below):], *nxt[1 : 1 + len(below)]]
            else:
                won, bigs = outcome
                values = [Fraction(won)] + [Fraction(won and b) for b in bigs] + [Fraction(not won and b) for b in bigs]
            total = [t + v for t, v in zip(total, values)]
        return tuple(t / len(deals) for t in total)

    return chances


@pytest.mark.parametrize("deals", DEALS.values(), ids=DEALS.keys())
@pytest.mark.parametrize("goal", [9, 61])
def test_solve_is_the_brute_force_recursion(deals: list[list[tuple[int, int]]], goal: int) -> None:
    board = solve(sample_of(deals), goal)
    chances = reference(deals, goal)
    for dealer in range(goal):
        for pone in range(goal):
            expected = chances(dealer, pone)
            assert board.win[dealer][pone] == pytest.approx(float(expected[0]), abs=1e-12), (dealer, pone)
            margins = len(builder.MARGINS.get(goal, ()))
            for at in range(margins):
                assert board.big_for[at][dealer][pone] == pytest.approx(float(expected[1 + at]), abs=1e-12)
                assert board.big_against[at][dealer][pone] == pytest.approx(float(expected[1 + margins + at]), abs=1e-12)


@pytest.mark.parametrize("variant", ["six", "five"])
def test_sampled_deals_are_the_same_whatever_the_processes(variant: str) -> None:
    with ProcessPoolExecutor(2) as pool:
        two = builder.sample(variant, 40, pool, chunk=13)
    assert builder.sample(variant, 40, None, chunk=7) == two
    assert sum(part.deals for part in two) == 40 and two[3].deals == 4  # deal i in part i % 10


def entries(name: str) -> dict[tuple[int, ...], int]:
    """A shipped table of counts as the builder held it: its nonzero entries by key."""

    def walk(table: list, key: tuple[int, ...]) -> dict[tuple[int, ...], int]:  # type: ignore[type-arg]
        if not isinstance(table, list):
            return {key: table} if table else {}
        found: dict[tuple[int, ...], int] = {}
        for at, inner in enumerate(table):
            found |= walk(inner, (*key, at))
        return found

    return walk(grid(name), ())


def shipped_sample(variant: str) -> Sample:
    """The shipped module's counts, as the builder held them."""
    name = variant.upper()
    sample = Sample(deals=getattr(data, f"DEALS_{name}"))
    sample.reach = (entries(f"REACH_PONE_{name}"), entries(f"REACH_DEALER_{name}"))  # type: ignore[assignment]
    sample.totals = entries(f"TOTALS_{name}")  # type: ignore[assignment]
    return sample


@pytest.mark.parametrize(("variant", "goal"), builder.BOARDS)
def test_the_shipped_tables_are_solved_from_the_shipped_counts(variant: str, goal: int) -> None:
    board = solve(shipped_sample(variant), goal)
    suffix = f"{variant.upper()}_{goal}"
    assert builder._packed(board.win) == getattr(data, f"WIN_{suffix}")
    for at, (won, lost) in enumerate(zip(board.big_for, board.big_against)):
        assert builder._packed(won) == getattr(data, f"BIG_FOR_{suffix}_{at}")
        assert builder._packed(lost) == getattr(data, f"BIG_AGAINST_{suffix}_{at}")


def test_the_crib_means_are_rebuilt() -> None:
    assert builder.crib_means() == entries("CRIB_MEANS")
