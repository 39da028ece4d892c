"""What a player is, and what it sees: a seat's view of the game.

A player is any object with two methods, each given a :class:`View`:

- ``discard(view)`` returns the cards to throw to the crib (two of
  ``view.hand`` with two players, one with three or four:
  ``view.rules.thrown``);
- ``play(view)`` returns a card of ``view.hand`` to lay, or ``None`` for a go
  (only when no card fits under 31).

With the muggins rule on, a player may also have ``count(view, show)``, which
returns the points it claims for a show (its hand, or its crib as dealer); a
player without it counts right.

The engine checks every answer and raises :class:`IllegalMove` naming the
player and the move; it never fixes a move silently. A simulation reports a
player that raises as :class:`PlayerError`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..cards import Card
from ..peg import Play
from ..rules import LIMIT, GameRules


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see when it must decide, and nothing more.

    ``hand`` is the seat's cards now (the dealt cards when discarding, the
    cards not yet laid during the play, the hand or crib counted when asked
    for a count: four cards, or a hand of three in five-card cribbage);
    ``kept`` and ``thrown`` are empty until the discard is made.
    ``scores`` is by seat (a partnership's total for both partners).
    During the play ``play`` is the play so far as every seat sees it (a
    :class:`~crib_cli.peg.Play` without the hands: every card laid and every
    go said), and ``count``, ``pile``, ``laid`` and ``gone`` are read from it:
    the running count, the current series, every ``(seat, card)`` laid this
    deal in order, the seats that have said go in the current series.
    """

    rules: GameRules
    seat: int
    dealer: int
    scores: tuple[int, ...]
    hand: tuple[Card, ...]
    kept: tuple[Card, ...] = ()
    thrown: tuple[Card, ...] = ()
    starter: Card | None = None
    play: Play | None = None

    @property
    def target(self) -> int:
        """Points that win the game."""
        return self.rules.target

    @property
    def is_dealer(self) -> bool:
        """Whether the crib is this seat's."""
        return self.seat == self.dealer

    @property
    def count(self) -> int:
        """The running count of the play's current series (0 outside the play)."""
        return self.play.count if self.play is not None else 0

    @property
    def pile(self) -> tuple[Card, ...]:
        """The current series of the play, in the order laid."""
        return tuple(self.play.pile) if self.play is not None else ()

    @property
    def laid(self) -> tuple[tuple[int, Card], ...]:
        """Every ``(seat, card)`` laid this deal, in order."""
        return self.play.laid if self.play is not None else ()

    @property
    def gone(self) -> tuple[int, ...]:
        """The seats that have said go in the current series, in seat order."""
        return tuple(sorted(self.play.gone)) if self.play is not None else ()

    @property
    def fits(self) -> tuple[Card, ...]:
        """The cards of the hand that may be laid now: the count stays within 31."""
        room = LIMIT - self.count
        return tuple(card for card in self.hand if card.value <= room)

    @property
    def seen(self) -> set[Card]:
        """Every card this seat has seen: its own (in hand, kept, thrown), the starter, every card laid."""
        seen = {*self.hand, *self.kept, *self.thrown, *(card for _, card in self.laid)}
        if self.starter is not None:
            seen.add(self.starter)
        return seen

    @property
    def left(self) -> tuple[int, ...]:
        """Cards each seat has still to lay in the play, by seat."""
        if self.play is not None:
            return tuple(self.play.left)
        return (self.rules.hand_size,) * self.rules.players


class Player(Protocol):
    """The two decisions of a seat; see the module docstring."""

    def discard(self, view: View) -> tuple[Card, ...]: ...

    def play(self, view: View) -> Card | None: ...


class IllegalMove(ValueError):
    """A player answered with a move the rules do not allow; the message names both."""


class PlayerError(Exception):
    """A player raised: ``str()`` is one line naming the seat, the player, the exception and the
    line of the player's code it came from; ``details`` is the whole traceback as text.

    Plain text both, so the error crosses from a worker process or a cluster as it is.
    """

    def __init__(self, message: str, details: str) -> None:
        super().__init__(message, details)
        self.message = message
        self.details = details

    def __str__(self) -> str:
        return self.message
