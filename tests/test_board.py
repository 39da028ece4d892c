"""The board: the chance to win by position, the odds of a big win, and the chance of a throw or a play."""

from __future__ import annotations

import random
from itertools import pairwise
from operator import mul

import pytest
from positions import position_at

from crib_cli.board import (
    BOARDS,
    ENDGAME,
    Outlook,
    after_play,
    board,
    dealer_chance,
    ending_chance,
    grid,
    odds,
    pegging_shift,
    play_matters,
    throw_chances,
)
from crib_cli.board import model as board_model
from crib_cli.board import play as board_play
from crib_cli.board import throws as board_throws
from crib_cli.board.model import deal_model, own_play, removal, removal_fit
from crib_cli.board.numerics import below, chance, least_squares, shifted
from crib_cli.board.throws import dealer_shows, later_as_dealer
from crib_cli.cards import DECK, parse_cards
from crib_cli.discard import analyze_discards
from crib_cli.pegging import WINDOW, KeepPlay, keep_patterns, keep_play
from crib_cli.rules import GameRules, Position, RulesError


@pytest.mark.parametrize(("variant", "target"), BOARDS)
def test_more_points_never_lower_a_seats_chance(variant: str, target: int) -> None:
    tables = board(target, variant)
    for dealer in range(target):
        for pone in range(target):
            chance = tables.dealer_win(dealer, pone)
            assert 0.0 <= chance <= 1.0
            if dealer + 1 < target:
                assert tables.dealer_win(dealer + 1, pone) >= chance
            if pone + 1 < target:
                assert tables.dealer_win(dealer, pone + 1) <= chance


def test_the_first_dealer_wins_about_as_often_as_players_report() -> None:
    """55.5% over millions of online games, 55-56% between equal players: within a point of it."""
    assert 0.545 <= dealer_chance(0, 0) <= 0.57
    assert 0.45 <= dealer_chance(0, 3, GameRules(target=61, variant="five")) <= 0.55  # the pone's three for last


@pytest.mark.parametrize(("me", "opponent", "me_dealing"), [(95, 110, True), (95, 110, False), (0, 0, True), (60, 20, False)])
def test_odds_are_one_seats_side_of_the_table(me: int, opponent: int, me_dealing: bool) -> None:
    mine = odds(position_at((me, opponent), me_dealing))
    theirs = odds(position_at((opponent, me), not me_dealing))
    assert mine.win + theirs.win == pytest.approx(1.0)
    assert mine.wins == pytest.approx(theirs.losses) and mine.losses == pytest.approx(theirs.wins)
    assert [name for name, _ in mine.margins] == ["double skunk", "skunk"]
    assert sum(mine.wins) <= mine.win + 1e-9 and sum(mine.losses) <= mine.lose + 1e-9
    assert mine.game_points == pytest.approx(-theirs.game_points)


def test_a_lurch_is_only_in_games_to_61() -> None:
    assert [name for name, _ in odds(position_at((10, 40), True, 61)).margins] == ["lurch"]
    assert odds(position_at((10, 55), True, 61)).losses[0] > 0.2  # well behind: likely lurched


@pytest.mark.parametrize(("call", "message"), [
    (lambda: dealer_chance(121, 0), "a score is 0 to 120 in a game to 121, not 121"),
    (lambda: dealer_chance(0, -1), "not -1"),
    (lambda: board(121, "five"), "not five-card to 121"),
    (lambda: odds(position_at((0, 0), True, 100)), "not six-card to 100"),
])
def test_positions_off_the_board(call, message: str) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(RulesError, match=message):
        call()


def test_the_deal_can_end_the_game_only_near_the_end() -> None:
    assert ending_chance(position_at((0, 0), True)) == 0.0
    assert ending_chance(position_at((60, 60), False)) < ENDGAME
    assert ending_chance(position_at((110, 100), True)) > 0.5


def outlook(hand: str, thrown: str, pegging: float = 0.0, play: KeepPlay | None = None, dealt: bool = False) -> Outlook:
    keep, throw = parse_cards(hand), parse_cards(thrown)
    unseen = [card for card in DECK if card not in keep + throw]
    from crib_cli.discard import _hand_points

    points = _hand_points(keep, tuple(unseen))
    ranks = sorted(int(c.rank) for c in throw)
    held = tuple(sorted(int(c.rank) for c in keep + throw)) if dealt else ()
    return Outlook((ranks[0], ranks[1]), tuple((int(c.rank), p, 0) for c, p in zip(unseen, points)), pegging,
                   play, held)


def test_a_hand_that_counts_out_first_wins() -> None:
    """A pone at 115 keeping 5 5 5 J (at least 14 with any starter) wins unless the dealer pegs out first."""
    chance = throw_chances(position_at((115, 100), False), outlooks=[outlook("5S 5C 5D JH", "KS QH")])[0]
    assert chance > 0.99


def test_the_dealers_heels_can_win_before_anything() -> None:
    """A pone at 0 against a dealer at 119: the dealer wins at the cut whenever a jack is turned, and pegs out soon."""
    chance = throw_chances(position_at((0, 119), False), outlooks=[outlook("AS 2C 3D 4H", "KS QH")])[0]
    assert chance < 0.05


@pytest.mark.parametrize(("me", "opponent", "me_dealing"), [(100, 110, False), (105, 95, True), (30, 40, False), (50, 30, True)])
def test_a_keep_that_pegs_better_wins_more(me: int, opponent: int, me_dealing: bool) -> None:
    chances = throw_chances(position_at((me, opponent), me_dealing), outlooks=[
        outlook("AS 6D 9S 9C", "2D QC", pegging) for pegging in (-1.0, 0.0, 1.0)
    ])
    assert chances[0] < chances[1] < chances[2]


@pytest.mark.parametrize(("me_dealing", "better", "worse"), [
    (False, "AS 2C 3D 4H", "4C 5S 5C 6D"), (True, "AS 2C 3D 4H", "KS QC JD TC"),
])
def test_at_120_all_the_keep_that_pegs_better_wins_more(me_dealing: bool, better: str, worse: str) -> None:
    """At 120-120 the first point wins and no show comes in time: the play decides, and it goes by
    how the keep pegs (its own play); without it every keep would get about the same chance."""
    role = "dealer" if me_dealing else "pone"
    outlooks = [outlook(keep, "9S 8H", play=keep_play(parse_cards(keep), role)) for keep in (better, worse)]
    good, bad = throw_chances(position_at((120, 120), me_dealing), outlooks=outlooks)
    assert good > bad + 0.05


def _made_play(plays: list[list[tuple[int, int]]], seat: int) -> KeepPlay:
    """A keep's play counted from made-up plays (each its scores as ``(seat, points)``, in order), naively:
    the first time the seat has each need, the other's points then; and the totals."""
    reach = [[0] * (WINDOW + 1) for _ in range(WINDOW + 1)]
    totals = [[0] * (WINDOW + 1) for _ in range(WINDOW + 1)]
    for scoring in plays:
        for need in range(1, WINDOW + 1):
            scored = [0, 0]
            for at, points in scoring:
                scored[at] += points
                if at == seat and scored[seat] >= need:
                    reach[need][min(scored[1 - seat], WINDOW)] += 1
                    break
        mine = sum(points for at, points in scoring if at == seat)
        theirs = sum(points for at, points in scoring if at != seat)
        totals[min(mine, WINDOW)][min(theirs, WINDOW)] += 1
    return KeepPlay(len(plays), tuple(map(tuple, reach)), tuple(map(tuple, totals)))


MADE_PLAYS = [[(0, 2), (1, 1)], [(1, 2), (0, 3), (0, 1)], [(1, 1)], [(0, 6), (1, 5), (0, 10)], [(1, 15), (0, 1)]]
"""Made-up plays, the seat's (0) scores and the other's (1) in order: one pegs past the window (16 points)."""


@pytest.mark.parametrize(("need", "limit"), [(1, 1), (1, 2), (2, 3), (4, 1), (6, 6), (13, 6), (16, 6), (1, 40)])
def test_a_keeps_own_play_is_read_from_its_deals(need: int, limit: int) -> None:
    """Who first reaches a need, and who falls short of one, read from a keep's counted play, against
    the made-up plays counted directly: the seat first with ``need`` while the other has fewer than
    ``limit``, and the seat with fewer than ``need`` while the other has fewer than ``limit``. Past the
    window the chance is the sampled deals' scaled, so only below it is it the plays' own."""
    play = own_play(_made_play(MADE_PLAYS, 0), 0)
    first = short = 0
    for scoring in MADE_PLAYS:
        scored = [0, 0]
        for at, points in scoring:
            scored[at] += points
            if at == 0 and scored[0] >= need:
                first += scored[1] < limit
                break
        short += sum(p for at, p in scoring if at == 0) < need and sum(p for at, p in scoring if at == 1) < limit
    if need <= WINDOW:
        assert chance(play.first, need, limit) == pytest.approx(first / len(MADE_PLAYS))
        assert below(play.short, need, limit) == pytest.approx(short / len(MADE_PLAYS))
    else:
        every = deal_model("six", 0).play.first
        assert chance(play.first, need, limit) == pytest.approx(every[need][limit] * 0.2 / every[WINDOW][-1])


@pytest.mark.parametrize("role", ["pone", "dealer"])
def test_every_keeps_own_play_reaches_a_need_or_falls_short_of_it(role: str) -> None:
    """For every shipped keep, the seat reaches a need or falls short of it: the two add up to 1 when the
    other's points do not count, past the window too."""
    from crib_cli.cards import Card, Rank, Suit

    seat = 1 if role == "dealer" else 0
    for ranks in keep_patterns():
        keep = [Card(Rank(rank), Suit(ranks[:at].count(rank))) for at, rank in enumerate(ranks)]
        play = own_play(keep_play(keep, role), seat)
        for need in (1, 2, 5, 12, 13, 14, 17, 25, 40):
            assert chance(play.first, need, 200) + below(play.short, need, 200) == pytest.approx(1.0), (ranks, need)


@pytest.mark.parametrize(("me", "opponent", "me_dealing"), [(120, 120, False), (120, 120, True), (116, 117, False),
                                                           (118, 116, False), (118, 119, True)])
def test_a_keep_whose_play_pegs_more_wins_more(me: int, opponent: int, me_dealing: bool) -> None:
    """Where either may peg out, the same keep with plays in which it pegs a point more first, or the
    other does, than in its own."""
    base = [[(1, 1)], [(0, 1), (1, 2)], [(0, 2), (1, 1)], [(1, 2), (0, 1)]]
    plays = [_made_play([[(0, mine), (1, theirs), *scoring] for scoring in base], 0)
             for mine, theirs in ((0, 0), (1, 0), (0, 1))]
    kept, thrown = ("5S 5C 6D JH", "4C KS") if me_dealing else ("JS KC KD 3H", "4D 9H")
    chances = throw_chances(position_at((me, opponent), me_dealing), outlooks=[outlook(kept, thrown, play=play) for play in plays])
    assert chances[1] > chances[0] > chances[2]


@pytest.mark.parametrize(("variant", "seat"), [(v, s) for v in ("six", "five") for s in (0, 1)])
def test_the_fits_of_his_hand_on_my_cards_solve_their_equations(variant: str, seat: int) -> None:
    """Each starter's fit of a hand on the other seat's ranks satisfies its normal equations."""
    sums = grid(f"REMOVAL_{('PONE', 'DEALER')[seat]}_{variant.upper()}")
    for rank in range(1, 14):
        fit = removal_fit(variant, seat, rank)
        assert fit is not None
        points, _ = fit
        for row in sums[rank][1:14]:
            assert sum(map(mul, row[1:14], points)) == pytest.approx(row[0], rel=1e-9)


def test_far_from_the_end_his_hand_is_any_hand() -> None:
    """Where the deal cannot end the game, the cards I hold do not move his hand (only a sliver, alike for
    every throw); near the end they do."""
    for me, opponent, moved in [(40, 50, False), (110, 110, True)]:
        plain, known = throw_chances(position_at((me, opponent), True), outlooks=[
            outlook("5S 5C 5D JH", "KS QH", dealt=dealt) for dealt in (False, True)])
        assert (plain != known) == moved


@pytest.mark.parametrize(("products", "targets", "solution"), [
    ([[2, 0], [0, 4]], [2, 2], [1.0, 0.5]),
    ([[0, 1], [1, 0]], [3, 5], [5.0, 3.0]),  # the pivot must swap rows
    ([[1, 2], [2, 4]], [1, 2], None),  # no single solution: a rank never held alone
])
def test_least_squares(products: list[list[int]], targets: list[int], solution: list[float] | None) -> None:
    assert least_squares(products, targets) == solution


def _line_sums(points: list[tuple[int, int]]) -> list[float]:
    """The sums a fit of ``y`` on ``x`` (thousandths) keeps: deals, x, y, x * x, x * y."""
    return [float(sum(term)) for term in zip(*((1, x, y, x * x, x * y) for x, y in points))]


@pytest.mark.parametrize(("points", "value", "shift"), [
    ([(-1000, 0), (1000, 1), (3000, 2)], 1.0, 0.0),  # the mean value moves nothing
    ([(-1000, 0), (1000, 1), (3000, 2)], 3.0, 1.0),  # half a point a point of value
    ([(0, -3), (0, 1), (2000, 5)], 2.0, 4.0),  # 4/3 of a point above its mean, at 3 points a point
    ([(500, -1), (500, 4)], 3.0, 0.0),  # one value alone: no line, no shift
])
def test_the_pegging_shift_is_the_least_squares_line(points: list[tuple[int, int]], value: float, shift: float,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A keep's pegging moves by the sampled deals' line of net pegging on the value, from their mean value."""
    sums = _line_sums(points)
    monkeypatch.setattr(board_model, "grid", lambda name: [[0.0] * 5, sums] if name == "PEGGING_FIT_MADE" else [])
    board_model.pegging_line.cache_clear()
    try:
        assert pegging_shift(value, me_dealing=True, variant="made") == pytest.approx(shift)
    finally:
        board_model.pegging_line.cache_clear()


@pytest.mark.parametrize("me_dealing", [True, False])
def test_the_shipped_pegging_line_rises_about_a_point_a_point(me_dealing: bool) -> None:
    """Over the keeps held in the sampled deals, the net pegged rises by about a point a point of the
    table's value: the values are worth their face (their noise, a standard error of about 0.08 points,
    flattens the line by about one part in a hundred; a table read for the wrong keeps would not rise)."""
    slope = pegging_shift(1.0, me_dealing=me_dealing) - pegging_shift(0.0, me_dealing=me_dealing)
    assert 0.9 < slope < 1.1


def test_his_hand_moves_by_nothing_on_average() -> None:
    """Over holdings dealt at random (as the sampled deals were), the shift of his hand averages 0."""
    rng = random.Random(9)
    for seat in (0, 1):
        shifts = []
        for _ in range(3000):
            cards = rng.sample(DECK, 7)
            shifts.append(removal("six", seat, tuple(sorted(int(c.rank) for c in cards[:6])), int(cards[6].rank)))
        assert sum(shifts) / len(shifts) == pytest.approx(0.0, abs=0.03)
        assert max(shifts) - min(shifts) > 1.5


@pytest.mark.parametrize(("chances", "shift", "moved"), [
    ([0.5, 0.5], 0.0, [0.5, 0.5, 0.0]),
    ([0.5, 0.5], 1.25, [0.0, 0.375, 0.5, 0.125]),
    ([0.5, 0.5], -0.5, [0.75, 0.25]),  # what falls below 0 stays at 0
    ([0.2, 0.8], -2.0, [1.0]),
])
def test_a_distribution_shifted(chances: list[float], shift: float, moved: list[float]) -> None:
    out = shifted(chances, shift)
    assert out[: len(moved)] == pytest.approx(moved) and sum(out) == pytest.approx(1.0)


@pytest.mark.parametrize("me_dealing", [True, False])
def test_the_hand_moved_is_the_opponents(me_dealing: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """As the dealer the pone's hand moves with my cards, as the pone the dealer's: in a throw's
    chance and after the play alike."""
    asked = set()

    def recording(variant: str, seat: int, dealt: tuple[int, ...], rank: int) -> float:
        asked.add(seat)
        return removal(variant, seat, dealt, rank)

    monkeypatch.setattr(board_throws, "removal", recording)
    monkeypatch.setattr(board_play, "removal", recording)
    throw_chances(position_at((110, 110), me_dealing), outlooks=[outlook("5S 5C 5D JH", "KS QH", dealt=True)])
    after_play(position_at((110, 110), me_dealing), shown=8, thrown=(12, 13), starter=5, dealt=(5, 5, 5, 11, 12, 13))
    assert asked == {0 if me_dealing else 1}


@pytest.mark.parametrize("me_dealing", [True, False])
def test_after_the_play_his_hand_knows_my_fives(me_dealing: bool) -> None:
    """With a five turned and my three fives known, his shows are weaker: my chance after the play is higher."""
    plain, known = (after_play(position_at((110, 110), me_dealing), shown=8, thrown=(12, 13), starter=5, dealt=dealt)(0, 0) for dealt in ((), (5, 5, 5, 11, 12, 13)))
    assert known > plain


@pytest.mark.parametrize(("seat", "dealt", "starter", "sign"), [
    (1, (5, 5, 2, 9, 12, 13), 5, -1),  # my fives take his fifteens and pairs
    (0, (5, 5, 5, 5, 4, 6), 10, -1),
    (0, (5, 10, 11, 12, 13, 13), 5, -1),
])
def test_the_cards_i_hold_move_his_hand(seat: int, dealt: tuple[int, ...], starter: int, sign: int) -> None:
    shift = removal("six", seat, dealt, starter)
    assert shift * sign > 0.3 and removal("six", seat, (), starter) == 0.0


@pytest.mark.parametrize(("me", "opponent", "me_dealing"), [(110, 110, True), (95, 108, False)])
def test_holding_the_fives_i_fear_his_hand_less(me: int, opponent: int, me_dealing: bool) -> None:
    """With my fives known to be out of his hand, he reaches the target less often (the dealer at
    110-110, whom the pone counts out before; the pone at 95-108, who cannot count out), so my chance
    with the same throw is higher than with his hand any hand."""
    plain, known = throw_chances(position_at((me, opponent), me_dealing), outlooks=[
        outlook("5S 5C 5D JH", "KS QH", dealt=dealt) for dealt in (False, True)])
    assert known > plain + 0.005


def test_the_board_agrees_with_the_table_on_average() -> None:
    """Over random hands thrown as the expert throws, a pone's chance by the deal model is the table's."""
    rng = random.Random(4)
    for me, opponent in [(100, 105), (110, 100)]:
        chances = []
        for _ in range(60):
            options = analyze_discards(rng.sample(DECK, 6), role="pone", pegging=True,
                                       position=Position(GameRules(), (me, opponent), False))
            thrown = max(options, key=lambda option: option.total("pone"))  # as expert-points throws
            assert thrown.win is not None
            chances.append(thrown.win)
        table = 1 - dealer_chance(opponent, me)
        assert sum(chances) / len(chances) == pytest.approx(table, abs=0.03)


@pytest.mark.parametrize(("dealt", "role", "opponent"), [
    ("5S 5C 6D JH 4C KS", "pone", 86), ("5S 5C 6D JH 4C KS", "dealer", 95), ("AS 2C 8D 9H QC KS", "pone", 70),
    ("AS 2C 8D 9H QC KS", "dealer", 100), ("3H 4H 7C 8D TS JS", "pone", 40),
])
def test_a_point_more_never_lowers_a_throws_chance_across_the_board(dealt: str, role: str, opponent: int) -> None:
    """From mid-board to near the end, where the deal comes to end the game, every throw's chance
    rises with my score and falls with his: one count serves every score, without a seam."""
    def chances(me: int, theirs: int) -> dict[tuple[str, ...], float]:
        options = analyze_discards(parse_cards(dealt), role=role, pegging=True,
                                   position=Position(GameRules(), (me, theirs), role == "dealer"))
        return {tuple(map(str, option.throw)): option.win or 0.0 for option in options}

    mine = [chances(me, opponent) for me in range(opponent - 30, min(opponent + 15, 110))]
    theirs = [chances(opponent, his) for his in range(60, 105)]
    for low, high in pairwise(mine):
        assert all(high[throw] >= low[throw] for throw in low)
    for low, high in pairwise(theirs):
        assert all(high[throw] <= low[throw] for throw in low)


def _naive_table(target: int, variant: str) -> list[list[float]]:
    """The dealer's chance by position, ``[dealer][pone]``, read one at a time."""
    return [[dealer_chance(dealer, pone, GameRules(target=target, variant=variant)) for pone in range(target)]
            for dealer in range(target)]


# (variant, target, rank, his score as the deal's points leave it, or mine as the dealer's)
_SUMMED = [("six", 121, 5, 0), ("six", 121, 11, 60), ("six", 121, 13, 100), ("six", 121, 1, 119),
           ("six", 121, 7, 120), ("six", 121, 10, 125), ("six", 61, 11, 40), ("five", 61, 4, 55)]


@pytest.mark.parametrize(("variant", "target", "rank", "start"), _SUMMED)
def test_the_pones_later_chance_is_the_naive_sum(variant: str, target: int, rank: int, start: int) -> None:
    """As the pone: each score my hand takes me to, summed naively over what I peg and his play and shows
    after it (a score of mine at the target has won; his at it, he has); the packed sums agree."""
    table = _naive_table(target, variant)
    deals = deal_model(variant, 0).rows[rank]
    fast = later_as_dealer(target, variant, rank, start)
    for mine in range(target):
        naive = sum(count / deals.total * table[mine + pegged][start + his]
                    for pegged, row in enumerate(deals.counts) if mine + pegged < target
                    for his, count in enumerate(row) if start + his < target)
        assert fast[mine] == pytest.approx(naive, abs=1e-12)


@pytest.mark.parametrize(("variant", "target", "rank", "me"), _SUMMED)
def test_the_dealers_shows_are_the_naive_sum(variant: str, target: int, rank: int, me: int) -> None:
    """As the dealer: each more points I show after the play, summed naively over what I peg short of what I
    lack and his play and hand short of his (my win as the next pone after them, or at the target); the
    packed sums agree."""
    table = _naive_table(target, variant)
    deals = deal_model(variant, 1).rows[rank]
    heels = 2 if rank == 11 else 0
    me = min(me, target - heels - 1)
    for opponent in (0, target // 2, target - 20, target - 1):
        fast = dealer_shows(me, opponent, target, variant, rank)
        for shown in range(0, 72, 7):
            naive = sum(count / deals.total * (1.0 if mine >= target else 1.0 - table[opponent + his][mine])
                        for pegged, row in enumerate(deals.counts) if me + heels + pegged < target
                        for mine in [me + heels + pegged + shown]
                        for his, count in enumerate(row) if opponent + his < target)
            assert fast[shown] == pytest.approx(naive, abs=1e-12)


@pytest.mark.parametrize("variant", ["six", "five"])
def test_the_dealers_shows_are_worked_out_far_enough(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The most a dealer's hand and crib can show, moved by the most any throw and keep move them: a
    hand of 29 with every starter, nobs thrown, the crib's largest shift, the pegging's largest: the
    same chance as with the shows worked out much further."""
    means = deal_model(variant, 1).crib_means
    thrown = max(((low, high) for low in range(1, 14) for high in range(low, 14)),
                 key=lambda pair: min(means[pair[0]][pair[1]][rank] - means[0][0][rank] for rank in range(1, 14)))
    starters = tuple((rank, 29, 1) for rank in range(1, 14) for _ in range(4))[:46]
    extreme = [Outlook(thrown, starters, 2.1), Outlook(thrown, starters, 0.0)]
    target = 61 if variant == "five" else 121
    for me, opponent in [(0, 0), (target - 50, target - 30), (target - 40, 10)]:
        dealer_shows.cache_clear()
        chances = throw_chances(position_at((me, opponent), True, target, variant), outlooks=extreme)
        monkeypatch.setattr(board_throws, "SHOWN", 200)
        dealer_shows.cache_clear()
        assert throw_chances(position_at((me, opponent), True, target, variant), outlooks=extreme) == chances
        monkeypatch.undo()
    dealer_shows.cache_clear()


def test_after_the_play_my_show_and_the_order_of_counting_decide() -> None:
    # Pone at 110 showing 12: counts out first whatever the dealer holds.
    assert after_play(position_at((110, 118), False), shown=12, thrown=(1, 13), starter=5)(0, 0) == 1.0
    # Dealer at 110 showing 12 against a pone at 120: the pone's hand counts first; he needs one point.
    late = after_play(position_at((110, 120), True), shown=12, thrown=(1, 13), starter=5)(0, 0)
    assert late < 0.2
    chance = after_play(position_at((100, 100), True), shown=8, thrown=(5, 5), starter=10)
    assert chance(4, 0) > chance(0, 0) > chance(0, 4)


def test_the_play_matters_only_when_the_deal_may_end_the_game() -> None:
    assert not play_matters(position_at((40, 40), True), shown=8, starter=5)
    assert play_matters(position_at((110, 40), True), shown=8, starter=5)
    assert play_matters(position_at((40, 110), False), shown=0, starter=5)
