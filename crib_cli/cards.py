"""Cards, the deck, and the notation users type (``5S``, ``10H``/``TH``, ``J♦``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

VARIANTS = ("six", "five")
"""The games: six-card cribbage (two, three or four players; five cards each with three or four),
and five-card cribbage (two players, hands of three)."""


class CardError(ValueError):
    """Raised for text that is not a card, or a set of cards that breaks a rule."""


class Rank(IntEnum):
    """Card ranks, ace low. The integer is the rank's order (A=1 … K=13)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def count_value(self) -> int:
        """Count value for fifteens and the play: A=1, 2-10 face, J Q K = 10."""
        return min(int(self), 10)

    @property
    def symbol(self) -> str:
        """One-letter code: A 2-9 T J Q K."""
        return _RANK_SYMBOLS[self - 1]


class Suit(IntEnum):
    """Suits have no order in cribbage; the integer only fixes a canonical sort."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def symbol(self) -> str:
        """One-letter code: S H D C."""
        return "SHDC"[self]


_RANK_SYMBOLS = "A23456789TJQK"


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class Card:
    """One playing card. Sorts by rank, then suit; ``str`` gives the code ``TS``.

    ``value`` (the count value: A=1, 2-10 face, J Q K = 10) and ``index``
    (position 0-51 in :data:`DECK`) are worked out once, when the card is made:
    scoring, the play and the engine read them in their inner loops.
    """

    rank: Rank
    suit: Suit
    value: int = field(init=False)
    index: int = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "value", min(int(self.rank), 10))
        object.__setattr__(self, "index", (self.rank - 1) * 4 + self.suit)

    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self.index == other.index)

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.symbol

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __reduce__(self) -> tuple[object, tuple[int]]:
        """Pickle as a position in the deck, so unpickled cards are the deck's own objects."""
        return _deck_card, (self.index,)


DECK: tuple[Card, ...] = tuple(Card(r, s) for r in Rank for s in Suit)


def _deck_card(index: int) -> Card:
    return DECK[index]

_RANKS = {sym: Rank(i + 1) for i, sym in enumerate(_RANK_SYMBOLS)} | {"10": Rank.TEN}
_SUITS = {
    "S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS,
    "♠": Suit.SPADES, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS, "♣": Suit.CLUBS,
    "♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS,
}


def _spellings() -> dict[str, Card]:
    """Every ordinary way to write each card (any case, ``10`` or ``T``, letter or symbol)."""
    codes: dict[str, Card] = {}
    for rank_text, rank in _RANKS.items():
        for suit_text, suit in _SUITS.items():
            for text in {rank_text + suit_text, (rank_text + suit_text).lower()}:
                codes[text] = DECK[(rank - 1) * 4 + suit]
    return codes


_SPELLINGS = _spellings()
CARD_INDEX: dict[str, int] = {text: card.index for text, card in _SPELLINGS.items()}
"""Every ordinary spelling of each card (``5S``, ``5s``, ``10h``, ``J♦``), to its index in :data:`DECK`."""


def quoted(text: str, limit: int = 40) -> str:
    """``repr`` of user text for a message, cut to about ``limit`` characters."""
    return repr(text if len(text) <= limit else text[: limit - 3] + "...")


def _normal(token: str) -> str:
    """A token as the tables spell it: stripped, ASCII letters upper-cased, emoji variation selectors dropped."""
    return "".join(ch.upper() if ch.isascii() else ch for ch in token.strip().replace("\ufe0f", ""))


def parse_rank(token: str) -> Rank:
    """Parse a rank alone: ``A``, ``2``-``10``, ``T``, ``J``, ``Q`` or ``K``, any case.

    >>> parse_rank("10"), parse_rank("q")
    (<Rank.TEN: 10>, <Rank.QUEEN: 12>)
    """
    rank = _RANKS.get(_normal(token))
    if rank is None:
        raise CardError(f"{quoted(token)} is not a rank: use A, 2-10, T, J, Q or K")
    return rank


def parse_card(token: str) -> Card:
    """Parse one card code such as ``5S``, ``10h``, ``TH`` or ``J♦``; :class:`CardError` says what is wrong.

    >>> parse_card("10h")
    Card('TH')
    >>> parse_card("5S5C")
    Traceback (most recent call last):
    ...
    crib_cli.cards.CardError: '5S5C' is not a card: separate cards with spaces (5S 5C)
    """
    card = _SPELLINGS.get(token) or _SPELLINGS.get(_normal(token))
    if card is None:
        raise CardError(f"{quoted(token)} is not a card: {card_problem(token)}")
    return card


def card_problem(token: str) -> str:
    """Why a word is not a card, in the words every command uses: a missing suit or rank, cards run
    together, a character too many, a word, or which of the rank and suit is wrong."""
    text = _normal(token)
    if text in _RANKS:
        return f"the suit is missing (S, H, D, C or ♠♥♦♣, as in {text}S)"
    run = _run_together(text)
    if len(run) > 1:
        return f"separate cards with spaces ({format_cards(run)})"
    for size in (3, 2):
        if text[:size] in _SPELLINGS and len(text) > size:
            extra = text[size:]
            return f"{'one character' if len(extra) == 1 else f'{len(extra)} characters'} too many ({extra!r} after {text[:size]})"
    if not 2 <= len(text) <= 3:
        return "a card is a rank and a suit, like 5S or 10H"
    rank_text, suit_text = text[:-1], text[-1]
    bad_suit, bad_rank = suit_text not in _SUITS, rank_text not in _RANKS
    if bad_suit and bad_rank:
        return (f"neither rank nor suit: {rank_text!r} is not a rank (A, 2-10, T, J, Q or K) "
                f"and {suit_text!r} not a suit (S, H, D, C or ♠♥♦♣)")
    if bad_suit:
        return f"unknown suit {token.strip()[-1]!r} (use S, H, D, C or ♠♥♦♣)"
    return "rank must be A, 2-10, T, J, Q or K"


def _run_together(text: str) -> tuple[Card, ...]:
    """The cards a word is made of when it is only cards written without spaces (``5S5C``), else ()."""
    cards: list[Card] = []
    while text:
        size = next((n for n in (3, 2) if text[:n] in _SPELLINGS), 0)
        if not size:
            return ()
        cards.append(_SPELLINGS[text[:size]])
        text = text[size:]
    return tuple(cards)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by spaces or commas; a card may appear only once.

    >>> parse_cards("5S, 10h J♦")
    (Card('5S'), Card('TH'), Card('JD'))
    """
    cards = tuple([_SPELLINGS.get(token) or parse_card(token) for token in text.replace(",", " ").split()])
    _check_parsed(cards)
    return cards


def _check_parsed(cards: tuple[Card, ...]) -> None:
    """:func:`check_distinct` for parsed cards, which are the DECK's own objects, so identity is equality."""
    if len(set(map(id, cards))) != len(cards):
        check_distinct(cards)


def check_distinct(cards: tuple[Card, ...]) -> None:
    """Raise :class:`CardError` naming the first card that appears twice."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise CardError(f"duplicate card {card}: a card may appear only once")
        seen.add(card)


def parse_show(text: str, size: int = 4) -> tuple[tuple[Card, ...], Card]:
    """Parse a show: ``"5S 5C 5D JH / 5H"`` (``size`` hand cards, a slash, the starter)
    or ``size`` + 1 cards without a slash, the last of them the starter.

    ``size`` is 4, or 3 for a five-card cribbage hand.
    """
    hand_text, slash, starter_text = text.partition("/")
    if not slash:
        cards = parse_cards(text)
        if len(cards) != size + 1:
            problem = "missing starter" if len(cards) <= size else f"too many cards for a show of {size + 1}"
            raise CardError(
                f"{problem}: write the {size} hand cards, '/', then the starter, "
                f"or {size + 1} cards with the starter last (got {len(cards)} cards)"
            )
        return cards[:size], cards[size]
    if "/" in starter_text:
        raise CardError("a show has one '/', before the starter")
    return parse_deal(hand_text, starter_text, size)


def parse_deal(hand_text: str, starter_text: str, size: int = 4) -> tuple[tuple[Card, ...], Card]:
    """Parse ``size`` hand cards (4, or 3 in five-card cribbage) and a starter given apart."""
    tokens = hand_text.replace(",", " ").split()
    starter_tokens = starter_text.split()
    if size == 4 and len(tokens) == 4 and len(starter_tokens) == 1:  # the common case, checked quickly
        get = _SPELLINGS.get
        a, b, c, d, e = get(tokens[0]), get(tokens[1]), get(tokens[2]), get(tokens[3]), get(starter_tokens[0])
        if (
            a and b and c and d and e
            and a is not b and a is not c and a is not d and a is not e and b is not c
            and b is not d and b is not e and c is not d and c is not e and d is not e
        ):
            return (a, b, c, d), e
    hand = parse_cards(hand_text)
    starters = parse_cards(starter_text)
    if len(hand) != size:
        raise CardError(f"a hand has {size} cards before the '/', got {len(hand)}")
    if len(starters) != 1:
        raise CardError(f"one starter card after the '/', got {len(starters)}")
    _check_parsed(hand + starters)
    return hand, starters[0]


def format_cards(cards: tuple[Card, ...] | list[Card]) -> str:
    """Cards as space-separated codes, in the order given."""
    return " ".join(map(str, cards))
