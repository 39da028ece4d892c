"""The rules as data: the games, how many play them, the 31 limit, the roles, and what a deal holds.

Everything else in the package asks these: how many cards a seat is dealt,
throws and keeps, whether the play goes once, who deals to whom. A deal's
size alone says which game it is from (:func:`deal_rules`).

>>> rules = GameRules(players=3)
>>> rules.dealt, rules.thrown, rules.hand_size, rules.crib_from_deck
(5, 1, 4, 1)
>>> GameRules(variant="five").target
61
"""

from __future__ import annotations

from dataclasses import dataclass

from .cards import CardError

VARIANTS = ("six", "five")
"""The games: six-card cribbage (two, three or four players; five cards each with three or four),
and five-card cribbage (two players, hands of three)."""

PLAYER_COUNTS = (2, 3, 4)
"""How many may sit at a game."""

LIMIT = 31
"""The count of the play may never pass 31."""

ROLES = ("dealer", "partner", "pone")
"""A seat's part in a deal: the dealer, his partner (four players), or an opponent of the dealer."""

TWO_PLAYER_ROLES = ("dealer", "pone")
"""The roles of a two-player deal: the crib is the dealer's, and the pone counts first."""

TARGETS = (121, 61)
"""The usual game lengths: 121, or 61 for a short game and for five-card cribbage."""

CRIB_MODELS = ("random", "expert")
"""How the opponent's crib cards are drawn: at random from the unseen cards, or as an expert throws them."""

HEELS = 2
"""Points to the dealer for a jack turned as the starter."""

THREE_FOR_LAST = 3
"""Points the pone of the first deal pegs as a five-card game starts."""


SKUNKS: dict[int, tuple[tuple[int, int, str], ...]] = {
    121: ((61, 4, "double_skunks"), (91, 2, "skunks")),
    61: ((31, 2, "lurches"),),
}
"""Target -> (loser below this score, game points, what such wins are called), the heaviest first."""

MARGIN_NAMES = {"double_skunks": "double skunk", "skunks": "skunk", "lurches": "lurch"}
"""What one big win of each kind of :data:`SKUNKS` is called."""


class RulesError(ValueError):
    """A player count, variant, role or model that the game does not have, or that does not fit the deal."""


def check_role(role: str | None) -> None:
    """Raise :class:`RulesError` unless ``role`` is None or one of :data:`ROLES`."""
    if role is not None and role not in ROLES:
        raise RulesError(f"unknown role {role!r}: use dealer, partner or pone")


@dataclass(frozen=True, slots=True)
class GameRules:
    """Which game is played: how many seats, the target score (121, or 61 for a short game and five-card), muggins,
    and the variant: ``six`` (six-card cribbage, or five cards each with three or four players)
    or ``five`` (five-card cribbage: two players, hands of three, the play goes once, usually to 61).

    Seats are numbered from 0 and sit clockwise: seat ``s + 1`` is on the left
    of seat ``s``. With four players the partners sit opposite (seats 0 and 2
    against 1 and 3).
    """

    players: int = 2
    target: int = 0
    """The score that wins; 0, the default, is the variant's own: 121, or 61 for five-card cribbage."""
    muggins: bool = False
    variant: str = "six"

    def __post_init__(self) -> None:
        if self.players not in PLAYER_COUNTS:
            raise RulesError(f"a game needs 2, 3 or 4 players, not {self.players}")
        if self.variant not in VARIANTS:
            raise RulesError(f"unknown variant {self.variant!r}: use six or five")
        if self.variant == "five" and self.players != 2:
            raise RulesError(f"five-card cribbage is for two players, not {self.players}")
        if self.target == 0:
            object.__setattr__(self, "target", TARGETS[1] if self.variant == "five" else TARGETS[0])
        if self.target < 1:
            raise RulesError(f"the target must be a positive score, not {self.target}")

    @property
    def dealt(self) -> int:
        """Cards dealt to each seat."""
        return 6 if self.players == 2 and self.variant == "six" else 5

    @property
    def thrown(self) -> int:
        """Cards each seat throws to the crib."""
        return 2 if self.players == 2 else 1

    @property
    def hand_size(self) -> int:
        """Cards each seat keeps for the play and the show: four, or three in five-card cribbage."""
        return self.dealt - self.thrown

    @property
    def crib_from_deck(self) -> int:
        """Cards dealt from the deck straight to the crib (one with three players), so the crib has four."""
        return 4 - self.players * self.thrown

    @property
    def play_once(self) -> bool:
        """Whether the play ends at the first go or 31, cards left unplayed (five-card cribbage)."""
        return self.variant == "five"

    @property
    def three_for_last(self) -> int:
        """Points the pone of the first deal pegs as the game starts: 3 in five-card cribbage, else 0."""
        return THREE_FOR_LAST if self.variant == "five" else 0

    @property
    def sides(self) -> int:
        """How many sides score apart: two partnerships with four players, else one a player."""
        return 2 if self.players == 4 else self.players

    def check_scores(self, scores: tuple[int, ...]) -> None:
        """Raise :class:`RulesError` unless every score is one of a game not yet won."""
        for score in scores:
            if not 0 <= score < self.target:
                raise RulesError(f"a score is 0 to {self.target - 1} in a game to {self.target}, not {score}")

    def side(self, seat: int) -> int:
        """The side a seat scores for: ``seat % sides`` (partners 0 and 2 are side 0)."""
        return seat % self.sides

    def role(self, seat: int, dealer: int) -> str:
        """``dealer``, ``partner`` (the dealer's partner, four players) or ``pone`` (an opponent of the dealer)."""
        if seat == dealer:
            return "dealer"
        return "partner" if self.side(seat) == self.side(dealer) else "pone"

    def show_order(self, dealer: int) -> tuple[int, ...]:
        """Seats in the order they lead the play and count their hands: from the dealer's left, the dealer last."""
        n = self.players
        return tuple((dealer + step) % n for step in range(1, n + 1))


@dataclass(frozen=True, slots=True)
class Position:
    """Where a two-player game stands as a deal begins, seen from one seat: the rules, the scores
    (mine, the opponent's) and whether I deal. Checked once where it is made, then passed down whole.

    >>> Position(GameRules(), (95, 110), me_dealing=True).needs
    (26, 11)
    >>> Position(GameRules(variant="five"), (61, 3), me_dealing=False)
    Traceback (most recent call last):
    ...
    crib_cli.rules.RulesError: a score is 0 to 60 in a game to 61, not 61
    """

    rules: GameRules
    scores: tuple[int, int]
    me_dealing: bool

    def __post_init__(self) -> None:
        if self.rules.players != 2:
            raise RulesError(f"a position is for two players, not {self.rules.players}")
        self.rules.check_scores(self.scores)

    @property
    def needs(self) -> tuple[int, int]:
        """The points each seat lacks of the target: mine, the opponent's."""
        me, opponent = self.scores
        return self.rules.target - me, self.rules.target - opponent


def deal_rules(size: int, *, players: int | None = None, role: str | None = None, variant: str = "six") -> GameRules:
    """The game a deal of ``size`` cards is from, checking that the deal, the players and the role fit.

    Six cards is two players; five is three or four (the figures are the same,
    only four players have a partner), or two in five-card cribbage
    (``variant`` ``five``). A deal of the wrong size is a :class:`~crib_cli.cards.CardError`.

    >>> deal_rules(5, role="partner").players
    4
    """
    check_role(role)
    if players is not None and players not in PLAYER_COUNTS:
        raise RulesError(f"players must be 2, 3 or 4, got {players}")
    if variant not in VARIANTS:
        raise RulesError(f"unknown variant {variant!r}: use six or five")
    if variant == "five":
        if players not in (None, 2):
            raise RulesError(f"five-card cribbage is for two players, not {players}")
        if role == "partner":
            raise RulesError("role 'partner' is for four players, where the partner's crib is your side's")
        rules = GameRules(variant="five")
        if size != rules.dealt:
            raise CardError(f"a five-card cribbage deal is {rules.dealt} cards, got {size}")
        return rules
    if players is None:
        if size not in (5, 6):
            raise CardError(f"a deal is 6 cards (two players) or 5 (three or four), got {size}")
        players = 2 if size == 6 else 4 if role == "partner" else 3
    rules = GameRules(players)
    if size != rules.dealt:
        raise CardError(f"a {players}-player deal is {rules.dealt} cards, got {size}")
    if role == "partner" and players != 4:
        raise RulesError("role 'partner' is for four players, where the partner's crib is your side's")
    return rules
