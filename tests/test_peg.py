"""The play: points per card, checked replays with and without hands, illegal plays."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from play_reference import pile_points

from crib_cli.cards import DECK, Card, CardError, parse_cards
from crib_cli.peg import (
    PegError,
    PegEvent,
    PegItem,
    PegResult,
    parse_sequence,
    replay,
    score_play,
    seat_names,
)


def describe(result: PegResult) -> list[str]:
    """Each event as 'player card count item points ...', e.g. 'dealer 5S 15 fifteen 2'."""
    lines = []
    for event in result.events:
        card = "go" if event.card is None else f"{event.card} {event.count}"
        items = "".join(f" {item.kind} {item.points}" for item in event.items)
        lines.append(f"{event.player} {card}{items}")
    return lines


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


# --- score_play: the card just laid on the current series ----------------------------

# pile (cards since the last reset, the last one just laid) -> expected items
SCORE_PLAY = {
    "single card": ("5S", []),
    "fifteen": ("8S 7H", [("fifteen", 2)]),
    "pair": ("7S 7H", [("pair", 2)]),
    "pair royal": ("7S 7H 7D", [("pair royal", 6)]),
    "double pair royal": ("AS AH AD AC", [("double pair royal", 12)]),
    "three fives: fifteen and pair royal": ("5S 5H 5D", [("fifteen", 2), ("pair royal", 6)]),
    "trap: 6 5 6 is no pair": ("6S 5H 6D", []),
    "pair only with the card just before": ("7S 7H 2D 7C", []),
    "trap: 4 4 5 6, the 6 makes a run of 3": ("4S 4H 5D 6C", [("run of 3", 3)]),
    "run in order": ("3S 4H 5D", [("run of 3", 3)]),
    "run out of order": ("3S 5H 4D", [("run of 3", 3)]),
    "run with an intervening card: 5 7 4 then 6": ("5S 7H 4D 6C", [("run of 4", 4)]),
    "intervening rank breaks it: 5 7 4 then 3": ("5S 7H 4D 3C", []),
    "repeated rank breaks the run": ("3S 4H 5D 5C", [("pair", 2)]),
    "run of the last three after a repeat": ("3S 4H 5D 3C", [("fifteen", 2), ("run of 3", 3)]),
    "longest run only": ("AS 2H 3D 4C 5S", [("fifteen", 2), ("run of 5", 5)]),
    "run of 7": ("AS 2H 3D 4C 5S 6H 7D", [("run of 7", 7)]),
    "trap: ten before jack": ("9S TH JD", [("run of 3", 3)]),
    "no run king to ace": ("QS KH AD", []),
    "31 with a pair": ("TS JH 5D 3C 3H", [("thirty-one", 2), ("pair", 2)]),
    "31 with a run": ("TS 9H 3D 4C 5H", [("thirty-one", 2), ("run of 3", 3)]),
    "31 with a pair royal": ("KS 7H 7D 7C", [("thirty-one", 2), ("pair royal", 6)]),
    "K Q J at 30: a run, nothing for 30": ("KS QH JD", [("run of 3", 3)]),
}


@pytest.mark.parametrize(("pile", "items"), SCORE_PLAY.values(), ids=list(SCORE_PLAY))
def test_score_play(pile: str, items: list[tuple[str, int]]) -> None:
    assert score_play(cards(pile)) == tuple(PegItem(kind, points) for kind, points in items)


def test_score_play_of_nothing_is_nothing() -> None:
    assert score_play([]) == ()


def test_score_play_refuses_a_count_past_31() -> None:
    with pytest.raises(PegError, match="5C: the count would be 35, past 31"):
        score_play(cards("KS KH KD 5C"))


@st.composite
def piles(draw: st.DrawFn) -> list[Card]:
    """Distinct cards whose count stays within 31."""
    pile: list[Card] = []
    for card in draw(st.permutations(DECK)):
        if sum(c.value for c in pile) + card.value > 31 or draw(st.integers(0, 5)) == 0:
            break
        pile.append(card)
    return pile


@given(piles())
def test_score_play_matches_the_naive_reference(pile: list[Card]) -> None:
    assert sum(item.points for item in score_play(pile)) == pile_points(tuple(pile))


# --- replay ----------------------------------------------------------------------------

ISSUE_HANDS = (cards("6D JH 4H 7C"), cards("5S 4S 2S 6H"))
ISSUE_EVENTS = [
    "pone JH 10",
    "dealer 5S 15 fifteen 2",
    "pone 7C 22",
    "dealer 6H 28 run of 3 3",
    "pone go",
    "dealer 2S 30 go 1",
    "pone 6D 6",
    "dealer 4S 10",
    "pone 4H 14 pair 2 last card 1",
]
TRIPLES_EVENTS = [
    "pone KS 10",
    "dealer KH 20 pair 2",
    "pone KD 30 pair royal 6 go 1",
    "dealer go",
    "dealer QS 10",
    "pone QH 20 pair 2",
    "dealer 4C 24",
    "pone 2D 26",
    "dealer 5C 31 thirty-one 2",
]
BOTH_GO_EVENTS = [
    "pone KH 10",
    "dealer QD 20",
    "pone 9C 29",
    "dealer go",
    "pone AC 30 go 1",
    "dealer 8S 8",
    "pone 7D 15 fifteen 2",
    "dealer 6H 21 run of 3 3",
    "dealer 5H 26 run of 4 4 last card 1",
]
OUT_OF_CARDS_EVENTS = [
    "pone AS 1",
    "dealer 2S 3",
    "pone 3S 6 run of 3 3",
    "dealer 4S 10 run of 4 4",
    "pone 5S 15 fifteen 2 run of 5 5",
    "dealer 6S 21 run of 6 6",
    "pone 7S 28 run of 7 7 go 1",
    "dealer go",
    "dealer 8S 8 last card 1",
]
THREE_EVENTS = [
    "player 1 KS 10",
    "player 2 KH 20 pair 2",
    "dealer 9C 29",
    "player 1 go",
    "player 2 go",
    "dealer AC 30 go 1",
    "player 1 3S 3",
    "player 2 4S 7",
    "dealer 5S 12 run of 3 3",
    "player 1 6S 18 run of 4 4",
    "player 2 7S 25 run of 5 5",
    "dealer 2D 27 run of 6 6",
    "player 1 go",
    "player 2 4H 31 thirty-one 2",
    "player 1 8D 8 last card 1",
]
FOUR_EVENTS = [
    "player 1 5S 5",
    "player 2 TH 15 fifteen 2",
    "player 3 5D 20",
    "dealer 5C 25 pair 2",
    "player 1 5H 30 pair royal 6 go 1",
    "player 2 go",
    "player 3 go",
    "dealer go",
    "player 2 9S 9",
    "player 3 9H 18 pair 2",
    "dealer 9D 27 pair royal 6",
    "player 1 4D 31 thirty-one 2",
    "player 2 6C 6",
    "player 3 7C 13",
    "dealer 8C 21 run of 3 3",
    "player 1 9C 30 run of 4 4 go 1",
    "player 2 go",
    "player 3 go",
    "dealer go",
    "player 2 KC 10",
    "player 3 QC 20",
    "dealer JC 30 run of 3 3 last card 1",
]

# sequence, hands in seat order (None: goes shown), players, expected events, totals
REPLAYS = {
    "issue example, hands": ("JH 5S 7C 6H 2S 6D 4S 4H", ISSUE_HANDS, 2, ISSUE_EVENTS, {"pone": 3, "dealer": 6}),
    "issue example, goes shown": ("JH 5S 7C 6H go 2S go 6D 4S 4H", None, 2, ISSUE_EVENTS, {"pone": 3, "dealer": 6}),
    "issue example, hands and goes shown": (
        "JH 5S 7C 6H go 2S go 6D 4S 4H", ISSUE_HANDS, 2, ISSUE_EVENTS, {"pone": 3, "dealer": 6},
    ),
    "pair royal, go, last card at 31 is 2": (
        "KS KH KD QS QH 4C 2D 5C", (cards("KS KD QH 2D"), cards("KH QS 4C 5C")), 2, TRIPLES_EVENTS,
        {"pone": 9, "dealer": 4},
    ),
    "pair royal, goes shown": ("KS KH KD go go QS QH 4C 2D 5C", None, 2, TRIPLES_EVENTS, {"pone": 9, "dealer": 4}),
    "go by both players": (
        "KH QD 9C AC 8S 7D 6H 5H", (cards("KH 9C AC 7D"), cards("QD 8S 6H 5H")), 2, BOTH_GO_EVENTS,
        {"pone": 3, "dealer": 8},
    ),
    "go by both players, goes shown": (
        "KH QD 9C go AC go 8S 7D 6H 5H", None, 2, BOTH_GO_EVENTS, {"pone": 3, "dealer": 8},
    ),
    "double pair royal": (
        "5S 5H 5D 5C", None, 2,
        ["pone 5S 5", "dealer 5H 10 pair 2", "pone 5D 15 fifteen 2 pair royal 6", "dealer 5C 20 double pair royal 12"],
        {"pone": 8, "dealer": 14},
    ),
    "31 with a pair": (
        "TS JH 5D 3C 3H", None, 2,
        ["pone TS 10", "dealer JH 20", "pone 5D 25", "dealer 3C 28", "pone 3H 31 thirty-one 2 pair 2"],
        {"pone": 4, "dealer": 0},
    ),
    "31 with a run": (
        "TS 9H 3D 4C 5H", None, 2,
        ["pone TS 10", "dealer 9H 19", "pone 3D 22", "dealer 4C 26", "pone 5H 31 thirty-one 2 run of 3 3"],
        {"pone": 5, "dealer": 0},
    ),
    "a reset breaks a run": (
        "KH QD 8H go 3C 4D 5S", None, 2,
        [
            "pone KH 10", "dealer QD 20", "pone 8H 28", "dealer go", "pone 3C 31 thirty-one 2",
            "dealer 4D 4", "pone 5S 9",
        ],
        {"pone": 2, "dealer": 0},
    ),
    "a reset breaks a pair": (
        "KH QD 8H go 3C 3D 4D 5S 6C", None, 2,
        [
            "pone KH 10", "dealer QD 20", "pone 8H 28", "dealer go", "pone 3C 31 thirty-one 2",
            "dealer 3D 3", "pone 4D 7", "dealer 5S 12 run of 3 3", "dealer 6C 18 run of 4 4 last card 1",
        ],
        {"pone": 2, "dealer": 8},
    ),
    "the pone out of cards, the dealer plays on": (
        "AS 2S 3S 4S 5S 6S 7S go 8S", None, 2, OUT_OF_CARDS_EVENTS, {"pone": 18, "dealer": 11},
    ),
    "the pone out of cards, hands": (
        "AS 2S 3S 4S 5S 6S 7S 8S", (cards("AS 3S 5S 7S"), cards("2S 4S 6S 8S")), 2, OUT_OF_CARDS_EVENTS,
        {"pone": 18, "dealer": 11},
    ),
    "three players, hands": (
        "KS KH 9C AC 3S 4S 5S 6S 7S 2D 4H 8D",
        (cards("KS 3S 6S 8D"), cards("KH 4S 7S 4H"), cards("9C AC 5S 2D")), 3, THREE_EVENTS,
        {"player 1": 5, "player 2": 9, "dealer": 10},
    ),
    "three players, goes shown": (
        "KS KH 9C go go AC go 3S 4S 5S 6S 7S 2D go 4H 8D", None, 3, THREE_EVENTS,
        {"player 1": 5, "player 2": 9, "dealer": 10},
    ),
    "four players, hands": (
        "5S TH 5D 5C 5H 9S 9H 9D 4D 6C 7C 8C 9C KC QC JC",
        (cards("5S 5H 4D 9C"), cards("TH 9S 6C KC"), cards("5D 9H 7C QC"), cards("5C 9D 8C JC")), 4, FOUR_EVENTS,
        {"player 1": 14, "player 2": 2, "player 3": 2, "dealer": 15},
    ),
    "four players, goes shown": (
        "5S TH 5D 5C 5H go go go go 9S 9H 9D 4D 6C 7C 8C 9C go go go KC QC JC", None, 4, FOUR_EVENTS,
        {"player 1": 14, "player 2": 2, "player 3": 2, "dealer": 15},
    ),
}


@pytest.mark.parametrize(("sequence", "hands", "players", "events", "totals"), REPLAYS.values(), ids=list(REPLAYS))
def test_replay(
    sequence: str,
    hands: tuple[tuple[Card, ...], ...] | None,
    players: int,
    events: list[str],
    totals: dict[str, int],
) -> None:
    result = replay(parse_sequence(sequence), hands, players=players)
    assert describe(result) == events
    assert result.totals == totals
    assert result.players == seat_names(players)


def test_four_players_score_by_sides() -> None:
    result = replay(parse_sequence(REPLAYS["four players, hands"][0]), REPLAYS["four players, hands"][1], players=4)
    assert result.sides == {"player 1 + player 3": 16, "player 2 + dealer": 17}


def test_two_players_are_their_own_sides() -> None:
    result = replay(parse_sequence("JH 5S 7C 6H go 2S go 6D 4S 4H"))
    assert result.sides == result.totals == {"pone": 3, "dealer": 6}


def test_go_event_keeps_the_count() -> None:
    result = replay(parse_sequence("JH 5S 7C 6H go 2S go"))
    assert result.events[4] == PegEvent("pone", None, 28)
    assert result.events[-1].points == 1


def test_a_partial_play_scores_no_last_card() -> None:
    result = replay(parse_sequence("JH 5S 7C"))
    assert describe(result) == ["pone JH 10", "dealer 5S 15 fifteen 2", "pone 7C 22"]


def test_forced_goes_after_the_last_card_given_are_inferred() -> None:
    result = replay(parse_sequence("JH 5S 7C 6H 2S"), ISSUE_HANDS)
    assert describe(result)[-2:] == ["pone go", "dealer 2S 30 go 1"]


# sequence, hands (None: goes shown), players, error message (a regex)
ILLEGAL = {
    "card in no hand": ("JH 9C", ISSUE_HANDS, 2, r"^9C: not in any hand$"),
    "dealer leads": ("5S", ISSUE_HANDS, 2, r"^5S: pone leads the play, but 5S is dealer's card$"),
    "wrong player leads after the reset": (
        "JH 5S 7C 6H 2S 4S", ISSUE_HANDS, 2,
        r"^4S: after the reset pone leads \(the player after the last card\), but 4S is dealer's card$",
    ),
    "go while a card fits": (
        "JH go", ISSUE_HANDS, 2,
        r"^go: dealer has 2S, which fits at count 10; a player says go only when no card fits$",
    ),
    "a go implied while a card fits": (
        "JH 7C", ISSUE_HANDS, 2,
        r"^7C: out of turn: dealer has 2S, which fits at count 10; a player says go only when no card fits$",
    ),
    "past 31 with hands": (
        "TS KH 9S 8D", (cards("TS 9S 2C 3C"), cards("KH 8D AD 4D")), 2, r"^8D: the count would be 37, past 31$",
    ),
    "past 31 without hands": ("KS KH KD 5C", None, 2, r"^5C: the count would be 35, past 31; if a player could not lay a card, write 'go' where he said it \(without hands, every go is written, both goes of a series\)$"),
    "go at a count where every card fits": (
        "JH go", None, 2, r"^go: at count 10 every card fits; a player says go only when no card fits$",
    ),
    "go to lead after a reset": ("KS KH 9C go go go", None, 2, r"^go: at count 0 every card fits"),
    "go after 31": ("KS KH AC TC go", None, 2, r"^go: at count 0 every card fits"),
    "a ninth card": ("AS AH AD AC 2S 2H 2D 2C 3S", None, 2, r"^3S: every card has already been played$"),
    "a go after the last card": (
        "JH 5S 7C 6H go 2S go 6D 4S 4H go", None, 2, r"^go: every card has already been played$",
    ),
    "a card after the last card, hands": ("JH 5S 7C 6H 2S 6D 4S 4H 9C", ISSUE_HANDS, 2, r"^9C: every card"),
    "card in two hands": ("JH", (cards("6D JH 4H 7C"), cards("JH 5S 4S 2S")), 2, r"^JH: in two hands"),
    "a hand of three": (
        "JH", (cards("6D JH 4H"), cards("5S 4S 2S 6H")), 2, r"^pone's hand has 3 cards; each player holds 4",
    ),
    "too few hands": ("JH", ISSUE_HANDS, 3, r"^3 players need 3 hands, got 2$"),
    "five players": ("JH", None, 5, r"^the play needs 2, 3 or 4 players, not 5$"),
}


@pytest.mark.parametrize(("sequence", "hands", "players", "message"), ILLEGAL.values(), ids=list(ILLEGAL))
def test_illegal_play(sequence: str, hands: tuple[tuple[Card, ...], ...] | None, players: int, message: str) -> None:
    with pytest.raises(PegError, match=message):
        replay(parse_sequence(sequence), hands, players=players)


def test_a_card_laid_twice() -> None:
    jack = cards("JH")[0]
    with pytest.raises(PegError, match=r"^JH: already laid"):
        replay([jack, jack])


SEQUENCES = {
    "cards and goes": ("jh 5s, 7C 6H GO 2S go", ["JH", "5S", "7C", "6H", None, "2S", None]),
    "ten as 10": ("10H", ["TH"]),
    "empty": ("", []),
}


@pytest.mark.parametrize(("text", "tokens"), SEQUENCES.values(), ids=list(SEQUENCES))
def test_parse_sequence(text: str, tokens: list[str | None]) -> None:
    assert [None if t is None else str(t) for t in parse_sequence(text)] == tokens


SEQUENCE_ERRORS = {"bad card": ("JH ZZ", "'ZZ' is not a card"), "duplicate": ("JH go JH", "duplicate card JH")}


@pytest.mark.parametrize(("text", "message"), SEQUENCE_ERRORS.values(), ids=list(SEQUENCE_ERRORS))
def test_parse_sequence_errors(text: str, message: str) -> None:
    with pytest.raises(CardError, match=message):
        parse_sequence(text)


# Five-card cribbage: three cards each, the play ends at the first go or 31.
# sequence, hands (None: goes shown), expected events, totals
FIVE_HANDS = (cards("6D JH 4H"), cards("5S 4S 6H"))
FIVE_REPLAYS = {
    "ends at the first go, hands": (
        "JH 5S 6D 4S 4H", FIVE_HANDS,
        ["pone JH 10", "dealer 5S 15 fifteen 2", "pone 6D 21", "dealer 4S 25 run of 3 3", "pone 4H 29 pair 2 go 1", "dealer go"],
        {"pone": 3, "dealer": 5},
    ),
    "ends at the first go, goes shown": (
        "JH 5S 6D 4S 4H go", None,
        ["pone JH 10", "dealer 5S 15 fifteen 2", "pone 6D 21", "dealer 4S 25 run of 3 3", "pone 4H 29 pair 2 go 1", "dealer go"],
        {"pone": 3, "dealer": 5},
    ),
    "a go the leader answers with his last card, then the go point": (
        "KS 9D 8H go AC", None,
        ["pone KS 10", "dealer 9D 19", "pone 8H 27", "dealer go", "pone AC 28 go 1"],
        {"pone": 1, "dealer": 0},
    ),
    "ends at 31 with cards left": (
        "KS 9D 8H 4C", (cards("KS 8H 2C"), cards("9D 4C 3D")),
        ["pone KS 10", "dealer 9D 19", "pone 8H 27", "dealer 4C 31 thirty-one 2"],
        {"pone": 0, "dealer": 2},
    ),
    "every card laid: last card": (
        "AD AS AH 2S 2H 3S", (cards("AD AH 2H"), cards("AS 2S 3S")),
        ["pone AD 1", "dealer AS 2 pair 2", "pone AH 3 pair royal 6", "dealer 2S 5", "pone 2H 7 pair 2",
         "dealer 3S 10 last card 1"],
        {"pone": 8, "dealer": 3},
    ),
}


@pytest.mark.parametrize(("sequence", "hands", "events", "totals"), FIVE_REPLAYS.values(), ids=list(FIVE_REPLAYS))
def test_five_card_replay(sequence: str, hands: tuple[tuple[Card, ...], ...] | None, events: list[str], totals: dict[str, int]) -> None:
    result = replay(parse_sequence(sequence), hands, variant="five")
    assert describe(result) == events
    assert result.totals == totals


FIVE_ILLEGAL = {
    "a card after the go point": ("JH 5S 6D 4S 4H 6H", FIVE_HANDS, 2, r"^6H: the play is over: in five-card cribbage it goes once"),
    "a card after both goes shown": ("KS QS TD go go 5H", None, 2, r"^5H: the play is over"),
    "a card after 31": ("KS 9D 8H 4C 2C", (cards("KS 8H 2C"), cards("9D 4C 3D")), 2, r"^2C: the play is over"),
    "a go after 31": ("KS 9D 8H 4C go", None, 2, r"^go: the play is over"),
    "a fourth card": ("AD AS AH 2S 2H 3S 3H", None, 2, r"^3H: every card has already been played$"),
    "a hand of four": ("JH", ISSUE_HANDS, 2, r"^pone's hand has 4 cards; each player holds 3 for the play$"),
    "three players": ("JH", None, 3, r"^five-card cribbage is for two players, not 3$"),
}


@pytest.mark.parametrize(("sequence", "hands", "players", "message"), FIVE_ILLEGAL.values(), ids=list(FIVE_ILLEGAL))
def test_five_card_illegal_play(sequence: str, hands: tuple[tuple[Card, ...], ...] | None, players: int, message: str) -> None:
    with pytest.raises(PegError, match=message):
        replay(parse_sequence(sequence), hands, players=players, variant="five")


# --- properties of random legal plays ------------------------------------------------


def naive_play(hands: list[list[Card]], choose: st.DrawFn) -> list[Card | None]:
    """Lay a random legal card whenever one fits, go otherwise, with every go shown."""
    n = len(hands)
    hands = [list(hand) for hand in hands]
    sequence: list[Card | None] = []
    count, turn, last = 0, 0, -1
    gone: set[int] = set()

    def next_leader() -> int:
        return next(((last + step) % n for step in range(1, n + 1) if hands[(last + step) % n]), 0)

    while any(hands):
        if all(seat in gone or not hands[seat] for seat in range(n)):
            count, gone, turn = 0, set(), next_leader()
            continue
        if turn in gone or not hands[turn]:
            turn = (turn + 1) % n
            continue
        fits = [card for card in hands[turn] if count + card.value <= 31]
        if not fits:
            sequence.append(None)
            gone.add(turn)
            turn = (turn + 1) % n
            continue
        card = choose(st.sampled_from(fits))
        hands[turn].remove(card)
        sequence.append(card)
        count, last = count + card.value, turn
        if count == 31:
            count, gone, turn = 0, set(), next_leader()
        else:
            turn = (turn + 1) % n
    return sequence


@st.composite
def deals(draw: st.DrawFn) -> tuple[list[list[Card]], list[Card | None]]:
    """Four cards to each of 2-4 players, and a random legal play of them."""
    players = draw(st.sampled_from([2, 3, 4]))
    deck = draw(st.permutations(DECK))
    hands = [list(deck[4 * seat : 4 * seat + 4]) for seat in range(players)]
    return hands, naive_play(hands, draw)


@given(deals())
def test_random_legal_plays(deal: tuple[list[list[Card]], list[Card | None]]) -> None:
    hands, sequence = deal
    players = len(hands)
    with_hands = replay([card for card in sequence if card is not None], hands, players=players)
    shown = replay(sequence, players=players)
    assert with_hands == shown
    assert sum(with_hands.totals.values()) == sum(event.points for event in with_hands.events)
    laid = [event.card for event in with_hands.events if event.card is not None]
    assert sorted(laid) == sorted(card for hand in hands for card in hand)
    assert all(0 < event.count <= 31 for event in with_hands.events)
    for event in with_hands.events:
        if event.card is not None:
            owner = next(seat for seat, hand in enumerate(hands) if event.card in hand)
            assert event.player == seat_names(players)[owner]
    kinds = [{item.kind for item in event.items} for event in with_hands.events if event.card is not None]
    assert ("last card" in kinds[-1]) != ("thirty-one" in kinds[-1])
    assert sum("last card" in k for k in kinds) == ("last card" in kinds[-1])
    assert not any({"go", "last card"} <= k or {"go", "thirty-one"} <= k for k in kinds)
