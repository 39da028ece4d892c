"""The board: the chance to win from every position, expert-points against itself, and the odds of a big win;
and by it, the chance of a throw and of the end of a play.

A position is the start of a deal in a two-player game: the dealer's score,
the pone's score and the target. The package's modules, each on the ones
above it:

- :mod:`~crib_cli.board.table`: the board's table by position, the odds of a
  big win, and how likely a deal is to end the game;
- :mod:`~crib_cli.board.numerics`: the arithmetic the models are built on;
- :mod:`~crib_cli.board.model`: a deal as the sampled deals model it;
- :mod:`~crib_cli.board.throws`: a throw's chance to win;
- :mod:`~crib_cli.board.play`: the chance to win as the play ends.

The public names below are imported on first use, so that checking a
position loads no model of the deal.

>>> from crib_cli.board import dealer_chance, odds
>>> from crib_cli.rules import GameRules, Position
>>> round(dealer_chance(0, 0), 2)
0.56
>>> odds(Position(GameRules(), (95, 110), me_dealing=True)).win < 0.5
True
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

_HOMES = {
    ".table": ("BOARDS", "ENDGAME", "Board", "Odds", "board", "check_game", "dealer_chance",
              "ending_chance", "grid", "odds"),
    ".model": ("pegging_shift",),
    ".throws": ("SHOWN", "Outlook", "throw_chances"),
    ".play": ("PLAY_MATTERS", "after_play", "play_matters"),
}

__all__ = [
    "BOARDS",
    "ENDGAME",
    "PLAY_MATTERS",
    "SHOWN",
    "Board",
    "Odds",
    "Outlook",
    "after_play",
    "board",
    "check_game",
    "dealer_chance",
    "ending_chance",
    "grid",
    "odds",
    "pegging_shift",
    "play_matters",
    "throw_chances",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())


if TYPE_CHECKING:
    from .model import pegging_shift
    from .play import PLAY_MATTERS, after_play, play_matters
    from .table import (
        BOARDS,
        ENDGAME,
        Board,
        Odds,
        board,
        check_game,
        dealer_chance,
        ending_chance,
        grid,
        odds,
    )
    from .throws import SHOWN, Outlook, throw_chances
