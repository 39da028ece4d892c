"""The terminal: the width lines fit in, the board in the pegs' colours, and questions and answers a
line at a time, the cards a typed word names (``crib play``, ``crib quiz``)."""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Sequence

import click

from ..cards import Card, CardError, Rank, check_distinct, parse_card, parse_rank, quoted

WIDTH = 80
"""Columns to fit lines in when the terminal's width is unknown (output piped, say)."""


class EndOfInput(Exception):
    """The person's input ended, or the person quit: the game stops there."""


class Quit(EndOfInput):
    """The person typed ``q``."""


class Interrupted(EndOfInput):
    """Ctrl-C: the game stops there, and ``crib`` exits with status 130."""


def terminal_width() -> int:
    """Columns to fit lines in: ``$COLUMNS``, else the terminal's width, else :data:`WIDTH`; at least 40."""
    columns = os.environ.get("COLUMNS", "")
    if not (columns.isdecimal() and int(columns)):
        try:
            columns = str(os.get_terminal_size(sys.stdout.fileno()).columns) if sys.stdout.isatty() else ""
        except (OSError, ValueError, AttributeError):
            columns = ""
    return max(int(columns), 40) if columns.isdecimal() and int(columns) else WIDTH


def fit(text: str, width: int) -> str:
    """Each line of ``text`` wrapped at word boundaries to ``width``, its continuation indented two more."""
    lines = []
    for line in text.split("\n"):
        indent = " " * (len(line) - len(line.lstrip()))
        lines += textwrap.wrap(line, width, subsequent_indent=indent + "  ", break_long_words=False,
                               break_on_hyphens=False) or [line]
    return "\n".join(lines)


class Terminal:
    """Questions and answers, a line each, from a person at a terminal or a script piped in.

    When the answers do not come from a terminal they are echoed after the
    question, so the transcript reads as a conversation. Lines are fitted to
    the terminal's width. Lines may be held back (the board after a score)
    to be shown before whatever is said next, or dropped when something
    newer says the same.
    """

    def __init__(self) -> None:
        self.echo = not (sys.stdin is not None and sys.stdin.isatty())
        self.held: list[str] = []
        self.at_prompt = False

    def say(self, text: str = "", *, wrap: bool = True, flush: bool = True) -> None:
        """Say ``text`` (fitted to the width unless ``wrap`` is off), after any lines held back unless ``flush`` is off."""
        if flush:
            self.flush()
        click.echo(fit(text, terminal_width()) if wrap else text)

    def hold(self, lines: Sequence[str]) -> None:
        """Hold ``lines`` back until something else is said, in place of any held before."""
        self.held = list(lines)

    def drop(self) -> None:
        """Forget the lines held back: what is said next says the same, or more."""
        self.held = []

    def flush(self) -> None:
        """Show the lines held back."""
        held, self.held = self.held, []
        for line in held:
            click.echo(line)

    def end_line(self) -> None:
        """End a prompt's line left open by Ctrl-C, so what follows starts on its own line."""
        if self.at_prompt:
            click.echo()
            self.at_prompt = False

    def ask(self, question: str, help: Sequence[str], cards: Sequence[Card] = ()) -> str:
        """The answer to ``question``: an empty line asks again, ``help`` lists what may be typed, ``q`` quits.

        When the answer may name one of ``cards``, ``q`` could be a queen among them: then only ``quit`` quits.
        """
        while True:
            answer = self.read(question)
            queens = [card for card in cards if card.rank is Rank.QUEEN]
            if answer.lower() == "q" and queens:
                self.say(f"  {quoted(answer)} could be {' or '.join(map(str, queens))}, or quit: type the card, or quit")
                continue
            if answer.lower() in ("q", "quit"):
                raise Quit
            if answer.lower() == "help":
                for line in help:
                    self.say(f"  {line}")
            elif answer:
                return answer

    def read(self, question: str) -> str:
        """One line typed after ``question``, stripped; Ctrl-C is :class:`Interrupted`, the end of input :class:`EndOfInput`."""
        self.flush()
        click.echo(f"{question} ", nl=False)
        self.at_prompt = True
        try:
            line = sys.stdin.readline() if sys.stdin is not None else ""
        except KeyboardInterrupt:
            raise Interrupted from None
        if not line:
            self.end_line()
            raise EndOfInput
        self.at_prompt = False
        answer = line.strip()
        if self.echo:
            click.echo(answer)
        return answer


def read_card(token: str, shown: Sequence[Card], *, suits_matter: bool) -> Card:
    """The card a typed word names: a card (``5S``), a rank alone (``5``), or a place in ``shown`` (``1`` for the first).

    A rank names the card of that rank in ``shown``; with two or more, any of
    them unless ``suits_matter`` (the throw), when it is ambiguous. A number
    that is both a rank held and the place of a card of another rank is
    ambiguous too. :class:`CardError` says why a word names no card, naming
    the cards it could be when it could be more than one.
    """
    try:
        return parse_card(token)
    except CardError as error:
        problem = error
    place = int(token) if token.isdecimal() else 0
    at_place = shown[place - 1] if 1 <= place <= len(shown) else None
    try:
        rank = parse_rank(token)
    except CardError:
        if at_place is not None:
            return at_place
        if place:
            raise CardError(f"{quoted(token)} is not a card: your cards are numbered 1 to {len(shown)}") from None
        raise problem from None
    held = [card for card in shown if card.rank == rank]
    name = "10" if rank is Rank.TEN else rank.symbol
    if at_place is not None and at_place.rank != rank:
        if not held:
            return at_place
        cards = " or ".join(map(str, held))
        raise CardError(f"{quoted(token)} could be {cards} (your {name}) or {at_place} (card {place}): type the card")
    if not held:
        raise CardError(f"you hold no {name}")
    if len(held) > 1 and suits_matter:
        raise CardError(f"{quoted(token)} could be {' or '.join(map(str, held))}: give the suit")
    return held[0]


def read_cards(answer: str, shown: Sequence[Card], *, suits_matter: bool) -> tuple[Card, ...]:
    """The cards an answer names, word by word (:func:`read_card`); a card may be named only once.

    When a word names no card, :class:`CardError` says what is wrong with every
    such word, and how a number that is a rank not held was read (as a place).

    >>> from crib_cli.cards import parse_cards
    >>> read_cards("5 K", parse_cards("2H 3C 7C 9S KS KH"), suits_matter=True)
    Traceback (most recent call last):
    ...
    crib_cli.cards.CardError: '5': you hold no 5 (read as card 5, KS); 'K' could be KS or KH: give the suit
    """
    cards: list[Card] = []
    said: list[str] = []
    failed = False
    for word in answer.replace(",", " ").split():
        try:
            card = read_card(word, shown, suits_matter=suits_matter)
        except CardError as error:
            said.append(str(error))
            failed = True
            continue
        cards.append(card)
        if word.isdecimal() and 2 <= int(word) <= 10 and all(held.rank != int(word) for held in shown):
            said.append(f"{quoted(word)}: you hold no {word} (read as card {word}, {card})")
    if failed:
        raise CardError("; ".join(said))
    check_distinct(tuple(cards))
    return tuple(cards)


def throw_problem(hand: Sequence[Card], thrown: Sequence[Card], need: int) -> str | None:
    """Why a throw is not legal, or None."""
    if len(thrown) != need:
        return "one card, please" if need == 1 else f"throw {need} cards, not {len(thrown)}"
    for card in thrown:
        if card not in hand:
            return f"{card} is not your card"
    return None


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
