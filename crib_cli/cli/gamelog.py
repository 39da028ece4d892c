"""The log of finished games that ``crib play --log`` and ``crib simulate --log`` write: a JSON line a
game, or with a ``.pgn`` name the portable notation (docs/notation.md), a game after another."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO

import click

from ..cards import quoted
from ..game.notation import write_game
from ..game.record import GameRecord, record_json
from ..rules import GameRules

NOTATION_SUFFIX = ".pgn"
"""A log whose name ends so is written in the notation."""


def in_notation(path: str) -> bool:
    """Whether a log of this name is written in the notation (by its extension, any case).

    >>> in_notation("club.PGN"), in_notation("games.jsonl")
    (True, False)
    """
    return path.lower().endswith(NOTATION_SUFFIX)


@dataclass
class GameLog:
    """An open log: each game written whole and flushed as it ends (read from another window, or kept if the
    run dies)."""

    file: IO[str]
    notation: bool

    def write(self, record: GameRecord, index: int, names: Sequence[str]) -> None:
        """Add game ``index``, its players named ``names`` by seat."""
        if self.notation:
            self.file.write(write_game(record, names, [("Game", str(index))]) + "\n")
        else:
            self.file.write(json.dumps(record_json(record, index, list(names))) + "\n")
        self.file.flush()

    def close(self) -> None:
        self.file.close()


def open_log(path: str | None, mode: str, rules: GameRules) -> GameLog | None:
    """The game log, opened for writing (``w``) or appending (``a``); a usage error if it cannot be, or if it
    is to be in the notation and the game is not for two players."""
    if path is None:
        return None
    notation = in_notation(path)
    if notation and rules.players != 2:
        raise click.BadParameter(f"{quoted(path)}: the notation is for two players, not {rules.players}; "
                                 "log the game as JSON lines (.jsonl)", param_hint="'--log'")
    try:
        return GameLog(open(path, mode, encoding="utf-8"), notation)
    except OSError as error:
        raise click.BadParameter(f"cannot write {quoted(path)}: {error.strerror}", param_hint="'--log'") from None
