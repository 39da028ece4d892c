"""Card notation: parsing, printing and the errors users see."""

from __future__ import annotations

import pytest

from crib_cli.cards import (
    DECK,
    Card,
    CardError,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
    parse_rank,
    parse_show,
)

GOOD_TOKENS = [
    ("5S", Card(Rank.FIVE, Suit.SPADES)),
    ("5s", Card(Rank.FIVE, Suit.SPADES)),
    ("10H", Card(Rank.TEN, Suit.HEARTS)),
    ("th", Card(Rank.TEN, Suit.HEARTS)),
    ("AC", Card(Rank.ACE, Suit.CLUBS)),
    ("KD", Card(Rank.KING, Suit.DIAMONDS)),
    ("J♦", Card(Rank.JACK, Suit.DIAMONDS)),
    ("Q♠", Card(Rank.QUEEN, Suit.SPADES)),
    ("7♥", Card(Rank.SEVEN, Suit.HEARTS)),
    ("2♣", Card(Rank.TWO, Suit.CLUBS)),
]


@pytest.mark.parametrize(("token", "card"), GOOD_TOKENS, ids=[t for t, _ in GOOD_TOKENS])
def test_parse_card(token: str, card: Card) -> None:
    assert parse_card(token) == card


BAD_TOKENS = [
    ("1X", "'1X' is not a card: neither rank nor suit: '1' is not a rank (A, 2-10, T, J, Q or K) and 'X' not a suit"),
    ("ZZ", "'ZZ' is not a card: neither rank nor suit: 'Z' is not a rank (A, 2-10, T, J, Q or K) and 'Z' not a suit"),
    ("5X", "'5X' is not a card: unknown suit 'X' (use S, H, D, C or ♠♥♦♣)"),
    ("5SS", "'5SS' is not a card: one character too many ('S' after 5S)"),
    ("10HH", "'10HH' is not a card: one character too many ('H' after 10H)"),
    ("JH/5H", "'JH/5H' is not a card: 3 characters too many ('/5H' after JH)"),
    ("5S5C5D", "'5S5C5D' is not a card: separate cards with spaces (5S 5C 5D)"),
    ("10h♠5", "'10h♠5' is not a card: 2 characters too many ('♠5' after 10H)"),
    ("banana", "'banana' is not a card: a card is a rank and a suit, like 5S or 10H"),
    ("bogus", "'bogus' is not a card: a card is a rank and a suit, like 5S or 10H"),
    ("ZH", "'ZH' is not a card: rank must be A, 2-10, T, J, Q or K"),
    ("1H", "'1H' is not a card: rank must be A, 2-10, T, J, Q or K"),
    ("11H", "'11H' is not a card: rank must be"),
    ("5", "'5' is not a card: the suit is missing (S, H, D, C or ♠♥♦♣, as in 5S)"),
    ("10", "'10' is not a card: the suit is missing (S, H, D, C or ♠♥♦♣, as in 10S)"),
    ("j", "'j' is not a card: the suit is missing (S, H, D, C or ♠♥♦♣, as in JS)"),
    ("X", "'X' is not a card: a card is a rank and a suit"),
    ("", "'' is not a card"),
]


@pytest.mark.parametrize(("token", "message"), BAD_TOKENS, ids=[t or "empty" for t, _ in BAD_TOKENS])
def test_parse_card_errors(token: str, message: str) -> None:
    with pytest.raises(CardError) as info:
        parse_card(token)
    assert str(info.value).startswith(message)


RANKS = [("A", Rank.ACE), ("10", Rank.TEN), ("t", Rank.TEN), ("q", Rank.QUEEN), (" 7 ", Rank.SEVEN)]


@pytest.mark.parametrize(("token", "rank"), RANKS, ids=[t for t, _ in RANKS])
def test_parse_rank(token: str, rank: Rank) -> None:
    assert parse_rank(token) is rank


@pytest.mark.parametrize("token", ["1", "11", "5S", ""])
def test_parse_rank_refuses_what_is_not_a_rank(token: str) -> None:
    with pytest.raises(CardError, match="is not a rank: use A, 2-10, T, J, Q or K"):
        parse_rank(token)


def test_deck_is_52_distinct_cards_in_index_order() -> None:
    assert len(set(DECK)) == 52
    assert [card.index for card in DECK] == list(range(52))


def test_str_round_trips_every_card() -> None:
    assert all(parse_card(str(card)) is card for card in DECK)


def test_ten_sorts_between_nine_and_jack() -> None:
    assert sorted(parse_cards("JS TS 9S")) == list(parse_cards("9S TS JS"))


def test_values() -> None:
    assert [parse_card(t).value for t in ("AS", "9S", "TS", "JS", "QS", "KS")] == [1, 9, 10, 10, 10, 10]


SEPARATED = ["5S 5C 5D JH", "5S,5C,5D,JH", "5S, 5C,  5D ,JH", "  5s 5c 5d jh  "]


@pytest.mark.parametrize("text", SEPARATED)
def test_parse_cards_tolerates_commas_and_spaces(text: str) -> None:
    assert format_cards(parse_cards(text)) == "5S 5C 5D JH"


SHOW_ERRORS = [
    ("5S 5C 5D JH", "missing starter: write the 4 hand cards, '/', then the starter, or 5 cards with the starter last (got 4 cards)"),
    ("5S 5C 5D JH 5H 4H", "too many cards for a show of 5: write the 4 hand cards, '/', then the starter, or 5 cards with the starter last (got 6 cards)"),
    ("5S 5C 5D JH 5S", "duplicate card 5S"),
    ("5S 5C 5D / 5H", "a hand has 4 cards before the '/', got 3"),
    ("5S 5C 5D JH 4H / 5H", "a hand has 4 cards before the '/', got 5"),
    ("5S 5C 5D JH /", "one starter card after the '/', got 0"),
    ("5S 5C 5D JH 5H /", "a hand has 4 cards before the '/', got 5"),
    ("5S 5C 5D / JH 5H", "a hand has 4 cards before the '/', got 3"),
    ("5S 5C 5D JH / 5H /", "a show has one '/'"),
    ("5S 5C 5D JH / 5H 4H", "one starter card after the '/', got 2"),
    ("5S 5C 5S JH / 5H", "duplicate card 5S"),
    ("5S 5C 5D JH / JH", "duplicate card JH"),
    ("5S 5C 5D JH / 5H / 4H", "a show has one '/'"),
    ("5S 5C XD JH / 5H", "'XD' is not a card"),
]


@pytest.mark.parametrize(("text", "message"), SHOW_ERRORS, ids=[t for t, _ in SHOW_ERRORS])
def test_parse_show_errors(text: str, message: str) -> None:
    with pytest.raises(CardError) as info:
        parse_show(text)
    assert message in str(info.value)


@pytest.mark.parametrize("text", ["5S 5C 5D JH / 5H", "5S 5C 5D JH 5H", "5s,5c,5d,jh,5h"])
def test_parse_show(text: str) -> None:
    hand, starter = parse_show(text)
    assert format_cards(hand) == "5S 5C 5D JH" and str(starter) == "5H"


def test_long_bad_tokens_are_quoted_short() -> None:
    with pytest.raises(CardError) as info:
        parse_card("X" * 10_000 + "Q")
    assert str(info.value).startswith("'" + "X" * 37 + "...' is not a card")
    assert len(str(info.value)) < 120
