"""The analyst: every piece of advice priced by the expert's own measure, and explained by its own search.

``crib peg --advise``, the ``crib play`` coach, ``crib review`` and ``crib quiz``
all ask this module, so they give the same numbers and the same reasons:

- **A throw** is priced as the built-in expert throws
  (:class:`~crib_cli.game.expert.ExpertPlayer`): the exact net for the seat,
  plus the pegging value of the keep in two-player six-card cribbage; where the
  deal may end the game (two players, a game with a board), by the chance to
  win instead, the board weighing the expert's candidates.
- **A card** is priced by the expert's look-ahead
  (:func:`~crib_cli.game.lookahead.play_lines`): the points the seat's side
  can expect to peg from here less the other side's, or the chance to win
  where the expert plays the board. At the expert's depth its first card is
  the expert's card; advice may look deeper (:func:`advice_depth`).
- **Why** is the search's own line, kept with each card as data: what the
  card scores, the replies with their chances and the answer to each. The
  replies share out the opponent's possible holdings once each, so nothing is
  counted twice. The shell (:mod:`crib_cli.cli.advice`) tells it in a
  player's words, with every figure and table row.

Figures are kept as they are printed (points in hundredths, chances in tenths
of a percent), so what a decision gives up is the difference of two printed
figures and sums of them add up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..board import odds
from ..cards import DECK, Card, Rank
from ..discard import Throw, hand_distribution, tenths
from ..peg import GO, LAST_CARD, PegError, PegItem, Play, score_play, seat_names
from ..rules import LIMIT, GameRules, Position
from .expert import ExpertPlayer, has_board, play_goal, play_state, price_play, seat_role
from .lookahead import Goal, Line, play_values, search_depth
from .players import View
from .series import PlayState

EXPERT = ExpertPlayer(pegging=True, board=True)
"""The built-in ``expert``: the analyst prices every decision by what it weighs."""

TWO_PLAYER_CARDS = 7
"""With two players, advice looks this many cards ahead (or to the end, when nearer)."""
ADVICE_CARDS = 5
"""With three or four players, advice looks this many cards ahead (or to the end, when nearer)."""
NOTED = 5
"""Tenths of a percent of the chance to win the board's choice must gain over the best by points to be told."""


def cents(value: float) -> int:
    """Points in hundredths, as they print to two places."""
    return round(float(f"{value:.2f}") * 100)


# --- throws --------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ThrowOption:
    """One throw priced: :func:`~crib_cli.discard.analyze_discards`' figures, and as printed (hundredths):
    the hand and crib means, the net they make, the pegging value where weighed, and ``points``, the
    net plus that value; ``chance`` is the chance to win in tenths of a percent, from a known score."""

    throw: Throw
    hand: int
    crib: int
    net: int
    peg: int | None
    points: int
    chance: int | None
    win: float | None

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.throw.throw


@dataclass(frozen=True, slots=True)
class ThrowAnalysis:
    """Every throw of a deal priced for the seat, the expert's throw first, then by the measure.

    ``pegging``: the pegging value is weighed; ``board``: the chance to win decides (this deal may
    end the game), ranking every throw by it (:func:`~crib_cli.discard.rank_by_chance`); ``score`` is
    (mine, the opponent's) where a board is known, else None.
    ``starters`` is how many unseen cards the starter may be.
    """

    role: str
    rules: GameRules
    pegging: bool
    board: bool
    score: tuple[int, int] | None
    starters: int
    options: tuple[ThrowOption, ...]

    @property
    def best(self) -> ThrowOption:
        return self.options[0]

    def option(self, thrown: Sequence[Card]) -> ThrowOption:
        """The option throwing these cards."""
        key = tuple(sorted(thrown))
        return next(option for option in self.options if option.cards == key)

    @property
    def by_points(self) -> ThrowOption:
        """The best throw by points alone."""
        return max(self.options, key=lambda option: option.throw.total(self.role))

    @property
    def changed(self) -> bool:
        """Whether the board changes the advice: the throw by the chance to win gains :data:`NOTED` or more
        over the best by points."""
        best, points = self.best, self.by_points
        return (self.board and best.chance is not None and points.chance is not None
                and best.chance - points.chance >= NOTED)

    def makes(self, option: ThrowOption) -> int:
        """How many of the starters give the option's keep the points the seat lacks of the target (none
        where it lacks more than a hand can make)."""
        assert self.score is not None
        need = self.rules.target - self.score[0]
        return sum(hand_distribution(option.throw.keep, option.cards).counts[need:]) if need <= 29 else 0


def analyze_throws(view: View, *, board: bool = True) -> ThrowAnalysis:
    """The seat's throws priced by the expert's measure, its own throw first; with ``board`` (and a
    board's table for the game) each with its chance to win from the view's scores.

    >>> from crib_cli.cards import format_cards, parse_cards
    >>> analysis = analyze_throws(View(GameRules(), 0, 1, (0, 0), parse_cards("AS 2D 6D 9S 9C QC")))
    >>> format_cards(analysis.best.cards), analysis.best.points
    ('2D QC', 265)
    """
    rules, role = view.rules, seat_role(view)
    pegging = EXPERT.weighs_pegging(rules)
    priced = board and has_board(view)
    if not priced and has_board(view):
        view = View(rules, view.seat, view.dealer, (0,) * rules.players, view.hand)  # by points alone
    choice = EXPERT.price_throw(view, chances=priced)
    score = (view.scores[view.seat], view.scores[1 - view.seat]) if priced else None
    options = tuple(_throw_option(throw, role, pegging) for throw in choice.ranking)
    return ThrowAnalysis(role, rules, pegging, choice.board, score, 52 - len(view.hand), options)


def _throw_option(throw: Throw, role: str, pegging: bool) -> ThrowOption:
    hand, crib = cents(float(throw.hand_mean)), cents(float(throw.crib_mean))
    net = hand - crib if role == "pone" else hand + crib
    peg = cents(throw.peg or 0.0) if pegging else None
    chance = None if throw.win is None else tenths(throw.win)
    return ThrowOption(throw, hand, crib, net, peg, net + (peg or 0), chance, throw.win)


# --- the play ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardOption:
    """One card that may be laid, priced: the count it leaves and what it scores now (with a go or the
    last card it earns at once); ``net``, the expected net pegging from here, its own points included;
    ``win`` the chance to win, where a board is known; ``reply`` what one unseen card drawn at random
    scores in reply; ``line`` the search's line after it, the reason as data."""

    card: Card
    count: int
    items: tuple[PegItem, ...]
    net: float
    win: float | None
    reply: float
    line: Line

    @property
    def now(self) -> int:
        """Points the card scores now."""
        return sum(item.points for item in self.items)

    @property
    def points(self) -> int:
        """The net in hundredths, as printed."""
        return cents(self.net)

    @property
    def chance(self) -> int | None:
        """The chance to win in tenths of a percent, as printed."""
        return None if self.win is None else tenths(self.win)


@dataclass(frozen=True, slots=True)
class PlayAnalysis:
    """Every card that may be laid, priced, best first (the expert's card first at its depth).

    ``board``: ranked by the chance to win (the expert plays the board here); ``depth`` is how many
    cards the search looked ahead, ``left`` how many cards were left to play; the position: ``hand``
    the seat's cards (sorted), ``pile`` the series so far as known, ``count`` the count (its cards may
    be unknown), ``players`` how many seats play; ``need`` the points each side lacks of the target
    (mine, the opponent's), when a board is known.
    """

    options: tuple[CardOption, ...]
    board: bool
    depth: int
    left: int
    hand: tuple[Card, ...]
    pile: tuple[Card, ...]
    count: int
    players: int
    need: tuple[int, int] | None = None

    def option(self, card: Card) -> CardOption:
        """The option laying ``card``, or a card of its rank (suits never matter in the play)."""
        return next(option for option in self.options if option.card.rank == card.rank)

    @property
    def best(self) -> CardOption:
        return self.options[0]

    @property
    def by_points(self) -> CardOption:
        """The best card by points alone."""
        return max(self.options, key=lambda option: option.net)

    @property
    def changed(self) -> bool:
        """Whether the board changes the advice: the card by the chance to win gains :data:`NOTED` or more
        over the best by points."""
        if not self.board or self.need is None:
            return False
        best, points = self.best, self.by_points
        return best.chance is not None and points.chance is not None and best.chance - points.chance >= NOTED


def view_of_play(
    hand: Sequence[Card], laid: Sequence[Card | None] = (), *, rules: GameRules, starter: Card | None = None,
    thrown: Sequence[Card] = (), score: tuple[int, int] | None = None,
) -> View:
    """The view of the seat to move after the answers ``laid`` (cards, None for each go, every go
    written), holding ``hand``: seats from the dealer's left, the dealer last, as ``crib peg`` numbers
    them. ``thrown`` are its cards in the crib, ``score`` (mine, the opponent's) the score now, two
    players. Raises :class:`~crib_cli.peg.PegError` for a position that cannot be.

    >>> from crib_cli.cards import parse_cards
    >>> view = view_of_play(parse_cards("5S 6S 9D TD"), parse_cards("7D"), rules=GameRules())
    >>> view.seat == view.dealer, view.count
    (True, 7)
    """
    play = Play(rules, 0, names=seat_names(rules.players))
    for token in laid:
        if token is None:
            play.say_go()
        else:
            play.lay(token)
    me = play.turn
    if me is None:
        raise PegError(f"nothing to advise: {play.why_over()}")
    laid_cards = {card for _, card in play.laid}
    for at, card in enumerate(hand):
        if card in laid_cards:
            raise PegError(f"{card}: already laid, so it cannot be in the hand")
        if card in hand[:at]:
            raise PegError(f"{card}: twice in the hand; a card may appear only once")
    for card, what in [*((card, "thrown") for card in thrown), *([(starter, "the starter")] if starter else [])]:
        if card in laid_cards or card in hand or what == "thrown" and list(thrown).count(card) > 1:
            raise PegError(f"{card}: in the hand or laid, or given twice, so it cannot be {what}")
    if thrown and len(thrown) != rules.thrown:
        raise PegError(f"each player throws {rules.thrown} to the crib, not {len(thrown)}")
    if len(hand) != play.left[me]:
        raise PegError(f"{play.names[me]} is to move with {play.left[me]} cards left, but the hand has {len(hand)}")
    scores = [0] * rules.players
    if score is not None:
        scores[me], scores[1 - me] = score
    kept = (*hand, *(card for seat, card in play.laid if seat == me))
    return View(rules, me, rules.players - 1, tuple(scores), tuple(hand), kept, tuple(thrown), starter,
                play.copy(public=True))


def advice_depth(state: PlayState) -> int:
    """How far advice looks by default: with two players :data:`TWO_PLAYER_CARDS` cards, the end of the
    play from its second card on (from the lead, all but the last card); with three or four,
    :data:`ADVICE_CARDS` cards, for advice that comes at once (``scripts/bench_advice.py`` times it)."""
    return min(TWO_PLAYER_CARDS if len(state.left) == 2 else ADVICE_CARDS, sum(state.left))


def resolve_depth(state: PlayState, depth: int | str | None) -> int:
    """``depth`` as cards to look ahead: a number, ``end``, ``expert`` (the expert's own), or None (advice's)."""
    if depth is None:
        return advice_depth(state)
    if depth == "end":
        return sum(state.left)
    if depth == "expert":
        return search_depth(state)
    assert isinstance(depth, int)
    return depth


def analyze_play(view: View, depth: int | str | None = None, *, board: bool = True) -> PlayAnalysis:
    """Every card the seat may lay, priced by the look-ahead from what it knows, best first.

    ``board`` weighs the chance to win where the game has a board's table (two
    players) and the view holds the starter and the seat's thrown cards, as the
    expert does: the ranking is by the chance where the rest of the deal may end
    the game. ``depth`` as :func:`resolve_depth` reads it.

    >>> from crib_cli.cards import parse_cards
    >>> view = view_of_play(parse_cards("5S 6S 9D TD"), parse_cards("7D"), rules=GameRules())
    >>> analysis = analyze_play(view, "expert")
    >>> str(analysis.best.card), analysis.best.points, analysis.depth
    ('9D', 23, 3)
    """
    state = play_state(view)
    board = board and view.starter is not None and len(view.thrown) == view.rules.thrown
    rank_goal = EXPERT.goal(view) if board else None
    chance_goal = play_goal(view) if board and has_board(view) else None
    need = None
    if chance_goal is not None:
        need = (chance_goal.need, chance_goal.their_need)
    seen = view.seen
    unseen = Counter(card.rank for card in DECK if card not in seen)
    return _analysis(state, view.hand, view.pile, view.count, resolve_depth(state, depth), rank_goal, chance_goal,
                     unseen, need)


def analyze_count(
    hand: Sequence[Card], count: int, *, rules: GameRules, role: str, seen: Sequence[Card] = (),
    depth: int | str | None = None,
) -> PlayAnalysis:
    """A quick question: the cards that fit from ``hand`` at ``count``, the cards laid not known.

    Those cards count but are unseen, and make no pair or run. The other seats
    hold as many cards as the seat to move, or, when it is the dealer (two
    players), one fewer: the pone led. ``seen`` are other cards the seat has
    seen (its thrown cards, the starter).

    >>> from crib_cli.cards import parse_cards
    >>> [str(o.card) for o in analyze_count(parse_cards("AS 5D 9C"), 25, rules=GameRules(), role="pone").options]
    ['5D', 'AS']
    """
    if not 0 <= count < LIMIT:
        raise PegError(f"a count is 0 to 30 when a card is to be laid, not {count}")
    mine = len(hand)
    others = mine - 1 if role == "dealer" and rules.players == 2 else mine
    if others < 0 or mine > rules.hand_size:
        raise PegError(f"a hand in the play holds 1 to {rules.hand_size} cards, not {mine}")
    known = {*hand, *seen}
    unseen = Counter(card.rank for card in DECK if card not in known)
    state = PlayState(
        hand=tuple(sorted(int(card.rank) for card in hand)),
        unseen=tuple(unseen[Rank(r)] if r else 0 for r in range(14)),
        left=(mine,) + (others,) * (rules.players - 1),
        once=rules.play_once,
        base=count,
    )
    return _analysis(state, hand, (), count, resolve_depth(state, depth), None, None, unseen, None)


def _analysis(
    state: PlayState, hand: Sequence[Card], pile: Sequence[Card], count: int, depth: int, rank_goal: Goal | None,
    chance_goal: Goal | None, unseen: Counter[Rank], need: tuple[int, int] | None,
) -> PlayAnalysis:
    """The cards ranked by the measure's lines (points, or the chance with ``rank_goal``), each with
    the other figure where known and its line."""
    choice = price_play(state, depth, rank_goal, trace=True)
    lines, measure = choice.lines, dict(choice.ranking)
    if rank_goal is not None:
        points, chances = play_values(state, depth), measure
    else:
        points = measure
        chances = play_values(state, depth, chance_goal) if chance_goal is not None else {}
    left = sum(state.left)
    options = []
    for rank, _ in choice.ranking:
        line = lines[rank]
        for card in sorted(card for card in hand if card.rank == rank):
            laid, reached = (*pile, card), count + card.value
            reply = _reply(laid, reached, unseen) if line.after == "reply" else 0.0
            options.append(CardOption(card, reached, score_laid(laid, reached, line.points, left == 1), points[rank],
                                      chances.get(rank), reply, line))
    return PlayAnalysis(tuple(options), rank_goal is not None, min(depth, left), left, tuple(sorted(hand)),
                        tuple(pile), count, len(state.left), need)


def score_laid(pile: Sequence[Card], count: int, points: int, last: bool) -> tuple[PegItem, ...]:
    """What the last card of ``pile`` scores at ``count``: pairs and runs from the pile, 15 or 31 from
    the count (the series' first cards may be unknown), and the go or (``last``) the last card that
    makes up ``points``, what the search says it scores.

    >>> from crib_cli.cards import parse_cards
    >>> [item.kind for item in score_laid(parse_cards("7D 8D"), 15, 2, False)]
    ['fifteen']
    """
    items = tuple(item for item in score_play(pile) if item.kind not in ("fifteen", "thirty-one"))
    if count in (15, LIMIT):
        items = (PegItem("fifteen" if count == 15 else "thirty-one", 2), *items)
    if points > sum(item.points for item in items):
        items += (LAST_CARD if last else GO,)
    return items


def _reply(pile: Sequence[Card], count: int, unseen: Counter[Rank]) -> float:
    """The one-card statistic: what one unseen card drawn at random scores laid on ``pile`` at ``count``,
    a card that would pass 31 scoring 0."""
    total = sum(unseen.values())
    expected = 0
    for rank, number in unseen.items():
        if count + rank.count_value <= LIMIT:
            items = score_laid((*pile, DECK[(rank - 1) * 4]), count + rank.count_value, 0, False)
            expected += number * sum(item.points for item in items)
    return expected / total if total else 0.0


# --- verdicts: a decision against the analyst's first choice -------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision judged against the analyst's first choice, in figures as printed.

    ``kind`` is ``throw`` or ``play``; ``chosen`` and ``best`` the cards thrown or the card laid.
    Points are in hundredths (a throw's net plus its pegging value where weighed; a card's expected
    net pegging from here), chances in tenths of a percent (None where no board is known). ``board``:
    the chance to win decided, so the best is the likeliest to win. ``changed``: another was chosen
    where the board changed the advice (:attr:`ThrowAnalysis.changed`).
    """

    kind: str
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    board: bool
    chosen_points: int
    best_points: int
    chosen_chance: int | None = None
    best_chance: int | None = None
    changed: bool = False

    @property
    def points_given_up(self) -> int:
        """Hundredths of a point the choice gave up against the best (nothing if it had more)."""
        return max(self.best_points - self.chosen_points, 0)

    @property
    def chance_given_up(self) -> int | None:
        """Tenths of a percent of the chance to win the choice gave up (None where no board is known)."""
        if self.best_chance is None or self.chosen_chance is None:
            return None
        return max(self.best_chance - self.chosen_chance, 0)

    @property
    def by_points(self) -> bool:
        """Whether points decide: no board, or a chance as likely to win as the best's, as printed."""
        return not self.board or not self.chance_given_up

    @property
    def matched(self) -> bool:
        """Whether the choice was the best, or as good as printed."""
        return not self.points_given_up and not self.chance_given_up


def judge_throw(analysis: ThrowAnalysis, thrown: Sequence[Card]) -> Verdict:
    """The throw made against the analyst's first."""
    chosen, best = analysis.option(thrown), analysis.best
    return Verdict("throw", chosen.cards, best.cards, analysis.board, chosen.points, best.points, chosen.chance,
                   best.chance, analysis.changed)


def judge_play(analysis: PlayAnalysis, card: Card) -> Verdict:
    """The card laid against the analyst's first."""
    chosen, best = analysis.option(card), analysis.best
    if chosen.card.rank == best.card.rank:
        return Verdict("play", (card,), (card,), analysis.board, chosen.points, chosen.points, chosen.chance,
                       chosen.chance)
    return Verdict("play", (card,), (best.card,), analysis.board, chosen.points, best.points, chosen.chance,
                   best.chance, analysis.changed)


def deal_chance(rules: GameRules, scores: Sequence[int], seat: int, dealer: int) -> float | None:
    """The seat's chance to win as a deal begins (two players, a game with a board), else None."""
    if not has_board(View(rules, seat, dealer, tuple(scores), ())) or max(scores) >= rules.target:
        return None
    return odds(Position(rules, (scores[seat], scores[1 - seat]), seat == dealer)).win
