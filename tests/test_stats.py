"""The exact score distribution: closed-form suit counts against brute force, and published figures."""

from __future__ import annotations

from collections import Counter
from itertools import combinations, combinations_with_replacement

import pytest
from reference import naive_show

from crib_cli.cards import DECK
from crib_cli.score import show_total
from crib_cli.stats import show_distribution, suit_bonus_counts

# Published distribution of hand scores over all 12,994,800 deals, scores 0-29.
PUBLISHED_HAND = (
    1009008, 99792, 2813796, 505008, 2855676, 697508, 1800268, 751324, 1137236, 361224,
    388740, 51680, 317340, 19656, 90100, 9168, 58248, 11196, 2708, 0,
    8068, 2496, 444, 356, 3680, 0, 0, 0, 76, 4,
)


def brute_bonus(hand_ranks: tuple[int, ...], starter_rank: int, crib: bool) -> dict[int, int]:
    """Flush + nobs points of every deal with these ranks, by enumerating the cards."""
    tally: Counter[int] = Counter()
    by_rank = {r: [c for c in DECK if c.rank == r] for r in set(hand_ranks) | {starter_rank}}
    need = Counter(hand_ranks)

    def hands(i: int, chosen: tuple) -> list[tuple]:
        if i == len(need):
            return [chosen]
        rank, n = list(need.items())[i]
        return [h for combo in combinations(by_rank[rank], n) for h in hands(i + 1, chosen + combo)]

    for hand in hands(0, ()):
        for starter in by_rank[starter_rank]:
            if starter in hand:
                continue
            parts = naive_show(hand, starter, crib)
            tally[parts["flush"] + parts["nobs"]] += 1
    return dict(tally)


RANK_GROUPS = [
    ((1, 2, 3, 4), 5), ((1, 2, 3, 11), 5), ((1, 2, 3, 11), 11), ((2, 5, 9, 11), 2), ((11, 11, 5, 5), 5),
    ((11, 11, 11, 5), 11), ((11, 12, 13, 1), 6), ((5, 5, 5, 5), 11), ((11, 11, 11, 11), 5), ((3, 4, 5, 6), 3),
    ((4, 4, 9, 11), 4), ((7, 11, 11, 13), 13),
]


@pytest.mark.parametrize("crib", [False, True], ids=["hand", "crib"])
@pytest.mark.parametrize(("hand_ranks", "starter_rank"), RANK_GROUPS, ids=[f"{h}/{s}" for h, s in RANK_GROUPS])
def test_suit_bonus_counts_match_brute_force(hand_ranks: tuple[int, ...], starter_rank: int, crib: bool) -> None:
    assert suit_bonus_counts(hand_ranks, starter_rank, crib) == brute_bonus(hand_ranks, starter_rank, crib)


def test_suit_bonus_counts_match_brute_force_for_every_group_with_a_jack() -> None:
    groups = [
        (h, s) for h in combinations_with_replacement(range(1, 14), 4) if 11 in h and len(set(h)) == 4
        for s in (1, 11, h[0])
    ][::25]
    assert all(suit_bonus_counts(h, s, False) == brute_bonus(h, s, False) for h, s in groups)


def test_hand_distribution_matches_published_figures() -> None:
    dist = show_distribution()
    assert dist.counts == PUBLISHED_HAND
    assert dist.deals == 12_994_800
    assert round(float(dist.mean), 3) == 4.769


def test_crib_distribution_differs_only_by_the_flush_rule() -> None:
    hand, crib = show_distribution(), show_distribution(crib=True)
    assert crib.deals == hand.deals
    assert crib.mean < hand.mean
    assert crib.counts[28:] == hand.counts[28:] == (76, 4)
    assert [s for s in range(30) if crib.counts[s] == 0] == [19, 25, 26, 27]


# --- five-card cribbage: hands of three ------------------------------------------------

THREE_GROUPS = [((1, 2, 3), 4), ((1, 2, 11), 5), ((1, 2, 11), 11), ((11, 11, 5), 5), ((5, 5, 5), 5), ((4, 9, 12), 4), ((11, 12, 13), 13)]


@pytest.mark.parametrize(("hand_ranks", "starter_rank"), THREE_GROUPS, ids=[f"{h}/{s}" for h, s in THREE_GROUPS])
def test_suit_bonus_counts_of_three_cards_match_brute_force(hand_ranks: tuple[int, ...], starter_rank: int) -> None:
    assert suit_bonus_counts(hand_ranks, starter_rank, False) == brute_bonus(hand_ranks, starter_rank, False)


def test_five_card_hand_distribution_equals_brute_force() -> None:
    """Every hand of three with every starter, scored one by one: the deals with a spade
    starter, four times over (relabelling suits maps them onto the other starters' deals)."""
    tally: Counter[int] = Counter()
    for starter in DECK[::4]:
        rest = [card for card in DECK if card is not starter]
        for hand in combinations(rest, 3):
            tally[show_total(hand, starter)] += 4
    dist = show_distribution(variant="five")
    assert dist.counts == tuple(tally[score] for score in range(21))
    assert dist.deals == 22_100 * 49 == 1_082_900
    assert [score for score, n in enumerate(dist.counts) if not n] == [16, 17, 18, 19]
    assert round(float(dist.mean), 6) == 2.592350


def test_the_five_card_crib_is_the_six_card_crib() -> None:
    assert show_distribution(crib=True, variant="five") == show_distribution(crib=True)
    with pytest.raises(ValueError, match="unknown variant 'seven'"):
        show_distribution(variant="seven")
