"""The engine: whole seeded games checked against the scorers, rigged deals, illegal moves, muggins;
two, three and four players, and five-card cribbage."""

from __future__ import annotations

import itertools
import json
import random
import re
from collections.abc import Callable
from functools import cache

import pytest
from reference import naive_total

from crib_cli.cards import DECK, Card, parse_card, parse_cards
from crib_cli.game.engine import cut_for_deal, play_deal, play_game
from crib_cli.game.events import (
    DealEnded,
    Dealt,
    Discarded,
    Event,
    GameEnded,
    GameStarted,
    Go,
    GoPoint,
    Laid,
    ShowCounted,
    StarterTurned,
    ThreeForLast,
)
from crib_cli.game.players import IllegalMove, Player, View
from crib_cli.game.record import DealRecord, GameRecord, game_points, record_json
from crib_cli.game.strategies import GreedyPlayer, RandomPlayer
from crib_cli.peg import LAST_CARD, replay, score_play
from crib_cli.rules import GameRules
from crib_cli.score import ShowScore, score_show


class FirstCard:
    """Throws the first cards of its hand and lays the first card that fits: with a stacked deck, a known game."""

    def discard(self, view: View) -> tuple[Card, ...]:
        return view.hand[: view.rules.thrown]

    def play(self, view: View) -> Card | None:
        return next((card for card in view.hand if view.count + card.value <= 31), None)


class StackedDeck(random.Random):
    """A ``random.Random`` whose shuffles put the given cards on top, deal after deal."""

    def __init__(self, *tops: str) -> None:
        super().__init__(0)
        self.tops = iter(tops)

    def shuffle(self, x: list) -> None:  # type: ignore[override]
        top = next(self.tops, None)
        if top is None:  # the stack is used up: shuffle as usual
            super().shuffle(x)
            return
        cards = parse_cards(top)
        x[:] = [*cards, *(card for card in DECK if card not in cards)]


# --- many seeded games, every event kept ---------------------------------------------

MIXES: dict[str, Callable[[random.Random, int], Player]] = {
    "random": lambda rng, seat: RandomPlayer(rng),
    "greedy": lambda rng, seat: GreedyPlayer(),
    "greedy vs random": lambda rng, seat: GreedyPlayer() if seat % 2 else RandomPlayer(rng),
}
TABLES = [(players, target, "six") for players in (2, 3, 4) for target in (121, 61)] + [
    (2, target, "five") for target in (61, 121)
]
GAMES_EACH = 5


@cache
def corpus() -> tuple[tuple[GameRecord, tuple[Event, ...]], ...]:
    """Seeded games of every table and mix, each with the events it produced."""
    games = []
    for players, target, variant in TABLES:
        for mix, make in MIXES.items():
            for index in range(GAMES_EACH):
                seed = f"{players}:{target}:{mix}:{index}" + (f":{variant}" if variant != "six" else "")
                rng = random.Random(seed)
                seats = [make(rng, seat) for seat in range(players)]
                events: list[Event] = []
                first = None if index % 2 else index % players
                rules = GameRules(players, target, variant=variant)
                record = play_game(seats, rules, rng, first_dealer=first, observer=events.append)
                games.append((record, tuple(events)))
    return tuple(games)


def first_game(players: int, variant: str = "six") -> int:
    """The index in the corpus of the first game of this many players and variant."""
    return next(
        at for at, (record, _) in enumerate(corpus())
        if record.rules.players == players and record.rules.variant == variant
    )


def by_deal(events: tuple[Event, ...]) -> list[list[Event]]:
    """Events split at each Dealt, the deal's own events in each part (GameEnded left out)."""
    deals: list[list[Event]] = []
    for event in events:
        if isinstance(event, Dealt):
            deals.append([])
        if deals and not isinstance(event, GameEnded):
            deals[-1].append(event)
    return deals


def kept(deal: DealRecord) -> list[tuple[Card, ...]]:
    return [tuple(c for c in hand if c not in thrown) for hand, thrown in zip(deal.hands, deal.discards)]


def test_the_corpus_covers_every_way_a_game_ends() -> None:
    ends = {ending(record, events) for record, events in corpus()}
    assert ends >= {"play", "hand", "crib"}


def ending(record: GameRecord, events: tuple[Event, ...]) -> str:
    """Where the game was won: heels, play, hand or crib."""
    last = next(e for e in reversed(events) if isinstance(e, (StarterTurned, Laid, GoPoint, ShowCounted)))
    if isinstance(last, ShowCounted):
        return last.kind
    return "heels" if isinstance(last, StarterTurned) else "play"


@pytest.mark.parametrize("index", range(len(TABLES) * len(MIXES) * GAMES_EACH))
def test_seeded_game_invariants(index: int) -> None:
    """Cards, the play, the show order, the scores, the end: for every table (five-card games last)."""
    record, events = corpus()[index]
    rules = record.rules
    n = rules.players
    assert [deal.dealer for deal in record.deals] == [(record.first_dealer + k) % n for k in range(len(record.deals))]
    for deal, deal_events in zip(record.deals, by_deal(events), strict=True):
        check_deal(rules, deal, deal_events, finished=deal is not record.deals[-1])
    check_game_end(record, events)
    check_points_re_add(record)


def check_deal(rules: GameRules, deal: DealRecord, events: list[Event], finished: bool) -> None:
    n = rules.players
    dealt = [card for hand in deal.hands for card in hand] + [deal.starter]
    if n == 3:
        assert deal.crib_card is not None
        dealt.append(deal.crib_card)
    else:
        assert deal.crib_card is None
    assert len(set(dealt)) == len(dealt) == n * rules.dealt + 1 + rules.crib_from_deck
    assert all(len(hand) == rules.dealt for hand in deal.hands)
    assert all(len(t) == rules.thrown and set(t) <= set(h) for h, t in zip(deal.hands, deal.discards))
    assert deal.heels == (2 if deal.starter.rank == 11 else 0)
    hands = kept(deal)
    check_play(rules, deal, hands, events)
    if rules.play_once:
        check_play_once(deal, hands, events)
    order = [(seat, "hand") for seat in rules.show_order(deal.dealer)] + [(deal.dealer, "crib")]
    assert [(show.seat, show.kind) for show in deal.shows] == order[: len(deal.shows)]
    if finished:
        assert deal.complete
    crib = {card for thrown in deal.discards for card in thrown} | ({deal.crib_card} if n == 3 else set())
    for show in deal.shows:
        assert set(show.hand) == (crib if show.kind == "crib" else set(hands[show.seat]))
        assert show.starter == deal.starter
        assert show.points == show.claimed == score_show(show.hand, show.starter, crib=show.kind == "crib").total
        assert show.points == naive_total(show.hand, show.starter, show.kind == "crib")
        assert show.muggins == 0
    counted = [(e.seat, e.kind, e.show.total) for e in events if isinstance(e, ShowCounted)]
    assert counted == [(s.seat, s.kind, s.points) for s in deal.shows]


def check_play(rules: GameRules, deal: DealRecord, hands: list[tuple[Card, ...]], events: list[Event]) -> None:
    """The play is legal and scored as crib_cli.peg.replay scores it, card by card."""
    n = rules.players
    seats = rules.show_order(deal.dealer)  # replay numbers seats from the dealer's left
    result = replay([card for _, card in deal.plays], [hands[seat] for seat in seats], players=n, variant=rules.variant)
    seat_of = dict(zip(result.players, seats))
    replayed = [e for e in result.events if e.card is not None]
    laid = [e for e in events if isinstance(e, Laid)]
    assert [(seat_of[e.player], e.card, e.count, tuple(i for i in e.items if i.kind != "go")) for e in replayed] == [
        (e.seat, e.card, e.count, e.items) for e in laid
    ]
    assert [(seat, card) for seat, card in deal.plays if card is not None] == [(e.seat, e.card) for e in laid]
    engine_gos = [e.seat for e in events if isinstance(e, GoPoint)]
    replay_gos = [seat_of[e.player] for e in replayed if any(i.kind == "go" for i in e.items)]
    ended_on_card = bool(laid) and not deal.complete and not deal.shows and events[-2] is laid[-1]
    assert engine_gos == replay_gos or (ended_on_card and engine_gos == replay_gos[:-1])
    pegged = [0] * n
    for event in events:
        if isinstance(event, (Laid, GoPoint)):
            pegged[event.seat] += event.points if isinstance(event, Laid) else 1
    assert tuple(pegged) == deal.pegging
    for event in laid:
        assert event.count == sum(card.value for card in event.pile) <= 31
    said_go = [seat for seat, card in deal.plays if card is None]
    assert said_go == [e.seat for e in events if isinstance(e, Go)]
    if len(laid) == n * rules.hand_size:
        assert deal.plays[-1][1] is not None  # nobody is asked after the last card


def check_play_once(deal: DealRecord, hands: list[tuple[Card, ...]], events: list[Event]) -> None:
    """Five-card cribbage: one series, scored card by card, that ends at 31, at the first go, or with the last card."""
    held = [list(hand) for hand in hands]
    pile: list[Card] = []
    pegging = [0, 0]
    played = [e for e in events if isinstance(e, (Laid, Go, GoPoint))]
    ended = False
    for event in played:
        assert not ended, "nothing is played after the play ends"
        count = sum(card.value for card in pile)
        if isinstance(event, Go):
            assert all(count + card.value > 31 for card in held[event.seat])
            continue
        if isinstance(event, GoPoint):
            assert all(count + card.value > 31 for hand in held for card in hand), "a go point only when nobody can lay"
            assert event.seat == next(e.seat for e in reversed(played) if isinstance(e, Laid))
            pegging[event.seat] += 1
            ended = True
            continue
        held[event.seat].remove(event.card)
        pile.append(event.card)
        assert event.count == count + event.card.value <= 31 and event.pile == tuple(pile)
        last = () if any(held) or event.count == 31 else (LAST_CARD,)
        assert event.items == score_play(pile) + last
        pegging[event.seat] += event.points
        ended = event.count == 31 or not any(held)
    assert tuple(pegging) == deal.pegging
    if deal.shows:  # the play ran to its end
        assert ended
    laid = [e for e in played if isinstance(e, Laid)]
    assert [(seat, card) for seat, card in deal.plays] == [
        (e.seat, e.card if isinstance(e, Laid) else None) for e in played if not isinstance(e, GoPoint)
    ]
    assert len(laid) <= 6


def check_game_end(record: GameRecord, events: tuple[Event, ...]) -> None:
    """Scores only rise; the game stops at the first scoring that reaches the target."""
    rules = record.rules
    assert isinstance(events[0], GameStarted) and isinstance(events[-1], GameEnded)
    assert events[-1].record == record
    scoring = (ThreeForLast, StarterTurned, Laid, GoPoint, ShowCounted)
    history = [(0,) * rules.players] + [e.scores for e in events if isinstance(e, scoring)]
    for before, after in itertools.pairwise(history):
        assert all(a >= b for a, b in zip(after, before))
    reached = [i for i, scores in enumerate(history) if max(scores) >= rules.target]
    assert reached == [len(history) - 1]
    final = history[-1]
    assert final == record.scores
    assert final[record.winner] >= rules.target
    losers = [score for seat, score in enumerate(final) if rules.side(seat) != record.winner]
    assert max(losers) < rules.target
    assert all(rules.side(seat) == record.winner for seat in range(rules.players) if final[seat] >= rules.target)
    assert record.game_points == game_points(rules, max(losers))
    if rules.players == 4:
        assert final[0] == final[2] and final[1] == final[3]


def check_points_re_add(record: GameRecord) -> None:
    rules = record.rules
    sides = [0] * rules.sides
    for seat, points in enumerate(record.opening):
        sides[rules.side(seat)] += points
    assert sum(record.opening) == rules.three_for_last == (3 if rules.variant == "five" else 0)
    for deal in record.deals:
        points = deal.points()
        assert sum(p.total for p in points) == (
            sum(deal.pegging) + deal.heels + sum(s.claimed + s.muggins for s in deal.shows)
        )
        for seat, part in enumerate(points):
            sides[rules.side(seat)] += part.total
    assert tuple(min(sides[rules.side(seat)], rules.target) for seat in range(rules.players)) == record.scores


EVENT_LETTERS = {
    GameStarted: "S", ThreeForLast: "F", Dealt: "D", Discarded: "T", StarterTurned: "C", Laid: "L",
    Go: "G", GoPoint: "P", ShowCounted: "H", DealEnded: "E", GameEnded: "X",
}


def test_events_come_in_order() -> None:
    for record, events in corpus():
        shows = record.rules.players + 1
        start = "SF" if record.rules.variant == "five" else "S"
        letters = "".join(EVENT_LETTERS[type(e)] for e in events)
        assert re.fullmatch(rf"{start}(DTC[LGP]*H{{{shows}}}E)*DTC[LGP]*H{{0,{shows}}}EX", letters), letters
        assert [e.deal for e in events if isinstance(e, DealEnded)] == list(record.deals)
        assert all(len(e.crib) == 4 for e in events if isinstance(e, Discarded))


def test_deal_events_carry_the_deal() -> None:
    record, events = corpus()[first_game(3)]
    dealt = [e for e in events if isinstance(e, Dealt)]
    assert [(e.number, e.dealer, e.hands, e.crib_card) for e in dealt] == [
        (k, d.dealer, d.hands, d.crib_card) for k, d in enumerate(record.deals)
    ]


# --- the cut for deal ----------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cut_for_deal_lowest_rank_deals_and_ties_cut_again(players: int) -> None:
    rules = GameRules(players)
    ties = 0
    for seed in range(300):
        rounds, dealer = cut_for_deal(rules, random.Random(seed))
        cutting = list(range(players))
        for cut in rounds:
            assert [seat for seat, _ in cut] == cutting
            low = min(card.rank for _, card in cut)
            cutting = [seat for seat, card in cut if card.rank == low]
        assert cutting == [dealer]
        ties += len(rounds) > 1
    assert ties > 0


def test_a_game_without_a_first_dealer_begins_with_the_cut() -> None:
    for seed in range(20):
        record = play_game([FirstCard()] * 3, GameRules(3, 61), random.Random(seed))
        rounds, dealer = cut_for_deal(GameRules(3), random.Random(seed))
        assert (record.cuts, record.first_dealer, record.deals[0].dealer) == (rounds, dealer, dealer)


# --- rigged deals: where the game ends -------------------------------------------------

# Two players, seat 1 deals; FirstCard throws the first two cards of each hand.
# A stacked deck holds seat 0's six cards, seat 1's six, then the starter.
RIGGED = {
    "dealer wins at his heels: nothing else is played": (
        "KS QS 5H 5C 4D 6D  KH QH 5D 5S 9C 8C  JD",
        2,
        {"winner": 1, "plays": 0, "pegging": (0, 0), "shows": [], "heels": 2, "scores": (0, 2)},
    ),
    "dealer pegs out with a double pair royal: the rest is not played": (
        "KS QS 5H 5C 4D 6D  KH QH 5D 5S 9C 8C  2C",
        10,
        {"winner": 1, "plays": 4, "pegging": (8, 14), "shows": [], "heels": 0, "scores": (8, 10)},
    ),
    "pone counts out: the dealer's hand and crib are not counted": (
        "9S 8S 5H 5C 5S JD  2C 3C KH QC 9D 7H  5D",
        20,
        {"winner": 0, "plays": 10, "pegging": (0, 5), "shows": [(0, "hand", 29)], "heels": 0, "scores": (20, 5)},
    ),
    "dealer counts out in his hand: the crib is not counted": (
        "9S 8S 2H 3C AS AD  2C 3H 5H 5C 5S JD  5D",
        30,
        {"winner": 1, "shows": [(0, "hand", 8), (1, "hand", 29)], "heels": 0},
    ),
}


@pytest.mark.parametrize(("deck", "target", "expected"), RIGGED.values(), ids=list(RIGGED))
def test_rigged_game_ends_at_once(deck: str, target: int, expected: dict) -> None:
    events: list[Event] = []
    record = play_game([FirstCard(), FirstCard()], GameRules(target=target), StackedDeck(deck), first_dealer=1, observer=events.append)
    (deal,) = record.deals
    assert record.winner == expected["winner"]
    assert [(s.seat, s.kind, s.points) for s in deal.shows] == expected["shows"]
    assert deal.heels == expected["heels"]
    if "plays" in expected:
        assert len(deal.plays) == expected["plays"]
        assert deal.pegging == expected["pegging"]
        assert record.scores == expected["scores"]
    assert isinstance(events[-1], GameEnded) and isinstance(events[-2], DealEnded)
    check_points_re_add(record)


# Five-card cribbage, seat 1 deals: seat 0's five cards, seat 1's five, the starter.
# FirstCard throws the first two of each hand, so the aces go to the crib.
FIVE_CARD_GO = "AS AH KS QS 2C  AD AC KH QH 5D  3D"  # KS KH QS, then neither can lay: the go ends the play
FIVE_CARD_31 = "AS AH KS 5S 2C  AD AC KH 6H 9D  3D"  # KS KH 5S 6H makes 31: the play ends there


def test_five_card_play_ends_at_the_first_go() -> None:
    events: list[Event] = []
    rules = GameRules(target=61, variant="five")
    record = play_game([FirstCard(), FirstCard()], rules, StackedDeck(FIVE_CARD_GO), first_dealer=1, observer=events.append)
    deal = record.deals[0]
    assert [(seat, str(card) if card else None) for seat, card in deal.plays] == [
        (0, "KS"), (1, "KH"), (0, "QS"), (1, None), (0, None)
    ]
    assert deal.pegging == (1, 2)  # the go to the last card; the pair of kings
    assert [type(e).__name__ for e in events[:3]] == ["GameStarted", "ThreeForLast", "Dealt"]
    assert (events[1].seat, events[1].points, events[1].scores) == (0, 3, (3, 0))
    assert [(s.seat, s.kind, len(s.hand), s.points) for s in deal.shows] == [(0, "hand", 3, 4), (1, "hand", 3, 4), (1, "crib", 4, 12)]
    assert deal.scores == (3 + 1 + 4, 2 + 4 + 12)
    assert record.three_for_last == 3 and record.opening == (3, 0)
    check_points_re_add(record)


def test_five_card_play_ends_at_31() -> None:
    rules = GameRules(target=61, variant="five")
    record = play_game([FirstCard(), FirstCard()], rules, StackedDeck(FIVE_CARD_31), first_dealer=1)
    deal = record.deals[0]
    assert [str(card) for _, card in deal.plays] == ["KS", "KH", "5S", "6H"]
    assert deal.pegging == (0, 4)  # the pair, and 31 for 2; 2C and 9D are never played


def test_six_card_rules_play_the_same_cards_on_after_the_go() -> None:
    record = play_game(
        [FirstCard(), FirstCard()], GameRules(target=61), StackedDeck("AS AH KS QS 2C 3C  AD AC KH QH 5D 6D  3D"), first_dealer=1
    )
    assert record.deals[0].plays[5] == (1, parse_card("QH"))  # after the go the dealer leads a new series


def test_three_for_last_can_win_a_game_before_the_deal() -> None:
    events: list[Event] = []
    record = play_game([FirstCard(), FirstCard()], GameRules(target=3, variant="five"), random.Random(1), first_dealer=0, observer=events.append)
    assert (record.deals, record.winner, record.scores, record.game_points) == ((), 1, (0, 3), 1)
    assert [type(e).__name__ for e in events] == ["GameStarted", "ThreeForLast", "GameEnded"]


def test_stacked_deals_follow_one_another() -> None:
    deck = "KS QS 5H 5C 4D 6D  KH QH 5D 5S 9C 8C  2C"
    record = play_game([FirstCard(), FirstCard()], GameRules(), StackedDeck(deck, deck, deck), first_dealer=0)
    assert len(record.deals) > 3
    assert [d.dealer for d in record.deals[:4]] == [0, 1, 0, 1]
    assert [str(d.starter) for d in record.deals[:3]] == ["2C"] * 3


def test_three_players_deal_a_card_to_the_crib_and_four_score_as_partners() -> None:
    three = play_game([FirstCard()] * 3, GameRules(3), StackedDeck("AS 2S 3S 4S 5S  AH 2H 3H 4H 5H  AD 2D 3D 4D 5D  KC  QC"), first_dealer=2)
    deal = three.deals[0]
    assert deal.crib_card == parse_card("KC") and deal.starter == parse_card("QC")
    crib = next(s for s in deal.shows if s.kind == "crib")
    assert (crib.seat, set(crib.hand)) == (2, set(parse_cards("AS AH AD KC")))
    four = corpus()[first_game(4)][0]
    assert four.rules.players == 4
    for deal in four.deals:
        points = deal.points()
        assert deal.scores[0] == deal.scores[2] and deal.scores[1] == deal.scores[3]
        gained = sum(deal.scores) // 2 - sum(prev_scores(four, deal)) // 2
        assert sum(p.total for p in points) == gained if deal is not four.deals[-1] else sum(p.total for p in points) >= gained


def test_four_players_count_from_the_dealers_left_and_score_by_side() -> None:
    # Seat 1 deals; each seat throws its first card. Seats 0 and 2 against 1 and 3.
    deck = "AS 5S 5H JD 4C  2S TH TD 9C 9S  3S 6H 6D 7C 7S  4S KH KD QC 8D  5D"
    record = play_game([FirstCard()] * 4, GameRules(4), StackedDeck(deck), first_dealer=1)
    deal = record.deals[0]
    assert [(s.seat, s.kind) for s in deal.shows] == [(2, "hand"), (3, "hand"), (0, "hand"), (1, "hand"), (1, "crib")]
    assert set(deal.shows[-1].hand) == set(parse_cards("AS 2S 3S 4S"))
    points = deal.points()
    side = [points[0].total + points[2].total, points[1].total + points[3].total]
    assert deal.scores == (side[0], side[1], side[0], side[1])
    assert points[1].crib == deal.shows[-1].points and points[3].crib == 0
    shows = {(s.seat, s.kind): s.points for s in deal.shows}
    assert side[1] - deal.pegging[1] - deal.pegging[3] == shows[1, "hand"] + shows[3, "hand"] + shows[1, "crib"]


def prev_scores(record: GameRecord, deal: DealRecord) -> tuple[int, ...]:
    index = record.deals.index(deal)
    return record.deals[index - 1].scores if index else (0,) * record.rules.players


# --- game points ------------------------------------------------------------------------

GAME_POINTS = [
    (2, 121, 100, 1),
    (2, 121, 91, 1),
    (2, 121, 90, 2),
    (2, 121, 61, 2),
    (2, 121, 60, 4),
    (2, 121, 0, 4),
    (2, 61, 31, 1),
    (2, 61, 30, 2),
    (2, 61, 0, 2),
    (4, 121, 90, 2),
    (4, 121, 60, 4),
    (4, 61, 30, 2),
    (3, 121, 10, 1),
    (3, 61, 10, 1),
    (2, 100, 10, 1),
]


@pytest.mark.parametrize(("players", "target", "loser", "points"), GAME_POINTS)
def test_game_points(players: int, target: int, loser: int, points: int) -> None:
    assert game_points(GameRules(players, target), loser) == points


# --- illegal moves ----------------------------------------------------------------------


class Bad(FirstCard):
    """A FirstCard that answers one decision wrongly."""

    def __init__(self, discard: Callable[[View], object] | None = None, play: Callable[[View], object] | None = None) -> None:
        self.bad_discard, self.bad_play = discard, play

    def discard(self, view: View):  # type: ignore[override]
        return self.bad_discard(view) if self.bad_discard else super().discard(view)

    def play(self, view: View):  # type: ignore[override]
        return self.bad_play(view) if self.bad_play else super().play(view)


DECK_ONE = "KS QS 5H 5C 4D 6D  KH QH 5D 5S 9C 8C  2C"  # seat 1 deals; seat 0 keeps 5H 5C 4D 6D
ILLEGAL = {
    "plays a card it does not hold": (
        0,
        Bad(play=lambda v: parse_card("9H")),
        r"seat 0 \(mybot\) played 9H, which is not in its hand \(5H 5C 4D 6D\)",
    ),
    "plays a thrown card": (0, Bad(play=lambda v: parse_card("KS")), r"played KS, which is not in its hand"),
    "plays a string": (0, Bad(play=lambda v: "5H"), r"played '5H', which is not in its hand"),
    "passes 31": (
        1,
        Bad(play=lambda v: next((c for c in v.hand if v.count + c.value > 31), None) or FirstCard().play(v)),
        r"seat 1 \(mybot\) played 9C at count 24, which would pass 31",
    ),
    "says go with a card that fits": (
        0,
        Bad(play=lambda v: None),
        r"seat 0 \(mybot\) said go at count 0, but 5H fits \(5H 5C 4D 6D\)",
    ),
    "throws one card": (
        0,
        Bad(discard=lambda v: v.hand[:1]),
        r"seat 0 \(mybot\) threw KS; it must throw 2 different cards of its hand \(KS QS 5H 5C 4D 6D\)",
    ),
    "throws three cards": (0, Bad(discard=lambda v: v.hand[:3]), r"threw KS QS 5H; it must throw 2"),
    "throws a card twice": (0, Bad(discard=lambda v: (v.hand[0], v.hand[0])), r"threw KS KS; it must throw 2 different"),
    "throws a card it does not hold": (
        1,
        Bad(discard=lambda v: (v.hand[0], parse_card("AH"))),
        r"seat 1 \(mybot\) threw AH, which is not in its hand",
    ),
    "throws nothing": (0, Bad(discard=lambda v: None), r"threw None, which is not a set of cards"),
}


@pytest.mark.parametrize(("seat", "player", "message"), ILLEGAL.values(), ids=list(ILLEGAL))
def test_illegal_moves_name_the_seat_and_the_move(seat: int, player: Bad, message: str) -> None:
    players: list[FirstCard] = [FirstCard(), FirstCard()]
    players[seat] = player
    names = ["other", "other"]
    names[seat] = "mybot"
    with pytest.raises(IllegalMove, match=message) as caught:
        play_game(players, GameRules(), StackedDeck(DECK_ONE), first_dealer=1, names=names)
    assert "\n" not in str(caught.value)


def test_illegal_move_names_the_class_by_default() -> None:
    with pytest.raises(IllegalMove, match=r"seat 1 \(Bad\) said go"):
        play_game([FirstCard(), Bad(play=lambda v: None)], GameRules(), StackedDeck(DECK_ONE), first_dealer=1)


def test_wrong_number_of_players_or_first_dealer() -> None:
    with pytest.raises(ValueError, match="3 players, but 2 were given"):
        play_game([FirstCard(), FirstCard()], GameRules(3), random.Random(1))
    with pytest.raises(ValueError, match="first dealer must be a seat from 0 to 1, not 2"):
        play_game([FirstCard(), FirstCard()], GameRules(), random.Random(1), first_dealer=2)
    with pytest.raises(ValueError, match="2, 3 or 4 players, not 5"):
        GameRules(5)


# --- what a seat sees -----------------------------------------------------------------


class Watcher(RandomPlayer):
    """A random player that checks every view it is given against what it knows."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        super().__init__(rng)
        self.seat = seat
        self.asked_without_fit = 0

    def discard(self, view: View) -> tuple[Card, ...]:
        assert view.seat == self.seat and len(view.hand) == view.rules.dealt
        assert view.starter is None and not view.kept and not view.pile
        self.dealt = view.hand
        return super().discard(view)

    def play(self, view: View) -> Card | None:
        assert view.seat == self.seat and view.hand  # a seat with no cards is never asked
        assert set(view.hand) <= set(view.kept) and set(view.kept) | set(view.thrown) == set(self.dealt)
        assert view.count == sum(card.value for card in view.pile) <= 31
        assert [card for _, card in view.laid[len(view.laid) - len(view.pile) :]] == list(view.pile)
        assert view.left[view.seat] == len(view.hand)
        assert view.play is not None and view.play.hands is None  # the others' cards stay hidden
        assert self.seat not in view.gone and view.starter is not None
        if all(view.count + card.value > 31 for card in view.hand):
            self.asked_without_fit += 1
        return super().play(view)


@pytest.mark.parametrize(("players", "variant"), [(2, "six"), (3, "six"), (4, "six"), (2, "five")])
def test_views_show_a_seat_its_own_game(players: int, variant: str) -> None:
    rng = random.Random(players)
    watchers = [Watcher(rng, seat) for seat in range(players)]
    record = play_game(watchers, GameRules(players, variant=variant), rng)
    assert record.deals
    assert sum(w.asked_without_fit for w in watchers) == sum(card is None for d in record.deals for _, card in d.plays)


# --- muggins -------------------------------------------------------------------------


class ShortCounter(RandomPlayer):
    """Claims ``short`` points less than every show is worth (never below 0)."""

    def __init__(self, rng: random.Random, short: int) -> None:
        super().__init__(rng)
        self.short = short
        self.asked: list[tuple[int, ShowScore]] = []

    def count(self, view: View, show: ShowScore) -> int:
        self.asked.append((view.seat, show))
        assert set(view.hand) == set(show.hand) and view.starter == show.starter
        return max(show.total - self.short, 0)


def test_muggins_the_next_seat_pegs_what_the_owner_overlooked() -> None:
    rng = random.Random(7)
    short = ShortCounter(rng, 3)
    rules = GameRules(muggins=True)
    record = play_game([short, RandomPlayer(rng)], rules, rng, first_dealer=0)
    assert short.asked
    shows = [s for d in record.deals for s in d.shows]
    mine = [s for s in shows if s.seat == 0]
    assert all(s.claimed == max(s.points - 3, 0) for s in mine)
    assert all(s.muggins == s.points - s.claimed for s in mine if s is not shows[-1])
    assert any(s.muggins for s in mine)
    assert all(s.claimed == s.points and s.muggins == 0 for s in shows if s.seat == 1)  # no count method: counts right
    check_points_re_add(record)
    line = record_json(record, 0, ["short", "random"])
    assert {"claimed", "muggins"} <= set(line["deals"][0]["shows"][0])


def test_muggins_off_never_asks_for_a_count() -> None:
    rng = random.Random(7)
    short = ShortCounter(rng, 3)
    record = play_game([short, RandomPlayer(rng)], GameRules(), rng, first_dealer=0)
    assert not short.asked and all(s.claimed == s.points for d in record.deals for s in d.shows)
    assert "claimed" not in record_json(record, 0, ["a", "b"])["deals"][0]["shows"][0]


def test_muggins_in_five_card_cribbage() -> None:
    rng = random.Random(8)
    short = ShortCounter(rng, 2)
    record = play_game([short, RandomPlayer(rng)], GameRules(target=61, muggins=True, variant="five"), rng, first_dealer=1)
    assert short.asked and {len(show.hand) for _, show in short.asked} == {3, 4}
    assert any(s.muggins for d in record.deals for s in d.shows)
    check_points_re_add(record)


def test_muggins_in_fours_goes_to_the_other_side() -> None:
    rng = random.Random(4)
    record = play_game([ShortCounter(rng, 1) for _ in range(4)], GameRules(4, muggins=True), rng, first_dealer=0)
    given = 0
    for deal in record.deals:
        for show in deal.shows:
            if show.muggins:
                assert deal.points()[(show.seat + 1) % 4].muggins >= show.muggins
                given += show.muggins
    assert given
    assert record.scores[0] == record.scores[2] and record.scores[1] == record.scores[3]
    check_points_re_add(record)


def test_muggins_in_threes_goes_to_the_left() -> None:
    rng = random.Random(3)
    record = play_game([ShortCounter(rng, 1) for _ in range(3)], GameRules(3, muggins=True), rng, first_dealer=0)
    for deal in record.deals:
        for show in deal.shows:
            if show.muggins:
                assert deal.points()[(show.seat + 1) % 3].muggins >= show.muggins
    check_points_re_add(record)


def test_a_claim_that_wins_the_game_leaves_no_muggins() -> None:
    rng = StackedDeck("9S 8S 5H 5C 5S JD  2C 3C KH QC 9D 7H  5D")
    short = ShortCounter(random.Random(1), 4)
    short.discard, short.play = FirstCard().discard, FirstCard().play  # type: ignore[method-assign]
    record = play_game([short, FirstCard()], GameRules(target=20, muggins=True), rng, first_dealer=1)
    (show,) = record.deals[0].shows
    assert (show.points, show.claimed, show.muggins) == (29, 25, 0)
    assert record.scores == (20, 5) and record.winner == 0


class OverCounter(RandomPlayer):
    def count(self, view: View, show: ShowScore) -> int:
        return show.total + 1


def test_an_over_claim_is_illegal() -> None:
    rng = random.Random(5)
    with pytest.raises(IllegalMove, match=r"seat 0 \(liar\) claimed (\d+) for its hand .* / .., which counts \d+"):
        play_game([OverCounter(rng), RandomPlayer(rng)], GameRules(muggins=True), rng, first_dealer=1, names=["liar", "r"])


# --- the JSON record -------------------------------------------------------------------


@pytest.mark.parametrize(("players", "variant"), [(2, "six"), (3, "six"), (4, "six"), (2, "five")], ids=["two", "three", "four", "five-card"])
def test_record_json_round_trips_and_re_adds(players: int, variant: str) -> None:
    record, _ = corpus()[first_game(players, variant)]
    rules = record.rules
    names = [f"p{seat}" for seat in range(rules.players)]
    line = record_json(record, 7, names)
    assert json.loads(json.dumps(line)) == line
    assert (line["game"], line["target"], line["players"], line["first_dealer"]) == (7, rules.target, names, record.first_dealer)
    assert ("cuts" in line) == bool(record.cuts)
    n = rules.players
    sides = [0] * rules.sides
    if variant == "five":
        assert line["variant"] == "five"
        assert line["three_for_last"] == {"seat": (record.first_dealer + 1) % 2, "points": 3}
        sides[line["three_for_last"]["seat"]] += 3
    else:
        assert "variant" not in line and "three_for_last" not in line
    for deal in line["deals"]:
        assert [len(h) for h in deal["hands"]] == [rules.dealt] * n
        assert ("crib_card" in deal) == (n == 3)
        sides[rules.side(deal["dealer"])] += deal["heels"]
        for seat, points in enumerate(deal["pegging"]):
            sides[rules.side(seat)] += points
        for show in deal["shows"]:
            sides[rules.side(show["seat"])] += show["points"]
        assert deal["scores"] == [min(sides[rules.side(seat)], rules.target) for seat in range(n)]
        assert all(card == "go" or parse_card(card) for _, card in deal["plays"])
    assert line["scores"] == [min(sides[rules.side(seat)], rules.target) for seat in range(n)]
    assert max(line["scores"]) == rules.target
    assert line["winner"] == record.winner and line["game_points"] == record.game_points


def test_peg_deal_plays_the_play_as_a_game_does() -> None:
    """The play alone, from a deal's kept hands, pegs what the game pegged (greedy players choose alike)."""
    from crib_cli.game.engine import peg_deal

    checked = 0
    rules = GameRules()
    for index in range(30):
        rng = random.Random(f"peg deal {index}")
        record = play_game([GreedyPlayer(), GreedyPlayer()], rules, rng, first_dealer=index % 2)
        for deal in record.deals:
            if not deal.complete:
                continue
            kept = [tuple(c for c in hand if c not in thrown) for hand, thrown in zip(deal.hands, deal.discards)]
            play = peg_deal([GreedyPlayer(), GreedyPlayer()], rules, deal.dealer, kept, deal.discards, deal.starter)
            assert (play.pegged(0), play.pegged(1)) == deal.pegging
            assert play.scoring() == deal.play_scoring(rules)
            checked += 1
    assert checked > 100


# --- a game taken up at other scores ------------------------------------------------


@pytest.mark.parametrize(("players", "variant", "start"), [
    (2, "six", (100, 110)), (2, "five", (0, 0)), (2, "five", (50, 57)), (3, "six", (90, 100, 110)), (4, "six", (60, 115)),
])
def test_a_game_taken_up_at_a_position_begins_there(players: int, variant: str, start: tuple[int, ...]) -> None:
    rules = GameRules(players, variant=variant)
    events: list[Event] = []
    for seed in range(6):
        events.clear()
        record = play_game(
            [FirstCard() for _ in range(players)], rules, random.Random(seed), first_dealer=seed % players,
            observer=events.append, start=start,
        )
        by_seat = tuple(start[rules.side(seat)] for seat in range(players))
        assert record.start == start and record.opening == by_seat and record.three_for_last == 0
        assert isinstance(events[0], GameStarted) and events[0].scores == by_seat
        assert not any(isinstance(event, ThreeForLast) for event in events)
        won = [0] * rules.sides
        for deal in record.deals:
            for seat, part in enumerate(deal.points()):
                won[rules.side(seat)] += part.total
        final = [min(begun + points, rules.target) for begun, points in zip(start, won)]
        assert tuple(final[rules.side(seat)] for seat in range(players)) == record.scores
        assert record_json(record, 0, ["x"] * players)["start"] == list(start)


@pytest.mark.parametrize(("start", "message"), [
    ((0,), r"start: 2 scores, each from 0 to 120, not \(0,\)"),
    ((121, 0), "each from 0 to 120"),
    ((-1, 0), "each from 0 to 120"),
])
def test_a_start_must_be_a_score_a_side(start: tuple[int, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        play_game([FirstCard(), FirstCard()], GameRules(), random.Random(1), first_dealer=0, start=start)


@pytest.mark.parametrize(("players", "variant"), [(2, "six"), (3, "six"), (4, "six"), (2, "five")])
def test_a_deals_scoring_in_order_re_adds_and_reaches_the_target_where_the_game_ended(players: int, variant: str) -> None:
    rules = GameRules(players, target=61, variant=variant)
    for seed in range(8):
        record = play_game([RandomPlayer(random.Random(seed * 10 + s)) for s in range(players)], rules,
                           random.Random(seed), first_dealer=0)
        scores = [0] * rules.sides
        for seat, points in enumerate(record.opening):
            scores[rules.side(seat)] = points
        for deal in record.deals:
            scoring = deal.scoring(rules)
            totals = [0] * players
            for seat, points in scoring:
                assert points > 0
                totals[seat] += points
                scores[rules.side(seat)] += points
            assert tuple(totals) == tuple(part.total for part in deal.points())
        assert max(scores) >= rules.target  # the last deal's scoring reaches it; nothing is left out


@pytest.mark.parametrize(("players", "variant"), [(2, "six"), (3, "six"), (2, "five")])
def test_a_deals_play_scoring_is_its_pegging_and_the_scoring_after_his_heels(players: int, variant: str) -> None:
    """The play's scores add up to what each seat pegged, and are the scoring's own between his heels and
    the shows, whatever the shows: a show of 0 points, which the scoring leaves out, among them."""
    rules = GameRules(players, variant=variant)
    zero_shows = 0
    for seed in range(40):
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        record = play_deal([RandomPlayer(random.Random(seed * 10 + s)) for s in range(players)], rules, 0, deck)
        play = record.play_scoring(rules)
        totals = [0] * players
        for seat, points in play:
            totals[seat] += points
        assert tuple(totals) == record.pegging
        heels = [(record.dealer, record.heels)] if record.heels else []
        assert record.scoring(rules)[: len(heels) + len(play)] == (*heels, *play)
        zero_shows += any(not show.claimed for show in record.shows)
    assert zero_shows  # the case a count of the shows' scores would get wrong


def test_play_deal_plays_one_deal_that_no_score_ends() -> None:
    rules = GameRules(target=5)
    deck = parse_cards("KS QS 5H 5C 4D 6D  KH QH 5D 5S 9C 8C  2C") + tuple(c for c in DECK if c not in parse_cards(
        "KS QS 5H 5C 4D 6D  KH QH 5D 5S 9C 8C  2C"))
    record = play_deal([RandomPlayer(random.Random(1)), RandomPlayer(random.Random(2))], rules, 1, deck)
    assert record.complete and record.dealer == 1 and len(record.shows) == 3
    assert record.hands == (parse_cards("KS QS 5H 5C 4D 6D"), parse_cards("KH QH 5D 5S 9C 8C")) and str(record.starter) == "2C"
    with pytest.raises(ValueError, match="whole deck"):
        play_deal([RandomPlayer(random.Random(1)), RandomPlayer(random.Random(2))], rules, 1, deck[:51])
    assert sum(points for _, points in record.scoring(rules)) == sum(part.total for part in record.points())


def test_a_deal_at_a_score_ends_where_the_game_would() -> None:
    deck = parse_cards(RIGGED["dealer wins at his heels: nothing else is played"][0])
    deck += tuple(c for c in DECK if c not in deck)
    players = [FirstCard(), FirstCard()]
    record = play_deal(players, GameRules(), 1, deck, start=(0, 119))
    assert (record.heels, record.plays, record.shows, record.scores) == (2, (), (), (0, 121))
    assert play_deal(players, GameRules(), 1, deck).complete
