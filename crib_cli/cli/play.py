"""``crib play``: games against the computer in the terminal, with a coach, a board and a record.

The person is seat 0 and answers a line at a time, so a game can be typed or
piped in; the computer plays every other seat (with four players, the
person's partner too). Every event of the engine is told from that seat's
side of the table: its own cards, what is laid, the shows, the board. Games
follow one another as a match (``--games``) and again while the person wants;
each finished game goes into a record kept under the user's data directory.
"""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import click

from ..cards import Card, CardError, format_cards, quoted
from ..game import (
    Dealt,
    Event,
    GameEnded,
    GameRecord,
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
from ..game.analyst import (
    Verdict,
    analyze_play,
    analyze_throws,
    card_text,
    chance_text,
    deal_chance,
    judge_play,
    judge_throw,
    play_text,
    points_text,
    tenths,
    throw_key,
    throw_text,
)
from ..game.expert import seat_role
from ..game.simulate import side_names
from ..rules import LIMIT
from ..score import ShowScore, check_claim
from . import EXIT_DATA, EXIT_INTERRUPTED, formats
from .common import (
    EndOfInput,
    Interrupted,
    Terminal,
    command,
    game_rules,
    open_log,
    read_card,
    read_cards,
    terminal_width,
    throw_problem,
    throw_table,
    variant_option,
)

YOU = 0
"""The person's seat."""
SEAT_NAMES = {3: ("you", "left", "right"), 4: ("you", "left", "partner", "right")}
"""What the person calls the other seats with three and four players (seat 1 sits on the person's left)."""
COACH_MODES = ("quiet", "all", "off")
QUIET = 10
"""Hundredths of a point a choice must give up before the quiet coach speaks of it."""
QUIET_CHANCE = 5
"""Tenths of a percent of the chance to win, where the board decides, before the quiet coach speaks."""
VERBS = {"deal": "deals", "lay": "lays", "peg": "pegs", "say": "says", "win": "wins"}
"""The verbs the table speaks with: as they follow ``you`` (or two names), and as they follow one name."""
MESSAGES = {
    "first dealer": "{who} {deal} first",
    "deal": "-- deal {number}: {who} {deal}{extra} --",
    "three for last": "{who} {peg} {points} for last: the first pone's start in five-card cribbage",
    "heels": "starter: {card}: his heels, {who} {peg} 2",
    "lay": "{who} {lay} {card}: count {count}{scored}",
    "last card": "{who} {lay} {card}, {whose} last card: count {count}{scored}",
    "go": "{who} {say} go at {count}",
    "can't play either": "{who} can't play either: 1 for the go to {who}; {after}",
    "go point": "1 for the go to {who}; {after}",
    "show": "{whose} {kind}: {cards} / {starter}",
    "muggins": "  counted {claimed}, {short} short: muggins! {who} {peg} {points}",
    "win": "{who} {win}, {score} to {losers}: {games}",
    "win match": "{who} {win} the match",
    "throw": "throw {need} to {whose} crib:",
    "count": "count {whose} {kind} {cards} / {starter}:",
}
"""Everything the table says of a seat or side, with ``{who}`` (its name), ``{whose}`` and its verbs: see :func:`speak`."""


def speak(key: str, who: str, **fields: object) -> str:
    """The message ``key`` of :data:`MESSAGES` about ``who``: ``you``, a seat's name, or a side's (``left and right``).

    ``{whose}`` and every verb of :data:`VERBS` agree with ``who``: ``you peg``,
    ``expert pegs``, ``you and partner win``; ``your``, ``your partner's``, ``left's``.
    """
    plural = who == "you" or " and " in who
    whose = {"you": "your", "partner": "your partner's", "you and partner": "your side's"}.get(who, f"{who}'s")
    verbs = {verb: verb if plural else third for verb, third in VERBS.items()}
    return MESSAGES[key].format(who=who, whose=whose, **verbs, **fields)


def table_names(players: int, opponent: str) -> tuple[str, ...]:
    """Names by seat as the table speaks of them: the computer's strategy with two players, else where it sits."""
    return SEAT_NAMES.get(players, ("you", opponent))


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
    return (verdict.chance_given_up or 0) if verdict.board else verdict.points_given_up


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
        enough = QUIET_CHANCE if verdict.board else QUIET
        return self.mode == "all" or given_up(verdict) >= enough or bool(verdict.note)

    def given_up(self, kind: str) -> int:
        """Hundredths of a point given up in decisions of this kind that points decided."""
        return sum(v.points_given_up for v in self.verdicts if v.kind == kind and not v.board)

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
    by_points = [v for v in coaching.verdicts if not v.board]
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
                if verdict.note:
                    say(f"coach: {verdict.note}")
        return thrown

    def advise_throw(self, view: View) -> None:
        """Every throw, the best first, with a key to the columns; and how the board changes the advice."""
        analysis = analyze_throws(view)
        self.terminal.say(throw_table(analysis, analysis.options), wrap=False)
        for line in throw_key(analysis):
            self.terminal.say(line)
        if analysis.note():
            self.terminal.say(analysis.note())

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
                    say(f"  {card_text(option)}")
                if analysis.note():
                    say(f"  {analysis.note()}")
                continue
            problem, card = play_problem(view, answer, hand, fits)
            if problem:
                say(f"  {problem}")
                continue
            break
        assert card is not None
        if self.coaching.on and len({c.rank for c in fits}) > 1:
            verdict = judge_play(analyze_play(view, "expert"), card)
            self.coaching.verdicts.append(verdict)
            if self.coaching.speaks(verdict):
                say(f"coach: {play_text(verdict)}")
                if verdict.note:
                    say(f"coach: {verdict.note}")
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


PEG_COLOURS = ("green", "red", "yellow")
"""The pegs' colour by side, on a terminal: the person's side green."""
BACK, FRONT, HOLE = "o", "@", "."


def board_lines(sides: Sequence[tuple[str, int, int]], target: int, width: int) -> list[str]:
    """The board, a line a side: its name, score, track and points to go.

    ``sides`` are (name, front peg, back peg). The track runs from the start
    (``|``, or the front peg still there) to the game hole (``|``); each mark
    stands for a stretch of holes, as many marks as ``width`` leaves room for,
    up to 60. The back peg (``o``) shows where the front peg (``@``) moved
    from, in the side's colour on a terminal.
    """
    name_width = max(len(name) for name, _, _ in sides)
    holes = target - 1
    marks = max(min(width - name_width - len(" 121 || 121 to go"), 60, holes), 5)
    lines = []
    for side, (name, front, back) in enumerate(sides):
        colour = PEG_COLOURS[side % len(PEG_COLOURS)]
        track = [HOLE] * marks
        if 0 < back < target:
            track[(back - 1) * marks // holes] = click.style(BACK, fg=colour)
        peg = click.style(FRONT, fg=colour, bold=True)
        if 0 < front < target:
            track[(front - 1) * marks // holes] = peg
        start = peg if front == 0 else "|"
        end = peg if front >= target else "|"
        lines.append(f"{name:<{name_width}} {front:>3} {start}{''.join(track)}{end} {target - front:>3} to go")
    return lines


CATEGORIES = ("pegging", "hands", "crib", "heels", "three for last", "muggins")
"""Where points come from, as the end of a game lists them; the first three always."""


class Table:
    """Tells each event of one game from seat 0's side of the table, and keeps the board."""

    def __init__(self, terminal: Terminal, names: Sequence[str], rules: GameRules, opponent: str,
                 coaching: Coaching | None = None) -> None:
        self.terminal = terminal
        self.coaching = coaching
        self.say = terminal.say
        self.names = names
        self.rules = rules
        self.opponent = opponent
        self.sides = side_names(rules, names, " and ")
        self.pegs = [(0, 0)] * rules.sides
        """Each side's front and back peg."""
        self.points: list[Counter[str]] = [Counter() for _ in range(rules.sides)]
        """Each side's points by where they came from (:data:`CATEGORIES`)."""
        self.left = [0] * rules.players
        """Cards each seat has still to lay in this deal's play."""
        self.last: int | None = None
        """The seat that laid the last card of the current series."""
        self.last_gone = False
        """Whether that seat has said go, so the go point that follows is its own."""
        self.handlers: dict[type, Callable[[Any], None]] = {
            GameStarted: self.started, ThreeForLast: self.three_for_last, Dealt: self.dealt,
            StarterTurned: self.turned, Laid: self.laid, Go: self.go, GoPoint: self.go_point,
            ShowCounted: self.shown, GameEnded: self.ended,
        }

    def __call__(self, event: Event) -> None:
        handler = self.handlers.get(type(event))
        if handler is not None:
            handler(event)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""
        return tuple(front for front, _ in self.pegs)

    def board(self) -> list[str]:
        sides = [(name, front, back) for name, (front, back) in zip(self.sides, self.pegs)]
        return board_lines(sides, self.rules.target, terminal_width())

    def moved(self, scores: tuple[int, ...], kind: str, owner: int | None = None) -> None:
        """Move the pegs to ``scores`` (by seat), the points counted as ``kind`` (``muggins`` for a side
        other than the ``owner``'s of a show); the board is held back, to be shown before what is said next."""
        changed = False
        for side, (front, _) in enumerate(self.pegs):
            score = scores[side]
            if score != front:
                other = owner is not None and side != self.rules.side(owner)
                self.points[side]["muggins" if other else kind] += score - front
                self.pegs[side] = (score, front)
                changed = True
        if changed:
            self.terminal.hold(self.board())

    def started(self, event: GameStarted) -> None:
        rules = event.rules
        game = "five-card cribbage " if rules.variant == "five" else ""
        if rules.players == 2:
            self.say(f"you against {self.names[1]}, {game}to {rules.target}")
        elif rules.players == 3:
            self.say(f"you against left and right ({self.opponent}), each for himself, to {rules.target}")
        else:
            self.say(f"you and partner ({self.opponent}, opposite) against left and right ({self.opponent}), "
                     f"to {rules.target}")
        self.say("answer each question on a line: help lists what you can type, q ends the game")
        for cuts in event.cuts:
            self.say("cut for deal: " + ", ".join(f"{self.names[seat]} {card}" for seat, card in cuts))
        self.say(speak("first dealer", self.names[event.first_dealer]))

    def three_for_last(self, event: ThreeForLast) -> None:
        self.say(speak("three for last", self.names[event.seat], points=event.points))
        self.moved(event.scores, "three for last")

    def dealt(self, event: Dealt) -> None:
        """The deal's heading and the board: the board held back from the last deal is this one."""
        self.terminal.drop()
        extra = "; one card from the deck goes to the crib" if event.crib_card is not None else ""
        self.say("")
        self.say(speak("deal", self.names[event.dealer], number=event.number + 1, extra=extra))
        for line in self.board():
            self.say(line, wrap=False)
        chance = deal_chance(self.rules, self.scores, YOU, event.dealer) if self.coaching and self.coaching.on else None
        if chance is not None:
            self.say(f"coach: your chance to win from here: {chance_text(tenths(chance))}")
        self.left = [self.rules.hand_size] * self.rules.players
        self.last, self.last_gone = None, False

    def turned(self, event: StarterTurned) -> None:
        if event.heels:
            self.say(speak("heels", self.names[event.dealer], card=event.starter))
        else:
            self.say(f"starter: {event.starter}")
        self.moved(event.scores, "heels")

    def laid(self, event: Laid) -> None:
        seat = event.seat
        self.left[seat] -= 1
        scored = ", ".join(f"{item.kind} for {item.points}" for item in event.items)
        key = "last card" if seat == YOU and not self.left[seat] else "lay"
        text = speak(key, self.names[seat], card=event.card, count=event.count, scored=f" -- {scored}" if scored else "")
        series_over = event.count == LIMIT or not any(self.left)
        if event.count == LIMIT and self.rules.play_once:
            text += "; the play ends at 31: cards left are not played"
        elif event.count == LIMIT and any(self.left):
            text += "; the count starts again"
        self.say(text)
        self.last = None if series_over else seat
        self.moved(event.scores, "pegging")

    def go(self, event: Go) -> None:
        if event.seat == self.last:
            self.last_gone = True  # its go point follows at once, and says so
            return
        self.say(speak("go", self.names[event.seat], count=event.count))

    def go_point(self, event: GoPoint) -> None:
        """The go, said as players say it; after the board of the card that came before it, if any."""
        after = "the play ends: cards left are not played" if self.rules.play_once else "the count starts again"
        key = "can't play either" if self.last_gone else "go point"
        self.say(speak(key, self.names[event.seat], after=after), flush=False)
        self.last, self.last_gone = None, False
        self.moved(event.scores, "pegging")

    def shown(self, event: ShowCounted) -> None:
        show = event.show
        cards = format_cards(sorted(show.hand))
        self.say(speak("show", self.names[event.seat], kind=event.kind, cards=cards, starter=show.starter))
        for item in show.items:
            self.say(f"  {item.kind.value:<8} {format_cards(item.cards):<15} {item.points}", wrap=False)
        self.say(f"  total {show.total}")
        if event.claimed != show.total:
            other = self.names[(event.seat + 1) % len(self.names)]
            self.say(speak("muggins", other, claimed=event.claimed, short=show.total - event.claimed,
                           points=event.muggins))
            claim = check_claim(show, event.claimed)
            missed = [f"{item.kind.value} {format_cards(item.cards)} for {item.points}" for item in claim.overlooked]
            if claim.only:
                for text in missed:
                    self.say(f"    overlooked {text}")
            elif missed:
                self.say("    overlooked, for example:")
                for text in missed:
                    self.say(f"      {text}")
        self.moved(event.scores, "hands" if event.kind == "hand" else "crib", owner=event.seat)

    def ended(self, event: GameEnded) -> None:
        """The winner, the game points, and where each side's points came from."""
        self.terminal.drop()
        record = event.record
        rules = record.rules
        standing = list(zip(self.sides, self.scores))
        name, score = standing[record.winner]
        others = [other for side, other in enumerate(standing) if side != record.winner]
        losers = " and ".join(f"{points} ({who})" if rules.players == 3 else str(points) for who, points in others)
        self.say("")
        self.say(speak("win", name, score=score, losers=losers, games=games_text(record.game_points, rules.target)))
        rows = [[kind, *(str(side[kind]) for side in self.points)] for kind in CATEGORIES
                if kind in CATEGORIES[:3] or any(side[kind] for side in self.points)]
        rows.append(["total", *map(str, self.scores)])
        self.say(formats.table(rows, ("points", *self.sides)), wrap=False)

    def unfinished(self) -> str:
        """The scores of a game left unfinished."""
        joiner = ", " if self.rules.players == 3 else " to "
        return "game left unfinished: " + joiner.join(f"{name} {score}" for name, score in zip(self.sides, self.scores))


def games_text(game_points: int, target: int) -> str:
    """``1 game``, ``a skunk, 2 games``, ``a double skunk, 4 games`` or ``a lurch, 2 games``."""
    margins = {2: "a skunk" if target == 121 else "a lurch", 4: "a double skunk"}
    count = f"{game_points} game{'s' if game_points != 1 else ''}"
    return f"{margins[game_points]}, {count}" if game_points in margins else count


RESULTS = ("won", "lost", "unfinished")


def record_path() -> Path:
    """The record of games: ``crib/record.jsonl`` under the user's data directory.

    That is ``$XDG_DATA_HOME`` when set, else ``~/.local/share`` (``~/Library/Application Support``
    on macOS, ``%LOCALAPPDATA%`` on Windows).
    """
    base = os.environ.get("XDG_DATA_HOME", "")
    if not base:
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
        elif sys.platform == "darwin":
            base = str(Path.home() / "Library" / "Application Support")
        else:
            base = str(Path.home() / ".local" / "share")
    return Path(base) / "crib" / "record.jsonl"


def game_name(players: int, variant: str, target: int, opponent: str) -> str:
    """``two players to 121 against expert``, ``five-card cribbage to 61 against greedy``."""
    game = "five-card cribbage" if variant == "five" else f"{('two', 'three', 'four')[players - 2]} players"
    return f"{game} to {target} against {opponent}"


@dataclass
class Tally:
    """One kind of game in the record: games won, lost and left unfinished, and the game points won and lost."""

    won: int = 0
    lost: int = 0
    unfinished: int = 0
    points_won: int = 0
    points_lost: int = 0

    def add(self, result: str, game_points: int) -> None:
        if result == "won":
            self.won += 1
            self.points_won += game_points
        elif result == "lost":
            self.lost += 1
            self.points_lost += game_points
        else:
            self.unfinished += 1


def read_record(path: Path) -> tuple[dict[str, Tally], list[int]]:
    """The record's tallies by kind of game (:func:`game_name`), and the numbers of its lines that are not game records."""
    tallies: dict[str, Tally] = {}
    bad: list[int] = []
    try:
        with open(path, encoding="utf-8") as file:
            for number, line in enumerate(file, 1):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                    name = game_name(int(entry["players"]), str(entry["variant"]), int(entry["target"]),
                                     str(entry["opponent"]))
                    result, game_points = entry["result"], int(entry["game_points"])
                    if result not in RESULTS:
                        raise ValueError(result)
                except (ValueError, KeyError, TypeError, IndexError):
                    bad.append(number)
                    continue
                tallies.setdefault(name, Tally()).add(result, game_points)
    except FileNotFoundError:
        pass
    return tallies, bad


def record_rows(tallies: dict[str, Tally]) -> Iterator[list[str]]:
    """Table rows of the record: each kind of game, then all of them together when there are several."""
    total = Tally()
    for name, tally in tallies.items():
        yield [name, str(tally.won), str(tally.lost), str(tally.unfinished), f"{tally.points_won} to {tally.points_lost}"]
        for part in ("won", "lost", "unfinished", "points_won", "points_lost"):
            setattr(total, part, getattr(total, part) + getattr(tally, part))
    if len(tallies) > 1:
        yield ["all", str(total.won), str(total.lost), str(total.unfinished), f"{total.points_won} to {total.points_lost}"]


def show_record(path: Path) -> None:
    """``crib play --record``: the record as a table; exit 1 if some of its lines could not be read."""
    try:
        tallies, bad = read_record(path)
    except OSError as error:
        raise click.ClickException(f"cannot read the record {quoted(str(path), 200)}: {error.strerror}") from None
    if not tallies:
        click.echo(f"no games in your record yet (it is kept in {path})")
    else:
        click.echo(f"your record, kept in {path}")
        click.echo(formats.table(record_rows(tallies), ("game", "won", "lost", "unfinished", "game points")))
    if bad:
        if len(bad) == 1:
            click.echo(f"line {bad[0]} of {path} is not a game record: left out", err=True)
        else:
            click.echo(f"{len(bad)} lines of {path} are not game records: left out (line {bad[0]} first)", err=True)
        sys.exit(EXIT_DATA)


@dataclass
class Session:
    """Games in a row at one table: a match of ``games``, then another while the person wants one.

    ``record`` is the record file (None: keep no record); ``log`` gets each finished game.
    """

    rules: GameRules
    opponent: str
    coach: str
    games: int
    terminal: Terminal
    rng: random.Random
    log: IO[str] | None
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
        table = Table(terminal, names, rules, self.opponent, coaching)
        factory = player_factory(self.opponent)
        seats = [Person(terminal, coaching, names)] + [factory(random.Random(self.rng.random())) for _ in names[1:]]
        try:
            record = play_game(seats, rules, self.rng, observer=table, names=names)
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
            self.log.write(json.dumps(record_json(record, self.played, ["you"] + [self.opponent] * len(names[1:]))) + "\n")
        self.played += 1
        self.keep("won" if record.winner == 0 else "lost", record.game_points, table.scores)
        tally = self.tally()
        if tally is not None:
            terminal.say(f"your record, {self.name}: {tally.won} won, {tally.lost} lost")
        return record

    @property
    def name(self) -> str:
        """The kind of game, as the record tallies it."""
        rules = self.rules
        return game_name(rules.players, rules.variant, rules.target, self.opponent)

    def tally(self) -> Tally | None:
        """This kind of game's tally in the record, if a record is kept and can be read."""
        if self.record is None:
            return None
        try:
            return read_record(self.record)[0].get(self.name)
        except OSError:
            return None

    def keep(self, result: str, game_points: int, scores: tuple[int, ...]) -> None:
        """Add a game to the record file (one line of JSON); a file that cannot be written is said, once a game."""
        if self.record is None:
            return
        rules = self.rules
        entry = {"players": rules.players, "variant": rules.variant, "target": rules.target,
                 "opponent": self.opponent, "result": result, "game_points": game_points, "scores": list(scores)}
        try:
            self.record.parent.mkdir(parents=True, exist_ok=True)
            with open(self.record, "a", encoding="utf-8") as file:
                file.write(json.dumps(entry) + "\n")
        except OSError as error:
            click.echo(f"cannot keep the record in {self.record}: {error.strerror}", err=True)

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
@click.option("--opponent", type=click.Choice(["expert", "expert-points", "expert-basic", "greedy", "random"]), default="expert", show_default=True,
              help="The computer's strategy, in every seat but yours.")
@click.option("--muggins", is_flag=True, help="Count your own hand and crib; what you miss, the computer pegs.")
@click.option("--coach", type=click.Choice(COACH_MODES, case_sensitive=False), default="quiet", show_default=True,
              help="quiet: speak when a choice gave up a tenth of a point or more; all: after every choice; off.")
@click.option("--games", type=click.IntRange(1), default=1, show_default=True,
              help="Play a match of N games, keeping the match score in game points.")
@click.option("--log", "log", type=click.Path(dir_okay=False), help="Append each finished game to FILE (the crib simulate --log format).")
@click.option("--record", "record", is_flag=True, help="Show your record of games won and lost, and exit.")
@click.option("--no-record", "keep", is_flag=True, flag_value=False, default=True, help="Keep these games out of your record.")
def play(
    players: int, variant: str, target: str | None, seed: int | None, opponent: str, muggins: bool, coach: str,
    games: int, log: str | None, record: bool, keep: bool,
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
    out = open_log(log, "a")
    try:
        session = Session(rules, opponent, coach.lower(), games, Terminal(), random.Random(seed), out,
                          record_path() if keep else None)
        status = session.run()
    finally:
        if out is not None:
            out.close()
    if status:
        sys.exit(status)
