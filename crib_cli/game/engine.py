"""The game engine: the cut for deal, the deal and discard, the starter, the play, the show, game end.

:func:`play_game` plays one whole game between players that see only their
:class:`~crib_cli.game.players.View`. Every answer is checked; a wrong one
raises :class:`~crib_cli.game.players.IllegalMove`. The first side to reach
the target wins at that instant (at the heels, mid-play or mid-show) and
nothing after it is scored. Five-card cribbage (``GameRules(variant="five")``)
starts with three for last to the first pone, and its play ends at the first
go or 31.

The play is scored card by card with :func:`crib_cli.peg.score_play`. A show
is itemized with :func:`crib_cli.score.score_show` when someone will read the
items (an observer, or a player's muggins count); otherwise only its total is
needed and comes from the table path, :func:`crib_cli.score.show_total`
(``ShowRecord.score`` itemizes it again on demand).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import cast

from ..cards import DECK, Card, Rank, format_cards
from ..peg import LAST_CARD, LIMIT, score_play
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
from .players import GameRules, IllegalMove, Player, View
from .record import DealRecord, GameRecord, ShowRecord, game_points

HEELS = 2
"""Points to the dealer for a jack turned as the starter."""

Observer = Callable[[Event], None]


def play_game(
    players: Sequence[Player],
    rules: GameRules,
    rng: random.Random,
    *,
    first_dealer: int | None = None,
    observer: Observer | None = None,
    names: Sequence[str] | None = None,
) -> GameRecord:
    """Play one game; ``players`` by seat, ``names`` (default: class names) for messages.

    With ``first_dealer`` None the seats cut for the first deal. All chance
    comes from ``rng``: the cut, then one shuffle of the whole deck per deal.
    Seat ``s`` is dealt the ``s``-th block of ``rules.dealt`` cards of the
    shuffled deck; the crib card (three players) and the starter follow.
    """
    if len(players) != rules.players:
        raise ValueError(f"the rules are for {rules.players} players, but {len(players)} were given")
    if first_dealer is not None and not 0 <= first_dealer < rules.players:
        raise ValueError(f"first dealer must be a seat from 0 to {rules.players - 1}, not {first_dealer}")
    labels = tuple(names) if names is not None else tuple(map(_name, players))
    return _Game(tuple(players), rules, rng, labels, observer).run(first_dealer)


def peg_deal(
    players: Sequence[Player],
    rules: GameRules,
    dealer: int,
    kept: Sequence[tuple[Card, ...]],
    thrown: Sequence[tuple[Card, ...]],
    starter: Card,
) -> tuple[int, ...]:
    """The play alone, from the kept hands (by seat): the points each seat pegs.

    Nothing else of a deal happens and no score ends it; the players see what
    they would in a game at love-all.
    """
    game = _Game(tuple(players), replace(rules, target=_NO_END), random.Random(0), tuple(map(_name, players)), None)
    game.starter, game.discards = starter, tuple(thrown)
    game.plays, game.pegging = [], [0] * rules.players
    game._play(dealer, [tuple(hand) for hand in kept])
    return tuple(game.pegging)


_NO_END = 1 << 30
"""A target no play reaches."""


def _name(player: Player) -> str:
    return type(player).__name__


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


class _Game:
    """One game in progress. Scores are kept by side; ``scores`` is the by-seat view of them."""

    def __init__(
        self,
        players: tuple[Player, ...],
        rules: GameRules,
        rng: random.Random,
        names: tuple[str, ...],
        observer: Observer | None,
    ) -> None:
        self.players = players
        self.rules = rules
        self.rng = rng
        self.names = names
        self.observer = observer
        self.side_scores = [0] * rules.sides
        self.scores: tuple[int, ...] = (0,) * rules.players
        self.winner: int | None = None
        self.deals: list[DealRecord] = []
        self.three_for_last = 0

    def run(self, first_dealer: int | None) -> GameRecord:
        rules = self.rules
        cuts: tuple[tuple[tuple[int, Card], ...], ...] = ()
        if first_dealer is None:
            cuts, first_dealer = cut_for_deal(rules, self.rng)
        if self.observer:
            self.observer(GameStarted(rules, self.names, cuts, first_dealer))
        dealer = first_dealer
        try:
            if rules.three_for_last:
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
            self.three_for_last,
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
        rules = self.rules
        n = rules.players
        deck = list(DECK)
        self.rng.shuffle(deck)
        dealt = rules.dealt
        hands = tuple(tuple(deck[seat * dealt : (seat + 1) * dealt]) for seat in range(n))
        at = n * dealt
        crib_card = deck[at] if rules.crib_from_deck else None
        starter = deck[at + rules.crib_from_deck]
        self.heels = 0
        self.plays: list[tuple[int, Card | None]] = []
        self.pegging = [0] * n
        self.shows: list[ShowRecord] = []
        self.hands, self.crib_card, self.starter = hands, crib_card, starter
        self.discards: tuple[tuple[Card, ...], ...] = ((),) * n
        if self.observer:
            self.observer(Dealt(len(self.deals), dealer, hands, crib_card))
        try:
            self._play_deal(dealer)
        except _GameOver:
            self._end_deal(dealer)
            raise
        self._end_deal(dealer)

    def _end_deal(self, dealer: int) -> None:
        deal = DealRecord(
            dealer,
            self.hands,
            self.discards,
            self.crib_card,
            self.starter,
            self.heels,
            tuple(self.plays),
            tuple(self.pegging),
            tuple(self.shows),
            self.scores,
        )
        self.deals.append(deal)
        if self.observer:
            self.observer(DealEnded(deal))

    def _play_deal(self, dealer: int) -> None:
        rules = self.rules
        order = rules.show_order(dealer)
        discards: list[tuple[Card, ...]] = [()] * rules.players
        kept: list[tuple[Card, ...]] = [()] * rules.players
        for seat in order:
            hand = self.hands[seat]
            answer = self.players[seat].discard(View(rules, seat, dealer, self.scores, hand))
            thrown = self._check_discard(seat, hand, answer)
            discards[seat] = thrown
            kept[seat] = tuple(card for card in hand if card not in thrown)
        self.discards = tuple(discards)
        crib = tuple(card for seat in order for card in discards[seat])
        if self.crib_card is not None:
            crib += (self.crib_card,)
        if self.observer:
            self.observer(Discarded(self.discards, crib))

        starter = self.starter
        if starter.rank == Rank.JACK:
            self.heels = HEELS
            self.score(dealer, HEELS)
        if self.observer:
            self.observer(StarterTurned(order[0], dealer, starter, self.heels, self.scores))
        self.check_end()

        self._play(dealer, kept)
        for seat in order:
            self._count(seat, dealer, "hand", kept[seat], kept[seat], discards[seat])
        self._count(dealer, dealer, "crib", crib, kept[dealer], discards[dealer])

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

    def _play(self, dealer: int, kept: list[tuple[Card, ...]]) -> None:
        """The play: lay cards in turn, go passes round, the count resets after 31 or a go.

        In five-card cribbage the play ends there instead: cards left are not played.
        """
        rules, players, observer = self.rules, self.players, self.observer
        n = rules.players
        starter, discards = self.starter, self.discards
        plays, pegging = self.plays, self.pegging
        held = [list(hand) for hand in kept]
        left = sum(map(len, held))
        pile: list[Card] = []
        laid: list[tuple[int, Card]] = []
        gone = [False] * n
        count = 0
        last = turn = (dealer + 1) % n
        while True:
            hand = held[turn]
            view = View(
                rules, turn, dealer, self.scores, tuple(hand), kept[turn], discards[turn], starter,
                count, tuple(pile), tuple(laid), tuple(seat for seat in range(n) if gone[seat]),
            )
            card = players[turn].play(view)
            if card is None:
                if view.fits:
                    raise IllegalMove(
                        f"{self.who(turn)} said go at count {count}, but {view.fits[0]} fits ({format_cards(hand)})"
                    )
                plays.append((turn, None))
                gone[turn] = True
                if observer:
                    observer(Go(turn, count))
            else:
                if card not in hand:
                    raise IllegalMove(
                        f"{self.who(turn)} played {_show_card(card)}, which is not in its hand ({format_cards(hand)})"
                    )
                if count + card.value > LIMIT:
                    raise IllegalMove(
                        f"{self.who(turn)} played {card} at count {count}, which would pass {LIMIT}"
                    )
                card = hand.pop(hand.index(card))
                count += card.value
                pile.append(card)
                laid.append((turn, card))
                left -= 1
                last = turn
                items = score_play(pile)
                if not left and count < LIMIT:
                    items += (LAST_CARD,)
                plays.append((turn, card))
                points = sum(item.points for item in items)
                if points:
                    pegging[turn] += points
                    self.score(turn, points)
                if observer:
                    observer(Laid(turn, card, count, tuple(pile), items, self.scores))
                self.check_end()
                if not left or count == LIMIT and rules.play_once:
                    return
                if count == LIMIT:
                    pile, count, gone = [], 0, [False] * n
                    turn = next((turn + step) % n for step in range(1, n + 1) if held[(turn + step) % n])
                    continue
            following = next(
                ((turn + step) % n for step in range(1, n + 1) if held[(turn + step) % n] and not gone[(turn + step) % n]),
                None,
            )
            if following is not None:
                turn = following
                continue
            pegging[last] += 1
            self.score(last, 1)
            if observer:
                observer(GoPoint(last, count, self.scores))
            self.check_end()
            if rules.play_once:
                return
            pile, count, gone = [], 0, [False] * n
            turn = next((last + step) % n for step in range(1, n + 1) if held[(last + step) % n])

    def _count(
        self, seat: int, dealer: int, kind: str, cards: tuple[Card, ...], kept: tuple[Card, ...], thrown: tuple[Card, ...]
    ) -> None:
        """Count one show for ``seat``; with muggins on, ask the owner's claim and give any shortfall away."""
        rules, starter = self.rules, self.starter
        crib = kind == "crib"
        counter = getattr(self.players[seat], "count", None) if rules.muggins else None
        if not callable(counter):
            counter = None
        show = score_show(cards, starter, crib=crib) if self.observer or counter else None
        total = show.total if show is not None else show_total(cards, starter, crib)
        claimed = total
        if counter is not None:
            view = View(rules, seat, dealer, self.scores, cards, kept, thrown, starter)
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
        self.shows.append(ShowRecord(seat, kind, cards, starter, total, claimed, muggins))
        if self.observer:
            assert show is not None
            self.observer(ShowCounted(seat, kind, show, claimed, muggins, self.scores))
        self.check_end()
