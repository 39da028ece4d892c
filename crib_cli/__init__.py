"""crib: cribbage hand scoring and analysis.

The public names below are imported on first use, so that loading the package
(as the command line does for ``crib --help``) loads no scoring module or table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_names

_HOMES = {
    ".cards": ("DECK", "Card", "CardError", "Rank", "Suit", "parse_card", "parse_cards", "parse_show"),
    ".score": ("Category", "Claim", "ScoreItem", "ShowScore", "check_claim", "score_show", "show_parts", "show_total", "spoken_count"),
    ".rules": ("GameRules", "RulesError"),
    ".discard": ("StarterScore", "Throw", "analyze_discards", "best_throw", "crib_distribution", "hand_distribution", "starter_detail"),
    ".peg": ("Play", "PegError", "PegEvent", "PegItem", "PegResult", "Turn", "replay", "score_play"),
    ".stats": ("Distribution", "show_distribution"),
    ".cribs": ("CribPair", "expert_crib_means", "pair_table", "random_crib_mean"),
}

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "Category",
    "Claim",
    "CribPair",
    "Distribution",
    "GameRules",
    "PegError",
    "PegEvent",
    "PegItem",
    "PegResult",
    "Play",
    "Rank",
    "RulesError",
    "ScoreItem",
    "ShowScore",
    "StarterScore",
    "Suit",
    "Throw",
    "Turn",
    "analyze_discards",
    "best_throw",
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


__getattr__ = lazy_names(__name__, _HOMES, globals())


if TYPE_CHECKING:
    from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards, parse_show
    from .cribs import CribPair, expert_crib_means, pair_table, random_crib_mean
    from .discard import (
        StarterScore,
        Throw,
        analyze_discards,
        best_throw,
        crib_distribution,
        hand_distribution,
        starter_detail,
    )
    from .peg import PegError, PegEvent, PegItem, PegResult, Play, Turn, replay, score_play
    from .rules import GameRules, RulesError
    from .score import (
        Category,
        Claim,
        ScoreItem,
        ShowScore,
        check_claim,
        score_show,
        show_parts,
        show_total,
        spoken_count,
    )
    from .stats import Distribution, show_distribution
