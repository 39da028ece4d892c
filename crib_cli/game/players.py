"""What a player is, and what it sees: the rules of a game and a seat's view of it.

A player is any object with two methods, each given a :class:`View`:

- ``discard(view)`` returns the cards to throw to the crib (two of
  ``view.hand`` with two players);
- ``play(view)`` returns a card of ``view.hand`` to lay, or ``None`` for a go
  (only when no card fits under 31).

The engine checks every answer and raises :class:`IllegalMove` naming the
player and the move; it never fixes a move silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..cards import Card


@dataclass(frozen=True, slots=True)
class GameRules:
    """Which game is played: how many seats, and the target score (121, or 61 for a short game)."""

    players: int = 2
    target: int = 121

    @property
    def dealt(self) -> int:
        """Cards dealt to each seat."""
        return 6 if self.players == 2 else 5

    @property
    def thrown(self) -> int:
        """Cards each seat throws to the crib."""
        return 2 if self.players == 2 else 1


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see when it must decide, and nothing more.

    ``hand`` is the seat's cards now; ``kept`` and ``thrown`` are empty until
    the discard is made. ``pile`` is the current series of the play, ``laid``
    every ``(seat, card)`` laid this deal, in order; ``count`` the running count.
    """

    rules: GameRules
    seat: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...] = ()
    thrown: tuple[Card, ...] = ()
    starter: Card | None = None
    count: int = 0
    pile: tuple[Card, ...] = ()
    laid: tuple[tuple[int, Card], ...] = ()

    @property
    def target(self) -> int:
        """Points that win the game."""
        return self.rules.target

    @property
    def is_dealer(self) -> bool:
        """Whether the crib is this seat's."""
        return self.seat == self.dealer


class Player(Protocol):
    """The two decisions of a seat; see the module docstring."""

    def discard(self, view: View) -> tuple[Card, ...]: ...

    def play(self, view: View) -> Card | None: ...


class IllegalMove(ValueError):
    """A player answered with a move the rules do not allow; the message names both."""
