"""The portable notation of a two-player game, read and written: a header, then one line a deal.

The notation follows Hal Mueller's proposal "PGN for CRIBBAGE": player A's
cards have upper-case suits (``5H``), player B's lower-case (``5h``); a deal
is one line, the starter, the cards of the play in the order laid, the
discards, the score. Where the proposal is silent, ``crib`` chose (see
docs/notation.md): the fields are parted by ``|``; cards never laid follow a
``*`` in the play; the score field is each show's count as claimed, in the
order counted (the pone's hand, the dealer's, the crib), ``<p`` after a claim
for the ``p`` points an opponent took as muggins, and ``=a-b`` for the scores
after the deal.

Every deal is rebuilt from its line: each player's cards are those laid, held
and thrown; the dealer alternates from the header's first. The play is checked
by :class:`~crib_cli.peg.Play` and the shows by :func:`~crib_cli.score.show_total`,
and the deal is then played through the engine, so the record read is the
engine's own. A bad line is one message naming the deal and the token; the
other deals are kept.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import DECK, Card, CardError, parse_card, quoted
from ..peg import PegError, Play
from ..rules import GameRules
from ..score import show_total
from .engine import play_deal
from .record import DealRecord, GameRecord, ShowRecord, game_points
from .review import Replayer

SEATS = ("A", "B")
"""Player A sits in seat 0, player B in seat 1."""
MARKS = {">": "penalty", "#": "unnoticed", "v": "violation"}
"""The marks of the play: penalty points for over-pegging, over-pegging not noticed, a rule violation."""
_TAG = re.compile(r'^\[(\w+)\s+"([^"]*)"\]$')
_MARK = re.compile(r"^([<>#])(\d+)$|^v([Rr])(\d+)$")
_CLAIM = re.compile(r"^(\d+)(?:<(\d+))?$")
_SCORES = re.compile(r"^=(\d+)-(\d+)$")


class NotationError(ValueError):
    """A line that is not the notation; the message names the deal (or line) and the token."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A mark written in a deal (from 0): its kind (``muggins`` or one of :data:`MARKS`), the seat it is
    against, its points, and where (``hand``, ``crib`` or the card it follows)."""

    deal: int
    kind: str
    seat: int
    points: int
    where: str


@dataclass(frozen=True, slots=True)
class NotatedGame:
    """A game read from the notation: the record, the players' names by seat, the header's tags, the marks."""

    record: GameRecord
    names: tuple[str, ...]
    tags: tuple[tuple[str, str], ...]
    marks: tuple[Mark, ...]


def card_code(card: Card, seat: int | None) -> str:
    """A card as written for its owner: upper-case suit for A (or no owner), lower-case for B.

    >>> card_code(DECK[0], 1), card_code(DECK[0], 0)
    ('As', 'AS')
    """
    code = str(card)
    return code[:-1] + code[-1].lower() if seat == 1 else code


def write_game(record: GameRecord, names: Sequence[str], tags: Sequence[tuple[str, str]] = ()) -> str:
    """The game in the notation: the header (``tags`` first, such as Event and Date), then a line a deal.

    >>> import random
    >>> from crib_cli.game.analyst import EXPERT
    >>> from crib_cli.game.engine import play_game
    >>> record = play_game([EXPERT, EXPERT], GameRules(variant="five"), random.Random(3), first_dealer=0)
    >>> text = write_game(record, ("Ann", "Bob"))
    >>> text.splitlines()[5]
    '[Dealer "A"]'
    >>> game, errors = read_game(text)
    >>> errors, [d.scores for d in game.record.deals] == [d.scores for d in record.deals]
    ((), True)
    """
    rules = record.rules
    if rules.players != 2:
        raise NotationError(f"the notation is for two players, not {rules.players}")
    lines = [f'[{key} "{value}"]' for key, value in tags]
    lines += [f'[PlayerA "{names[0]}"]', f'[PlayerB "{names[1]}"]', f'[Variant "{rules.variant}"]',
              f'[Target "{rules.target}"]', f'[Muggins "{"yes" if rules.muggins else "no"}"]',
              f'[Dealer "{SEATS[record.first_dealer]}"]']
    if record.start is not None:
        lines.append(f'[Start "{record.start[0]}-{record.start[1]}"]')
    lines += [f"{number}. {deal_line(deal)}" for number, deal in enumerate(record.deals, 1)]
    return "\n".join(lines) + "\n"


def deal_line(deal: DealRecord) -> str:
    """One deal's line (without its number): starter | play [* held] | discards | claims =scores."""
    laid = [(seat, card) for seat, card in deal.plays if card is not None]
    gone = {card for _, card in laid}
    held = [(seat, card) for seat in (0, 1) for card in deal.hands[seat]
            if card not in gone and card not in deal.discards[seat]]
    play = [card_code(card, seat) for seat, card in laid] + (["*"] + [card_code(c, s) for s, c in held] if held else [])
    thrown = [card_code(card, seat) for seat in (0, 1) for card in deal.discards[seat]]
    claims = [f"{show.claimed}<{show.muggins}" if show.muggins else str(show.claimed) for show in deal.shows]
    scores = f"={deal.scores[0]}-{deal.scores[1]}"
    return " | ".join((str(deal.starter), " ".join(play), " ".join(thrown), " ".join([*claims, scores])))


def read_game(text: str) -> tuple[NotatedGame | None, tuple[str, ...]]:
    """The game a text in the notation holds, and a one-line message for each bad line.

    A bad deal line is left out (the game goes on from the scores before it);
    without a usable header there is no game (None).

    >>> game, errors = read_game('[Dealer "B"]\\n1. 5H | 2s | | =0-0\\n')
    >>> game is not None, errors
    (True, ("deal 1: '2s': A's cards are 0 (laid, held and thrown), but 6 are dealt: a line too short",))
    """
    tags: list[tuple[str, str]] = []
    rows: list[tuple[int, str]] = []
    errors: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("["):
            match = _TAG.match(line)
            if match is None or rows:
                errors.append(f"line {number}: {quoted(line)}: a header line is [Name \"value\"], before the deals")
            else:
                tags.append((match[1], match[2]))
        else:
            rows.append((number, line))
    try:
        rules, first_dealer, start, names = _header(dict(tags))
    except NotationError as error:
        return None, (*errors, str(error))
    deals: list[DealRecord] = []
    marks: list[Mark] = []
    opening = start if start is not None else tuple(rules.three_for_last if seat != first_dealer else 0 for seat in (0, 1))
    scores: tuple[int, ...] = opening
    for at, (number, line) in enumerate(rows):
        dealer = (first_dealer + at) % 2
        try:
            if max(scores) >= rules.target:
                raise NotationError(f"{quoted(line)}: the game was over, {scores[0]}-{scores[1]}, before this deal")
            deal, found = _deal(line, at, rules, dealer, scores)
        except NotationError as error:
            errors.append(f"deal {at + 1}: {error}")
            continue
        deals.append(deal)
        marks += found
        scores = deal.scores
    winner = 0 if scores[0] >= scores[1] else 1
    points = game_points(rules, scores[1 - winner]) if max(scores) >= rules.target else 0
    record = GameRecord(rules, (), first_dealer, tuple(deals), winner, scores, points,
                        rules.three_for_last if start is None else 0, start)
    return NotatedGame(record, names, tuple(tags), tuple(marks)), tuple(errors)


def _header(tags: dict[str, str]) -> tuple[GameRules, int, tuple[int, ...] | None, tuple[str, ...]]:
    """The rules, the first dealer, the start and the names, from the header's tags."""
    if tags.get("Dealer") not in SEATS:
        raise NotationError(f"the header says who dealt first: [Dealer \"A\"] or [Dealer \"B\"], not {tags.get('Dealer')!r}")
    muggins = tags.get("Muggins", "no").lower()
    if muggins not in ("yes", "no"):
        raise NotationError(f"[Muggins {muggins!r}]: yes or no")
    target = tags.get("Target", "0")
    if not target.isdigit():
        raise NotationError(f"[Target {target!r}]: a whole number")
    try:
        rules = GameRules(2, int(target), muggins == "yes", tags.get("Variant", "six"))
    except ValueError as error:
        raise NotationError(f"the header: {error}") from None
    start = None
    if "Start" in tags:
        match = re.match(r"^(\d+)-(\d+)$", tags["Start"])
        if match is None or max(int(match[1]), int(match[2])) >= rules.target:
            raise NotationError(f"[Start {tags['Start']!r}]: the scores as a-b, each below {rules.target}")
        start = (int(match[1]), int(match[2]))
    return rules, SEATS.index(tags["Dealer"]), start, (tags.get("PlayerA", "A"), tags.get("PlayerB", "B"))


def _owned(token: str) -> tuple[int, Card]:
    """A card token and its owner: A for an upper-case suit, B for a lower-case one."""
    try:
        card = parse_card(token)
    except CardError as error:
        raise NotationError(str(error)) from None
    suit = token[-1]
    if suit.upper() not in "SHDC":
        raise NotationError(f"{quoted(token)}: write the suit as a letter, upper case for A, lower case for B")
    return (0 if suit.isupper() else 1), card


def _deal(line: str, at: int, rules: GameRules, dealer: int, scores: tuple[int, ...]) -> tuple[DealRecord, list[Mark]]:
    """One deal rebuilt from its line, checked, and played through the engine from ``scores``."""
    fields = [field.split() for field in line.split("|")]
    if fields and fields[0] and re.match(r"^\d+\.$", fields[0][0]):
        fields[0] = fields[0][1:]
    if len(fields) != 4:
        raise NotationError(f"{quoted(line)}: {len(fields)} fields, but a deal is starter | play | discards | score")
    if len(fields[0]) != 1:
        raise NotationError(f"{quoted(' '.join(fields[0]))}: the starter is one card")
    starter = parse_card(fields[0][0]) if _is_card(fields[0][0]) else _owned(fields[0][0])[1]
    laid, held, marks = _play_field(fields[1], at)
    thrown = [_owned(token) + (token,) for token in fields[2]]
    seen = {starter: fields[0][0]}
    for seat, card, token in laid + held + thrown:
        if card in seen:
            raise NotationError(f"{quoted(token)}: {card} is written twice; a card may appear only once")
        seen[card] = token
    hands = tuple(tuple(sorted(c for s, c, _ in laid + held + thrown if s == seat)) for seat in (0, 1))
    discards = tuple(tuple(c for s, c, _ in thrown if s == seat) for seat in (0, 1))
    last = (laid + held + thrown)[-1][2] if laid + held + thrown else fields[0][0]
    for seat in (0, 1):
        if len(hands[seat]) != rules.dealt:
            short = "a line too short" if len(hands[seat]) < rules.dealt else "too many"
            raise NotationError(f"{quoted(last)}: {SEATS[seat]}'s cards are {len(hands[seat])} (laid, held and thrown), "
                                f"but {rules.dealt} are dealt: {short}")
        if len(discards[seat]) != rules.thrown:
            raise NotationError(f"{quoted(' '.join(fields[2]) or last)}: {SEATS[seat]} threw {len(discards[seat])} "
                                f"cards, but each throws {rules.thrown}")
    kept = tuple(tuple(c for c in hand if c not in thrown_) for hand, thrown_ in zip(hands, discards))
    plays = _check_play(rules, dealer, kept, laid, bool(held))
    claims, muggins, written = _score_field(fields[3], rules)
    crib = discards[1 - dealer] + discards[dealer]
    counts = [show_total(kept[1 - dealer], starter), show_total(kept[dealer], starter), show_total(crib, starter, True)]
    for claim, count, token in zip(claims, counts, fields[3]):
        if claim > count or (claim != count and not rules.muggins):
            rule = "" if rules.muggins else " (no muggins: a show is claimed at its count)"
            raise NotationError(f"{quoted(token)}: the score disagrees with the cards: that show counts {count}{rule}")
    try:
        record = _replay(rules, dealer, hands, discards, starter, plays, claims, scores)
    except NotationError as error:
        if held:
            raise NotationError("'*': a line too short: cards are held, but the play goes on "
                                "(only five-card cribbage's play, or the game's end, leaves cards unlaid)") from None
        raise NotationError(str(error)) from None
    if len(record.shows) != len(claims) and (len(record.shows) > len(claims) or not _ended(record, rules)):
        raise NotationError(f"{quoted(' '.join(fields[3]))}: {len(claims)} shows written, but the deal counts "
                            f"{len(record.shows)}")
    for show, taken, token in zip(record.shows, muggins, fields[3]):
        if taken is not None and taken != show.muggins:
            raise NotationError(f"{quoted(token)}: the mark makes no sense: the opponent took {show.muggins} as muggins")
        if taken is not None:
            marks.append(Mark(at, "muggins", show.seat, taken, show.kind))
    if written is not None and written != record.scores:
        raise NotationError(f"{quoted(fields[3][-1])}: the score disagrees with the cards: the deal ends at "
                            f"{record.scores[0]}-{record.scores[1]}")
    return record, marks


def _is_card(token: str) -> bool:
    try:
        parse_card(token)
    except CardError:
        return False
    return True


def _play_field(tokens: list[str], at: int) -> tuple[list[tuple[int, Card, str]], list[tuple[int, Card, str]], list[Mark]]:
    """The cards laid, the cards held (after ``*``) and the marks of the play."""
    laid: list[tuple[int, Card, str]] = []
    held: list[tuple[int, Card, str]] = []
    marks: list[Mark] = []
    for token in tokens:
        if token == "*":
            if held or tokens.count("*") > 1:
                raise NotationError(f"{quoted(token)}: one '*' parts the cards laid from those held")
            held = [(-1, DECK[0], token)]
            continue
        match = _MARK.match(token)
        if match is not None or token[0] in "<>#v":
            marks.append(_mark(token, match, laid, bool(held), at))
        else:
            (held if held else laid).append(_owned(token) + (token,))
    return laid, held[1:], marks


def _mark(token: str, match: re.Match[str] | None, laid: list[tuple[int, Card, str]], held: bool, at: int) -> Mark:
    """A mark of the play, against the seat of the card it follows (a violation: against R for A, r for B)."""
    if match is None or not laid or held:
        raise NotationError(f"{quoted(token)}: the mark makes no sense: >p, #p or vRp/vrp after a card laid")
    if match[1] == "<":
        raise NotationError(f"{quoted(token)}: the mark makes no sense: the play is pegged by the cards; "
                            "muggins is marked on a show's claim")
    seat, card = laid[-1][0], laid[-1][1]
    if match[3] is not None:
        return Mark(at, MARKS["v"], 0 if match[3] == "R" else 1, int(match[4]), str(card))
    if int(match[2]) == 0:
        raise NotationError(f"{quoted(token)}: the mark makes no sense: a mark is of 1 point or more")
    return Mark(at, MARKS[match[1]], seat, int(match[2]), str(card))


def _check_play(rules: GameRules, dealer: int, kept: tuple[tuple[Card, ...], ...],
                laid: list[tuple[int, Card, str]], held: bool) -> tuple[tuple[int, Card | None], ...]:
    """The play by its rules: each card its owner's, in turn, fitting the count; the play ended, unless cards are
    held. Returns every answer of the play, the goes said included."""
    try:
        play = Play(rules, 1 - dealer, kept, names=("A", "B"))
    except PegError as error:
        raise NotationError(str(error)) from None
    for _, card, token in laid:
        try:
            play.settle()
            play.lay(card)
        except PegError as error:
            message = str(error)
            raise NotationError(f"{quoted(token)}: {message.removeprefix(f'{card}: ')}") from None
    play.settle()
    if not held and play.turn is not None:
        last = laid[-1][2] if laid else "|"
        raise NotationError(f"{quoted(last)}: a line too short: the play goes on with {SEATS[play.turn]} to lay; "
                            "write '*' before the cards not laid")
    return tuple((turn.seat, turn.card) for turn in play.turns)


def _score_field(tokens: list[str], rules: GameRules) -> tuple[list[int], list[int | None], tuple[int, ...] | None]:
    """The claims, the muggins marked on each, and the scores written after the deal (None: not written)."""
    written = None
    if tokens and tokens[-1].startswith("="):
        match = _SCORES.match(tokens[-1])
        if match is None:
            raise NotationError(f"{quoted(tokens[-1])}: the scores after the deal are written =a-b")
        written = (int(match[1]), int(match[2]))
        tokens = tokens[:-1]
    claims: list[int] = []
    muggins: list[int | None] = []
    for token in tokens:
        match = _CLAIM.match(token)
        if match is None or len(claims) == 3:
            raise NotationError(f"{quoted(token)}: the score field is three claims (pone, dealer, crib), "
                                "each n or n<p, then =a-b")
        if match[2] is not None and not rules.muggins:
            raise NotationError(f"{quoted(token)}: the mark makes no sense: muggins is not played in this game")
        claims.append(int(match[1]))
        muggins.append(None if match[2] is None else int(match[2]))
    return claims, muggins, written


def _replay(rules: GameRules, dealer: int, hands: tuple[tuple[Card, ...], ...], discards: tuple[tuple[Card, ...], ...],
            starter: Card, plays: tuple[tuple[int, Card | None], ...], claims: list[int], scores: tuple[int, ...]) -> DealRecord:
    """The deal played through the engine by players that answer as the line says: the engine's record."""
    order = (1 - dealer, dealer, dealer)
    kinds = ("hand", "hand", "crib")
    shows = tuple(ShowRecord(seat, kind, (), starter, claim, claim) for seat, kind, claim in zip(order, kinds, claims))
    plan = DealRecord(dealer, hands, discards, None, starter, 0, plays, (0, 0), shows, (0, 0))
    top = [*hands[0], *hands[1], starter]
    deck = top + [card for card in DECK if card not in set(top)]
    try:
        return play_deal([Replayer(plan, 0), Replayer(plan, 1)], rules, dealer, deck, start=scores)
    except IndexError:
        raise NotationError("a line too short: a show's claim is missing") from None
    except ValueError as error:
        raise NotationError(str(error)) from None


def _ended(record: DealRecord, rules: GameRules) -> bool:
    return max(record.scores) >= rules.target

