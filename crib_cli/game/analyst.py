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
- **Why** is the search's own line, in a player's words: what the card scores,
  the reply it fears most and the answer it keeps, the go it expects, a pair
  it invites on purpose. The replies share out the opponent's possible
  holdings once each, so nothing is counted twice.

Figures are kept as they are printed (points in hundredths, chances in tenths
of a percent), so what a decision gives up is the difference of two printed
figures and sums of them add up.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from ..board import odds
from ..cards import DECK, Card, Rank, format_cards
from ..discard import Throw, analyze_discards, hand_distribution, win_chances
from ..peg import GO, LAST_CARD, PegError, PegItem, Play, score_play, seat_names
from ..rules import LIMIT, GameRules
from ..tables import VALUES
from .expert import CANDIDATES, ExpertPlayer, has_board, play_goal, play_state, seat_role, throws_weighed
from .lookahead import Goal, Line, PlayState, best_rank, play_lines, play_values, search_depth
from .players import View

EXPERT = ExpertPlayer(pegging=True, board=True)
"""The built-in ``expert``: the analyst prices every decision by what it weighs."""

TWO_PLAYER_CARDS = 7
"""With two players, advice looks this many cards ahead (or to the end, when nearer)."""
ADVICE_CARDS = 5
"""With three or four players, advice looks this many cards ahead (or to the end, when nearer)."""
NOTED = 5
"""Tenths of a percent of the chance to win the board's choice must gain over the best by points to be told."""
NOTABLE = 0.05
"""Replies laid less often than this are not told as the one feared or the one answered."""


def cents(value: float) -> int:
    """Points in hundredths, as they print to two places."""
    return round(float(f"{value:.2f}") * 100)


def tenths(chance: float) -> int:
    """A chance in tenths of a percent, as it prints to one place."""
    return round(float(f"{100 * chance:.1f}") * 10)


def points_text(hundredths: int, *, sign: bool = False) -> str:
    """Hundredths of a point as printed: ``2.63``, or ``+2.63`` with ``sign``."""
    return f"{hundredths / 100:+.2f}" if sign else f"{hundredths / 100:.2f}"


def chance_text(tenth: int) -> str:
    """Tenths of a percent as printed: ``61.2%``."""
    return f"{tenth / 10:.1f}%"


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
    end the game), ranking the ``weighed`` throws best by points (:func:`~crib_cli.game.expert.throws_weighed`)
    before the rest; ``score`` is (mine, the opponent's) where a board is known, else None.
    ``starters`` is how many unseen cards the starter may be.
    """

    role: str
    rules: GameRules
    pegging: bool
    board: bool
    score: tuple[int, int] | None
    starters: int
    options: tuple[ThrowOption, ...]
    weighed: int

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

    def note(self) -> str:
        """How the board changes the advice, when it does (else empty): what the seat needs, who counts
        first (both needing 1, the play decides), and what the throws by chance and by points leave."""
        best, points = self.best, self.by_points
        if not self.board or best.chance is None or points.chance is None or best.chance - points.chance < NOTED:
            return ""
        assert self.score is not None
        me, opponent = self.score
        need, theirs = self.rules.target - me, self.rules.target - opponent
        pone = self.role == "pone"
        if need == theirs == 1:
            # Every play scores a point at least (the last card), so no hand is counted: the play decides.
            text = "the board changes the advice: you both need 1, so the first point pegged wins"
        else:
            first = "you need {need} and count first" if pone else "you need {need}, he needs {theirs} and counts first"
            text = "the board changes the advice: " + first.format(need=need, theirs=theirs)
            made = [sum(hand_distribution(o.throw.keep, o.cards).counts[need:]) if need <= 29 else 0
                    for o in (best, points)]
            if pone and made[0] > made[1]:
                return (f"{text}: keep the hand that makes {need} more often: {format_cards(best.throw.keep)} makes "
                        f"it with {made[0]} of {self.starters} starters, {format_cards(points.throw.keep)} (the best "
                        f"for points) with {made[1]}; throwing {format_cards(best.cards)} wins "
                        f"{chance_text(best.chance)}, {format_cards(points.cards)} {chance_text(points.chance)}")
        return (f"{text}; throwing {format_cards(best.cards)} wins {chance_text(best.chance)}, "
                f"{format_cards(points.cards)} (the best for points) {chance_text(points.chance)}")


def analyze_throws(view: View, *, board: bool = True) -> ThrowAnalysis:
    """The seat's throws priced by the expert's measure, its own throw first; with ``board`` (and a
    board's table for the game) each with its chance to win from the view's scores.

    >>> from crib_cli.cards import parse_cards
    >>> analysis = analyze_throws(View(GameRules(), 0, 1, (0, 0), parse_cards("AS 2D 6D 9S 9C QC")))
    >>> format_cards(analysis.best.cards), points_text(analysis.best.points)
    ('2D QC', '2.65')
    """
    rules, role = view.rules, seat_role(view)
    pegging = EXPERT.weighs_pegging(rules)
    priced = board and has_board(view)
    board = priced and EXPERT.throws_for_board(view)
    throws = analyze_discards(view.hand, role=role, players=rules.players, variant=rules.variant, pegging=pegging)
    score = (view.scores[view.seat], view.scores[1 - view.seat]) if priced else None
    chances: tuple[float | None, ...] = (None,) * len(throws)
    if score is not None:
        seen = set(view.hand)
        unseen = [card for card in DECK if card not in seen]
        chances = win_chances([(t.keep, t.throw) for t in throws], unseen, score, view.is_dealer, rules.target,
                              rules.variant)
    options = [_throw_option(throw, role, pegging, chance) for throw, chance in zip(throws, chances)]
    count = throws_weighed(view) if board else CANDIDATES
    if board:
        candidates = sorted(range(count), key=lambda at: (-(chances[at] or 0.0), at))
        options = [options[at] for at in candidates] + options[count:]
    chosen = tuple(sorted(EXPERT.discard(view) if priced or not has_board(view) else _by_points(view)))
    first = next(option for option in options if option.cards == chosen)
    options.remove(first)
    starters = 52 - len(view.hand)
    return ThrowAnalysis(role, rules, pegging, board, score, starters, (first, *options), count)


def _by_points(view: View) -> tuple[Card, ...]:
    """The expert's throw were the deal not to end the game: by points alone."""
    return EXPERT.discard(View(view.rules, view.seat, view.dealer, (0,) * view.rules.players, view.hand))


def _throw_option(throw: Throw, role: str, pegging: bool, chance: float | None) -> ThrowOption:
    hand, crib = cents(float(throw.hand_mean)), cents(float(throw.crib_mean))
    net = hand - crib if role == "pone" else hand + crib
    peg = cents(throw.peg or 0.0) if pegging else None
    return ThrowOption(throw, hand, crib, net, peg, net + (peg or 0), None if chance is None else tenths(chance), chance)


# --- the play ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CardOption:
    """One card that may be laid, priced: the count it leaves and what it scores now (with a go or the
    last card it earns at once); ``net``, the expected net pegging from here, its own points included;
    ``win`` the chance to win, where a board is known; ``reply`` what one unseen card drawn at random
    scores in reply; ``why`` the search's line in words."""

    card: Card
    count: int
    items: tuple[PegItem, ...]
    net: float
    win: float | None
    reply: float
    why: str

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
    cards the search looked ahead, ``left`` how many cards were left to play; ``need`` the points
    each side lacks of the target (mine, the opponent's), when a board is known.
    """

    options: tuple[CardOption, ...]
    board: bool
    depth: int
    left: int
    need: tuple[int, int] | None = None

    def option(self, card: Card) -> CardOption:
        """The option laying ``card``, or a card of its rank (suits never matter in the play)."""
        return next(option for option in self.options if option.card.rank == card.rank)

    @property
    def best(self) -> CardOption:
        return self.options[0]

    @property
    def horizon(self) -> str:
        """How far the search looked, in words."""
        if self.depth >= self.left:
            return "to the end of the play"
        return f"{self.depth} cards ahead"

    def note(self) -> str:
        """How the board changes the advice, when it does (else empty)."""
        best = self.best
        points = max(self.options, key=lambda option: option.net)
        if not self.board or self.need is None or best.chance is None or points.chance is None:
            return ""
        if best.chance - points.chance < NOTED:
            return ""
        need, theirs = self.need
        return (f"the board changes the advice: you need {need} and he needs {theirs}: {best.card} wins "
                f"{chance_text(best.chance)}, {points.card} (the best for points) {chance_text(points.chance)}")


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
    :data:`ADVICE_CARDS` cards. Each takes well under a second: see ``scripts/bench_advice.py``."""
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
    >>> str(analysis.best.card), points_text(analysis.best.points, sign=True), analysis.horizon
    ('9D', '+0.23', '3 cards ahead')
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
    the other figure where known and its why."""
    lines = play_lines(state, depth, rank_goal)
    if rank_goal is not None:
        points = play_values(state, depth)
        chances = {rank: line.value for rank, line in lines.items()}
    else:
        points = {rank: line.value for rank, line in lines.items()}
        chances = play_values(state, depth, chance_goal) if chance_goal is not None else {}
    measure = chances if rank_goal is not None else points
    first = best_rank(measure)
    order = sorted(measure, key=lambda rank: (rank != first, -measure[rank], -rank))
    words = _Words(state, hand, pile, count)
    options = []
    for rank in order:
        line = lines[rank]
        for card in sorted(card for card in hand if card.rank == rank):
            options.append(CardOption(
                card, count + card.value, words.items_of(card, line), points[rank], chances.get(rank),
                words.reply(card, line, unseen), words.why(card, line),
            ))
    return PlayAnalysis(tuple(options), rank_goal is not None, min(depth, sum(state.left)), sum(state.left), need)


_KIND_WORDS = {"fifteen": "15", "thirty-one": "31", "go": "the go", "last card": "the last card"}
_RANK_WORDS = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}
_TEN_CARDS = [10, 11, 12, 13]


def items_text(items: Sequence[PegItem]) -> str:
    """Scoring items as a player says them: ``15 and a pair for 4``.

    >>> items_text([PegItem("fifteen", 2), PegItem("pair", 2)])
    '15 and a pair for 4'
    """
    names = [_KIND_WORDS.get(item.kind, f"a {item.kind}") for item in items]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{joined} for {sum(item.points for item in items)}"


def rank_words(ranks: Sequence[int]) -> str:
    """Ranks as a player names them: ``a ten-card`` for all four, else ``a 4 or a 5``."""
    ordered = sorted(ranks)
    if ordered == _TEN_CARDS:
        return "a ten-card"
    names = [_RANK_WORDS.get(rank, f"a {rank}") for rank in ordered]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _percent(chance: float) -> str:
    return "under 1%" if chance < 0.005 else f"{round(100 * chance)}%"


@dataclass
class _Group:
    """Replies alike in what they do (the count, what they score, the answer and what it scores)."""

    ranks: list[int]
    chance: float
    reached: int
    his: tuple[PegItem, ...]
    answer: Card | None
    yours: tuple[PegItem, ...]

    @property
    def his_points(self) -> int:
        return sum(item.points for item in self.his)

    @property
    def your_points(self) -> int:
        return sum(item.points for item in self.yours)


class _Words:
    """The search's lines told in a player's words, for one position: ``hand`` the cards of the seat
    to move, ``pile`` the series so far as known, ``count`` the count (its cards may be unknown)."""

    def __init__(self, state: PlayState, hand: Sequence[Card], pile: Sequence[Card], count: int) -> None:
        self.cards_left = sum(state.left)
        self.hand = tuple(sorted(hand))
        self.pile = tuple(pile)
        self.count = count
        self.players = len(state.left)

    def who(self, seat: int | None) -> str:
        """The seat that answers, as the advice names it: ``he`` with two players."""
        if self.players == 2:
            return "he"
        return "your partner" if self.players == 4 and seat == 2 else "the next player"

    def scored(self, pile: Sequence[Card], count: int, points: int, last: bool) -> tuple[PegItem, ...]:
        """What the last card of ``pile`` scores at ``count``: pairs and runs from the pile, 15 or 31
        from the count (the series' first cards may be unknown), and the go or the last card that
        makes up ``points``."""
        items = tuple(item for item in score_play(pile) if item.kind not in ("fifteen", "thirty-one"))
        if count in (15, LIMIT):
            items = (PegItem("fifteen" if count == 15 else "thirty-one", 2), *items)
        if points > sum(item.points for item in items):
            items += (LAST_CARD if last else GO,)
        return items

    def items_of(self, card: Card, line: Line) -> tuple[PegItem, ...]:
        """What laying ``card`` scores now."""
        return self.scored((*self.pile, card), self.count + card.value, line.points, self.cards_left == 1)

    def reply(self, card: Card, line: Line, unseen: Counter[Rank]) -> float:
        """The one-card statistic: what one unseen card drawn at random scores in reply, a card that
        would pass 31 scoring 0; 0 when no reply follows (31, the end, everyone else gone)."""
        if line.after != "reply":
            return 0.0
        count, pile = self.count + card.value, (*self.pile, card)
        total = sum(unseen.values())
        expected = 0
        for rank, number in unseen.items():
            if count + rank.count_value <= LIMIT:
                items = self.scored((*pile, DECK[(rank - 1) * 4]), count + rank.count_value, 0, False)
                expected += number * sum(item.points for item in items)
        return expected / total if total else 0.0

    def why(self, card: Card, line: Line) -> str:
        """The line after ``card``: what it scores, then the reply feared most, the answer kept, the go expected."""
        parts = []
        now = self.items_of(card, line)
        if now:
            parts.append(f"makes {items_text(now)}")
        if line.after == "won":
            parts.append("wins the game")
        elif line.after == "reset":
            parts.append("the count starts again")
        elif line.after == "again":
            parts.append(f"{'he has' if self.players == 2 else 'everyone else has'} said go: you lay again")
        elif line.after == "reply" and line.replies:
            parts += self.replies(card, line)
        return "; ".join(parts) or "nothing scores"

    def groups(self, card: Card, line: Line) -> tuple[list[_Group], float]:
        """The replies to ``card`` grouped by what they do, and the chance of a go."""
        count, pile = self.count + card.value, (*self.pile, card)
        hand = list(self.hand)
        hand.remove(card)
        groups: dict[tuple[object, ...], _Group] = {}
        go = 0.0
        for reply in line.replies:
            if reply.rank is None:
                go += reply.chance
                continue
            reached = count + VALUES[reply.rank]
            his_card = DECK[(reply.rank - 1) * 4]  # any card of the rank: the play scores ranks and values
            his = self.scored((*pile, his_card), reached, reply.points, self.cards_left == 2)
            answer = None if reply.answer is None else next(c for c in hand if c.rank == reply.answer)
            yours: tuple[PegItem, ...] = ()
            if answer is not None:
                yours = self.scored((*pile, his_card, answer), reached + answer.value, reply.answer_points,
                                    self.cards_left == 3)
            key = (reached, tuple(his), reply.answer, tuple(yours))
            if key in groups:
                groups[key].ranks.append(reply.rank)
                groups[key].chance += reply.chance
            else:
                groups[key] = _Group([reply.rank], reply.chance, reached, his, answer, yours)
        return list(groups.values()), go

    def reply_text(self, group: _Group, who: str) -> str:
        """``if he lays a 6 for 15 (19%), he makes 15 for 2, and your 6C makes a pair for 2 back``."""
        text = f"if {who} lays {rank_words(group.ranks)} for {group.reached} ({_percent(group.chance)})"
        if group.his:
            text += f", he makes {items_text(group.his)}"
        if group.answer is not None and group.yours:
            text += f"{', and' if group.his else ','} your {group.answer} makes {items_text(group.yours)}"
            text += " back" if group.his else ""
        return text

    def replies(self, card: Card, line: Line) -> list[str]:
        """The reply feared most (the likeliest points against), the answer kept (the likeliest points
        back, from another reply), the go expected; each reply in one of them at most."""
        groups, go = self.groups(card, line)
        who = self.who(line.seat)
        told = []
        threats = [group for group in groups if group.his_points]
        fear = max(threats, key=lambda group: group.chance * group.his_points, default=None)
        if fear is not None:
            invited = fear.answer is not None and card.rank in fear.ranks and any(
                "pair royal" in item.kind for item in fear.yours)
            if invited and fear.answer is not None:
                lead = "lead from the pair: " if not self.pile and self.count == 0 else ""
                told.append(f"{lead}if {who} pairs it, your {fear.answer} makes {items_text(fear.yours)} "
                            f"({who} does {_percent(fear.chance)} of the time)")
            elif fear.chance < NOTABLE:
                told.append(f"{who} seldom scores in reply")
                fear = None
            else:
                told.append(self.reply_text(fear, who))
        answers = [group for group in groups if group.yours and group is not fear and group.chance >= NOTABLE]
        kept = max(answers, key=lambda group: group.chance * group.your_points, default=None)
        if kept is not None:
            told.append(self.reply_text(kept, who))
        if go >= 0.1:
            told.append(f"{who} says go {_percent(go)} of the time")
        if not threats:
            told.append("no reply scores")
        return told


# --- verdicts: a decision against the analyst's first choice -------------------------------------


@dataclass(frozen=True, slots=True)
class Verdict:
    """One decision judged against the analyst's first choice, in figures as printed.

    ``kind`` is ``throw`` or ``play``; ``chosen`` and ``best`` the cards thrown or the card laid.
    Points are in hundredths (a throw's net plus its pegging value where weighed; a card's expected
    net pegging from here), chances in tenths of a percent (None where no board is known). ``board``:
    the chance to win decided, so the best is the likeliest to win. ``why`` says why the best is
    best and, when another was chosen, what the choice leads to; ``note`` how the board changed the
    advice, if it did.
    """

    kind: str
    chosen: tuple[Card, ...]
    best: tuple[Card, ...]
    board: bool
    chosen_points: int
    best_points: int
    chosen_chance: int | None = None
    best_chance: int | None = None
    why: str = ""
    note: str = ""

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
    def matched(self) -> bool:
        """Whether the choice was the best, or as good as printed."""
        return not self.points_given_up and not self.chance_given_up


def judge_throw(analysis: ThrowAnalysis, thrown: Sequence[Card]) -> Verdict:
    """The throw made against the analyst's first."""
    chosen, best = analysis.option(thrown), analysis.best
    return Verdict("throw", chosen.cards, best.cards, analysis.board, chosen.points, best.points, chosen.chance,
                   best.chance, note=analysis.note())


def judge_play(analysis: PlayAnalysis, card: Card) -> Verdict:
    """The card laid against the analyst's first, with the why of both."""
    chosen, best = analysis.option(card), analysis.best
    if chosen.card.rank == best.card.rank:
        return Verdict("play", (card,), (card,), analysis.board, chosen.points, chosen.points, chosen.chance,
                       chosen.chance, f"{card}: {chosen.why}")
    why = f"{best.card}: {best.why}; yours, {card}: {chosen.why}"
    return Verdict("play", (card,), (best.card,), analysis.board, chosen.points, best.points, chosen.chance,
                   best.chance, why, analysis.note())


def deal_chance(rules: GameRules, scores: Sequence[int], seat: int, dealer: int) -> float | None:
    """The seat's chance to win as a deal begins (two players, a game with a board), else None."""
    if not has_board(View(rules, seat, dealer, tuple(scores), ())) or max(scores) >= rules.target:
        return None
    return odds(scores[seat], scores[1 - seat], me_dealing=seat == dealer, target=rules.target,
                variant=rules.variant).win


# --- the words every piece of advice shares ------------------------------------------------------


def throw_columns(analysis: ThrowAnalysis) -> tuple[str, ...]:
    """The headers of :func:`throw_rows`."""
    columns: tuple[str, ...] = ("throw", "keep", "hand", "crib", "net")
    if analysis.pegging:
        columns += ("peg", "total")
    return columns + (("win",) if analysis.score is not None else ())


def throw_row(analysis: ThrowAnalysis, option: ThrowOption) -> list[str]:
    """One throw's figures as printed; each net is what the hand and crib beside it make, each total the
    net and peg beside it."""
    row = [format_cards(option.cards), format_cards(option.throw.keep), points_text(option.hand),
           points_text(option.crib), points_text(option.net)]
    if option.peg is not None:
        row += [points_text(option.peg), points_text(option.points)]
    if analysis.score is not None:
        row.append(chance_text(option.chance) if option.chance is not None else "")
    return row


def throw_key(analysis: ThrowAnalysis) -> list[str]:
    """What the columns of a throw table mean, and what ranks it."""
    sign = "-" if analysis.role == "pone" else "+"
    lines = [(f"hand: the keep's mean over the {analysis.starters} starters; crib: its mean, the other crib cards "
              f"any unseen; net = hand {sign} crib")]
    if analysis.pegging:
        lines.append("peg: what the keep pegs less what it concedes, expert against expert; total = net + peg")
    if analysis.board:
        which = "all" if analysis.weighed == len(analysis.options) else f"the {analysis.weighed} best by points"
        lines.append(f"win: the chance to win the game; ranked by it, {which} weighed, as this deal may end the game")
    elif analysis.score is not None:
        lines.append("win: the chance to win the game; ranked by points, as this deal can hardly end the game")
    return lines


def _figure(analysis: ThrowAnalysis, option: ThrowOption) -> str:
    """A throw's points as the coach says them: ``total 2.09 (net 3.23, peg -1.14)`` or ``net 1.69``."""
    if option.peg is None:
        return f"net {points_text(option.net)}"
    return f"total {points_text(option.points)} (net {points_text(option.net)}, peg {points_text(option.peg)})"


def throw_text(analysis: ThrowAnalysis, verdict: Verdict) -> str:
    """``you threw AS QC: total 2.09 (net 3.23, peg -1.14); best 2D QC: total 2.65 (...); you gave up 0.56``;
    by the chance to win where the board decided."""
    chosen, best = analysis.option(verdict.chosen), analysis.option(verdict.best)
    text = f"you threw {format_cards(chosen.cards)}: "
    if verdict.board:
        assert chosen.chance is not None and best.chance is not None
        lost = verdict.chance_given_up
        text += f"{chance_text(chosen.chance)} to win, {_figure(analysis, chosen)}"
        if not lost:
            return f"{text}: the best throw"
        return (f"{text}; best {format_cards(best.cards)}: {chance_text(best.chance)}; you gave up "
                f"{chance_text(lost or 0)} of your chance to win")
    text += _figure(analysis, chosen)
    if not verdict.points_given_up:
        return f"{text}: the best throw"
    return (f"{text}; best {format_cards(best.cards)}: {_figure(analysis, best)}; you gave up "
            f"{points_text(verdict.points_given_up)}")


def card_text(option: CardOption) -> str:
    """A card's figures and why, a line of the coach's ``?``."""
    figures = f"{points_text(option.points, sign=True)} net pegging expected from here"
    if option.chance is not None:
        figures = f"{chance_text(option.chance)} to win, {figures}"
    return f"{option.card}: {figures}; {option.why}"


def play_text(verdict: Verdict, best: str = "the expert would lay") -> str:
    """The best card (as ``best`` names it: the expert's), the figures of both, what was given up and why;
    or that the expert agrees."""
    if verdict.board:
        assert verdict.best_chance is not None and verdict.chosen_chance is not None
        lost = verdict.chance_given_up or 0
        figures = (f"{chance_text(verdict.best_chance)} to win, yours {chance_text(verdict.chosen_chance)}: "
                   f"you gave up {chance_text(lost)}")
    else:
        lost = verdict.points_given_up
        figures = (f"{points_text(verdict.best_points, sign=True)}, yours {points_text(verdict.chosen_points, sign=True)}: "
                   f"you gave up {points_text(lost)}")
    if not lost:
        return "the expert would lay it too"
    return f"{best} {verdict.best[0]} ({figures})" + (f": {verdict.why}" if verdict.why else "")
