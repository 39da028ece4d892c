"""The expert player: throws by the exact net for its seat (and what else it is told to weigh), pegs by looking ahead.

- **Discard**: the throw :func:`crib_cli.discard.analyze_discards` ranks first
  for the seat's role (dealer; partner when the partner deals, four players;
  else pone), ties included, as :func:`crib_cli.discard.rank_throws` ranks them;
  with ``pegging`` (the built-in ``expert``) or the expert crib model, the
  best total of those terms instead (see :class:`ExpertPlayer`).
- **Play**: the card :func:`price_play` ranks first for what
  the seat can see: its own cards, its thrown cards, the starter, every card
  laid and every go those imply. A single legal rank, or none, costs no search.
- **The board** (``board``, the built-in ``expert``; two players): when the
  deal may end the game, it throws the throw likeliest to win
  (:func:`crib_cli.discard.analyze_discards` from the score) and pegs for the
  chance to win, not the points (:class:`~crib_cli.game.lookahead.Goal`).
  Elsewhere, and without ``board`` (``expert-points``), it plays for points.

It needs no chance, so it takes no ``random.Random``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from ..board import BOARDS, ENDGAME, after_play, ending_chance, play_matters
from ..cards import DECK, Card, Rank
from ..cribs import throw_value
from ..discard import Throw, rank_by_chance, rank_throws, tenths, throw_means, win_chances
from ..leanings import leaning
from ..peg import Turn
from ..rules import GameRules, Position
from ..score import show_total
from .lookahead import Goal, Line, best_rank, play_lines, play_values
from .players import View
from .series import PlayState, doubted


@dataclass(frozen=True, slots=True)
class ThrowChoice:
    """The expert's throw with its analysis, as a chess engine returns a move with what it weighed:
    every throw of the deal ranked as the expert ranks them, its own first.

    ``board``: the chance to win decided, ranking every throw by it (``Throw.win``; equal chances
    as printed by points, :func:`~crib_cli.discard.rank_by_chance`); else the ranking is by points
    (:meth:`ExpertPlayer.worth`). Each throw carries its pegging value where the expert weighs it,
    and its chance to win where it was worked out.
    """

    ranking: tuple[Throw, ...]
    board: bool

    @property
    def throw(self) -> tuple[Card, ...]:
        """The cards the expert throws, in card order."""
        return self.ranking[0].throw


@dataclass(frozen=True, slots=True)
class PlayChoice:
    """A card of the play priced: every rank that may be laid, best first, with the value the search
    gives it (the net pegging expected from here, or under a goal the chance to win); with the trace
    on, each rank's line (the reason as data), else none."""

    ranking: tuple[tuple[int, float], ...]
    lines: dict[int, Line]

    @property
    def rank(self) -> int | None:
        """The rank to lay; None for a go."""
        return self.ranking[0][0] if self.ranking else None


def price_play(state: PlayState, depth: int | None = None, goal: Goal | None = None, *,
               trace: bool = False) -> PlayChoice:
    """Every rank the seat may lay, ranked as the expert ranks them: the best by the search's value
    (:func:`~crib_cli.game.lookahead.best_rank`: ties within a billionth to the higher rank), then the
    rest by value, higher rank first among equals; with a ``goal``, chances equal as printed (to 0.1%)
    by the points the search expects; ``trace`` keeps each rank's line for the why.

    >>> choice = price_play(PlayState(hand=(5, 6, 9, 10), unseen=(0,) + (4,) * 13, left=(4, 3), base=7))
    >>> choice.rank, len(choice.ranking), choice.lines
    (9, 4, {})
    """
    if trace:
        lines = play_lines(state, depth, goal)
        values = {rank: line.value for rank, line in lines.items()}
    else:
        lines, values = {}, play_values(state, depth, goal)
    first = best_rank(values)
    order = sorted(values, key=lambda rank: (rank != first, -values[rank], -rank))
    if goal is not None and len({tenths(value) for value in values.values()}) < len(values):
        # Chances equal as printed go by the next figure, the points, so the order shown is the order used.
        points = play_values(state, depth)
        order.sort(key=lambda rank: (-tenths(values[rank]), -points[rank]))
    return PlayChoice(tuple((rank, values[rank]) for rank in order), lines)


class ExpertPlayer:
    """Discards by net, pegs by expectimax; ``depth`` overrides the search's horizon.

    By default the throw is the exact net (hand mean plus or minus the crib's
    under the random model), as :func:`crib_cli.discard.rank_throws` ranks it. With
    ``crib_model`` ``expert`` the crib term is instead the expert model's
    table value of the throw for the seat (:func:`crib_cli.cribs.throw_value`,
    the rule whose fixed point the tables are), and with ``pegging`` the kept
    four's pegging value (:func:`crib_cli.pegging.pegging_value`) is added.
    Both are for two-player six-card games; elsewhere it throws by the exact net.
    With ``board`` it plays the board where the deal may end the game (see the module).
    Its look-ahead reads the other's laid cards for the rest of his hand (:meth:`state`).
    """

    def __init__(
        self, depth: int | None = None, *, crib_model: str = "random", pegging: bool = False, board: bool = False
    ) -> None:
        self.depth = depth
        self.crib_model = crib_model
        self.pegging = pegging
        self.board = board

    def discard(self, view: View) -> tuple[Card, ...]:
        """The best throw for this seat's role (or, playing the board, the likeliest to win)."""
        return self.price_throw(view).throw

    def price_throw(self, view: View, *, chances: bool = False) -> ThrowChoice:
        """Every throw ranked as the expert ranks them for the seat, its throw first.

        With ``chances`` (two players, a game with a board) every throw has its chance to win from
        the view's scores, as where the board decides; elsewhere none has.

        >>> from crib_cli.cards import format_cards, parse_cards
        >>> choice = ExpertPlayer(pegging=True).price_throw(View(GameRules(), 0, 1, (0, 0), parse_cards("AS 2D 6D 9S 9C QC")))
        >>> format_cards(choice.throw), choice.board, len(choice.ranking)
        ('2D QC', False, 15)
        """
        rules, role = view.rules, seat_role(view)
        weighs = self.weighs_pegging(rules)
        peg = weighs and self.pegging
        throws = throw_means(view.hand, players=rules.players, variant=rules.variant, role=role, pegging=peg)
        board = self.throws_for_board(view)
        if weighs:
            ranking = tuple(sorted(throws, key=lambda t: -self.worth(t, role, rules)))  # ties: in the deal's order
        else:
            ranking = rank_throws(throws, role)
        if board or (chances and has_board(view)):
            seen = set(view.hand)
            unseen = [card for card in DECK if card not in seen]
            wins = win_chances([(t.keep, t.throw) for t in ranking], unseen, seat_position(view))
            ranking = tuple(replace(t, win=win) for t, win in zip(ranking, wins))
        return ThrowChoice(rank_by_chance(ranking) if board else ranking, board)

    def weighs_pegging(self, rules: GameRules) -> bool:
        """Whether its throw weighs more than the exact net: the pegging value or the expert crib
        model, which are for two-player six-card games."""
        return (self.crib_model != "random" or self.pegging) and rules.players == 2 and rules.variant == "six"

    def throws_for_board(self, view: View) -> bool:
        """Whether it throws for the chance to win: it plays the board, and this deal may end the game."""
        if not (self.board and has_board(view)):
            return False
        return ending_chance(seat_position(view)) >= ENDGAME

    def goal(self, view: View) -> Goal | None:
        """What it pegs for in this view: the chance to win (a goal) where the rest of the deal may end
        the game and it plays the board; else None, the points."""
        return board_goal(view) if self.board and has_board(view) else None

    def worth(self, option: Throw, role: str, rules: GameRules) -> float:
        """A throw's hand mean, plus or minus its crib term, plus its pegging term, each as weighed in
        this game (:meth:`weighs_pegging`; else the exact net)."""
        hand, crib = float(option.hand_mean), float(option.crib_mean)
        weighs = self.weighs_pegging(rules)
        if weighs and self.crib_model == "expert":
            crib = throw_value(option.throw, role)
        peg = (option.peg or 0.0) if weighs and self.pegging else 0.0
        return hand + (crib if role == "dealer" else -crib) + peg

    def play(self, view: View) -> Card | None:
        """The card the lookahead picks; None when no card fits."""
        fits = view.fits
        if len({card.rank for card in fits}) > 1:
            rank = price_play(self.state(view), self.depth, self.goal(view)).rank
            return next(card for card in fits if card.rank == rank)
        return fits[0] if fits else None

    def state(self, view: View) -> PlayState:
        """What it knows of the play, as its look-ahead searches it: :func:`play_state`."""
        return play_state(view)


def seat_position(view: View) -> Position:
    """The position of a two-player game from the view's seat: the scores, mine first, and whether I deal."""
    return Position(view.rules, (view.scores[view.seat], view.scores[1 - view.seat]), view.is_dealer)


def has_board(view: View) -> bool:
    """Whether the board's table is known for this game: two players, a game it was built for."""
    rules = view.rules
    return rules.players == 2 and (rules.variant, rules.target) in BOARDS


def board_goal(view: View) -> Goal | None:
    """The chance to win to peg for, when what is left of the deal may end the game; else None (play for points).

    The seat's hand is exact with the starter; the rest of the deal is the
    board's (:func:`crib_cli.board.after_play`).
    """
    starter = view.starter
    assert starter is not None
    if not play_matters(seat_position(view), shown=show_total(view.kept, starter), starter=int(starter.rank)):
        return None
    return play_goal(view)


def play_goal(view: View) -> Goal:
    """The chance to win after the play, as :func:`board_goal` weighs it, wherever the deal stands."""
    rules, starter = view.rules, view.starter
    assert starter is not None
    position = seat_position(view)
    me, opponent = position.scores
    shown = show_total(view.kept, starter)
    ranks = sorted(int(card.rank) for card in view.thrown)
    nobs = int(any(card.rank == Rank.JACK and card.suit == starter.suit for card in view.thrown))
    dealt = tuple(sorted(int(card.rank) for card in (*view.kept, *view.thrown)))
    after = after_play(position, shown=shown, thrown=(ranks[0], ranks[1]), starter=int(starter.rank), nobs=nobs,
                       dealt=dealt)
    return Goal(min(rules.target - me, 63), min(rules.target - opponent, 63), after)


def read_laid(turns: Sequence[Turn], me: int) -> tuple[tuple[int, ...], int]:
    """What the other seat's cards laid in these turns say (two players): their ranks in the order laid,
    and the ranks he is taken not to hold (a bit each; :func:`~crib_cli.game.lookahead.doubted`).

    >>> from crib_cli.cards import parse_cards
    >>> from crib_cli.peg import Play
    >>> play = Play(GameRules())
    >>> for card in parse_cards("TD 9C"):
    ...     _ = play.lay(card)
    >>> his, doubt = read_laid(play.turns, 0)
    >>> his, [rank for rank in range(1, 14) if doubt >> rank & 1]
    ((9,), [5, 10])
    """
    his = []
    doubt = 0
    for turn in turns:
        if turn.card is not None and turn.seat != me:
            his.append(int(turn.card.rank))
            doubt |= doubted(tuple(int(card.rank) for card in turn.pile[:-1]), his[-1])
    return tuple(his), doubt


def seat_role(view: View) -> str:
    """``dealer``, ``partner`` (four players, the partner deals) or ``pone``: the seat's role this deal."""
    return view.rules.role(view.seat, view.dealer)


def play_state(view: View) -> PlayState:
    """What the seat to move knows of the play, as :class:`PlayState` sees it: its own cards, the
    cards it has not seen, and from the play so far how many cards each seat holds, the series, the
    least each may hold (a seat that said go at count ``c`` holds nothing worth ``31 - c`` or less).
    In two-player six-card games (where it was measured), also what the other's laid cards say of the
    rest of his hand: the ranks he is taken not to hold, having laid a card that scored less at once
    (:func:`~crib_cli.game.lookahead.doubted`), and how much likelier he holds each rank than another,
    by its ties to them (:func:`~crib_cli.leanings.leaning`).
    """
    play, me = view.play, view.seat
    if play is None:
        raise ValueError("a play state is for a view in the play")
    players = view.rules.players
    unseen = [0] + [4] * 13
    for card in view.seen:
        unseen[card.rank] -= 1
    order = [(me + step) % players for step in range(players)]
    left, floors = list(play.left), list(play.floors())
    left[me], floors[me] = len(view.hand), 0
    ruled_out: tuple[int, ...] = ()
    rank_weights: tuple[tuple[float, ...], ...] = ()
    if players == 2 and view.rules.variant == "six":
        his, doubt = read_laid(play.turns, me)
        ruled_out, rank_weights = (0, doubt), (leaning(()), leaning(his))
    return PlayState(
        hand=tuple(sorted(card.rank for card in view.hand)),
        unseen=tuple(unseen),
        left=tuple(left[seat] for seat in order),
        floors=tuple(floors[seat] for seat in order),
        ruled_out=ruled_out,
        rank_weights=rank_weights,
        pile=tuple(card.rank for card in play.pile),
        gone=frozenset(order.index(seat) for seat in play.gone),
        last=order.index(play.last) if play.last is not None else None,
        once=view.rules.play_once,
    )
