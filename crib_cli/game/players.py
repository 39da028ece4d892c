"""What a player is, and what it sees: the rules of a game and a seat's view of it.

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
player and the move; it never fixes a move silently.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from ..cards import VARIANTS, Card
from ..peg import LIMIT

PLAYER_COUNTS = (2, 3, 4)
THREE_FOR_LAST = 3
"""Points the pone of the first deal pegs at the start of a five-card game."""


@dataclass(frozen=True, slots=True)
class GameRules:
    """Which game is played: how many seats, the target score (121, or 61 for a short game and five-card), muggins,
    and the variant: ``six`` (six-card cribbage, or five cards each with three or four players)
    or ``five`` (five-card cribbage: two players, hands of three, the play goes once, usually to 61).

    Seats are numbered from 0 and sit clockwise: seat ``s + 1`` is on the left
    of seat ``s``. With four players the partners sit opposite (seats 0 and 2
    against 1 and 3).
    """

    players: int = 2
    target: int = 0
    """The score that wins; 0, the default, is the variant's own: 121, or 61 for five-card cribbage."""
    muggins: bool = False
    variant: str = "six"

    def __post_init__(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise ValueError(f"a game needs 2, 3 or 4 players, not {self.players}")
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}: use six or five")
        if self.variant == "five" and self.players != 2:
            raise ValueError(f"five-card cribbage is for two players, not {self.players}")
        if self.target == 0:
            object.__setattr__(self, "target", 61 if self.variant == "five" else 121)
        if self.target < 1:
            raise ValueError(f"the target must be a positive score, not {self.target}")

    @property
    def dealt(self) -> int:
        """Cards dealt to each seat."""
        return 6 if self.players == 2 and self.variant == "six" else 5

    @property
    def thrown(self) -> int:
        """Cards each seat throws to the crib."""
        return 2 if self.players == 2 else 1

    @property
    def play_once(self) -> bool:
        """Whether the play ends at the first go or 31, cards left unplayed (five-card cribbage)."""
        return self.variant == "five"

    @property
    def three_for_last(self) -> int:
        """Points the pone of the first deal pegs as the game starts: 3 in five-card cribbage, else 0."""
        return THREE_FOR_LAST if self.variant == "five" else 0

    @property
    def held(self) -> int:
        """Cards each seat keeps for the play and the show."""
        return self.dealt - self.thrown

    @property
    def crib_from_deck(self) -> int:
        """Cards dealt from the deck straight to the crib (one with three players), so the crib has four."""
        return 4 - self.players * self.thrown

    @property
    def sides(self) -> int:
        """How many sides score apart: two partnerships with four players, else one a player."""
        return 2 if self.players == 4 else self.players

    def side(self, seat: int) -> int:
        """The side a seat scores for: ``seat % sides`` (partners 0 and 2 are side 0)."""
        return seat % self.sides

    def role(self, seat: int, dealer: int) -> str:
        """``dealer``, ``partner`` (the dealer's partner, four players) or ``pone`` (an opponent of the dealer)."""
        if seat == dealer:
            return "dealer"
        return "partner" if self.side(seat) == self.side(dealer) else "pone"

    def show_order(self, dealer: int) -> tuple[int, ...]:
        """Seats in the order they lead the play and count their hands: from the dealer's left, the dealer last."""
        n = self.players
        return tuple((dealer + step) % n for step in range(1, n + 1))


@dataclass(frozen=True, slots=True)
class View:
    """What one seat may see when it must decide, and nothing more.

    ``hand`` is the seat's cards now (the dealt cards when discarding, the
    cards not yet laid during the play, the hand or crib counted when asked
    for a count: four cards, or a hand of three in five-card cribbage);
    ``kept`` and ``thrown`` are empty until the discard is made.
    ``scores`` is by seat (a partnership's total for both partners).
    ``pile`` is the current series of the play, ``laid`` every
    ``(seat, card)`` laid this deal, in order; ``count`` the running count;
    ``gone`` the seats that have said go in the current series.
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
    gone: tuple[int, ...] = ()

    @property
    def target(self) -> int:
        """Points that win the game."""
        return self.rules.target

    @property
    def is_dealer(self) -> bool:
        """Whether the crib is this seat's."""
        return self.seat == self.dealer

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
    def held(self) -> tuple[int, ...]:
        """Cards each seat still holds for the play, by seat (from ``laid``)."""
        left = [self.rules.held] * self.rules.players
        for seat, _ in self.laid:
            left[seat] -= 1
        return tuple(left)


class Player(Protocol):
    """The two decisions of a seat; see the module docstring."""

    def discard(self, view: View) -> tuple[Card, ...]: ...

    def play(self, view: View) -> Card | None: ...


class IllegalMove(ValueError):
    """A player answered with a move the rules do not allow; the message names both."""
