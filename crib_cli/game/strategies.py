"""Built-in players (random, greedy; expert lives in :mod:`.expert`), and finding a player by name or ``module:factory``."""

from __future__ import annotations

import importlib
import os
import random
import sys
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from itertools import combinations
from types import MappingProxyType

from ..cards import Card
from ..peg import score_play
from ..rules import GameRules
from ..tables import rank_parts
from .expert import ExpertPlayer
from .players import Player, View
from .program import EXEC, ProgramFactory, Programs, ProgramSpecError


class RandomPlayer:
    """Throws and lays at random among the legal moves."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def discard(self, view: View) -> tuple[Card, ...]:
        return tuple(self.rng.sample(view.hand, view.rules.thrown))

    def play(self, view: View) -> Card | None:
        fits = view.fits
        return self.rng.choice(fits) if fits else None


class GreedyPlayer:
    """Keeps the best cards on their own and lays the card that scores most now.

    Discard: keep the cards that score most without a starter (fifteens,
    pairs, runs, and a point a card when all are of one suit: four, or three
    in five-card cribbage; no nobs). Ties go to the
    throw whose cards score most together (a pair or a fifteen) when the crib
    is its side's, least when it is not; then to the lowest thrown cards by
    rank and suit. Play: the legal card scoring most by the rules of the play
    (the last-card point aside); ties go to the highest rank, then the first
    suit in S H D C order.
    """

    def discard(self, view: View) -> tuple[Card, ...]:
        rules = view.rules
        own_crib = rules.side(view.seat) == rules.side(view.dealer)
        hand = view.hand
        best: tuple[tuple[int, int, list[int]], tuple[Card, ...]] | None = None
        for places in combinations(range(len(hand)), rules.thrown):
            thrown = tuple(hand[at] for at in places)
            kept = [card for at, card in enumerate(hand) if at not in places]
            together = _rank_points(tuple(sorted(card.rank for card in thrown)))
            key = (-kept_points(kept), -together if own_crib else together, sorted(card.index for card in thrown))
            if best is None or key < best[0]:
                best = (key, thrown)
        assert best is not None
        return best[1]

    def play(self, view: View) -> Card | None:
        pile = list(view.pile)
        best: tuple[int, int, int] | None = None
        choice = None
        for card in view.fits:
            pile.append(card)
            key = (sum(item.points for item in score_play(pile)), card.rank, -card.suit)
            pile.pop()
            if best is None or key > best:
                best, choice = key, card
        return choice


def kept_points(cards: list[Card] | tuple[Card, ...]) -> int:
    """Points of kept cards on their own, without a starter: fifteens, pairs, runs,
    a flush of four (or of three, a five-card cribbage hand)."""
    flush = len(cards) if len(cards) >= 3 and len({card.suit for card in cards}) == 1 else 0
    return _rank_points(tuple(sorted(card.rank for card in cards))) + flush


@cache
def _rank_points(ranks: tuple[int, ...]) -> int:
    return sum(rank_parts(ranks))


def _greedy(rng: random.Random) -> Player:
    return GreedyPlayer()


def _expert(rng: random.Random) -> Player:
    return ExpertPlayer(pegging=True, board=True)


def _expert_points(rng: random.Random) -> Player:
    return ExpertPlayer(pegging=True)


def _expert_basic(rng: random.Random) -> Player:
    return ExpertPlayer()


PlayerFactory = Callable[[random.Random], Player]

BUILT_IN: Mapping[str, PlayerFactory] = MappingProxyType(
    {
        "random": RandomPlayer, "greedy": _greedy, "expert": _expert, "expert-points": _expert_points,
        "expert-basic": _expert_basic,
    }
)
"""Built-in players by name; each factory takes the game's own ``random.Random``. ``expert-points``
throws by the exact net plus the pegging value of the keep and pegs for points;
``expert`` plays as it does but plays the board when a deal may end the game
(two players); ``expert-basic`` throws by the exact net alone (hand and
random-model crib). The expert crib model's term is left out: it showed no
gain in games (see docs/methods.md)."""


EXPERTS = ("expert", "expert-points", "expert-basic")
"""The built-in players that search the play, so take a depth."""


def searching(name: str, depth: int) -> PlayerFactory:
    """The built-in expert ``name`` with its look-ahead in the play ``depth`` cards deep (not its own)."""
    if name not in EXPERTS:
        raise PlayerSpecError(f"{name!r} does not search the play: a depth is for {', '.join(EXPERTS)}")

    def factory(rng: random.Random) -> Player:
        player = BUILT_IN[name](rng)
        assert isinstance(player, ExpertPlayer)
        player.depth = depth
        return player

    return factory


class PlayerSpecError(ValueError):
    """A player name or ``module:factory`` spec that does not give a player."""


def player_factory(spec: str, programs: Programs = Programs()) -> PlayerFactory | ProgramFactory:
    """A factory for ``spec``: a built-in name, ``module:factory`` (which then ignores the rng), or
    ``exec:COMMAND``, a program run as ``programs`` says (:mod:`.program`)."""
    if spec in BUILT_IN:
        return BUILT_IN[spec]
    if spec.startswith(EXEC):
        try:
            return ProgramFactory(spec, programs)
        except ProgramSpecError as error:
            raise PlayerSpecError(str(error)) from None
    if ":" not in spec:
        raise PlayerSpecError(
            f"{spec!r} is not a player: use one of {', '.join(BUILT_IN)}, module:factory for your own, "
            "or exec:COMMAND for a program"
        )
    factory = load_player_factory(spec)
    return lambda rng: factory()


def seat_player(
    factory: PlayerFactory | ProgramFactory, seat: int, rules: GameRules, names: Sequence[str], seed: float | str
) -> Player:
    """The player of ``seat`` for one game: from a factory given ``random.Random(seed)``, or the seat's
    program told the game begins, with the same seed (as text) for its own chance."""
    if isinstance(factory, ProgramFactory):
        return factory.player(seat, rules, names, str(seed))
    return factory(random.Random(seed))


def close_factories(factories: Sequence[PlayerFactory | ProgramFactory]) -> None:
    """Tell the programs among ``factories`` to quit."""
    for factory in factories:
        if isinstance(factory, ProgramFactory):
            factory.close()


def load_player_factory(spec: str) -> Callable[[], Player]:
    """Import ``module:factory`` (from the working directory or ``sys.path``) and check it makes a player.

    The factory is called once here, so a broken one fails before any game.
    """
    module_name, _, name = spec.partition(":")
    if not module_name or not name:
        raise PlayerSpecError(f"{spec!r} is not a player spec: write module:factory, e.g. mybot:make_player")
    cwd = os.getcwd()
    if cwd not in sys.path and "" not in sys.path:
        sys.path.append(cwd)
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and (module_name + ".").startswith(error.name + "."):
            raise PlayerSpecError(
                f"{spec!r}: no module named {module_name!r} in the working directory or on sys.path"
            ) from None
        raise PlayerSpecError(f"{spec!r}: importing {module_name} failed: {error}") from None
    except Exception as error:  # noqa: BLE001 - the bot's own module may raise anything: one line, not a traceback
        raise PlayerSpecError(f"{spec!r}: importing {module_name} failed: {type(error).__name__}: {error}") from None
    factory: object = module
    for part in name.split("."):
        if not hasattr(factory, part):
            raise PlayerSpecError(f"{spec!r}: module {module_name} has no attribute {name!r}")
        factory = getattr(factory, part)
    if not callable(factory):
        raise PlayerSpecError(f"{spec!r}: {name} is not callable ({type(factory).__name__}), so it cannot make a player")
    try:
        player = factory()
    except Exception as error:  # noqa: BLE001 - so may the bot's own factory
        raise PlayerSpecError(f"{spec!r}: calling {name}() failed: {type(error).__name__}: {error}") from None
    missing = [method for method in ("discard", "play") if not callable(getattr(player, method, None))]
    if missing:
        raise PlayerSpecError(
            f"{spec!r}: {name}() returned an object of type {type(player).__name__}, which has no {' or '.join(missing)} method"
        )
    return factory
