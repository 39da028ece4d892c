"""The person's record of games: every game of ``crib play``, won, lost or left unfinished, a line of
JSON in a file under the user's data directory, tallied by the kind of game (``crib play --record``)."""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import click

from ..cards import quoted
from ..rules import GameRules
from . import EXIT_DATA, formats

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


def keep_game(path: Path, rules: GameRules, opponent: str, result: str, game_points: int, scores: Sequence[int]) -> None:
    """Add a game to the record file (one line of JSON); a file that cannot be written is said, once a game."""
    entry = {"players": rules.players, "variant": rules.variant, "target": rules.target,
             "opponent": opponent, "result": result, "game_points": game_points, "scores": list(scores)}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "a", encoding="utf-8") as file:
            file.write(json.dumps(entry) + "\n")
    except OSError as error:
        click.echo(f"cannot keep the record in {path}: {error.strerror}", err=True)


def record_tally(path: Path, rules: GameRules, opponent: str) -> tuple[str, Tally] | None:
    """This kind of game's name and tally in the record, if the record holds one and can be read."""
    name = game_name(rules.players, rules.variant, rules.target, opponent)
    try:
        tally = read_record(path)[0].get(name)
    except OSError:
        return None
    return None if tally is None else (name, tally)
