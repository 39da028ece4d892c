"""The table of ``crib play``: each event of a game told from the person's side, and the board kept.

What the table says of a seat or a side is one of its messages, its verbs
agreeing with who it is about; the board is held back after a score, to be
shown before whatever is said next.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from ..cards import format_cards
from ..discard import tenths
from ..game import (
    Dealt,
    Event,
    GameEnded,
    GameRules,
    GameStarted,
    Go,
    GoPoint,
    Laid,
    ShowCounted,
    StarterTurned,
    ThreeForLast,
)
from ..game.analyst import deal_chance
from ..game.simulate import side_names
from ..rules import HEELS, LIMIT, MARGIN_NAMES, SKUNKS
from ..score import check_claim
from . import formats
from .advice import chance_text
from .terminal import Terminal, board_lines, terminal_width

YOU = 0
"""The person's seat."""
SEAT_NAMES = {3: ("you", "left", "right"), 4: ("you", "left", "partner", "right")}
"""What the person calls the other seats with three and four players (seat 1 sits on the person's left)."""
VERBS = {"deal": "deals", "lay": "lays", "peg": "pegs", "say": "says", "win": "wins"}
"""The verbs the table speaks with: as they follow ``you`` (or two names), and as they follow one name."""
MESSAGES = {
    "first dealer": "{who} {deal} first",
    "deal": "-- deal {number}: {who} {deal}{extra} --",
    "three for last": "{who} {peg} {points} for last: the first pone's start in five-card cribbage",
    "heels": f"starter: {{card}}: his heels, {{who}} {{peg}} {HEELS}",
    "lay": "{who} {lay} {card}: count {count}{scored}",
    "last card": "{who} {lay} {card}, {whose} last card: count {count}{scored}",
    "go": "{who} {say} go at {count}",
    "can't play either": "{who} can't play either: 1 for the go to {who}; {after}",
    "go point": "1 for the go to {who}; {after}",
    "show": "{whose} {kind}: {cards} / {starter}",
    "muggins": "  counted {claimed}, {short} short: muggins! {who} {peg} {points}",
    "win": "{who} {win}, {score} to {losers}: {games}",
    "win match": "{who} {win} the match",
    "throw": "throw {need} to {whose} crib:",
    "count": "count {whose} {kind} {cards} / {starter}:",
}
"""Everything the table says of a seat or side, with ``{who}`` (its name), ``{whose}`` and its verbs: see :func:`speak`."""


def speak(key: str, who: str, **fields: object) -> str:
    """The message ``key`` of :data:`MESSAGES` about ``who``: ``you``, a seat's name, or a side's (``left and right``).

    ``{whose}`` and every verb of :data:`VERBS` agree with ``who``: ``you peg``,
    ``expert pegs``, ``you and partner win``; ``your``, ``your partner's``, ``left's``.
    """
    plural = who == "you" or " and " in who
    whose = {"you": "your", "partner": "your partner's", "you and partner": "your side's"}.get(who, f"{who}'s")
    verbs = {verb: verb if plural else third for verb, third in VERBS.items()}
    return MESSAGES[key].format(who=who, whose=whose, **verbs, **fields)


def table_names(players: int, opponent: str) -> tuple[str, ...]:
    """Names by seat as the table speaks of them: the computer's strategy with two players, else where it sits."""
    return SEAT_NAMES.get(players, ("you", opponent))


CATEGORIES = ("pegging", "hands", "crib", "heels", "three for last", "muggins")
"""Where points come from, as the end of a game lists them; the first three always."""


class Table:
    """Tells each event of one game from seat 0's side of the table, and keeps the board."""

    def __init__(self, terminal: Terminal, names: Sequence[str], rules: GameRules, opponent: str,
                 coach: bool = False) -> None:
        self.terminal = terminal
        self.coach = coach
        self.say = terminal.say
        self.names = names
        self.rules = rules
        self.opponent = opponent
        self.sides = side_names(rules, names, " and ")
        self.pegs = [(0, 0)] * rules.sides
        """Each side's front and back peg."""
        self.points: list[Counter[str]] = [Counter() for _ in range(rules.sides)]
        """Each side's points by where they came from (:data:`CATEGORIES`)."""
        self.left = [0] * rules.players
        """Cards each seat has still to lay in this deal's play."""
        self.last: int | None = None
        """The seat that laid the last card of the current series."""
        self.last_gone = False
        """Whether that seat has said go, so the go point that follows is its own."""
        self.handlers: dict[type, Callable[[Any], None]] = {
            GameStarted: self.started, ThreeForLast: self.three_for_last, Dealt: self.dealt,
            StarterTurned: self.turned, Laid: self.laid, Go: self.go, GoPoint: self.go_point,
            ShowCounted: self.shown, GameEnded: self.ended,
        }

    def __call__(self, event: Event) -> None:
        handler = self.handlers.get(type(event))
        if handler is not None:
            handler(event)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score."""
        return tuple(front for front, _ in self.pegs)

    def board(self) -> list[str]:
        sides = [(name, front, back) for name, (front, back) in zip(self.sides, self.pegs)]
        return board_lines(sides, self.rules.target, terminal_width())

    def moved(self, scores: tuple[int, ...], kind: str, owner: int | None = None) -> None:
        """Move the pegs to ``scores`` (by seat), the points counted as ``kind`` (``muggins`` for a side
        other than the ``owner``'s of a show); the board is held back, to be shown before what is said next."""
        changed = False
        for side, (front, _) in enumerate(self.pegs):
            score = scores[side]
            if score != front:
                other = owner is not None and side != self.rules.side(owner)
                self.points[side]["muggins" if other else kind] += score - front
                self.pegs[side] = (score, front)
                changed = True
        if changed:
            self.terminal.hold(self.board())

    def started(self, event: GameStarted) -> None:
        rules = event.rules
        game = "five-card cribbage " if rules.variant == "five" else ""
        if rules.players == 2:
            self.say(f"you against {self.names[1]}, {game}to {rules.target}")
        elif rules.players == 3:
            self.say(f"you against left and right ({self.opponent}), each for himself, to {rules.target}")
        else:
            self.say(f"you and partner ({self.opponent}, opposite) against left and right ({self.opponent}), "
                     f"to {rules.target}")
        self.say("answer each question on a line: help lists what you can type, q ends the game")
        for cuts in event.cuts:
            self.say("cut for deal: " + ", ".join(f"{self.names[seat]} {card}" for seat, card in cuts))
        self.say(speak("first dealer", self.names[event.first_dealer]))

    def three_for_last(self, event: ThreeForLast) -> None:
        self.say(speak("three for last", self.names[event.seat], points=event.points))
        self.moved(event.scores, "three for last")

    def dealt(self, event: Dealt) -> None:
        """The deal's heading and the board: the board held back from the last deal is this one."""
        self.terminal.drop()
        extra = "; one card from the deck goes to the crib" if event.crib_card is not None else ""
        self.say("")
        self.say(speak("deal", self.names[event.dealer], number=event.number + 1, extra=extra))
        for line in self.board():
            self.say(line, wrap=False)
        chance = deal_chance(self.rules, self.scores, YOU, event.dealer) if self.coach else None
        if chance is not None:
            self.say(f"coach: your chance to win from here, before the cards are seen: {chance_text(tenths(chance))}")
        self.left = [self.rules.hand_size] * self.rules.players
        self.last, self.last_gone = None, False

    def turned(self, event: StarterTurned) -> None:
        if event.heels:
            self.say(speak("heels", self.names[event.dealer], card=event.starter))
        else:
            self.say(f"starter: {event.starter}")
        self.moved(event.scores, "heels")

    def laid(self, event: Laid) -> None:
        seat = event.seat
        self.left[seat] -= 1
        scored = ", ".join(f"{item.kind} for {item.points}" for item in event.items)
        key = "last card" if seat == YOU and not self.left[seat] else "lay"
        text = speak(key, self.names[seat], card=event.card, count=event.count, scored=f" -- {scored}" if scored else "")
        series_over = event.count == LIMIT or not any(self.left)
        if event.count == LIMIT and self.rules.play_once:
            text += "; the play ends at 31: cards left are not played"
        elif event.count == LIMIT and any(self.left):
            text += "; the count starts again"
        self.say(text)
        self.last = None if series_over else seat
        self.moved(event.scores, "pegging")

    def go(self, event: Go) -> None:
        if event.seat == self.last:
            self.last_gone = True  # its go point follows at once, and says so
            return
        self.say(speak("go", self.names[event.seat], count=event.count))

    def go_point(self, event: GoPoint) -> None:
        """The go, said as players say it; after the board of the card that came before it, if any."""
        after = "the play ends: cards left are not played" if self.rules.play_once else "the count starts again"
        key = "can't play either" if self.last_gone else "go point"
        self.say(speak(key, self.names[event.seat], after=after), flush=False)
        self.last, self.last_gone = None, False
        self.moved(event.scores, "pegging")

    def shown(self, event: ShowCounted) -> None:
        show = event.show
        cards = format_cards(sorted(show.hand))
        self.say(speak("show", self.names[event.seat], kind=event.kind, cards=cards, starter=show.starter))
        for item in show.items:
            self.say(f"  {item.kind.value:<8} {format_cards(item.cards):<15} {item.points}", wrap=False)
        self.say(f"  total {show.total}")
        if event.claimed != show.total:
            other = self.names[(event.seat + 1) % len(self.names)]
            self.say(speak("muggins", other, claimed=event.claimed, short=show.total - event.claimed,
                           points=event.muggins))
            claim = check_claim(show, event.claimed)
            missed = [f"{item.kind.value} {format_cards(item.cards)} for {item.points}" for item in claim.overlooked]
            if claim.only:
                for text in missed:
                    self.say(f"    overlooked {text}")
            elif missed:
                self.say("    overlooked, for example:")
                for text in missed:
                    self.say(f"      {text}")
        self.moved(event.scores, "hands" if event.kind == "hand" else "crib", owner=event.seat)

    def ended(self, event: GameEnded) -> None:
        """The winner, the game points, and where each side's points came from."""
        self.terminal.drop()
        record = event.record
        rules = record.rules
        standing = list(zip(self.sides, self.scores))
        name, score = standing[record.winner]
        others = [other for side, other in enumerate(standing) if side != record.winner]
        losers = " and ".join(f"{points} ({who})" if rules.players == 3 else str(points) for who, points in others)
        self.say("")
        self.say(speak("win", name, score=score, losers=losers, games=games_text(record.game_points, rules.target)))
        rows = [[kind, *(str(side[kind]) for side in self.points)] for kind in CATEGORIES
                if kind in CATEGORIES[:3] or any(side[kind] for side in self.points)]
        rows.append(["total", *map(str, self.scores)])
        self.say(formats.table(rows, ("points", *self.sides)), wrap=False)

    def unfinished(self) -> str:
        """The scores of a game left unfinished."""
        joiner = ", " if self.rules.players == 3 else " to "
        return "game left unfinished: " + joiner.join(f"{name} {score}" for name, score in zip(self.sides, self.scores))


def games_text(game_points: int, target: int) -> str:
    """``1 game``, ``a skunk, 2 games``, ``a double skunk, 4 games`` or ``a lurch, 2 games``.

    >>> games_text(2, 61), games_text(1, 121)
    ('a lurch, 2 games', '1 game')
    """
    count = f"{game_points} game{'s' if game_points != 1 else ''}"
    kind = next((kind for _, points, kind in SKUNKS.get(target, ()) if points == game_points), None)
    return f"a {MARGIN_NAMES[kind]}, {count}" if kind is not None else count
