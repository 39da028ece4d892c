"""The play (pegging): points for each card laid, a checked replay, and advice.

A play sequence is a list of cards in the order they were laid, with ``None``
standing for a go. Seats are numbered from the dealer's left, the dealer last:
in two-handed play seat 0 is the pone and seat 1 the dealer. In five-card
cribbage (``variant="five"``) each player holds three cards and the play goes
once: it ends at the first go or 31, and cards left in hand are not played.
"""

from __future__ import annotations

import copy
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from .cards import DECK, Card, Rank, check_distinct, parse_card

HAND_SIZE = 4
"""Cards each player holds for the play, with two, three or four players (three in five-card cribbage)."""

LIMIT = 31
"""The count may never pass 31."""

PLAYER_COUNTS = (2, 3, 4)

_PAIR_KINDS = {2: ("pair", 2), 3: ("pair royal", 6), 4: ("double pair royal", 12)}
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
class PegAdvice:
    """One legal play ranked by advise(): points now against the next player's reply.

    ``expected`` weights each reply rank by how many cards of it are unseen;
    ``worst`` is the most any unseen card scores in reply.
    """

    card: Card | None
    count: int
    items: tuple[PegItem, ...]
    expected: float
    worst: int
    reason: str

    @property
    def points(self) -> int:
        """Points the play scores now."""
        return sum(item.points for item in self.items)

    @property
    def net(self) -> float:
        """Points now less the expected reply."""
        return self.points - self.expected


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
    """
    names = seat_names(players)
    if hands is not None and len(hands) != players:
        raise PegError(f"{players} players need {players} hands, got {len(hands)}")
    play = _Play(names, hands, variant)
    for token in sequence:
        if token is None:
            play.say_go()
        else:
            play.settle()
            play.lay(token)
    play.settle()
    return PegResult(names, tuple(play.events))


def advise(
    hand: Sequence[Card],
    laid: Sequence[Card | None] = (),
    *,
    players: int = 2,
    variant: str = "six",
) -> tuple[PegAdvice, ...]:
    """Rank the legal plays from ``hand`` after the cards ``laid`` so far, best first.

    ``laid`` is read as replay() reads a sequence without hands (every go shown);
    the player to move after it holds ``hand``. Each play is scored now, then
    against every unseen rank the next player could answer with (unseen: the deck
    less ``hand`` and the cards laid).
    """
    names = seat_names(players)
    play = _Play(names, None, variant)
    for token in laid:
        if token is None:
            play.say_go()
        else:
            play.lay(token)
    if play.turn is None:
        raise PegError(f"nothing to advise: {play.over()}")
    me = play.turn
    for at, card in enumerate(hand):
        if card in play.laid:
            raise PegError(f"{card}: already laid, so it cannot be in the hand")
        if card in hand[:at]:
            raise PegError(f"{card}: twice in the hand; a card may appear only once")
    if len(hand) != play.left[me]:
        raise PegError(
            f"{names[me]} is to move with {play.left[me]} cards left, but the hand has {len(hand)}"
        )
    unseen = Counter(card.rank for card in DECK if card not in play.laid and card not in hand)
    fits = sorted(card for card in hand if play.count + card.value <= LIMIT)
    options: list[Card | None] = list(fits) or [None]
    advice = [_judge(play, me, option, unseen) for option in options]
    return tuple(sorted(advice, key=lambda a: (-a.net, a.worst, -a.points, a.card is None, a.card)))


def _judge(play: _Play, me: int, option: Card | None, unseen: Counter[Rank]) -> PegAdvice:
    """Score one option now, and every unseen rank the next player could answer with."""
    after = copy.deepcopy(play)
    if option is None:
        mine = _pegged(play, me)
        after.say_go()
        items: tuple[PegItem, ...] = (GO,) if _pegged(after, me) > mine else ()
        count, now = play.count, "no card fits: go"
    else:
        after.lay(option)
        event = after.events[-1]
        items, count = event.items, event.count
        now = ", ".join(item.kind for item in items)
    prefix = f"{now}; " if now else ""
    nxt = after.turn
    if nxt is None:
        return PegAdvice(option, count, items, 0.0, 0, prefix + "the play is over")
    if not after.pile:
        return PegAdvice(option, count, items, 0.0, 0, prefix + "the count resets")
    if nxt == me:
        return PegAdvice(option, count, items, 0.0, 0, prefix + "everyone else has said go")
    if len(play.names) == 4 and nxt % 2 == me % 2:
        return PegAdvice(option, count, items, 0.0, 0, prefix + "your partner plays next")
    risk = reply_risk(after.pile, unseen)
    reason = f"{prefix}leaves {count}: {risk.why}"
    return PegAdvice(option, count, items, risk.expected, risk.worst, reason)


@dataclass(frozen=True, slots=True)
class Reply:
    """What the next card can score against a pile: on average over the unseen cards
    (one that would pass 31 scores 0), at most, and the threats, the commonest first."""

    expected: float
    worst: int
    threats: tuple[tuple[str, int], ...]
    unseen: int

    @property
    def why(self) -> str:
        """The threats in words: ``4 of 47 unseen make 31, 3 pair it``."""
        if not self.threats:
            return "no reply scores"
        (threat, number), rest = self.threats[0], self.threats[1:]
        return ", ".join([f"{number} of {self.unseen} unseen {threat}", *(f"{n} {t}" for t, n in rest)])


def reply_risk(pile: Sequence[Card], unseen: Counter[Rank]) -> Reply:
    """Score every unseen rank laid on ``pile`` (the current series), weighted by its unseen cards."""
    count = sum(card.value for card in pile)
    total = sum(unseen.values())
    expected = 0
    worst = 0
    threats: Counter[str] = Counter()
    for rank, number in unseen.items():
        if count + rank.count_value > LIMIT:
            continue
        # Any card of the rank will do: the play scores ranks and values only.
        reply = score_play([*pile, DECK[(rank - 1) * 4]])
        points = sum(item.points for item in reply)
        expected += number * points
        worst = max(worst, points)
        for item in reply:
            threats[_THREATS.get(item.kind) or f"make a {item.kind}"] += number
    return Reply(expected / total if total else 0.0, worst, tuple(threats.most_common()), total)


def _pegged(play: _Play, seat: int) -> int:
    """Points pegged so far by ``seat``."""
    return sum(event.points for event in play.events if event.player == play.names[seat])


_THREATS = {"fifteen": "make 15", "thirty-one": "make 31", "pair": "pair it"}


class _Play:
    """The state of a play in progress, driven a token at a time by replay() and advise().

    ``hands`` holds each seat's unplayed cards when known; without them each
    player is taken to hold 4 cards (3 in five-card cribbage) and goes are
    taken as given.
    """

    def __init__(self, names: tuple[str, ...], hands: Sequence[Sequence[Card]] | None, variant: str = "six") -> None:
        if variant == "five" and len(names) != 2:
            raise PegError(f"five-card cribbage is for two players, not {len(names)}")
        self.names = names
        self.once = variant == "five"
        size = 3 if self.once else HAND_SIZE
        self.hands: list[set[Card]] | None = None
        if hands is not None:
            seen: set[Card] = set()
            for name, hand in zip(names, hands, strict=True):
                if len(hand) != size:
                    raise PegError(f"{name}'s hand has {len(hand)} cards; each player holds {size} for the play")
                for card in hand:
                    if card in seen:
                        raise PegError(f"{card}: in two hands, but a card may appear only once")
                    seen.add(card)
            self.hands = [set(hand) for hand in hands]
        self.left = [len(hand) for hand in self.hands] if self.hands is not None else [size] * len(names)
        self.pile: list[Card] = []
        self.gone: set[int] = set()
        self.laid: set[Card] = set()
        self.events: list[PegEvent] = []
        self.last: int | None = None
        self.turn: int | None = 0 if any(self.left) else None

    @property
    def count(self) -> int:
        """The running count of the current series."""
        return sum(card.value for card in self.pile)

    def playable(self, seat: int) -> list[Card]:
        """Cards of ``seat`` that fit under 31 now (hands known only)."""
        assert self.hands is not None
        return sorted(card for card in self.hands[seat] if self.count + card.value <= LIMIT)

    def settle(self) -> None:
        """With hands known, say every go that is forced before the next card."""
        while self.hands is not None and self.turn is not None and not self.playable(self.turn):
            self.say_go()

    def lay(self, card: Card) -> None:
        """Lay ``card`` for the player to move, after checking the play is legal."""
        if self.turn is None:
            raise PegError(f"{card}: {self.over()}")
        if card in self.laid:
            raise PegError(f"{card}: already laid; a card may appear only once")
        seat, name = self.turn, self.names[self.turn]
        if self.hands is not None:
            owner = next((s for s, hand in enumerate(self.hands) if card in hand), None)
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
        self.laid.add(card)
        self.left[seat] -= 1
        self.last = seat
        items = score_play(self.pile)
        done = not any(self.left)
        if done and count < LIMIT:
            items += (LAST_CARD,)
        self.events.append(PegEvent(name, card, count, items))
        if done or count == LIMIT:
            self._reset()
        else:
            self._advance()

    def say_go(self) -> None:
        """The player to move says go; when nobody can play on, the last card scores 1."""
        if self.turn is None:
            raise PegError(f"go: {self.over()}")
        seat, count = self.turn, self.count
        if self.hands is not None:
            fits = self.playable(seat)
            if fits:
                raise PegError(
                    f"go: {self.names[seat]} has {fits[0]}, which fits at count {count}; "
                    "a player says go only when no card fits"
                )
        elif count <= LIMIT - 10:
            raise PegError(
                f"go: at count {count} every card fits; a player says go only when no card fits"
            )
        self.gone.add(seat)
        if seat != self.last:
            self.events.append(PegEvent(self.names[seat], None, count))
        self._advance()

    def _advance(self) -> None:
        """Pass the turn to the next player still in the series, or end the series."""
        assert self.turn is not None
        n = len(self.names)
        for step in range(1, n + 1):
            seat = (self.turn + step) % n
            if seat not in self.gone and self.left[seat]:
                self.turn = seat
                return
        index = max(i for i, event in enumerate(self.events) if event.card is not None)
        event = self.events[index]
        self.events[index] = replace(event, items=event.items + (GO,))
        self._reset()

    def _reset(self) -> None:
        """Start a new series: the player after the last card leads, if anyone has cards (and the play goes on)."""
        assert self.last is not None
        n = len(self.names)
        self.pile, self.gone = [], set()
        self.turn = None if self.once else next(
            ((self.last + step) % n for step in range(1, n + 1) if self.left[(self.last + step) % n]),
            None,
        )
        self.last = None

    def over(self) -> str:
        """Why no card may be laid: every card is played, or five-card cribbage's one series is over."""
        if any(self.left):
            return "the play is over: in five-card cribbage it goes once, to the first go or 31"
        return "every card has already been played"

    def _out_of_turn(self, card: Card, owner: int) -> str:
        """Why ``card``, held by ``owner``, cannot be laid now."""
        assert self.turn is not None
        name, holder = self.names[self.turn], self.names[owner]
        if not self.events:
            return f"{card}: {name} leads the play, but {card} is {holder}'s card"
        if not self.pile:
            return (
                f"{card}: after the reset {name} leads (the player after the last card), "
                f"but {card} is {holder}'s card"
            )
        fits = self.playable(self.turn)
        return (
            f"{card}: out of turn: {name} has {fits[0]}, which fits at count {self.count}; "
            "a player says go only when no card fits"
        )
