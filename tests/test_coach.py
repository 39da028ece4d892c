"""The coach's verdicts against the exact discard analysis and the expert's look-ahead."""

from __future__ import annotations

import random

import pytest
from positions import play_view

from crib_cli.cards import DECK, parse_card, parse_cards
from crib_cli.discard import analyze_discards
from crib_cli.game import GameRules, View
from crib_cli.game.coach import describe, judge_play, judge_throw, play_options
from crib_cli.game.expert import ExpertPlayer, play_state
from crib_cli.game.lookahead import play_values

THROWS = [
    ("5S 5C 6D JH 4C KS", 1, "4C 6D", "pone", "JH KS", 3.96),
    ("5S 5C 6D JH 4C KS", 0, "JH KS", "dealer", "JH KS", 0.0),
]


@pytest.mark.parametrize(("hand", "dealer", "thrown", "role", "best", "given_up"), THROWS, ids=["pone gives up", "dealer best"])
def test_judge_throw_is_the_exact_net(hand: str, dealer: int, thrown: str, role: str, best: str, given_up: float) -> None:
    view = View(GameRules(), 0, dealer, (0, 0), parse_cards(hand))
    verdict = judge_throw(view, parse_cards(thrown))
    options = analyze_discards(parse_cards(hand), role=role)
    chosen = next(o for o in options if o.throw == tuple(sorted(parse_cards(thrown))))
    assert verdict.chosen_value == float(chosen.net(role)) and verdict.best_value == float(options[0].net(role))
    assert verdict.best == parse_cards(best) or verdict.best == tuple(sorted(parse_cards(best)))
    assert round(verdict.given_up, 2) == given_up


def random_views(count: int) -> list[View]:
    """Views of the pone at its first play, after random expert discards."""
    rng = random.Random(11)
    views = []
    for _ in range(count):
        deck = list(DECK)
        rng.shuffle(deck)
        hand, other, starter = tuple(deck[:6]), tuple(deck[6:12]), deck[12]
        rules = GameRules()
        thrown = ExpertPlayer().discard(View(rules, 0, 1, (0, 0), hand))
        kept = tuple(c for c in hand if c not in thrown)
        dealer_thrown = ExpertPlayer().discard(View(rules, 1, 1, (0, 0), other))
        lead = next(c for c in other if c not in dealer_thrown)
        views.append(play_view(rules, 0, 0, kept, (lead,), thrown=thrown, starter=starter))
    return views


@pytest.mark.parametrize("view", random_views(6))
def test_play_options_are_the_look_ahead_values(view: View) -> None:
    values = play_values(play_state(view))
    options = play_options(view)
    assert [card for card, _ in options] == sorted((c for c in view.hand if view.count + c.value <= 31), key=lambda c: (-values[int(c.rank)], c))
    best, value = options[0]
    verdict = judge_play(view, best)
    assert verdict.given_up == 0 and verdict.best == (best,) and verdict.chosen_value == value
    worst, low = options[-1]
    if low < value:
        verdict = judge_play(view, worst)
        assert verdict.given_up == pytest.approx(value - low) and str(best) in verdict.why and str(worst) in verdict.why


def test_describe_says_what_a_card_scores_and_invites() -> None:
    view = play_view(GameRules(), 0, 0, parse_cards("5H 9C"), parse_cards("TD"), thrown=parse_cards("AC 2C"),
                     starter=parse_card("3D"))
    assert describe(view, parse_card("5H")) == "5H scores fifteen for 2, leaves 15: 3 of 46 unseen pair it"
    assert describe(view, parse_card("9C")) == "9C scores nothing now, leaves 19: 8 of 46 unseen make a run of 3, 3 pair it"
