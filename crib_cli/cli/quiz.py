"""``crib quiz``: discard and pegging problems from seeded deals, each answer scored against the analysis."""

from __future__ import annotations

import random
import sys
from dataclasses import dataclass, field

import click

from ..cards import Card, CardError, format_cards
from ..game.analyst import Verdict, analyze_play, analyze_throws, judge_play, judge_throw
from ..game.players import View
from ..game.quiz import discard_problem, play_problem
from ..rules import LIMIT, TWO_PLAYER_ROLES, GameRules
from . import EXIT_INTERRUPTED
from .advice import (
    card_text,
    chance_text,
    horizon_text,
    play_note,
    play_position,
    play_text,
    points_text,
    throw_key,
    throw_note,
    throw_position,
    throw_table,
    throw_text,
)
from .common import DepthType, ScoreType, command, game_rules
from .terminal import EndOfInput, Interrupted, Terminal, read_card, read_cards, throw_problem

SHOWN = 5
"""Throws shown after an answer: the best, and the answer's own if it is not among them."""
QUIT_HELP = "q or quit: stop the quiz here, with the review of your misses (quit when you hold a queen)"


@dataclass
class Miss:
    """A question answered short of the best: its number, the verdict, the position to paste."""

    number: int
    verdict: Verdict
    position: str


@dataclass
class Tally:
    """The session so far: questions answered, those right, what was given up, and the misses."""

    asked: int = 0
    right: int = 0
    points: int = 0
    chance: int = 0
    misses: list[Miss] = field(default_factory=list)

    def add(self, verdict: Verdict, position: str) -> None:
        """Count an answer: right when it gave up nothing, as printed; else a miss, in its own measure."""
        self.asked += 1
        if verdict.matched:
            self.right += 1
            return
        if verdict.board:
            self.chance += verdict.chance_given_up or 0
        else:
            self.points += verdict.points_given_up
        self.misses.append(Miss(self.asked, verdict, position))

    def line(self) -> str:
        """``3 of 4 right; 1.52 points given up``, and the chance to win given up where the board decided."""
        text = f"{self.right} of {self.asked} right; {points_text(self.points)} points given up"
        return text + (f", and {chance_text(self.chance)} of the chance to win" if self.chance else "")


def role_words(view: View) -> str:
    """``you deal: the crib is yours`` or ``you are the pone: the crib is the dealer's``."""
    return "you deal: the crib is yours" if view.is_dealer else "you are the pone: the crib is the dealer's"


@dataclass
class Quiz:
    """One session: the kind of problem, the game, who the quiz seat is, the score, and how far the play looks."""

    kind: str
    rules: GameRules
    role: str | None
    score: tuple[int, int] | None
    depth: int | str | None
    questions: int
    rng: random.Random
    terminal: Terminal

    def run(self) -> int:
        """Ask every question, then review the misses; the exit status (130 after Ctrl-C)."""
        say = self.terminal.say
        tally = Tally()
        problems = "discard" if self.kind == "discard" else "pegging"
        game = f"two players to {self.rules.target}"
        count = f"{self.questions} {problems} problem{'s' if self.questions > 1 else ''}"
        say(f"quiz: {count}, {game}; answer each on a line (help lists what you can type, q stops)")
        status = 0
        try:
            for number in range(1, self.questions + 1):
                role = self.role or self.rng.choice(TWO_PLAYER_ROLES)
                say("")
                if self.kind == "discard":
                    self.discard(number, role, tally)
                else:
                    self.play(number, role, tally)
                say(f"score: {tally.line()}")
        except Interrupted:
            self.terminal.end_line()
            status = EXIT_INTERRUPTED
        except EndOfInput:
            self.terminal.end_line()
        self.review(tally)
        return status

    def heading(self, number: int, view: View) -> str:
        score = f"; the score {self.score[0]}-{self.score[1]}" if self.score else ""
        return f"question {number} of {self.questions}: {role_words(view)}{score}"

    def discard(self, number: int, role: str, tally: Tally) -> None:
        """A deal to throw from; the answer against every throw, the best shown with the answer's own."""
        say = self.terminal.say
        view = discard_problem(self.rng, self.rules, role, self.score or (0, 0))
        hand = tuple(sorted(view.hand))
        say(self.heading(number, view))
        say(f"your hand: {format_cards(hand)}")
        help = [f"the 2 cards to throw, each as a card (5S), a rank you hold once (5), or a place (1 to {len(hand)})",
                QUIT_HELP]
        while True:
            answer = self.terminal.ask("throw 2:", help, hand)
            try:
                thrown = read_cards(answer, hand, suits_matter=True)
            except CardError as error:
                say(f"  {error}")
                continue
            problem = throw_problem(hand, thrown, 2)
            if problem is None:
                break
            say(f"  {problem}")
        analysis = analyze_throws(view, board=self.score is not None)
        verdict = judge_throw(analysis, thrown)
        say(throw_text(analysis, verdict))
        if verdict.changed:
            say(throw_note(analysis))
        shown = list(analysis.options[:SHOWN])
        if analysis.option(thrown) not in shown:
            shown.append(analysis.option(thrown))
        say(throw_table(analysis, shown), wrap=False)
        for line in throw_key(analysis):
            say(line)
        tally.add(verdict, throw_position(view, analysis.board))

    def play(self, number: int, role: str, tally: Tally) -> None:
        """A position in the play; the answer against every card that fits, each with its line."""
        say = self.terminal.say
        view = play_problem(self.rng, self.rules, role, self.score or (0, 0))
        assert view.play is not None and view.starter is not None
        hand = tuple(sorted(view.hand))
        say(self.heading(number, view) + f"; the starter {view.starter}; you threw {format_cards(view.thrown)}")
        laid = ", ".join(
            f"{'you' if turn.seat == view.seat else 'he'} {'said go' if turn.card is None else f'laid {turn.card}'}"
            for turn in view.play.turns
        )
        series = f" ({format_cards(view.pile)})" if view.pile else ""
        say(f"the play so far: {laid or 'nothing: you lead'}; count {view.count}{series}")
        say(f"your cards: {format_cards(hand)}")
        help = [f"the card to lay: a card (5S), a rank (5), or a place (1 to {len(hand)})", QUIT_HELP]
        while True:
            answer = self.terminal.ask("lay a card:", help, hand)
            try:
                card: Card = read_card(answer, hand, suits_matter=False)
            except CardError as error:
                say(f"  {error}")
                continue
            if view.count + card.value <= LIMIT:
                break
            say(f"  {card} would make {view.count + card.value}, past {LIMIT}")
        analysis = analyze_play(view, self.depth, board=self.score is not None)
        verdict = judge_play(analysis, card)
        told = play_text(analysis, verdict, "the best is", why=False) if not verdict.matched else f"{card} is the best card"
        say(f"looking {horizon_text(analysis)}: {told}")
        for option in analysis.options:
            say(f"  {card_text(analysis, option)}")
        note = play_note(analysis)
        if note:
            say(note)
        tally.add(verdict, play_position(view, self.depth, board=self.score is not None))

    def review(self, tally: Tally) -> None:
        """The session's score, and each miss with its position to paste."""
        say = self.terminal.say
        say("")
        say(f"quiz over: {tally.line()}")
        if tally.misses:
            say("your misses, each with its position to look at again:")
        for miss in tally.misses:
            verdict = miss.verdict
            what = "you threw" if verdict.kind == "throw" else "you laid"
            lost = (f"{chance_text(verdict.chance_given_up or 0)} of the chance to win" if verdict.board
                    else f"{points_text(verdict.points_given_up)} points")
            say(f"  question {miss.number}: {what} {format_cards(verdict.chosen)}, the best {format_cards(verdict.best)}: "
                f"you gave up {lost}")
            say(f"    {miss.position}", wrap=False)


@command("quiz")
@click.option("--kind", type=click.Choice(["discard", "play"], case_sensitive=False), default="discard",
              show_default=True, help="discard: which two to throw; play: which card to lay.")
@click.option("--role", type=click.Choice(TWO_PLAYER_ROLES, case_sensitive=False),
              help="Your seat in every problem (default: dealer or pone at random).")
@click.option("--score", type=ScoreType(), help="The scores, mine-opponent's, as the deal begins: the board decides "
              "where the deal may end the game, and the chance to win is shown.")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="The game's length (default: 121).")
@click.option("--questions", type=click.IntRange(1), default=10, show_default=True, help="Problems in the session.")
@click.option("--depth", type=DepthType(), help="Play problems: cards to look ahead, N, end or expert (default: "
              "as crib peg --advise).")
@click.option("--seed", type=int, help="The same problems again (default: new ones each time).")
def quiz(kind: str, role: str | None, score: tuple[int, int] | None, target: str | None, questions: int,
         depth: int | str | None, seed: int | None) -> None:
    """Discard and pegging problems from random deals, scored against the analysis.

    Each answer is set against every option, priced as crib discard
    --pegging and crib peg --advise price them (by the chance to win, with
    --score, where the deal may end the game): the table of options, what
    the answer gave up, the score so far. At the end, your misses, each
    with the command line that shows its analysis again. Answers come a
    line at a time, typed or piped (the answers are then echoed); q stops.

    \b
    $ crib quiz --kind discard --role pone --seed 4
    $ crib quiz --kind play --questions 3 --seed 4 < answers.txt
    """
    rules = game_rules(2, "six", target)
    if score is not None:
        try:
            rules.check_scores(score)
        except ValueError as error:
            raise click.UsageError(str(error)) from None
    session = Quiz(kind.lower(), rules, role, score, depth, questions, random.Random(seed), Terminal())
    status = session.run()
    if status:
        sys.exit(status)
