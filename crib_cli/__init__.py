"""crib: cribbage hand scoring and analysis."""

from __future__ import annotations

from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards, parse_show
from .score import Category, Claim, ScoreItem, ShowScore, check_claim, score_show, show_parts, show_total, spoken_count
from .discard import DiscardError, StarterScore, Throw, analyze_discards, crib_distribution, hand_distribution, starter_detail
from .cribs import CribPair, expert_crib_means, pair_table, random_crib_mean
from .peg import PegAdvice, PegError, PegEvent, PegItem, PegResult, advise, replay, score_play
from .stats import Distribution, show_distribution

__all__ = [
    "Card",
    "CardError",
    "Category",
    "Claim",
    "CribPair",
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
    "check_claim",
    "crib_distribution",
    "expert_crib_means",
    "hand_distribution",
    "pair_table",
    "parse_card",
    "parse_cards",
    "parse_show",
    "random_crib_mean",
    "replay",
    "score_play",
    "score_show",
    "show_distribution",
    "show_parts",
    "show_total",
    "spoken_count",
    "starter_detail",
]
