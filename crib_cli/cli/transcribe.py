"""``crib record``: a game played at the table typed in deal by deal, each answer checked, written in the
notation (docs/notation.md). (The record of games won and lost, ``crib play --record``, is cli/record.py.)"""

from __future__ import annotations

import re
import sys
from collections.abc import Sequence
from typing import IO

import click

from ..cards import quoted
from ..game.notation import SEATS, NotatedGame, NotationError, check_fields, header_lines, read_game
from ..rules import GameRules
from .common import command, game_rules, variant_option

FIELDS = ("starter", "play", "discards", "shows")


def questions(names: Sequence[str], dealer: int) -> tuple[str, ...]:
    """What is asked for each field of a deal, the seats named."""
    pone = 1 - dealer
    return ("starter: ", "the play, every card as laid (cards never laid after *): ", "the crib's four cards: ",
            f"the shows claimed, {names[pone]}'s hand, {names[dealer]}'s, the crib (=a-b, the board, if you like): ")


class Recorder:
    """The game typed in so far: the header and the deal lines accepted, and the game they read to."""

    def __init__(self, rules: GameRules, names: Sequence[str], first_dealer: int, tags: Sequence[tuple[str, str]]):
        self.rules, self.names = rules, tuple(names)
        self.lines = header_lines(rules, names, first_dealer, None, tags)
        self.game = self.read([])[0]

    def read(self, extra: list[str]) -> tuple[NotatedGame, tuple[str, ...]]:
        game, errors = read_game("\n".join(self.lines + extra) + "\n")
        assert game is not None  # the header is crib's own
        return game, errors

    @property
    def deals(self) -> int:
        return len(self.game.record.deals)

    @property
    def over(self) -> bool:
        return max(self.game.record.scores) >= self.rules.target

    def problem(self, fields: list[list[str]]) -> tuple[str, int] | None:
        """What is wrong with a deal answered as far as ``fields`` go, and which field to ask again; None if
        nothing yet. From the discards on, the deal is read whole (shows not yet claimed: ``?``)."""
        try:
            check_fields(fields[:3])
        except NotationError as error:
            return str(error), self._field(str(error), fields)
        if len(fields) < 3:
            return None
        score = fields[3] if len(fields) == 4 else ["?"]
        line = f"{self.deals + 1}. " + " | ".join(" ".join(field) for field in (*fields[:3], score))
        errors = self.read([line])[1]
        if not errors:
            return None
        message = errors[-1].split(": ", 1)[1]
        return message, self._field(message, fields)

    @staticmethod
    def _field(message: str, fields: list[list[str]]) -> int:
        """The field that holds the token a message names, the last that does (a card written twice is wrong
        the second time); else the last answered."""
        named = re.match(r"'([^']*)'", message)
        token = named[1] if named else ""
        for at in reversed(range(len(fields))):
            if token and (token in fields[at] or token == " ".join(fields[at])):
                return at
        return len(fields) - 1

    def accept(self, fields: list[list[str]]) -> str:
        """Add the deal (the board written at its end, if it was not) and return its line."""
        line = f"{self.deals + 1}. " + " | ".join(" ".join(field) for field in fields)
        game = self.read([line])[0]
        if not fields[3] or not fields[3][-1].startswith("="):
            scores = game.record.scores
            line += f"{' ' if fields[3] else ''}={scores[0]}-{scores[1]}"
        self.lines.append(line)
        self.game = game
        return line


def ask(question: str, source: IO[str]) -> str | None:
    """One answer, a line; None at the end of input."""
    click.echo(question, nl=False)
    answer = source.readline()
    if not answer:
        click.echo()
        return None
    return answer.strip()


def record_deal(recorder: Recorder, source: IO[str]) -> list[list[str]] | None:
    """The four fields of the next deal, each checked as typed and asked again, with the reason, until it reads;
    None at the end of input or an empty starter."""
    asked = questions(recorder.names, _dealer(recorder))
    fields: list[list[str]] = []
    while len(fields) < 4:
        answer = ask(asked[len(fields)], source)
        if answer is None or (not fields and not answer):
            return None
        fields.append(answer.split())
        found = recorder.problem(fields)
        if found is not None:
            message, again = found
            click.echo(f"  {message} (the {FIELDS[again]} again)")
            del fields[again:]
    return fields


@command("record")
@click.argument("out", metavar="GAME.pgn", type=click.Path(dir_okay=False))
@click.option("--a", "a", default="A", show_default=True, help="Player A's name: the cards with capital suits.")
@click.option("--b", "b", default="B", show_default=True, help="Player B's name: the cards with small suits.")
@click.option("--dealer", type=click.Choice(["a", "b"], case_sensitive=False), required=True,
              help="Who dealt the first deal.")
@click.option("--muggins", is_flag=True, help="Muggins is played: a show may be claimed short of its count.")
@variant_option("six: six cards each; five: five-card cribbage.")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="Game length (default: 121; 61 for five-card).")
@click.option("--event", help="The event or place, for the header.")
@click.option("--date", help="The date, for the header.")
def record(out: str, a: str, b: str, dealer: str, muggins: bool, variant: str, target: str | None,
           event: str | None, date: str | None) -> None:
    """Type in a game played at the table, deal by deal, and write it in the notation.

    For each deal it asks the starter, the cards of the play as they were
    laid (A's suits in capitals, B's small; the goes left out), the crib's
    four cards, and the shows as claimed. Each answer is checked as it is
    typed: a card twice, a card that does not fit the count or is laid out
    of turn, a claim or a board that disagrees with the cards is said with
    the token, and asked again. GAME.pgn is written as each deal is taken,
    so nothing typed is lost; it ends when the game is won, at an empty
    starter, or at the end of input. Then review it: crib review GAME.pgn.

    \b
    $ crib record club.pgn --a Ann --b Bob --dealer a --muggins
    $ crib review club.pgn
    """
    rules = game_rules(2, variant, target, muggins)
    tags = [(name, value) for name, value in (("Event", event), ("Date", date)) if value]
    recorder = Recorder(rules, (a, b), SEATS.index(dealer.upper()), tags)
    try:
        file = open(out, "w", encoding="utf-8")  # noqa: SIM115 - kept open deal after deal, closed below
    except OSError as error:
        raise click.BadParameter(f"cannot write {quoted(out)}: {error.strerror}", param_hint="GAME.pgn") from None
    with file:
        file.write("\n".join(recorder.lines) + "\n")
        source = sys.stdin
        while not recorder.over:
            names = recorder.names
            scores = recorder.game.record.scores
            click.echo(f"deal {recorder.deals + 1}, {names[_dealer(recorder)]} deals; the board {names[0]} "
                       f"{scores[0]}, {names[1]} {scores[1]}")
            fields = record_deal(recorder, source)
            if fields is None:
                break
            file.write(recorder.accept(fields) + "\n")
            file.flush()
    scores = recorder.game.record.scores
    end = f"{recorder.names[recorder.game.record.winner]} won, " if recorder.over else "the game so far, "
    click.echo(f"{end}{scores[0]}-{scores[1]}: {recorder.deals} deals in {out}")


def _dealer(recorder: Recorder) -> int:
    """The seat dealing the next deal: the first dealer, then alternately."""
    return (recorder.game.record.first_dealer + recorder.deals) % 2
