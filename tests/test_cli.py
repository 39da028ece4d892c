"""The command line: crib score (single and batch) and crib stats, through click's CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from crib_cli.cli import cli


def run(*args: str, input: str | bytes | None = None):
    return CliRunner().invoke(cli, list(args), input=input)


def test_score_table_lists_every_item_and_the_total() -> None:
    result = run("score", "5S 5C 5D JH / 5H")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "hand 5S 5C 5D JH  starter 5H"
    assert sum(line.startswith("fifteen ") for line in lines) == 8
    assert sum(line.startswith("pair ") for line in lines) == 6
    assert lines[-2].split() == ["nobs", "JH", "1"]
    assert lines[-1].split() == ["total", "29"]


def test_score_json() -> None:
    result = run("score", "5S 5C 5D JH / 5H", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hand"] == ["5S", "5C", "5D", "JH"] and data["starter"] == "5H" and data["crib"] is False
    assert (data["fifteens"], data["pairs"], data["runs"], data["flush"], data["nobs"], data["total"]) == (16, 12, 0, 0, 1, 29)
    assert data["items"][0] == {"kind": "fifteen", "cards": ["5S", "JH"], "points": 2}
    assert data["items"][-1] == {"kind": "nobs", "cards": ["JH"], "points": 1}
    assert sum(item["points"] for item in data["items"]) == 29


def test_score_json_uses_t_for_ten() -> None:
    data = json.loads(run("score", "10S 8D KC 8C / 5H", "--crib", "-f", "JSON").output)
    assert data["hand"][0] == "TS" and data["crib"] is True and data["total"] == 6


def test_score_text_is_the_spoken_count() -> None:
    result = run("score", "6D JH 4H 7C / 5H", "-f", "text")
    assert result.exit_code == 0, result.output
    assert result.output == "fifteen two, fifteen four, a run of four is eight, and one for his nob makes nine (9)\n"


CRIB_FLUSH = [
    ("2S 4S 6S 8S / KH", [], "4"),
    ("2S 4S 6S 8S / KH", ["--crib"], "0"),
    ("2S 4S 6S 8S / KS", ["--crib"], "5"),
]


@pytest.mark.parametrize(("show", "flags", "total"), CRIB_FLUSH, ids=["hand 4-flush", "crib 4-flush", "crib 5-flush"])
def test_score_crib_flush_rule(show: str, flags: list[str], total: str) -> None:
    result = run("score", show, *flags)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].split() == ["total", total]


def test_claim_right() -> None:
    result = run("score", "6D JH 4H 7C / 5H", "--claim", "9")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1] == "claim of 9 is right"


def test_claim_short_names_the_overlooked_items() -> None:
    result = run("score", "6D JH 4H 7C / 5H", "--claim", "8")
    assert result.exit_code == 0, result.output
    assert "claim of 8 is 1 short of 9: muggins! the opponent may peg 1" in result.output
    assert "overlooked nobs JH for 1" in result.output


def test_claim_short_names_an_example_when_other_items_would_make_it_too() -> None:
    result = run("score", "6D JH 4H 7C / 5H", "--claim", "5")
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-2:] == ["  overlooked, for example:", "    run 4H 5H 6D 7C for 4"]
    data = json.loads(run("score", "6D JH 4H 7C / 5H", "--claim", "5", "-f", "json").output)
    assert data["claim"]["overlooked_only"] is False


def test_claim_too_many() -> None:
    result = run("score", "6D JH 4H 7C / 5H", "--claim", "12")
    assert result.exit_code == 0, result.output
    assert "claim of 12 is 3 too many: the show is worth 9" in result.output


NINE = "6D JH 4H 7C / 5H"
CLAIMS_JSON = [
    ("right", NINE, "9", {"correct": True, "muggins": 0, "too_many": 0, "overlooked": [], "overlooked_only": None}),
    ("too many", NINE, "12", {"correct": False, "muggins": 0, "too_many": 3, "overlooked": [], "overlooked_only": None}),
    ("short", NINE, "7", {"correct": False, "muggins": 2, "too_many": 0, "overlooked_only": False}),
    ("short by the nob", NINE, "8",
     {"muggins": 1, "overlooked": [{"kind": "nobs", "cards": ["JH"], "points": 1}], "overlooked_only": True}),
    ("short by what no items make", "4S 4D 5H 5S / 6C", "23",
     {"muggins": 1, "too_many": 0, "overlooked": [], "overlooked_only": None}),
]


@pytest.mark.parametrize(("show", "claimed", "expected"), [c[1:] for c in CLAIMS_JSON], ids=[c[0] for c in CLAIMS_JSON])
def test_claim_json_keys_read_right(show: str, claimed: str, expected: dict[str, object]) -> None:
    data = json.loads(run("score", show, "--claim", claimed, "-f", "json").output)["claim"]
    assert {key: data[key] for key in expected} == expected


def test_claim_json() -> None:
    data = json.loads(run("score", "6D JH 4H 7C / 5H", "--claim", "5", "-f", "json").output)
    assert data["claim"]["muggins"] == 4 and data["claim"]["correct"] is False
    assert data["claim"]["overlooked"] == [{"kind": "run", "cards": ["4H", "5H", "6D", "7C"], "points": 4}]


BAD_USAGE = [
    (["score", "1X 5C 5D JH / 5H"], "'1X' is not a card: neither rank nor suit"),
    (["score", "5SS 5C 5D JH / 5H"], "'5SS' is not a card: one character too many ('S' after 5S)"),
    (["score", "5S5C5D JH/5H"], "'5S5C5D' is not a card: separate cards with spaces (5S 5C 5D)"),
    (["score", "5S5C5D5HJH"], "'5S5C5D5HJH' is neither a readable file nor a card: separate cards with spaces (5S 5C 5D 5H JH)"),
    (["score", "ZZ 5C 5D JH / 5H"], "'ZZ' is not a card: neither rank nor suit: 'Z' is not a rank"),
    (["score", "banana"], "'banana' is neither a readable file nor a card: a card is a rank and a suit, like 5S or 10H"),
    (["score", "bogus", "5C 5D JH / 5H"], "'bogus' is not a card: a card is a rank and a suit, like 5S or 10H"),
    (["score", "ZH 5C 5D JH / 5H"], "'ZH' is not a card: rank must be A, 2-10, T, J, Q or K"),
    (["score", "5S 5C 5S JH / 5H"], "duplicate card 5S"),
    (["score", "5S 5C 5D JH / 5C"], "duplicate card 5C"),
    (["score", "5S 5C 5D / 5H"], "a hand has 4 cards before the '/', got 3"),
    (["score", "5S 5C 5D JH 4H / 5H"], "a hand has 4 cards before the '/', got 5"),
    (["score", "5S 5C 5D JH"], "missing starter"),
    (["score", "5S 5C 5D JH / "], "one starter card after the '/', got 0"),
    (["score", "10 5C 5D JH / 5H"], "'10' is not a card: the suit is missing (S, H, D, C or ♠♥♦♣, as in 10S)"),
    (["score", "5S 5C 5D JH / 5H", "-f", "xml"], "'xml' is not one of"),
    (["score", "5S 5C 5D JH / 5H", "-f", "csv"], "--format csv is for batch input"),
    (["score", "5S 5C 5D JH / 5H", "--claim", "30"], "--claim"),
    (["score", "missing.csv"], "cannot read 'missing.csv'"),
    (["stats", "-f", "text"], "'text' is not one of"),
]


@pytest.mark.parametrize(("args", "message"), BAD_USAGE, ids=[" ".join(a) for a, _ in BAD_USAGE])
def test_bad_usage_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output and result.stdout == ""


MISSING = [
    (["score"], "score [OPTIONS] SHOW", "  crib score 6D JH 4H 7C / 5H --format text"),
    (["discard"], "discard [OPTIONS] DEAL", "  crib discard 5S 5C 6D JH 4C KS --role dealer"),
]


@pytest.mark.parametrize(("args", "usage", "example"), MISSING, ids=[a[0] for a, _, _ in MISSING])
def test_a_missing_argument_shows_the_usage_with_examples(args: list[str], usage: str, example: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and result.stdout == ""
    lines = result.stderr.splitlines()
    assert lines[0] == f"Error: Missing argument '{usage.split()[-1]}'."
    assert lines[1].startswith("Usage: ") and lines[1].endswith(usage)
    assert lines[2] == "For example:" and example in lines
    assert lines[-1].endswith(f"{args[0]} --help") and lines[-1].startswith("More: ")


def test_stats_json() -> None:
    result = run("stats", "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["deals"] == 12_994_800
    assert list(data["counts"]) == [str(s) for s in range(30)]
    assert data["counts"]["29"] == 4 and data["counts"]["19"] == 0
    assert abs(data["mean"] - 4.769) < 0.001


def test_stats_table_and_crib() -> None:
    hand = run("stats")
    crib = run("stats", "--crib")
    assert hand.exit_code == 0 and crib.exit_code == 0, hand.output + crib.output
    assert "12,994,800 deals (hands), mean 4.769152" in hand.output
    assert "never scored: 19, 25, 26, 27" in hand.output
    assert "(cribs), mean 4.7348" in crib.output
    row29 = [line for line in hand.output.splitlines() if line.startswith("29 ")]
    assert row29[0].split()[:2] == ["29", "4"]


# Five-card cribbage: `--variant five`, a hand of three, a crib of four.

FIVE_CARD = [
    (["5H 5C JH / 5S"], "14"),
    (["5S", "5C", "JH", "/", "5H"], "15"),
    (["5S 5C 5D 5H"], "20"),  # four cards without a slash: three and the starter
    (["2S 4S 8S / KH"], "3"),
    (["2S 4S 8S / KS"], "4"),
    (["2S 4S 8S JS / KH", "--crib"], "0"),  # the crib is four cards: no flush without the starter
    (["2S 4S 8S JS / KS", "--crib"], "6"),
]


@pytest.mark.parametrize(("args", "total"), FIVE_CARD, ids=[" ".join(a) for a, _ in FIVE_CARD])
def test_score_five_card_hands_of_three_and_cribs_of_four(args: list[str], total: str) -> None:
    result = run("score", "--variant", "five", *args)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[-1].split() == ["total", total]


def test_score_five_card_options_may_come_after_the_show() -> None:
    result = run("score", "5H 5C JH / 5S", "--variant", "five", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["hand"], data["crib"], data["total"]) == (["5H", "5C", "JH"], False, 14)
    crib = run("score", "5H 5C JH 2D / 5S", "--crib", "--variant", "five", "-f", "text")
    assert crib.exit_code == 0 and crib.output.endswith("(14)\n"), crib.output


@pytest.mark.parametrize(("args", "message"), [
    (["5S 5C 5D JH / 5H"], "a hand has 3 cards before the '/', got 4"),
    (["5S 5C 5D JH 4H"], "or 4 cards with the starter last (got 5 cards)"),
    (["5S 5C 5D / 5H", "--crib"], "a hand has 4 cards before the '/', got 3"),
    (["5S 5C 5D / 5H", "--variant", "seven"], "'seven' is not one of 'six', 'five'"),
], ids=["four in a hand", "five without a slash", "three in a crib", "unknown variant"])
def test_score_five_card_bad_usage(args: list[str], message: str) -> None:
    result = run("score", *([] if "--variant" in args else ["--variant", "five"]), *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_score_five_card_batch_rows() -> None:
    data = "hand,starter,crib\n5H 5C JH,5S,\n5H 5C JH 2S / 5S,,yes\n2S 4S 8S KS,,\n5H 5C JH 2S,5S,no\n"
    result = run("score", "-", "--variant", "five", input=data)
    assert result.exit_code == 1
    rows = parse_output(result.stdout)
    assert [row[-2:] for row in rows[1:]] == [
        ["14", ""], ["14", ""], ["4", ""], ["", "line 5: a hand has 3 cards before the '/', got 4"]
    ]
    plain = run("score", "-", "--variant", "five", input="5S 5C JH / 5H\n2S 4S 8S KS\n")
    assert plain.exit_code == 0, plain.output
    assert [row[-2] for row in parse_output(plain.stdout)[1:]] == ["15", "4"]


def test_stats_five_card_hands() -> None:
    result = run("stats", "--variant", "five")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-2] == "1,082,900 deals (five-card hands of three), mean 2.592350"
    assert lines[-1] == "never scored: 16, 17, 18, 19"
    assert lines[-3].split()[:2] == ["20", "4"]
    data = json.loads(run("stats", "--variant", "five", "-f", "json").output)
    assert data["deals"] == 1_082_900 and list(data["counts"]) == [str(s) for s in range(21)]
    crib = run("stats", "--variant", "five", "--crib")
    assert crib.output == run("stats", "--crib").output


# Batch scoring: `crib score -` and `crib score FILE.csv`.

MIXED = (
    "id,Hand,starter,crib,note\n"
    "1,5S 5C 5D JH,5H,,best\n"
    "2,\"6D,JH,4H,7C / 5H\",,no,\"quoted, note\"\n"
    "3,2S 4S 6S 8S,KH,yes,crib four flush\n"
    "4,2S 4S 6S 1X,KH,,bad card\n"
    "5,2S 4S 6S 8S,KH,maybe,bad crib\n"
    "6,2S 4S 6S\n"
    "7,2S 4S 6S 8S,8S,,duplicate\n"
    "8,2S 4S 6S,KH,,three cards\n"
    "9,2S 4S 6S 8S 9S,KH,,five cards\n"
    "10,2S 4S 6S 8S,,,no starter\n"
    "11,2S 4S 6S 8S / 9H,KH,,two starters\n"
    "12,4S 4D 5H 5S / 6C,,1,last good\n"
)
MIXED_EXPECTED = [
    ("1", "16,12,0,0,1,29", ""),
    ("2", "4,0,4,0,1,9", ""),
    ("3", "0,0,0,0,0,0", ""),
    ("4", ",,,,,", "line 5: '1X' is not a card: neither rank nor suit"),
    ("5", ",,,,,", "line 6: 'maybe' is not true/false, yes/no or 1/0"),
    ("6", ",,,,,", "line 7: 2 fields, but the header has 5"),
    ("7", ",,,,,", "line 8: duplicate card 8S"),
    ("8", ",,,,,", "line 9: a hand has 4 cards"),
    ("9", ",,,,,", "line 10: a hand has 4 cards"),
    ("10", ",,,,,", "line 11: no starter"),
    ("11", ",,,,,", "line 12: the starter is given twice"),
    ("12", "8,4,12,0,0,24", ""),
]


def parse_output(text: str) -> list[list[str]]:
    import csv
    import io

    limit = csv.field_size_limit(len(text) + 1)
    try:
        return list(csv.reader(io.StringIO(text)))
    finally:
        csv.field_size_limit(limit)


def test_batch_keeps_every_row_in_order_with_its_error() -> None:
    result = run("score", "-", input=MIXED)
    assert result.exit_code == 1, result.output
    rows = parse_output(result.stdout)
    assert rows[0] == ["id", "Hand", "starter", "crib", "note", "fifteens", "pairs", "runs", "flush", "nobs", "total", "error"]
    assert len(rows) == 1 + len(MIXED_EXPECTED)
    for row, (row_id, scores, error) in zip(rows[1:], MIXED_EXPECTED):
        assert row[0] == row_id
        assert ",".join(row[5:11]) == scores, row
        assert row[11].startswith(error), row
    assert rows[2][4] == "quoted, note"
    assert result.stderr == "8 of 12 rows failed\n"


def test_batch_reads_a_csv_file(tmp_path) -> None:
    path = tmp_path / "hands.csv"
    path.write_text("hand\n5S 5C 5D JH / 5H\n6D JH 4H 7C / 5H\n", encoding="utf-8")
    result = run("score", str(path))
    assert result.exit_code == 0, result.output
    assert parse_output(result.stdout)[1:] == [
        ["5S 5C 5D JH / 5H", "16", "12", "0", "0", "1", "29", ""],
        ["6D JH 4H 7C / 5H", "4", "0", "4", "0", "1", "9", ""],
    ]


def test_batch_jsonl_has_the_same_keys() -> None:
    result = run("score", "-", "--format", "jsonl", input="hand,starter\n5S 5C 5D JH,5H\n5S 5C 5D,5H\n")
    assert result.exit_code == 1, result.output
    good, bad = (json.loads(line) for line in result.stdout.splitlines())
    assert good == {"hand": "5S 5C 5D JH", "starter": "5H", "fifteens": 16, "pairs": 12, "runs": 0,
                    "flush": 0, "nobs": 1, "total": 29, "error": None}
    assert bad["total"] is None and bad["error"].startswith("line 3: a hand has 4 cards")


def test_batch_crib_column_and_flag() -> None:
    rows = "hand,starter,crib\n2S 4S 6S 8S,KH,\n2S 4S 6S 8S,KH,true\n2S 4S 6S 8S,KH,0\n2S 4S 6S 8S,KH,  \n"
    plain = parse_output(run("score", "-", input=rows).stdout)
    assert [row[-2] for row in plain[1:]] == ["4", "0", "4", "4"]
    with_flag = parse_output(run("score", "-", "--crib", input=rows).stdout)
    assert [row[-2] for row in with_flag[1:]] == ["0", "0", "4", "0"]


INPUT_SHAPES = [
    ("utf-8 BOM", "\ufeffhand,starter\n5S 5C 5D JH,5H\n".encode()),
    ("CRLF line ends", b"hand,starter\r\n5S 5C 5D JH,5H\r\n"),
    ("blank lines", b"\nhand,starter\n\n5S 5C 5D JH,5H\n\n"),
    ("quoted fields", b'"hand","starter"\n"5S, 5C, 5D, JH","5H"\n'),
    ("no newline at the end", b"hand,starter\n5S 5C 5D JH,5H"),
    ("header in capitals", b"HAND, Starter\n5S 5C 5D JH,5H\n"),
]


@pytest.mark.parametrize("data", [d for _, d in INPUT_SHAPES], ids=[n for n, _ in INPUT_SHAPES])
def test_batch_input_shapes(data: bytes) -> None:
    result = run("score", "-", input=data)
    assert result.exit_code == 0, result.output
    rows = parse_output(result.stdout)
    assert len(rows) == 2 and rows[1][-2:] == ["29", ""]


def test_batch_line_numbers_count_blank_lines() -> None:
    result = run("score", "-", input="hand,starter\n\n5S 5C 5D JH,5H\n\n5S 5C 5D XH,5H\n")
    assert result.exit_code == 1
    assert parse_output(result.stdout)[2][-1].startswith("line 5: 'XH' is not a card")
    assert result.stderr == "1 of 2 rows failed\n"


def test_batch_header_only_is_success() -> None:
    result = run("score", "-", input="hand,starter\n")
    assert result.exit_code == 0, result.output
    assert parse_output(result.stdout) == [["hand", "starter", "fifteens", "pairs", "runs", "flush", "nobs", "total", "error"]]


def test_batch_strict_stops_at_the_first_bad_row() -> None:
    result = run("score", "-", "--strict", input="hand,starter\n5S 5C 5D JH,5H\n5S 5C 5D XH,5H\n6D JH 4H 7C,5H\n")
    assert result.exit_code == 1
    assert len(parse_output(result.stdout)) == 2
    assert result.stderr.startswith("line 3: 'XH' is not a card")


BATCH_USAGE = [
    (["score", "-"], "starter,crib\n5H,no\n", "the input has no 'hand' column"),
    (["score", "-"], "", "the input has no 'hand' column"),
    (["score", "-", "-f", "table"], "hand\n", "--format table is not for batch input"),
    (["score", "-", "-f", "jsonl"], "hand,note,note\n5S 5C 5D JH / 5H,a,b\n",
     "the input has two 'note' columns, and a JSON object holds one: rename one, or use --format csv"),
]


@pytest.mark.parametrize(("args", "data", "message"), BATCH_USAGE,
                         ids=["no hand column", "empty input", "table format", "repeated column in JSON lines"])
def test_batch_usage_errors(args: list[str], data: str, message: str) -> None:
    result = run(*args, input=data)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and "Traceback" not in result.output


@pytest.mark.parametrize("encoding", ["utf-16-le", "utf-16-be"])
def test_batch_utf16_is_a_usage_error(encoding: str) -> None:
    result = run("score", "-", input="\ufeffhand\n5S 5C 5D JH / 5H\n".encode(encoding))
    assert result.exit_code == 2, result.output
    assert result.stderr.startswith("Error: not UTF-8: the input starts with a UTF-16 byte-order mark")
    assert result.stdout == ""


def test_batch_stray_quote_fails_its_line_alone() -> None:
    lines = [f"{i},5S 5C 5D JH / 5H" for i in range(1000)]
    lines[2] = '2,"5S 5C 5D JH / 5H'
    result = run("score", "-", input="id,hand\n" + "\n".join(lines) + "\n")
    assert result.exit_code == 1
    rows = parse_output(result.stdout)
    assert len(rows) == 1 + 1000 and [row[0] for row in rows[1:]] == [str(i) for i in range(1000)]
    assert rows[3][-1] == "line 4: an unbalanced quote: a quoted field must close on its own line"
    assert result.stderr == "1 of 1000 rows failed\n"


def test_batch_huge_fields_keep_the_row_and_its_id() -> None:
    big = "x" * 10_000_000
    result = run("score", "-", input=f'id,hand,note\nA,5S 5C 5D JH / 5H,"{big}"\nB,{big} 5C 5D JH / 5H,\nC,6D JH 4H 7C / 5H,\n')
    assert result.exit_code == 1, result.stderr
    rows = parse_output(result.stdout)
    assert [row[0] for row in rows[1:]] == ["A", "B", "C"]
    assert rows[1][2] == big and rows[1][-2:] == ["29", ""]
    assert rows[2][-1] == f"line 3: '{'x' * 37}...' is not a card: a card is a rank and a suit, like 5S or 10H"
    assert rows[3][-2:] == ["9", ""]


def test_batch_huge_header_field_is_no_traceback() -> None:
    result = run("score", "-", input=f'hand,"{"n" * 300_000}"\n5S 5C 5D JH / 5H,x\n')
    assert result.exit_code == 0, result.stderr
    assert parse_output(result.stdout)[1][-2:] == ["29", ""]


def test_batch_unbalanced_quote_in_the_header_is_a_usage_error() -> None:
    result = run("score", "-", input='"hand,starter\n5S 5C 5D JH,5H\n')
    assert result.exit_code == 2
    assert result.stderr == "Error: line 1: the header has an unbalanced quote: a quoted field must close on its own line\n"


def test_batch_whitespace_lines_are_blank_with_one_column() -> None:
    result = run("score", "-", input="hand\n5S 5C 5D JH / 5H\n   \n\n")
    assert result.exit_code == 0, result.output
    assert len(parse_output(result.stdout)) == 2


@pytest.mark.parametrize("column", ["total", "Error", "nobs"])
def test_batch_refuses_input_columns_the_output_would_shadow(column: str) -> None:
    result = run("score", "-", input=f"hand,{column}\n5S 5C 5D JH / 5H,mine\n")
    assert result.exit_code == 2, result.output
    assert f"the input already has a {column!r} column" in result.stderr


def test_batch_csv_keeps_repeated_columns() -> None:
    result = run("score", "-", input="hand,note,note\n5S 5C 5D JH / 5H,a,b\n")
    assert result.exit_code == 0, result.output
    assert parse_output(result.stdout)[1] == ["5S 5C 5D JH / 5H", "a", "b", "16", "12", "0", "0", "1", "29", ""]


@pytest.mark.parametrize(("line", "error"), [
    ("5S 5C 5D JH 5H 6H", "line 2: too many cards for a show of 5"),
    ("5S 5C 5D JH", "line 2: no starter: give a 'starter' column"),
])
def test_batch_says_what_is_wrong_with_the_card_count(line: str, error: str) -> None:
    result = run("score", "-", input=f"hand\n{line}\n")
    assert result.exit_code == 1
    assert parse_output(result.stdout)[1][-1].startswith(error)


def test_batch_refuses_claim() -> None:
    result = run("score", "-", "--claim", "3", input="hand\n5S 5C 5D JH / 5H\n")
    assert result.exit_code == 2 and "--claim checks one show" in result.stderr


def test_non_ascii_letters_that_upper_case_to_a_suit_are_not_suits() -> None:
    result = run("score", "5\u017f 5C 5D JH / 5H")
    assert result.exit_code == 2 and "unknown suit" in result.stderr


# What a player types should just work.

SAME_SHOW = [
    ["score", "5S 5C 5D JH / 5H"],
    ["score", "5S", "5C", "5D", "JH", "/", "5H"],
    ["score", "5S", "5C", "5D", "JH", "5H"],
    ["score", "5s 5c 5d jh 5h"],
    ["score", "5S,5C,5D,JH,5H"],
]


@pytest.mark.parametrize("args", SAME_SHOW, ids=[" ".join(a[1:]) for a in SAME_SHOW])
def test_a_show_quoted_or_not_with_or_without_a_slash(args: list[str]) -> None:
    result = run(*args, "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert (data["hand"], data["starter"], data["total"]) == (["5S", "5C", "5D", "JH"], "5H", 29)


def test_any_readable_file_is_batch_input(tmp_path) -> None:
    path = tmp_path / "hands"
    path.write_text("hand\n5S 5C 5D JH / 5H\n", encoding="utf-8")
    result = run("score", str(path))
    assert result.exit_code == 0, result.output
    assert parse_output(result.stdout)[1][-2:] == ["29", ""]


@pytest.mark.parametrize("data", ["5S 5C 5D JH / 5H\n6D JH 4H 7C 5H\n", "5S,5C,5D,JH,5H\n6D JH 4H 7C 5H\n"], ids=["spaces", "commas"])
def test_plain_lines_of_shows_need_no_header(data: str) -> None:
    result = run("score", "-", input=data)
    assert result.exit_code == 0, result.output
    rows = parse_output(result.stdout)
    assert rows[0] == ["hand", "fifteens", "pairs", "runs", "flush", "nobs", "total", "error"]
    assert [row[0] for row in rows[1:]] == data.splitlines()
    assert [row[-2] for row in rows[1:]] == ["29", "9"]


def test_plain_lines_keep_their_line_numbers_in_errors() -> None:
    result = run("score", "-", input="5S 5C 5D JH / 5H\n\n5S 5C 5D XH / 5H\n")
    assert result.exit_code == 1
    assert parse_output(result.stdout)[2][-1].startswith("line 3: 'XH' is not a card")


def test_a_word_that_is_neither_file_nor_cards() -> None:
    result = run("score", "hands")
    assert result.exit_code == 2
    assert result.stderr == ("Error: Invalid value for 'SHOW': 'hands' is neither a readable file nor a card: "
                             "a card is a rank and a suit, like 5S or 10H\n")


def test_crib_alone_prints_help_and_exits_0() -> None:
    result = run()
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Usage:") and "Commands:" in result.stdout
    for name in ("score", "discard", "peg", "stats"):
        assert f"  {name} " in result.stdout


@pytest.mark.parametrize("name", ["score", "discard", "peg", "stats"])
def test_the_group_listing_is_each_commands_own_short_help(name: str) -> None:
    from crib_cli.cli import COMMANDS, cli

    command = cli.get_command(None, name)  # type: ignore[arg-type]
    assert command is not None and command.get_short_help_str(limit=200) == COMMANDS[name][1]


FORMAT_HELP = [
    ("score", "[table|json|text|csv|jsonl]", "(default: table; csv for batch input)"),
    ("discard", "[table|json|csv|jsonl]", "(default: table; csv for batch input)"),
    ("peg", "[table|json]", "(default: table)"),
    ("stats", "[table|json]", "(default: table)"),
]


@pytest.mark.parametrize(("name", "choices", "default"), FORMAT_HELP, ids=[n for n, _, _ in FORMAT_HELP])
def test_format_help_lists_the_choices_and_the_default(name: str, choices: str, default: str) -> None:
    result = run(name, "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert choices in text and default in text


CLAIMS = [
    ("6D JH 4H 7C / 5H", "19", 0, ["19 is what a player calls a hand of nothing (no show scores 19): read as a claim of 0",
                                   "claim of 0 is 9 short of 9: muggins! the opponent may peg 9"]),
    ("2S 4D 6S 8H / KC", "19", 0, ["19 is what a player calls a hand of nothing (no show scores 19): read as a claim of 0",
                                   "claim of 0 is right"]),
]


@pytest.mark.parametrize(("show", "claim", "code", "lines"), CLAIMS, ids=["a short nineteen", "a true nineteen"])
def test_a_claim_of_19_is_the_call_for_nothing(show: str, claim: str, code: int, lines: list[str]) -> None:
    result = run("score", show, "--claim", claim, "-f", "text")
    assert result.exit_code == code, result.output
    assert result.stdout.splitlines()[1:3] == lines


@pytest.mark.parametrize("claim", ["16", "17", "18", "21", "29"])
def test_an_impossible_five_card_claim_is_a_usage_error(claim: str) -> None:
    result = run("score", "--variant", "five", "5H 5C JH / 5S", "--claim", claim)
    assert result.exit_code == 2
    assert f"no five-card hand of three scores {claim} (16, 17 and 18 are impossible; the most is 20)" in result.stderr


@pytest.mark.parametrize(("args", "verdict"), [
    (["--variant", "five", "5H 5C JH / 5S", "--claim", "14"], "claim of 14 is right"),
    (["--variant", "five", "5H 5C JH / 5S", "--claim", "19"], "claim of 0 is 14 short of 14"),
    (["--variant", "five", "--crib", "5S 5C 5D JH / 5H", "--claim", "29"], "claim of 29 is right"),
    (["6D JH 4H 7C / 5H", "--claim", "17"], "claim of 17 is 8 too many"),
], ids=["five-card hand", "five-card nineteen", "five-card crib of four", "six-card 17"])
def test_possible_claims_are_checked(args: list[str], verdict: str) -> None:
    result = run("score", *args)
    assert result.exit_code == 0, result.output
    assert verdict in result.output


@pytest.mark.parametrize("claim", ["25", "26", "27"])
def test_an_impossible_claim_is_a_usage_error(claim: str) -> None:
    result = run("score", "6D JH 4H 7C / 5H", "--claim", claim)
    assert result.exit_code == 2
    assert f"no show scores {claim} (25, 26 and 27 are impossible; the most is 29)" in result.stderr
