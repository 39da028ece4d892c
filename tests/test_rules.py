"""The rules as data: what each game deals, throws and keeps, who sits where, and which game a deal is from."""

from __future__ import annotations

import pytest

from crib_cli.cards import CardError
from crib_cli.rules import GameRules, RulesError, deal_rules

# players -> dealt, thrown, hand size, crib_from_deck, sides, side of each seat, show order when seat 1 deals
RULES_TABLE = {
    "two": (2, 6, 2, 4, 0, 2, (0, 1), (0, 1)),
    "three": (3, 5, 1, 4, 1, 3, (0, 1, 2), (2, 0, 1)),
    "four, partners opposite": (4, 5, 1, 4, 0, 2, (0, 1, 0, 1), (2, 3, 0, 1)),
}


@pytest.mark.parametrize("row", RULES_TABLE.values(), ids=list(RULES_TABLE))
def test_rules_derive_the_deal(row: tuple) -> None:
    players, dealt, thrown, hand_size, from_deck, sides, side_of, order = row
    rules = GameRules(players)
    assert (rules.dealt, rules.thrown, rules.hand_size, rules.crib_from_deck, rules.sides) == (dealt, thrown, hand_size, from_deck, sides)
    assert tuple(rules.side(seat) for seat in range(players)) == side_of
    assert rules.show_order(1) == order
    assert players * thrown + from_deck == 4
    assert not rules.play_once and rules.three_for_last == 0


def test_five_card_rules_derive_the_deal() -> None:
    rules = GameRules(target=61, variant="five")
    assert (rules.dealt, rules.thrown, rules.hand_size, rules.crib_from_deck, rules.sides) == (5, 2, 3, 0, 2)
    assert rules.play_once and rules.three_for_last == 3 and rules.show_order(1) == (0, 1)


@pytest.mark.parametrize(("options", "target"), [
    ({}, 121), ({"players": 3}, 121), ({"players": 4}, 121), ({"variant": "five"}, 61),
    ({"variant": "five", "target": 121}, 121), ({"target": 61}, 61),
])
def test_each_variant_has_its_own_target(options: dict, target: int) -> None:
    assert GameRules(**options).target == target


@pytest.mark.parametrize(("options", "message"), [
    ({"target": -5}, "the target must be a positive score, not -5"),
    ({"players": 3, "variant": "five"}, "five-card cribbage is for two players, not 3"),
    ({"players": 4, "variant": "five"}, "five-card cribbage is for two players, not 4"),
    ({"variant": "seven"}, "unknown variant 'seven'"),
])
def test_five_card_rules_are_for_two_players(options: dict, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        GameRules(**options)


@pytest.mark.parametrize(
    ("size", "options", "players"),
    [(6, {}, 2), (5, {}, 3), (5, {"role": "partner"}, 4), (5, {"players": 4, "role": "pone"}, 4)],
    ids=["six cards", "five cards", "five cards, partner", "four players, pone"],
)
def test_deal_players(size: int, options: dict, players: int) -> None:
    assert deal_rules(size, **options).players == players


def test_five_card_deal_players() -> None:
    assert deal_rules(5, variant="five") == deal_rules(5, players=2, role="pone", variant="five") == GameRules(variant="five")


@pytest.mark.parametrize(("size", "options", "error", "message"), [
    (4, {}, CardError, "a deal is 6 cards"),
    (6, {"players": 3}, CardError, "a 3-player deal is 5 cards, got 6"),
    (6, {"variant": "five"}, CardError, "a five-card cribbage deal is 5 cards, got 6"),
    (5, {"players": 5}, RulesError, "players must be 2, 3 or 4"),
    (5, {"role": "owner"}, RulesError, "unknown role 'owner'"),
    (6, {"role": "partner"}, RulesError, "role 'partner' is for four players"),
], ids=["four cards", "six for three", "six for five-card", "five players", "unknown role", "partner of two"])
def test_a_deal_that_fits_no_game(size: int, options: dict, error: type, message: str) -> None:
    with pytest.raises(error, match=message):
        deal_rules(size, **options)


def test_a_seats_role() -> None:
    four = GameRules(4)
    assert [four.role(seat, 1) for seat in range(4)] == ["pone", "dealer", "pone", "partner"]
    assert [GameRules(3).role(seat, 2) for seat in range(3)] == ["pone", "pone", "dealer"]
