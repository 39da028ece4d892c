"""The notation read and written: simulated games read back the same, and each bad line is one message."""

from __future__ import annotations

import importlib.util
import random
from pathlib import Path

import pytest

from crib_cli.game.notation import NotationError, read_game, read_games, write_game
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


PREFIX = "deal 1 (line 5): "
BAD = [
    ("card twice", DEAL_1.replace("2h |", "Kh |"), "'Kh': KH is written twice"),
    ("past 31", DEAL_1.replace("7H 4c", "7H 6d 4c").replace("3C 6d 3H", "3C 3H"), "'6d': the count would be 32, past 31"),
    ("out of turn", DEAL_1.replace("Kh AD", "AD Kh"), "'AD': B leads the play, but AD is A's card"),
    ("too short", DEAL_1.replace(" 3H |", " |"), "'2h': A's cards are 5 (laid, held and thrown), but 6"),
    ("play stops", DEAL_1.replace("6d 3H |", "* 6d 3H |"), "'*': a line too short: cards are held"),
    ("fields", DEAL_1.replace("| 4 5<1 5<1 =11-7", ""), "'1. AC | Kh AD 8h 7H 4c 3C 6d 3H | TD ...': 3 fields"),
    ("claim over", DEAL_1.replace("| 4 5<1", "| 7 5<1"), "'7': the score disagrees with the cards: that show counts 4"),
    ("claim missing", DEAL_1.replace(" 5<1 =", " ="), "'4 5<1 =11-7': a line too short: A's crib is counted"),
    ("claim extra", DEAL_1.replace(" =11-7", " 3 =11-7"), "'3': the score field is up to three claims"),
    ("scores", DEAL_1.replace("=11-7", "=11-8"), "'=11-8': the score disagrees with the cards: the deal ends at 11-7"),
    ("muggins mark", DEAL_1.replace("5<1 =", "5<2 ="), ("'5<2': the mark makes no sense: the show counts 6, so the "
     "opponent took 1")),
    ("violation mark", DEAL_1.replace("8h", "8h vR2"), "'vR2': the mark makes no sense: write >p, #p, or a violation"),
    ("mark first", DEAL_1.replace("Kh AD", ">2 Kh AD"), "'>2': the mark makes no sense"),
    ("mark of nothing", DEAL_1.replace("8h", "8h #0"), "'#0': the mark makes no sense: a mark is of 1 point or more"),
    ("play muggins", DEAL_1.replace("8h", "8h <2"), "'<2': the mark makes no sense: the play is pegged"),
    ("symbol suit", DEAL_1.replace("AC |", "A♣ |").replace("TD 5C", "TD 5♣"), "'5♣': write the suit as a letter"),
    ("not a card", DEAL_1.replace("8h", "8x"), "'8x' is not a card"),
    ("board", DEAL_1.replace("=11-7", "=11"), "'=11': the board after the deal is written =a-b"),
]


@pytest.mark.parametrize(("line", "message"), [(line, message) for _, line, message in BAD], ids=[b[0] for b in BAD])
def test_a_bad_deal_is_one_line_and_the_others_are_kept(line: str, message: str) -> None:
    game, errors = read_game(HEADER + line + "\n" + DEAL_2 + "\n")
    assert len(errors) == 1 and errors[0].startswith(PREFIX + message), errors
    assert game is not None and len(game.record.deals) == 1 and game.record.deals[0].dealer == 1
    assert game.starts == ((11, 7),) and game.record.scores == (18, 17)  # the board from deal 2's own scores


def test_after_a_bad_line_without_scores_its_written_board_is_kept() -> None:
    game, errors = read_game(HEADER + DEAL_1.replace("8h", "8x") + "\n" + DEAL_2.replace(" =18-17", "") + "\n")
    assert len(errors) == 1 and game is not None and game.starts == ((11, 7),)


def test_no_muggins_claims_the_count() -> None:
    _, errors = read_game(HEADER.replace("yes", "no") + DEAL_1 + "\n")
    assert errors == (PREFIX + "'5<1': the mark makes no sense: muggins is not played in this game",)
    _, errors = read_game(HEADER.replace("yes", "no") + DEAL_1.replace("5<1", "5") + "\n")
    assert errors == (PREFIX + "'5': the score disagrees with the cards: that show counts 6 (no muggins: a show is "
                      "claimed at its count)",)


MARKED = [
    ("violation by A", "8h R2", (11, 9), ("violation", 0, 2, "8H", 1)),
    ("violation by B", "8h r1", (12, 7), ("violation", 1, 1, "8H", 0)),
    ("penalty", "8h >2", (13, 7), ("penalty", 1, 2, "8H", 0)),
    ("not noticed", "8h #1", (11, 8), ("unnoticed", 1, 1, "8H", 1)),
]


@pytest.mark.parametrize(("tokens", "board", "mark"), [m[1:] for m in MARKED], ids=[m[0] for m in MARKED])
def test_a_mark_of_the_play_moves_the_board_after_the_deal(tokens: str, board: tuple[int, int],
                                                            mark: tuple[object, ...]) -> None:
    line = DEAL_1.replace("8h", tokens).replace("=11-7", f"={board[0]}-{board[1]}")
    game, errors = read_game(HEADER + line + "\n" + DEAL_2.replace(" =18-17", "") + "\n")
    assert errors == () and game is not None
    found = [(m.kind, m.seat, m.points, m.where, m.gainer) for m in game.marks if m.kind != "muggins"]
    assert found == [mark] and game.starts == ((0, 0), board)
    assert game.record.deals[0].scores == (11, 7)  # the engine's points; the mark is on the board


def test_a_violation_may_close_the_score_field() -> None:
    game, errors = read_game(HEADER + DEAL_1.replace("=11-7", "r2 =13-7") + "\n")
    assert errors == () and game is not None and game.record.scores == (13, 7)
    assert [(m.kind, m.seat, m.where) for m in game.marks if m.kind == "violation"] == [("violation", 1, "")]


def test_a_file_holds_games_one_after_another() -> None:
    text = HEADER + DEAL_1 + "\n\n" + '[Game "7"]\n' + HEADER.replace("Ann", "Cy") + DEAL_1 + "\n"
    games = list(read_games(text.splitlines()))
    assert [(game.number, game.names[0], errors) for game, errors in games if game is not None] == [
        (0, "Ann", ()), (7, "Cy", ())]


def test_a_name_with_quotes_reads_back() -> None:
    record = read_game(HEADER + DEAL_1 + "\n")[0]
    assert record is not None
    text = write_game(record.record, ('Ann "the nut" O\\Neill', "Bob"))
    game, errors = read_game(text)
    assert errors == () and game is not None and game.names[0] == 'Ann "the nut" O\\Neill'


@pytest.mark.parametrize(("header", "message"), [
    ('[PlayerA "Ann"]\n', "the header says who dealt first"),
    ('[Dealer "A"]\n[Muggins "often"]\n', "[Muggins 'often']: yes or no"),
    ('[Dealer "A"]\n[Variant "seven"]\n', "the header: unknown variant 'seven'"),
    ('[Dealer "A"]\n[Start "130-2"]\n', "[Start '130-2']: the scores as a-b, each below 121"),
])
def test_a_bad_header_is_one_line(header: str, message: str) -> None:
    game, errors = read_game(header + DEAL_1 + "\n")
    assert game is None and errors == (errors[0],) and errors[0].startswith(message)


def test_after_the_game_no_deal() -> None:
    game, errors = read_game('[Dealer "A"]\n[Target "5"]\n' + DEAL_1.replace(" 5<1 5<1 =11-7", "") + "\n" + DEAL_2 + "\n")
    assert game is not None and max(game.record.scores) >= 5
    assert errors and errors[-1].startswith("deal 2 (line 4): '2. TD") and "the game was over, 1-5" in errors[-1]


def test_the_game_won_in_the_play_holds_the_rest() -> None:
    start = '[Dealer "A"]\n[Start "110-120"]\n'
    game, errors = read_game(start + DEAL_1.replace("4c 3C", "4c * 3C").replace(" 4 5<1 5<1 =11-7", " =110-121") + "\n")
    assert errors == () and game is not None and game.record.winner == 1 and game.record.game_points == 1
    _, errors = read_game(start + DEAL_1.replace(" 4 5<1 5<1 =11-7", " =110-121") + "\n")
    assert errors == (("deal 1 (line 3): '3C': the game was won at 110-121 before this card; write the cards after it "
                      "held, after '*'"),)


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


def test_the_examples_of_the_notation_page_read() -> None:
    """Every ```pgn block of docs/notation.md reads without a bad line; the first is tests/data/club.pgn."""
    root = Path(__file__).parent.parent
    page = (root / "docs" / "notation.md").read_text(encoding="utf-8")
    blocks = [block.split("```", 1)[0] for block in page.split("```pgn\n")[1:]]
    assert len(blocks) == 2 and blocks[0] == (root / "tests" / "data" / "club.pgn").read_text(encoding="utf-8")
    games = [read_game(block) for block in blocks]
    assert [errors for _, errors in games] == [(), ()]
    assert [game.record.scores for game, _ in games if game is not None] == [(121, 99), (13, 8)]


def test_a_score_field_of_a_question_mark_takes_each_show_at_its_count() -> None:
    game, errors = read_game(HEADER + DEAL_1.replace("4 5<1 5<1 =11-7", "?") + "\n")
    assert errors == () and game is not None
    assert [(show.points, show.claimed) for show in game.record.deals[0].shows] == [(4, 4), (6, 6), (6, 6)]
    assert game.record.scores == (13, 5) and game.marks == ()


def test_a_header_value_may_hold_a_semicolon_and_a_comment_may_follow() -> None:
    game, errors = read_game('[Event "club; final"] ; the last night\n' + HEADER + DEAL_1 + "\n")
    assert errors == () and game is not None and game.tags[0] == ("Event", "club; final")
    _, errors = read_game('[Event "club" x]\n' + HEADER + DEAL_1 + "\n")
    assert errors == ("line 1: '[Event \"club\" x]': a header line is [Name \"value\"] (a ; after it, a comment)",)


def test_five_card_cribbage_opens_with_three_for_last_to_the_pone() -> None:
    header = '[Variant "five"]\n[Dealer "A"]\n'
    game, errors = read_game(header + "1. 5S | kh KS qh * 8S 7D 9d | AH 4H 2c 3c | 4 4 7 =13-8\n")
    assert errors == () and game is not None and game.starts == ((0, 3),)
    game, errors = read_game(header + '[Start "20-30"]\n1. 5S | kh KS qh * 8S 7D 9d | AH 4H 2c 3c | 4 4 7\n')
    assert errors == () and game is not None and game.starts == ((20, 30),) and game.record.scores == (33, 35)
