"""crib: cribbage hand scoring and analysis."""

from __future__ import annotations

from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards, parse_show
from .score import Category, Claim, ScoreItem, ShowScore, check_claim, score_show, show_parts, show_total, spoken_count
from .discard import (
    DiscardError,
    StarterScore,
    Throw,
    analyze_discards,
    best_throw,
    crib_distribution,
    hand_distribution,
    starter_detail,
)
from .peg import PegAdvice, PegError, PegEvent, PegItem, PegResult, advise, replay, score_play
from .stats import Distribution, show_distribution

__all__ = [
    "Card",
    "CardError",
    "Category",
    "Claim",
    "DECK",
    "DiscardError",
    "Distribution",
    "PegAdvice",
    "PegError",
    "PegEvent",
    "PegItem",
    "PegResult",
    "Rank",
    "ScoreItem",
    "ShowScore",
    "StarterScore",
    "Suit",
    "Throw",
    "advise",
    "analyze_discards",
    "best_throw",
    "check_claim",
    "crib_distribution",
    "hand_distribution",
    "parse_card",
    "parse_cards",
    "parse_show",
    "replay",
    "score_play",
    "score_show",
    "show_distribution",
    "show_parts",
    "show_total",
    "spoken_count",
    "starter_detail",
]
