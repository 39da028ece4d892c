"""The board's table: the chance to win from every position, the odds of a big win, and how likely a deal is to end the game.

A position is the start of a deal in a two-player game: the dealer's score,
the pone's score and the target (six-card cribbage to 121 or 61, five-card
cribbage to 61). The tables in :mod:`crib_cli.data.board` are built by
:mod:`crib_cli.builders.board` from simulated deals of the expert against
itself: the chance is the expert's against an equal player.

>>> round(dealer_chance(0, 0), 2)
0.56
>>> odds(Position(GameRules(), (95, 110), me_dealing=True)).win < 0.5
True
"""

from __future__ import annotations

import sys
from array import array
from dataclasses import dataclass
from functools import cache
from math import prod
from typing import Any

from ..rules import MARGIN_NAMES, SKUNKS, TARGETS, GameRules, Position, RulesError

BOARDS = (("six", 121), ("six", 61), ("five", 61))
"""The games a table is built for: six-card cribbage to 121 and to 61, five-card cribbage to 61."""

SCALE = 65535
"""The tables' chances are whole numbers of 65,535ths."""

PONE, DEALER = 0, 1
"""The seats, as the generated tables index them."""


@dataclass(frozen=True, slots=True)
class Board:
    """One game's tables: for each position, the dealer's chance to win, and to win or lose with
    the loser below each margin of :data:`~crib_cli.rules.SKUNKS` (lightest first)."""

    variant: str
    target: int
    win: array[int]
    big_for: tuple[array[int], ...]
    big_against: tuple[array[int], ...]

    def at(self, table: array[int], dealer: int, pone: int) -> float:
        """A chance from ``table`` at the position (dealer's score, pone's score)."""
        return table[dealer * self.target + pone] / SCALE

    def dealer_win(self, dealer: int, pone: int) -> float:
        """The dealer's chance to win from the position."""
        return self.win[dealer * self.target + pone] / SCALE


_FLOAT_TABLES = ("CRIB_MEANS", "PEGGING_FIT_")
"""The generated module's tables of eight-byte floats, by the start of their names; the rest are four-byte counts."""


@cache
def grid(name: str) -> list[Any]:
    """A table of counts of the generated module (a dense array of bytes) as nested lists of its shape.

    >>> len(grid("CRIB_MEANS"))
    14
    """
    from ..data import board as data

    shape: tuple[int, ...] = getattr(data, f"{name}_SHAPE")
    values = array("d" if name.startswith(_FLOAT_TABLES) else "I", getattr(data, name))
    if sys.byteorder == "little":
        values.byteswap()
    flat = values.tolist()

    def nest(start: int, sizes: tuple[int, ...]) -> list[Any]:
        if len(sizes) == 1:
            return flat[start : start + sizes[0]]
        step = prod(sizes[1:])
        return [nest(start + at * step, sizes[1:]) for at in range(sizes[0])]

    return nest(0, shape)


def check_game(target: int, variant: str) -> None:
    """Raise :class:`~crib_cli.rules.RulesError` unless there is a table for the game."""
    if (variant, target) not in BOARDS:
        games = ", ".join(f"{v}-card to {t}" for v, t in BOARDS)
        raise RulesError(f"the board is known for two-player {games}, not {variant}-card to {target}")


@cache
def board(target: int = TARGETS[0], variant: str = "six") -> Board:
    """The tables of a game, read once from the generated module.

    >>> round(board().dealer_win(120, 120), 2)
    0.63
    """
    check_game(target, variant)
    from ..data import board as data

    suffix = f"{variant.upper()}_{target}"

    def table(name: str) -> array[int]:
        values = array("H", getattr(data, name))
        if sys.byteorder == "little":
            values.byteswap()
        return values

    margins = range(len(SKUNKS[target]))
    return Board(
        variant,
        target,
        table(f"WIN_{suffix}"),
        tuple(table(f"BIG_FOR_{suffix}_{at}") for at in margins),
        tuple(table(f"BIG_AGAINST_{suffix}_{at}") for at in margins),
    )


def dealer_chance(dealer: int, pone: int, rules: GameRules = GameRules()) -> float:
    """The dealer's chance to win from the start of a deal at these scores."""
    Position(rules, (dealer, pone), me_dealing=True)
    return board(rules.target, rules.variant).dealer_win(dealer, pone)


@dataclass(frozen=True, slots=True)
class Odds:
    """One seat's chances from a position: to win, and to win and to lose by each big margin.

    ``margins`` names the big wins, heaviest first (``double skunk``, ``skunk``; or ``lurch``), each
    with its game points and the chances that it is mine (``wins``) or the opponent's (``losses``):
    a skunk is a win with the loser from 61 to 90, a double skunk below 61.
    """

    position: Position
    win: float
    margins: tuple[tuple[str, int], ...]
    wins: tuple[float, ...]
    losses: tuple[float, ...]

    @property
    def lose(self) -> float:
        """The chance to lose."""
        return 1.0 - self.win

    @property
    def game_points(self) -> float:
        """Expected game points won less game points lost."""
        plain_win = self.win - sum(self.wins)
        plain_loss = self.lose - sum(self.losses)
        points = [points for _, points in self.margins]
        return plain_win - plain_loss + sum(p * (w - l) for p, w, l in zip(points, self.wins, self.losses))


def odds(position: Position) -> Odds:
    """My chances from the start of a deal at this position, as dealer or as pone."""
    rules, (me, opponent), me_dealing = position.rules, position.scores, position.me_dealing
    target = rules.target
    tables = board(target, rules.variant)
    dealer, pone = (me, opponent) if me_dealing else (opponent, me)
    win = tables.dealer_win(dealer, pone)
    below_for = [tables.at(t, dealer, pone) for t in tables.big_for]
    below_against = [tables.at(t, dealer, pone) for t in tables.big_against]
    if not me_dealing:
        win, below_for, below_against = 1.0 - win, below_against, below_for
    # The tables hold "loser below each margin", lightest first; a margin's own chance is the
    # difference of consecutive ones. Margins are named heaviest first, as in the rules.
    kinds = SKUNKS[target]
    exact_for = _exact(below_for)
    exact_against = _exact(below_against)
    names = tuple((MARGIN_NAMES[kind], points) for _, points, kind in kinds)
    return Odds(position, win, names, exact_for, exact_against)


def _exact(below: list[float]) -> tuple[float, ...]:
    """Chances of each margin alone, heaviest first, from chances of the loser being below each, lightest first."""
    heaviest_first = below[::-1]
    return tuple(
        value - (heaviest_first[at - 1] if at else 0.0) for at, value in enumerate(heaviest_first)
    )


ENDGAME = 0.005
"""Below this chance that a deal ends the game, the expert throws by points (and the analyst ranks
throws by points): only from it up does it weigh its throws by the chance to win."""


def ending_chance(position: Position) -> float:
    """About how likely a deal from this position is to end the game: the chance the dealer's points in
    the deal reach his need, plus the pone's, by the sampled deals (a deal where both would counts twice).

    >>> ending_chance(Position(GameRules(), (0, 0), me_dealing=True))
    0.0
    """
    (me, opponent), target = position.scores, position.rules.target
    dealer, pone = (me, opponent) if position.me_dealing else (opponent, me)
    tails = _tails(position.rules.variant)
    return _tail(tails[DEALER], target - dealer) + _tail(tails[PONE], target - pone)


def _tail(tail: list[float], need: int) -> float:
    return tail[need] if need < len(tail) else 0.0


@cache
def _tails(variant: str) -> tuple[list[float], list[float]]:
    """By seat, the chance of at least ``n`` points in a deal, for each ``n``."""
    totals = grid(f"TOTALS_{variant.upper()}")  # [dealer][pone]
    deals = sum(map(sum, totals))
    tails = []
    for tally in ([sum(column) for column in zip(*totals)], [sum(row) for row in totals]):
        tail, running = [], 0
        for count in reversed(tally):
            running += count
            tail.append(running / deals)
        tails.append(tail[::-1])
    return tails[0], tails[1]
