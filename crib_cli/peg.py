"""The play (pegging): its rules in one object, points for each card laid, and a checked replay.

:class:`Play` is the play of one deal by its rules: whose turn it is, the
count and the current series, laying a card, saying go, the go and the last
card, the reset after 31 or a go. :func:`replay` (``crib peg``), the game
engine and the expert's view of a play in progress all run on it.

A play sequence is a list of cards in the order they were laid, with ``None``
standing for a go. In :func:`replay` seats are numbered
from the dealer's left, the dealer last: in two-handed play seat 0 is the
pone and seat 1 the dealer. In five-card cribbage (``variant="five"``) each
player holds three cards and the play goes once: it ends at the first go or
31, and cards left in hand are not played.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .cards import Card, check_distinct, parse_card
from .rules import LIMIT, PLAYER_COUNTS, GameRules

_PAIR_KINDS = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}
_SEATS = {players: tuple(f"seat {seat}" for seat in range(players)) for players in PLAYER_COUNTS}
"""Seat names in messages, when no others are given."""
_SEPARATORS = re.compile(r"[\s,]+")


class PegError(ValueError):
    """An illegal play, or a play sequence that cannot be read."""


@dataclass(frozen=True, slots=True)
class PegItem:
    """One scoring item of the play.

    ``kind`` is one of ``fifteen``, ``thirty-one``, ``pair``, ``pair royal``,
    ``double pair royal``, ``run of k``, ``go`` or ``last card``.
    """

    kind: str
    points: int


GO = PegItem("go", 1)
LAST_CARD = PegItem("last card", 1)


@dataclass(frozen=True, slots=True)
class PegEvent:
    """One turn: ``card`` laid (``None`` for a go), the count after it, what it scored.

    A go or last-card point belongs to the card that earned it.
    """

    player: str
    card: Card | None
    count: int
    items: tuple[PegItem, ...] = ()

    @property
    def points(self) -> int:
        """Points this turn scored."""
        return sum(item.points for item in self.items)


@dataclass(frozen=True, slots=True)
class PegResult:
    """The play replayed: every turn in order, and the players in seat order."""

    players: tuple[str, ...]
    events: tuple[PegEvent, ...]

    @property
    def totals(self) -> dict[str, int]:
        """Points pegged by each player, in seat order."""
        totals = dict.fromkeys(self.players, 0)
        for event in self.events:
            totals[event.player] += event.points
        return totals

    @property
    def sides(self) -> dict[str, int]:
        """Points per side: partners sit opposite in four-handed play; else one player a side."""
        totals = self.totals
        if len(self.players) != 4:
            return totals
        first, second, third, dealer = self.players
        return {
            f"{first} + {third}": totals[first] + totals[third],
            f"{second} + {dealer}": totals[second] + totals[dealer],
        }


@dataclass(frozen=True, slots=True)
class Turn:
    """One answer in the play: ``seat`` laid ``card`` (``None``: said go); the count and the series after it.

    ``items`` are what the card scored (fifteen, 31, pairs, runs, the last
    card); ``go`` is the seat that pegged 1 for the go straight after this
    answer, because nobody could lay another card (None if nobody did).
    """

    seat: int
    card: Card | None
    count: int
    pile: tuple[Card, ...]
    items: tuple[PegItem, ...] = ()
    go: int | None = None

    @property
    def points(self) -> int:
        """What the card laid scored (the go point, which may be another seat's, apart)."""
        return sum(item.points for item in self.items)


class Play:
    """The play of one deal, by its rules: whose turn, the count, the series, what every card scores.

    Seats are the game's own, clockwise; ``leader`` leads the first series.
    With ``hands`` (every seat's cards for the play, by seat) each card laid
    must be its seat's and a go is allowed only when none of its cards fits,
    and :meth:`settle` says the goes that are forced. Without them only how
    many cards each seat holds is known, and a go is taken as said, unless
    every card would fit. ``names`` name the seats in messages.

    >>> from crib_cli.cards import parse_cards
    >>> play = Play(GameRules(), hands=[parse_cards("6D JH 4H 7C"), parse_cards("5S 4S 2S 6H")])
    >>> play.lay(parse_cards("JH")[0]).count, play.turn
    (10, 1)
    >>> play.lay(parse_cards("5S")[0]).items
    (PegItem(kind='fifteen', points=2),)
    """

    def __init__(
        self,
        rules: GameRules,
        leader: int = 0,
        hands: Sequence[Sequence[Card]] | None = None,
        names: Sequence[str] | None = None,
    ) -> None:
        seats = rules.players
        self.rules = rules
        self.names = tuple(names) if names is not None else _SEATS[seats]
        self.hands: list[list[Card]] | None = None
        self._owner: dict[Card, int] = {}
        if hands is not None:
            size = rules.hand_size
            for seat, (name, hand) in enumerate(zip(self.names, hands, strict=True)):
                if len(hand) != size:
                    raise PegError(f"{name}'s hand has {len(hand)} cards; each player holds {size} for the play")
                for card in hand:
                    if card in self._owner:
                        raise PegError(f"{card}: in two hands, but a card may appear only once")
                    self._owner[card] = seat
            self.hands = [list(hand) for hand in hands]
        self.left = [rules.hand_size] * seats
        """Cards each seat has still to lay."""
        self.count = 0
        """The running count of the current series."""
        self.pile: list[Card] = []
        """The current series, in the order laid."""
        self.gone: set[int] = set()
        """The seats that have said go in the current series."""
        self.last: int | None = None
        """The seat that laid the last card of the current series (None when it is empty)."""
        self.turn: int | None = leader
        """The seat to lay a card or say go; None when the play is over."""
        self.turns: list[Turn] = []
        """Every answer so far, in order."""
        self._laid: set[Card] = set()

    def copy(self, *, public: bool = False) -> Play:
        """A copy to change apart; ``public`` leaves out the hands (what every seat sees of the play)."""
        other = Play.__new__(Play)
        other.rules, other.names = self.rules, self.names
        other.hands = None if public or self.hands is None else [list(hand) for hand in self.hands]
        other._owner = {} if other.hands is None else self._owner
        other.left, other.count, other.pile = list(self.left), self.count, list(self.pile)
        other.gone, other.last, other.turn = set(self.gone), self.last, self.turn
        other.turns, other._laid = list(self.turns), set(self._laid)
        return other

    @property
    def laid(self) -> tuple[tuple[int, Card], ...]:
        """Every ``(seat, card)`` laid so far, in order."""
        return tuple((turn.seat, turn.card) for turn in self.turns if turn.card is not None)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """The cards ``seat`` has still to lay (hands known only)."""
        if self.hands is None:
            raise PegError("the hands are not known")
        return tuple(self.hands[seat])

    def fits(self, seat: int) -> tuple[Card, ...]:
        """The cards of ``seat`` that may be laid now, in hand order (hands known only)."""
        room = LIMIT - self.count
        return tuple(card for card in self.hand(seat) if card.value <= room)

    def floors(self) -> tuple[int, ...]:
        """For each seat, the least count value it can still hold, from its goes (0 if none).

        A seat that said go at count ``c`` holds no card worth ``31 - c`` or less.
        """
        floors = [0] * self.rules.players
        for turn in self.turns:
            if turn.card is None:
                floors[turn.seat] = max(floors[turn.seat], LIMIT + 1 - turn.count)
        return tuple(floors)

    def pegged(self, seat: int) -> int:
        """Points ``seat`` has pegged in the play so far."""
        return sum(turn.points for turn in self.turns if turn.seat == seat) + sum(
            1 for turn in self.turns if turn.go == seat
        )

    def scoring(self) -> list[tuple[int, int]]:
        """Every score of the play so far as ``(seat, points)``, in the order pegged: each card's, its
        go point straight after it.

        >>> from crib_cli.cards import parse_cards
        >>> play = Play(GameRules(), hands=[parse_cards("6D JH 4H 7C"), parse_cards("5S 4S 2S 6H")])
        >>> for card in parse_cards("JH 5S 6D 4S"):
        ...     _ = play.lay(card)
        >>> play.scoring()
        [(1, 2), (1, 3)]
        """
        out = []
        for turn in self.turns:
            if turn.points:
                out.append((turn.seat, turn.points))
            if turn.go is not None:
                out.append((turn.go, 1))
        return out

    def settle(self) -> list[Turn]:
        """With hands known, say every go that is forced before the next card."""
        said = []
        while self.hands is not None and self.turn is not None and not self.fits(self.turn):
            said.append(self.say_go())
        return said

    def lay(self, card: Card) -> Turn:
        """Lay ``card`` for the seat to move, after checking the play is legal."""
        seat = self.turn
        if seat is None:
            raise PegError(f"{card}: {self.why_over()}")
        if card in self._laid:
            raise PegError(f"{card}: already laid; a card may appear only once")
        if self.hands is not None:
            owner = self._owner.get(card)
            if owner is None:
                raise PegError(f"{card}: not in any hand")
            if owner != seat:
                raise PegError(self._out_of_turn(card, owner))
        count = self.count + card.value
        if count > LIMIT:
            hint = "" if self.hands is not None else (
                "; if a player could not lay a card, write 'go' where he said it "
                "(without hands, every go is written, both goes of a series)"
            )
            raise PegError(f"{card}: the count would be {count}, past {LIMIT}{hint}")
        if self.hands is not None:
            self.hands[seat].remove(card)
        self.pile.append(card)
        self._laid.add(card)
        self.left[seat] -= 1
        self.count, self.last = count, seat
        items = score_play(self.pile)
        done = not any(self.left)
        if done and count < LIMIT:
            items += (LAST_CARD,)
        pile = tuple(self.pile)
        go = None
        if done or count == LIMIT:
            self._reset(seat)
        else:
            go = self._pass(seat)
        turn = Turn(seat, card, count, pile, items, go)
        self.turns.append(turn)
        return turn

    def say_go(self) -> Turn:
        """The seat to move says go; when nobody can play on, the last card's seat pegs 1."""
        seat, count = self.turn, self.count
        if seat is None:
            raise PegError(f"go: {self.why_over()}")
        if self.hands is not None:
            fits = self.fits(seat)
            if fits:
                raise PegError(
                    f"go: {self.names[seat]} has {min(fits)}, which fits at count {count}; "
                    "a player says go only when no card fits"
                )
        elif count <= LIMIT - 10:
            raise PegError(f"go: at count {count} every card fits; a player says go only when no card fits")
        self.gone.add(seat)
        pile = tuple(self.pile)
        turn = Turn(seat, None, count, pile, (), self._pass(seat))
        self.turns.append(turn)
        return turn

    def next_holding(self, after: int, *, skip_gone: bool = False) -> int | None:
        """The first seat after ``after``, clockwise (``after`` itself last), still holding cards;
        with ``skip_gone``, one that has not said go in this series either. None if there is none."""
        seats = self.rules.players
        for step in range(1, seats + 1):
            seat = (after + step) % seats
            if self.left[seat] and not (skip_gone and seat in self.gone):
                return seat
        return None

    def _pass(self, seat: int) -> int | None:
        """Pass the turn on from ``seat`` to the next seat still in the series; if there is none,
        the last card's seat pegs the go and a new series begins. Returns that seat, or None."""
        following = self.next_holding(seat, skip_gone=True)
        if following is not None:
            self.turn = following
            return None
        last = self.last
        assert last is not None
        self._reset(last)
        return last

    def _reset(self, last: int) -> None:
        """A new series: the seat after the last card leads, if anyone holds cards and the play goes on."""
        self.count, self.pile, self.gone, self.last = 0, [], set(), None
        self.turn = None if self.rules.play_once else self.next_holding(last)

    def why_over(self) -> str:
        """Why no card may be laid: every card is played, or five-card cribbage's one series is over."""
        if any(self.left):
            return "the play is over: in five-card cribbage it goes once, to the first go or 31"
        return "every card has already been played"

    def _out_of_turn(self, card: Card, owner: int) -> str:
        """Why ``card``, held by ``owner``, cannot be laid now."""
        assert self.turn is not None
        name, holder = self.names[self.turn], self.names[owner]
        if not self.turns:
            return f"{card}: {name} leads the play, but {card} is {holder}'s card"
        if not self.pile:
            return (
                f"{card}: after the reset {name} leads (the player after the last card), "
                f"but {card} is {holder}'s card"
            )
        return (
            f"{card}: out of turn: {name} has {min(self.fits(self.turn))}, which fits at count {self.count}; "
            "a player says go only when no card fits"
        )


def seat_names(players: int) -> tuple[str, ...]:
    """Player names in seat order from the dealer's left, the dealer last."""
    if players not in PLAYER_COUNTS:
        raise PegError(f"the play needs 2, 3 or 4 players, not {players}")
    if players == 2:
        return ("pone", "dealer")
    return tuple(f"player {seat}" for seat in range(1, players)) + ("dealer",)


def parse_sequence(text: str) -> tuple[Card | None, ...]:
    """Parse cards in the order laid, with ``go`` tokens, e.g. ``"JH 5S 7C 6H go 2S go"``."""
    tokens = tuple(
        None if token.lower() == "go" else parse_card(token)
        for token in _SEPARATORS.split(text.strip())
        if token
    )
    check_distinct(tuple(card for card in tokens if card is not None))
    return tokens


def score_play(pile: Sequence[Card]) -> tuple[PegItem, ...]:
    """Points for the last card of ``pile``, the cards laid since the last reset.

    Pairs count back over equal ranks only; the longest run of the last k cards
    (k >= 3, distinct consecutive ranks in any order) scores k.

    >>> score_play(parse_sequence("5S 7H 4D 6C"))
    (PegItem(kind='run of 4', points=4),)
    """
    if not pile:
        return ()
    count = sum(card.value for card in pile)
    if count > LIMIT:
        raise PegError(f"{pile[-1]}: the count would be {count}, past {LIMIT}")
    items: list[PegItem] = []
    if count == 15:
        items.append(PegItem("fifteen", 2))
    elif count == LIMIT:
        items.append(PegItem("thirty-one", 2))
    last = pile[-1].rank
    same = 1
    while same < len(pile) and pile[-same - 1].rank == last:
        same += 1
    if same > 1:
        items.append(PegItem(*_PAIR_KINDS[same]))
    for k in range(len(pile), 2, -1):
        ranks = {card.rank for card in pile[-k:]}
        if len(ranks) == k and max(ranks) - min(ranks) == k - 1:
            items.append(PegItem(f"run of {k}", k))
            break
    return tuple(items)


def _play_for(players: int, variant: str, hands: Sequence[Sequence[Card]] | None) -> Play:
    """A play from the dealer's left, seats named as :func:`seat_names` names them."""
    names = seat_names(players)
    if variant == "five" and players != 2:
        raise PegError(f"five-card cribbage is for two players, not {players}")
    if hands is not None and len(hands) != players:
        raise PegError(f"{players} players need {players} hands, got {len(hands)}")
    return Play(GameRules(players, variant=variant), 0, hands, names)


def replay(
    sequence: Sequence[Card | None],
    hands: Sequence[Sequence[Card]] | None = None,
    *,
    players: int = 2,
    variant: str = "six",
) -> PegResult:
    """Score a play laid in ``sequence``, checking that every turn is legal.

    With ``hands`` (one per seat, from the dealer's left, the dealer last) the
    player of each card and every go are inferred, and go tokens are optional.
    Without hands, the sequence must show every go; each player holds 4 cards
    (3 in five-card cribbage). Raises PegError naming the card and the rule
    for an illegal play.

    >>> result = replay(parse_sequence("JH 5S 7C 6H"), players=2)
    >>> result.totals
    {'pone': 0, 'dealer': 5}
    """
    play = _play_for(players, variant, hands)
    for token in sequence:
        if token is None:
            play.say_go()
        else:
            play.settle()
            play.lay(token)
    play.settle()
    return PegResult(play.names, _events(play))


def _events(play: Play) -> tuple[PegEvent, ...]:
    """The play's turns as :class:`PegEvent`: a go point added to the card that earned it, and the
    go of the seat whose own card it was left out (it pegs the go, it does not say it)."""
    events: list[PegEvent] = []
    card_at: dict[int, int] = {}
    for turn in play.turns:
        if turn.card is not None:
            card_at[turn.seat] = len(events)
            events.append(PegEvent(play.names[turn.seat], turn.card, turn.count, turn.items))
        elif turn.seat != turn.go:
            events.append(PegEvent(play.names[turn.seat], None, turn.count))
        if turn.go is not None:
            at = card_at[turn.go]
            events[at] = replace(events[at], items=events[at].items + (GO,))
    return tuple(events)
