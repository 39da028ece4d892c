"""The expert player: discards equal analyze_discards' first choice; the play search equals a naive reference."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from play_reference import Position, naive_value, naive_values
from positions import play_view

from crib_cli.cards import DECK, Card, parse_cards
from crib_cli.discard import Throw, analyze_discards, best_throw
from crib_cli.game.engine import play_game
from crib_cli.game.expert import ExpertPlayer, play_state, seat_role
from crib_cli.game.lookahead import (
    Goal,
    Line,
    best_rank,
    choose_play,
    play_lines,
    play_value,
    play_values,
)
from crib_cli.game.players import View
from crib_cli.game.series import PlayState, lay_rank
from crib_cli.peg import Play, score_play
from crib_cli.rules import GameRules
from crib_cli.tables import VALUES

# --- discard: the exact net for the seat ------------------------------------------------

ROLES = [(2, "dealer"), (2, "pone"), (3, "dealer"), (3, "pone"), (4, "dealer"), (4, "partner"), (4, "pone")]


@pytest.mark.parametrize(("players", "role"), ROLES, ids=[f"{p} players, {r}" for p, r in ROLES])
def test_best_throw_is_analyze_discards_first_choice(players: int, role: str) -> None:
    rng = random.Random(players * 10 + len(role))
    for _ in range(60):
        dealt = rng.sample(DECK, 6 if players == 2 else 5)
        assert best_throw(dealt, role, players) == analyze_discards(dealt, role=role, players=players)[0].throw


@pytest.mark.parametrize(
    ("dealt", "role", "players"),
    [
        ("5S 5H 5D 5C JD JS", "pone", 2),  # many throws tie on the net; the first in card order wins
        ("AS 2D 3H 4C 9C KD", "dealer", 2),
        ("JD 5D 4D 7D 8C", "partner", 4),
        ("2S 2H 2D 2C 9H", "pone", 3),
    ],
    ids=["four fives", "run and spare", "five cards, partner", "four twos"],
)
def test_best_throw_ties_as_analyze_discards(dealt: str, role: str, players: int) -> None:
    cards = parse_cards(dealt)
    assert best_throw(cards, role, players) == analyze_discards(cards, role=role, players=players)[0].throw


@pytest.mark.parametrize(
    ("players", "seat", "dealer", "role"),
    [(2, 1, 1, "dealer"), (2, 0, 1, "pone"), (3, 2, 0, "pone"), (4, 3, 1, "partner"), (4, 0, 1, "pone"), (4, 1, 1, "dealer")],
)
def test_expert_discards_for_its_role(players: int, seat: int, dealer: int, role: str) -> None:
    rules = GameRules(players)
    dealt = tuple(random.Random(seat).sample(DECK, rules.dealt))
    view = View(rules, seat, dealer, (0,) * players, dealt)
    assert seat_role(view) == role
    assert ExpertPlayer().discard(view) == analyze_discards(dealt, role=role, players=players)[0].throw


# --- the rank-level scorer ----------------------------------------------------------------


def rank_piles(length: int) -> list[tuple[int, ...]]:
    """Every series of ``length`` ranks a deck allows: at most four of a rank, count at most 31."""
    return [
        pile
        for pile in product(range(1, 14), repeat=length)
        if sum(VALUES[r] for r in pile) <= 31 and max(Counter(pile).values()) <= 4
    ]


def as_cards(ranks: tuple[int, ...]) -> list[Card]:
    """Cards with these ranks, suits given in turn so none repeats."""
    seen: Counter[int] = Counter()
    cards = []
    for rank in ranks:
        cards.append(DECK[(rank - 1) * 4 + seen[rank]])
        seen[rank] += 1
    return cards


def peg_points(pile: tuple[int, ...]) -> int:
    """Points for the last rank of a series given as ranks, by the search's lay_rank: fifteen, 31, pairs and runs."""
    tail: tuple[int, ...] = ()
    points = 0
    for rank in pile:
        points, tail = lay_rank(tail, rank)
    return points + 2 if sum(VALUES[r] for r in pile) in (15, 31) else points


@pytest.mark.parametrize("length", [1, 2, 3, 4])
def test_peg_points_equals_score_play_on_every_short_series(length: int) -> None:
    for pile in rank_piles(length):
        assert peg_points(pile) == sum(item.points for item in score_play(as_cards(pile))), pile


series = st.lists(st.integers(1, 13), min_size=1, max_size=12).filter(
    lambda ranks: sum(VALUES[r] for r in ranks) <= 31 and max(Counter(ranks).values()) <= 4
)


@settings(max_examples=300, deadline=None)
@given(series)
def test_peg_points_equals_score_play_on_long_series(ranks: list[int]) -> None:
    pile = tuple(ranks)
    assert peg_points(pile) == sum(item.points for item in score_play(as_cards(pile)))


@settings(max_examples=200, deadline=None)
@given(series)
def test_the_kept_tail_scores_like_the_whole_series(ranks: list[int]) -> None:
    tail: tuple[int, ...] = ()
    for at, rank in enumerate(ranks):
        points, tail = lay_rank(tail, rank)
        assert points == peg_points(tuple(ranks[: at + 1])) - (2 if sum(VALUES[r] for r in ranks[: at + 1]) in (15, 31) else 0)
        assert tuple(ranks[len(ranks[: at + 1]) - len(tail) : at + 1]) == tail


# --- the search against the naive reference -----------------------------------------------


@st.composite
def positions(draw: st.DrawFn, once: bool = False, two: bool = False, read: bool = False) -> tuple[PlayState, Position]:
    """Small positions: two to four seats (``two``: two) with a card or two each, a handful of unseen cards;
    with ``once``, two seats whose play ends at the first go or 31 (five-card cribbage); with ``read``,
    each other seat leans to some ranks and is taken not to hold others (:class:`PlayState` ``rank_weights``
    and ``ruled_out``)."""
    seats = 2 if once or two else draw(st.sampled_from([2, 2, 3, 4]))
    deck = draw(st.permutations(DECK))
    held = [draw(st.integers(1, 2))] + [draw(st.integers(0 if seats > 2 else 1, 2 if seats < 4 else 1)) for _ in range(seats - 1)]
    mine = tuple(deck[: held[0]])
    unseen = tuple(deck[held[0] : held[0] + draw(st.integers(max(held[1:]) + 1, 7 if seats == 2 else 5))])
    rest = [card for card in deck if card not in mine and card not in unseen]
    pile: list[Card] = []
    for card in rest[: draw(st.integers(0, 3))]:
        if sum(min(int(c.rank), 10) for c in pile) + card.value <= 30:
            pile.append(card)
    last = draw(st.integers(1, seats - 1)) if pile else None
    gone = frozenset(draw(st.sets(st.integers(1, seats - 1), max_size=seats - 2))) - {last} if pile else frozenset()
    floors = (0,) + tuple(draw(st.sampled_from([0, 0, 4, 8])) for _ in range(seats - 1))
    depth = draw(st.integers(1, 9))
    ranks = Counter(int(card.rank) for card in unseen)
    rank_weights: tuple[tuple[float, ...], ...] = ()
    ruled_out: tuple[int, ...] = ()
    if read:
        rank_weights = tuple((0.0,) + tuple(draw(st.sampled_from([0.5, 1.0, 1.75, 3.0])) for _ in range(13))
                         for _ in range(seats))
        ruled_out = (0,) + tuple(draw(st.sampled_from([0, 1 << 5, 1 << 10 | 1 << 4, 0b10101010])) for _ in range(seats - 1))
    state = PlayState(
        hand=tuple(sorted(int(card.rank) for card in mine)),
        unseen=tuple(ranks[r] for r in range(14)),
        left=tuple(held),
        floors=floors,
        pile=tuple(int(card.rank) for card in pile),
        gone=gone,
        last=last,
        once=once,
        ruled_out=ruled_out,
        rank_weights=rank_weights,
    )
    weights = tuple(
        tuple(Fraction(0) if out >> rank & 1 else Fraction(weight) for rank, weight in enumerate(weights))
        for out, weights in zip(ruled_out, rank_weights)
    )
    return state, Position(mine, unseen, tuple(held), floors, tuple(pile), gone, last, 0, depth, once, weights)


@settings(max_examples=150, deadline=None)
@given(positions())
def test_search_equals_naive_reference(position: tuple[PlayState, Position]) -> None:
    check_against_reference(position)


@settings(max_examples=100, deadline=None)
@given(positions(once=True))
def test_search_equals_naive_reference_when_the_play_goes_once(position: tuple[PlayState, Position]) -> None:
    check_against_reference(position)


@settings(max_examples=120, deadline=None)
@given(positions(read=True))
def test_search_reading_the_cards_laid_equals_naive_reference(position: tuple[PlayState, Position]) -> None:
    check_against_reference(position)


def a_goal(need: int, their_need: int) -> Goal:
    """A made-up chance to win after the play: smooth, and higher the more we pegged than they did."""
    return Goal(need, their_need, lambda mine, theirs: 0.5 + 0.04 * mine - 0.03 * theirs + 0.002 * mine * theirs)


@settings(max_examples=120, deadline=None)
@given(positions(two=True), st.integers(1, 12), st.integers(1, 12))
def test_board_search_equals_naive_reference(position: tuple[PlayState, Position], need: int, their_need: int) -> None:
    state, naive = position
    goal = a_goal(need, their_need)
    fast = play_values(state, naive.depth, goal)
    slow = naive_values(naive, goal)
    assert fast.keys() == slow.keys()
    for rank, value in fast.items():
        assert value == pytest.approx(float(slow[rank]), abs=1e-9), rank
    assert play_value(state, naive.depth, goal) == pytest.approx(float(naive_value(naive, (0, 0), goal)), abs=1e-9)


def test_where_the_first_point_wins_the_board_lays_another_card() -> None:
    """At 120-120 the first point wins. At count 10, holding 2 2 10, the ten (20) pegs most net points over
    the next cards; the 2 (12) leaves fewer replies that score first."""
    mine, laid = parse_cards("2S 2D TD"), parse_cards("9D AD")
    unseen = [0] + [4] * 13
    for card in (*mine, *laid):
        unseen[card.rank] -= 1
    state = PlayState((2, 2, 10), tuple(unseen), (3, 3), pile=(9, 1), last=1)
    assert choose_play(state, 4) == 10
    assert choose_play(state, 4, Goal(1, 1, lambda mine, theirs: 0.5)) == 2


def test_a_goal_is_for_two_players_and_small_needs() -> None:
    with pytest.raises(ValueError, match="two players"):
        play_values(PlayState((1, 2), (0,) + (4,) * 13, (2, 2, 2)), goal=a_goal(3, 3))
    with pytest.raises(ValueError, match="1 to 63 points"):
        Goal(0, 5, lambda m, t: 0.0)


def after_reply(state: PlayState, mine: int, reply: int) -> PlayState:
    """Two players: the position after seat 0 lays ``mine`` and seat 1 answers ``reply``."""
    hand = list(state.hand)
    hand.remove(mine)
    unseen = list(state.unseen)
    unseen[reply] -= 1
    left = (state.left[0] - 1, state.left[1] - 1)
    return replace(state, hand=tuple(hand), unseen=tuple(unseen), left=left, pile=(*state.pile, mine, reply), last=1)


def check_lines(state: PlayState, depth: int, goal: Goal | None = None) -> None:
    """The lines' values are play_values' to the bit; the replies share out every holding once; with two
    players and no goal, each answer is the best rank of the position after the reply, at the depth left."""
    values = play_values(state, depth, goal)
    lines = play_lines(state, depth, goal)
    assert {rank: line.value for rank, line in lines.items()} == values
    for rank, line in lines.items():
        assert isinstance(line, Line) and line.rank == rank
        if line.replies:
            assert line.after == "reply" and sum(reply.chance for reply in line.replies) == pytest.approx(1.0)
            assert sum(reply.chance * reply.value for reply in line.replies) == pytest.approx(line.value, abs=1e-12)
        for reply in line.replies:
            if reply.answer is None or goal is not None or len(state.left) != 2:
                continue
            after = after_reply(state, rank, reply.rank or 0)
            answers = play_values(after, depth - 2)
            assert best_rank(answers) == reply.answer
            assert reply.value == pytest.approx(line.points - reply.points + answers[reply.answer], abs=1e-9)


@settings(max_examples=80, deadline=None)
@given(st.booleans().flatmap(lambda read: positions(read=read)))
def test_the_lines_are_the_search(position: tuple[PlayState, Position]) -> None:
    state, naive = position
    check_lines(state, naive.depth)


@settings(max_examples=40, deadline=None)
@given(positions(two=True), st.integers(1, 12), st.integers(1, 12))
def test_the_lines_are_the_board_search(position: tuple[PlayState, Position], need: int, their_need: int) -> None:
    state, naive = position
    check_lines(state, naive.depth, a_goal(need, their_need))


@pytest.mark.parametrize("hand", ["6C 7D 8H 9S", "4H 4S 9C KD", "5S 6S 9D TD"])
def test_the_lines_of_a_lead(hand: str) -> None:
    check_lines(two_player(hand), 3)


def check_against_reference(position: tuple[PlayState, Position]) -> None:
    state, naive = position
    fast = play_values(state, naive.depth)
    slow = naive_values(naive)
    assert fast.keys() == slow.keys()
    for rank, value in fast.items():
        assert value == pytest.approx(float(slow[rank]), abs=1e-9), rank
    assert play_value(state, naive.depth) == pytest.approx(float(naive_value(naive)), abs=1e-9)


def two_player(hand: str, pile: str = "", *, unseen: dict[int, int] | None = None, left: int = 4, **kw: object) -> PlayState:
    """Seat 0 holds ``hand``; the opponent ``left`` cards among ``unseen`` (default: the rest of the deck)."""
    mine = [int(card.rank) for card in parse_cards(hand)]
    laid = [int(card.rank) for card in parse_cards(pile)]
    if unseen is None:
        counts = Counter(mine + laid)
        unseen = {r: 4 - counts[r] for r in range(1, 14)}
    return PlayState(
        hand=tuple(sorted(mine)),
        unseen=tuple(unseen.get(r, 0) for r in range(14)),
        left=(len(mine), left),
        pile=tuple(laid),
        last=1 if laid else None,
        **kw,  # type: ignore[arg-type]
    )


@pytest.mark.parametrize(
    ("state", "rank"),
    [
        (two_player("TH 3S 9D", "KS AD KC", left=2), 10),  # 10 makes 31
        (two_player("5H 9S 2C KD", "QH", left=3), 5),  # 5 makes 15
        (two_player("4H 4S 9C KD"), 4),  # lead from the pair: if he pairs it, the pair royal is mine
        (two_player("4H KD", "4S", unseen={4: 1}, left=1), 13),  # pairing the 4 gives him a pair royal
        (two_player("3C 4D 5H 9S", "7S 8D", left=2), 9),  # the 9 makes a run of three
    ],
    ids=["31", "15", "lead from a pair", "greedy pair is wrong", "run"],
)
def test_known_best_plays(state: PlayState, rank: int) -> None:
    assert choose_play(state) == rank


@pytest.mark.parametrize("hand", ["5H 9S 3C KD", "5H 5S 9C KD", "5C 6D 9S QH"])
def test_a_five_is_the_worst_lead(hand: str) -> None:
    values = play_values(two_player(hand))
    assert min(values, key=values.__getitem__) == 5


def test_the_greedy_pair_costs_six() -> None:
    values = play_values(two_player("4H KD", "4S", unseen={4: 1}, left=1))
    # 4: pair 2, his 4 pair royal 6, my K the last card 1.  K: his 4, my 4 pairs it, last card.
    assert values == {4: 2 - 6 + 1, 13: 2 + 1}


def test_last_card_and_go_are_counted() -> None:
    # Count 25, he laid last and holds nothing: my K cannot go on, so his go is 1, then my K is the last card.
    assert play_value(two_player("KD", "KS 5H KC", left=0)) == -1 + 1
    # Count 10, he holds nothing: my 5 makes 15 and is the last card.
    assert play_values(two_player("5D", "KS", left=0)) == {5: 3}
    # Count 27, my last card, his hand empty: 31 is 2, not 2 + 1.
    assert play_values(two_player("4D", "KS KH 7C", left=0)) == {4: 2}
    # The same after his go with a card left: 31 for 2, then he leads his last card for 1.
    assert play_values(two_player("4D", "KS KH 7C", left=1, gone=frozenset({1}))) == {4: 2 - 1}


def test_no_card_fits_means_go() -> None:
    state = two_player("KD QH", "KS KH 5C")
    assert state.legal() == ()
    assert choose_play(state) is None


def test_depth_is_at_least_one_card() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        play_values(two_player("5H 9S"), 0)


def test_state_checks_its_shape() -> None:
    with pytest.raises(ValueError, match="left"):
        PlayState(hand=(1, 2), unseen=(0,) + (4,) * 13, left=(3, 4))
    with pytest.raises(ValueError, match="unseen"):
        PlayState(hand=(1, 2), unseen=(4,) * 13, left=(2, 4))


# --- whole plays: the player always answers legally, and reads the goes right -------------


def play_out(players: int, seed: int) -> int:
    """Deal, discard and play one deal with experts in every seat; check each view and answer."""
    rng = random.Random(seed)
    rules = GameRules(players)
    dealer = players - 1
    deck = rng.sample(DECK, 52)
    dealt = [tuple(deck[i * rules.dealt : (i + 1) * rules.dealt]) for i in range(players)]
    starter = deck[-1]
    expert = ExpertPlayer()
    kept, thrown = [], []
    for seat in range(players):
        throw = expert.discard(View(rules, seat, dealer, (0,) * players, dealt[seat]))
        assert len(throw) == rules.thrown and set(throw) <= set(dealt[seat])
        thrown.append(throw)
        kept.append(tuple(c for c in dealt[seat] if c not in throw))
    play = Play(rules, 0, kept)
    decisions = 0
    while True:
        play.settle()
        if play.turn is None:
            return decisions
        seat = play.turn
        hand = tuple(sorted(play.hand(seat)))
        view = View(rules, seat, dealer, (0,) * players, hand, kept[seat], thrown[seat], starter, play.copy(public=True))
        state = play_state(view)
        assert state.gone == frozenset((s - seat) % players for s in play.gone)
        for other in range(1, players):
            cards = play.hand((seat + other) % players)
            assert state.left[other] == len(cards)
            assert all(card.value >= state.floors[other] for card in cards)
            assert all(state.unseen[r] >= n for r, n in Counter(int(c.rank) for c in cards).items())
        card = expert.play(view)
        assert card is not None and card in hand and play.count + card.value <= 31
        decisions += 1
        play.lay(card)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_whole_plays_are_legal_and_goes_are_read(players: int) -> None:
    assert sum(play_out(players, seed) for seed in range(25)) >= 25 * 4 * players


def test_go_only_when_nothing_fits() -> None:
    rules = GameRules(2)
    hand = tuple(parse_cards("KD QH"))
    view = play_view(rules, 0, 0, hand, parse_cards("KS KH 5C"), starter=DECK[0])
    assert ExpertPlayer().play(view) is None


# --- five-card cribbage ---------------------------------------------------------------------


@pytest.mark.parametrize(("seat", "role"), [(1, "dealer"), (0, "pone")])
def test_expert_discards_five_card_deals_for_its_role(seat: int, role: str) -> None:
    rules = GameRules(target=61, variant="five")
    rng = random.Random(seat)
    for _ in range(10):
        dealt = tuple(rng.sample(DECK, 5))
        view = View(rules, seat, 1, (0, 0), dealt)
        throw = ExpertPlayer().discard(view)
        assert len(throw) == 2 and throw == analyze_discards(dealt, role=role, variant="five")[0].throw


class Checking(ExpertPlayer):
    """An expert that checks what its search is told of a five-card play."""

    def play(self, view: View) -> Card | None:
        state = play_state(view)
        assert state.once and state.left[0] == len(view.hand)
        assert sum(state.left) == 6 - len(view.laid) and state.pile == tuple(int(c.rank) for c in view.pile)
        return super().play(view)


def test_experts_play_whole_five_card_games() -> None:
    rules = GameRules(target=61, variant="five")
    for seed in range(4):
        record = play_game([Checking(), Checking()], rules, random.Random(seed), first_dealer=seed % 2)
        assert max(record.scores) == 61
        assert all(len(deal.plays) <= 8 for deal in record.deals)


WEIGHINGS = [{"crib_model": "expert"}, {"pegging": True}, {"crib_model": "expert", "pegging": True}]


@pytest.mark.parametrize("weighing", WEIGHINGS, ids=["expert crib", "pegging", "both"])
@pytest.mark.parametrize("seat", [0, 1])
def test_weighed_discards_take_the_best_sum_of_terms(weighing: dict, seat: int) -> None:
    """With the expert crib model or the pegging value, the throw maximizes hand ± crib term + peg term."""
    from crib_cli.cribs import throw_value
    from crib_cli.pegging import pegging_value

    rng = random.Random(f"weighed {seat} {sorted(weighing)}")
    player = ExpertPlayer(**weighing)
    role = "dealer" if seat == 1 else "pone"
    for _ in range(40):
        hand = tuple(rng.sample(DECK, 6))
        options = analyze_discards(hand, role=role)

        def worth(option: Throw) -> float:
            crib = throw_value(option.throw, role) if weighing.get("crib_model") else float(option.crib_mean)
            peg = pegging_value(option.keep, role).mean if weighing.get("pegging") else 0.0
            return float(option.hand_mean) + (crib if role == "dealer" else -crib) + peg

        best = max(worth(option) for option in options)
        thrown = player.discard(View(GameRules(), seat, 1, (0, 0), hand))
        chosen = next(option for option in options if option.throw == tuple(sorted(thrown)))
        assert worth(chosen) == pytest.approx(best)


def test_weighed_discards_fall_back_to_the_exact_net_with_more_players() -> None:
    hand = parse_cards("5S 5C 6D JH 4C")
    view = View(GameRules(players=3), 0, 1, (0, 0, 0), hand)
    assert ExpertPlayer(crib_model="expert", pegging=True).discard(view) == best_throw(hand, "pone", 3)
