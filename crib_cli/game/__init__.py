"""Whole games of cribbage: the engine, the player protocol, strategies, simulation.

The public names below are imported on first use, so that a bot that needs
only :class:`View` loads neither the engine, the analysis nor the process pool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

_HOMES = {
    "..rules": ("GameRules",),
    ".engine": ("Observer", "cut_for_deal", "play_game"),
    ".events": (
        "DealEnded", "Dealt", "Discarded", "Event", "GameEnded", "GameStarted", "Go", "GoPoint", "Laid",
        "ShowCounted", "StarterTurned", "ThreeForLast",
    ),
    ".players": ("IllegalMove", "Player", "PlayerError", "View"),
    ".record": ("DealPoints", "DealRecord", "GameRecord", "ShowRecord", "game_points", "record_json"),
    ".simulate": ("Interval", "Report", "RoleAverages", "Setup", "by_side", "run_games", "summarize", "wilson_interval"),
    ".strategies": ("BUILT_IN", "GreedyPlayer", "PlayerSpecError", "RandomPlayer", "load_player_factory", "player_factory"),
}

__all__ = [
    "BUILT_IN",
    "DealEnded",
    "DealPoints",
    "DealRecord",
    "Dealt",
    "Discarded",
    "Event",
    "GameEnded",
    "GameRecord",
    "GameRules",
    "GameStarted",
    "Go",
    "GoPoint",
    "GreedyPlayer",
    "IllegalMove",
    "Interval",
    "Laid",
    "Observer",
    "Player",
    "PlayerError",
    "PlayerSpecError",
    "RandomPlayer",
    "Report",
    "RoleAverages",
    "Setup",
    "ShowCounted",
    "ShowRecord",
    "StarterTurned",
    "ThreeForLast",
    "View",
    "by_side",
    "cut_for_deal",
    "game_points",
    "load_player_factory",
    "play_game",
    "player_factory",
    "record_json",
    "run_games",
    "summarize",
    "wilson_interval",
]


__getattr__ = lazy_names(__name__, _HOMES, globals())


if TYPE_CHECKING:
    from ..rules import GameRules
    from .engine import Observer, cut_for_deal, play_game
    from .events import (
        DealEnded,
        Dealt,
        Discarded,
        Event,
        GameEnded,
        GameStarted,
        Go,
        GoPoint,
        Laid,
        ShowCounted,
        StarterTurned,
        ThreeForLast,
    )
    from .players import IllegalMove, Player, PlayerError, View
    from .record import DealPoints, DealRecord, GameRecord, ShowRecord, game_points, record_json
    from .simulate import Interval, Report, RoleAverages, Setup, by_side, run_games, summarize, wilson_interval
    from .strategies import BUILT_IN, GreedyPlayer, PlayerSpecError, RandomPlayer, load_player_factory, player_factory
