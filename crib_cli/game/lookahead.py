"""Looking ahead in the play: an expectimax over the cards the other seats may hold.

Everything here works on ranks (1-13), since suits never matter in the play.
A position is seen by the seat to move, which is seat 0; the others are
numbered clockwise from it. That seat knows its own cards and which cards
it has not seen; the search assumes, and this is its whole model:

- **What the others hold.** Each other seat holds as many cards as it has left,
  any set of that many unseen cards, except cards it cannot hold: after a go
  at count ``c`` a seat holds nothing worth ``31 - c`` or less (its *floor*
  rises to ``32 - c``). A state may also say what the cards a seat has laid
  reveal (:class:`PlayState`): ranks it is taken not to hold (*ruled out*: a
  card that would have scored more at once than the one it laid) and how much
  likelier it holds each other rank (its *rank weights*); a holding's chance is then
  its cards' weights multiplied, and without them every holding is equally
  likely. Each seat's holding is taken on its own, as if the other seats'
  unseen cards were not dealt.
- **How they choose.** A seat lays, of the cards it holds, the one best for its
  side (a partner the best for us, an opponent the worst for us), judged with
  the seat to move's cards in view. Once it has laid a card its remaining
  cards are again any unseen cards, weighed as before. The value at its turn is the average over
  its possible holdings of that best card, found exactly by ranking the ranks
  it could lay and weighing the holdings whose best card is each (counted in
  closed form from the power sums of the cards' weights).
- **What counts.** Every point of the play for and against: fifteens, 31,
  pairs, runs, the go and the last card. When the play goes once (five-card
  cribbage) it ends at the first go or 31. The value of a position is our
  side's points less the other side's from now on. Two players: mine less
  the opponent's. Four players: my side's less the other side's (partners,
  seats 0 and 2, play for each other). Three players: mine less the other
  two players' together, both of whom play against me (the paranoid view).
- **How far.** ``depth`` cards more are laid (the end of the play when it is
  at least the cards left); after the last of them, goes that nobody can
  avoid still score, and the search stops at the first seat that could lay.
  Every seat judges its cards by the same search to the same horizon.

The seat to move chooses as the search does, knowing only its own cards; the
others are assumed to see its cards, which makes the model cautious.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache, lru_cache
from operator import itemgetter

from ..rules import LIMIT
from ..tables import RANKS, VALUES
from .holdings import Holds, scan, search_weights, weights_lacking
from .series import PlayState, lay_rank, points_laid, scored, tail_of

_ALIKE = (0.0,) + (1.0,) * 13
"""Every rank as likely as its unseen cards make it (index 0 unused)."""
_NO_PILE: tuple[int, ...] = ()
_TIE = 1e-9


def search_depth(state: PlayState) -> int:
    """How many cards the search looks ahead by default: with two players three,
    or to the end of the play once four cards are left; with more, two.

    Three is my card, the reply and my next card; two is my card and the next
    seat's. Each other seat's turn multiplies the work about tenfold: a fourth
    card from the lead costs ten times the time for a few hundredths of a
    point a deal, and the whole play from the lead takes about half a second.
    With four cards left the whole rest of the play costs little.
    """
    if len(state.left) != 2:
        return 2
    return 4 if sum(state.left) <= 4 else 3


@dataclass(frozen=True, slots=True)
class Goal:
    """Playing the board (two players): points weighed by the chance to win they leave, not counted.

    ``need`` is what the seat to move lacks of the target, ``their_need`` the
    other seat's; whoever reaches it during the play wins there. ``after``
    gives the seat's chance to win when the search stops with ``(mine,
    theirs)`` more points pegged and neither at the target: the rest of the
    deal, its shows in their order, and the game from where it leaves them.
    """

    need: int
    their_need: int
    after: Callable[[int, int], float]

    def __post_init__(self) -> None:
        if not 0 < self.need < _SIDE or not 0 < self.their_need < _SIDE:
            raise ValueError(f"a goal's needs are 1 to {_SIDE - 1} points, not {self.need} and {self.their_need}")

    def value(self, gained: int) -> float:
        """The chance to win with ``gained`` (our points times :data:`_SIDE`, plus theirs) pegged so far."""
        mine, theirs = divmod(gained, _SIDE)
        if mine >= self.need:
            return 1.0
        if theirs >= self.their_need:
            return 0.0
        return self.after(mine, theirs)


_SIDE = 64
"""In board play the points gained are one number: ours times this, plus theirs (the play pegs fewer)."""


def play_values(state: PlayState, depth: int | None = None, goal: Goal | None = None) -> dict[int, float]:
    """Each rank seat 0 may lay, with its expected net over the next ``depth`` cards laid (its own first),
    or with a ``goal`` its chance to win the game.

    >>> state = PlayState((5, 10), (0,) + tuple(3 if rank in (5, 10) else 4 for rank in range(1, 14)), (2, 2))
    >>> {rank: round(value, 3) for rank, value in play_values(state, 2).items()}
    {5: -1.19, 10: -0.456}
    """
    return _first_cards(state, depth, goal, None)


def choose_play(state: PlayState, depth: int | None = None, goal: Goal | None = None) -> int | None:
    """The rank to lay: the highest expected net, or chance to win (ties: the higher rank); None for a go."""
    return best_rank(play_values(state, depth, goal))


def best_rank(values: dict[int, float]) -> int | None:
    """The rank :func:`choose_play` picks from values by rank: the highest (ties, within a
    billionth: the higher rank); None when there is none.

    >>> best_rank({5: 0.25, 9: 0.25, 2: -1.0})
    9
    """
    if not values:
        return None
    best = max(values.values())
    return max(rank for rank, value in values.items() if value >= best - _TIE)


def play_value(state: PlayState, depth: int | None = None, goal: Goal | None = None) -> float:
    """The expected net of the position for seat 0 (or its chance to win): its best card, or its go."""
    context, hand, pool, holds, tail, count, gone, depth = _start(state, depth, goal)
    last = -1 if state.last is None else state.last
    return _value(context, hand, pool, state.left, holds, 0, count, tail, gone, last, depth, 0, None)


@dataclass(frozen=True, slots=True)
class Reply:
    """One answer the next seat may make to seat 0's card, as the search weighs it.

    ``rank`` is what it lays (None: it says go) and ``chance`` the share of its
    possible holdings whose best card, by the search, is that rank: a card's
    replies share out every holding once, so their chances add up to 1.
    ``points`` is what the reply scores for its side, with a go or last card it
    earns at once; ``value`` the value for seat 0 after it. ``answer`` is seat
    0's best rank next, when seat 0 lays next in the series and the search looks
    that far (else None), and ``answer_points`` what that card scores.
    """

    rank: int | None
    chance: float
    points: int
    value: float
    answer: int | None = None
    answer_points: int = 0


@dataclass(frozen=True, slots=True)
class Line:
    """What the search sees after seat 0 lays ``rank``: what the card scores (``points``, with a go or the
    last card it earns at once), its ``value`` (:func:`play_values`' own), and how the play goes on:

    - ``over``: the play ends (the last card, or five-card cribbage's one series);
    - ``won``: with a goal, the card reaches the target;
    - ``reset``: 31, or a go nobody can answer: the count starts again;
    - ``again``: every other seat has said go, so seat 0 lays again;
    - ``reply``: ``seat`` answers, with one of ``replies`` (none when the search stops at this card).
    """

    rank: int
    points: int
    value: float
    after: str
    replies: tuple[Reply, ...] = ()
    seat: int | None = None


def play_lines(state: PlayState, depth: int | None = None, goal: Goal | None = None) -> dict[int, Line]:
    """Each rank seat 0 may lay, with the search's line after it: what it scores, the replies the next
    seat may make with their chances, and seat 0's best answer to each. It is :func:`play_values`' own
    search with a trace kept of its first steps, so the line costs little more, and its values are
    :func:`play_values`' to the last bit (but where :data:`_REPLY_ORDER` says otherwise).

    >>> state = PlayState((5, 10), (0,) + tuple(3 if rank in (5, 10) else 4 for rank in range(1, 14)), (2, 2))
    >>> line = play_lines(state, 2)[10]
    >>> line.after, round(sum(reply.chance for reply in line.replies), 9), line.value == play_values(state, 2)[10]
    ('reply', 1.0, True)
    """
    traces: dict[int, _Trace] = {}
    values = _first_cards(state, depth, goal, traces)
    return {rank: traces[rank].line(rank, value) for rank, value in values.items()}


def _first_cards(
    state: PlayState, depth: int | None, goal: Goal | None, traces: dict[int, _Trace] | None,
) -> dict[int, float]:
    """Each rank seat 0 may lay, with its value; with ``traces``, each card's trace kept there by its rank."""
    context, hand, pool, holds, tail, count, gone, depth = _start(state, depth, goal)
    values = {}
    for rank in state.legal():
        i = hand.index(rank)
        trace = None if traces is None else traces.setdefault(rank, _Trace())
        values[rank] = _after(
            context, hand[:i] + hand[i + 1 :], pool, state.left, holds, 0, count + VALUES[rank], tail, gone, depth,
            rank, 0, trace,
        )
    return values


@dataclass(frozen=True, slots=True)
class _Context:
    """What stays the same through one search, made once at its top (:func:`_start`)."""

    ours: int
    """Our side's seats, a bit each: seat 0, and with four players its partner, seat 2."""
    once: bool
    """Whether the play ends with the series (five-card cribbage)."""
    goal: Goal | None
    """The chance to win that points are weighed by; None: the points themselves."""
    turns: tuple[tuple[int, ...], ...]
    """By seat, the seats in the order they play after it, itself last (:data:`_TURNS` for these seats)."""


def _start(
    state: PlayState, depth: int | None, goal: Goal | None,
) -> tuple[_Context, tuple[int, ...], tuple[int, ...], Holds, tuple[int, ...], int, int, int]:
    """A search's context, and its first position in the search's own encoding: seat 0's hand sorted,
    the pool, each seat's weights (:func:`search_weights`), the series' tail, the count, the gone
    bits, and the depth (the default, or ``depth`` checked to be at least one card; at most the cards left)."""
    if depth is None:
        depth = search_depth(state)
    elif depth < 1:
        raise ValueError(f"depth is how many cards to look ahead, at least 1, not {depth}")
    seats = len(state.left)
    if goal is not None and seats != 2:
        raise ValueError("playing the board is for two players")
    floors = state.floors or (0,) * seats
    ruled_out = state.ruled_out or (0,) * seats
    holds = tuple(map(search_weights, floors, ruled_out, state.rank_weights or (_ALIKE,) * seats))
    context = _Context(0b101 if seats == 4 else 0b1, state.once, goal, _TURNS[seats])
    gone = sum(1 << seat for seat in state.gone)
    depth = min(depth, sum(state.left))
    return context, tuple(sorted(state.hand)), tuple(state.unseen), holds, tail_of(state.pile), state.count, gone, depth


@dataclass(slots=True)
class _Trace:
    """What a step of the search found, kept when the search explains itself (:func:`play_lines`).

    Given to a card's step (:func:`_after`), it keeps the card's ``points``, with a go or the last
    card it earns at once, and how the play goes on (``after`` and ``seat``, as :class:`Line` has
    them); the step gives it on to the turn that follows when that is another seat's after seat 0's
    card, which keeps the ``replies`` it weighs (each reply's own step traced in ``steps``), or seat
    0's after another seat's card, which keeps its values by rank in ``answers`` and its best
    ``answer`` with what that card scores. Elsewhere the search passes None.
    """

    points: int = 0
    after: str = ""
    seat: int | None = None
    replies: list[Reply] = field(default_factory=list)
    steps: dict[int, _Trace] = field(default_factory=dict)
    answers: dict[int, float] = field(default_factory=dict)
    answer: int | None = None
    answer_points: int = 0

    def goes_on(self, points: int, after: str, seat: int | None = None) -> None:
        """Keep what the card scores and how the play goes on after it."""
        self.points, self.after, self.seat = points, after, seat

    def step(self, rank: int) -> _Trace:
        """A new trace for the step of the reply ``rank``, kept for :meth:`reply`."""
        step = self.steps[rank] = _Trace()
        return step

    def reply(self, rank: int | None, chance: float, value: float) -> None:
        """Keep a reply (None: a go) with its chance and the value after it."""
        if rank is None:
            self.replies.append(Reply(None, chance, 0, value))
        else:
            step = self.steps[rank]
            self.replies.append(Reply(rank, chance, step.points, value, step.answer, step.answer_points))

    def answered(self, tail: tuple[int, ...], count: int, left: tuple[int, ...]) -> None:
        """Keep seat 0's best answer among its ``answers`` laid on the series at ``count``, and its points."""
        self.answer = best_rank(self.answers)
        self.answer_points = 0 if self.answer is None else points_laid(tail, self.answer, count, left)

    def line(self, rank: int, value: float) -> Line:
        """Seat 0's card ``rank`` as the trace saw it, with its value."""
        return Line(rank, self.points, value, self.after, tuple(self.replies), self.seat)


_REPLY_ORDER = itemgetter(0, 1)
"""How a trace orders a seat's replies, best for its side first: by value, then by number of cards,
ties lowest rank first. The search alone breaks such ties by rank, the higher first where the seat
plays for us: the two part only at a partner's tied replies (four players), where a line's value may
then differ from :func:`play_values`' in its last bit."""


def _stop(gained: int, goal: Goal | None) -> float:
    """The value where the search stops: the net points gained, or the chance to win they leave."""
    return float(gained) if goal is None else goal.value(gained)


def _value(
    context: _Context,
    hand: tuple[int, ...],
    pool: tuple[int, ...],
    left: tuple[int, ...],
    holds: Holds,
    turn: int,
    count: int,
    tail: tuple[int, ...],
    gone: int,
    last: int,
    depth: int,
    gained: int,
    trace: _Trace | None,
) -> float:
    """The value for our side with ``turn`` to lay and ``depth`` cards to go, ``gained`` pegged so far;
    with a ``trace``, the answers weighed (seat 0's turn) or the replies (another seat's) kept in it."""
    room = LIMIT - count
    goal = context.goal
    if turn == 0:
        best: float | None = None
        answers = None if trace is None else trace.answers
        for rank, rest in _choices(hand):
            if VALUES[rank] > room:
                break
            if not depth:
                return _stop(gained, goal)
            value = _after(context, rest, pool, left, holds, 0, count + VALUES[rank], tail, gone, depth, rank, gained, None)
            if answers is not None:
                answers[rank] = value
            if best is None or value > best:
                best = value
        if best is None:
            return _go(context, hand, pool, left, holds, 0, count, tail, gone, last, depth, gained)
        if trace is not None:
            trace.answered(tail, count, left)
        return best
    if not depth:
        # At the horizon only a go that is certain still counts.
        if _could_lay(hand, pool, holds, turn, room):
            return _stop(gained, goal)
        options: tuple[int, ...] = ()
    else:
        hold = holds[turn]
        cards, options, sums = scan(pool, hold, room)
    if not options:
        value = _go(context, hand, pool, left, holds, turn, count, tail, gone, last, depth, gained)
        if trace is not None:
            trace.reply(None, 1.0, value)
        return value
    k = min(left[turn], cards)
    if len(left) == 2 and left[1] == 1 and sum(left) <= min(depth, 2) and trace is None:
        # His last card, the search going to the end: each card he may lay priced in closed form (most
        # of a search to the end is here), as :func:`_after` would find it.
        points_to_end = _points_to_end(tail, count, hand[0] if hand else 0, gone & 1, context.once)
        if goal is None:
            outcomes = [(float(gained - points_to_end[rank][0] + points_to_end[rank][1]), pool[rank], rank)
                        for rank in options]
        else:
            outcomes = [(_chance_at_end(points_to_end[rank], gained, goal), pool[rank], rank) for rank in options]
    else:
        outcomes = []
        for rank in options:
            number = pool[rank]
            rest = pool[:rank] + (number - 1,) + pool[rank + 1 :]
            after = _after(
                context, hand, rest, left, holds, turn, count + VALUES[rank], tail, gone, depth, rank, gained,
                None if trace is None else trace.step(rank),
            )
            outcomes.append((after, number, rank))
    # The seat lays its best rank: sort best first, and weigh each by the holdings
    # that have it but none better: those with no better rank less those with
    # neither a better rank nor this one (every card alike: C(cards left, k)).
    outcomes.sort(key=None if trace is None else _REPLY_ORDER, reverse=bool(context.ours >> turn & 1))
    weights = weights_lacking(sums, k, pool, hold, [rank for _, _, rank in outcomes])
    total = before = weights[0]
    value = 0.0
    for (outcome, _, rank), after_count in zip(outcomes, weights[1:]):
        value += outcome * (before - after_count)
        if trace is not None:
            trace.reply(rank, (before - after_count) / total, outcome)
        before = after_count
    if before > _TIE * total:
        raised = holds[:turn] + (search_weights(32 - count, 0, hold),) + holds[turn + 1 :]
        go = _go(context, hand, pool, left, raised, turn, count, tail, gone, last, depth, gained)
        value += before * go
        if trace is not None:
            trace.reply(None, before / total, go)
    return value / total


def _chance_at_end(points: tuple[int, int], gained: int, goal: Goal) -> float:
    """The chance to win after his last card and mine (:func:`_points_to_end`'s points), ``gained`` pegged before."""
    his, mine = points
    gained += his  # his points come first: if they reach his need, mine are too late
    return goal.value(gained if _over(gained, goal) else gained + mine * _SIDE)


@lru_cache(maxsize=1 << 14)
def _points_to_end(
    tail: tuple[int, ...], count: int, mine: int, gone: int, once: bool,
) -> tuple[tuple[int, int], ...]:
    """For each rank (index 0 unused; 0 for a rank that does not fit) the other seat may lay as its last
    card on the series (its tail) at ``count``, to the end of the play: his points, then mine. I hold
    ``mine`` (0: nothing); ``gone`` is 1 if I have said go in this series. Two players: after his card
    only mine is left."""
    return ((0, 0),) + tuple((0, 0) if VALUES[rank] > LIMIT - count else _points_to_end_of(tail, count, rank, mine, gone, once)
                             for rank in RANKS)


def _points_to_end_of(tail: tuple[int, ...], count: int, rank: int, mine: int, gone: int, once: bool) -> tuple[int, int]:
    """:func:`_points_to_end` for one rank that fits."""
    his = scored(tail, rank, count)
    count += VALUES[rank]
    if not mine:
        return his + (count < LIMIT), 0  # his was the last card
    if count == LIMIT:
        return his, int(not once)  # I lead my card anew: the last card
    if gone or VALUES[mine] > LIMIT - count:
        return his + 1, int(not once)  # his go, then my card anew
    return his, scored(lay_rank(tail, rank)[1], mine, count) + (count + VALUES[mine] < LIMIT)


@cache
def _choices(hand: tuple[int, ...]) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """Each distinct rank of a sorted hand, lowest first, with the hand left after laying it."""
    return tuple((rank, hand[:i] + hand[i + 1 :]) for i, rank in enumerate(hand) if rank not in hand[:i])


def _after(
    context: _Context,
    hand: tuple[int, ...],
    pool: tuple[int, ...],
    left: tuple[int, ...],
    holds: Holds,
    seat: int,
    count: int,
    tail: tuple[int, ...],
    gone: int,
    depth: int,
    rank: int,
    gained: int,
    trace: _Trace | None,
) -> float:
    """``seat`` lays ``rank`` reaching ``count`` (``hand`` or ``pool`` already without it): its points and what
    follows; with a ``trace``, what the card scores and how the play goes on kept in it."""
    points, tail = lay_rank(tail, rank)
    if count == 15 or count == LIMIT:
        points += 2
    left = _fewer(left)[seat]
    mine = context.ours >> seat & 1
    goal = context.goal
    if not left:
        points += count < LIMIT  # the last card
        if trace is not None:
            trace.goes_on(points, "over")
        return _stop(_gain(gained, mine, points, goal), goal)
    if points:
        gained = _gain(gained, mine, points, goal)
        if goal is not None and _over(gained, goal):
            if trace is not None:
                trace.goes_on(points, "won")
            return goal.value(gained)
    if count == LIMIT:
        if trace is not None:
            trace.goes_on(points, "over" if context.once else "reset")
        return _reset(context, hand, pool, left, holds, seat, depth - 1, gained)
    for turn in context.turns[seat]:
        if left[turn] and not gone >> turn & 1:
            if trace is not None:
                trace.goes_on(points, "reply" if turn else "again", turn)
                if (seat == 0) == (turn == 0):
                    trace = None  # a trace follows seat 0's card to the reply, and a reply to seat 0's answer
            if depth == 1:
                # The horizon: stop if the seat may lay. Most of the search ends here, so this is
                # _could_lay and _stop written out.
                if turn:
                    hold = holds[turn]
                    for option in _FITTING[LIMIT - count]:
                        if pool[option] and hold[option]:
                            return float(gained) if goal is None else goal.value(gained)
                elif VALUES[hand[0]] <= LIMIT - count:
                    return float(gained) if goal is None else goal.value(gained)
            return _value(context, hand, pool, left, holds, turn, count, tail, gone, seat, depth - 1, gained, trace)
    gained = _gain(gained, mine, 1, goal)  # the go: nobody else may lay
    if goal is not None and _over(gained, goal):
        if trace is not None:
            trace.goes_on(points + 1, "won")
        return goal.value(gained)
    if trace is not None:
        trace.goes_on(points + 1, "over" if context.once else "reset")
    return _reset(context, hand, pool, left, holds, seat, depth - 1, gained)


@cache
def _fewer(left: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """For each seat, the cards every seat has left once it lays one: () when that was the last card of all."""
    if sum(left) == 1:
        return ((),) * len(left)
    return tuple(left[:seat] + (left[seat] - 1,) + left[seat + 1 :] for seat in range(len(left)))


_FITTING = tuple(tuple(rank for rank in RANKS if VALUES[rank] <= room) for room in range(LIMIT + 1))
"""By the room left under 31 (0 to 31), the ranks that fit in it."""

_TURNS = {seats: tuple(tuple((seat + step) % seats for step in range(1, seats + 1)) for seat in range(seats))
          for seats in (2, 3, 4)}
"""By the number of seats and a seat, the seats in the order they play after it, itself last."""


def _gain(gained: int, mine: int, points: int, goal: Goal | None) -> int:
    """``gained`` after ``points`` to our side (``mine``) or theirs."""
    if goal is None:
        return gained + points if mine else gained - points
    return gained + points * _SIDE if mine else gained + points


def _over(gained: int, goal: Goal) -> bool:
    """Whether a side has reached the target: the game is over."""
    mine, theirs = divmod(gained, _SIDE)
    return mine >= goal.need or theirs >= goal.their_need


def _could_lay(hand: tuple[int, ...], pool: tuple[int, ...], holds: Holds, seat: int, room: int) -> bool:
    """Whether ``seat`` holds, or may hold, a card that fits in ``room``."""
    if not seat:
        return bool(hand) and VALUES[hand[0]] <= room
    hold = holds[seat]
    for rank in RANKS:
        if VALUES[rank] > room:
            return False
        if pool[rank] and hold[rank]:
            return True
    return False


def _go(
    context: _Context,
    hand: tuple[int, ...],
    pool: tuple[int, ...],
    left: tuple[int, ...],
    holds: Holds,
    seat: int,
    count: int,
    tail: tuple[int, ...],
    gone: int,
    last: int,
    depth: int,
    gained: int,
) -> float:
    """``seat`` says go; when nobody can lay, the last card's seat scores 1 and the count resets.

    A seat can be left holding more cards than the unseen cards it may hold
    (when other seats' cards used them up); if nobody can lead, the play stops.
    """
    gone |= 1 << seat
    for turn in context.turns[seat]:
        if left[turn] and not gone >> turn & 1:
            return _value(context, hand, pool, left, holds, turn, count, tail, gone, last, depth, gained, None)
    goal = context.goal
    if last < 0:
        return _stop(gained, goal)
    gained = _gain(gained, context.ours >> last & 1, 1, goal)
    if goal is not None and _over(gained, goal):
        return goal.value(gained)
    return _reset(context, hand, pool, left, holds, last, depth, gained)


def _reset(
    context: _Context,
    hand: tuple[int, ...],
    pool: tuple[int, ...],
    left: tuple[int, ...],
    holds: Holds,
    last: int,
    depth: int,
    gained: int,
) -> float:
    """A new series: the first seat after ``last`` with cards leads; none when the play goes once."""
    if context.once:
        return _stop(gained, context.goal)
    for turn in context.turns[last]:
        if left[turn]:
            return _value(context, hand, pool, left, holds, turn, 0, _NO_PILE, 0, -1, depth, gained, None)
    return _stop(gained, context.goal)
