"""crib: cribbage hand scoring and analysis.

The public names below are imported on first use, so that loading the package
(as the command line does for ``crib --help``) loads no scoring module or table.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

_HOMES = {
    "cards": ("DECK", "Card", "CardError", "Rank", "Suit", "parse_card", "parse_cards", "parse_show"),
    "score": ("Category", "Claim", "ScoreItem", "ShowScore", "check_claim", "score_show", "show_parts", "show_total", "spoken_count"),
    "discard": ("DiscardError", "StarterScore", "Throw", "analyze_discards", "best_throw", "crib_distribution", "hand_distribution", "starter_detail"),
    "peg": ("PegAdvice", "PegError", "PegEvent", "PegItem", "PegResult", "advise", "replay", "score_play"),
    "stats": ("Distribution", "show_distribution"),
    "cribs": ("CribPair", "expert_crib_means", "pair_table", "random_crib_mean"),
}
_MODULE_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = sorted(_MODULE_OF)


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'crib_cli' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


if TYPE_CHECKING:
    from .cards import DECK, Card, CardError, Rank, Suit, parse_card, parse_cards, parse_show
    from .cribs import CribPair, expert_crib_means, pair_table, random_crib_mean
    from .discard import DiscardError, StarterScore, Throw, analyze_discards, best_throw, crib_distribution, hand_distribution, starter_detail
    from .peg import PegAdvice, PegError, PegEvent, PegItem, PegResult, advise, replay, score_play
    from .score import Category, Claim, ScoreItem, ShowScore, check_claim, score_show, show_parts, show_total, spoken_count
    from .stats import Distribution, show_distribution
