"""``crib review``: a game, logged or in the notation, every decision priced by the analyst, the luck of the
cards, and the marks (muggins, penalties, violations)."""

from __future__ import annotations

import itertools
import json
import sys
from collections.abc import Iterable, Iterator, Sequence
from typing import IO, Any, NoReturn

import click

from ..cards import format_cards, quoted
from ..game.analyst import Verdict
from ..game.notation import Mark, NotatedGame, is_notation, read_games
from ..game.record import RecordError, record_from_json
from ..game.review import Decision, Review, SeatReview, review_game
from . import EXIT_DATA, formats
from .advice import chance_text, play_position, points_text, throw_position
from .common import command, format_option, open_game
from .terminal import fit, terminal_width

SUMMARY_KEY = ("best: decisions that gave up nothing against the expert's choice; throws, plays: points given up, "
               "in all and a deal")
CHANCE_KEY = ("where points decided; chance: the chance to win given up where the board decided, as the deal could "
              "end the game")
LUCK_KEY = ("the cards against the average, in points: starters, what the starter turned gave the shows (and his "
            "heels); others' cards, what those cards did to what the shows could expect at the throw")
PEGGING_KEY = "pegging: the net pegged against the keep's pegging value (the cards held and both seats' play)"
TOTAL_KEY = "total: the columns before it added up"


def labels(review: Review) -> list[str]:
    """Each seat's name, with its seat where two seats share a name."""
    names = review.names
    return [name if names.count(name) == 1 else f"{name} (seat {seat})" for seat, name in enumerate(names)]


def signed(value: float | None) -> str:
    return "" if value is None else f"{value:+.2f}"


def has_chance(review: Review) -> bool:
    """Whether the chance to win is known for this game (two players, a game with a board)."""
    return any(seat.chance_given_up is not None for seat in review.seats)


def has_pegging(review: Review) -> bool:
    """Whether the pegging is set against the keeps' pegging values (two-player six-card games)."""
    return any(seat.luck_total("pegging") is not None for seat in review.seats)


def summary_rows(review: Review) -> Iterator[list[str]]:
    """A seat a row: decisions, those as good as the expert's, points given up (in all and a deal), the chance."""
    for label, seat in zip(labels(review), review.seats):
        deals = max(seat.deals, 1)
        throws, plays = seat.given_up("throw"), seat.given_up("play")
        chance = [chance_text(seat.chance_given_up or 0)] if has_chance(review) else []
        yield [label, str(len(seat.decisions)), str(seat.matched), points_text(throws), points_text(round(throws / deals)),
               points_text(plays), points_text(round(plays / deals)), *chance]


def luck_rows(review: Review) -> Iterator[list[str]]:
    """A seat a row: the luck of the starters, of the others' cards, the pegging against the average (where
    measured), and their total, the sum of the columns as printed (so the row adds up)."""
    parts = ("starters", "cards", "pegging") if has_pegging(review) else ("starters", "cards")
    for label, seat in zip(labels(review), review.seats):
        figures = [round(seat.luck_total(part) or 0.0, 2) for part in parts]
        yield [label, str(seat.deals), *map(signed, figures), signed(sum(figures))]


def given_up(verdict: Verdict) -> str:
    """``0.52 points``, or where the board decided, ``1.3% of the chance to win``; where the board decided
    and the chances were the same as printed, the points: ``no chance to win, as printed, but 0.52 points``."""
    if verdict.board and verdict.chance_given_up:
        return f"{chance_text(verdict.chance_given_up)} of the chance to win"
    if verdict.board:
        return f"no chance to win, as printed, but {points_text(verdict.points_given_up)} points"
    return f"{points_text(verdict.points_given_up)} points"


def position(decision: Decision) -> str:
    """The decision's position as a command line to paste: ``crib discard ...`` or ``crib peg --advise ...``."""
    if decision.verdict.kind == "throw":
        return throw_position(decision.view, decision.verdict.board)
    return play_position(decision.view)


def mistake_lines(review: Review, top: int) -> Iterator[str]:
    """Each seat's biggest mistakes, each with the position to paste."""
    for label, seat in zip(labels(review), review.seats):
        missed = seat.not_best()
        mistakes = missed[:top]
        if not mistakes:
            continue
        yield ""
        shown = "" if len(mistakes) == len(missed) else f", the {len(mistakes)} that gave up most"
        yield f"biggest mistakes: {label} ({len(missed)} not the best{shown})"
        for decision in mistakes:
            verdict = decision.verdict
            what = "throwing" if verdict.kind == "throw" else "laying"
            yield (f"deal {decision.deal + 1}: {what} {format_cards(verdict.chosen)} instead of "
                   f"{format_cards(verdict.best)} gave up {given_up(verdict)}")
            yield f"  {position(decision)}"


def decision_rows(review: Review) -> Iterator[list[str]]:
    """Every decision: the deal, the seat, what it chose, the expert's choice, what it gave up."""
    names = labels(review)
    for decision in review.decisions:
        verdict = decision.verdict
        chance = verdict.chance_given_up
        yield [str(decision.deal + 1), names[decision.seat], verdict.kind, format_cards(verdict.chosen),
               format_cards(verdict.best), "chance" if verdict.board else "points", points_text(verdict.points_given_up),
               "" if chance is None else chance_text(chance)]


def review_lines(review: Review, source: str, index: int, top: int, every: bool,
                 marks: Sequence[Mark] = ()) -> Iterator[str]:
    """The game, the summary by seat, the luck, the marks, the biggest mistakes, and with ``every`` each decision."""
    record = review.record
    rules = record.rules
    game = "five-card cribbage" if rules.variant == "five" else f"{('two', 'three', 'four')[rules.players - 2]} players"
    scores = ", ".join(f"{name} {score}" for name, score in zip(labels(review), record.scores))
    winners = [name for seat, name in enumerate(labels(review)) if rules.side(seat) == record.winner]
    games = f"{record.game_points} game{'s' if record.game_points != 1 else ''}"
    result = f"{' and '.join(winners)} won, {games}" if max(record.scores) >= rules.target else "not finished"
    yield f"game {index} of {source}, {game} to {rules.target}: {scores}; {result}"
    chance, pegging = has_chance(review), has_pegging(review)
    yield formats.fitted_table(summary_rows(review), ("seat", "decisions", "best", "throws", "a deal", "plays",
                                                      "a deal", *(["chance"] if chance else [])),
                               terminal_width(), ("a deal", "a deal", "decisions"))
    yield fit(SUMMARY_KEY + (f", {CHANCE_KEY}" if chance else ""), terminal_width())
    yield ""
    yield formats.fitted_table(luck_rows(review), ("seat", "deals", "starters", "others' cards",
                                                   *(["pegging"] if pegging else []), "total"),
                               terminal_width(), ("deals",))
    yield fit(LUCK_KEY + (f"; {PEGGING_KEY}" if pegging else "") + f"; {TOTAL_KEY}", terminal_width())
    missed = [(label, seat.missed) for label, seat in zip(labels(review), review.seats) if seat.missed]
    if missed:
        yield "missed in counting (muggins): " + ", ".join(f"{label} {points}" for label, points in missed)
    if marks:
        yield ""
        yield "marks of the game:"
        yield from (f"  {mark_text(mark, labels(review))}" for mark in marks)
    yield from mistake_lines(review, top)
    if every:
        yield ""
        yield formats.table(decision_rows(review), ("deal", "seat", "decision", "chose", "expert", "decided by",
                                                    "points", "chance"))


def mark_text(mark: Mark, names: Sequence[str]) -> str:
    """One mark in words: ``deal 2: Ann missed 1 in her crib; Bob took it (muggins)``."""
    who, other = names[mark.seat], names[1 - mark.seat]
    after = f" after {mark.where}" if mark.where else ""
    if mark.kind == "muggins":
        return f"deal {mark.deal + 1}: {who} missed {mark.points} in counting the {mark.where}; {other} took it (muggins)"
    if mark.kind == "penalty":
        return f"deal {mark.deal + 1}: {who} over-pegged{after}; a penalty of {mark.points} to {other}"
    if mark.kind == "unnoticed":
        return f"deal {mark.deal + 1}: {who} over-pegged {mark.points}{after}, not noticed"
    return f"deal {mark.deal + 1}: a rule violation by {who}{after}; {mark.points} to {other}"


def mark_json(mark: Mark) -> dict[str, Any]:
    return {"deal": mark.deal + 1, "kind": mark.kind, "seat": mark.seat, "points": mark.points,
            "where": mark.where, "to": mark.gainer}


def verdict_json(decision: Decision) -> dict[str, Any]:
    verdict = decision.verdict
    return {
        "deal": decision.deal + 1, "seat": decision.seat, "kind": verdict.kind, "chose": [str(c) for c in verdict.chosen],
        "expert": [str(c) for c in verdict.best], "board": verdict.board,
        "points": verdict.chosen_points / 100, "expert_points": verdict.best_points / 100,
        "points_given_up": verdict.points_given_up / 100,
        "chance": None if verdict.chosen_chance is None else verdict.chosen_chance / 1000,
        "expert_chance": None if verdict.best_chance is None else verdict.best_chance / 1000,
        "chance_given_up": None if verdict.chance_given_up is None else verdict.chance_given_up / 1000,
        "position": position(decision),
    }


def seat_json(seat: SeatReview, label: str, top: int) -> dict[str, Any]:
    throws, plays = seat.given_up("throw"), seat.given_up("play")
    chance = seat.chance_given_up
    return {
        "seat": seat.seat, "name": label, "deals": seat.deals, "decisions": len(seat.decisions), "best": seat.matched,
        "throws_given_up": throws / 100, "plays_given_up": plays / 100,
        "chance_given_up": None if chance is None else chance / 1000, "missed_in_counting": seat.missed,
        "luck": {part: seat.luck_total(part) for part in ("starters", "cards", "shows", "pegging", "total")},
        "not_best": len(seat.not_best()),
        "luck_by_deal": [{"starters": luck.starters, "cards": luck.cards, "pegging": luck.pegging} for luck in seat.luck],
        "mistakes": [verdict_json(decision) for decision in seat.mistakes(top)],
    }


def review_json(review: Review, index: int, top: int, marks: Sequence[Mark] | None = None) -> dict[str, Any]:
    """The review as JSON; a game read from the notation adds its marks."""
    rules, record = review.record.rules, review.record
    out = {
        "game": index, "players": list(review.names), "variant": rules.variant, "target": rules.target,
        "scores": list(record.scores), "winner": record.winner, "game_points": record.game_points,
        "seats": [seat_json(seat, label, top) for seat, label in zip(review.seats, labels(review))],
        "decisions": [verdict_json(decision) for decision in review.decisions],
    }
    if marks is not None:
        out["marks"] = [mark_json(mark) for mark in marks]
    return out


def find_game(file: Iterable[str], number: int | None, source: str) -> tuple[int, int, object]:
    """The game asked for: the line number, its ``game`` number and the JSON; by default the last game of the file.

    crib play numbers the games of each session from 0, so a number may come again: the last wins.
    """
    found: tuple[int, int, object] | None = None
    games: list[int] = []
    for at, line in enumerate(file, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except ValueError:
            fail(source, at, "not a line of JSON")
        index = data.get("game") if isinstance(data, dict) else None
        if not isinstance(index, int):
            fail(source, at, "no 'game' number: not a game record")
            continue
        games.append(index)
        if number is None or index == number:
            found = (at, index, data)
    if found is None:
        if not games:
            raise click.UsageError(f"{quoted(source)} holds no games")
        raise click.UsageError(f"--game {number}: no such game in {quoted(source)} (games {number_ranges(games)})")
    return found


def find_notated(lines: Iterable[str], number: int | None, source: str) -> tuple[NotatedGame | None, tuple[str, ...]]:
    """The game asked for in a file in the notation, and the messages of its bad lines; by default the last game.

    Games are numbered by their [Game] tag, else from 0 in the order of the file.
    """
    found: tuple[NotatedGame | None, tuple[str, ...]] | None = None
    games: list[int] = []
    for game, errors in read_games(lines):
        if game is not None:
            games.append(game.number)
        if number is None or (game is not None and game.number == number):
            found = (game, errors)
    if found is None:
        if not games:
            raise click.UsageError(f"{quoted(source)} holds no games")
        raise click.UsageError(f"--game {number}: no such game in {quoted(source)} (games {number_ranges(games)})")
    return found


def number_ranges(numbers: Sequence[int], most: int = 8) -> str:
    """Game numbers as runs (``0-299``), the first ``most`` runs and then how many numbers there are in all.

    >>> number_ranges([3, 0, 1, 2, 7, 9, 10])
    '0-3, 7, 9-10'
    """
    runs: list[list[int]] = []
    for number in sorted(set(numbers)):
        if runs and number == runs[-1][1] + 1:
            runs[-1][1] = number
        else:
            runs.append([number, number])
    shown = ", ".join(f"{low}-{high}" if high > low else str(low) for low, high in runs[:most])
    return shown if len(runs) <= most else f"{shown}, ... ({len(set(numbers))} games in all)"


def fail(source: str, line: int, problem: str) -> NoReturn:
    """Bad data in the log: one line naming it, exit status 1."""
    click.echo(f"Error: {source} line {line}: {problem}", err=True)
    sys.exit(EXIT_DATA)


@command("review")
@click.argument("log", metavar="GAME")
@click.option("--game", "number", type=int,
              help="The game with this number, its 'game' or [Game] (default: the last in the file).")
@click.option("--top", type=click.IntRange(0), default=5, show_default=True, help="Mistakes to list for each seat.")
@click.option("--all", "every", is_flag=True, help="List every decision, not only the biggest mistakes.")
@format_option("table", "json", default="table")
def review(log: str, number: int | None, top: int, every: bool, fmt: str | None) -> None:
    """Review a game: every decision priced by the analyst, and the luck.

    GAME is a log of crib play --log or crib simulate --log, or a game in
    the portable notation (docs/notation.md), told apart by what the file
    holds (- for standard input). Each throw and each card laid where more than one rank
    fitted is priced as the built-in expert would price it, at its depth:
    the expert's choice, the points given up and, with two players, the
    chance to win given up. The luck is what the starters and the others'
    cards gave each seat against the average; the marks of a game in the
    notation (muggins, penalties, violations) are listed. Bad data in the
    log is exit 1; a bad deal of the notation is one line on stderr, the
    other deals reviewed, then exit 1.

    \b
    $ crib simulate --games 3 --a expert --b random --to 61 --log games.jsonl
    $ crib review games.jsonl --game 1
    $ crib review tests/data/club.pgn
    $ crib review games.jsonl --all --format json
    """
    with open_game(log, "GAME") as file:
        review_file(file, log, number, top, every, fmt)


def review_file(file: IO[str], source: str, number: int | None, top: int, every: bool, fmt: str | None) -> None:
    """Review the game asked for in a file, a JSON log or the notation, told apart by its first line that is
    not blank."""
    lines = iter(file)
    head: list[str] = []
    for text in lines:
        head.append(text)
        if text.strip():
            break
    rest = itertools.chain(head, lines)
    if head and is_notation(head[-1]):
        review_notated(rest, source, number, top, every, fmt)
        return
    line, index, data = find_game(rest, number, source)
    try:
        record, names = record_from_json(data)
        result = review_game(record, names)
    except RecordError as error:
        fail(source, line, str(error))
    click.echo(formats.to_json(review_json(result, index, top)) if fmt == "json"
               else "\n".join(review_lines(result, source, index, top, every)))


def review_notated(lines: Iterable[str], source: str, number: int | None, top: int, every: bool,
                   fmt: str | None) -> None:
    """Review a game in the notation: the deals that read, each bad line one message on stderr, then exit 1."""
    game, errors = find_notated(lines, number, source)
    if game is not None:
        try:
            result = review_game(game.record, game.names, game.starts, game.numbers)
        except RecordError as error:  # the reader replayed every deal it kept: a bug if it does not replay
            raise click.ClickException(f"{source}: {error}") from None
        click.echo(formats.to_json(review_json(result, game.number, top, game.marks)) if fmt == "json"
                   else "\n".join(review_lines(result, source, game.number, top, every, game.marks)))
    for message in errors:
        click.echo(f"Error: {source}: {message}", err=True)
    if errors:
        sys.exit(EXIT_DATA)
