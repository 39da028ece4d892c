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
    """What the seat to move knows of the play, as :class:`PlayState` sees it: its own cards, the
    cards it has not seen, and from the play so far how many cards each seat holds, the series, and
    the least each may hold (a seat that said go at count ``c`` holds nothing worth ``31 - c`` or less).
    """
    play, me = view.play, view.seat
    if play is None:
        raise ValueError("a play state is for a view in the play")
    players = view.rules.players
    unseen = [0] + [4] * 13
    for card in view.seen:
        unseen[card.rank] -= 1
    order = [(me + step) % players for step in range(players)]
    left, floors = list(play.left), list(play.floors())
    left[me], floors[me] = len(view.hand), 0
    return PlayState(
        hand=tuple(sorted(card.rank for card in view.hand)),
        unseen=tuple(unseen),
        left=tuple(left[seat] for seat in order),
        floors=tuple(floors[seat] for seat in order),
        pile=tuple(card.rank for card in play.pile),
        gone=frozenset(order.index(seat) for seat in play.gone),
        last=order.index(play.last) if play.last is not None else None,
        once=view.rules.play_once,
    )
