"""The pegging value of a kept four: the generated table against direct simulation, and its use in discard."""

from __future__ import annotations

import random

import pytest

from crib_cli.builders.pegging import simulate_keep
from crib_cli.cards import Card, Rank, Suit, parse_cards
from crib_cli.data import pegging as pegging_data
from crib_cli.discard import analyze_discards
from crib_cli.pegging import KEEP_CLASSES, keep_class, keep_patterns, pegging_value
from crib_cli.rules import TWO_PLAYER_ROLES, RulesError
from crib_cli.tables import rank_key


def test_the_table_has_every_pattern_for_both_roles() -> None:
    assert len(keep_patterns()) == 1820 == len({rank_key(p) for p in keep_patterns()})
    assert len(pegging_data.DEALER) == len(pegging_data.PONE) == 1820
    assert all(0 < error < 0.5 for role in (pegging_data.DEALER, pegging_data.PONE) for _, error, _ in role)
    # Each side pegs something in most plays: what a keep pegs, and what it concedes, are above 0.
    assert all(pegged > 0 and pegged - mean > 0 for role in (pegging_data.DEALER, pegging_data.PONE)
               for mean, _, pegged in role)


SAMPLES = [("5S 5C TD JH", "dealer"), ("2S 3C 4D 6H", "pone"), ("AS 2C 3D 4H", "dealer")]


@pytest.mark.parametrize(("keep", "role"), SAMPLES, ids=[f"{k} {r}" for k, r in SAMPLES])
def test_table_entries_agree_with_a_fresh_simulation(keep: str, role: str) -> None:
    cards = parse_cards(keep)
    table = pegging_value(cards, role)
    fresh = simulate_keep([c.rank for c in cards], role, 120, random.Random(f"a fresh look at {keep} {role}"))
    bound = 4 * (table.error**2 + fresh.error**2) ** 0.5  # what a seat pegs alone varies less than its net
    assert abs(table.mean - fresh.mean) <= bound and abs(table.pegged - fresh.pegged) <= bound


def test_dealers_peg_more_than_pones() -> None:
    """The pone leads into the dealer, who has the last card: the table should show it on the whole."""
    dealer = sum(mean for mean, _, _ in pegging_data.DEALER) / 1820
    pone = sum(mean for mean, _, _ in pegging_data.PONE) / 1820
    assert dealer > 0.5 and pone < -0.5


DEAL = parse_cards("5S 5C 6D JH 4C KS")


@pytest.mark.parametrize("role", TWO_PLAYER_ROLES)
def test_discard_with_pegging_adds_the_table_value_and_sorts_by_the_total(role: str) -> None:
    plain = {o.throw: o for o in analyze_discards(DEAL, role=role)}
    weighed = analyze_discards(DEAL, role=role, pegging=True)
    for option in weighed:
        value = pegging_value(option.keep, role)
        assert (option.peg, option.peg_error) == (value.mean, value.error)
        assert option.net(role) == plain[option.throw].net(role)
        assert option.total(role) == pytest.approx(float(option.net(role)) + value.mean)
    totals = [option.total(role) for option in weighed]
    assert totals == sorted(totals, reverse=True)


@pytest.mark.parametrize(("settings", "message"), [
    ({"pegging": True}, "the role decides it"),
    ({"pegging": True, "role": "pone", "players": 3}, "for two-player six-card cribbage only"),
], ids=["no role", "three players"])
def test_pegging_needs_a_role_and_two_players(settings: dict, message: str) -> None:
    cards = DEAL if settings.get("players") is None else DEAL[:5]
    with pytest.raises(RulesError, match=message):
        analyze_discards(cards, **settings)


@pytest.mark.parametrize("role", TWO_PLAYER_ROLES)
def test_keep_classes_are_about_even_and_follow_the_pegging_value(role: str) -> None:
    """The classes cut the 1,820 rank patterns into groups of about equal count, every keep of a
    class pegging at least as well as every keep of a lower class."""
    by_class: dict[int, list[float]] = {}
    for ranks in keep_patterns():
        keep = [Card(Rank(rank), Suit(ranks[:at].count(rank))) for at, rank in enumerate(ranks)]
        by_class.setdefault(keep_class(keep, role), []).append(pegging_value(keep, role).mean)
    assert sorted(by_class) == list(range(KEEP_CLASSES))
    assert all(abs(len(values) - 1820 / KEEP_CLASSES) <= 10 for values in by_class.values())
    assert all(max(by_class[at]) <= min(by_class[at + 1]) for at in range(KEEP_CLASSES - 1))
