"""The analyst: the expert's measure and choices first, its search's line in words, figures that add up as printed."""

from __future__ import annotations

import random

import pytest
from positions import play_view

from crib_cli.board import dealer_chance
from crib_cli.cards import DECK, format_cards, parse_card, parse_cards
from crib_cli.cli.advice import horizon_text, play_note, play_text, throw_key, throw_note, throw_text, why_text
from crib_cli.discard import analyze_discards, hand_distribution
from crib_cli.game import GameRules, View
from crib_cli.game.analyst import (
    analyze_count,
    analyze_play,
    analyze_throws,
    deal_chance,
    judge_play,
    judge_throw,
    view_of_play,
)
from crib_cli.game.expert import ExpertPlayer, play_goal, play_state, price_play
from crib_cli.game.lookahead import play_values
from crib_cli.peg import PegError, parse_sequence
from crib_cli.rules import Position

EXPERT = ExpertPlayer(pegging=True, board=True)


def random_views(count: int, players: int = 2, seed: int = 11) -> list[View]:
    """Views of the first seat to lay after a lead, after random expert throws, at random scores near the end
    of a game (so that the board decides some of them)."""
    rng = random.Random(seed)
    views = []
    rules = GameRules(players)
    for _ in range(count):
        deck = rng.sample(DECK, 52)
        size = rules.dealt
        hands = [tuple(deck[seat * size:(seat + 1) * size]) for seat in range(players)]
        starter = deck[-1]
        scores = (rng.randint(95, 120), rng.randint(95, 120))[:players] if players == 2 else (0,) * players
        dealer = players - 1
        thrown = [EXPERT.discard(View(rules, seat, dealer, scores, hand)) for seat, hand in enumerate(hands)]
        kept = [tuple(c for c in hand if c not in out) for hand, out in zip(hands, thrown)]
        lead = EXPERT.play(play_view(rules, 0, dealer, kept[0], kept=kept[0], thrown=thrown[0], starter=starter))
        assert lead is not None
        view = play_view(rules, 1, dealer, kept[1], (lead,), kept=kept[1], thrown=thrown[1], starter=starter)
        views.append(View(rules, 1, dealer, scores, view.hand, view.kept, view.thrown, starter, view.play))
    return views


# --- throws: the expert's measure, its throw first ----------------------------------------------


THROWS = {
    "pone, the issue's deal": ("AS 2D 6D 9S 9C QC", 1, (0, 0), 2, "2D QC"),
    "dealer": ("5S 5C 6D JH 4C KS", 0, (0, 0), 2, "JH KS"),
    "three players, the exact net": ("5S 5C 6D JH 4C", 1, (0, 0, 0), 3, "JH"),
}


def printed(mean: object) -> int:
    return round(float(f"{float(mean):.2f}") * 100)  # type: ignore[arg-type]


@pytest.mark.parametrize(("hand", "dealer", "scores", "players", "best"), THROWS.values(), ids=THROWS)
def test_a_throw_is_priced_as_the_expert_throws(hand: str, dealer: int, scores: tuple[int, ...], players: int,
                                                best: str) -> None:
    view = View(GameRules(players), 0, dealer, scores, parse_cards(hand))
    analysis = analyze_throws(view)
    assert analysis.best.cards == tuple(sorted(EXPERT.discard(view))) == parse_cards(best)
    pegging = players == 2
    options = analyze_discards(parse_cards(hand), role=analysis.role, players=players, pegging=pegging)
    assert len(analysis.options) == len(options)
    exact = next(option for option in options if option.throw == parse_cards(best))
    sign = -1 if analysis.role == "pone" else 1
    net = printed(exact.hand_mean) + sign * printed(exact.crib_mean)
    figure = f"net {net / 100:.2f}"
    if pegging:
        peg = printed(exact.peg)
        figure = f"total {(net + peg) / 100:.2f} ({figure}, peg {peg / 100:.2f})"
    verdict = judge_throw(analysis, analysis.best.cards)
    assert verdict.matched and throw_text(analysis, verdict) == f"you threw {best}: {figure}: the best throw"


def test_what_a_throw_gives_up_is_the_difference_of_the_figures_printed() -> None:
    analysis = analyze_throws(View(GameRules(), 0, 1, (0, 0), parse_cards("AS 2D 6D 9S 9C QC")))
    verdict = judge_throw(analysis, parse_cards("AS QC"))
    assert throw_text(analysis, verdict) == ("you threw AS QC: total 2.09 (net 3.23, peg -1.14); best 2D QC: total 2.65 "
                                             "(net 3.09, peg -0.44); you gave up 0.56")
    assert verdict.points_given_up == 56 and not verdict.matched


def percent(chance: float | None) -> str:
    return f"{100 * (chance or 0.0):.1f}%"


def test_where_the_deal_may_end_the_game_a_throw_is_priced_by_the_chance_to_win() -> None:
    """The issue's words: at 115-104 the pone needs 6 and counts first, so he keeps the hand that makes 6 most
    often (5S 6D 7H QC makes 6 with 44 starters, AH AC 5S 6D with 21); the figures are crib discard
    --score's and the exact starters'."""
    hand = parse_cards("AC 5S AH QC 6D 7H")
    view = View(GameRules(), 0, 1, (115, 104), hand)
    analysis = analyze_throws(view)
    options = analyze_discards(hand, role="pone", pegging=True, position=Position(GameRules(), (115, 104), False))
    by_points = sorted(options, key=lambda o: -o.total("pone"))
    board = max(by_points[:5], key=lambda o: o.win or 0.0)
    assert analysis.board and analysis.best.cards == tuple(sorted(EXPERT.discard(view))) == board.throw
    makes = [sum(hand_distribution(o.keep, o.throw).counts[6:]) for o in (board, by_points[0])]
    assert makes[0] > makes[1]
    keeps = [" ".join(map(str, o.keep)) for o in (board, by_points[0])]
    throws = [" ".join(map(str, o.throw)) for o in (board, by_points[0])]
    assert throw_note(analysis) == (
        f"the board changes the advice: you need 6 and count first: keep the hand that makes 6 more often: "
        f"{keeps[0]} makes it with {makes[0]} of 46 starters, {keeps[1]} (the best for points) with {makes[1]}; "
        f"throwing {throws[0]} wins {percent(board.win)}, {throws[1]} {percent(by_points[0].win)}"
    )
    verdict = judge_throw(analysis, by_points[0].throw)
    lost = round(float(percent(board.win)[:-1]) * 10) - round(float(percent(by_points[0].win)[:-1]) * 10)
    assert verdict.chance_given_up == lost > 0 and verdict.changed and analysis.changed
    assert throw_text(analysis, verdict).endswith(
        f"; best {throws[0]}: {percent(board.win)}; you gave up {lost / 10:.1f}% of your chance to win")


@pytest.mark.parametrize("dealer", [1, 0], ids=["pone", "dealer"])
def test_at_120_all_the_note_says_the_first_point_pegged_wins(dealer: int) -> None:
    """Both needing 1, some point is pegged in every play (the last card at least), so no hand counts:
    the note says the play decides, not who counts first, and names the throws by chance and by points."""
    rng = random.Random(3)
    notes = [throw_note(analysis) for analysis in (
        analyze_throws(View(GameRules(), 0, dealer, (120, 120), tuple(rng.sample(DECK, 6)))) for _ in range(12))]
    noted = [note for note in notes if note]
    assert noted, "some of the hands have the board change the advice"
    for note in noted:
        assert note.startswith("the board changes the advice: you both need 1, so the first point pegged wins; "
                               "throwing ") and "count" not in note and "(the best for points)" in note


@pytest.mark.parametrize(("scores", "dealer", "target", "hand"), [
    ((53, 29), 1, 61, "AS 2H 3S 7S 8D 8C"), ((120, 120), 0, 121, "AS 5C 5D TH JD KS"),
    ((120, 120), 1, 121, "2S 3C 4D 9H TD QS"), ((113, 113), 0, 121, "3S 4C 6D 6H 9D JS"),
    ((110, 119), 1, 121, "AH 4C 5D 7H 8D KS"), ((100, 96), 0, 121, "2S 2C 7D 8H 9D QS"),
    ((55, 55), 0, 61, "AS 2D 5C 6H 9S TC"),
])
def test_where_the_board_decides_every_throw_is_in_one_order(
        scores: tuple[int, int], dealer: int, target: int, hand: str) -> None:
    """The expert's ranking, the analyst's (the coach's table) and crib discard --score's are one: by the
    chance to win as printed, equal chances by points (53-29 to 61 once listed 98.4% below 96.2%)."""
    rules, role = GameRules(target=target), ("dealer", "pone")[dealer]
    view = View(rules, 0, dealer, scores, tuple(parse_cards(hand)))
    analysis = analyze_throws(view)
    assert analysis.board
    scored = analyze_discards(view.hand, role=role, pegging=True, position=Position(rules, scores, role == "dealer"))
    assert [option.cards for option in analysis.options] == [option.throw for option in scored]
    assert [t.throw for t in EXPERT.price_throw(view).ranking] == [option.throw for option in scored]
    rows = [(option.chance, option.points) for option in analysis.options]
    assert rows == sorted(rows, key=lambda row: (-(row[0] or 0), -row[1]))
    assert "ranked by it (equal chances by points)" in throw_key(analysis)[-1]


# --- the play: the expert's card first at its depth, its line in words ---------------------------


@pytest.mark.parametrize("view", random_views(8) + random_views(3, players=3) + random_views(2, players=4),
                         ids=lambda view: f"{view.rules.players} players, {view.scores}")
def test_at_the_experts_depth_its_card_comes_first(view: View) -> None:
    analysis = analyze_play(view, "expert")
    card = EXPERT.play(view)
    assert card is not None and analysis.best.card.rank == card.rank
    ranks = {option.card.rank for option in analysis.options}
    assert ranks == {card.rank for card in view.fits}
    if not analysis.board:
        values = play_values(play_state(view))
        assert all(option.points == round(values[option.card.rank] * 100) for option in analysis.options)
    assert judge_play(analysis, card).matched


@pytest.mark.parametrize("view", random_views(6, seed=23) + random_views(2, players=3, seed=23),
                         ids=lambda view: f"{view.rules.players} players, {view.scores}")
def test_the_cards_are_in_the_experts_order(view: View) -> None:
    """The analyst presents the expert's one ranking of the play, not one of its own."""
    analysis = analyze_play(view, "expert")
    choice = price_play(play_state(view), None, EXPERT.goal(view))
    assert [option.card.rank for option in analysis.options] == [
        rank for rank, _ in choice.ranking for card in view.hand if card.rank == rank]
    assert choice.rank == EXPERT.play(view).rank  # type: ignore[union-attr]


@pytest.mark.parametrize("view", random_views(6, seed=29), ids=lambda view: f"{view.scores}")
def test_the_throws_are_in_the_experts_order(view: View) -> None:
    """Every throw of the analysis is the expert's, in its order: nothing ranked again."""
    deal = View(view.rules, view.seat, view.dealer, view.scores, (*view.kept, *view.thrown))
    analysis = analyze_throws(deal)
    choice = EXPERT.price_throw(deal, chances=True)
    assert [option.cards for option in analysis.options] == [throw.throw for throw in choice.ranking]
    assert analysis.best.cards == tuple(sorted(EXPERT.discard(deal)))


def line(hand: str, laid: str = "", card: str | None = None, players: int = 2, depth: int | str | None = "expert") -> str:
    """The why of ``card`` (default: the best) in the position after ``laid``."""
    view = view_of_play(parse_cards(hand), parse_sequence(laid) if laid else (), rules=GameRules(players))
    analysis = analyze_play(view, depth, board=False)
    option = analysis.option(parse_card(card)) if card else analysis.best
    return why_text(analysis, option)


WHY = {
    "31 for 2, and the count starts again": (("6C 2H 9S", "KS QH 5D", "6C"), "makes 31 for 2; the count starts again"),
    "the last card": (("2C", "AS AH AD AC 2S 2H 2D", "2C"), "makes a double pair royal and the last card for 13"),
    "the opponent has said go": (("AC 2C", "KS QH 8D go", "AC"), "he has said go: you lay again"),
    "15 now, then the reply": (("5H 9C AS 2D", "TS", "5H"), "makes 15 for 2; "),
    "a reply that pairs and makes 31 is told once": (
        ("9S 4C 2D", "KS 3H", "9S"), "if he lays a 9 for 31 (",
    ),
    "lead from the pair": (("4H 4S 9C KD", "", "4S"), "lead from the pair: if he pairs it, your 4H makes a pair royal for 6"),
    "every card that makes 31 against a king is named": (
        ("KC QS 2H", "7S 4H", "KC"),
        ("if he lays a 10, a jack or a queen for 31 (43%), he makes 31 for 2; "
         "if he lays a king for 31 (15%), he makes 31 and a pair for 4"),
    ),
    "and against a queen": (
        ("KC QS 2H", "7S 4H", "QS"),
        ("if he lays a 10, a jack or a king for 31 (43%), he makes 31 for 2; "
         "if he lays a queen for 31 (15%), he makes 31 and a pair for 4"),
    ),
    "a net from the later cards is said so": (
        ("KC QS 4D", "5S 6H", "KC"), "no reply scores; the later cards make -0.92 of the net",
    ),
    "the reply feared and the answer kept": (
        ("5S 6S 9D TD", "7D", "9D"),
        ("if he lays an 8 for 24 (13%), he makes a run of 3 for 3, and your 6S makes a run of 4 for 4 back; "
         "if he lays a 9 for 25 (15%), he makes a pair for 2, and your 6S makes 31 for 2 back"),
    ),
}


@pytest.mark.parametrize(("position", "words"), WHY.values(), ids=WHY)
def test_why_tells_the_searchs_line(position: tuple[str, str, str], words: str) -> None:
    said = line(*position)
    assert said.startswith(words) if words.endswith("; ") else words in said, said


def test_a_reply_is_told_once_even_when_it_scores_two_ways() -> None:
    said = line("9S 4C 2D", "KS 3H", "9S")
    assert "if he lays a 9 for 31 (" in said and "he makes 31 and a pair for 4" in said
    assert said.count("a 9") == 1 and said.count("makes 31") == 1


def test_with_four_players_the_partner_is_named() -> None:
    assert "your partner" in line("2C 3C", "KS QH AD AH AS go AC go", "3C", players=4)


def test_the_go_expected_is_told() -> None:
    analysis = analyze_count(parse_cards("AS 5D 9C"), 25, rules=GameRules(), role="pone")
    assert [str(option.card) for option in analysis.options] == ["5D", "AS"]
    assert why_text(analysis, analysis.best) == ("if he lays an ace for 31 (18%), he makes 31 for 2; he says go 82% of the "
                                                 "time; the later cards make -0.82 of the net")


def test_advice_looks_deeper_than_the_expert_by_default() -> None:
    """Holding 6-7-8-9 on the lead, the expert's three cards lead the 6; a search to the end, the 8."""
    view = view_of_play(parse_cards("6C 7D 8H 9S"), rules=GameRules())
    assert str(analyze_play(view, "expert").best.card) == "6C"
    deep = analyze_play(view)
    assert str(deep.best.card) == "8H" and horizon_text(deep) == "7 cards ahead"
    near = analyze_play(view_of_play(parse_cards("6C 7D 8H"), parse_cards("KS 6S"), rules=GameRules()))
    assert horizon_text(near) == "to the end of the play"


@pytest.mark.parametrize(("scores", "dealer", "hand"), [
    ((119, 60), 1, "AS 5C 5D TH JD KS"), ((20, 118), 0, "2S 3C 4D 9H TD QS"), ((30, 119), 1, "2S 3C 4D 9H TD QS"),
])
def test_a_throw_as_likely_to_win_as_the_best_is_judged_by_points(scores: tuple[int, int], dealer: int, hand: str) -> None:
    """At 100.0% or 0.0% for every throw the coach does not call the worst throw the best: it gave up points."""
    analysis = analyze_throws(View(GameRules(), 0, dealer, scores, parse_cards(hand)))
    worst, best = analysis.options[-1], analysis.best
    assert analysis.board and worst.chance == best.chance and worst.points < best.points
    verdict = judge_throw(analysis, worst.cards)
    assert not verdict.matched and verdict.points_given_up == best.points - worst.points
    assert throw_text(analysis, verdict).endswith(
        f"; best {format_cards(best.cards)}: as likely to win, total {best.points / 100:.2f} (net {best.net / 100:.2f}, "
        f"peg {(best.peg or 0) / 100:.2f}); you gave up {verdict.points_given_up / 100:.2f}")


def test_a_card_as_likely_to_win_as_the_best_is_judged_by_points() -> None:
    view = view_of_play(parse_cards("KC AS AH 4H"), rules=GameRules(), starter=parse_card("4D"),
                        thrown=parse_cards("5C TC"), score=(110, 108))
    analysis = analyze_play(view, "expert")
    verdict = judge_play(analysis, parse_card("KC"))
    assert not verdict.matched
    assert play_text(analysis, verdict, why=False) == (
        "the expert would lay AS (100.0% to win either way, +0.03, yours -0.96: you gave up 0.99)")


@pytest.mark.parametrize(("hand", "laid", "starter", "thrown", "score", "order"), [
    ("KC AS AH 4H", "", "4D", "5C TC", (110, 108), "AS AH 4H KC"),  # all 100.0%: the most points, not the highest rank
    ("KC AH 4H", "AS KS", "4D", "5C TC", (110, 108), "4H AH KC"),
    ("QH AD", "AC QC QD QS", "9H", "2D 7H", (113, 118), "AD QH"),  # both 0.0%
])
def test_equal_chances_in_the_play_go_by_points(
        hand: str, laid: str, starter: str, thrown: str, score: tuple[int, int], order: str) -> None:
    """Cards whose chances print alike are ranked by the net, the next figure, and the expert lays the first."""
    view = view_of_play(parse_cards(hand), parse_sequence(laid) if laid else (), rules=GameRules(),
                        starter=parse_card(starter), thrown=parse_cards(thrown), score=score)
    analysis = analyze_play(view, "expert")
    assert analysis.board and " ".join(str(option.card) for option in analysis.options) == order
    assert len({option.chance for option in analysis.options}) < len({option.card.rank for option in analysis.options})
    assert str(EXPERT.play(view)) == order.split()[0]


def test_where_the_board_decides_the_card_is_the_likeliest_to_win() -> None:
    rules = GameRules()
    hand = parse_cards("3S 4C 6C 8H")
    view = View(rules, 0, 1, (118, 108), hand, hand, parse_cards("AH JH"), parse_card("TS"),
                view_of_play(hand, rules=rules).play)
    analysis = analyze_play(view, "expert")
    chances = play_values(play_state(view), None, play_goal(view))
    points = play_values(play_state(view))
    best, greedy = max(chances, key=chances.__getitem__), max(points, key=points.__getitem__)
    assert analysis.board and analysis.best.card.rank == best == EXPERT.play(view).rank and best != greedy  # type: ignore[union-attr]
    card = {int(c.rank): str(c) for c in hand}
    assert play_note(analysis) == (f"the board changes the advice: you need 3 and he needs 13: {card[best]} wins "
                               f"{percent(chances[best])}, {card[greedy]} (the best for points) {percent(chances[greedy])}")
    verdict = judge_play(analysis, parse_card(card[greedy]))
    lost = round(float(percent(chances[best])[:-1]) * 10) - round(float(percent(chances[greedy])[:-1]) * 10)
    assert verdict.chance_given_up == lost > 0
    assert play_text(analysis, verdict).startswith(f"the expert would lay {card[best]} ({percent(chances[best])} to win, yours "
                                         f"{percent(chances[greedy])}: you gave up {lost / 10:.1f}%): {card[best]}: ")


def test_what_a_card_gives_up_is_the_difference_of_the_figures_printed() -> None:
    view = view_of_play(parse_cards("5S 6S 9D TD"), parse_cards("7D"), rules=GameRules())
    analysis = analyze_play(view, "expert", board=False)
    verdict = judge_play(analysis, parse_card("TD"))
    said = play_text(analysis, verdict)
    assert said.startswith("the expert would lay 9D (+0.23, yours -0.55: you gave up 0.78): 9D: if he ")
    assert "; yours, TD: if he lays a 10 for 27" in said


POSITION_ERRORS = {
    "a hand of the wrong size": ("7C 8D", "TS 4D", {}, r"^pone is to move with 3 cards left, but the hand has 2$"),
    "a card of the hand already laid": ("TS 8D 5H", "TS 4D", {}, r"^TS: already laid"),
    "the play is over": ("", "AS AH AD AC 2S 2H 2D 2C", {}, r"^nothing to advise: every card has already been played$"),
    "a go while every card fits": ("7C 8D 5H", "TS go", {}, r"^go: at count 10"),
    "a card twice in the hand": ("7C 7C 5H", "TS 4D", {}, r"^7C: twice in the hand"),
    "the starter in the hand": ("7C 8D 5H", "TS 4D", {"starter": "7C"}, r"^7C: in the hand or laid"),
    "one card thrown": ("7C 8D 5H", "TS 4D", {"thrown": "AS"}, r"^each player throws 2 to the crib, not 1$"),
    "five-card: after the first go": ("7C", "TS 4D 5S KD go go", {"variant": "five"}, r"^nothing to advise: the play is over"),
}


@pytest.mark.parametrize(("hand", "laid", "extra", "message"), POSITION_ERRORS.values(), ids=POSITION_ERRORS)
def test_a_position_that_cannot_be_says_why(hand: str, laid: str, extra: dict[str, str], message: str) -> None:
    rules = GameRules(variant=extra.get("variant", "six"))
    starter = parse_card(extra["starter"]) if "starter" in extra else None
    thrown = parse_cards(extra["thrown"]) if "thrown" in extra else ()
    with pytest.raises(PegError, match=message):
        view_of_play([parse_card(t) for t in hand.split()], parse_sequence(laid), rules=rules, starter=starter,
                     thrown=thrown)


def test_the_chance_after_each_deal_is_the_boards() -> None:
    assert deal_chance(GameRules(), (0, 0), 0, 0) == dealer_chance(0, 0)
    assert deal_chance(GameRules(3), (0, 0, 0), 0, 0) is None
