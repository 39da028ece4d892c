"""Whole games of cribbage: the engine, the player protocol, strategies, simulation."""

from __future__ import annotations

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
from .players import GameRules, IllegalMove, Player, View
from .record import DealPoints, DealRecord, GameRecord, ShowRecord, game_points, record_json
from .simulate import Interval, Report, RoleAverages, by_side, run_games, summarize, wilson_interval
from .strategies import BUILT_IN, GreedyPlayer, PlayerSpecError, RandomPlayer, load_player_factory, player_factory

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
    "PlayerSpecError",
    "RandomPlayer",
    "Report",
    "RoleAverages",
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
