"""The board: the chance to win from every position, expert-points against itself, and the odds of a big win.

A position is the start of a deal in a two-player game: the dealer's score,
the pone's score and the target (six-card cribbage to 121 or 61, five-card
cribbage to 61). The tables in :mod:`crib_cli.data.board` are built by
:mod:`crib_cli.builders.board` from simulated deals of the expert against
itself: the chance is the expert's against an equal player.

>>> round(dealer_chance(0, 0), 2)
0.56
>>> odds(95, 110, me_dealing=True).win < 0.5
True
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from functools import cache, lru_cache
from itertools import accumulate, pairwise, repeat
from math import prod
from operator import add, mul, truediv
from typing import Any, NamedTuple

from .pegging import WINDOW, KeepPlay
from .rules import SKUNKS, TARGETS, RulesError
from .tables import RANKS

BOARDS = (("six", 121), ("six", 61), ("five", 61))
"""The games a table is built for: six-card cribbage to 121 and to 61, five-card cribbage to 61."""

_SCALE = 65535
_MARGIN_NAMES = {"double_skunks": "double skunk", "skunks": "skunk", "lurches": "lurch"}
"""The name of one big win of each kind of :data:`~crib_cli.rules.SKUNKS`."""


@dataclass(frozen=True, slots=True)
class Board:
    """One game's tables: for each position, the dealer's chance to win, and to win or lose with
    the loser below each margin of :data:`~crib_cli.rules.SKUNKS` (lightest first)."""

    variant: str
    target: int
    win: array[int]
    big_for: tuple[array[int], ...]
    big_against: tuple[array[int], ...]

    def at(self, table: array[int], dealer: int, pone: int) -> float:
        """A chance from ``table`` at the position (dealer's score, pone's score)."""
        return table[dealer * self.target + pone] / _SCALE

    def dealer_win(self, dealer: int, pone: int) -> float:
        """The dealer's chance to win from the position."""
        return self.win[dealer * self.target + pone] / _SCALE


_FLOAT_TABLES = ("CRIB_MEANS", "PEGGING_FIT_")
"""The generated module's tables of eight-byte floats, by the start of their names; the rest are four-byte counts."""


@cache
def grid(name: str) -> list[Any]:
    """A table of counts of the generated module (a dense array of bytes) as nested lists of its shape."""
    from .data import board as data

    shape: tuple[int, ...] = getattr(data, f"{name}_SHAPE")
    values = array("d" if name.startswith(_FLOAT_TABLES) else "I", getattr(data, name))
    if sys.byteorder == "little":
        values.byteswap()
    flat = values.tolist()

    def nest(start: int, sizes: tuple[int, ...]) -> list[Any]:
        if len(sizes) == 1:
            return flat[start : start + sizes[0]]
        step = prod(sizes[1:])
        return [nest(start + at * step, sizes[1:]) for at in range(sizes[0])]

    return nest(0, shape)


def check_game(target: int, variant: str) -> None:
    """Raise :class:`~crib_cli.rules.RulesError` unless there is a table for the game."""
    if (variant, target) not in BOARDS:
        games = ", ".join(f"{v}-card to {t}" for v, t in BOARDS)
        raise RulesError(f"the board is known for two-player {games}, not {variant}-card to {target}")


@cache
def board(target: int = TARGETS[0], variant: str = "six") -> Board:
    """The tables of a game, read once from the generated module."""
    check_game(target, variant)
    from .data import board as data

    suffix = f"{variant.upper()}_{target}"

    def table(name: str) -> array[int]:
        values = array("H", getattr(data, name))
        if sys.byteorder == "little":
            values.byteswap()
        return values

    margins = range(len(SKUNKS[target]))
    return Board(
        variant,
        target,
        table(f"WIN_{suffix}"),
        tuple(table(f"BIG_FOR_{suffix}_{at}") for at in margins),
        tuple(table(f"BIG_AGAINST_{suffix}_{at}") for at in margins),
    )


def check_position(scores: tuple[int, ...], target: int) -> None:
    """Raise :class:`~crib_cli.rules.RulesError` unless every score is a score of a game not yet won."""
    for score in scores:
        if not 0 <= score < target:
            raise RulesError(f"a score is 0 to {target - 1} in a game to {target}, not {score}")


def dealer_chance(dealer: int, pone: int, *, target: int = TARGETS[0], variant: str = "six") -> float:
    """The dealer's chance to win from the start of a deal at these scores."""
    check_position((dealer, pone), target)
    return board(target, variant).dealer_win(dealer, pone)


@dataclass(frozen=True, slots=True)
class Odds:
    """One seat's chances from a position: to win, and to win and to lose by each big margin.

    ``margins`` names the big wins, heaviest first (``double skunk``, ``skunk``; or ``lurch``), each
    with its game points and the chances that it is mine (``wins``) or the opponent's (``losses``):
    a skunk is a win with the loser from 61 to 90, a double skunk below 61.
    """

    me: int
    opponent: int
    me_dealing: bool
    target: int
    variant: str
    win: float
    margins: tuple[tuple[str, int], ...]
    wins: tuple[float, ...]
    losses: tuple[float, ...]

    @property
    def lose(self) -> float:
        """The chance to lose."""
        return 1.0 - self.win

    @property
    def game_points(self) -> float:
        """Expected game points won less game points lost."""
        plain_win = self.win - sum(self.wins)
        plain_loss = self.lose - sum(self.losses)
        points = [points for _, points in self.margins]
        return plain_win - plain_loss + sum(p * (w - l) for p, w, l in zip(points, self.wins, self.losses))


def odds(me: int, opponent: int, *, me_dealing: bool, target: int = TARGETS[0], variant: str = "six") -> Odds:
    """My chances from the start of a deal at these scores, as dealer or as pone."""
    check_position((me, opponent), target)
    tables = board(target, variant)
    dealer, pone = (me, opponent) if me_dealing else (opponent, me)
    win = tables.dealer_win(dealer, pone)
    below_for = [tables.at(t, dealer, pone) for t in tables.big_for]
    below_against = [tables.at(t, dealer, pone) for t in tables.big_against]
    if not me_dealing:
        win, below_for, below_against = 1.0 - win, below_against, below_for
    # The tables hold "loser below each margin", lightest first; a margin's own chance is the
    # difference of consecutive ones. Margins are named heaviest first, as in the rules.
    kinds = SKUNKS[target]
    exact_for = _exact(below_for)
    exact_against = _exact(below_against)
    names = tuple((_MARGIN_NAMES[kind], points) for _, points, kind in kinds)
    return Odds(me, opponent, me_dealing, target, variant, win, names, exact_for, exact_against)


def _exact(below: list[float]) -> tuple[float, ...]:
    """Chances of each margin alone, heaviest first, from chances of the loser being below each, lightest first."""
    heaviest_first = below[::-1]
    return tuple(
        value - (heaviest_first[at - 1] if at else 0.0) for at, value in enumerate(heaviest_first)
    )


# --- one deal, decided by the board -------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Outlook:
    """What a throw brings to the deal, as the board weighs it.

    ``thrown`` is the ranks thrown to the crib, lower first; ``starters`` one
    entry for each card that may be turned, equally likely: its rank, the
    kept hand's points with it, and 1 if a thrown jack is of its suit (nobs
    in the crib), else 0. ``pegging`` is what the kept cards peg for less
    than they concede, against a keep the seat holds in the sampled deals
    (:func:`pegging_shift`; 0 when not known); ``play`` how the kept cards'
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


class _Play(NamedTuple):
    """Who reaches what in the play, over some deals: ``first[need][k]``, the chance the seat first
    has ``need`` points while the other has fewer than ``k``; ``short[points][k]``, the chance it pegs
    fewer than ``points`` while the other pegs fewer than ``k``."""

    first: list[list[float]]
    short: list[list[float]]

    @classmethod
    def of(cls, first: list[list[float]], alone: list[list[float]]) -> _Play:
        """The tables from ``first`` and ``alone[points][k]``, the chance the seat pegs exactly
        ``points`` while the other pegs fewer than ``k`` (its rows all as long): ``short`` summed from
        it, and ``first`` of a need of 0 sure (it is had before the play begins, the other at 0)."""
        first = [[0.0] + [1.0] * (len(first[0]) - 1), *first[1:]]
        short = [[0.0] * len(alone[0])]
        for row in alone:
            short.append(list(map(add, short[-1], row)))
        return cls(first, short)


class _Deals(NamedTuple):
    """A starter rank's sampled deals from one seat's side: ``counts[my play][his total]`` of ``total``
    (:func:`_trimmed`), and packed for :func:`_correlated` (``kernel``)."""

    counts: list[list[int]]
    total: int
    kernel: list[int]


class _Model(NamedTuple):
    """What the sampled deals of a variant say of a deal's scoring, for :func:`throw_chances`, from
    one seat's side (its view alone is read, so the other's is not worked out).

    By starter rank: the sampled deals by the seat's points in the play and the
    other's total (``rows[rank]``, :class:`_Deals`): as the pone, his play,
    hand and crib; as the dealer, his play and hand. The crib (``cribs``, ``crib_means``). Who reaches what in
    the play, for the seat, over all deals (``play``). ``gift[rank]``: how
    far the seat's own throws in the sampled deals moved the crib, against a
    throw of any two cards (the sampled cribs already hold it).
    """

    rows: dict[int, _Deals]
    cribs: dict[int, list[float]]
    play: _Play
    crib_means: list[list[list[float]]]
    gift: dict[int, float]


_PONE, _DEALER = 0, 1


@cache
def _model(variant: str, seat: int) -> _Model:
    from .data import board as data

    name = variant.upper()
    deals: int = getattr(data, f"DEALS_{name}")
    label = ("PONE", "DEALER")[seat]
    rows = {}
    for rank, table in enumerate(grid(f"{label}_VIEW_{name}")):
        total = sum(map(sum, table))
        if total:
            if total * _SCALE >> _PLACE:
                raise ValueError(f"{total} deals of a starter rank are too many for a place of {_PLACE} bits")
            counts = _trimmed(table, total)
            rows[rank] = _Deals(counts, total, _kernel(counts))
    means: list[list[list[float]]] = grid("CRIB_MEANS")
    by_rank = grid(f"THROWS_{name}")[seat]  # [lower rank][higher rank][starter rank]
    gift = {}
    for rank in RANKS:
        thrown = [(by_rank[low][high][rank], means[low][high][rank] - means[0][0][rank])
                  for low in RANKS for high in RANKS[low - 1 :] if by_rank[low][high][rank]]
        if thrown:
            gift[rank] = sum(n * shift for n, shift in thrown) / sum(n for n, _ in thrown)
    play = grid(f"PLAY_TOTALS_{name}")  # [dealer][pone]
    alone = [list(column) for column in zip(*play)] if seat == _PONE else play
    return _Model(
        rows, _cribs(variant), _Play.of(_prefix(grid(f"PLAY_REACH_{label}_{name}"), deals), _prefix(alone, deals)),
        means, gift,
    )


@cache
def _cribs(variant: str) -> dict[int, list[float]]:
    """By starter rank, the distribution of the sampled deals' cribs, as far as it goes (the dealer reads
    his shows only as far)."""
    return {rank: [count / sum(row) for count in row[: _counted(row)]]
            for rank, row in enumerate(grid(f"CRIBS_{variant.upper()}")) if sum(row)}


def _prefix(table: Sequence[Sequence[int]], deals: int) -> list[list[float]]:
    """``out[points][k]``: the chance of the points while the other seat has fewer than ``k``, over
    ``deals`` deals, from the counts by the other seat's points."""
    return [[0.0, *accumulate(map(truediv, row, repeat(deals)))] for row in table]


def _of_keep(model: _Model, seat: int, play: KeepPlay | None) -> _Play:
    """The play as the seat's keep plays it: its own (:func:`_own_play`), or over all the sampled deals."""
    return model.play if play is None else _own_play(play, seat)


@lru_cache(maxsize=1 << 12)
def _own_play(play: KeepPlay, seat: int) -> _Play:
    """A keep's own play, from the pegging table's deals. Past the table's window (its last row counts
    that many points or more) the keep reaches each need as often as in all the sampled deals of
    six-card cribbage, scaled by how often it reaches the window's last need against them, and its
    points there are shared out the same way: the window holds all but a few tenths of a point of
    percentage of them. The other seat's points past the window read as within it."""
    first = _prefix(play.reach, play.deals)
    alone = _prefix(play.totals, play.deals)
    every = _model("six", seat).play.first
    reached = first[WINDOW][-1]  # the chance of the window's points or more: its last row of totals
    if reached and every[WINDOW][-1]:
        scale = reached / every[WINDOW][-1]
        first += [[scale * chance for chance in row] for row in every[WINDOW + 1 :]]
        tail = [row[-1] for row in first[WINDOW:]] + [0.0]
        last = alone.pop()
        alone += [[(high - low) / reached * chance for chance in last] for high, low in pairwise(tail)]
    return _Play.of(first, alone)


def _scale(every: _Play, mine: _Play, below: int, limit: int) -> float:
    """How much likelier the play is to leave both seats short (the seat of fewer than ``below``
    points, the other of fewer than ``limit``) in ``mine``, the keep's own play, than in ``every``
    deal: the rest of the deal, counted over all deals, is weighed by it."""
    points = max(below, 0)
    short = _below(every.short, points, limit)
    return _below(mine.short, points, limit) / short if short else 1.0


def _below(short: list[list[float]], points: int, limit: int) -> float:
    """``short[points][limit]``, a chance of fewer than so many points: past the table, its last row."""
    return _chance(short, min(points, len(short) - 1), limit)


@cache
def _pegging_line(variant: str, me_dealing: bool) -> tuple[float, float]:
    """The seat's held keeps' mean pegging value in the sampled deals, and the slope of the least-squares
    line of what the seat pegged for less than it conceded on its keep's value (0 without values)."""
    deals, x, y, xx, xy = grid(f"PEGGING_FIT_{variant.upper()}")[_DEALER if me_dealing else _PONE]
    spread = deals * xx - x * x
    return x / deals / 1000, (deals * xy - x * y) / spread * 1000 if spread else 0.0


def pegging_shift(value: float, *, me_dealing: bool, variant: str = "six") -> float:
    """What a keep of this pegging value (the table's, :func:`crib_cli.pegging.pegging_value`) pegs for
    less than it concedes, against the keeps the seat holds in the sampled deals: their line of net
    pegging on the value, read at it. The table's values carry noise and are measured against an
    opponent who keeps by points alone, so the line is flatter than the values and a keep of the
    held keeps' mean value moves nothing.

    >>> pegging_shift(0.5, me_dealing=False) > pegging_shift(-1.0, me_dealing=False)
    True
    """
    mean, slope = _pegging_line(variant, me_dealing)
    return slope * (value - mean)


ENDGAME = 0.005
"""Below this chance that a deal ends the game, the expert throws by points (and the analyst ranks
throws by points): only from it up does it weigh its throws by the chance to win."""


def ending_chance(me: int, opponent: int, *, me_dealing: bool, target: int = TARGETS[0], variant: str = "six") -> float:
    """About how likely a deal from this position is to end the game: the chance the dealer's points in
    the deal reach his need, plus the pone's, by the sampled deals (a deal where both would counts twice)."""
    dealer, pone = (me, opponent) if me_dealing else (opponent, me)
    tails = _tails(variant)
    return _tail(tails[_DEALER], target - dealer) + _tail(tails[_PONE], target - pone)


def _tail(tail: list[float], need: int) -> float:
    return tail[need] if need < len(tail) else 0.0


@cache
def _tails(variant: str) -> tuple[list[float], list[float]]:
    """By seat, the chance of at least ``n`` points in a deal, for each ``n``."""
    totals = grid(f"TOTALS_{variant.upper()}")  # [dealer][pone]
    deals = sum(map(sum, totals))
    tails = []
    for tally in ([sum(column) for column in zip(*totals)], [sum(row) for row in totals]):
        tail, running = [], 0
        for count in reversed(tally):
            running += count
            tail.append(running / deals)
        tails.append(tail[::-1])
    return tails[0], tails[1]


_SLIGHT = 1e-6
"""Chances below this at the end of a row, and rows of less than it, are left out of the sums: a
ten-thousandth of a point of percentage, for work saved in every one of them."""


def _trimmed(table: list[list[int]], total: int) -> list[list[int]]:
    """Rows of counts of ``total`` deals without their slight tails (each a chance below :data:`_SLIGHT`);
    rows of next to nothing emptied (but kept, for their place)."""
    out = []
    for counts in table:
        end = _counted(counts)
        row = counts[:end]
        while end and row[end - 1] / total < _SLIGHT:
            end -= 1
        out.append(row[:end] if sum(row) / total >= _SLIGHT else [])
    return out


def _counted(counts: list[int]) -> int:
    """How far a row of counts goes: the place after its last count that is not none."""
    return len(bytes(map(bool, counts)).rstrip(b"\0"))


def _chance(table: list[list[float]], points: int, limit: int) -> float:
    """``table[points][limit]``, 0 beyond the table (no such points) and the last column past it."""
    if points >= len(table) or limit <= 0:
        return 0.0
    row = table[points]
    return row[min(limit, len(row) - 1)]


@cache
def _rows(target: int, variant: str) -> tuple[tuple[float, ...], ...]:
    """The dealer's chance by position as rows (``[dealer][pone]``), each padded with zeros past the
    target: a pone at the target or past it has already won."""
    chances = tuple(map(truediv, board(target, variant).win, repeat(_SCALE)))
    pad = (0.0,) * (target + 64)
    return tuple(chances[dealer * target : (dealer + 1) * target] + pad for dealer in range(target))


def throw_chances(
    me: int, opponent: int, *, me_dealing: bool, outlooks: Sequence[Outlook], target: int = TARGETS[0],
    variant: str = "six",
) -> tuple[float, ...]:
    """My chance to win the game with each throw, from my score and the opponent's as the deal begins.

    The deal is scored in its order: his heels (a jack turned), the play,
    the pone's hand, the dealer's hand, the crib; the first to the target
    wins there, and otherwise the game goes on from where the deal leaves
    it (the board's table). My hand is exact for every starter. The rest is
    the sampled deals' by starter rank: the play's points and the other
    seat's hand, with the crib moved by what my throw adds to it against a
    throw of any two cards, and the play by what my keep pegs against the
    keeps held in them (:func:`pegging_shift`); who first reaches a need in
    the play, and what it leaves my hand to make, by my keep's own play in
    the pegging table's deals (the outlook's ``play``), the rest of the deal
    weighed by how likely that play is to leave both seats short; his hand moved by what the
    ranks I was dealt (the outlook's ``dealt``) take from it where the deal
    may end the game (from :data:`ENDGAME`: short of it the shift moves
    every throw alike by a sliver, and the dealer's count would take twice
    as long). The same count serves every score: far from the end, where
    the deal cannot end the game, it is the table's chance over where the
    deal may leave the seats.
    See docs/methods.md for how close it comes to simulating the deal.
    """
    check_position((me, opponent), target)
    model = _model(variant, _DEALER if me_dealing else _PONE)
    if ending_chance(me, opponent, me_dealing=me_dealing, target=target, variant=variant) < ENDGAME:
        outlooks = [replace(outlook, dealt=()) for outlook in outlooks]
    if me_dealing:
        moves = [_dealer_moves(model, opponent, target, variant, outlook) for outlook in outlooks]
        expectations: dict[tuple[int, int], _Moved] = {}
        chances = [_as_dealer(model, me, opponent, target, variant, outlook, moved, expectations)
                   for outlook, moved in zip(outlooks, moves)]
    else:
        chances = [_as_pone(model, me, opponent, target, variant, outlook) for outlook in outlooks]
    return tuple(min(max(chance, 0.0), 1.0) for chance in chances)  # sums of chances may round past 1


def _groups(outlook: Outlook) -> dict[tuple[int, int, int], int]:
    groups: dict[tuple[int, int, int], int] = {}
    for starter in outlook.starters:
        groups[starter] = groups.get(starter, 0) + 1
    return groups


def _split(shift: float) -> tuple[int, float]:
    """A shift of points as whole points and the fraction of the next point."""
    whole = int(shift // 1)
    return whole, shift - whole


class _Moved:
    """The expectation of ``values[start + y]`` when ``y`` has the distribution ``chances``, by ``start``,
    each worked out once: the shifts of a deal's throws, and the play's ends, read the same places."""

    __slots__ = ("chances", "known", "values")

    def __init__(self, chances: Sequence[float], values: Sequence[float]) -> None:
        self.chances, self.values = chances, values
        self.known: dict[int, float] = {}

    def at(self, start: int) -> float:
        """The expectation of ``values[start + y]``."""
        found = self.known.get(start)
        if found is None:
            found = self.known[start] = sum(map(mul, self.chances, self.values[start : start + len(self.chances)]))
        return found

    def shifted(self, base: int, whole: int, part: float) -> float:
        """The expectation of ``values[base + y + shift]`` for a shift of ``whole + part`` points (the
        fraction shared between the whole points either side).

        A shift is a model's, not a score: one down may read a little below ``base`` (never below 0).
        """
        start = max(base + whole, 0)
        low = self.at(start)
        return float(low + part * (self.at(start + 1) - low))


class _MovedRows(dict[int, _Moved]):
    """:class:`_Moved` of ``chances`` over each of ``rows`` (by its index), made when first read."""

    def __init__(self, chances: Sequence[float], rows: Sequence[Sequence[float]]) -> None:
        super().__init__()
        self.chances, self.rows = chances, rows

    def __missing__(self, row: int) -> _Moved:
        moved = self[row] = _Moved(self.chances, self.rows[row])
        return moved


def _crib_shift(model: _Model, thrown: tuple[int, int], rank: int, nobs: int) -> float:
    """How far my throw moves the crib, against the throws the seat makes in the sampled deals."""
    means = model.crib_means
    low, high = thrown
    return means[low][high][rank] - means[0][0][rank] + nobs - model.gift.get(rank, 0.0)


def _as_pone(model: _Model, me: int, opponent: int, target: int, variant: str, outlook: Outlook) -> float:
    total = 0.0
    need = target - me
    play = _of_keep(model, _PONE, outlook.play)
    for (rank, hand, nobs), cards in _groups(outlook).items():
        heels = 2 if rank == 11 else 0
        left = target - opponent - heels
        if left <= 0:
            continue  # his heels wins at the cut
        # His points after the play and his shows move with my crib's gift, my keep's pegging and my cards.
        whole, part = _split(_crib_shift(model, outlook.thrown, rank, nobs) - outlook.pegging
                             + _removal(variant, _DEALER, outlook.dealt, rank))
        start = max(opponent + heels + whole, 0)  # a shift is a model's, not a score: read below 0 as 0
        later = 0.0
        if hand < need:  # else my hand counts me out: there is no later
            low = _later_as_dealer(target, variant, rank, start)[me + hand]
            high = _later_as_dealer(target, variant, rank, start + 1)[me + hand]
            later = (low + part * (high - low)) * _scale(model.play, play, need - hand, left)
        total += cards * (_counted_out(play, need, left, hand) + later)
    return total / len(outlook.starters)


def _counted_out(play: _Play, need: int, left: int, hand: int) -> float:
    """As the pone, the chance that I win in the deal: I peg out first, or my hand counts me out
    after a play in which he did not peg out (``left`` is what he needs after a jack turned), the
    play that of my keep (``play``)."""
    sure = _chance(play.first, need, left) + _below(play.short, need, left)
    # Less the plays that leave me short of what my hand makes up (none peg fewer than 0).
    return sure - _below(play.short, need - hand, left) if need > hand else sure


@lru_cache(maxsize=1 << 13)
def _later_as_dealer(target: int, variant: str, rank: int, start: int) -> array[float]:
    """As the pone with a starter of ``rank``, his points after the play and his shows moved to begin at
    ``start``: by the score my hand takes me to (short of the target), the chance, over what I peg
    short of the target and his play and shows after it, that I win as the next dealer. Kept from throw
    to throw and deal to deal: it depends on his score and the starter, not the cards."""
    deals = _model(variant, _PONE).rows[rank]
    scale = _SCALE * deals.total
    return array("d", [count / scale for count in _correlated(deals, _packed(target, variant, _PONE), start, target)])


def _correlated(deals: _Deals, columns: Sequence[int], start: int, scores: int) -> array[int]:
    """``out[s] = sum(counts[p][j] * columns[start + j] at place s + p)`` for each score ``s`` short of
    ``scores``: the deals against a table's columns (:func:`_packed`), exact in whole numbers. Each of
    his totals is one product of two packed numbers, every play of mine and every score of mine at
    once, in places of :data:`_PLACE` bits (a sum of counts of 65,535ths never carries into the next)."""
    summed = sum(number * column for number, column in zip(deals.kernel, columns[start:]) if number)
    size = _PLACE // 8 * scores
    placed = summed >> (_PLACE * (len(deals.counts) - 1)) & ((1 << (8 * size)) - 1)
    return array("I", placed.to_bytes(size, sys.byteorder))


_PLACE = 32
"""Bits of a place in :func:`_correlated`'s packed numbers: a starter rank's deals (about 23,000 in the
shipped tables) times a chance in 65,535ths stay below 2 ** 32 (checked as the deals are read)."""


def _kernel(counts: list[list[int]]) -> list[int]:
    """The counts packed for :func:`_correlated`: for each of his totals, one number with my play ``p``'s
    count at place ``len(counts) - 1 - p`` (last first, so that the product lines my play up with my score)."""
    return [_pack([row[total] if total < len(row) else 0 for row in reversed(counts)])
            for total in range(max(map(len, counts), default=0))]


def _pack(values: Sequence[int]) -> int:
    """Whole numbers below 2 ** 32 as one number, a place of :data:`_PLACE` bits each, the first lowest."""
    return int.from_bytes(array("I", values).tobytes(), sys.byteorder)


@cache
def _packed(target: int, variant: str, seat: int) -> tuple[int, ...]:
    """The table's chances for the seat's next deal, packed for :func:`_correlated`: by the other seat's
    score then, one number with a place for each score of mine, in 65,535ths. As the pone now, my chance
    as the next dealer (short of the target: a score at it has won in the deal). As the dealer now, my
    chance as the next pone, and past the target all of it, as far as my play may take a score (his
    score at the target or past it has no number: he has won)."""
    win = board(target, variant).win
    if seat == _PONE:
        return tuple(_pack(win[pone::target]) for pone in range(target))
    beyond = [_SCALE] * len(next(iter(_model(variant, _DEALER).rows.values())).counts)
    return tuple(_pack([_SCALE - chance for chance in win[dealer * target : (dealer + 1) * target]] + beyond)
                 for dealer in range(target))


_Moves = dict[tuple[int, int], tuple[int, float, tuple[tuple[int, float], ...]]]
"""As the dealer with a throw, by starter rank and nobs: how far my points move with my crib and my
keep's pegging (whole points and the fraction of the next), and his score as it moves with what my
cards take from his hand (the whole points either side, each with its weight; at the target he has
counted out)."""


def _dealer_moves(model: _Model, opponent: int, target: int, variant: str, outlook: Outlook) -> _Moves:
    moves: _Moves = {}
    for rank, _, nobs in set(outlook.starters):
        if (rank, nobs) not in moves:
            whole, part = _split(_crib_shift(model, outlook.thrown, rank, nobs) + outlook.pegging)
            his, share = _split(_removal(variant, _PONE, outlook.dealt, rank))
            low = min(max(opponent + his, 0), target)
            if share:
                moves[rank, nobs] = whole, part, ((low, 1.0 - share), (min(max(opponent + his + 1, 0), target), share))
            else:
                moves[rank, nobs] = whole, part, ((low, 1.0),)
    return moves


def _as_dealer(model: _Model, me: int, opponent: int, target: int, variant: str, outlook: Outlook,
               moves: _Moves, expectations: dict[tuple[int, int], _Moved]) -> float:
    """As the dealer, my chance to win with a throw; ``expectations``, by his score and the starter's rank,
    are the throws' to share."""
    total = 0.0
    need, theirs = target - me, target - opponent
    play = _of_keep(model, _DEALER, outlook.play)
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
                moved = expectations[his, rank] = _Moved(model.cribs[rank], _dealer_shows(me, his, target, variant, rank))
            later += weight * moved.shifted(hand, whole, part)
        later *= _scale(model.play, play, left, theirs)
        total += cards * (_chance(play.first, left, theirs) + later)
    return total / len(outlook.starters)


@cache
def _removal_fit(variant: str, seat: int, rank: int) -> tuple[list[float], float] | None:
    """With a starter of ``rank``, the least-squares fit of the seat's hand on the ranks the other seat
    was dealt, in the sampled deals: the points each card of a rank adds (by rank, 1 to 13), and what
    a card of the other seat's adds on average (each rank weighed by how often it holds it). None
    where a small sample does not hold every rank. Fitted when first asked for: far from the end no
    fit is needed, and near it only the starters' ranks of the seat asked for."""
    sums = grid(f"REMOVAL_{('PONE', 'DEALER')[seat]}_{variant.upper()}")[rank]  # [i][0: x*y, j: x*x]
    products = [row[1:14] for row in sums[1:14]]
    points = _least_squares(products, [row[0] for row in sums[1:14]])
    if points is None:
        return None
    total = sum(map(sum, products))
    shares = [sum(row) / total for row in products]
    return points, float(sum(map(mul, points, shares)))


def _least_squares(products: list[list[int]], targets: list[int]) -> list[float] | None:
    """The solution ``b`` of ``products @ b = targets`` (the normal equations), by Gaussian elimination
    with partial pivoting; None if there is none alone (a rank never held)."""
    rows = [[float(value) for value in row] + [float(target)] for row, target in zip(products, targets)]
    size = len(rows)
    for column in range(size):
        pivot = max(range(column, size), key=lambda at: abs(rows[at][column]))
        rows[column], rows[pivot] = rows[pivot], rows[column]
        if not rows[column][column]:
            return None
        lead = rows[column][column:]
        for at in range(size):
            if at != column:  # the pivot row is 0 before this column (exactly, as eliminated): only what follows moves
                factor = rows[at][column] / lead[0]
                rows[at][column:] = [value - factor * ahead for value, ahead in zip(rows[at][column:], lead)]
    return [row[size] / row[at] for at, row in enumerate(rows)]


@lru_cache(maxsize=1 << 12)
def _removal(variant: str, seat: int, dealt: tuple[int, ...], rank: int) -> float:
    """How far the seat's hand, with a starter of ``rank``, moves when the other seat was dealt these
    ranks, against the sampled deals' average: the fit's points for them less for the average holding
    (0 with none known): holding fives, for one, takes points from his hand."""
    if not dealt:
        return 0.0
    fit = _removal_fit(variant, seat, rank)
    if fit is None:
        return 0.0
    points, average = fit
    return sum(points[held - 1] for held in dealt) - len(dealt) * average


SHOWN = 72
"""How far the dealer's chance after the play is worked out, by the points he then shows: past a hand
of 29 moved by the model's largest shift (9: the crib means and the pegging table bound it), and the
29 values of a crib's distribution after it (a test checks the extreme throw)."""


@lru_cache(maxsize=1 << 15)
def _dealer_shows(me: int, opponent: int, target: int, variant: str, rank: int) -> array[float]:
    """As the dealer, with a starter of ``rank``: for each more points ``y`` I show (hand and crib) after
    the play, short of :data:`SHOWN`, my chance to win (``y`` reaches what I lack, and his hand did not
    count out first) or win later as the pone of the next deal, over what the play may bring me short of
    what I need, each weighed by its chance. Kept from throw to throw and deal to deal, as many
    positions as a long run of games visits: they depend on the position, not the cards."""
    heels = 2 if rank == 11 else 0
    sums, short = _later_as_pone(target, variant, rank, opponent)
    out = short[min(target - me - heels, len(short) - 1)]  # the plays that reach what I lack: won in the play
    scale = _SCALE * _model(variant, _DEALER).rows[rank].total
    return array("d", [((sums[score] if score < target else short[0]) - out) / scale
                       for score in range(me + heels, me + heels + SHOWN)])


@lru_cache(maxsize=1 << 13)
def _later_as_pone(target: int, variant: str, rank: int, opponent: int) -> tuple[array[int], list[int]]:
    """As the dealer with a starter of ``rank``, the pone at ``opponent``: by the score my play and shows
    take me to (short of the target), the deals in which the pone's play and hand leave him short of the
    target and I win as the next pone, over all I may peg, in 65,535ths; and the deals in which he is
    left short, by what I peg from that many points up (at the target or past it, mine won). Positions
    around each other share them, kept from deal to deal."""
    deals = _model(variant, _DEALER).rows[rank]
    short = [sum(row[: target - opponent]) * _SCALE for row in deals.counts] + [0]
    return (_correlated(deals, _packed(target, variant, _DEALER), opponent, target),
            list(accumulate(reversed(short)))[::-1])


# --- the play, decided by the board --------------------------------------------------------------


@cache
def _shows(variant: str, rank: int, seat: int) -> tuple[float, ...]:
    """The distribution of the seat's hand with a starter of this rank, in the sampled deals."""
    row = grid(f"HANDS_{('PONE', 'DEALER')[seat]}_{variant.upper()}")[rank]
    total = sum(row)
    return tuple(count / total for count in row)


@cache
def _his_shows(variant: str, rank: int) -> tuple[float, ...]:
    """The dealer's hand and crib together with a starter of this rank (the sampled deals' cribs)."""
    hand, crib = _shows(variant, rank, _DEALER), _cribs(variant)[rank]
    total = [0.0] * (len(hand) + len(crib))
    for points, chance in enumerate(hand):
        if chance:
            for more, other in enumerate(crib):
                total[points + more] += chance * other
    return tuple(total)


def after_play(
    me: int, opponent: int, *, me_dealing: bool, shown: int, thrown: tuple[int, int], starter: int, nobs: int = 0,
    dealt: tuple[int, ...] = (), target: int = TARGETS[0], variant: str = "six",
) -> Callable[[int, int], float]:
    """My chance to win when the play ends with ``mine`` more points pegged by me and ``theirs`` by the
    opponent, from the scores now, with neither at the target: ``f(mine, theirs)``.

    The shows follow in order: the pone's hand, then the dealer's hand and the
    crib. Mine (``shown``, with the ``starter``'s rank known) is exact; his
    hand is the sampled deals' with that starter, moved by what the ranks I
    was ``dealt`` take from it; the crib is theirs moved by my ``thrown``
    ranks (and ``nobs``, a thrown jack of the starter's suit).
    Then the game goes on from where the deal leaves it, by the table.
    """
    check_position((me, opponent), target)
    model = _model(variant, _DEALER if me_dealing else _PONE)
    rows = _rows(target, variant)
    crib_shift = _crib_shift(model, thrown, starter, nobs)
    known: dict[tuple[int, int], float] = {}
    if me_dealing:
        whole, part = _split(crib_shift)
        his = _shifted(_shows(variant, starter, _PONE), _removal(variant, _PONE, dealt, starter))
        crib = _MovedRows(model.cribs[starter], rows)  # by his score

        def value(mine: int, theirs: int) -> float:
            base = me + mine + shown
            chance = 0.0
            for hand, weight in enumerate(his):
                dealer = opponent + theirs + hand
                if weight and dealer < target:
                    chance += weight * (1.0 - crib[dealer].shifted(base, whole, part))
            return chance

    else:
        shows = _his_shows(variant, starter)  # his hand and crib, moved by my throw and by my cards
        whole, part = _split(crib_shift + _removal(variant, _DEALER, dealt, starter))

        moved = _MovedRows(shows, rows)  # by my score

        def value(mine: int, theirs: int) -> float:
            dealer = me + mine + shown
            if dealer >= target:
                return 1.0
            return moved[dealer].shifted(opponent + theirs, whole, part)

    def at(mine: int, theirs: int) -> float:
        key = (mine, theirs)
        chance = known.get(key)
        if chance is None:
            chance = known[key] = value(mine, theirs)
        return chance

    return at


def _shifted(chances: Sequence[float], shift: float) -> list[float]:
    """A distribution of points moved by ``shift`` (the fraction shared between the whole points
    either side), what would fall below 0 at 0."""
    whole, part = _split(shift)
    out = [0.0] * (len(chances) + max(whole, 0) + 1)
    for points, chance in enumerate(chances):
        for at, weight in ((points + whole, 1.0 - part), (points + whole + 1, part)):
            out[max(at, 0)] += chance * weight
    return out


PLAY_MATTERS = 0.005
"""The chance, at least, that the rest of the deal ends the game, for the play to be weighed by the board."""


def play_matters(
    me: int, opponent: int, *, me_dealing: bool, shown: int, starter: int, target: int = TARGETS[0],
    variant: str = "six",
) -> bool:
    """Whether the rest of a deal in play may end the game: I could reach the target with my show
    (``shown``) and a good play, or the opponent with his shows and the play, at least
    :data:`PLAY_MATTERS` of the time by the sampled deals."""
    if me + shown + _GOOD_PLAY >= target:
        return True
    his = _shows(variant, starter, _PONE) if me_dealing else _his_shows(variant, starter)
    short = target - opponent - _GOOD_PLAY
    return short <= 0 or sum(his[max(short, 0) :]) >= PLAY_MATTERS


_GOOD_PLAY = 12
"""Points a seat may peg in a good play, for :func:`play_matters`."""
