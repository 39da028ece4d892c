"""The pegging value of a kept four: the generated table against direct simulation, and its use in discard."""

from __future__ import annotations

import random

import pytest

from crib_cli.builders.pegging import simulate_keep
from crib_cli.cards import Card, Rank, Suit, parse_cards
from crib_cli.data import pegging as pegging_data
from crib_cli.discard import analyze_discards
from crib_cli.pegging import WINDOW, keep_patterns, keep_play, pattern_index, pegging_value
from crib_cli.rules import TWO_PLAYER_ROLES, RulesError
from crib_cli.tables import rank_key


def test_the_table_has_every_pattern_for_both_roles() -> None:
    assert len(keep_patterns()) == 1820 == len({rank_key(p) for p in keep_patterns()})
    assert len(pegging_data.DEALER) == len(pegging_data.PONE) == 1820
    assert all(0 < error < 0.5 for role in (pegging_data.DEALER, pegging_data.PONE) for _, error, _ in role)
    # Each side pegs something in most plays: what a keep pegs, and what it concedes, are above 0.
    assert all(pegged > 0 and pegged - mean > 0 for role in (pegging_data.DEALER, pegging_data.PONE)
               for mean, _, pegged in role)



def test_each_pattern_is_found_at_its_place_in_the_table_in_any_order() -> None:
    rng = random.Random(4)
    assert [pattern_index(ranks) for ranks in keep_patterns()] == list(range(1820))
    assert [pattern_index(rng.sample(ranks, 4)) for ranks in keep_patterns()] == list(range(1820))

SAMPLES = [("5S 5C TD JH", "dealer"), ("2S 3C 4D 6H", "pone"), ("AS 2C 3D 4H", "dealer")]


@pytest.mark.parametrize(("keep", "role"), SAMPLES, ids=[f"{k} {r}" for k, r in SAMPLES])
def test_table_entries_agree_with_a_fresh_simulation(keep: str, role: str) -> None:
    cards = parse_cards(keep)
    table = pegging_value(cards, role)
    fresh, play = simulate_keep([c.rank for c in cards], role, 120, random.Random(f"a fresh look at {keep} {role}"))
    bound = 4 * (table.error**2 + fresh.error**2) ** 0.5  # what a seat pegs alone varies less than its net
    assert abs(table.mean - fresh.mean) <= bound and abs(table.pegged - fresh.pegged) <= bound
    # How often the keep pegs 2 or more before the other pegs 2: each a share of its deals, within four
    # standard errors of the two.
    shipped = keep_play(cards, role)
    shares = [sum(counts.reach[2][:2]) / counts.deals for counts in (shipped, play)]
    spread = sum(share * (1 - share) / counts.deals for share, counts in zip(shares, (shipped, play))) ** 0.5
    assert abs(shares[0] - shares[1]) <= 4 * spread


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
def test_every_keeps_play_is_counted_whole(role: str) -> None:
    """Every shipped keep's play counts each of its deals once in its totals, and reaches each need in
    as many deals as its totals reach it; the window's last row holds the deals of that many or more."""
    for ranks in keep_patterns():
        keep = [Card(Rank(rank), Suit(ranks[:at].count(rank))) for at, rank in enumerate(ranks)]
        play = keep_play(keep, role)
        assert sum(map(sum, play.totals)) == play.deals == pegging_data.DEALS
        assert not any(play.reach[0])
        for need in range(1, WINDOW + 1):
            assert sum(play.reach[need]) == sum(map(sum, play.totals[need:])), (ranks, need)
