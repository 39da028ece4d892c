"""The review of a finished game: every decision priced by the analyst, and what the cards gave each seat.

A logged game (:func:`~crib_cli.game.record.record_from_json`) is replayed
deal by deal through the engine (:func:`~crib_cli.game.engine.play_deal`),
the deck stacked as it was dealt, with players that answer as the log says.
So each seat is handed the very view it decided from, and the analyst
(:mod:`crib_cli.game.analyst`) prices every throw and every card laid where
more than one rank fitted, by the expert's measure at the expert's depth:
what the choice gave up against the expert's, in points and, where the
board's table is known, in the chance to win. A seat's summary charges each
decision in the measure that decided it, as the coach does: the chance to
win where the deal could end the game (the expert plays the board there),
else points, and points where the chances print alike.

The luck is what the cards gave a seat beyond what it could expect once it
had thrown, in points, deal by deal:

- **the starters**: its shows (and, as dealer, his heels) with the starter
  turned, against their average over every card that could have been turned
  (those in no hand and not in the crib);
- **the others' cards**: that average against what the seat could expect at
  its throw, not knowing them: its hand's mean over the starters it could not
  see, its crib's expected value (the expert crib model in two-player
  six-card cribbage, where the pone throws as an expert would; else any
  unseen cards);
- **the pegging** (two-player six-card cribbage, a play played out): the
  points it pegged less those pegged against it, against its keep's pegging
  value; this one mixes the cards held with how both seats played them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import DECK, Card, Rank
from ..cribs import expert_crib_means
from ..discard import analyze_discards
from ..pegging import pegging_value
from ..rules import HEELS, GameRules
from ..score import show_total
from .analyst import Verdict, analyze_play, analyze_throws, judge_play, judge_throw
from .engine import play_deal
from .players import View
from .record import DealRecord, GameRecord, RecordError, ShowRecord


@dataclass(frozen=True, slots=True)
class Decision:
    """One decision of a seat, priced: in which deal (from 0), the verdict, and the view it was made from."""

    deal: int
    seat: int
    verdict: Verdict
    view: View


@dataclass(frozen=True, slots=True)
class Luck:
    """What the cards gave one seat in one deal beyond what it could expect after its throw, in points:
    by the starter, by the others' cards in its shows, and the pegging against its keep's value (None
    where not measured)."""

    starters: float = 0.0
    cards: float = 0.0
    pegging: float | None = None

    @property
    def shows(self) -> float:
        """The starters and the others' cards: the luck of the shows."""
        return self.starters + self.cards

    @property
    def total(self) -> float:
        """All of it: the shows' luck and, where measured, the pegging's."""
        return self.shows + (self.pegging or 0.0)


@dataclass(frozen=True, slots=True)
class SeatReview:
    """One seat's game: its decisions, the luck of each deal, and the points it missed in counting (muggins)."""

    seat: int
    name: str
    decisions: tuple[Decision, ...]
    luck: tuple[Luck, ...]
    missed: int

    @property
    def deals(self) -> int:
        return len(self.luck)

    @property
    def matched(self) -> int:
        """Decisions as good as the analyst's first (nothing given up, as printed)."""
        return sum(decision.verdict.matched for decision in self.decisions)

    def given_up(self, kind: str) -> int:
        """Hundredths of a point given up in throws or plays (``kind``), where points decided."""
        return sum(d.verdict.points_given_up for d in self.decisions if d.verdict.kind == kind and d.verdict.by_points)

    @property
    def chance_given_up(self) -> int | None:
        """Tenths of a percent of the chance to win given up where the board decided (None: no board known)."""
        if not any(d.verdict.chance_given_up is not None for d in self.decisions):
            return None
        return sum(d.verdict.chance_given_up or 0 for d in self.decisions if d.verdict.board)

    def mistakes(self, count: int) -> list[Decision]:
        """Up to ``count`` of the decisions that were not the best, those that gave up most in their own measure
        first (a percent of the chance to win weighed as a point), then by the points given up."""
        return self.not_best()[:count]

    def not_best(self) -> list[Decision]:
        """Every decision that was not the best (nor as good as printed), the costliest first."""
        missed = [d for d in self.decisions if not d.verdict.matched]
        missed.sort(key=lambda d: (-cost(d.verdict), -d.verdict.points_given_up, d.deal))
        return missed

    def luck_total(self, part: str) -> float | None:
        """The sum over the deals of one part of the luck (``starters``, ``cards``, ``shows``, ``pegging``, ``total``)."""
        values = [getattr(luck, part) for luck in self.luck]
        known = [value for value in values if value is not None]
        return sum(known) if known else None


@dataclass(frozen=True, slots=True)
class Review:
    """A whole game reviewed: the record, the players' names by seat, each seat's review."""

    record: GameRecord
    names: tuple[str, ...]
    seats: tuple[SeatReview, ...]

    @property
    def decisions(self) -> list[Decision]:
        """Every decision, deal by deal, in the order made."""
        return sorted((d for seat in self.seats for d in seat.decisions), key=lambda d: (d.deal, _order(d)))


def cost(verdict: Verdict) -> float:
    """What a decision gave up in its own measure: percents of the chance to win where the board
    decided, else (and where the chances print alike) points."""
    return verdict.points_given_up / 100 if verdict.by_points else (verdict.chance_given_up or 0) / 10


def _order(decision: Decision) -> int:
    return 0 if decision.verdict.kind == "throw" else 1


def review_game(record: GameRecord, names: Sequence[str], starts: Sequence[tuple[int, ...]] | None = None,
                numbers: Sequence[int] | None = None) -> Review:
    """Replay a logged game and price every decision; :class:`RecordError` where it does not replay.

    Each deal is replayed from the scores its predecessor left, or with ``starts``
    from the scores by seat given for it (a game read from the notation, whose
    board the marks move between deals, or with a bad deal left out); ``numbers``
    are the deals' numbers (from 0) in the game, where the record left some out.

    >>> from crib_cli.game.analyst import EXPERT
    >>> from crib_cli.game.engine import play_game
    >>> import random
    >>> record = play_game([EXPERT, EXPERT], GameRules(target=61), random.Random(1))
    >>> [seat.matched == len(seat.decisions) for seat in review_game(record, ("a", "b")).seats]
    [True, True]
    """
    rules = record.rules
    decisions: list[list[Decision]] = [[] for _ in range(rules.players)]
    luck: list[list[Luck]] = [[] for _ in range(rules.players)]
    missed = [0] * rules.players
    scores = record.opening
    for at, deal in enumerate(record.deals):
        number = at if numbers is None else numbers[at]
        if starts is not None:
            scores = starts[at]
        replayers = [Replayer(deal, seat) for seat in range(rules.players)]
        try:
            replayed = play_deal(replayers, rules, deal.dealer, dealt_deck(deal, rules),
                                 start=tuple(scores[side] for side in range(rules.sides)), names=names)
        except (ValueError, IndexError) as error:  # an illegal move, a claim missing, scores past the target
            raise RecordError(f"deal {number + 1} does not replay: {error}") from None
        _check(number, deal, replayed)
        for seat, replayer in enumerate(replayers):
            decisions[seat] += replayer.decisions(number)
            luck[seat].append(_luck(deal, seat, rules))
        for show in deal.shows:
            missed[show.seat] += show.points - show.claimed
        scores = deal.scores
    seats = tuple(
        SeatReview(seat, names[seat], tuple(decisions[seat]), tuple(luck[seat]), missed[seat])
        for seat in range(rules.players)
    )
    return Review(record, tuple(names), seats)


class Replayer:
    """A seat that answers as the log says, keeping the view of each decision and its answer."""

    def __init__(self, deal: DealRecord, seat: int) -> None:
        self.seat = seat
        self.thrown = deal.discards[seat]
        self.plays = deque(card for who, card in deal.plays if who == seat)
        self.claims = deque(show.claimed for show in deal.shows if show.seat == seat)
        self.answers: list[tuple[View, tuple[Card, ...]]] = []

    def discard(self, view: View) -> tuple[Card, ...]:
        self.answers.append((view, self.thrown))
        return self.thrown

    def play(self, view: View) -> Card | None:
        card = self.plays.popleft() if self.plays else None
        if card is not None:
            self.answers.append((view, (card,)))
        return card

    def count(self, view: View, show: object) -> int:
        return self.claims.popleft()

    def decisions(self, deal: int) -> list[Decision]:
        """The analyst's verdict on each answer that was a choice."""
        out = []
        for view, answer in self.answers:
            if view.play is None:
                verdict = judge_throw(analyze_throws(view), answer)
                out.append(Decision(deal, self.seat, verdict, view))
            elif len({card.rank for card in view.fits}) > 1:
                verdict = judge_play(analyze_play(view, "expert"), answer[0])
                out.append(Decision(deal, self.seat, verdict, view))
        return out


def dealt_deck(deal: DealRecord, rules: GameRules) -> list[Card]:
    """The deck as it was dealt: the hands seat by seat, the crib's card (three players), the starter, the rest."""
    top = [card for hand in deal.hands for card in hand]
    if deal.crib_card is not None:
        top.append(deal.crib_card)
    top.append(deal.starter)
    if len(set(top)) != len(top) or any(len(hand) != rules.dealt for hand in deal.hands):
        raise RecordError(f"the hands, the crib's card and the starter are not {rules.dealt} cards a seat, each once")
    return top + [card for card in DECK if card not in set(top)]


def _check(number: int, deal: DealRecord, replayed: DealRecord) -> None:
    """The log's deal against its replay: the same points, pegged and shown, and the same scores."""
    for what in ("heels", "pegging", "scores"):
        if getattr(deal, what) != getattr(replayed, what):
            raise RecordError(f"deal {number + 1}: the log's {what} are {getattr(deal, what)}, "
                              f"but the deal replays to {getattr(replayed, what)}")
    if [(s.seat, s.kind, s.points) for s in deal.shows] != [(s.seat, s.kind, s.points) for s in replayed.shows]:
        raise RecordError(f"deal {number + 1}: the log's shows are not the shows the deal replays to")


def _luck(deal: DealRecord, seat: int, rules: GameRules) -> Luck:
    """What the starter and the others' cards gave the seat's shows, and the play its pegging, in one deal."""
    dealt = {card for hand in deal.hands for card in hand} | ({deal.crib_card} if deal.crib_card else set())
    possible = [card for card in DECK if card not in dealt]
    mine = set(deal.hands[seat])
    unseen = [card for card in DECK if card not in mine]
    starters = cards = 0.0
    for show in deal.shows:
        if show.seat != seat:
            continue
        crib = show.kind == "crib"
        average = sum(show_total(show.hand, card, crib) for card in possible) / len(possible)
        starters += show.points - average
        cards += average - _expected(deal, show, rules, unseen)
    if seat == deal.dealer:
        jacks = [sum(card.rank == Rank.JACK for card in pool) / len(pool) for pool in (possible, unseen)]
        starters += deal.heels - HEELS * jacks[0]
        cards += HEELS * (jacks[0] - jacks[1])
    pegging = None
    if rules.players == 2 and rules.variant == "six" and deal.shows:
        kept = tuple(card for card in deal.hands[seat] if card not in deal.discards[seat])
        role = "dealer" if seat == deal.dealer else "pone"
        pegging = deal.pegging[seat] - deal.pegging[1 - seat] - pegging_value(kept, role).mean
    return Luck(starters, cards, pegging)


def _expected(deal: DealRecord, show: ShowRecord, rules: GameRules, unseen: list[Card]) -> float:
    """What the seat could expect of a show at its throw: a hand's mean over the starters it could not
    see; a crib's expected value (the expert crib model with two players, six cards)."""
    if show.kind == "hand":
        return sum(show_total(show.hand, card) for card in unseen) / len(unseen)
    seat = show.seat
    thrown = tuple(sorted(deal.discards[seat]))
    if rules.players == 2 and rules.variant == "six":
        return expert_crib_means(deal.hands[seat], "dealer")[thrown]
    options = analyze_discards(deal.hands[seat], role="dealer", players=rules.players, variant=rules.variant)
    return float(next(option.crib_mean for option in options if option.throw == thrown))
