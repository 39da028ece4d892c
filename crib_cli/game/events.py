"""What happens in a game, one event at a time, for an observer such as a text front end.

The engine hands each event to the observer as it happens, in order. Events
see everything (every hand, every throw): a front end for a human must show
only what that seat may see. ``scores`` is always by seat after the event
(a partnership's total for both partners).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Card
from ..peg import PegItem
from ..rules import GameRules
from ..score import ShowScore
from .record import DealRecord, GameRecord


@dataclass(frozen=True, slots=True)
class GameStarted:
    """The game begins: the rules, the players' names by seat, the cut for deal (if any), the first dealer,
    and the scores by seat it begins at (love-all unless it was taken up at others)."""

    rules: GameRules
    names: tuple[str, ...]
    cuts: tuple[tuple[tuple[int, Card], ...], ...]
    first_dealer: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ThreeForLast:
    """Five-card cribbage: ``seat``, the pone of the first deal, pegs ``points`` (3) as the game starts."""

    seat: int
    points: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Dealt:
    """A deal begins: ``number`` counts deals from 0; ``hands`` by seat; the card dealt to the crib (three players)."""

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    crib_card: Card | None


@dataclass(frozen=True, slots=True)
class Discarded:
    """Every seat has thrown: ``discards`` by seat, and the crib they make."""

    discards: tuple[tuple[Card, ...], ...]
    crib: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class StarterTurned:
    """``cutter`` (the dealer's left) cut and the starter is turned; a jack is his heels, ``heels`` points to the dealer."""

    cutter: int
    dealer: int
    starter: Card
    heels: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Laid:
    """``seat`` laid ``card``: the count and the current series after it, what it scored.

    ``items`` include ``last card`` for the last card of the play. After 31 or
    the last card the next series starts from 0 with no event of its own; in
    five-card cribbage the play ends at 31.
    """

    seat: int
    card: Card
    count: int
    pile: tuple[Card, ...]
    items: tuple[PegItem, ...]
    scores: tuple[int, ...]

    @property
    def points(self) -> int:
        return sum(item.points for item in self.items)


@dataclass(frozen=True, slots=True)
class Go:
    """``seat`` said go at ``count``: no card of its hand fits."""

    seat: int
    count: int


@dataclass(frozen=True, slots=True)
class GoPoint:
    """Nobody can play on: ``seat``, who laid the last card, pegs 1 for the go, and the count resets
    (in five-card cribbage the play ends)."""

    seat: int
    count: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class ShowCounted:
    """A hand or crib (``kind``) is counted for ``seat``, itemized in ``show``.

    The owner pegs ``claimed`` (the true total unless muggins is on);
    ``muggins`` is what the next seat to the owner's left pegged of any shortfall.
    """

    seat: int
    kind: str
    show: ShowScore
    claimed: int
    muggins: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DealEnded:
    """The deal is over (or the game ended in it): its record, with the scores after it."""

    deal: DealRecord

    @property
    def scores(self) -> tuple[int, ...]:
        return self.deal.scores


@dataclass(frozen=True, slots=True)
class GameEnded:
    """The game is won: the whole record."""

    record: GameRecord


Event = (
    GameStarted | ThreeForLast | Dealt | Discarded | StarterTurned | Laid | Go | GoPoint | ShowCounted | DealEnded
    | GameEnded
)
