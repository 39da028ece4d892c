"""A deliberately naive reference for the play search: cards, not ranks; every holding listed.

It reads the model in ``crib_cli.game.lookahead`` literally: at another seat's
turn every set of cards it could hold is listed, the seat lays its best card
from each, and the results are averaged, each holding weighed by its cards'
weights multiplied (the seat's leaning; a doubted rank weighs 0); piles are
scored by the rule book.
Points are added up as they are pegged, and where the search stops they are
its value: their difference, or with a goal (playing the board) the chance
to win they leave, 1 or 0 the moment a side reaches its need.
Nothing is grouped by rank and no holding is counted by formula, so the fast
search can be checked against it on small positions.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from itertools import combinations
from math import comb

from crib_cli.cards import Card
from crib_cli.game.lookahead import Goal


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
    with ``once`` the play ends at the first go or 31 (five-card cribbage); ``weights`` each seat's
    weight of a card of each rank (index 0 unused; empty: every card alike)."""

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
    weights: tuple[tuple[Fraction, ...], ...] = ()

    @property
    def count(self) -> int:
        return sum(value(card) for card in self.pile)

    def ours(self, seat: int) -> bool:
        return seat == 0 or (len(self.held) == 4 and seat == 2)


Score = tuple[int, int]
"""Points our side and the other side have pegged since the search began."""


def stop(scored: Score, goal: Goal | None) -> Fraction | float:
    """Where the search stops: our side's points less theirs, or with a goal the chance to win they leave."""
    if goal is None:
        return Fraction(scored[0] - scored[1])
    if scored[0] >= goal.need:
        return 1.0
    if scored[1] >= goal.their_need:
        return 0.0
    return goal.after(*scored)


def gain(position: Position, seat: int, points: int, scored: Score) -> Score:
    return (scored[0] + points, scored[1]) if position.ours(seat) else (scored[0], scored[1] + points)


def over(scored: Score, goal: Goal | None) -> bool:
    return goal is not None and (scored[0] >= goal.need or scored[1] >= goal.their_need)


def naive_value(position: Position, scored: Score = (0, 0), goal: Goal | None = None) -> Fraction | float:
    """Our side's expected points less the other side's from ``position`` on (or, with a goal, the chance to win)."""
    room = 31 - position.count
    seat = position.turn
    if seat == 0:
        fits = [card for card in position.mine if value(card) <= room]
        if not fits:
            return go(position, scored, goal)
        if position.depth == 0:
            return stop(scored, goal)
        return max(lay(position, card, scored, goal) for card in fits)
    allowed = [card for card in position.unseen if value(card) >= position.floors[seat] and weight(position, seat, card)]
    if not any(value(card) <= room for card in allowed):
        return go(position, scored, goal)
    if position.depth == 0:
        return stop(scored, goal)
    holdings = list(combinations(allowed, min(position.held[seat], len(allowed))))
    total: Fraction | float = Fraction(0)
    weights = Fraction(0)
    for holding in holdings:
        share = Fraction(1)
        for card in holding:
            share *= weight(position, seat, card)
        weights += share
        fits = [card for card in holding if value(card) <= room]
        if fits:
            outcomes = [lay(position, card, scored, goal) for card in fits]
            total += share * (max(outcomes) if position.ours(seat) else min(outcomes))
        else:
            floors = list(position.floors)
            floors[seat] = max(floors[seat], 32 - position.count)
            total += share * go(replace(position, floors=tuple(floors)), scored, goal)
    return total / weights


def weight(position: Position, seat: int, card: Card) -> Fraction:
    """The seat's weight of a card: 1 without weights."""
    return position.weights[seat][int(card.rank)] if position.weights else Fraction(1)


def naive_values(position: Position, goal: Goal | None = None) -> dict[int, Fraction | float]:
    """Seat 0's value for laying each of its cards that fit, by rank."""
    room = 31 - position.count
    return {int(card.rank): lay(position, card, (0, 0), goal) for card in position.mine if value(card) <= room}


def lay(position: Position, card: Card, scored: Score, goal: Goal | None) -> Fraction | float:
    seat = position.turn
    pile = position.pile + (card,)
    points = pile_points(pile)
    held = list(position.held)
    held[seat] -= 1
    mine = tuple(c for c in position.mine if c != card)
    unseen = tuple(c for c in position.unseen if c != card)
    after = replace(position, mine=mine, unseen=unseen, held=tuple(held), pile=pile, last=seat, depth=position.depth - 1)
    count = after.count
    if not any(held):
        return stop(gain(position, seat, points + (count < 31), scored), goal)
    scored = gain(position, seat, points, scored)
    if over(scored, goal):
        return stop(scored, goal)
    if count == 31:
        return reset(after, scored, goal)
    following = next_seat(after, seat)
    if following is None:
        scored = gain(position, seat, 1, scored)
        return stop(scored, goal) if over(scored, goal) else reset(after, scored, goal)
    return naive_value(replace(after, turn=following), scored, goal)


def go(position: Position, scored: Score, goal: Goal | None) -> Fraction | float:
    seat = position.turn
    after = replace(position, gone=position.gone | {seat})
    following = next_seat(after, seat)
    if following is not None:
        return naive_value(replace(after, turn=following), scored, goal)
    if after.last is None:  # nobody can lead: the seats' cards cannot all be unseen cards
        return stop(scored, goal)
    scored = gain(position, after.last, 1, scored)
    return stop(scored, goal) if over(scored, goal) else reset(after, scored, goal)


def next_seat(position: Position, seat: int) -> int | None:
    seats = len(position.held)
    for step in range(1, seats + 1):
        other = (seat + step) % seats
        if position.held[other] and other not in position.gone:
            return other
    return None


def reset(position: Position, scored: Score, goal: Goal | None) -> Fraction | float:
    assert position.last is not None
    if position.once:  # the play goes once: no new series
        return stop(scored, goal)
    seats = len(position.held)
    for step in range(1, seats + 1):
        leader = (position.last + step) % seats
        if position.held[leader]:
            return naive_value(replace(position, pile=(), gone=frozenset(), last=None, turn=leader), scored, goal)
    return stop(scored, goal)
