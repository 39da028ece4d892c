"""The notation at the command line: crib review reads it, crib export and --log FILE.pgn write it, and every
bad deal is one line on stderr naming the deal and the token, the rest of the file reviewed."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from crib_cli.cli import cli
from crib_cli.game.notation import read_game

DATA = Path(__file__).parent / "data"
HEADER = '[Game "4"]\n[PlayerA "Ann"]\n[PlayerB "Bob"]\n[Muggins "yes"]\n[Dealer "A"]\n'
DEAL_1 = "1. AC | Kh AD 8h 7H 4c 3C 6d 3H | TD 5C 5d 2h | 4 5<1 5<1 =11-7"
DEAL_2 = "2. TD | TC 6s JS 2s 3D As 3H 9h | 3S AH 2d 4h | 3<1 0<2 8 =18-17"
DEAL_3 = "3. 9C | 8c 7D 7s 4C 5S 6c KD Qs | 2C JH 3d Th | 8 2 7 =31-28"


def run(*args: str, text: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=text)


def test_the_deal_lines_here_read() -> None:
    game, errors = read_game(HEADER + f'{DEAL_1}\n{DEAL_2}\n{DEAL_3}' + "\n")
    assert errors == () and game is not None and game.record.scores == (31, 28)


def test_review_reads_the_notation_by_what_the_file_holds(tmp_path: Path) -> None:
    game = tmp_path / "game.txt"  # not named .pgn: the content says what it is
    game.write_text("\n\n" + HEADER + f'{DEAL_1}\n{DEAL_2}\n{DEAL_3}' + "\n")
    result = run("review", str(game), "--top", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == f"game 4 of {game}, two players to 121: Ann 31, Bob 28; not finished"
    at = lines.index("marks of the game:")
    assert lines[at + 1:at + 5] == [
        "  deal 1: Ann missed 1 in counting the hand; Bob took it (muggins)",
        "  deal 1: Ann missed 1 in counting the crib; Bob took it (muggins)",
        "  deal 2: Ann missed 1 in counting the hand; Bob took it (muggins)",
        "  deal 2: Bob missed 2 in counting the hand; Ann took it (muggins)",
    ]
    assert "missed in counting (muggins): Ann 3, Bob 2" in lines
    data = json.loads(run("review", str(game), "--format", "json").stdout)
    assert len(data["decisions"]) >= 6 and data["decisions"][0]["kind"] == "throw"  # every throw priced
    assert [mark["to"] for mark in data["marks"]] == [1, 1, 1, 0]


def test_review_shows_the_marks_of_the_play(tmp_path: Path) -> None:
    game = tmp_path / "game.pgn"
    game.write_text(HEADER + DEAL_1.replace("8h", "8h >2").replace("=11-7", "=13-7") + "\n"
                    + DEAL_2.replace("9h", "9h #1").replace("=18-17", "r2 =22-18") + "\n")
    result = run("review", str(game), "--top", "0")
    assert result.exit_code == 0, result.output
    assert "  deal 1: Bob over-pegged after 8H; a penalty of 2 to Ann" in result.stdout
    assert "  deal 2: Bob over-pegged 1 after 9H, not noticed" in result.stdout
    assert "  deal 2: a rule violation by Bob; 2 to Ann" in result.stdout
    assert "Ann 22, Bob 18" in result.stdout.splitlines()[0]


def test_review_takes_the_notation_on_standard_input() -> None:
    result = run("review", "-", "--top", "0", text=HEADER + DEAL_1 + "\n")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("game 4 of -, two players to 121: Ann 11, Bob 7; not finished")


def test_review_picks_a_game_of_a_file_by_its_number(tmp_path: Path) -> None:
    game = tmp_path / "games.pgn"
    game.write_text(HEADER + DEAL_1 + "\n\n" + HEADER.replace('"4"', '"9"').replace("Ann", "Cy") + DEAL_1 + "\n")
    assert run("review", str(game), "--top", "0").stdout.startswith("game 9 of")
    assert "Ann 11" in run("review", str(game), "--game", "4", "--top", "0").stdout.splitlines()[0]
    missing = run("review", str(game), "--game", "5")
    assert missing.exit_code == 2 and "--game 5: no such game" in missing.stderr and "(games 4, 9)" in missing.stderr


PREFIX = "Error: {}: deal 2 (line 7): "
BAD = [
    ("a card twice", DEAL_2.replace("9h |", "Tc |"), "'Tc': TC is written twice; a card may appear only once"),
    ("a card past 31", DEAL_2.replace("TC 6s JS 2s", "TC 6s JS 9h 2s").replace("3H 9h", "3H"),
     "'9h': the count would be 35, past 31"),
    ("a card out of turn", DEAL_2.replace("TC 6s", "6s TC"), "'6s': A leads the play, but 6S is B's card"),
    ("a go not said", DEAL_2.replace("JS 2s 3D", "JS 3D 2s"), "'3D': out of turn: B has AS, which fits at count 26"),
    ("a line too short", DEAL_2.replace(" 9h |", " |"), "'4h': B's cards are 5 (laid, held and thrown), but 6 are dealt"),
    ("a show overclaimed", DEAL_2.replace("| 3<1", "| 5"), "'5': the score disagrees with the cards: that show counts 4"),
    ("a board that disagrees", DEAL_2.replace("=18-17", "=18-16"),
     "'=18-16': the score disagrees with the cards: the deal ends at 18-17"),
    ("a muggins that does not add up", DEAL_2.replace("0<2", "0<3"),
     "'0<3': the mark makes no sense: the show counts 2, so the opponent took 2 as muggins"),
    ("a mark before a card", DEAL_2.replace("TC 6s", "#2 TC 6s"), "'#2': the mark makes no sense"),
    ("a muggins in the play", DEAL_2.replace("6s JS", "6s <1 JS"), "'<1': the mark makes no sense: the play is pegged"),
    ("a field missing", DEAL_2.replace(" | 3S AH 2d 4h", ""), "'2. TD | TC 6s JS 2s 3D As 3H 9h | 3<1...': 3 fields"),
    ("not a card", DEAL_2.replace("JS", "1S"), "'1S' is not a card"),
]


@pytest.mark.parametrize(("line", "message"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_deal_is_one_line_exit_1_and_the_rest_reviewed(tmp_path: Path, line: str, message: str) -> None:
    game = tmp_path / "game.pgn"
    game.write_text(HEADER + f'{DEAL_1}\n{line}\n{DEAL_3}' + "\n")
    result = run("review", str(game), "--top", "0", "--format", "json")
    assert result.exit_code == 1
    assert result.stderr.splitlines() == [result.stderr.splitlines()[0]], result.stderr  # one line
    assert result.stderr.startswith(PREFIX.format(game) + message), result.stderr
    review = json.loads(result.stdout)
    assert review["scores"] == [31, 28]  # deal 3 goes on from the board deal 2 wrote
    assert [seat["deals"] for seat in review["seats"]] == [2, 2]
    assert {decision["deal"] for decision in review["decisions"]} == {1, 3}  # numbered as in the file


def test_a_bad_header_is_one_line_and_exit_1(tmp_path: Path) -> None:
    game = tmp_path / "game.pgn"
    game.write_text(HEADER.replace('"A"]', '"C"]') + DEAL_1 + "\n")
    result = run("review", str(game))
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr == f"Error: {game}: the header says who dealt first: [Dealer \"A\"] or [Dealer \"B\"], not 'C'\n"


def thrown_sorted(text: str) -> str:
    """The review with the cards thrown put in order in each position: the notation keeps the cards each
    player threw, not the order they were dealt in (the log's order)."""
    return re.sub(r'--thrown \\"(\S+) (\S+)\\"', lambda m: '--thrown \\"{} {}\\"'.format(*sorted(m.groups())), text)


@pytest.mark.parametrize("variant", ["six", "five"])
def test_export_writes_games_that_review_as_the_log_does(tmp_path: Path, variant: str) -> None:
    log, pgn = tmp_path / "games.jsonl", tmp_path / "games.pgn"
    simulated = run("simulate", "--games", "3", "--variant", variant, "--to", "61", "--seed", "5", "--log", str(log))
    assert simulated.exit_code == 0, simulated.output
    exported = run("export", str(log), "--format", "pgn")
    assert exported.exit_code == 0, exported.output
    pgn.write_text(exported.stdout)
    assert exported.stdout.count("[Game ") == 3 and exported.stdout.startswith('[Game "0"]\n[PlayerA "expert"]')
    for number in ("0", "2"):
        from_log = json.loads(thrown_sorted(run("review", str(log), "--game", number, "--format", "json").stdout))
        from_pgn = json.loads(thrown_sorted(run("review", str(pgn), "--game", number, "--format", "json").stdout))
        assert from_pgn.pop("marks") == [] and from_pgn == from_log
    one = run("export", str(log), "--game", "1")
    assert one.exit_code == 0 and one.stdout.startswith('[Game "1"]') and one.stdout.count("[Game ") == 1


def test_simulate_logs_the_notation_by_the_name(tmp_path: Path) -> None:
    log, pgn = tmp_path / "games.jsonl", tmp_path / "games.PGN"
    for path in (log, pgn):
        result = run("simulate", "--games", "2", "--to", "61", "--seed", "2", "--log", str(path))
        assert result.exit_code == 0, result.output
    assert pgn.read_text() == run("export", str(log)).stdout


@pytest.mark.parametrize("players", ["3", "4"])
def test_three_and_four_players_are_not_written_in_the_notation(tmp_path: Path, players: str) -> None:
    pgn, log = tmp_path / "games.pgn", tmp_path / "games.jsonl"
    refused = run("simulate", "--players", players, "--games", "1", "--log", str(pgn))
    assert refused.exit_code == 2 and not pgn.exists()
    assert f"the notation is for two players, not {players}; log the game as JSON lines" in refused.stderr
    assert run("simulate", "--players", players, "--games", "2", "--log", str(log)).exit_code == 0
    exported = run("export", str(log))
    assert exported.exit_code == 1 and exported.stdout == ""
    assert exported.stderr.splitlines() == [f"Error: {log} line {n}: the notation is for two players, not {players}"
                                            for n in (1, 2)]


def test_export_keeps_the_good_games_and_names_the_bad_lines(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    assert run("simulate", "--games", "2", "--to", "61", "--log", str(log)).exit_code == 0
    lines = log.read_text().splitlines()
    game = json.loads(lines[1])
    game["deals"][0]["scores"] = [0, 99]
    log.write_text("\n".join([lines[0], "{not json", json.dumps(game)]) + "\n")
    result = run("export", str(log))
    assert result.exit_code == 1 and result.stdout.count("[Game ") == 1
    assert result.stderr.splitlines()[0] == f"Error: {log} line 2: not a line of JSON"
    assert result.stderr.splitlines()[1].startswith(f"Error: {log} line 3: the game does not read back in the notation: "
                                                    "deal 1 (line 8):")


def test_the_game_typed_by_hand_is_reviewed() -> None:
    """tests/data/club.pgn was typed by hand from docs/notation.md: seven deals, a muggins, a penalty, a violation."""
    result = run("review", str(DATA / "club.pgn"), "--format", "json")
    assert result.exit_code == 0, result.output
    review = json.loads(result.stdout)
    assert review["scores"] == [121, 99] and review["winner"] == 0 and review["game_points"] == 1
    assert [seat["deals"] for seat in review["seats"]] == [7, 7]
    assert [(mark["deal"], mark["kind"], mark["to"]) for mark in review["marks"]] == [
        (3, "violation", 1), (5, "muggins", 0), (7, "penalty", 1)]
    throws = [d for d in review["decisions"] if d["kind"] == "throw"]
    assert len(throws) == 14  # every throw of both players priced


@pytest.mark.parametrize(("opening", "status"), [("; Tuesday night\n", 0), ("", 0), ("Tuesday night\n", 1)])
def test_a_file_is_the_notation_when_it_opens_with_a_header_a_comment_or_a_deal(
        tmp_path: Path, opening: str, status: int) -> None:
    game = tmp_path / "game"
    game.write_text(opening + HEADER + DEAL_1 + "\n")
    result = run("review", str(game), "--top", "0")
    assert result.exit_code == status
    if status:  # neither: read as a JSON log
        assert result.stderr == f"Error: {game} line 1: not a line of JSON\n"
