"""A deliberately naive reference for the play search: cards, not ranks; every holding listed.

It reads the model in ``crib_cli.game.lookahead`` literally: at another seat's
turn every set of cards it could hold is listed, the seat lays its best card
from each, and the results are averaged; piles are scored by the rule book.
Nothing is grouped by rank and no holding is counted by formula, so the fast
search can be checked against it on small positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from math import comb

from crib_cli.cards import Card


def value(card: Card) -> int:
    return min(int(card.rank), 10)


def pile_points(pile: tuple[Card, ...]) -> int:
    """The rule book read literally: 15 or 31, every pair among the trailing equal ranks,
    every run length tried at the end, the longest kept."""
    if not pile:
        return 0
    count = sum(value(card) for card in pile)
    points = 2 if count in (15, 31) else 0
    same = 0
    for card in reversed(pile):
        if card.rank != pile[-1].rank:
            break
        same += 1
    points += 2 * comb(same, 2)
    run = 0
    for k in range(3, len(pile) + 1):
        ranks = sorted(int(card.rank) for card in pile[-k:])
        if ranks == list(range(ranks[0], ranks[0] + k)):
            run = k
    return points + run


@dataclass(frozen=True)
class Position:
    """Seat 0's cards, the cards it has not seen, each seat's cards left and floor, the series;
    with ``once`` the play ends at the first go or 31 (five-card cribbage)."""

    mine: tuple[Card, ...]
    unseen: tuple[Card, ...]
    held: tuple[int, ...]
    floors: tuple[int, ...]
    pile: tuple[Card, ...]
    gone: frozenset[int]
    last: int | None
    turn: int
    depth: int
    once: bool = False

    @property
    def count(self) -> int:
        return sum(value(card) for card in self.pile)

    def ours(self, seat: int) -> bool:
        return seat == 0 or (len(self.held) == 4 and seat == 2)


def naive_value(position: Position) -> Fraction:
    """Our side's expected points less the other side's, from ``position`` on."""
    room = 31 - position.count
    seat = position.turn
    if seat == 0:
        fits = [card for card in position.mine if value(card) <= room]
        if not fits:
            return go(position)
        if position.depth == 0:
            return Fraction(0)
        return max(lay(position, card) for card in fits)
    allowed = [card for card in position.unseen if value(card) >= position.floors[seat]]
    if not any(value(card) <= room for card in allowed):
        return go(position)
    if position.depth == 0:
        return Fraction(0)
    holdings = list(combinations(allowed, min(position.held[seat], len(allowed))))
    total = Fraction(0)
    for holding in holdings:
        fits = [card for card in holding if value(card) <= room]
        if fits:
            outcomes = [lay(position, card) for card in fits]
            total += max(outcomes) if position.ours(seat) else min(outcomes)
        else:
            floors = list(position.floors)
            floors[seat] = max(floors[seat], 32 - position.count)
            total += go(replace(position, floors=tuple(floors)))
    return total / len(holdings)


def naive_values(position: Position) -> dict[int, Fraction]:
    """Seat 0's value for laying each of its cards that fit, by rank."""
    room = 31 - position.count
    return {int(card.rank): lay(position, card) for card in position.mine if value(card) <= room}


def lay(position: Position, card: Card) -> Fraction:
    seat = position.turn
    pile = position.pile + (card,)
    points = pile_points(pile)
    held = list(position.held)
    held[seat] -= 1
    mine = tuple(c for c in position.mine if c != card)
    unseen = tuple(c for c in position.unseen if c != card)
    after = replace(position, mine=mine, unseen=unseen, held=tuple(held), pile=pile, last=seat, depth=position.depth - 1)
    sign = 1 if position.ours(seat) else -1
    count = after.count
    if not any(held):
        return Fraction(sign * (points + (count < 31)))
    if count == 31:
        return sign * points + reset(after)
    following = next_seat(after, seat)
    if following is None:
        return sign * (points + 1) + reset(after)
    return sign * points + naive_value(replace(after, turn=following))


def go(position: Position) -> Fraction:
    seat = position.turn
    after = replace(position, gone=position.gone | {seat})
    following = next_seat(after, seat)
    if following is not None:
        return naive_value(replace(after, turn=following))
    if after.last is None:  # nobody can lead: the seats' cards cannot all be unseen cards
        return Fraction(0)
    return (1 if position.ours(after.last) else -1) + reset(after)


def next_seat(position: Position, seat: int) -> int | None:
    seats = len(position.held)
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if position.held[other] and other not in position.gone:
            return other
    return None


def reset(position: Position) -> Fraction:
    assert position.last is not None
    if position.once:  # the play goes once: no new series
        return Fraction(0)
    seats = len(position.held)
    for step in range(1, seats + 1):
        leader = (position.last + step) % seats
        if position.held[leader]:
            return naive_value(replace(position, pile=(), gone=frozenset(), last=None, turn=leader))
    return Fraction(0)
