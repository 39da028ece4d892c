"""The game engine: the cut for deal, the deal and discard, the starter, the play, the show, game end.

:func:`play_game` plays one whole game between players that see only their
:class:`~crib_cli.game.players.View`. Every answer is checked; a wrong one
raises :class:`~crib_cli.game.players.IllegalMove`. The first side to reach
the target wins at that instant (at the heels, mid-play or mid-show) and
nothing after it is scored. Five-card cribbage (``GameRules(variant="five")``)
starts with three for last to the first pone, and its play ends at the first
go or 31.

The play runs on :class:`crib_cli.peg.Play`, the rules of the play: the
engine asks each seat in turn, checks its answer and tells the observer what
it scored. A show
is itemized with :func:`crib_cli.score.score_show` when someone will read the
items (an observer, or a player's muggins count); otherwise only its total is
needed and comes from the table path, :func:`crib_cli.score.show_total`
(``ShowRecord.score`` itemizes it again on demand).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from ..cards import DECK, Card, Rank, format_cards
from ..peg import PegError, Play, Turn
from ..rules import HEELS, LIMIT, GameRules
from ..score import score_show, show_total
from .events import (
    DealEnded,
    Dealt,
    Discarded,
    Event,
    GameEnded,
    GameStarted,
    Go,
    GoPoint,
    Laid,
    ShowCounted,
    StarterTurned,
    ThreeForLast,
)
from .players import IllegalMove, Player, View
from .record import DealRecord, GameRecord, ShowRecord, game_points

Observer = Callable[[Event], None]


def play_game(
    players: Sequence[Player],
    rules: GameRules,
    rng: random.Random,
    *,
    first_dealer: int | None = None,
    observer: Observer | None = None,
    names: Sequence[str] | None = None,
    start: Sequence[int] | None = None,
) -> GameRecord:
    """Play one game; ``players`` by seat, ``names`` (default: class names) for messages.

    With ``first_dealer`` None the seats cut for the first deal. All chance
    comes from ``rng``: the cut, then one shuffle of the whole deck per deal.
    Seat ``s`` is dealt the ``s``-th block of ``rules.dealt`` cards of the
    shuffled deck; the crib card (three players) and the starter follow.
    ``start`` takes the game up at those scores, by side, at the start of the
    first deal; five-card cribbage's three for last belongs to a game begun at
    love-all, so it is not pegged then.
    """
    if len(players) != rules.players:
        raise ValueError(f"the rules are for {rules.players} players, but {len(players)} were given")
    if first_dealer is not None and not 0 <= first_dealer < rules.players:
        raise ValueError(f"first dealer must be a seat from 0 to {rules.players - 1}, not {first_dealer}")
    if start is not None and (len(start) != rules.sides or not all(0 <= score < rules.target for score in start)):
        raise ValueError(f"start: {rules.sides} scores, each from 0 to {rules.target - 1}, not {tuple(start)}")
    return _Game(tuple(players), rules, rng, _labels(players, names), observer, start).run(first_dealer)


def peg_deal(
    players: Sequence[Player],
    rules: GameRules,
    dealer: int,
    kept: Sequence[tuple[Card, ...]],
    thrown: Sequence[tuple[Card, ...]],
    starter: Card,
) -> Play:
    """The play alone, from the kept hands (by seat), played out: what each seat pegs is
    :meth:`~crib_cli.peg.Play.pegged`, and in what order :meth:`~crib_cli.peg.Play.scoring`.

    Nothing else of a deal happens and no score ends it; the players see what
    they would in a game at love-all.
    """
    game = _Game(tuple(players), replace(rules, target=_NO_END), random.Random(0), _labels(players), None)
    deal = _Deal(0, dealer, (), None, starter, tuple(thrown), tuple(tuple(hand) for hand in kept))
    game._play(deal)
    assert deal.play is not None
    return deal.play


def play_deal(
    players: Sequence[Player], rules: GameRules, dealer: int, deck: Sequence[Card], start: Sequence[int] | None = None,
    names: Sequence[str] | None = None,
) -> DealRecord:
    """One deal from ``deck`` in the order given (dealt as :func:`play_game` deals a shuffled one): its record;
    ``names`` (default: class names) for messages.

    Without ``start`` no score ends it, every show is counted, and the players
    see what they would in a game at love-all. With ``start`` (the scores by
    side as the deal begins) it is a deal of a game at those scores, which
    ends the moment a side reaches the target.
    """
    played = rules if start is not None else replace(rules, target=_NO_END)
    game = _Game(tuple(players), played, _Stacked(deck), _labels(players, names), None, start)
    try:
        game._deal(dealer)
    except _GameOver:
        pass
    return game.deals[0]


class _Stacked(random.Random):
    """A generator whose one shuffle leaves the deck in a given order."""

    def __init__(self, deck: Sequence[Card]) -> None:
        super().__init__(0)
        if sorted(deck) != list(DECK):
            raise ValueError("a deal is played from a whole deck of 52 different cards")
        self.deck = list(deck)

    def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
        x[:] = self.deck


_NO_END = 1 << 30
"""A target no play reaches."""


def _labels(players: Sequence[Player], names: Sequence[str] | None = None) -> tuple[str, ...]:
    """The seats' names for messages: those given, else the players' class names."""
    return tuple(names) if names is not None else tuple(type(player).__name__ for player in players)


def cut_for_deal(rules: GameRules, rng: random.Random) -> tuple[tuple[tuple[tuple[int, Card], ...], ...], int]:
    """The cut for first deal: its rounds of ``(seat, card)``, and the dealer.

    Each seat cuts, the lowest rank deals; seats tied for the lowest cut again.
    """
    cutting = list(range(rules.players))
    rounds = []
    while True:
        cards = rng.sample(DECK, len(cutting))
        rounds.append(tuple(zip(cutting, cards)))
        low = min(card.rank for card in cards)
        cutting = [seat for seat, card in zip(cutting, cards) if card.rank == low]
        if len(cutting) == 1:
            return tuple(rounds), cutting[0]


def _show_card(card: object) -> str:
    return str(card) if isinstance(card, Card) else repr(card)


class _GameOver(Exception):
    """Raised inside a deal the moment a side reaches the target."""


@dataclass
class _Deal:
    """One deal in progress: its cards, and what it has come to so far, for its record.

    ``hands`` are as dealt (empty when only the play is played); ``discards``
    and ``kept`` by seat once every seat has thrown; ``play`` once the play has begun.
    """

    number: int
    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    crib_card: Card | None
    starter: Card
    discards: tuple[tuple[Card, ...], ...] = ()
    kept: tuple[tuple[Card, ...], ...] = ()
    heels: int = 0
    play: Play | None = None
    pegging: list[int] = field(default_factory=list)
    shows: list[ShowRecord] = field(default_factory=list)

    def record(self, scores: tuple[int, ...]) -> DealRecord:
        """The deal as it went, with the scores after it."""
        seats = len(self.hands)
        plays = tuple((turn.seat, turn.card) for turn in self.play.turns) if self.play is not None else ()
        return DealRecord(
            self.dealer,
            self.hands,
            self.discards or ((),) * seats,
            self.crib_card,
            self.starter,
            self.heels,
            plays,
            tuple(self.pegging or [0] * seats),
            tuple(self.shows),
            scores,
        )


class _Game:
    """One game in progress. Scores are kept by side; ``scores`` is the by-seat view of them."""

    def __init__(
        self,
        players: tuple[Player, ...],
        rules: GameRules,
        rng: random.Random,
        names: tuple[str, ...],
        observer: Observer | None,
        start: Sequence[int] | None = None,
    ) -> None:
        self.players = players
        self.rules = rules
        self.rng = rng
        self.names = names
        self.observer = observer
        self.start = tuple(start) if start is not None else None
        self.side_scores = list(start) if start is not None else [0] * rules.sides
        self.scores: tuple[int, ...] = tuple(self.side_scores[rules.side(seat)] for seat in range(rules.players))
        self.winner: int | None = None
        self.deals: list[DealRecord] = []
        self.three_for_last = 0

    def run(self, first_dealer: int | None) -> GameRecord:
        rules = self.rules
        cuts: tuple[tuple[tuple[int, Card], ...], ...] = ()
        if first_dealer is None:
            cuts, first_dealer = cut_for_deal(rules, self.rng)
        if self.observer:
            self.observer(GameStarted(rules, self.names, cuts, first_dealer, self.scores))
        dealer = first_dealer
        try:
            if rules.three_for_last and self.start is None:
                self._three_for_last((first_dealer + 1) % rules.players)
            while True:
                self._deal(dealer)
                dealer = (dealer + 1) % rules.players
        except _GameOver:
            pass
        assert self.winner is not None
        loser = max(score for side, score in enumerate(self.side_scores) if side != self.winner)
        record = GameRecord(
            rules, cuts, first_dealer, tuple(self.deals), self.winner, self.scores, game_points(rules, loser),
            self.three_for_last, self.start,
        )
        if self.observer:
            self.observer(GameEnded(record))
        return record

    def who(self, seat: int) -> str:
        return f"seat {seat} ({self.names[seat]})"

    def score(self, seat: int, points: int) -> None:
        """Peg ``points`` for the seat's side; the first side to reach the target is the winner.

        The winner pegs out in the target hole: points past it are not pegged.
        """
        rules = self.rules
        side = seat % rules.sides
        self.side_scores[side] = min(self.side_scores[side] + points, rules.target)
        if self.winner is None and self.side_scores[side] == rules.target:
            self.winner = side
        sides = self.side_scores
        self.scores = tuple(sides[s % rules.sides] for s in range(rules.players))

    def check_end(self) -> None:
        if self.winner is not None:
            raise _GameOver

    def _three_for_last(self, pone: int) -> None:
        """Five-card cribbage: the pone of the first deal pegs three as the game starts."""
        self.three_for_last = self.rules.three_for_last
        self.score(pone, self.three_for_last)
        if self.observer:
            self.observer(ThreeForLast(pone, self.three_for_last, self.scores))
        self.check_end()

    def _deal(self, dealer: int) -> None:
        """Shuffle and deal, then play the deal out; its record is kept, whether or not the game ends in it."""
        rules = self.rules
        n = rules.players
        deck = list(DECK)
        self.rng.shuffle(deck)
        dealt = rules.dealt
        hands = tuple(tuple(deck[seat * dealt : (seat + 1) * dealt]) for seat in range(n))
        at = n * dealt
        crib_card = deck[at] if rules.crib_from_deck else None
        deal = _Deal(len(self.deals), dealer, hands, crib_card, deck[at + rules.crib_from_deck])
        if self.observer:
            self.observer(Dealt(deal.number, dealer, hands, crib_card))
        try:
            self._play_deal(deal)
        except _GameOver:
            self._end_deal(deal)
            raise
        self._end_deal(deal)

    def _end_deal(self, deal: _Deal) -> None:
        self.deals.append(deal.record(self.scores))
        if self.observer:
            self.observer(DealEnded(self.deals[-1]))

    def _play_deal(self, deal: _Deal) -> None:
        rules, dealer = self.rules, deal.dealer
        order = rules.show_order(dealer)
        discards: list[tuple[Card, ...]] = [()] * rules.players
        for seat in order:
            hand = deal.hands[seat]
            answer = self.players[seat].discard(View(rules, seat, dealer, self.scores, hand))
            discards[seat] = self._check_discard(seat, hand, answer)
        deal.discards = tuple(discards)
        deal.kept = tuple(tuple(card for card in hand if card not in thrown) for hand, thrown in zip(deal.hands, discards))
        crib = tuple(card for seat in order for card in discards[seat])
        if deal.crib_card is not None:
            crib += (deal.crib_card,)
        if self.observer:
            self.observer(Discarded(deal.discards, crib))

        starter = deal.starter
        if starter.rank == Rank.JACK:
            deal.heels = HEELS
            self.score(dealer, HEELS)
        if self.observer:
            self.observer(StarterTurned(order[0], dealer, starter, deal.heels, self.scores))
        self.check_end()

        self._play(deal)
        for seat in order:
            self._count(deal, seat, "hand", deal.kept[seat])
        self._count(deal, dealer, "crib", crib)

    def _check_discard(self, seat: int, hand: tuple[Card, ...], answer: object) -> tuple[Card, ...]:
        """The thrown cards, as the hand's own cards in the hand's order, or IllegalMove."""
        need = self.rules.thrown
        try:
            thrown = tuple(cast("Iterable[Card]", answer))
        except TypeError:
            raise IllegalMove(f"{self.who(seat)} threw {answer!r}, which is not a set of cards") from None
        for card in thrown:
            if card not in hand:
                raise IllegalMove(
                    f"{self.who(seat)} threw {_show_card(card)}, which is not in its hand ({format_cards(hand)})"
                )
        if len(thrown) != need or len(set(thrown)) != need:
            shown = " ".join(map(str, thrown)) or "nothing"
            raise IllegalMove(
                f"{self.who(seat)} threw {shown}; it must throw {need} different cards of its hand ({format_cards(hand)})"
            )
        return tuple(card for card in hand if card in thrown)

    def _play(self, deal: _Deal) -> None:
        """The play, by :class:`~crib_cli.peg.Play`: ask the seat to move, check its answer, score it, tell it."""
        rules, observer = self.rules, self.observer
        play = deal.play = Play(rules, (deal.dealer + 1) % rules.players, deal.kept)
        deal.pegging = [0] * rules.players
        while play.turn is not None:
            seat = play.turn
            view = View(
                rules, seat, deal.dealer, self.scores, play.hand(seat), deal.kept[seat], deal.discards[seat],
                deal.starter, play.copy(public=True),
            )
            turn = self._answer(seat, view, self.players[seat].play(view), play)
            if turn.card is None:
                if observer:
                    observer(Go(seat, turn.count))
            else:
                if turn.points:
                    self._peg(deal, seat, turn.points)
                if observer:
                    observer(Laid(seat, turn.card, turn.count, turn.pile, turn.items, self.scores))
                self.check_end()
            if turn.go is not None:
                self._peg(deal, turn.go, 1)
                if observer:
                    observer(GoPoint(turn.go, turn.count, self.scores))
                self.check_end()

    def _answer(self, seat: int, view: View, card: object, play: Play) -> Turn:
        """Play a seat's answer (a card of its hand that fits, or None when none does), or IllegalMove."""
        hand = view.hand
        if card is None:
            fits = view.fits
            if fits:
                raise IllegalMove(
                    f"{self.who(seat)} said go at count {view.count}, but {fits[0]} fits ({format_cards(hand)})"
                )
            return play.say_go()
        if card not in hand:
            raise IllegalMove(
                f"{self.who(seat)} played {_show_card(card)}, which is not in its hand ({format_cards(hand)})"
            )
        try:
            return play.lay(cast(Card, card))
        except PegError:  # the seat's own card, in turn: only the count can be against it
            raise IllegalMove(f"{self.who(seat)} played {card} at count {view.count}, which would pass {LIMIT}") from None

    def _peg(self, deal: _Deal, seat: int, points: int) -> None:
        deal.pegging[seat] += points
        self.score(seat, points)

    def _count(self, deal: _Deal, seat: int, kind: str, cards: tuple[Card, ...]) -> None:
        """Count one show for ``seat``; with muggins on, ask the owner's claim and give any shortfall away."""
        rules, starter = self.rules, deal.starter
        crib = kind == "crib"
        counter = getattr(self.players[seat], "count", None) if rules.muggins else None
        if not callable(counter):
            counter = None
        show = score_show(cards, starter, crib=crib) if self.observer or counter else None
        total = show.total if show is not None else show_total(cards, starter, crib)
        claimed = total
        if counter is not None:
            view = View(rules, seat, deal.dealer, self.scores, cards, deal.kept[seat], deal.discards[seat], starter)
            claimed = counter(view, show)
            if not isinstance(claimed, int) or isinstance(claimed, bool) or not 0 <= claimed <= total:
                raise IllegalMove(
                    f"{self.who(seat)} claimed {claimed!r} for its {kind} {format_cards(cards)} / {starter}, "
                    f"which counts {total}; a claim must be from 0 to the true count"
                )
        self.score(seat, claimed)
        muggins = 0
        if claimed < total and self.winner is None:
            muggins = total - claimed
            self.score((seat + 1) % rules.players, muggins)
        deal.shows.append(ShowRecord(seat, kind, cards, starter, total, claimed, muggins))
        if self.observer:
            assert show is not None
            self.observer(ShowCounted(seat, kind, show, claimed, muggins, self.scores))
        self.check_end()
