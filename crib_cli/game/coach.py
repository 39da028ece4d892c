"""The coach: each decision of a seat against the expert's, in points of expectation.

A throw is judged by its exact net for the seat (:func:`crib_cli.discard.analyze_discards`
for the game's players and variant: the hand's mean plus the crib's for the
dealer and his partner, less it for the pone). A card
laid is judged by the expert's look-ahead to the end of the play
(:func:`crib_cli.game.lookahead.play_values`): the points the seat's side can
expect to peg from here less the other side's. What one gives up is the best
value less the value of the choice made; zero when it is the expert's choice.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..cards import DECK, Card, Rank
from ..discard import Throw, analyze_discards
from ..peg import reply_risk, score_play
from ..rules import LIMIT
from .expert import play_state, seat_role
from .lookahead import play_values
from .players import View


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision judged: what was chosen and the best choice, each with its expected value.

    ``kind`` is ``throw`` or ``play``; cards are the cards thrown, or the one
    card laid. ``why`` says, for a card, what the choice and the best score now
    and what reply they invite.
    """

    kind: str
    chosen: tuple[Card, ...]
    chosen_value: float
    best: tuple[Card, ...]
    best_value: float
    why: str = ""

    @property
    def given_up(self) -> float:
        """Expectation lost by the choice: the best value less the chosen one."""
        return max(self.best_value - self.chosen_value, 0.0)


def throw_options(view: View) -> tuple[Throw, ...]:
    """Every throw from the seat's hand, best net for its role first (by the game's variant and players)."""
    rules = view.rules
    return analyze_discards(view.hand, role=seat_role(view), players=rules.players, variant=rules.variant)


def judge_throw(view: View, thrown: tuple[Card, ...]) -> Verdict:
    """The net of the throw made against the best net for the seat's role."""
    role = seat_role(view)
    options = throw_options(view)
    chosen = next(option for option in options if option.throw == tuple(sorted(thrown)))
    best = options[0]
    return Verdict("throw", chosen.throw, float(chosen.net(role)), best.throw, float(best.net(role)))


def play_options(view: View) -> list[tuple[Card, float]]:
    """Each card of the hand that fits, with the expected net pegging from here if laid, best first.

    Cards of one rank are worth the same; the play scores ranks and values only.
    """
    fits = view.fits
    if not fits:
        return []
    ranks = {card.rank for card in fits}
    values = play_values(play_state(view)) if len(ranks) > 1 else {}
    options = [(card, values.get(int(card.rank), 0.0)) for card in sorted(fits)]
    return sorted(options, key=lambda option: -option[1])


def judge_play(view: View, card: Card) -> Verdict:
    """The card laid against the expert's card, each with its look-ahead value and why."""
    options = play_options(view)
    chosen = next(value for option, value in options if option.rank == card.rank)
    best, best_value = options[0]
    if best.rank == card.rank:
        best = card
    why = describe(view, card) if best is card else f"{describe(view, best)}; yours: {describe(view, card)}"
    return Verdict("play", (card,), chosen, (best,), best_value, why)


def describe(view: View, card: Card) -> str:
    """What laying ``card`` scores now, and what the next card can score against it."""
    pile = (*view.pile, card)
    items = score_play(pile)
    now = ", ".join(f"{item.kind} for {item.points}" for item in items) or "nothing now"
    count = view.count + card.value
    if count == LIMIT:
        return f"{card} makes 31: {now}; the count resets"
    seen = view.seen
    unseen: Counter[Rank] = Counter(c.rank for c in DECK if c not in seen)
    risk = reply_risk(pile, unseen)
    return f"{card} scores {now}, leaves {count}: {risk.why}"
