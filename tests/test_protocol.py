"""The engine protocol: every example of docs/protocol.md read and checked, messages checked field by
field, and every view of real games sent and read back as it was."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from crib_cli.cards import Card, parse_card, parse_cards
from crib_cli.game import GameRules, View, play_game
from crib_cli.game.players import Player
from crib_cli.game.protocol import (
    ANSWERS,
    CRIB,
    MESSAGES,
    PROGRAM,
    ProtocolError,
    answer_of,
    check_hello,
    decision_message,
    hello,
    lay_message,
    read_message,
    rules_of,
    throw_message,
    view_of,
    write_message,
)
from crib_cli.game.strategies import BUILT_IN

PAGE = Path(__file__).resolve().parent.parent / "docs" / "protocol.md"


def page_examples() -> list[dict[str, Any]]:
    """Every line of every ```json block of the protocol page, as JSON."""
    found, inside = [], False
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            inside = line == "```json"
        elif inside and line.strip():
            found.append(json.loads(line))
    return found


EXAMPLES = page_examples()


def test_every_message_has_an_example() -> None:
    assert {example["type"] for example in EXAMPLES} == set(MESSAGES)


@pytest.mark.parametrize("example", EXAMPLES, ids=[f"{at}: {e['type']}" for at, e in enumerate(EXAMPLES)])
def test_each_example_is_a_message_of_its_kind(example: dict[str, Any]) -> None:
    message = read_message(json.dumps(example), [example["type"]])
    kind = message["type"]
    _, required, optional = MESSAGES[kind]
    assert set(message) - {"type"} <= {*required, *optional}, "the page shows a field the protocol does not have"
    if kind == "game":
        rules = rules_of(message)
        assert 0 <= message["seat"] < rules.players == len(message["names"])
    if kind in ANSWERS:  # a decision the rules allow: it reads back as a view
        view = view_of(message, GameRules(target=61))
        assert len(view.hand) == len(set(view.hand))
        if kind == "play":
            assert view.count == message["count"] and [str(card) for card in view.pile] == message["pile"]
    if MESSAGES[kind][0] == PROGRAM and kind != "hello":
        answer_of(message)
    if kind == "hello":
        assert check_hello(message, GameRules()) == ""


BAD = [
    ("not JSON", "thinking...", ["lay", "go"], "not a JSON line"),
    ("a list", "[1, 2]", ["lay", "go"], "a JSON list, not an object"),
    ("no type", '{"card": "5H"}', ["lay", "go"], "a message of type None where 'lay' or 'go' was due"),
    ("wrong type", '{"type": "throw", "cards": []}', ["lay", "go"], "a message of type 'throw' where"),
    ("missing field", '{"type": "lay"}', ["lay"], "a lay message needs the field 'card'"),
    ("not a card", '{"type": "lay", "card": "ZZ"}', ["lay"], "lay: 'card' must be a card: 'ZZ' is not a card"),
    ("a number for a card", '{"type": "lay", "card": 5}', ["lay"], "lay: 'card' must be a card, such as 5H or TS"),
    ("cards not a list", '{"type": "throw", "cards": "5H 6H"}', ["throw"], "throw: 'cards' must be a list of cards"),
    ("bad analysis", '{"type": "throw", "cards": ["5H"], "analysis": [{"cards": ["5H"]}]}', ["throw"],
     "throw: 'analysis' must be a list of options"),
    ("chance past 1", '{"type": "lay", "card": "5H", "analysis": [{"card": "5H", "points": 1, "chance": 2}]}', ["lay"],
     "lay: 'analysis' must be a list of options"),
    ("a bool for a number", '{"type": "gone", "seat": true, "count": 3}', ["gone"], "gone: 'seat' must be a whole number"),
    ("bad plays", ('{"type": "play", "seat": 1, "dealer": 0, "scores": [0, 0], "hand": [], "kept": [], "thrown": [],'
     ' "starter": "5H", "plays": [[0]], "count": 0, "pile": []}'), ["play"], "play: 'plays' must be a list of"),
    ("bad rules", '{"type": "game", "rules": {"players": 2}, "seat": 0, "names": [], "seed": "1"}', ["game"],
     "game: 'rules' needs 'variant', a string"),
]


@pytest.mark.parametrize(("line", "expected", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_lines_say_what_is_wrong(line: str, expected: list[str], message: str) -> None:
    with pytest.raises(ProtocolError) as caught:
        read_message(line, expected)
    assert str(caught.value).startswith(message)


def test_unknown_fields_are_ignored() -> None:
    assert read_message('{"type": "go", "why": "nothing fits"}', ["go"]) == {"type": "go", "why": "nothing fits"}


def test_greetings_are_checked_against_the_game() -> None:
    greeted = hello("bot", "1", ["six"], [2])
    assert check_hello(greeted, GameRules()) == ""
    assert check_hello(greeted, GameRules(variant="five")) == "does not play five-card cribbage (it plays six)"
    assert check_hello(greeted, GameRules(players=3)) == "does not play with 3 players"
    assert check_hello({**greeted, "protocol": 2}, GameRules()) == "speaks protocol 2, not 1"


def test_plays_out_of_turn_or_past_31_cannot_be() -> None:
    base = {"type": "play", "seat": 0, "dealer": 1, "scores": [0, 0], "hand": ["5H"], "kept": [], "thrown": [],
            "starter": "2C", "count": 0, "pile": []}
    with pytest.raises(ProtocolError, match="not in turn"):
        view_of({**base, "plays": [[1, "KS"]]}, GameRules())
    with pytest.raises(ProtocolError, match="the plays cannot be"):
        view_of({**base, "plays": [[0, "KS"], [1, "KH"], [0, "KD"], [1, "KC"]]}, GameRules())


def test_answers_write_and_read_back() -> None:
    cards = parse_cards("5H JS")
    assert answer_of(read_message(write_message(throw_message(cards)), ["throw"])) == cards
    assert answer_of(read_message(write_message(lay_message(parse_card("5H"))), ["lay"])) == parse_card("5H")
    assert answer_of(read_message(write_message(lay_message(None)), ["go"])) is None


class Recorder:
    """A built-in player that keeps every view it is shown."""

    def __init__(self, player: Player) -> None:
        self.player, self.views = player, []  # type: ignore[var-annotated]

    def discard(self, view: View) -> tuple[Card, ...]:
        self.views.append(view)
        return self.player.discard(view)

    def play(self, view: View) -> Card | None:
        self.views.append(view)
        return self.player.play(view)


def same_view(a: View, b: View) -> bool:
    """Two views alike in every field, their plays alike in every part a seat sees."""
    fields = ("rules", "seat", "dealer", "scores", "hand", "kept", "thrown", "starter", "count", "pile", "laid", "gone",
              "left", "fits")
    if any(getattr(a, name) != getattr(b, name) for name in fields):
        return False
    if (a.play is None) != (b.play is None):
        return False
    return a.play is None or b.play is None or (
        a.play.turns == b.play.turns and a.play.turn == b.play.turn and a.play.last == b.play.last
        and a.play.floors() == b.play.floors())


GAMES = [GameRules(), GameRules(target=61), GameRules(players=3), GameRules(players=4), GameRules(variant="five")]


@pytest.mark.parametrize("rules", GAMES, ids=lambda rules: f"{rules.players} players, {rules.variant}")
@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_every_view_of_a_game_crosses_the_wire_unchanged(rules: GameRules, seed: int) -> None:
    recorders = [Recorder(BUILT_IN["random"](random.Random(f"{seed}:{seat}"))) for seat in range(rules.players)]
    play_game(recorders, rules, random.Random(seed))
    views = [view for recorder in recorders for view in recorder.views]
    assert any(view.play is not None and view.pile for view in views)
    for view in views:
        line = write_message(decision_message(view))
        message = read_message(line, [json.loads(line)["type"]])
        assert MESSAGES[message["type"]][0] == CRIB
        assert same_view(view_of(message, rules), view), line
