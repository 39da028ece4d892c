"""The engine protocol: JSON lines that let a program in any language sit at a table (``docs/protocol.md``).

Each message is one JSON object on one line with a ``type``. :data:`MESSAGES`
says, for every type, which side writes it and the fields it must carry;
:func:`read_message` checks a line against it, for both sides. The rest
turns what the engine knows into messages (a :class:`~crib_cli.game.players.View`
into a decision, a table event into its news) and messages back into what
the engine takes (an answer into cards, a decision into a ``View``), so both
ends of the wire read and write through this one module.

>>> from crib_cli.cards import parse_cards
>>> view = View(GameRules(), 0, 1, (0, 0), parse_cards("AS 2D 6D 9S 9C QC"))
>>> decision_message(view)["hand"]
['AS', '2D', '6D', '9S', '9C', 'QC']
>>> view_of(decision_message(view), GameRules()) == view
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from ..cards import Card, CardError, parse_card
from ..peg import PegError, Play
from ..rules import PLAYER_COUNTS, VARIANTS, GameRules, RulesError
from .events import Event, GameEnded, Go, GoPoint, Laid, ShowCounted, StarterTurned
from .players import View

PROTOCOL = 1
"""The protocol's version: a greeting names it, and both sides must speak it."""

CRIB, PROGRAM = "crib", "program"
"""Who writes a message: ``crib`` (the referee) or the program playing a seat."""

MESSAGES: Mapping[str, tuple[str, Mapping[str, str], Mapping[str, str]]] = {
    "crib": (CRIB, {"protocol": "int", "name": "str", "version": "str"}, {}),
    "hello": (PROGRAM, {"protocol": "int", "name": "str", "version": "str", "variants": "strs", "players": "ints"}, {}),
    "game": (CRIB, {"rules": "rules", "seat": "int", "names": "strs", "seed": "str"}, {}),
    "discard": (CRIB, {"seat": "int", "dealer": "int", "scores": "ints", "hand": "cards"}, {}),
    "play": (CRIB, {"seat": "int", "dealer": "int", "scores": "ints", "hand": "cards", "kept": "cards",
                    "thrown": "cards", "starter": "card", "plays": "plays", "count": "int", "pile": "cards"}, {}),
    "throw": (PROGRAM, {"cards": "cards"}, {"analysis": "options"}),
    "lay": (PROGRAM, {"card": "card"}, {"analysis": "options"}),
    "go": (PROGRAM, {}, {}),
    "starter": (CRIB, {"card": "card", "heels": "int", "scores": "ints"}, {}),
    "laid": (CRIB, {"seat": "int", "card": "card", "count": "int", "points": "int", "scores": "ints"}, {}),
    "gone": (CRIB, {"seat": "int", "count": "int"}, {}),
    "go_point": (CRIB, {"seat": "int", "scores": "ints"}, {}),
    "show": (CRIB, {"seat": "int", "kind": "str", "cards": "cards", "starter": "card", "points": "int",
                    "scores": "ints"}, {}),
    "end": (CRIB, {"winner": "int", "scores": "ints", "game_points": "int"}, {}),
    "quit": (CRIB, {}, {}),
}
"""Every message type: who writes it, its required fields and its optional ones, each with its kind
(:func:`_problem` reads them). A reader ignores fields it does not know."""

ANSWERS = {"discard": ("throw",), "play": ("lay", "go")}
"""What a program may answer to each decision."""


class ProtocolError(ValueError):
    """A line that is not a message of the protocol, or not the one expected; the text says what is wrong."""


def write_message(message: Mapping[str, Any]) -> str:
    """A message as its line (no newline): compact JSON.

    >>> write_message({"type": "go"})
    '{"type":"go"}'
    """
    return json.dumps(message, separators=(",", ":"))


def read_message(line: str | bytes, expected: Sequence[str]) -> dict[str, Any]:
    """The message on ``line``, checked: JSON, an object, a ``type`` among ``expected``, its fields of their kinds.

    >>> read_message('{"type": "lay", "card": "5H"}', ["lay", "go"])["card"]
    '5H'
    >>> read_message('{"type": "lay"}', ["lay", "go"])
    Traceback (most recent call last):
    ...
    crib_cli.game.protocol.ProtocolError: a lay message needs the field 'card'
    """
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("not a JSON line") from None
    if not isinstance(message, dict):
        raise ProtocolError(f"a JSON {type(message).__name__}, not an object")
    kind = message.get("type")
    if not isinstance(kind, str) or kind not in expected:
        wanted = " or ".join(repr(name) for name in expected)
        raise ProtocolError(f"a message of type {kind!r} where {wanted} was due")
    _, required, optional = MESSAGES[kind]
    for name, field_kind in [*required.items(), *optional.items()]:
        if name not in message:
            if name in required:
                raise ProtocolError(f"a {kind} message needs the field {name!r}")
            continue
        problem = _problem(message[name], field_kind)
        if problem:
            raise ProtocolError(f"{kind}: {name!r} {problem}")
    return message


def _problem(value: object, kind: str) -> str:
    """What is wrong with ``value`` as a field of ``kind`` (empty when nothing is)."""
    if kind == "int":
        return "" if isinstance(value, int) and not isinstance(value, bool) else "must be a whole number"
    if kind == "str":
        return "" if isinstance(value, str) else "must be a string"
    if kind == "bool":
        return "" if isinstance(value, bool) else "must be true or false"
    if kind in ("strs", "ints"):
        item = "str" if kind == "strs" else "int"
        ok = isinstance(value, list) and not any(_problem(element, item) for element in value)
        return "" if ok else f"must be a list of {'strings' if item == 'str' else 'whole numbers'}"
    if kind == "card":
        return _card_problem(value)
    if kind == "cards":
        if not isinstance(value, list):
            return "must be a list of cards"
        return next((_card_problem(element) for element in value if _card_problem(element)), "")
    if kind == "plays":
        ok = isinstance(value, list) and all(
            isinstance(turn, list) and len(turn) == 2 and not _problem(turn[0], "int")
            and (turn[1] == "go" or not _card_problem(turn[1]))
            for turn in value
        )
        return "" if ok else 'must be a list of [seat, card or "go"]'
    if kind == "rules":
        if not isinstance(value, dict):
            return "must be an object"
        return next((f"needs {name!r}, {what}" for name, kind, what in _RULE_FIELDS if _problem(value.get(name), kind)), "")
    assert kind == "options"
    ok = isinstance(value, list) and all(isinstance(option, dict) and _option_ok(option) for option in value)
    return "" if ok else "must be a list of options, each with its cards (or card) and points, and a chance or null"


_RULE_FIELDS = (("players", "int", "a whole number"), ("variant", "str", "a string"),
                ("target", "int", "a whole number"), ("muggins", "bool", "true or false"))


def _option_ok(option: dict[str, Any]) -> bool:
    cards = option.get("cards", [option["card"]] if "card" in option else None)
    points, chance = option.get("points"), option.get("chance")
    return (not _problem(cards, "cards") and isinstance(points, (int, float)) and not isinstance(points, bool)
            and (chance is None or isinstance(chance, (int, float)) and 0 <= chance <= 1))


def _card_problem(value: object) -> str:
    if not isinstance(value, str):
        return "must be a card, such as 5H or TS"
    try:
        parse_card(value)
    except CardError as error:
        return f"must be a card: {error}"
    return ""


# --- crib's side: what the seat is told, and what its answers mean ------------------------------


def greeting(version: str) -> dict[str, Any]:
    """crib's first line to a program."""
    return {"type": "crib", "protocol": PROTOCOL, "name": "crib", "version": version}


def rules_message(rules: GameRules) -> dict[str, Any]:
    """The rules of a game, as the ``game`` message carries them."""
    return {"players": rules.players, "variant": rules.variant, "target": rules.target, "muggins": rules.muggins}


def game_message(rules: GameRules, seat: int, names: Sequence[str], seed: str) -> dict[str, Any]:
    """A new game: its rules, the program's seat, every seat's name, the seed for the seat's own chance."""
    return {"type": "game", "rules": rules_message(rules), "seat": seat, "names": list(names), "seed": seed}


def decision_message(view: View) -> dict[str, Any]:
    """What the seat sees when it must decide: a ``discard`` before the starter, else a ``play``."""
    message: dict[str, Any] = {"type": "discard" if view.play is None else "play", "seat": view.seat,
                               "dealer": view.dealer, "scores": list(view.scores), "hand": _codes(view.hand)}
    if view.play is not None:
        assert view.starter is not None
        message.update(
            kept=_codes(view.kept), thrown=_codes(view.thrown), starter=str(view.starter),
            plays=[[turn.seat, "go" if turn.card is None else str(turn.card)] for turn in view.play.turns],
            count=view.count, pile=_codes(view.pile),
        )
    return message


def event_message(event: Event) -> dict[str, Any] | None:
    """The news of a table event every seat sees, or None for one a program is not told (the deal itself,
    the throws, which stay hidden, and the start and end of a deal, which the decisions show)."""
    if isinstance(event, StarterTurned):
        return {"type": "starter", "card": str(event.starter), "heels": event.heels, "scores": list(event.scores)}
    if isinstance(event, Laid):
        return {"type": "laid", "seat": event.seat, "card": str(event.card), "count": event.count,
                "points": event.points, "scores": list(event.scores)}
    if isinstance(event, Go):
        return {"type": "gone", "seat": event.seat, "count": event.count}
    if isinstance(event, GoPoint):
        return {"type": "go_point", "seat": event.seat, "scores": list(event.scores)}
    if isinstance(event, ShowCounted):
        show = event.show
        return {"type": "show", "seat": event.seat, "kind": event.kind, "cards": _codes(show.hand),
                "starter": str(show.starter), "points": event.claimed, "scores": list(event.scores)}
    if isinstance(event, GameEnded):
        record = event.record
        return {"type": "end", "winner": record.winner, "scores": list(record.scores),
                "game_points": record.game_points}
    return None


def answer_of(message: Mapping[str, Any]) -> tuple[Card, ...] | Card | None:
    """What an answer (already read) means to the engine: the thrown cards, the card laid, or None for a go.

    Whether it is legal is the engine's to judge, as for any player.
    """
    if message["type"] == "throw":
        return tuple(parse_card(code) for code in message["cards"])
    if message["type"] == "lay":
        return parse_card(message["card"])
    return None


def check_hello(message: Mapping[str, Any], rules: GameRules) -> str:
    """Why a program that greeted with ``message`` cannot play a game of ``rules`` (empty when it can)."""
    if message["protocol"] != PROTOCOL:
        return f"speaks protocol {message['protocol']}, not {PROTOCOL}"
    if rules.variant not in message["variants"]:
        return f"does not play {rules.variant}-card cribbage (it plays {', '.join(message['variants']) or 'none'})"
    if rules.players not in message["players"]:
        return f"does not play with {rules.players} players"
    return ""


# --- the program's side: a decision back into a View, answers out ------------------------------


def hello(name: str, version: str, variants: Sequence[str] = VARIANTS,
          players: Sequence[int] = PLAYER_COUNTS) -> dict[str, Any]:
    """A program's greeting: its name and version, the variants and the numbers of players it plays."""
    return {"type": "hello", "protocol": PROTOCOL, "name": name, "version": version, "variants": list(variants),
            "players": list(players)}


def rules_of(message: Mapping[str, Any]) -> GameRules:
    """The rules a ``game`` message gives; :class:`ProtocolError` for rules there are not."""
    rules = message["rules"]
    try:
        return GameRules(rules["players"], rules["target"], rules["muggins"], rules["variant"])
    except RulesError as error:
        raise ProtocolError(f"game: {error}") from None


def view_of(message: Mapping[str, Any], rules: GameRules) -> View:
    """The :class:`View` a decision message describes, its play rebuilt from the plays so far.

    :class:`ProtocolError` when the plays cannot have happened.
    """
    seat, dealer = message["seat"], message["dealer"]
    scores, hand = tuple(message["scores"]), _cards(message["hand"])
    if message["type"] == "discard":
        return View(rules, seat, dealer, scores, hand)
    play = Play(rules, (dealer + 1) % rules.players)
    try:
        for turn_seat, code in message["plays"]:
            if play.turn != turn_seat:
                raise ProtocolError(f"play: the plays are not in turn (seat {turn_seat} where seat {play.turn} was to move)")
            if code == "go":
                play.say_go()
            else:
                play.lay(parse_card(code))
    except PegError as error:
        raise ProtocolError(f"play: the plays cannot be: {error}") from None
    return View(rules, seat, dealer, scores, hand, _cards(message["kept"]), _cards(message["thrown"]),
                parse_card(message["starter"]), play)


def throw_message(cards: Sequence[Card], analysis: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The answer to a ``discard``: the cards thrown, with the ranked options beside it if given."""
    message: dict[str, Any] = {"type": "throw", "cards": _codes(cards)}
    if analysis is not None:
        message["analysis"] = list(analysis)
    return message


def lay_message(card: Card | None, analysis: Sequence[Mapping[str, Any]] | None = None) -> dict[str, Any]:
    """The answer to a ``play``: the card laid, or a go (``card`` None)."""
    if card is None:
        return {"type": "go"}
    message: dict[str, Any] = {"type": "lay", "card": str(card)}
    if analysis is not None:
        message["analysis"] = list(analysis)
    return message


def _codes(cards: Sequence[Card]) -> list[str]:
    return [str(card) for card in cards]


def _cards(codes: Sequence[str]) -> tuple[Card, ...]:
    return tuple(parse_card(code) for code in codes)
