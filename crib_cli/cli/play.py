"""``crib play``: a game against the computer in the terminal, with a coach.

The person is seat 0 and answers a line at a time, so a game can be typed or
piped in; the computer plays every other seat (with four players, the
person's partner too). Every event of the engine is told from that seat's
side of the table: its own cards, what is laid, the shows, the board.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import click

from ..cards import Card, CardError, format_cards, parse_card, parse_cards, quoted
from ..game import (
    DealEnded,
    Dealt,
    Event,
    GameEnded,
    GameRules,
    GameStarted,
    Go,
    GoPoint,
    Laid,
    ShowCounted,
    StarterTurned,
    ThreeForLast,
    View,
    play_game,
    player_factory,
    record_json,
)
from ..game.coach import Verdict, describe, judge_play, judge_throw, play_options, throw_options
from ..game.expert import seat_role
from ..game.simulate import side_names
from ..rules import LIMIT
from ..score import ShowScore, check_claim
from . import formats
from .common import command, game_rules, open_log, variant_option

YOU = 0
"""The person's seat."""
SEAT_NAMES = {3: ("you", "left", "right"), 4: ("you", "left", "partner", "right")}
"""What the person calls the other seats with three and four players (seat 1 sits on the person's left)."""


def table_names(players: int, opponent: str) -> tuple[str, ...]:
    """Names by seat as the table speaks of them: the computer's strategy with two players, else where it sits."""
    return SEAT_NAMES.get(players, ("you", opponent))


class EndOfInput(Exception):
    """The person's input ended (end of file or Ctrl-C): the game stops there."""


class Terminal:
    """Questions and answers, a line each, from a person at a terminal or a script piped in.

    When the answers do not come from a terminal they are echoed after the
    question, so the transcript reads as a conversation.
    """

    def __init__(self) -> None:
        self.echo = not (sys.stdin is not None and sys.stdin.isatty())

    def say(self, text: str = "") -> None:
        click.echo(text)

    def ask(self, question: str) -> str:
        click.echo(f"{question} ", nl=False)
        try:
            line = sys.stdin.readline() if sys.stdin is not None else ""
        except KeyboardInterrupt:
            raise EndOfInput from None
        if not line:
            click.echo()
            raise EndOfInput
        answer = line.strip()
        if self.echo:
            click.echo(answer)
        return answer


@dataclass
class Coaching:
    """The coach's verdicts on the person's decisions, kept for the summary at the end."""

    on: bool
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def worst(self) -> Verdict | None:
        return max(self.verdicts, key=lambda v: v.given_up, default=None)

    def given_up(self, kind: str) -> float:
        return sum(v.given_up for v in self.verdicts if v.kind == kind)


class Person:
    """The player in seat 0: asks the person for every decision, re-asking until it is legal."""

    def __init__(self, terminal: Terminal, coaching: Coaching, names: Sequence[str]) -> None:
        self.terminal = terminal
        self.coaching = coaching
        self.names = names

    def discard(self, view: View) -> tuple[Card, ...]:
        say = self.terminal.say
        need = view.rules.thrown
        whose = {"dealer": "your", "partner": "your partner's"}.get(seat_role(view), f"{self.names[view.dealer]}'s")
        say(f"your hand: {format_cards(sorted(view.hand))}")
        while True:
            answer = self.terminal.ask(f"throw {need} to {whose} crib (or ? for advice):")
            if answer == "?":
                self.advise_throw(view)
                continue
            try:
                thrown = parse_cards(answer)
            except CardError as error:
                say(f"  {error}")
                continue
            problem = throw_problem(view.hand, thrown, need)
            if problem:
                say(f"  {problem}")
                continue
            break
        if self.coaching.on:
            verdict = judge_throw(view, thrown)
            self.coaching.verdicts.append(verdict)
            say(f"coach: {throw_text(verdict)}")
        return thrown

    def advise_throw(self, view: View) -> None:
        role = seat_role(view)
        rows = [
            [format_cards(o.throw), format_cards(o.keep), f"{float(o.hand_mean):.2f}", f"{float(o.crib_mean):.2f}",
             f"{float(o.net(role)):.2f}"]
            for o in throw_options(view)[:5]
        ]
        sign = "-" if role == "pone" else "+"
        self.terminal.say(formats.table(rows, ("throw", "keep", "hand", "crib", f"net (hand {sign} crib)")))

    def play(self, view: View) -> Card | None:
        say = self.terminal.say
        fits = view.fits
        if not fits:
            say(f"you: go (nothing fits at {view.count})")
            return None
        series = f" ({format_cards(view.pile)})" if view.pile else ""
        say(f"count {view.count}{series}; your cards: {format_cards(sorted(view.hand))}")
        while True:
            answer = self.terminal.ask("lay a card (or go, or ? for advice):")
            if answer == "?":
                for option, value in play_options(view):
                    say(f"  {option}: {value:+.2f} net pegging expected from here; {describe(view, option)}")
                continue
            problem, card = play_problem(view, answer, fits)
            if problem:
                say(f"  {problem}")
                continue
            break
        assert card is not None
        if self.coaching.on and len({c.rank for c in fits}) > 1:
            verdict = judge_play(view, card)
            self.coaching.verdicts.append(verdict)
            if verdict.given_up >= 0.01:
                say(f"coach: the expert would lay {verdict.best[0]} ({verdict.best_value:+.2f}, yours "
                    f"{verdict.chosen_value:+.2f}: you gave up {verdict.given_up:.2f}): {verdict.why}")
            else:
                say("coach: the expert would lay it too")
        return card

    def count(self, view: View, show: ShowScore) -> int:
        """Muggins: the person counts a show; what is missed, the opponent pegs."""
        kind = "hand" if tuple(view.hand) == tuple(view.kept) else "crib"
        while True:
            answer = self.terminal.ask(f"count your {kind} {format_cards(show.hand)} / {show.starter} (or ?):")
            if answer == "?":
                self.terminal.say(
                    "  fifteens 2 each, pairs 2 each, runs 1 a card, flush 1 a card (a crib: all five only), "
                    "nobs 1; 19 for nothing"
                )
                continue
            if not answer.isdigit():
                self.terminal.say(f"  {quoted(answer)} is not a count: give a number")
                continue
            claimed = 0 if int(answer) == 19 else int(answer)
            if claimed > show.total:
                self.terminal.say(f"  {claimed} is more than it holds: count again")
                continue
            return claimed


def throw_problem(hand: Sequence[Card], thrown: Sequence[Card], need: int) -> str | None:
    """Why a throw is not legal, or None."""
    if len(thrown) != need:
        return f"throw {need} cards, not {len(thrown)}"
    for card in thrown:
        if card not in hand:
            return f"{card} is not your card"
    return None


def play_problem(view: View, answer: str, fits: Sequence[Card]) -> tuple[str | None, Card | None]:
    """Why an answer is not a legal play, or the card it lays."""
    if answer.lower() == "go":
        return f"{min(fits)} fits at {view.count}: say go only when no card fits", None
    try:
        card = parse_card(answer)
    except CardError as error:
        return str(error), None
    if card not in view.hand:
        return f"{card} is not your card", None
    if view.count + card.value > LIMIT:
        return f"{card} would make {view.count + card.value}, past {LIMIT}", None
    return None, card


def throw_text(verdict: Verdict) -> str:
    """``you threw 4C 6D: net 8.03; best JH KS: 11.99; you gave up 3.96``."""
    text = f"you threw {format_cards(verdict.chosen)}: net {verdict.chosen_value:.2f}"
    if verdict.given_up < 0.005:
        return f"{text}: the best throw"
    return f"{text}; best {format_cards(verdict.best)}: {verdict.best_value:.2f}; you gave up {verdict.given_up:.2f}"


class Table:
    """Tells each event from seat 0's side of the table."""

    def __init__(self, terminal: Terminal, names: Sequence[str], rules: GameRules, opponent: str) -> None:
        self.say = terminal.say
        self.names = names
        self.rules = rules
        self.opponent = opponent
        self.scores: tuple[int, ...] = (0,) * len(names)
        self.handlers: dict[type, Callable[[Any], None]] = {
            GameStarted: self.started, ThreeForLast: self.three_for_last, Dealt: self.dealt,
            StarterTurned: self.turned, Laid: self.laid, Go: self.go, GoPoint: self.go_point,
            ShowCounted: self.shown, DealEnded: self.deal_ended, GameEnded: self.ended,
        }

    def __call__(self, event: Event) -> None:
        handler = self.handlers.get(type(event))
        if handler is not None:
            handler(event)

    def standing(self, scores: tuple[int, ...]) -> list[tuple[str, int]]:
        """Each side's name (with four players the partners': ``you and partner``) and score, the person's side first."""
        return list(zip(side_names(self.rules, self.names, " and "), scores))

    def board(self, scores: tuple[int, ...]) -> None:
        if scores != self.scores:
            self.scores = scores
            target = self.rules.target
            parts = [f"{name} {score} ({target - score} to go)" for name, score in self.standing(scores)]
            self.say("board: " + " | ".join(parts))

    def started(self, event: GameStarted) -> None:
        rules = event.rules
        game = "five-card cribbage " if rules.variant == "five" else ""
        if rules.players == 2:
            self.say(f"you against {self.names[1]}, {game}to {rules.target}")
        elif rules.players == 3:
            self.say(f"you against left and right ({self.opponent}), each for himself, to {rules.target}")
        else:
            self.say(f"you and partner ({self.opponent}, sitting opposite) against left and right ({self.opponent}), "
                     f"to {rules.target}")
        for cuts in event.cuts:
            self.say("cut for deal: " + ", ".join(f"{self.names[seat]} {card}" for seat, card in cuts))
        self.say(f"{self.names[event.first_dealer]} {'deal' if event.first_dealer == YOU else 'deals'} first")

    def three_for_last(self, event: ThreeForLast) -> None:
        who = "you peg" if event.seat == YOU else f"{self.names[event.seat]} pegs"
        self.say(f"{who} {event.points} for last: the first pone's start in five-card cribbage")
        self.board(event.scores)

    def dealt(self, event: Dealt) -> None:
        dealer = "you deal" if event.dealer == YOU else f"{self.names[event.dealer]} deals"
        extra = "; one card from the deck goes to the crib" if event.crib_card is not None else ""
        self.say(f"\n-- deal {event.number + 1}: {dealer}{extra} --")

    def turned(self, event: StarterTurned) -> None:
        self.say(f"starter: {event.starter}" + (f": his heels, {self.names[event.dealer]} pegs 2" if event.heels else ""))
        self.board(event.scores)

    def laid(self, event: Laid) -> None:
        who = "you lay" if event.seat == YOU else f"{self.names[event.seat]} lays"
        scored = ", ".join(f"{item.kind} for {item.points}" for item in event.items)
        self.say(f"{who} {event.card}: count {event.count}" + (f" -- {scored}" if scored else ""))
        if event.count == LIMIT and self.rules.play_once:
            self.say("the play ends at 31: cards left are not played")
        self.board(event.scores)

    def go(self, event: Go) -> None:
        if event.seat != YOU:
            self.say(f"{self.names[event.seat]}: go")

    def go_point(self, event: GoPoint) -> None:
        who = "you peg" if event.seat == YOU else f"{self.names[event.seat]} pegs"
        after = "the play ends: cards left are not played" if self.rules.play_once else "the count starts again"
        self.say(f"{who} 1 for the go; {after}")
        self.board(event.scores)

    def shown(self, event: ShowCounted) -> None:
        owner = "your" if event.seat == YOU else f"{self.names[event.seat]}'s"
        show = event.show
        self.say(f"{owner} {event.kind}: {format_cards(show.hand)} / {show.starter}")
        for item in show.items:
            self.say(f"  {item.kind.value:<8} {format_cards(item.cards):<15} {item.points}")
        self.say(f"  total {show.total}")
        if event.claimed != show.total:
            other = self.names[(event.seat + 1) % len(self.names)]
            self.say(f"  counted {event.claimed}, {show.total - event.claimed} short: muggins! {other} pegs {event.muggins}")
            for item in check_claim(show, event.claimed).overlooked:
                self.say(f"    overlooked {item.kind.value} {format_cards(item.cards)} for {item.points}")
        self.board(event.scores)

    def deal_ended(self, event: DealEnded) -> None:
        self.board(event.scores)

    def ended(self, event: GameEnded) -> None:
        record = event.record
        rules = record.rules
        sides = self.standing(record.scores)
        name, score = sides[record.winner]
        if record.winner == YOU:
            winner = "you and partner win" if rules.players == 4 else "you win"
        else:
            winner = f"{name} win" if rules.players == 4 else f"{name} wins"
        others = [other for side, other in enumerate(sides) if side != record.winner]
        losers = " and ".join(f"{points} ({who})" if rules.players == 3 else str(points) for who, points in others)
        margin = {2: "skunk: 2 games" if rules.target == 121 else "lurch: 2 games", 4: "double skunk: 4 games"}
        extra = f"; {margin[record.game_points]}" if record.game_points in margin else ""
        self.say(f"\n{winner}, {score} to {losers}{extra}")


def summary_lines(coaching: Coaching) -> list[str]:
    """The coach's summary: expectation given up in throws and plays, and the worst decision."""
    if not coaching.on or not coaching.verdicts:
        return []
    lines = [
        (
            f"coach: you gave up {coaching.given_up('throw'):.2f} points of expectation in your throws "
            f"and {coaching.given_up('play'):.2f} in your plays"
        )
    ]
    worst = coaching.worst
    if worst is not None and worst.given_up >= 0.005:
        chose = format_cards(worst.chosen)
        best = format_cards(worst.best)
        lines.append(f"coach: your worst decision: {'throwing' if worst.kind == 'throw' else 'laying'} {chose} "
                     f"for {best} cost {worst.given_up:.2f}")
    return lines


@command("play")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
              help="2, 3 (each for himself) or 4 (you and the computer as your partner, opposite).")
@variant_option("five: five-card cribbage (two players; --to defaults to 61).")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="Game length (default: 121; 61 for five-card).")
@click.option("--seed", type=int, help="Deal the same cards again (default: a new game each time).")
@click.option("--opponent", type=click.Choice(["expert", "expert-basic", "greedy", "random"]), default="expert", show_default=True,
              help="The computer's strategy, in every seat but yours.")
@click.option("--muggins", is_flag=True, help="Count your own hand and crib; what you miss, the computer pegs.")
@click.option("--no-coach", "coach", is_flag=True, flag_value=False, default=True, help="Play without the coach.")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Append the finished game to FILE (the crib simulate --log format).")
def play(
    players: int, variant: str, target: str | None, seed: int | None, opponent: str, muggins: bool, coach: bool,
    log: str | None,
) -> None:
    """Play a game against the computer, with a coach at your elbow.

    Answer each question on a line: the cards to throw (5S 4C, any notation
    crib score takes), each card to lay, or go when nothing fits; ? shows the
    analysis first. A wrong answer is asked again with the reason. After each
    throw the coach gives its net against the best; after each card, what the
    expert would have laid and why; at the end, what you gave up in all. End
    of input or Ctrl-C ends the game with a summary. With three or four
    players the computer plays every other seat: left, (partner,) right.
    Skunks and lurches count with two players and partnerships, not three.

    \b
    $ crib play --to 61 --seed 3
    $ crib play --players 4 --seed 3
    $ crib play --variant five --seed 3 < answers.txt
    """
    rules = game_rules(players, variant, target, muggins)
    rng = random.Random(seed)
    terminal = Terminal()
    coaching = Coaching(coach)
    names = table_names(rules.players, opponent)
    table = Table(terminal, names, rules, opponent)
    factory = player_factory(opponent)
    seats = [Person(terminal, coaching, names)] + [factory(random.Random(rng.random())) for _ in range(rules.players - 1)]
    out = open_log(log, "a")
    try:
        try:
            record = play_game(seats, rules, rng, observer=table, names=names)
        except (EndOfInput, KeyboardInterrupt):
            joiner = ", " if rules.players == 3 else " to "
            scores = joiner.join(f"{name} {score}" for name, score in table.standing(table.scores))
            terminal.say(f"game left unfinished: {scores}")
            record = None
        for line in summary_lines(coaching):
            terminal.say(line)
        if out is not None and record is not None:
            out.write(json.dumps(record_json(record, 0, ["you"] + [opponent] * (rules.players - 1))) + "\n")
    finally:
        if out is not None:
            out.close()
