"""``crib play``: games against the computer in the terminal, with a coach, a board and a record.

The person is seat 0 and answers a line at a time, so a game can be typed or
piped in; the computer plays every other seat (with four players, the
person's partner too). Every event of the engine is told from that seat's
side of the table (:mod:`crib_cli.cli.table`): its own cards, what is laid,
the shows, the board. Games follow one another as a match (``--games``) and
again while the person wants; each finished game goes into the person's
record (:mod:`crib_cli.cli.record`). Here: the person's decisions, the coach
that judges them, and the games in a row.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib.metadata import version
from pathlib import Path

import click

from ..cards import Card, CardError, format_cards, quoted
from ..game import (
    Event,
    GameRecord,
    GameRules,
    IllegalMove,
    Player,
    PlayerError,
    PlayerSpecError,
    View,
    play_game,
    player_factory,
)
from ..game.analyst import Verdict, analyze_play, analyze_throws, judge_play, judge_throw
from ..game.expert import seat_role
from ..game.program import EXEC, ProgramFactory, ProgramPlayer, Programs
from ..game.simulate import side_names
from ..game.strategies import PlayerFactory, close_factories, seat_player
from ..rules import LIMIT
from ..score import ShowScore
from . import EXIT_INTERRUPTED
from .advice import (
    card_text,
    chance_text,
    looked_text,
    play_note,
    play_text,
    points_text,
    throw_key,
    throw_note,
    throw_table,
    throw_text,
)
from .common import command, game_rules, program_options, variant_option
from .gamelog import GameLog, open_log
from .record import keep_game, record_path, record_tally, show_record
from .table import Table, speak, table_names
from .terminal import EndOfInput, Interrupted, Terminal, read_card, read_cards, throw_problem

COACH_MODES = ("quiet", "all", "off")
QUIET = 10
"""Hundredths of a point a choice must give up before the quiet coach speaks of it."""
QUIET_CHANCE = 5
"""Tenths of a percent of the chance to win, where the board decides, before the quiet coach speaks."""
QUIT_HELP = "q or quit: end the game here, with its summary (quit when you hold a queen)"


def throw_help(need: int, size: int) -> list[str]:
    """What may be typed when asked for a throw."""
    cards = "the card to throw" if need == 1 else f"the {need} cards to throw, each"
    return [
        (f"{cards} as a card (5S, 10H or TH), as a rank alone when you hold one card of it (5), "
         f"or as its place in your hand as shown (1 to {size})"),
        "?: the coach's figures for the best throws",
        QUIT_HELP,
    ]


def play_help(size: int) -> list[str]:
    """What may be typed when asked for a card to lay."""
    return [
        (f"the card to lay: a card (5S), a rank alone (5: suits never matter in the play), "
         f"or its place in your cards as shown (1 to {size})"),
        "go: only when no card fits (it is said for you), and your last card is laid for you",
        "?: what each card can expect to peg from here",
        QUIT_HELP,
    ]


COUNT_HELP = ["the points your show is worth, a number (19 for nothing): what you miss, the opponent pegs",
              "?: how each kind of item counts", QUIT_HELP]
AGAIN_HELP = ["y: another game (another match with --games), n: stop here"]


def play_problem(view: View, answer: str, shown: Sequence[Card], fits: Sequence[Card]) -> tuple[str | None, Card | None]:
    """Why an answer is not a legal play, or the card it lays."""
    if len(answer.replace(",", " ").split()) > 1:
        return "one card, please", None
    if answer.lower() == "go":
        return f"{min(fits)} fits at {view.count}: say go only when no card fits", None
    try:
        card = read_card(answer, shown, suits_matter=False)
    except CardError as error:
        return str(error), None
    if card not in view.hand:
        return f"{card} is not your card", None
    if view.count + card.value > LIMIT:
        return f"{card} would make {view.count + card.value}, past {LIMIT}", None
    return None, card


def given_up(verdict: Verdict) -> int:
    """What a decision gave up in its own measure, as printed: tenths of a percent of the chance to win
    where the board decided, else hundredths of a point."""
    return verdict.points_given_up if verdict.by_points else verdict.chance_given_up or 0


@dataclass
class Coaching:
    """The coach: how much it says (``quiet``, ``all`` or ``off``), and its verdicts, kept for the summary at the end."""

    mode: str
    verdicts: list[Verdict] = field(default_factory=list)

    @property
    def on(self) -> bool:
        return self.mode != "off"

    def speaks(self, verdict: Verdict) -> bool:
        """Whether to speak of a decision: always with ``all``; when ``quiet``, when it gave up enough to
        matter or the board changed the advice."""
        enough = QUIET if verdict.by_points else QUIET_CHANCE
        return self.mode == "all" or given_up(verdict) >= enough or verdict.changed

    def given_up(self, kind: str) -> int:
        """Hundredths of a point given up in decisions of this kind that points decided."""
        return sum(v.points_given_up for v in self.verdicts if v.kind == kind and v.by_points)

    @property
    def chance_given_up(self) -> int:
        """Tenths of a percent of the chance to win given up where the board decided."""
        return sum(v.chance_given_up or 0 for v in self.verdicts if v.board)


def summary_lines(coaching: Coaching) -> list[str]:
    """The coach's summary: what was given up in throws and plays (the sum of each decision's, as printed), and the worst."""
    if not coaching.on or not coaching.verdicts:
        return []
    throws, plays = points_text(coaching.given_up("throw")), points_text(coaching.given_up("play"))
    lines = [f"coach: you gave up {throws} points in your throws and {plays} in your plays"]
    if coaching.chance_given_up:
        lines[0] += f", and {chance_text(coaching.chance_given_up)} of your chance to win where the board decided"
    by_points = [v for v in coaching.verdicts if v.by_points]
    worst = max(by_points, key=given_up, default=None)
    if worst is not None and given_up(worst):
        chose, best = format_cards(worst.chosen), format_cards(worst.best)
        lines.append(f"coach: your worst decision: {'throwing' if worst.kind == 'throw' else 'laying'} {chose} "
                     f"instead of {best} cost {points_text(given_up(worst))}")
    return lines


class Person:
    """The player in seat 0: asks the person for every decision, re-asking until it is legal."""

    def __init__(self, terminal: Terminal, coaching: Coaching, names: Sequence[str]) -> None:
        self.terminal = terminal
        self.coaching = coaching
        self.names = names

    def discard(self, view: View) -> tuple[Card, ...]:
        say = self.terminal.say
        need = view.rules.thrown
        hand = tuple(sorted(view.hand))
        crib = "partner" if seat_role(view) == "partner" else self.names[view.dealer]
        say(f"your hand: {format_cards(hand)}")
        while True:
            answer = self.terminal.ask(speak("throw", crib, need=need), throw_help(need, len(hand)), hand)
            if answer == "?":
                self.advise_throw(view)
                continue
            try:
                thrown = read_cards(answer, hand, suits_matter=True)
            except CardError as error:
                say(f"  {error}")
                continue
            problem = throw_problem(hand, thrown, need)
            if problem:
                say(f"  {problem}")
                continue
            break
        if self.coaching.on:
            analysis = analyze_throws(view)
            verdict = judge_throw(analysis, thrown)
            self.coaching.verdicts.append(verdict)
            if self.coaching.speaks(verdict):
                say(f"coach: {throw_text(analysis, verdict)}")
                if verdict.changed:
                    say(f"coach: {throw_note(analysis)}")
        return thrown

    def advise_throw(self, view: View) -> None:
        """Every throw, the best first, with a key to the columns; and how the board changes the advice."""
        analysis = analyze_throws(view)
        self.terminal.say(throw_table(analysis, analysis.options), wrap=False)
        for line in throw_key(analysis):
            self.terminal.say(line)
        note = throw_note(analysis)
        if note:
            self.terminal.say(note)

    def play(self, view: View) -> Card | None:
        """The card to lay: asked for, unless none fits (a go, which the table tells) or it is the last card in hand."""
        say = self.terminal.say
        fits = view.fits
        hand = tuple(sorted(view.hand))
        if not fits:
            return None
        if len(hand) == 1:
            return hand[0]
        series = f" ({format_cards(view.pile)})" if view.pile else ""
        say(f"count {view.count}{series}; your cards: {format_cards(hand)}")
        while True:
            answer = self.terminal.ask("lay a card:", play_help(len(hand)), hand)
            if answer == "?":
                analysis = analyze_play(view, "expert")
                for option in analysis.options:
                    say(f"  {card_text(analysis, option)}")
                say(f"  {looked_text(analysis)}")
                note = play_note(analysis)
                if note:
                    say(f"  {note}")
                continue
            problem, card = play_problem(view, answer, hand, fits)
            if problem:
                say(f"  {problem}")
                continue
            break
        assert card is not None
        if self.coaching.on and len({c.rank for c in fits}) > 1:
            analysis = analyze_play(view, "expert")
            verdict = judge_play(analysis, card)
            self.coaching.verdicts.append(verdict)
            if self.coaching.speaks(verdict):
                say(f"coach: {play_text(analysis, verdict)}")
                if verdict.changed:
                    say(f"coach: {play_note(analysis)}")
        return card

    def count(self, view: View, show: ShowScore) -> int:
        """Muggins: the person counts a show; what is missed, the opponent pegs."""
        kind = "hand" if tuple(view.hand) == tuple(view.kept) else "crib"
        question = speak("count", "you", kind=kind, cards=format_cards(sorted(show.hand)), starter=show.starter)
        while True:
            answer = self.terminal.ask(question, COUNT_HELP)
            if answer == "?":
                self.terminal.say(
                    "  fifteens 2 each, pairs 2 each, runs 1 a card, flush 1 a card (a crib: all five only), "
                    "nobs 1; 19 for nothing"
                )
                continue
            if not answer.isdecimal():
                self.terminal.say(f"  {quoted(answer)} is not a count: give a number")
                continue
            claimed = 0 if int(answer) == 19 else int(answer)
            if claimed > show.total:
                self.terminal.say(f"  {claimed} is more than it holds: count again")
                continue
            return claimed


@dataclass
class Session:
    """Games in a row at one table: a match of ``games``, then another while the person wants one.

    ``record`` is the record file (None: keep no record); ``log`` gets each finished game.
    """

    rules: GameRules
    opponent: str
    factory: PlayerFactory | ProgramFactory
    coach: str
    games: int
    terminal: Terminal
    rng: random.Random
    log: GameLog | None
    record: Path | None
    played: int = 0

    def run(self) -> int:
        """Play until the person stops; the exit status: 0, or 130 after Ctrl-C."""
        say = self.terminal.say
        sides = side_names(self.rules, table_names(self.rules.players, self.opponent), " and ")
        try:
            while True:
                match = [0] * self.rules.sides
                for number in range(self.games):
                    if self.games > 1:
                        say(f"\n== game {number + 1} of {self.games} ==")
                    record = self.game()
                    match[record.winner] += record.game_points
                    if self.games > 1:
                        standing = ", ".join(f"{name} {points}" for name, points in zip(sides, match))
                        say(f"match, in game points after {number + 1} of {self.games}: {standing}")
                if self.games > 1:
                    leaders = [name for name, points in zip(sides, match) if points == max(match)]
                    say(speak("win match", leaders[0]) if len(leaders) == 1 else "the match is drawn")
                if not self.again():
                    return 0
        except Interrupted:
            self.terminal.end_line()
            return EXIT_INTERRUPTED
        except EndOfInput:
            return 0

    def game(self) -> GameRecord:
        """One game, told at the table; left unfinished, its summary, and the stop goes on up."""
        rules, terminal = self.rules, self.terminal
        names = table_names(rules.players, self.opponent)
        coaching = Coaching(self.coach)
        table = Table(terminal, names, rules, self.opponent, coaching.on)
        seats: list[Player] = [Person(terminal, coaching, names)]
        seats += [seat_player(self.factory, seat, rules, names, self.rng.random()) for seat in range(1, len(names))]
        programs = [seat for seat in seats if isinstance(seat, ProgramPlayer)]

        def observe(event: Event) -> None:
            table(event)
            for program in programs:
                program.observe(event)

        try:
            record = play_game(seats, rules, self.rng, observer=observe if programs else table, names=names)
        except (EndOfInput, KeyboardInterrupt) as stop:
            terminal.end_line()
            terminal.drop()
            terminal.say(table.unfinished())
            for line in summary_lines(coaching):
                terminal.say(line)
            self.keep("unfinished", 0, table.scores)
            raise stop if isinstance(stop, EndOfInput) else Interrupted() from None
        for line in summary_lines(coaching):
            terminal.say(line)
        if self.log is not None:
            self.log.write(record, self.played, ["you"] + [self.opponent] * len(names[1:]))
        self.played += 1
        self.keep("won" if record.winner == 0 else "lost", record.game_points, table.scores)
        kept = None if self.record is None else record_tally(self.record, rules, self.opponent)
        if kept is not None:
            name, tally = kept
            terminal.say(f"your record, {name}: {tally.won} won, {tally.lost} lost")
        return record

    def keep(self, result: str, game_points: int, scores: tuple[int, ...]) -> None:
        """Add a game to the record, if one is kept."""
        if self.record is not None:
            keep_game(self.record, self.rules, self.opponent, result, game_points, scores)

    def again(self) -> bool:
        """``play again? (y/n)``; the end of input is no."""
        while True:
            answer = self.terminal.ask("play again? (y/n)", AGAIN_HELP).lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("n", "no"):
                return False
            self.terminal.say(f"  {quoted(answer)}: answer y or n")


@command("play")
@click.option("--players", type=click.IntRange(2, 4), default=2, show_default=True,
              help="2, 3 (each for himself) or 4 (you and the computer as your partner, opposite).")
@variant_option("five: five-card cribbage (two players; --to defaults to 61).")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="Game length (default: 121; 61 for five-card).")
@click.option("--seed", type=int, help="Deal the same cards again (default: a new game each time).")
@click.option("--opponent", default="expert", show_default=True,
              help="The computer's strategy, in every seat but yours: expert, expert-points, expert-basic, greedy, "
                   "random, or exec:COMMAND (a program speaking docs/protocol.md).")
@click.option("--muggins", is_flag=True, help="Count your own hand and crib; what you miss, the computer pegs.")
@click.option("--coach", type=click.Choice(COACH_MODES, case_sensitive=False), default="quiet", show_default=True,
              help="quiet: speak when a choice gave up a tenth of a point or more; all: after every choice; off.")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True,
              help="Play a match of N games, keeping the match score in game points.")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Append each finished game to FILE (the crib simulate --log format; FILE.pgn: the notation).")
@click.option("--record", "record", is_flag=True, help="Show your record of games won and lost, and exit.")
@click.option("--no-record", "keep", is_flag=True, flag_value=False, default=True, help="Keep these games out of your record.")
@program_options
def play(
    players: int, variant: str, target: str | None, seed: int | None, opponent: str, muggins: bool, coach: str,
    games: int, log: str | None, record: bool, keep: bool, timeout: float, program_stderr: str,
) -> None:
    """Play cribbage against the computer, with a coach at your elbow.

    Answer each question on a line: the cards to throw and each card to lay,
    as cards (5S), ranks alone (5) or places in your hand (1); help lists what
    you can type, ? shows the analysis, q ends the game. The go and your last
    card are played for you. The coach speaks when a choice gave up a tenth
    of a point or more (--coach all: after every choice) and sums up at the
    end of the game, after where the points came from; then play again?
    (--games N: a match). Every game, won, lost or left unfinished, goes into
    your record, crib/record.jsonl under your data directory ($XDG_DATA_HOME,
    else ~/.local/share): see it with --record. End of input ends the game
    with a summary, Ctrl-C too (exit status 130). With three or four players
    the computer plays every other seat: left, (partner,) right. Skunks and
    lurches count with two players and partnerships, not three.

    \b
    $ crib play --to 61 --seed 3
    $ crib play --players 4 --games 3
    $ crib play --variant five --seed 3 < answers.txt
    """
    if record:
        show_record(record_path())
        return
    rules = game_rules(players, variant, target, muggins)
    if ":" in opponent and not opponent.startswith(EXEC):
        raise click.BadParameter(f"{quoted(opponent)}: the computer is a built-in strategy, or exec:COMMAND",
                                 param_hint="'--opponent'")
    try:
        factory = player_factory(opponent, Programs(timeout, program_stderr, version("crib")))
    except PlayerSpecError as error:
        raise click.BadParameter(str(error), param_hint="'--opponent'") from None
    out = open_log(log, "a", rules)
    try:
        session = Session(rules, opponent, factory, coach.lower(), games, Terminal(), random.Random(seed), out,
                          record_path() if keep else None)
        status = session.run()
    except (PlayerError, IllegalMove) as error:
        raise click.ClickException(str(error)) from None
    finally:
        close_factories([factory])
        if out is not None:
            out.close()
    if status:
        sys.exit(status)
