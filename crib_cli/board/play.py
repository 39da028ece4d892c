"""The end of the play, by the board: my chance to win as the play ends, and whether the play matters.

The shows that follow the play are the sampled deals' with the starter's
rank, moved by my throw and by the cards I hold; then the game goes on from
where the deal leaves it, by the board's table.

>>> from crib_cli.rules import GameRules
>>> play_matters(Position(GameRules(), (40, 40), me_dealing=True), shown=8, starter=5)
False
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import repeat
from operator import truediv

from ..rules import Position
from .model import crib_shift, cribs, deal_model, removal
from .numerics import MovedRows, shifted, split
from .table import DEALER, PONE, SCALE, board, grid


@cache
def _shows(variant: str, rank: int, seat: int) -> tuple[float, ...]:
    """The distribution of the seat's hand with a starter of this rank, in the sampled deals."""
    row = grid(f"HANDS_{('PONE', 'DEALER')[seat]}_{variant.upper()}")[rank]
    total = sum(row)
    return tuple(count / total for count in row)


@cache
def _his_shows(variant: str, rank: int) -> tuple[float, ...]:
    """The dealer's hand and crib together with a starter of this rank (the sampled deals' cribs)."""
    hand, crib = _shows(variant, rank, DEALER), cribs(variant)[rank]
    total = [0.0] * (len(hand) + len(crib))
    for points, chance in enumerate(hand):
        if chance:
            for more, other in enumerate(crib):
                total[points + more] += chance * other
    return tuple(total)


@cache
def _rows(target: int, variant: str) -> tuple[tuple[float, ...], ...]:
    """The dealer's chance by position as rows (``[dealer][pone]``), each padded with zeros past the
    target: a pone at the target or past it has already won."""
    chances = tuple(map(truediv, board(target, variant).win, repeat(SCALE)))
    pad = (0.0,) * (target + 64)
    return tuple(chances[dealer * target : (dealer + 1) * target] + pad for dealer in range(target))


def after_play(
    position: Position, *, shown: int, thrown: tuple[int, int], starter: int, nobs: int = 0,
    dealt: tuple[int, ...] = (),
) -> Callable[[int, int], float]:
    """My chance to win when the play ends with ``mine`` more points pegged by me and ``theirs`` by the
    opponent, from the ``position`` (the scores now, neither at the target): ``f(mine, theirs)``.

    The shows follow in order: the pone's hand, then the dealer's hand and the
    crib. Mine (``shown``, with the ``starter``'s rank known) is exact; his
    hand is the sampled deals' with that starter, moved by what the ranks I
    was ``dealt`` take from it; the crib is theirs moved by my ``thrown``
    ranks (and ``nobs``, a thrown jack of the starter's suit).
    Then the game goes on from where the deal leaves it, by the table.

    >>> from crib_cli.rules import GameRules
    >>> after_play(Position(GameRules(), (110, 118), me_dealing=False), shown=12, thrown=(1, 13), starter=5)(0, 0)
    1.0
    """
    (me, opponent), me_dealing = position.scores, position.me_dealing
    target, variant = position.rules.target, position.rules.variant
    model = deal_model(variant, DEALER if me_dealing else PONE)
    rows = _rows(target, variant)
    shift = crib_shift(model, thrown, starter, nobs)
    known: dict[tuple[int, int], float] = {}
    if me_dealing:
        whole, part = split(shift)
        his = shifted(_shows(variant, starter, PONE), removal(variant, PONE, dealt, starter))
        crib = MovedRows(model.cribs[starter], rows)  # by his score

        def value(mine: int, theirs: int) -> float:
            base = me + mine + shown
            chance = 0.0
            for hand, weight in enumerate(his):
                dealer = opponent + theirs + hand
                if weight and dealer < target:
                    chance += weight * (1.0 - crib[dealer].shifted(base, whole, part))
            return chance

    else:
        shows = _his_shows(variant, starter)  # his hand and crib, moved by my throw and by my cards
        whole, part = split(shift + removal(variant, DEALER, dealt, starter))

        moved = MovedRows(shows, rows)  # by my score

        def value(mine: int, theirs: int) -> float:
            dealer = me + mine + shown
            if dealer >= target:
                return 1.0
            return moved[dealer].shifted(opponent + theirs, whole, part)

    def at(mine: int, theirs: int) -> float:
        key = (mine, theirs)
        chance = known.get(key)
        if chance is None:
            chance = known[key] = value(mine, theirs)
        return chance

    return at


PLAY_MATTERS = 0.005
"""The chance, at least, that the rest of the deal ends the game, for the play to be weighed by the board."""

_GOOD_PLAY = 12
"""Points a seat may peg in a good play, for :func:`play_matters`."""


def play_matters(position: Position, *, shown: int, starter: int) -> bool:
    """Whether the rest of a deal in play may end the game: I could reach the target with my show
    (``shown``) and a good play, or the opponent with his shows and the play, at least
    :data:`PLAY_MATTERS` of the time by the sampled deals.

    >>> from crib_cli.rules import GameRules
    >>> play_matters(Position(GameRules(), (110, 40), me_dealing=True), shown=8, starter=5)
    True
    """
    (me, opponent), target, variant = position.scores, position.rules.target, position.rules.variant
    if me + shown + _GOOD_PLAY >= target:
        return True
    his = _shows(variant, starter, PONE) if position.me_dealing else _his_shows(variant, starter)
    short = target - opponent - _GOOD_PLAY
    return short <= 0 or sum(his[max(short, 0) :]) >= PLAY_MATTERS
