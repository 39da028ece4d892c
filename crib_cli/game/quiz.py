"""Quiz problems: a throw, or a card to lay in the play, from a seeded random deal (two players).

A discard problem is six cards dealt to a seat of the given role. A problem
in the play is a deal played by the built-in expert in both seats, the
position being one of the quiz seat's decisions where more than one rank fits,
picked at random: so the cards laid before it are the expert's, as in a game.
"""

from __future__ import annotations

import random

from ..cards import DECK, Card
from ..rules import GameRules
from .analyst import EXPERT
from .engine import play_deal
from .expert import ExpertPlayer
from .players import View

ME = 0
"""The quiz seat."""


def discard_problem(rng: random.Random, rules: GameRules, role: str, score: tuple[int, int]) -> View:
    """Six cards to the quiz seat as ``role`` (dealer or pone), at ``score`` (mine, the opponent's).

    >>> view = discard_problem(random.Random(1), GameRules(), "pone", (0, 0))
    >>> len(view.hand), view.is_dealer
    (6, False)
    """
    return View(rules, ME, ME if role == "dealer" else 1 - ME, score, tuple(rng.sample(DECK, rules.dealt)))


def play_problem(rng: random.Random, rules: GameRules, role: str, score: tuple[int, int]) -> View:
    """A decision of the quiz seat in the play of a deal the expert plays in both seats, more than one
    rank fitting; the deal begins at ``score`` (mine, the opponent's).

    >>> view = play_problem(random.Random(1), GameRules(), "dealer", (0, 0))
    >>> view.is_dealer, len({card.rank for card in view.fits}) > 1
    (True, True)
    """
    while True:
        recorder = _Recorder()
        deck = rng.sample(DECK, len(DECK))
        play_deal([recorder, EXPERT], rules, ME if role == "dealer" else 1 - ME, deck, start=score)
        if recorder.views:
            return rng.choice(recorder.views)


class _Recorder(ExpertPlayer):
    """The expert, keeping each view of the play where more than one rank fitted."""

    def __init__(self) -> None:
        super().__init__(pegging=True, board=True)
        self.views: list[View] = []

    def play(self, view: View) -> Card | None:
        if len({card.rank for card in view.fits}) > 1:
            self.views.append(view)
        return super().play(view)
