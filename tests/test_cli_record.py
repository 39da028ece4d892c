"""crib record: a game typed in deal by deal, each answer checked and asked again, written in the notation."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from crib_cli.cli import cli

CLUB = Path(__file__).parent / "data" / "club.pgn"


def deal_lines(text: str) -> list[str]:
    """The deal lines of a game, comments dropped."""
    return [line.split(";", 1)[0].strip() for line in text.splitlines() if line[:1].isdigit()]


def answers(line: str) -> list[str]:
    """A deal line's four fields, as typed at the four questions."""
    return [field.strip() for field in line.split(".", 1)[1].split("|")]


def test_the_club_game_typed_in_is_the_club_game(tmp_path: Path) -> None:
    typed: list[str] = []
    for line in deal_lines(CLUB.read_text()):
        typed += answers(line)
    # Slips, each answered again: a card twice, a card out of turn (seen with the crib's cards), a claim over.
    typed[1:1] = ["4s 8S 7c 5H 4s"]
    typed[6:8] = ["TH 9c 5S 7d 4D 8h 9s 3C", "KS QH ac 2d", "TH 9c 5S 7d 4D 8h 3C 9s", "KS QH ac 2d"]
    at = typed.index("12<2 11 8 =89-67")
    typed[at:at + 1] = ["16 11 8", "12<2 11 8 =89-67"]
    out = tmp_path / "club.pgn"
    result = CliRunner().invoke(cli, ["record", str(out), "--a", "Ann", "--b", "Bob", "--dealer", "a", "--muggins",
                                      "--event", "Tuesday club night"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    said = result.stdout
    assert "  '4s': 4S is written twice; a card may appear only once (the play again)" in said
    assert "  '9s': out of turn: A has 3C, which fits at count 12; a player says go only when no card fits (the play again)" in said
    assert "  '16': the score disagrees with the cards: that show counts 14 (the shows again)" in said
    assert said.splitlines()[0] == "deal 1, Ann deals; the board Ann 0, Bob 0"
    assert said.rstrip().endswith(f"Ann won, 121-99: 7 deals in {out}")
    written = out.read_text()
    assert written.startswith('[Event "Tuesday club night"]\n[PlayerA "Ann"]\n[PlayerB "Bob"]\n')
    assert deal_lines(written) == deal_lines(CLUB.read_text())


def test_the_board_is_written_when_not_typed_and_the_end_of_input_keeps_the_deals(tmp_path: Path) -> None:
    out = tmp_path / "game.pgn"
    typed = ["6C", "4s 8S 7c 5H 6h 5D 9d JC", "2C KD qs 3h", "6 7 4", "6D", "TH 9c"]
    result = CliRunner().invoke(cli, ["record", str(out), "--dealer", "a"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert deal_lines(out.read_text()) == ["1. 6C | 4s 8S 7c 5H 6h 5D 9d JC | 2C KD qs 3h | 6 7 4 =12-12"]
    assert result.stdout.rstrip().endswith(f"the game so far, 12-12: 1 deals in {out}")
    review = CliRunner().invoke(cli, ["review", str(out), "--top", "0"])
    assert review.exit_code == 0 and review.stdout.startswith(f"game 0 of {out}, two players to 121: A 12, B 12")


def test_without_muggins_a_short_claim_is_asked_again(tmp_path: Path) -> None:
    out = tmp_path / "game.pgn"
    typed = ["6C", "4s 8S 7c 5H 6h 5D 9d JC", "2C KD qs 3h", "5 7 4", "6 7 4", ""]
    result = CliRunner().invoke(cli, ["record", str(out), "--dealer", "a"], input="\n".join(typed) + "\n")
    assert result.exit_code == 0, result.output
    assert ("  '5': the score disagrees with the cards: that show counts 6 (no muggins: a show is claimed at its "
            "count) (the shows again)") in result.stdout
    assert len(deal_lines(out.read_text())) == 1


def test_a_bad_option_is_a_usage_error(tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["record", str(tmp_path / "g.pgn")])
    assert result.exit_code == 2 and "Missing option '--dealer'" in result.stderr
