"""Views of a play in progress for the tests, built the way the engine builds them: through the rules of the play."""

from __future__ import annotations

from collections.abc import Sequence

from crib_cli.cards import Card
from crib_cli.game.players import View
from crib_cli.peg import Play
from crib_cli.rules import GameRules, Position


def play_view(
    rules: GameRules,
    seat: int,
    dealer: int,
    hand: Sequence[Card],
    laid: Sequence[Card | None] = (),
    *,
    kept: Sequence[Card] | None = None,
    thrown: Sequence[Card] = (),
    starter: Card | None = None,
) -> View:
    """The view of ``seat``, holding ``hand``, after the answers ``laid`` (cards, ``None`` for a go) from the dealer's left."""
    play = Play(rules, (dealer + 1) % rules.players)
    for answer in laid:
        if answer is None:
            play.say_go()
        else:
            play.lay(answer)
    assert play.turn == seat, f"seat {play.turn} is to move, not {seat}"
    return View(
        rules, seat, dealer, (0,) * rules.players, tuple(hand), tuple(hand if kept is None else kept), tuple(thrown),
        starter, play,
    )


def position_at(scores: tuple[int, int], me_dealing: bool, target: int = 0, variant: str = "six") -> Position:
    """A two-player position as a deal begins: the scores (mine first), whether I deal, the game."""
    return Position(GameRules(target=target, variant=variant), scores, me_dealing)
