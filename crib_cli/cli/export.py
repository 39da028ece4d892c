"""``crib export``: logged games written in the portable notation."""

from __future__ import annotations

import json
import sys

import click

from ..game.notation import NotationError, read_game, write_game
from ..game.record import RecordError, record_from_json
from . import EXIT_DATA
from .common import command, format_option, open_game


@command("export")
@click.argument("log", metavar="LOG")
@click.option("--game", "number", type=int, help="Only the game with this 'game' number (default: every game).")
@format_option("pgn", default="pgn")
def export(log: str, number: int | None, fmt: str | None) -> None:
    """Write logged games in the portable notation, for a person to read or another program.

    LOG is a log of crib play --log or crib simulate --log (- for standard
    input); each game is written with its header ([Game "N"] its number),
    then a line a deal (see docs/notation.md), and checked by reading it
    back. The notation is for two players: a game of three or four, or a
    line that is not a game, is one line on stderr, exit 1, the other
    games written.

    \b
    $ crib simulate --games 3 --to 61 --log games.jsonl
    $ crib export games.jsonl --format pgn > games.pgn
    $ crib review games.pgn --game 1
    """
    bad = 0
    with open_game(log, "LOG") as file:
        for at, line in enumerate(file, 1):
            if not line.strip():
                continue
            try:
                data = json.loads(line)
                if number is not None and isinstance(data, dict) and data.get("game") != number:
                    continue
                record, names = record_from_json(data)
                text = write_game(record, names, [("Game", str(data["game"]))])
                errors = read_game(text)[1]
                if errors:
                    raise NotationError(f"the game does not read back in the notation: {errors[0]}")
            except (ValueError, RecordError) as error:
                problem = "not a line of JSON" if isinstance(error, json.JSONDecodeError) else str(error)
                click.echo(f"Error: {log} line {at}: {problem}", err=True)
                bad += 1
                continue
            click.echo(text)
    if bad:
        sys.exit(EXIT_DATA)
