"""crib: cribbage hand scoring and analysis."""

from __future__ import annotations

from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards, parse_show
from .score import Category, Claim, ScoreItem, ShowScore, check_claim, score_show, show_parts, show_total, spoken_count
from .stats import Distribution, show_distribution

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "Category",
    "Claim",
    "Distribution",
    "Rank",
    "ScoreItem",
    "ShowScore",
    "Suit",
    "check_claim",
    "parse_card",
    "parse_cards",
    "parse_show",
    "score_show",
    "show_distribution",
    "show_parts",
    "show_total",
    "spoken_count",
]
