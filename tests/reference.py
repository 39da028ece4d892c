"""A deliberately naive show scorer: enumerate every subset, follow the rule book literally.

It shares nothing with the fast paths in ``crib_cli`` but the Card type, so the
fast paths can be checked against it.
"""

from __future__ import annotations

from itertools import combinations

from crib_cli.cards import Card


def value(card: Card) -> int:
    return 10 if card.rank >= 10 else int(card.rank)


def naive_show(hand: tuple[Card, ...], starter: Card, crib: bool = False) -> dict[str, int]:
    """Points by category for a hand of four (or a five-card cribbage hand of three) plus the starter."""
    five = list(hand) + [starter]
    subsets = [s for k in range(1, len(five) + 1) for s in combinations(five, k)]
    fifteens = 2 * sum(1 for s in subsets if sum(value(c) for c in s) == 15)
    pairs = 2 * sum(1 for a, b in combinations(five, 2) if a.rank == b.rank)
    runs = 0
    for k in (5, 4, 3):
        found = 0
        for s in combinations(five, k):
            ranks = sorted(int(c.rank) for c in s)
            if len(set(ranks)) == k and ranks[-1] - ranks[0] == k - 1:
                found += 1
        if found:
            runs = k * found
            break
    flush = 0
    if len({c.suit for c in hand}) == 1:  # a point a card, one more if the starter matches
        if starter.suit == hand[0].suit:
            flush = len(hand) + 1
        elif not crib:
            flush = len(hand)
    nobs = sum(1 for c in hand if c.rank == 11 and c.suit == starter.suit)
    parts = {"fifteens": fifteens, "pairs": pairs, "runs": runs, "flush": flush, "nobs": nobs}
    parts["total"] = sum(parts.values())
    return parts


def naive_total(hand: tuple[Card, ...], starter: Card, crib: bool = False) -> int:
    return naive_show(hand, starter, crib)["total"]
