"""Batch input at its edges: nothing read is lost or changed, and each bad row says what is wrong with it."""

from __future__ import annotations

import csv
import io
import json

import pytest
from click.testing import CliRunner, Result

from crib_cli.cli import cli


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


def rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text)))


SCORED = "16,12,0,0,1,29"
"""The figures of 5S 5C 5D JH / 5H."""
BAD_FIRST_LINES = [
    ("a bad card", ["score", "-"], "5S 5C 5D ZZ / 5H\n5S 5C 5D JH / 5H\n", "line 1: 'ZZ' is not a card: neither rank nor suit"),
    ("a doubled card", ["score", "-"], "5S 5C 5D 5S / 5H\n5S 5C 5D JH / 5H\n", "line 1: duplicate card 5S"),
    ("run together", ["score", "-"], "5S5C5D JH / 5H\n5S 5C 5D JH / 5H\n", "line 1: '5S5C5D' is not a card: separate cards"),
    ("a deal with a bad card", ["discard", "-"], "5S 5C 6D JH 4C ZZ\n5S 5C 6D JH 4C KS\n", "line 1: 'ZZ' is not a card"),
    ("a deal with a doubled card", ["discard", "-"], "5S 5C 6D JH 4C 5S\n5S 5C 6D JH 4C KS\n", "line 1: duplicate card 5S"),
]


@pytest.mark.parametrize(("args", "stdin", "error"), [c[1:] for c in BAD_FIRST_LINES], ids=[c[0] for c in BAD_FIRST_LINES])
def test_a_bad_first_line_of_plain_lines_fails_alone(args: list[str], stdin: str, error: str) -> None:
    result = run(*args, input=stdin)
    assert result.exit_code == 1, result.output
    out = rows(result.stdout)
    assert out[0][0] == "hand" and len(out) == 3
    assert out[1][0] == stdin.splitlines()[0] and out[1][-1].startswith(error)
    assert out[2][0] == stdin.splitlines()[1] and out[2][-1] == "" and out[2][1]
    assert result.stderr == "1 of 2 rows failed\n"


def test_a_first_line_without_a_card_or_a_hand_column_is_a_header_that_says_so() -> None:
    result = run("score", "-", input="bad line\n5S 5C 5D JH / 5H\n")
    assert result.exit_code == 2
    assert result.stderr == ("Error: the input has no 'hand' column (header: 'bad line'); "
                             "a file of plain lines needs no header, but its first line holds no card\n")


def test_a_later_line_that_is_no_card_says_so() -> None:
    result = run("score", "-", input="5S 5C 5D JH / 5H\nbad line\n")
    assert result.exit_code == 1
    assert rows(result.stdout)[2][-1] == "line 2: 'bad' is not a card: rank must be A, 2-10, T, J, Q or K"


EXTRA_FIELDS = [
    ("one more", "id,hand,starter\n9,5S 5C 5D JH,5H,EXTRA-DATA\n", f"9,5S 5C 5D JH,5H,{SCORED},,EXTRA-DATA"),
    ("a trailing comma", "id,hand,starter\n9,5S 5C 5D JH,5H,\n", f"9,5S 5C 5D JH,5H,{SCORED},,"),
    ("quoted, two more", 'id,hand\n"9",5S 5C 5D JH / 5H,"a,b",c\n', f'9,5S 5C 5D JH / 5H,{SCORED},,"a,b",c'),
]


@pytest.mark.parametrize(("stdin", "line"), [c[1:] for c in EXTRA_FIELDS], ids=[c[0] for c in EXTRA_FIELDS])
def test_fields_past_the_header_are_kept_after_the_error(stdin: str, line: str) -> None:
    result = run("score", "-", input=stdin)
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1] == line


def test_fields_past_the_header_are_extra_in_json_lines() -> None:
    result = run("score", "-", "-f", "jsonl", input="id,hand,starter\n9,5S 5C 5D JH,5H,EXTRA-DATA,\n")
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)
    assert row["total"] == 29 and row["extra"] == ["EXTRA-DATA", ""]


def test_an_input_column_named_extra_is_refused_for_json_lines_only() -> None:
    assert run("score", "-", input="extra,hand\nx,5S 5C 5D JH / 5H\n").exit_code == 0
    result = run("score", "-", "-f", "jsonl", input="extra,hand\nx,5S 5C 5D JH / 5H\n")
    assert result.exit_code == 2 and "the input already has a 'extra' column" in result.stderr


def test_fewer_fields_than_the_header_still_fail_the_row() -> None:
    result = run("score", "-", input="id,hand,starter\n9,5S 5C 5D JH / 5H\n")
    assert result.exit_code == 1
    assert rows(result.stdout)[1][-1] == "line 2: 2 fields, but the header has 3"


@pytest.mark.parametrize(("command", "name"), [("score", "SHOW"), ("discard", "DEAL")])
def test_a_directory_is_named_as_the_usage_names_the_argument(command: str, name: str) -> None:
    result = run(command, "/")
    assert result.exit_code == 2
    assert result.stderr == f"Error: Invalid value for {name}: cannot read '/': it is a directory\n"


NOT_UTF8 = [
    ("another column", b"id,hand,starter\ncaf\xe9,5S 5C 5D JH,5H\nB,6D JH 4H 7C,5H\n",
     [b"caf\xe9,5S 5C 5D JH,5H,16,12,0,0,1,29,", b"B,6D JH 4H 7C,5H,4,0,4,0,1,9,"], 0),
    ("quoted, past the header", b'id,hand\n"A\xff",5S 5C 5D JH / 5H,\xfe\n',
     [b"A\xff,5S 5C 5D JH / 5H,16,12,0,0,1,29,,\xfe"], 0),
    ("plain lines", b"5S 5C 5D JH / 5H \xff\n",
     [b"5S 5C 5D JH / 5H \xff,,,,,,,\"line 1: '\\udcff' is not a card: a card is a rank and a suit, like 5S or 10H\""], 1),
]


@pytest.mark.parametrize(("stdin", "lines", "code"), [c[1:] for c in NOT_UTF8], ids=[c[0] for c in NOT_UTF8])
def test_batch_bytes_that_are_not_utf8_pass_through_as_they_came(stdin: bytes, lines: list[bytes], code: int) -> None:
    result = run("score", "-", input=stdin)
    assert result.exit_code == code, result.output
    assert result.stdout_bytes.splitlines()[1:] == lines


def test_batch_bytes_that_are_not_utf8_in_the_hand_fail_the_row() -> None:
    result = run("score", "-", input=b"id,hand\nA,5S 5C 5D J\xff / 5H\nB,6D JH 4H 7C / 5H\n")
    assert result.exit_code == 1, result.output
    lines = result.stdout_bytes.splitlines()
    assert lines[1].startswith(b"A,5S 5C 5D J\xff / 5H,,,,,,,\"line 2: 'J\\udcff' is not a card: unknown suit")
    assert lines[2] == b"B,6D JH 4H 7C / 5H,4,0,4,0,1,9,"
    assert result.stderr == "1 of 2 rows failed\n"


def test_batch_jsonl_stays_valid_json_around_bytes_that_are_not_utf8() -> None:
    result = run("score", "-", "-f", "jsonl", input=b"id,hand\nA\xff,5S 5C 5D JH / 5H\n")
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout_bytes.decode("ascii"))
    assert row["id"] == "A\udcff" and row["total"] == 29 and row["error"] is None
    assert row["id"].encode("utf-8", "surrogateescape") == b"A\xff"


@pytest.mark.parametrize("command", ["score", "discard"])
def test_help_says_csv_and_jsonl_are_for_batch_input(command: str) -> None:
    result = run(command, "--help")
    assert result.exit_code == 0
    assert "csv and jsonl: for batch input only." in " ".join(result.stdout.split())
