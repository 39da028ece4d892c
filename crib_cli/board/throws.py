"""A throw's chance to win: the deal counted in its order by the sampled deals, then the board's table.

>>> starters = tuple((rank, 14, 0) for rank in range(1, 14) for _ in range(4))[:46]
>>> from crib_cli.rules import GameRules, Position
>>> throw_chances(Position(GameRules(), (115, 100), me_dealing=False), [Outlook((12, 13), starters)])[0] > 0.99
True
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import accumulate

from ..pegging import KeepPlay
from ..rules import Position
from .model import DealModel, PlayReach, crib_shift, deal_model, of_keep, removal, short_ratio
from .numerics import Moved, below, chance, correlated, pack, split
from .table import DEALER, ENDGAME, PONE, SCALE, board, ending_chance


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a throw brings to the deal, as the board weighs it.

    ``thrown`` is the ranks thrown to the crib, lower first; ``starters`` one
    entry for each card that may be turned, equally likely: its rank, the
    kept hand's points with it, and 1 if a thrown jack is of its suit (nobs
    in the crib), else 0. ``pegging`` is what the kept cards peg for less
    than they concede, against a keep the seat holds in the sampled deals
    (:func:`~crib_cli.board.model.pegging_shift`; 0 when not known); ``play`` how the kept cards'
    own play went in the pegging table's deals (:func:`crib_cli.pegging.keep_play`;
    None when not known: the play of all the sampled deals); ``dealt`` the
    ranks of all the cards I was dealt, kept and thrown, which his cards
    cannot be (empty when not known).
    """

    thrown: tuple[int, int]
    starters: tuple[tuple[int, int, int], ...]
    pegging: float = 0.0
    play: KeepPlay | None = None
    dealt: tuple[int, ...] = ()


def throw_chances(position: Position, outlooks: Sequence[Outlook]) -> tuple[float, ...]:
    """My chance to win the game with each throw, from the position as the deal begins.

    The deal is scored in its order: his heels, the play, the pone's hand, the
    dealer's hand, the crib; the first to the target wins there, and otherwise
    the game goes on from where the deal leaves it, by the board's table. My
    hand is exact for every starter; the rest is the sampled deals', moved by
    what my throw gives the crib, by my keep's pegging and its own play, and,
    from :data:`~crib_cli.board.table.ENDGAME` up, by what the ranks I was
    dealt take from his hand. See docs/methods.md for the model and how close
    it comes to simulating the deal.

    >>> from crib_cli.rules import GameRules
    >>> starters = tuple((rank, 0, 0) for rank in range(1, 14) for _ in range(4))[:46]
    >>> low, high = throw_chances(Position(GameRules(), (110, 110), me_dealing=True), [
    ...     Outlook((12, 13), starters, pegging=-1.0), Outlook((12, 13), starters, pegging=1.0)])
    >>> low < high
    True
    """
    (me, opponent), me_dealing = position.scores, position.me_dealing
    target, variant = position.rules.target, position.rules.variant
    model = deal_model(variant, DEALER if me_dealing else PONE)
    if ending_chance(position) < ENDGAME:
        outlooks = [replace(outlook, dealt=()) for outlook in outlooks]
    if me_dealing:
        moves = [_dealer_moves(model, opponent, target, variant, outlook) for outlook in outlooks]
        expectations: dict[tuple[int, int], Moved] = {}
        chances = [_as_dealer(model, me, opponent, target, variant, outlook, moved, expectations)
                   for outlook, moved in zip(outlooks, moves)]
    else:
        chances = [_as_pone(model, me, opponent, target, variant, outlook) for outlook in outlooks]
    return tuple(min(max(value, 0.0), 1.0) for value in chances)  # sums of chances may round past 1


def _groups(outlook: Outlook) -> dict[tuple[int, int, int], int]:
    groups: dict[tuple[int, int, int], int] = {}
    for starter in outlook.starters:
        groups[starter] = groups.get(starter, 0) + 1
    return groups


# --- as the pone ---------------------------------------------------------------------------------


def _as_pone(model: DealModel, me: int, opponent: int, target: int, variant: str, outlook: Outlook) -> float:
    total = 0.0
    need = target - me
    play = of_keep(model, PONE, outlook.play)
    for (rank, hand, nobs), cards in _groups(outlook).items():
        heels = 2 if rank == 11 else 0
        left = target - opponent - heels
        if left <= 0:
            continue  # his heels wins at the cut
        # His points after the play and his shows move with my crib's gift, my keep's pegging and my cards.
        whole, part = split(crib_shift(model, outlook.thrown, rank, nobs) - outlook.pegging
                            + removal(variant, DEALER, outlook.dealt, rank))
        start = max(opponent + heels + whole, 0)  # a shift is a model's, not a score: read below 0 as 0
        later = 0.0
        if hand < need:  # else my hand counts me out: there is no later
            low = later_as_dealer(target, variant, rank, start)[me + hand]
            high = later_as_dealer(target, variant, rank, start + 1)[me + hand]
            later = (low + part * (high - low)) * short_ratio(model.play, play, need - hand, left)
        total += cards * (_counted_out(play, need, left, hand) + later)
    return total / len(outlook.starters)


def _counted_out(play: PlayReach, need: int, left: int, hand: int) -> float:
    """As the pone, the chance that I win in the deal: I peg out first, or my hand counts me out
    after a play in which he did not peg out (``left`` is what he needs after a jack turned), the
    play that of my keep (``play``)."""
    sure = chance(play.first, need, left) + below(play.short, need, left)
    # Less the plays that leave me short of what my hand makes up (none peg fewer than 0).
    return sure - below(play.short, need - hand, left) if need > hand else sure


@lru_cache(maxsize=1 << 13)
def later_as_dealer(target: int, variant: str, rank: int, start: int) -> array[float]:
    """As the pone with a starter of ``rank``, his points after the play and his shows moved to begin at
    ``start``: by the score my hand takes me to (short of the target), the chance, over what I peg
    short of the target and his play and shows after it, that I win as the next dealer. Kept from throw
    to throw and deal to deal: it depends on his score and the starter, not the cards."""
    deals = deal_model(variant, PONE).rows[rank]
    scale = SCALE * deals.total
    sums = correlated(deals.kernel, len(deals.counts), _packed(target, variant, PONE), start, target)
    return array("d", [count / scale for count in sums])


# --- as the dealer -------------------------------------------------------------------------------


_Moves = dict[tuple[int, int], tuple[int, float, tuple[tuple[int, float], ...]]]
"""As the dealer with a throw, by starter rank and nobs: how far my points move with my crib and my
keep's pegging (whole points and the fraction of the next), and his score as it moves with what my
cards take from his hand (the whole points either side, each with its weight; at the target he has
counted out)."""


def _dealer_moves(model: DealModel, opponent: int, target: int, variant: str, outlook: Outlook) -> _Moves:
    moves: _Moves = {}
    for rank, _, nobs in set(outlook.starters):
        if (rank, nobs) not in moves:
            whole, part = split(crib_shift(model, outlook.thrown, rank, nobs) + outlook.pegging)
            his, share = split(removal(variant, PONE, outlook.dealt, rank))
            low = min(max(opponent + his, 0), target)
            if share:
                moves[rank, nobs] = whole, part, ((low, 1.0 - share), (min(max(opponent + his + 1, 0), target), share))
            else:
                moves[rank, nobs] = whole, part, ((low, 1.0),)
    return moves


def _as_dealer(model: DealModel, me: int, opponent: int, target: int, variant: str, outlook: Outlook,
               moves: _Moves, expectations: dict[tuple[int, int], Moved]) -> float:
    """As the dealer, my chance to win with a throw; ``expectations``, by his score and the starter's rank,
    are the throws' to share."""
    total = 0.0
    need, theirs = target - me, target - opponent
    play = of_keep(model, DEALER, outlook.play)
    for (rank, hand, nobs), cards in _groups(outlook).items():
        heels = 2 if rank == 11 else 0
        left = need - heels
        if left <= 0:
            total += cards  # my heels wins at the cut
            continue
        whole, part, scores = moves[rank, nobs]
        later = 0.0
        for his, weight in scores:
            moved = expectations.get((his, rank))
            if moved is None:
                moved = expectations[his, rank] = Moved(model.cribs[rank], dealer_shows(me, his, target, variant, rank))
            later += weight * moved.shifted(hand, whole, part)
        later *= short_ratio(model.play, play, left, theirs)
        total += cards * (chance(play.first, left, theirs) + later)
    return total / len(outlook.starters)


SHOWN = 72
"""How far the dealer's chance after the play is worked out, by the points he then shows: past the
most a hand and a crib show, moved by the model's largest shift (see docs/methods.md; a test checks
the extreme throw)."""


@lru_cache(maxsize=1 << 15)
def dealer_shows(me: int, opponent: int, target: int, variant: str, rank: int) -> array[float]:
    """As the dealer, with a starter of ``rank``: for each more points ``y`` I show (hand and crib) after
    the play, short of :data:`SHOWN`, my chance to win (``y`` reaches what I lack, and his hand did not
    count out first) or win later as the pone of the next deal, over what the play may bring me short of
    what I need, each weighed by its chance. Kept from throw to throw and deal to deal, as many
    positions as a long run of games visits: they depend on the position, not the cards."""
    heels = 2 if rank == 11 else 0
    sums, short = _later_as_pone(target, variant, rank, opponent)
    out = short[min(target - me - heels, len(short) - 1)]  # the plays that reach what I lack: won in the play
    scale = SCALE * deal_model(variant, DEALER).rows[rank].total
    return array("d", [((sums[score] if score < target else short[0]) - out) / scale
                       for score in range(me + heels, me + heels + SHOWN)])


@lru_cache(maxsize=1 << 13)
def _later_as_pone(target: int, variant: str, rank: int, opponent: int) -> tuple[array[int], list[int]]:
    """As the dealer with a starter of ``rank``, the pone at ``opponent``: by the score my play and shows
    take me to (short of the target), the deals in which the pone's play and hand leave him short of the
    target and I win as the next pone, over all I may peg, in 65,535ths; and the deals in which he is
    left short, by what I peg from that many points up (at the target or past it, mine won). Positions
    around each other share them, kept from deal to deal."""
    deals = deal_model(variant, DEALER).rows[rank]
    short = [sum(row[: target - opponent]) * SCALE for row in deals.counts] + [0]
    return (correlated(deals.kernel, len(deals.counts), _packed(target, variant, DEALER), opponent, target),
            list(accumulate(reversed(short)))[::-1])


@cache
def _packed(target: int, variant: str, seat: int) -> tuple[int, ...]:
    """The table's chances for the seat's next deal, packed for :func:`~crib_cli.board.numerics.correlated`:
    by the other seat's score then, one number with a place for each score of mine, in 65,535ths. As
    the pone now, my chance as the next dealer (short of the target: a score at it has won in the deal).
    As the dealer now, my chance as the next pone, and past the target all of it, as far as my play may
    take a score (his score at the target or past it has no number: he has won)."""
    win = board(target, variant).win
    if seat == PONE:
        return tuple(pack(win[pone::target]) for pone in range(target))
    beyond = [SCALE] * len(next(iter(deal_model(variant, DEALER).rows.values())).counts)
    return tuple(pack([SCALE - won for won in win[dealer * target : (dealer + 1) * target]] + beyond)
                 for dealer in range(target))
