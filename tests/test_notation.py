"""The notation read and written: simulated games read back the same, and each bad line is one message."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from crib_cli.game.notation import NotationError, read_game, write_game
from crib_cli.game.record import GameRecord
from crib_cli.rules import GameRules

HEADER = '[PlayerA "Ann"]\n[PlayerB "Bob"]\n[Muggins "yes"]\n[Dealer "A"]\n'
DEAL_1 = "1. AC | Kh AD 8h 7H 4c 3C 6d 3H | TD 5C 5d 2h | 4 5<1 5<1 =11-7"
DEAL_2 = "2. TD | TC 6s JS 2s 3D As 3H 9h | 3S AH 2d 4h | 3<1 0<2 8 =18-17"


def _script() -> object:
    path = Path(__file__).parent.parent / "scripts" / "notation_roundtrip.py"
    spec = importlib.util.spec_from_file_location("notation_roundtrip", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("variant", ["six", "five"])
def test_simulated_games_read_back_the_same(variant: str) -> None:
    script = _script()
    games, same, deals = script.round_trips(variant, 8, 1)  # type: ignore[attr-defined]
    assert (games, same) == (8, 8) and deals > 8


def test_a_good_game_reads_without_errors() -> None:
    game, errors = read_game(HEADER + DEAL_1 + "\n" + DEAL_2 + "\n")
    assert errors == () and game is not None
    record = game.record
    assert [deal.dealer for deal in record.deals] == [0, 1]
    assert record.deals[1].scores == (18, 17) and game.names == ("Ann", "Bob")
    assert [(m.deal, m.seat, m.points, m.where) for m in game.marks] == [
        (0, 0, 1, "hand"), (0, 0, 1, "crib"), (1, 0, 1, "hand"), (1, 1, 2, "hand")]


BAD = [
    ("card twice", DEAL_1.replace("2h |", "Kh |"), "deal 1: 'Kh': KH is written twice"),
    ("past 31", DEAL_1.replace("7H 4c", "7H 6d 4c").replace("3C 6d 3H", "3C 3H"),
     "deal 1: '6d': the count would be 32, past 31"),
    ("out of turn", DEAL_1.replace("Kh AD", "AD Kh"), "deal 1: 'AD': B leads the play, but AD is A's card"),
    ("too short", DEAL_1.replace(" 3H |", " |"), "deal 1: '2h': A's cards are 5 (laid, held and thrown), but 6"),
    ("play stops", DEAL_1.replace("6d 3H |", "* 6d 3H |"), "deal 1: '*': a line too short: cards are held"),
    ("fields", DEAL_1.replace("| 4 5<1 5<1 =11-7", ""), "deal 1: '1. AC | Kh AD 8h 7H 4c 3C 6d 3H | TD ...': 3 fields"),
    ("claim over", DEAL_1.replace("| 4 5<1", "| 7 5<1"), "deal 1: '7': the score disagrees with the cards: that show counts 4"),
    ("scores", DEAL_1.replace("=11-7", "=11-8"), "deal 1: '=11-8': the score disagrees with the cards: the deal ends at 11-7"),
    ("muggins mark", DEAL_1.replace("5<1 =", "5<2 ="), "deal 1: '5<2': the mark makes no sense: the opponent took 1"),
    ("violation mark", DEAL_1.replace("8h", "8h vX2"), "deal 1: 'vX2': the mark makes no sense"),
    ("mark first", DEAL_1.replace("Kh AD", ">2 Kh AD"), "deal 1: '>2': the mark makes no sense"),
    ("play muggins", DEAL_1.replace("8h", "8h <2"), "deal 1: '<2': the mark makes no sense: the play is pegged"),
    ("symbol suit", DEAL_1.replace("AC |", "A♣ |").replace("TD 5C", "TD 5♣"), "deal 1: '5♣': write the suit as a letter"),
]


@pytest.mark.parametrize(("line", "message"), [(line, message) for _, line, message in BAD], ids=[b[0] for b in BAD])
def test_a_bad_deal_is_one_line_and_the_others_are_kept(line: str, message: str) -> None:
    game, errors = read_game(HEADER + line + "\n" + DEAL_2.replace(" =18-17", "") + "\n")
    assert len(errors) == 1 and errors[0].startswith(message), errors
    assert game is not None and len(game.record.deals) == 1 and game.record.deals[0].dealer == 1


def test_no_muggins_claims_the_count() -> None:
    _, errors = read_game(HEADER.replace("yes", "no") + DEAL_1 + "\n")
    assert errors == ("deal 1: '5<1': the mark makes no sense: muggins is not played in this game",)


@pytest.mark.parametrize(("header", "message"), [
    ('[PlayerA "Ann"]\n', "the header says who dealt first"),
    ('[Dealer "A"]\n[Muggins "often"]\n', "[Muggins 'often']: yes or no"),
    ('[Dealer "A"]\n[Variant "seven"]\n', "the header: unknown variant 'seven'"),
])
def test_a_bad_header_is_one_line(header: str, message: str) -> None:
    game, errors = read_game(header + DEAL_1 + "\n")
    assert game is None and errors == (errors[0],) and errors[0].startswith(message)


def test_after_the_game_no_deal() -> None:
    game, errors = read_game('[Dealer "A"]\n[Target "5"]\n' + DEAL_1.replace(" 5<1 5<1 =11-7", "") + "\n" + DEAL_2 + "\n")
    assert game is not None and max(game.record.scores) >= 5
    assert errors and errors[-1].startswith("deal 2: '2. TD")


def test_three_players_are_not_written() -> None:
    record = GameRecord(GameRules(players=3), (), 0, (), 0, (121, 0, 0), 1)
    with pytest.raises(NotationError, match="two players"):
        write_game(record, ("a", "b", "c"))


def test_written_game_opens_with_the_tags() -> None:
    from crib_cli.game.analyst import EXPERT
    from crib_cli.game.engine import play_game
    record = play_game([EXPERT, EXPERT], GameRules(target=31), random.Random(2), first_dealer=1)
    text = write_game(record, ("Ann", "Bob"), [("Event", "club night")])
    assert text.startswith('[Event "club night"]\n[PlayerA "Ann"]') and '[Dealer "B"]' in text
