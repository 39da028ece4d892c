"""A built-in player on the other end of the protocol: what ``crib engine`` runs.

:func:`serve` reads crib's messages line by line, answers the greeting,
makes a fresh player for each game from the game's seed (so a seat played
through the protocol plays as the same player would inside ``crib``), and
answers each decision from the :class:`~crib_cli.game.players.View` the
message describes; with ``analysis`` it sets the analyst's ranked options
beside the answer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

from .analyst import analyze_play, analyze_throws
from .players import Player, View
from .protocol import (
    CRIB,
    MESSAGES,
    ProtocolError,
    hello,
    lay_message,
    read_message,
    rules_of,
    throw_message,
    view_of,
    write_message,
)
from .strategies import PlayerFactory

TOLD = tuple(kind for kind, (writer, _, _) in MESSAGES.items() if writer == CRIB and kind != "crib")
"""What crib may send once greeted."""


def serve(
    factory: PlayerFactory, lines: Iterable[str], write: Callable[[str], None], *, name: str, version: str,
    analysis: bool = False,
) -> None:
    """Play as ``factory``'s players for crib's ``lines``, writing each answer with ``write`` (one line, no newline),
    until crib says quit or the lines end. :class:`ProtocolError` for a line that is not crib's protocol."""
    stream = iter(lines)
    first = next(stream, None)
    if first is None:
        return
    read_message(first, ["crib"])
    write(write_message(hello(name, version)))
    rules = player = None
    for line in stream:
        message = read_message(line, TOLD)
        kind = message["type"]
        if kind == "quit":
            return
        if kind == "game":
            rules = rules_of(message)
            player = factory(random.Random(message["seed"]))
        elif kind in ("discard", "play"):
            if rules is None or player is None:
                raise ProtocolError(f"a {kind} message before any game message")
            write(write_message(_answer(player, view_of(message, rules), analysis)))


def _answer(player: Player, view: View, analysis: bool) -> dict[str, Any]:
    if view.play is None:
        thrown = player.discard(view)
        return throw_message(thrown, throw_options(view) if analysis else None)
    card = player.play(view)
    return lay_message(card, play_options(view) if analysis and card is not None else None)


def throw_options(view: View) -> list[dict[str, Any]]:
    """The analyst's throws for the view, best first: the cards, the points (as it prints them) and the chance to win."""
    return [{"cards": [str(card) for card in option.cards], "points": option.points / 100, "chance": option.win}
            for option in analyze_throws(view).options]


def play_options(view: View) -> list[dict[str, Any]]:
    """The analyst's cards for the view at the expert's depth, best first: the card, the net points it
    expects to peg from here (as it prints them) and the chance to win, where the board decides."""
    return [{"card": str(option.card), "points": option.points / 100, "chance": option.win}
            for option in analyze_play(view, "expert").options]
