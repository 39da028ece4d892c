"""``crib peg``: the play scored card by card and checked, or the next card advised."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

import click

from ..board import check_game
from ..cards import Card
from ..game.analyst import PlayAnalysis, analyze_count, analyze_play, view_of_play
from ..game.expert import seat_role
from ..peg import PegError, PegItem, PegResult, parse_sequence, replay
from ..rules import TWO_PLAYER_ROLES, RulesError
from . import formats
from .advice import chance_text, horizon_text, play_note, points_text, why_text
from .common import (
    CardsType,
    DepthType,
    ScoreType,
    cards_argument,
    command,
    format_option,
    game_rules,
    variant_option,
)


def peg_hands(
    pone: tuple[Card, ...] | None,
    dealer: tuple[Card, ...] | None,
    hands: tuple[tuple[Card, ...], ...],
    players: int | None,
) -> tuple[tuple[tuple[Card, ...], ...] | None, int]:
    """The hands in seat order (or None) and the number of players, from --pone/--dealer or --hand."""
    if pone is None and dealer is None:
        return (hands or None), players or len(hands) or 2
    if pone is None or dealer is None or hands or players not in (None, 2):
        raise click.UsageError("--pone and --dealer go together, for two players; else give --hand once a seat")
    return (pone, dealer), 2


def item_list(items: Sequence[PegItem]) -> list[dict[str, Any]]:
    """Scoring items as JSON objects."""
    return [{"kind": item.kind, "points": item.points} for item in items]


def play_rows(result: PegResult) -> Iterator[list[Any]]:
    """Table rows: who laid what, the count, what it scored."""
    for event in result.events:
        if event.card is None:
            yield [event.player, "go", "", "", ""]
        else:
            scoring = ", ".join(item.kind for item in event.items)
            yield [event.player, str(event.card), event.count, scoring, event.points or ""]


def play_lines(result: PegResult) -> Iterator[str]:
    """The table, then the totals (and, for four players, each side's)."""
    yield formats.plain_table(play_rows(result), ("player", "card", "count", "scoring", "points"))
    width = max(len(name) for name in ("player", *result.players)) + 2
    yield "total".ljust(width) + "   ".join(f"{name} {points}" for name, points in result.totals.items())
    if len(result.players) == 4:
        yield "sides".ljust(width) + "   ".join(f"{side} {points}" for side, points in result.sides.items())


def play_json(result: PegResult) -> dict[str, Any]:
    """Every play with its items, then each player's total (and each side's, for four)."""
    plays = [
        {"player": e.player, "card": None if e.card is None else str(e.card), "count": e.count,
         "points": e.points, "items": item_list(e.items)}
        for e in result.events
    ]
    sides = {"sides": result.sides} if len(result.players) == 4 else {}
    return {"plays": plays, **result.totals, **sides}


def advice_json(analysis: PlayAnalysis) -> dict[str, Any]:
    """Every card that fits, best first, with its figures at full precision and its why."""
    return {
        "depth": analysis.depth,
        "horizon": horizon_text(analysis),
        "board": analysis.board,
        "advice": [
            {"card": str(o.card), "count": o.count, "points": o.now, "items": item_list(o.items),
             "net": o.net, "win": o.win, "reply": o.reply,
             "why": why_text(analysis, o)}
            for o in analysis.options
        ],
    }


def advice_rows(analysis: PlayAnalysis, win: bool) -> Iterator[list[Any]]:
    """Table rows: the card, the count it leaves, points now, the net (and the chance to win), the reply, why."""
    for o in analysis.options:
        chance = [chance_text(o.chance) if o.chance is not None else ""] if win else []
        yield [str(o.card), o.count, o.now, points_text(o.points, sign=True), *chance, f"{o.reply:.2f}",
               why_text(analysis, o)]


def advice_lines(analysis: PlayAnalysis, win: bool) -> Iterator[str]:
    """The table, then what its columns mean and how far the search looked."""
    if not analysis.options:
        yield "no card fits: say go"
        return
    headers = ("play", "count", "now", "net", *(["win"] if win else []), "reply", "why")
    yield formats.plain_table(advice_rows(analysis, win), headers)
    yield (f"net: points you peg less points conceded from here, on average, looking {horizon_text(analysis)}; "
           "reply: what one unseen card at random scores against the card")
    if analysis.board:
        yield "ranked by the chance to win (equal chances by the net): the rest of this deal may end the game"
    elif win:
        yield "win: the chance to win the game; ranked by points: this deal can hardly end the game"
    note = play_note(analysis)
    if note:
        yield note


def advise_play(
    play: tuple[Card | None, ...], hands: tuple[tuple[Card, ...], ...], players: int | None, variant: str,
    starter: tuple[Card, ...] | None, thrown: tuple[Card, ...] | None, count: int | None, role: str | None,
    depth: int | str | None, score: tuple[int, int] | None, target: str | None,
) -> PlayAnalysis:
    """``crib peg --advise``: the analysis of the position the options describe."""
    if len(hands) != 1:
        raise click.UsageError("--advise takes your cards left as one --hand")
    rules = game_rules(players or 2, variant, target)
    if starter is not None and len(starter) != 1:
        raise click.UsageError(f"--starter is one card, not {len(starter)}")
    turned = starter[0] if starter else None
    if score is not None:
        if rules.players != 2 or count is not None or turned is None or not thrown:
            raise click.UsageError("--score: the chance to win is for two players, from the cards laid (not --count), "
                                   "with --starter and --thrown")
        try:
            check_game(rules.target, rules.variant)
            rules.check_scores(score)
        except RulesError as error:
            raise click.UsageError(str(error)) from None
    if count is not None:
        if play:
            raise click.UsageError("--count is for a question without the cards laid: give one or the other")
        if rules.players != 2:
            raise click.UsageError("--count is for two players: with more, give the cards laid")
        seen = (*(thrown or ()), *(starter or ()))
        return analyze_count(hands[0], count, rules=rules, role=role or "pone", seen=seen, depth=depth)
    view = view_of_play(hands[0], play, rules=rules, starter=turned, thrown=thrown or (), score=score)
    if role is not None and seat_role(view) != role:
        raise click.UsageError(f"--role {role}: after these cards the {seat_role(view)} is to move")
    return analyze_play(view, depth, board=score is not None)


@command("peg")
@cards_argument("play", parse_sequence, batch=False, required=False)
@click.option("--pone", type=CardsType(), help="Two players: the pone's four cards.")
@click.option("--dealer", type=CardsType(), help="Two players: the dealer's four cards.")
@click.option("--hand", "hands", type=CardsType(), multiple=True,
              help="A hand, once a seat from the dealer's left, the dealer's last; with --advise, your cards left.")
@click.option("--players", type=click.IntRange(2, 4), help="2, 3 or 4; default: one per --hand, else 2.")
@click.option("--advise", "advice", is_flag=True, help="Rank the cards of --hand that fit after the cards laid.")
@click.option("--starter", type=CardsType(), help="With --advise: the starter.")
@click.option("--thrown", type=CardsType(), help="With --advise: your cards in the crib.")
@click.option("--count", type=click.IntRange(0, 30), help="With --advise: the count, the cards laid not given.")
@click.option("--role", type=click.Choice(TWO_PLAYER_ROLES, case_sensitive=False),
              help="With --advise --count: whose turn it is (default pone; the dealer's opponent has one card fewer).")
@click.option("--depth", type=DepthType(), help="With --advise: cards to look ahead, N, end or expert (default: "
              "7 with two players, the end of the play but for the lead's last card; else 5).")
@click.option("--score", type=ScoreType(), help="With --advise: the scores now, mine-opponent's (a jack turned has pegged "
              "the dealer's 2): the chance to win too.")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="With --score: the game's length.")
@variant_option("five: five-card cribbage, two players of three cards; the play ends at the first go or 31.")
@format_option("table", "json", default="table")
def peg(
    play: tuple[Card | None, ...], pone: tuple[Card, ...] | None, dealer: tuple[Card, ...] | None,
    hands: tuple[tuple[Card, ...], ...], players: int | None, advice: bool, starter: tuple[Card, ...] | None,
    thrown: tuple[Card, ...] | None, count: int | None, role: str | None, depth: int | str | None,
    score: tuple[int, int] | None, target: str | None, variant: str, fmt: str | None,
) -> None:
    """Score the play card by card, or advise the next card.

    PLAY is the cards in the order laid, quoted or not. With every hand
    given, who laid each card and every go are inferred and each play is
    checked; an illegal play is an error naming the card and the rule
    (exit 2). Without hands, write 'go' wherever the player to move could
    not play, both goes of a series included; each player holds 4 cards.

    Players: two are the pone and the dealer (--pone, --dealer). For 3 or
    4, give --hand once a seat from the dealer's left, the dealer's last:
    'player 1' (left of the dealer; leads) round to 'dealer'. With four,
    partners sit opposite and score as a side.

    Scoring: 15 and 31 for 2 (31 is not also a go), pairs 2/6/12, the
    longest run of the last cards in any order, never across a reset; 1
    for the go, 1 for the last card (nothing more at 31). With --variant
    five each player holds three cards and the play ends at the first go
    or 31 (a card laid after it is an error).

    --advise ranks the cards of your one --hand (your cards left) that fit
    after PLAY (the cards laid so far, goes written) by the expert's
    look-ahead from what you know: the cards laid, what each go says, your
    --thrown crib cards and the --starter. 'net' is the points you can
    expect to peg from here less those pegged against you; 'why' is the
    search's line: the reply it fears most, the answer it keeps, the go it
    expects, each reply once, with the share of his hands that lay it;
    'reply' is what one unseen card at random scores against the card.
    --depth: cards to look ahead, or 'end', or 'expert' (the expert's own;
    its first card is then the expert's); by default 7 with two players
    (to the end but for the lead's last card), else 5. --count N asks
    without the cards laid (they make no pair or run); --role dealer gives
    the pone one card fewer. --score ME-OPP (two players, with --starter
    and --thrown) adds the chance to win, and ranks by it where the rest of
    the deal may end the game.

    \b
    $ crib peg --pone "6D JH 4H 7C" --dealer "5S 4S 2S 6H" JH 5S 7C 6H 2S 6D 4S 4H
    player  card  count  scoring          points
    pone    JH    10
    dealer  5S    15     fifteen          2
    ...
    total   pone 3   dealer 6
    $ crib peg --advise --hand "5S 6S 9D TD" 7D
    play  count  now  net    reply  why
    9D    16     0    +1.78  0.38   if he lays a 9 for 25 (18%), he makes a pair ...
    ...
    $ crib peg --advise --hand "AS 5D 9C" --count 25 --depth expert
    """
    try:
        if advice:
            if pone or dealer:
                raise click.UsageError("--advise takes your cards left as one --hand")
            if target is not None and score is None:
                raise click.UsageError("--to is for --score: the length of the game the chance to win is for")
            analysis = advise_play(play, hands, players, variant, starter, thrown, count, role, depth, score, target)
            win = score is not None
            out = formats.to_json(advice_json(analysis)) if fmt == "json" else "\n".join(advice_lines(analysis, win))
        else:
            if any(option is not None for option in (starter, thrown, count, role, depth, score, target)):
                raise click.UsageError("--starter, --thrown, --count, --role, --depth, --score and --to go with --advise")
            if not play:
                raise click.UsageError("give the cards laid, in order, e.g. JH 5S 7C 6H go 2S go")
            seated, count = peg_hands(pone, dealer, hands, players)
            result = replay(play, seated, players=count, variant=variant)
            out = formats.to_json(play_json(result)) if fmt == "json" else "\n".join(play_lines(result))
    except PegError as error:
        raise click.UsageError(str(error)) from None
    click.echo(out)
