"""Built-in players and finding players by name or module:factory."""

from __future__ import annotations

import random
import sys
from itertools import combinations
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from positions import play_view
from reference import value

from crib_cli.cards import DECK, Card, parse_cards
from crib_cli.game.engine import play_game
from crib_cli.game.players import IllegalMove, View
from crib_cli.game.strategies import (
    BUILT_IN,
    GreedyPlayer,
    PlayerSpecError,
    RandomPlayer,
    kept_points,
    load_player_factory,
    player_factory,
)
from crib_cli.rules import GameRules


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def naive_kept(four: tuple[Card, ...]) -> int:
    """Four (or three) cards without a starter, by the rule book: every subset to 15, every pair, longest runs, a flush."""
    fifteens = 2 * sum(1 for k in range(2, 5) for s in combinations(four, k) if sum(value(c) for c in s) == 15)
    pairs = 2 * sum(1 for a, b in combinations(four, 2) if a.rank == b.rank)
    runs = 0
    for k in (4, 3):
        found = [s for s in combinations(four, k) if len({c.rank for c in s}) == k and max(c.rank for c in s) - min(c.rank for c in s) == k - 1]
        if found:
            runs = k * len(found)
            break
    flush = len(four) if len({c.suit for c in four}) == 1 else 0
    return fifteens + pairs + runs + flush


@given(st.lists(st.sampled_from(DECK), min_size=3, max_size=4, unique=True))
def test_kept_points_match_the_naive_count(four: list[Card]) -> None:
    assert kept_points(tuple(four)) == naive_kept(tuple(four))


def view(hand: str, *, dealer: int = 0, players: int = 2, variant: str = "six") -> View:
    """Seat 0's view of a deal, to throw from."""
    return View(GameRules(players, variant=variant), 0, dealer, (0,) * players, cards(hand))


def in_play(hand: str, pile: str) -> View:
    """Seat 0 to move, two players, holding ``hand``, after the cards ``pile`` of the first series."""
    laid = cards(pile)
    leader = len(laid) % 2
    return play_view(GameRules(), 0, 1 - leader, cards(hand), laid)


# dealt cards, seat 0 as dealer or pone -> the throw
GREEDY_DISCARDS = {
    "keep the 29 hand's cards": ("5H 5S 5D JC 2S 9H", 0, "2S 9H"),
    "a pair and a fifteen kept": ("KS KH 7C 8D 2H 3D", 1, "7C 8D"),
    "a four-card flush run": ("AS 2S 3S 4S 9H TD", 1, "9H TD"),
    "tie, dealer: throw the pair to his own crib": ("AD 5C KH AH 5H 8D", 0, "AH AD"),
    "tie, pone: keep the pair out of the dealer's crib": ("AD 5C KH AH 5H 8D", 1, "AH 8D"),
    "tie, dealer: queens to the crib": ("TD QD 7S QH 7C 7H", 0, "QH QD"),
    "tie, pone: ten and queen, no pair": ("TD QD 7S QH 7C 7H", 1, "TD QH"),
    "nothing scores: the lowest cards go": ("2C 4D 6H 8S TC QH", 1, "2C 4D"),
}


@pytest.mark.parametrize(("hand", "dealer", "throw"), GREEDY_DISCARDS.values(), ids=list(GREEDY_DISCARDS))
def test_greedy_discard(hand: str, dealer: int, throw: str) -> None:
    assert set(GreedyPlayer().discard(view(hand, dealer=dealer))) == set(cards(throw))


# Five-card cribbage: keep three, throw two.
GREEDY_FIVE_CARD = {
    "keep three fives": ("5H 5S 5D 2C 9H", 1, "2C 9H"),
    "a flush of three beats a pair": ("2S 6S TS KH KD", 1, "KH KD"),
    "tie: the lower cards go": ("5H TD KC 5D 2S", 1, "2S TD"),
}


@pytest.mark.parametrize(("hand", "dealer", "throw"), GREEDY_FIVE_CARD.values(), ids=list(GREEDY_FIVE_CARD))
def test_greedy_five_card_discard(hand: str, dealer: int, throw: str) -> None:
    assert set(GreedyPlayer().discard(view(hand, dealer=dealer, variant="five"))) == set(cards(throw))


# pile so far, hand -> the card greedy lays
GREEDY_PLAYS = {
    "fifteen or pair tie: the higher rank": ("5S", "TH 5D 3C", "TH"),
    "two runs of three tie: the higher rank": ("7S 8H", "6C 9D KH", "9D"),
    "pair royal": ("KS KH", "KD 2C", "KD"),
    "run of 3 beats 31": ("TS 5S 6C", "TH 4D", "4D"),
    "31 beats nothing": ("TS 5S 6C", "TH 2D", "TH"),
    "nothing scores: the highest rank": ("", "5H 4S 4D", "5H"),
    "same rank: the first suit": ("", "4D 4S", "4S"),
    "nothing fits: go": ("KS KH 9C", "5H 3D", ""),
}


@pytest.mark.parametrize(("pile", "hand", "card"), GREEDY_PLAYS.values(), ids=list(GREEDY_PLAYS))
def test_greedy_play(pile: str, hand: str, card: str) -> None:
    expected = cards(card)[0] if card else None
    assert GreedyPlayer().play(in_play(hand, pile)) == expected


def test_random_player_is_legal_and_seeded() -> None:
    v = view("KS KH 5C 2D 9H 8S")
    throws = {RandomPlayer(random.Random(seed)).discard(v) for seed in range(40)}
    assert len(throws) > 5 and all(len(t) == 2 and set(t) <= set(v.hand) for t in throws)
    assert RandomPlayer(random.Random(1)).discard(v) == RandomPlayer(random.Random(1)).discard(v)
    late = in_play("KS 5C 2D", "TH TD 9C")
    assert {RandomPlayer(random.Random(seed)).play(late) for seed in range(20)} == {cards("2D")[0]}
    assert RandomPlayer(random.Random(1)).play(in_play("KS 5C", "TH TD 9C")) is None


def test_built_in_players() -> None:
    assert set(BUILT_IN) == {"random", "greedy", "expert", "expert-points", "expert-basic"}
    for name in BUILT_IN:
        player = player_factory(name)(random.Random(1))
        assert callable(player.discard) and callable(player.play)
    record = play_game([player_factory("greedy")(random.Random(1)), player_factory("random")(random.Random(2))], GameRules(), random.Random(3))
    assert record.scores[record.winner] >= 121


# --- module:factory players ------------------------------------------------------------

PLUGIN = """
from crib_cli.game.strategies import GreedyPlayer

NUMBER = 3

class Cheat(GreedyPlayer):
    def play(self, view):
        return view.thrown[0]

def make():
    return GreedyPlayer()

def cheat():
    return Cheat()

def nothing():
    return object()

def broken():
    raise RuntimeError("boom")

class Holder:
    make = staticmethod(make)
"""


@pytest.fixture
def plugins(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Modules in a fresh directory on sys.path: a good one, a broken one, one with a missing import."""
    (tmp_path / "plug_good.py").write_text(PLUGIN)
    (tmp_path / "plug_syntax.py").write_text("def make(:\n")
    (tmp_path / "plug_needs.py").write_text("import plug_not_installed\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in ("plug_good", "plug_syntax", "plug_needs"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return tmp_path


def test_a_plug_in_player_plays_a_game(plugins: Path) -> None:
    factory = load_player_factory("plug_good:make")
    assert isinstance(factory(), GreedyPlayer)
    assert isinstance(load_player_factory("plug_good:Holder.make")(), GreedyPlayer)
    player = player_factory("plug_good:make")(random.Random(1))
    record = play_game([player, RandomPlayer(random.Random(2))], GameRules(), random.Random(3))
    assert record.deals


def test_a_plug_in_that_cheats_is_named(plugins: Path) -> None:
    cheat = player_factory("plug_good:cheat")(random.Random(1))
    with pytest.raises(IllegalMove, match=r"^seat 0 \(plug_good:cheat\) played .., which is not in its hand"):
        play_game([cheat, GreedyPlayer()], GameRules(), random.Random(3), names=["plug_good:cheat", "greedy"])


def test_a_module_in_the_working_directory_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "plug_here.py").write_text(PLUGIN)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(tmp_path))])
    monkeypatch.delitem(sys.modules, "plug_here", raising=False)
    assert isinstance(load_player_factory("plug_here:make")(), GreedyPlayer)


BAD_SPECS = {
    "unknown name": ("greedyy", "'greedyy' is not a player: use one of random, greedy, expert, expert-points, expert-basic, module:factory for your own, or exec:COMMAND for a program"),
    "no module": (":make", "':make' is not a player spec: write module:factory"),
    "no factory": ("plug_good:", "'plug_good:' is not a player spec: write module:factory"),
    "module not found": ("plug_absent:make", "'plug_absent:make': no module named 'plug_absent' in the working directory or on sys.path"),
    "attribute missing": ("plug_good:absent", "'plug_good:absent': module plug_good has no attribute 'absent'"),
    "not callable": ("plug_good:NUMBER", "'plug_good:NUMBER': NUMBER is not callable (int), so it cannot make a player"),
    "makes no player": ("plug_good:nothing", "'plug_good:nothing': nothing() returned an object of type object, which has no discard or play method"),
    "factory fails": ("plug_good:broken", "'plug_good:broken': calling broken() failed: RuntimeError: boom"),
    "syntax error": ("plug_syntax:make", "'plug_syntax:make': importing plug_syntax failed: SyntaxError: "),
    "missing import": ("plug_needs:make", "'plug_needs:make': importing plug_needs failed: No module named 'plug_not_installed'"),
}


@pytest.mark.parametrize(("spec", "message"), BAD_SPECS.values(), ids=list(BAD_SPECS))
def test_bad_specs_fail_in_one_line(plugins: Path, spec: str, message: str) -> None:
    with pytest.raises(PlayerSpecError) as caught:
        player_factory(spec)
    assert str(caught.value).startswith(message)
    assert "\n" not in str(caught.value)
    assert isinstance(caught.value, ValueError)

