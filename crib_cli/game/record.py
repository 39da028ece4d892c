"""What a finished game leaves behind: the record of every deal, game points, the JSON log line.

Scores are by seat; with four players both partners show their side's total.
The winner pegs out in the target hole: the points of the scoring that won,
past the target, are not pegged. So every deal's points, with the three for
last of five-card cribbage before the first deal, re-add to its scores, but
for that excess in the last deal (its records keep the true counts).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, CardError, parse_card
from ..peg import Play
from ..rules import SKUNKS, GameRules
from ..score import ShowScore, score_show


def game_points(rules: GameRules, loser: int) -> int:
    """Games won: 1, or more for a skunk, double skunk or lurch of the losing side.

    Skunks and lurches count with two players and with partnerships, never
    with three players each for himself; a target other than 121 or 61 has none.
    """
    if rules.players == 3:
        return 1
    for below, points, _ in SKUNKS.get(rules.target, ()):
        if loser < below:
            return points
    return 1


def margin_kinds(rules: GameRules) -> tuple[str, ...]:
    """The big wins a game under these rules can end in, the lightest first: none with three players."""
    if rules.players == 3:
        return ()
    return tuple(kind for _, _, kind in reversed(SKUNKS.get(rules.target, ())))


@dataclass(frozen=True, slots=True)
class ShowRecord:
    """One show counted: whose, ``hand`` or ``crib``, its four cards, and the points.

    ``points`` is the true count. ``claimed`` is what the owner pegged (the
    true count unless muggins is on) and ``muggins`` what the next seat to the
    owner's left, always an opponent, pegged of the shortfall (0 if the owner's
    claim won the game first).
    """

    seat: int
    kind: str
    hand: tuple[Card, ...]
    starter: Card
    points: int
    claimed: int
    muggins: int = 0

    @property
    def score(self) -> ShowScore:
        """The itemized count of this show."""
        return score_show(self.hand, self.starter, crib=self.kind == "crib")


@dataclass(frozen=True, slots=True)
class DealPoints:
    """Points one seat scored in one deal, by where they came from."""

    pegging: int = 0
    hand: int = 0
    crib: int = 0
    heels: int = 0
    muggins: int = 0

    @property
    def total(self) -> int:
        return self.pegging + self.hand + self.crib + self.heels + self.muggins


@dataclass(frozen=True, slots=True)
class DealRecord:
    """One deal as it went, up to the moment the game ended if it ended in this deal.

    ``hands`` are as dealt and ``discards`` as thrown, by seat; ``crib_card``
    is the card dealt from the deck to the crib (three players). ``heels`` is
    the points the dealer pegged for a jack starter. ``plays`` lists every
    answer in the play in order, a card or ``None`` for a go; ``pegging`` is
    the points each seat pegged in the play; ``shows`` the shows counted, in
    order; ``scores`` the scores by seat after the deal.
    """

    dealer: int
    hands: tuple[tuple[Card, ...], ...]
    discards: tuple[tuple[Card, ...], ...]
    crib_card: Card | None
    starter: Card
    heels: int
    plays: tuple[tuple[int, Card | None], ...]
    pegging: tuple[int, ...]
    shows: tuple[ShowRecord, ...]
    scores: tuple[int, ...]

    @property
    def complete(self) -> bool:
        """Whether every hand and the crib were counted (the game did not end before the last show)."""
        return len(self.shows) == len(self.hands) + 1

    def scoring(self, rules: GameRules) -> tuple[tuple[int, int], ...]:
        """Every score of the deal as ``(seat, points)``, in the order pegged: his heels, each card
        of the play (its go points straight after it), then the shows (a muggins shortfall to the
        next seat straight after its show)."""
        out = [(self.dealer, self.heels)] if self.heels else []
        out += self.play_scoring(rules)
        for show in self.shows:
            if show.claimed:
                out.append((show.seat, show.claimed))
            if show.muggins:
                out.append(((show.seat + 1) % rules.players, show.muggins))
        return tuple(out)

    def play_scoring(self, rules: GameRules) -> list[tuple[int, int]]:
        """The play's scores as ``(seat, points)``, in the order pegged (each card's, its go point
        straight after it): the part of :meth:`scoring` between his heels and the shows."""
        if not self.plays:
            return []
        kept = tuple(tuple(c for c in hand if c not in thrown) for hand, thrown in zip(self.hands, self.discards))
        play = Play(rules, (self.dealer + 1) % rules.players, kept)
        for _, card in self.plays:
            if card is None:
                play.say_go()
            else:
                play.lay(card)
        return play.scoring()

    def points(self) -> tuple[DealPoints, ...]:
        """Points each seat scored in this deal, by category."""
        n = len(self.hands)
        pegging, hand, crib, heels, muggins = list(self.pegging), [0] * n, [0] * n, [0] * n, [0] * n
        heels[self.dealer] = self.heels
        for show in self.shows:
            (crib if show.kind == "crib" else hand)[show.seat] += show.claimed
            muggins[(show.seat + 1) % n] += show.muggins
        return tuple(DealPoints(*parts) for parts in zip(pegging, hand, crib, heels, muggins))


@dataclass(frozen=True, slots=True)
class GameRecord:
    """A whole game: the rules, the cut for deal, every deal, and the result.

    ``cuts`` holds each round of the cut for first deal as ``(seat, card)``
    pairs (empty when the first dealer was given). ``winner`` is the winning
    side: the seat with two or three players; with four, 0 for seats 0 and 2,
    1 for seats 1 and 3 (see :meth:`GameRules.side`). ``scores`` are by seat.
    ``three_for_last`` is what the pone of the first deal pegged as the game
    began (3 in five-card cribbage, else 0); ``start`` the scores by side the
    game was taken up at, if not love-all (then there is no three for last);
    see :attr:`opening`.
    """

    rules: GameRules
    cuts: tuple[tuple[tuple[int, Card], ...], ...]
    first_dealer: int
    deals: tuple[DealRecord, ...]
    winner: int
    scores: tuple[int, ...]
    game_points: int
    three_for_last: int = 0
    start: tuple[int, ...] | None = None

    @property
    def first_pone(self) -> int:
        """The seat on the first dealer's left, who leads the first play (and pegs any three for last)."""
        return (self.first_dealer + 1) % self.rules.players

    @property
    def opening(self) -> tuple[int, ...]:
        """Scores by seat before the first deal: the start, or the three for last to the pone of the first deal."""
        rules = self.rules
        if self.start is not None:
            return tuple(self.start[rules.side(seat)] for seat in range(rules.players))
        return tuple(self.three_for_last if seat == self.first_pone else 0 for seat in range(rules.players))


def record_json(record: GameRecord, game_index: int, player_names: list[str] | tuple[str, ...]) -> dict[str, Any]:
    """The game as one JSON-ready dict, cards as codes (``TS``, ``5H``).

    Keys: game, target, players, first_dealer, start (the scores by side the
    game was taken up at, only when given), cuts (only after a cut for
    deal), variant and three_for_last (five-card cribbage only; the latter
    ``{"seat": pone, "points": 3}``), deals, winner, scores, game_points. Each deal: dealer, hands,
    discards, crib_card (three players only), starter, heels, plays
    (``[seat, code]`` or ``[seat, "go"]``), pegging, shows (seat, kind,
    points; with muggins on also claimed and muggins), scores.

    ``winner`` is the winning side as in :class:`GameRecord`; scores are by
    seat, partners showing their side's total. A show's ``points`` is its true
    count; with muggins on, its owner pegged ``claimed`` and the next seat to
    the owner's left ``muggins``. Every point of a deal is one of pegging,
    heels, claimed (or points) and muggins, so with the three for last they
    re-add to the scores.
    """
    rules = record.rules
    out: dict[str, Any] = {
        "game": game_index,
        "target": rules.target,
        "players": list(player_names),
        "first_dealer": record.first_dealer,
    }
    if record.start is not None:
        out["start"] = list(record.start)
    if record.cuts:
        out["cuts"] = [[[seat, str(card)] for seat, card in cut] for cut in record.cuts]
    if rules.variant != "six":
        out["variant"] = rules.variant
        if record.start is None:
            out["three_for_last"] = {"seat": record.first_pone, "points": record.three_for_last}
    out["deals"] = [_deal_json(deal, rules) for deal in record.deals]
    out["winner"] = record.winner
    out["scores"] = list(record.scores)
    out["game_points"] = record.game_points
    return out


def _deal_json(deal: DealRecord, rules: GameRules) -> dict[str, Any]:
    out: dict[str, Any] = {
        "dealer": deal.dealer,
        "hands": [[str(card) for card in hand] for hand in deal.hands],
        "discards": [[str(card) for card in thrown] for thrown in deal.discards],
    }
    if rules.crib_from_deck:
        out["crib_card"] = str(deal.crib_card)
    out["starter"] = str(deal.starter)
    out["heels"] = deal.heels
    out["plays"] = [[seat, "go" if card is None else str(card)] for seat, card in deal.plays]
    out["pegging"] = list(deal.pegging)
    out["shows"] = [_show_json(show, rules.muggins) for show in deal.shows]
    out["scores"] = list(deal.scores)
    return out


def _show_json(show: ShowRecord, muggins: bool) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": show.seat, "kind": show.kind, "points": show.points}
    if muggins:
        out["claimed"] = show.claimed
        out["muggins"] = show.muggins
    return out


class RecordError(ValueError):
    """A log line that is not a game record; the message names the field."""


def record_from_json(data: object) -> tuple[GameRecord, tuple[str, ...]]:
    """A game rebuilt from its log line (:func:`record_json`'s), and the players' names by seat.

    Only what the log holds is checked here (every field there and of its type, each card a card);
    whether the game replays by the rules is for whoever replays it. Muggins is taken to be on when
    the shows carry what was claimed. Raises :class:`RecordError` naming the field that is wrong.

    >>> record, names = record_from_json({"game": 0, "target": 61, "players": ["a", "b"], "first_dealer": 1,
    ...     "deals": [], "winner": 0, "scores": [61, 40], "game_points": 1})
    >>> record.rules.target, names
    (61, ('a', 'b'))
    """
    game = _object(data, "the line")
    names = tuple(str(name) for name in _list(game, "players"))
    deals = [_object(deal, f"deal {at + 1}") for at, deal in enumerate(_list(game, "deals"))]
    muggins = any("claimed" in _object(show, "a show") for deal in deals for show in _list(deal, "shows"))
    try:
        rules = GameRules(len(names), _int(game, "target"), muggins, str(game.get("variant", "six")))
    except ValueError as error:
        raise RecordError(f"'players', 'target' or 'variant': {error}") from None
    start = _ints(game, "start", rules.sides) if "start" in game else None
    three = _object(game.get("three_for_last", {"points": 0}), "'three_for_last'")
    cuts = tuple(tuple((_seat(pair, 0, rules), _card(pair[1], "'cuts'")) for pair in _pairs(cut, "'cuts'"))
                 for cut in (_list(game, "cuts") if "cuts" in game else []))
    record = GameRecord(
        rules, cuts, _seat(game, "first_dealer", rules), tuple(_deal(deal, rules) for deal in deals),
        _int(game, "winner"), _ints(game, "scores", rules.players), _int(game, "game_points"),
        _int(three, "points"), start,
    )
    return record, names


def _deal(deal: dict[str, Any], rules: GameRules) -> DealRecord:
    """One deal of a log line; its shows' cards are the kept hands and the crib, rebuilt."""
    dealer = _seat(deal, "dealer", rules)
    hands = tuple(_cards(hand, "'hands'") for hand in _list(deal, "hands"))
    discards = tuple(_cards(thrown, "'discards'") for thrown in _list(deal, "discards"))
    if len(hands) != rules.players or len(discards) != rules.players:
        raise RecordError(f"'hands' and 'discards': one for each of the {rules.players} players")
    crib_card = _card(deal.get("crib_card"), "'crib_card'") if rules.crib_from_deck else None
    starter = _card(deal.get("starter"), "'starter'")
    plays = tuple((_seat(pair, 0, rules), None if pair[1] == "go" else _card(pair[1], "'plays'"))
                  for pair in _pairs(_list(deal, "plays"), "'plays'"))
    kept = [tuple(card for card in hand if card not in thrown) for hand, thrown in zip(hands, discards)]
    crib = tuple(card for seat in rules.show_order(dealer) for card in discards[seat]) + (
        (crib_card,) if crib_card is not None else ())
    shows = []
    for show in (_object(item, "a show") for item in _list(deal, "shows")):
        seat, kind, points = _seat(show, "seat", rules), show.get("kind"), _int(show, "points")
        if kind not in ("hand", "crib"):
            raise RecordError(f"a show's 'kind' is hand or crib, not {kind!r}")
        cards = kept[seat] if kind == "hand" else crib
        claimed = _int(show, "claimed") if "claimed" in show else points
        muggins = _int(show, "muggins") if "muggins" in show else 0
        shows.append(ShowRecord(seat, str(kind), cards, starter, points, claimed, muggins))
    return DealRecord(dealer, hands, discards, crib_card, starter, _int(deal, "heels"), plays,
                      _ints(deal, "pegging", rules.players), tuple(shows), _ints(deal, "scores", rules.players))


def _object(value: object, what: str) -> dict[str, Any]:
    if not isinstance(value, dict):
        raise RecordError(f"{what} is not a JSON object")
    return value


def _list(data: dict[str, Any], key: str) -> list[Any]:
    value = data.get(key)
    if not isinstance(value, list):
        raise RecordError(f"{key!r} is missing, or not a list")
    return value


def _pairs(values: object, what: str) -> list[list[Any]]:
    """A list of ``[seat, card]`` pairs."""
    if not isinstance(values, list) or not all(isinstance(pair, list) and len(pair) == 2 for pair in values):
        raise RecordError(f"{what}: not a list of pairs [seat, card]")
    return values


def _int(data: dict[str, Any] | list[Any], key: str | int) -> int:
    value = data[key] if isinstance(data, list) and isinstance(key, int) else (
        data.get(key) if isinstance(data, dict) and isinstance(key, str) else None)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{key!r} is missing, or not a whole number")
    return value


def _ints(data: dict[str, Any], key: str, size: int) -> tuple[int, ...]:
    values = _list(data, key)
    if len(values) != size or not all(isinstance(v, int) and not isinstance(v, bool) for v in values):
        raise RecordError(f"{key!r} is not {size} whole numbers")
    return tuple(values)


def _seat(data: dict[str, Any] | list[Any], key: str | int, rules: GameRules) -> int:
    seat = _int(data, key)
    if not 0 <= seat < rules.players:
        raise RecordError(f"{key!r}: seat {seat} of a game of {rules.players} players")
    return seat


def _card(value: object, what: str) -> Card:
    try:
        return parse_card(str(value))
    except CardError as error:
        raise RecordError(f"{what}: {error}") from None


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list):
        raise RecordError(f"{what}: not a list of cards")
    return tuple(_card(card, what) for card in value)
