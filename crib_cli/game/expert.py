"""The expert player: throws by the exact net for its seat (and what else it is told to weigh), pegs by looking ahead.

- **Discard**: the throw :func:`crib_cli.discard.analyze_discards` ranks first
  for the seat's role (dealer; partner when the partner deals, four players;
  else pone), ties included, found by :func:`crib_cli.discard.best_throw`;
  with ``pegging`` (the built-in ``expert``) or the expert crib model, the
  best total of those terms instead (see :class:`ExpertPlayer`).
- **Play**: the card :func:`crib_cli.game.lookahead.choose_play` picks for what
  the seat can see: its own cards, its thrown cards, the starter, every card
  laid and every go those imply. A single legal rank, or none, costs no search.

It needs no chance, so it takes no ``random.Random``. It does not look at
the scores: near the end of a game it still pegs for the most net points.
"""

from __future__ import annotations

from ..cards import Card
from ..cribs import throw_value
from ..discard import best_throw, throw_means
from ..pegging import pegging_value
from ..peg import LIMIT
from .lookahead import PlayState, choose_play
from .players import View


class ExpertPlayer:
    """Discards by net, pegs by expectimax; ``depth`` overrides the search's horizon.

    By default the throw is the exact net of :func:`crib_cli.discard.best_throw`
    (hand mean plus or minus the crib's under the random model). With
    ``crib_model`` ``expert`` the crib term is instead the expert model's
    table value of the throw for the seat (:func:`crib_cli.cribs.throw_value`,
    the rule whose fixed point the tables are), and with ``pegging`` the kept
    four's pegging value (:func:`crib_cli.pegging.pegging_value`) is added.
    Both are for two-player six-card games; elsewhere it throws by the exact net.
    """

    def __init__(self, depth: int | None = None, *, crib_model: str = "random", pegging: bool = False) -> None:
        self.depth = depth
        self.crib_model = crib_model
        self.pegging = pegging

    def discard(self, view: View) -> tuple[Card, ...]:
        """The best throw for this seat's role."""
        rules, role = view.rules, seat_role(view)
        if (self.crib_model == "random" and not self.pegging) or rules.players != 2 or rules.variant != "six":
            return best_throw(view.hand, role, rules.players, rules.variant)
        return max(throw_means(view.hand), key=lambda option: self.worth(option, role))[1]

    def worth(self, option: tuple[tuple[Card, ...], tuple[Card, ...], float, float], role: str) -> float:
        """A throw's hand mean, plus or minus its crib term, plus its pegging term if weighed."""
        keep, thrown, hand, crib = option
        if self.crib_model == "expert":
            crib = throw_value(thrown, role)
        peg = pegging_value(keep, role).mean if self.pegging else 0.0
        return hand + (crib if role == "dealer" else -crib) + peg

    def play(self, view: View) -> Card | None:
        """The card the lookahead picks; None when no card fits."""
        fits = view.fits
        if len({card.rank for card in fits}) > 1:
            rank = choose_play(play_state(view), self.depth)
            return next(card for card in fits if card.rank == rank)
        return fits[0] if fits else None


def seat_role(view: View) -> str:
    """``dealer``, ``partner`` (four players, the partner deals) or ``pone``: the seat's role this deal."""
    return view.rules.role(view.seat, view.dealer)


def play_state(view: View) -> PlayState:
    """What the seat to move knows of the play, as :class:`PlayState` sees it.

    The cards laid are replayed to find the goes: a seat passed over in its
    turn said go, and a series that ended below 31 ended with every seat
    holding cards unable to lay. Either way each such seat holds nothing that
    fit the count then, which raises its floor.
    """
    players, me = view.rules.players, view.seat
    left = [view.rules.held] * players
    floors = [0] * players
    gone: set[int] = set()
    turn, count, last = (view.dealer + 1) % players, 0, -1

    def passed(seat: int) -> None:
        if left[seat] and seat not in gone:
            gone.add(seat)
            floors[seat] = max(floors[seat], 32 - count)

    def series_over() -> None:
        for seat in range(players):
            passed(seat)

    for seat, card in view.laid:
        if count + card.value > LIMIT:
            series_over()
            count, turn, gone = 0, _next_with_cards(left, last), set()
        while turn != seat:
            passed(turn)
            turn = (turn + 1) % players
        count += card.value
        left[seat] -= 1
        last, turn = seat, (seat + 1) % players
        if count == LIMIT or not any(left):
            count, turn, gone = 0, _next_with_cards(left, last), set()
    if count and not view.pile:
        series_over()
        count, turn, gone = 0, _next_with_cards(left, last), set()
    while turn != me:
        passed(turn)
        turn = (turn + 1) % players
    unseen = [0] + [4] * 13
    for card in view.seen:
        unseen[card.rank] -= 1
    order = [(me + step) % players for step in range(players)]
    left[me] = len(view.hand)
    floors[me] = 0
    return PlayState(
        hand=tuple(sorted(card.rank for card in view.hand)),
        unseen=tuple(unseen),
        held=tuple(left[seat] for seat in order),
        floors=tuple(floors[seat] for seat in order),
        pile=tuple(card.rank for card in view.pile),
        gone=frozenset(order.index(seat) for seat in gone),
        last=order.index(last) if view.pile else None,
        once=view.rules.play_once,
    )


def _next_with_cards(left: list[int], last: int) -> int:
    """The seat after ``last`` that still holds cards (``last`` itself if only it does)."""
    players = len(left)
    return next(((last + step) % players for step in range(1, players + 1) if left[(last + step) % players]), last)
