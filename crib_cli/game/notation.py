"""The portable notation of a two-player game, read and written: a header, then one line a deal.

The notation follows Hal Mueller's proposal "PGN for CRIBBAGE": player A's
cards have upper-case suits (``5H``), player B's lower-case (``5h``); a deal
is one line, the starter, the cards of the play in the order laid, the
discards, the score; ``<p`` marks muggins, ``>p`` a penalty for
over-pegging, ``#p`` over-pegging not noticed, ``Rp`` and ``rp`` a rule
violation by A or B. Where the proposal is silent, ``crib`` chose (see
docs/notation.md): the fields are parted by ``|``; cards never laid follow a
``*`` in the play; the score field is each show's claim, in the order
counted (the pone's hand, the dealer's, the crib), ``n<p`` for a claim of
``n`` whose shortfall ``p`` the opponent took, then ``=a-b`` for the board
after the deal. The marks of the play, and violations, move the board when
the deal is over: a penalty and a violation's points to the other player,
over-pegged points not noticed to the player who pegged them.

Every deal is rebuilt from its line: each player's cards are those laid, held
and thrown; the dealer alternates from the header's first. The play is checked
card by card by :class:`~crib_cli.peg.Play`, and the deal is then played
through the engine (which counts the shows), so the record read is the
engine's own. A bad line is one message naming the deal and the token; the
other deals are kept, the next going on from the board the bad line wrote (or
else the one before it).
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..cards import Card, CardError, parse_card, quoted
from ..peg import PegError, Play
from ..rules import GameRules
from .engine import play_deal
from .players import IllegalMove, View
from .record import DealRecord, GameRecord, game_points
from .review import Replayer, dealt_deck

SEATS = ("A", "B")
"""Player A sits in seat 0, player B in seat 1."""
_TAG = re.compile(r'^\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*(?:;.*)?$')
_PLAY_MARK = re.compile(r"^([<>#])(\d+)$")
_VIOLATION = re.compile(r"^([Rr])(\d+)$")
_CLAIM = re.compile(r"^(\d+)(?:<(\d+))?$")
_SCORES = re.compile(r"^=(\d+)-(\d+)$")
_NUMBER = re.compile(r"^\d+\.$")
_OPENING = re.compile(r"^\s*(\[|;|\d+\.)")
_KINDS = {">": "penalty", "#": "unnoticed"}


class NotationError(ValueError):
    """A line that is not the notation; the message names the token."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A mark of a deal (from 0): its kind (``muggins``, ``penalty``, ``unnoticed`` or ``violation``), the
    seat it is against, its points, and where (``hand`` or ``crib``, or the card laid before it)."""

    deal: int
    kind: str
    seat: int
    points: int
    where: str

    @property
    def gainer(self) -> int:
        """The seat the points went to: the one that over-pegged unnoticed, else the other."""
        return self.seat if self.kind == "unnoticed" else 1 - self.seat


@dataclass(frozen=True, slots=True)
class NotatedGame:
    """A game read from the notation: its number, the record, the names by seat, the header's tags, the
    marks, the board (scores by seat) before each deal of the record, and each deal's number in the
    file (from 0; the record leaves the bad lines out)."""

    number: int
    record: GameRecord
    names: tuple[str, ...]
    tags: tuple[tuple[str, str], ...]
    marks: tuple[Mark, ...]
    starts: tuple[tuple[int, ...], ...]
    numbers: tuple[int, ...]


class _Card(NamedTuple):
    """A card of a deal line, its owner's seat, and the token it was written as."""

    seat: int
    card: Card
    token: str


def card_code(card: Card, seat: int | None) -> str:
    """A card as written for its owner: upper-case suit for A (or no owner), lower-case for B.

    >>> from crib_cli.cards import DECK
    >>> card_code(DECK[0], 1), card_code(DECK[0], 0)
    ('As', 'AS')
    """
    code = str(card)
    return code[:-1] + code[-1].lower() if seat == 1 else code


def write_game(record: GameRecord, names: Sequence[str], tags: Sequence[tuple[str, str]] = ()) -> str:
    """The game in the notation: the header (``tags`` first, such as Game, Event and Date), then a line a deal.

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
    lines = header_lines(record.rules, names, record.first_dealer, record.start, tags)
    lines += [f"{number}. {deal_line(deal)}" for number, deal in enumerate(record.deals, 1)]
    return "\n".join(lines) + "\n"


def header_lines(rules: GameRules, names: Sequence[str], first_dealer: int, start: Sequence[int] | None = None,
                 tags: Sequence[tuple[str, str]] = ()) -> list[str]:
    """The header of a game: ``tags`` first, then the players, the rules, the first dealer and any start.

    >>> header_lines(GameRules(target=61), ("Ann", "Bob"), 1)[-1]
    '[Dealer "B"]'
    """
    if rules.players != 2:
        raise NotationError(f"the notation is for two players, not {rules.players}")
    header = [*tags, ("PlayerA", names[0]), ("PlayerB", names[1]), ("Variant", rules.variant),
              ("Target", str(rules.target)), ("Muggins", "yes" if rules.muggins else "no"),
              ("Dealer", SEATS[first_dealer])]
    if start is not None:
        header.append(("Start", f"{start[0]}-{start[1]}"))
    return [f'[{key} "{_escaped(value)}"]' for key, value in header]


def _escaped(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def deal_line(deal: DealRecord) -> str:
    """One deal's line (without its number): starter | play [* held] | discards | claims =scores.

    >>> from crib_cli.cards import parse_cards
    >>> from crib_cli.game.record import ShowRecord
    >>> cards = parse_cards("5H 5S 5C 5D JH 4C 2S 3S 4S 6S 7S 8S KH")
    >>> hands = (cards[:6], cards[6:12])
    >>> deal = DealRecord(1, hands, (cards[4:6], cards[10:12]), None, cards[12], 0,
    ...                   ((0, cards[0]),), (0, 0), (), (0, 0))
    >>> deal_line(deal)
    'KH | 5H * 5S 5C 5D 2s 3s 4s 6s | JH 4C 7s 8s | =0-0'
    """
    laid = [(seat, card) for seat, card in deal.plays if card is not None]
    gone = {card for _, card in laid}
    held = [(seat, card) for seat in (0, 1) for card in deal.hands[seat]
            if card not in gone and card not in deal.discards[seat]]
    play = [card_code(card, seat) for seat, card in laid] + (["*"] + [card_code(c, s) for s, c in held] if held else [])
    thrown = [card_code(card, seat) for seat in (0, 1) for card in deal.discards[seat]]
    claims = [f"{show.claimed}<{show.muggins}" if show.muggins else str(show.claimed) for show in deal.shows]
    scores = f"={deal.scores[0]}-{deal.scores[1]}"
    return " | ".join((str(deal.starter), " ".join(play), " ".join(thrown), " ".join([*claims, scores])))


def is_notation(line: str) -> bool:
    """Whether the first line of a file that is not blank opens a game in the notation: a header line, a
    comment or a numbered deal (a JSON log's opens ``{``).

    >>> is_notation('[PlayerA "Ann"]'), is_notation("; club night"), is_notation('{"game": 0}')
    (True, True, False)
    """
    return _OPENING.match(line) is not None


def read_game(text: str) -> tuple[NotatedGame | None, tuple[str, ...]]:
    """The first game a text in the notation holds, and a one-line message for each bad line
    (:func:`read_games`).

    >>> game, errors = read_game('[Dealer "B"]\\n1. 5H | 2s | | =0-0\\n')
    >>> game is not None, errors
    (True, ("deal 1 (line 2): '2s': A's cards are 0 (laid, held and thrown), but 6 are dealt: a line too short",))
    """
    for game in read_games(text.splitlines()):
        return game
    return None, ("no game: the notation opens with its header, [Name \"value\"] lines",)


def read_games(lines: Iterable[str]) -> Iterator[tuple[NotatedGame | None, tuple[str, ...]]]:
    """Each game of a file in the notation (a header line after deal lines opens the next), with a
    one-line message for each bad line of it.

    A bad deal line is left out; without a usable header there is no game (None).
    Text after ``;`` on a line is a comment.
    """
    tags: list[tuple[str, str]] = []
    rows: list[tuple[int, str]] = []
    errors: list[str] = []
    index = 0
    for number, raw in enumerate(lines, 1):
        line = raw.strip() if raw.lstrip().startswith("[") else raw.split(";", 1)[0].strip()
        if not line:
            continue
        if line.startswith("[") and rows:
            yield _game(index, tags, rows, errors)
            tags, rows, errors, index = [], [], [], index + 1
        if line.startswith("["):
            match = _TAG.match(line)
            if match is None:
                errors.append(f"line {number}: {quoted(line)}: a header line is [Name \"value\"] (a ; after it, a comment)")
            else:
                tags.append((match[1], re.sub(r"\\(.)", r"\1", match[2])))
        else:
            rows.append((number, line))
    if tags or rows or errors:
        yield _game(index, tags, rows, errors)


def _game(index: int, tags: list[tuple[str, str]], rows: list[tuple[int, str]],
          errors: list[str]) -> tuple[NotatedGame | None, tuple[str, ...]]:
    """One game from its header's tags and its deal lines (with their line numbers)."""
    try:
        rules, first_dealer, start, names = _header(dict(tags))
    except NotationError as error:
        return None, (*errors, str(error))
    written = dict(tags).get("Game", str(index))
    number = int(written) if written.isdigit() else index
    deals: list[DealRecord] = []
    marks: list[Mark] = []
    starts: list[tuple[int, ...]] = []
    numbers: list[int] = []
    three = rules.three_for_last if start is None else 0
    board = GameRecord(rules, (), first_dealer, (), 0, (0, 0), 0, three, start).opening
    lost = False
    for at, (line_number, line) in enumerate(rows):
        dealer = (first_dealer + at) % 2
        try:
            if lost:
                board = _board_before(line, at, rules, dealer, board)
            if max(board) >= rules.target:
                raise NotationError(f"{quoted(line)}: the game was over, {board[0]}-{board[1]}, before this deal")
            deal, found, after = _deal(line, at, rules, dealer, board)
        except NotationError as error:
            errors.append(f"deal {at + 1} (line {line_number}): {error}")
            board, lost = _written(line) or board, True
            continue
        deals.append(deal)
        starts.append(board)
        numbers.append(at)
        marks += found
        board, lost = after, False
    winner = 0 if board[0] >= board[1] else 1
    points = game_points(rules, board[1 - winner]) if max(board) >= rules.target else 0
    record = GameRecord(rules, (), first_dealer, tuple(deals), winner, board, points, three, start)
    return NotatedGame(number, record, names, tuple(tags), tuple(marks), tuple(starts), tuple(numbers)), tuple(errors)


def _header(tags: dict[str, str]) -> tuple[GameRules, int, tuple[int, ...] | None, tuple[str, ...]]:
    """The rules, the first dealer, the start and the names, from the header's tags."""
    if tags.get("Dealer") not in SEATS:
        raise NotationError(f"the header says who dealt first: [Dealer \"A\"] or [Dealer \"B\"], not {tags.get('Dealer')!r}")
    muggins = tags.get("Muggins", "no").lower()
    if muggins not in ("yes", "no", "y", "n"):
        raise NotationError(f"[Muggins {muggins!r}]: yes or no")
    target = tags.get("Target", "0")
    if not target.isdigit():
        raise NotationError(f"[Target {target!r}]: a whole number")
    try:
        rules = GameRules(2, int(target), muggins.startswith("y"), tags.get("Variant", "six"))
    except ValueError as error:
        raise NotationError(f"the header: {error}") from None
    start = None
    if "Start" in tags:
        match = re.match(r"^(\d+)-(\d+)$", tags["Start"])
        if match is None or max(int(match[1]), int(match[2])) >= rules.target:
            raise NotationError(f"[Start {tags['Start']!r}]: the scores as a-b, each below {rules.target}")
        start = (int(match[1]), int(match[2]))
    return rules, SEATS.index(tags["Dealer"]), start, (tags.get("PlayerA", "A"), tags.get("PlayerB", "B"))


def _board_before(line: str, at: int, rules: GameRules, dealer: int, board: tuple[int, ...]) -> tuple[int, ...]:
    """After a bad line, the board this deal began at: what its own ``=a-b`` less its points says, if it
    writes one (else ``board``, what the bad line wrote or the board before it)."""
    written = _written(line)
    if written is None:
        return board
    after = _deal(line, at, rules, dealer, board, check_board=False)[2]
    shifted = tuple(start + end - got for start, end, got in zip(board, written, after))
    return shifted if all(0 <= score < rules.target for score in shifted) else board


def _written(line: str) -> tuple[int, ...] | None:
    """The board a line writes at its end (``=a-b``), if it writes one."""
    match = _SCORES.match(line.split()[-1]) if line.split() else None
    return None if match is None else (int(match[1]), int(match[2]))


def _card(token: str) -> Card:
    try:
        return parse_card(token)
    except CardError as error:
        raise NotationError(str(error)) from None


def _owned(token: str) -> _Card:
    """A card token and its owner: A for an upper-case suit, B for a lower-case one."""
    card = _card(token)
    if token[-1].upper() not in "SHDC":
        raise NotationError(f"{quoted(token)}: write the suit as a letter, upper case for A, lower case for B")
    return _Card(0 if token[-1].isupper() else 1, card, token)


def _deal(line: str, at: int, rules: GameRules, dealer: int, board: tuple[int, ...],
          check_board: bool = True) -> tuple[DealRecord, list[Mark], tuple[int, ...]]:
    """One deal rebuilt from its line, checked, and played through the engine from ``board``: its record,
    its marks, and the board after it (the marks' points pegged), checked against the board written
    unless ``check_board`` is off."""
    fields = [field.split() for field in line.split("|")]
    if fields[0] and _NUMBER.match(fields[0][0]):
        fields[0] = fields[0][1:]
    if len(fields) != 4:
        raise NotationError(f"{quoted(line)}: {len(fields)} fields, but a deal is starter | play | discards | score")
    starter, laid, held, thrown, marks = _cards_of(fields, at)
    if starter is None:
        raise NotationError("'|': the starter is missing; a deal is starter | play | discards | score")
    unclaimed = fields[3] == ["?"]
    claims, written = ([], None) if unclaimed else _score_field(fields[3], rules, at, marks)
    cards = laid + held + thrown
    hands = tuple(tuple(sorted(c.card for c in cards if c.seat == seat)) for seat in (0, 1))
    discards = tuple(tuple(c.card for c in thrown if c.seat == seat) for seat in (0, 1))
    last = cards[-1].token if cards else fields[0][0]
    for seat in (0, 1):
        if len(hands[seat]) != rules.dealt:
            short = "a line too short" if len(hands[seat]) < rules.dealt else "too many"
            raise NotationError(f"{quoted(last)}: {SEATS[seat]}'s cards are {len(hands[seat])} (laid, held and thrown), "
                                f"but {rules.dealt} are dealt: {short}")
        if len(discards[seat]) != rules.thrown:
            raise NotationError(f"{quoted(' '.join(fields[2]) or last)}: {SEATS[seat]} threw {len(discards[seat])} "
                                f"cards, but each throws {rules.thrown}")
    kept = tuple(tuple(c for c in hand if c not in out) for hand, out in zip(hands, discards))
    plays = _check_play(rules, dealer, kept, laid)
    record = _replay(rules, dealer, hands, discards, starter, plays, None if unclaimed else claims, board, bool(held),
                     " ".join(fields[3]))
    dropped = [c for c in laid if c.card not in {card for _, card in record.plays}]
    if dropped:
        raise NotationError(f"{quoted(dropped[0].token)}: the game was won at {record.scores[0]}-{record.scores[1]} "
                            "before this card; write the cards after it held, after '*'")
    if not unclaimed:
        _check_shows(record, rules, claims, fields[3])
    marks += [Mark(at, "muggins", show.seat, show.muggins, show.kind) for show in record.shows if show.muggins]
    after = list(record.scores)
    for mark in marks:
        if mark.kind != "muggins":
            after[mark.gainer] += mark.points
    if check_board and written is not None and written != tuple(after):
        raise NotationError(f"{quoted(fields[3][-1])}: the score disagrees with the cards: the deal ends at "
                            f"{after[0]}-{after[1]}")
    return record, marks, tuple(after)


def check_fields(fields: Sequence[Sequence[str]]) -> None:
    """The first fields of a deal, as far as they are written (the starter; the play; the discards): each
    token a card of its player or a mark, no card twice. Raises :class:`NotationError` naming the token.

    >>> check_fields([["6C"], ["4s", "8S", "4S"]])
    Traceback (most recent call last):
    ...
    crib_cli.game.notation.NotationError: '4S': 4S is written twice; a card may appear only once
    """
    _cards_of([list(field) for field in fields] + [[] for _ in range(3 - len(fields))], 0)


def _cards_of(fields: list[list[str]], at: int) -> tuple[Card | None, list[_Card], list[_Card], list[_Card], list[Mark]]:
    """The starter (None if not written yet), the cards laid, held and thrown, and the marks of the play,
    each card checked to be written once."""
    if len(fields[0]) > 1:
        raise NotationError(f"{quoted(' '.join(fields[0]))}: the starter is one card")
    starter = _card(fields[0][0]) if fields[0] else None
    laid, held, marks = _play_field(fields[1], at)
    thrown = [_owned(token) for token in fields[2]]
    seen = {starter}
    for seat, card, token in laid + held + thrown:
        if card in seen:
            raise NotationError(f"{quoted(token)}: {card} is written twice; a card may appear only once")
        seen.add(card)
    return starter, laid, held, thrown, marks


def _play_field(tokens: list[str], at: int) -> tuple[list[_Card], list[_Card], list[Mark]]:
    """The cards laid, the cards held (after ``*``) and the marks of the play."""
    laid: list[_Card] = []
    held: list[_Card] = []
    marks: list[Mark] = []
    holding = False
    for token in tokens:
        if token == "*":
            if holding:
                raise NotationError(f"{quoted(token)}: one '*' parts the cards laid from those held")
            holding = True
        elif token[0] in "<>#vV" or _VIOLATION.match(token):
            if not laid or holding:
                raise NotationError(f"{quoted(token)}: the mark makes no sense: >p, #p, Rp or rp after a card laid")
            marks.append(_mark(token, laid[-1], at))
        else:
            (held if holding else laid).append(_owned(token))
    return laid, held, marks


def _mark(token: str, after: _Card | None, at: int) -> Mark:
    """A mark of the play (against the seat of the card ``after``) or a violation (against R for A, r for B)."""
    violation, match = _VIOLATION.match(token), _PLAY_MARK.match(token)
    if violation is not None:
        kind, seat, points = "violation", 0 if violation[1] == "R" else 1, int(violation[2])
    elif match is None or after is None:
        raise NotationError(f"{quoted(token)}: the mark makes no sense: write >p, #p, or a violation as Rp (A's) "
                            "or rp (B's), p the points")
    elif match[1] == "<":
        raise NotationError(f"{quoted(token)}: the mark makes no sense: the play is pegged by the cards; "
                            "muggins is marked on a show's claim")
    else:
        kind, seat, points = _KINDS[match[1]], after.seat, int(match[2])
    if points == 0:
        raise NotationError(f"{quoted(token)}: the mark makes no sense: a mark is of 1 point or more")
    return Mark(at, kind, seat, points, "" if after is None else str(after.card))


def _score_field(tokens: list[str], rules: GameRules, at: int,
                 marks: list[Mark]) -> tuple[list[tuple[int, int | None, str]], tuple[int, ...] | None]:
    """The claims (each with the muggins marked on it and its token), and the board written after the deal
    (None: not written); a violation written here joins ``marks``."""
    written = None
    if tokens and tokens[-1].startswith("="):
        match = _SCORES.match(tokens[-1])
        if match is None:
            raise NotationError(f"{quoted(tokens[-1])}: the board after the deal is written =a-b")
        written = (int(match[1]), int(match[2]))
        tokens = tokens[:-1]
    claims: list[tuple[int, int | None, str]] = []
    for token in tokens:
        if _VIOLATION.match(token):
            marks.append(_mark(token, None, at))
            continue
        match = _CLAIM.match(token)
        if match is None or len(claims) == 3:
            raise NotationError(f"{quoted(token)}: the score field is up to three claims (pone, dealer, crib), "
                                "each n or n<p, then =a-b")
        if match[2] is not None and not rules.muggins:
            raise NotationError(f"{quoted(token)}: the mark makes no sense: muggins is not played in this game")
        claims.append((int(match[1]), None if match[2] is None else int(match[2]), token))
    return claims, written


def _check_play(rules: GameRules, dealer: int, kept: tuple[tuple[Card, ...], ...],
                laid: list[_Card]) -> tuple[tuple[int, Card | None], ...]:
    """The play by its rules: each card its owner's, in turn, fitting the count. Returns every answer of the
    play, the goes said included (whether cards held were rightly held, the engine's replay says)."""
    play = Play(rules, 1 - dealer, kept, names=SEATS)
    for _, card, token in laid:
        try:
            play.settle()
            play.lay(card)
        except PegError as error:
            raise NotationError(f"{quoted(token)}: {str(error).removeprefix(f'{card}: ')}") from None
    play.settle()
    return tuple((turn.seat, turn.card) for turn in play.turns)


class _Claimant(Replayer):
    """A seat that answers as the line says; its claims come from the queue both seats share, in the order
    the engine counts the shows, each checked against the show's count."""

    def __init__(self, plan: DealRecord, seat: int, claims: deque[tuple[int, int | None, str]] | None,
                 field: str) -> None:
        super().__init__(plan, seat)
        self.queue, self.field = claims, field

    def count(self, view: View, show: object) -> int:
        total = getattr(show, "total", -1)
        if self.queue is None:  # the score field is '?': every show at its count
            return int(total)
        if not self.queue:
            kind = "hand" if view.hand == view.kept else "crib"
            raise NotationError(f"{quoted(self.field or '|')}: a line too short: {SEATS[self.seat]}'s {kind} is "
                                "counted, but no claim is written for it")
        claim, _, token = self.queue.popleft()
        if claim > total:
            raise NotationError(f"{quoted(token)}: the score disagrees with the cards: that show counts {total}")
        return claim


def _replay(rules: GameRules, dealer: int, hands: tuple[tuple[Card, ...], ...], discards: tuple[tuple[Card, ...], ...],
            starter: Card, plays: tuple[tuple[int, Card | None], ...], claims: list[tuple[int, int | None, str]] | None,
            board: tuple[int, ...], held: bool, field: str) -> DealRecord:
    """The deal played through the engine by seats that answer as the line says: the engine's record."""
    plan = DealRecord(dealer, hands, discards, None, starter, 0, plays, (0, 0), (), (0, 0))
    queue = None if claims is None else deque(claims)
    try:
        return play_deal([_Claimant(plan, 0, queue, field), _Claimant(plan, 1, queue, field)], rules, dealer,
                         dealt_deck(plan, rules), start=board)
    except NotationError:
        raise
    except IllegalMove as error:
        if held:
            raise NotationError("'*': a line too short: cards are held, but the play goes on (only five-card "
                                "cribbage's play, or the game's end, leaves cards unlaid)") from None
        raise NotationError(str(error)) from None


def _check_shows(record: DealRecord, rules: GameRules, claims: list[tuple[int, int | None, str]],
                 tokens: list[str]) -> None:
    """The claims written against the shows the engine counted: as many, each as counted (without
    muggins, the count), each muggins mark the shortfall the opponent took."""
    if len(claims) != len(record.shows):
        token = claims[len(record.shows)][2] if len(claims) > len(record.shows) else " ".join(tokens) or "|"
        over = "" if max(record.scores) < rules.target else f" before the game was won, {record.scores[0]}-{record.scores[1]}"
        raise NotationError(f"{quoted(token)}: {len(claims)} shows claimed, but the deal counts "
                            f"{len(record.shows)}{over}")
    for show, (claim, taken, token) in zip(record.shows, claims):
        if claim != show.claimed:
            raise NotationError(f"{quoted(token)}: the score disagrees with the cards: that show counts {show.points} "
                                "(no muggins: a show is claimed at its count)")
        if taken is not None and taken != show.muggins:
            raise NotationError(f"{quoted(token)}: the mark makes no sense: the show counts {show.points}, "
                                f"so the opponent took {show.muggins} as muggins")
