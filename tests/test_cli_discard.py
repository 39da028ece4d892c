"""crib discard through click's CliRunner: table, JSON, detail, five-card deals, batch, bad input."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner, Result

from crib_cli.cards import parse_cards
from crib_cli.cli import cli
from crib_cli.discard import analyze_discards
from crib_cli.game import GameRules, View
from crib_cli.game.analyst import analyze_throws

DEAL = "5S 5C 6D JH 4C KS"
FIVE = "JD 5D 4D 7D 8C"


def run(*args: str, input: str | bytes | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


def table_rows(output: str) -> list[list[str]]:
    """The throw rows of the table: lines after the dashes, up to the notes."""
    lines = output.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("---")) + 1
    rows = []
    for line in lines[start:]:
        if line.startswith("hand:"):
            break
        rows.append([part.strip() for part in line.split("  ") if part.strip()])
    return rows


ROLE_TABLES = {
    "dealer": ([DEAL, "--role", "dealer"], "net (dealer)", "net = hand + crib: the crib is yours", 15),
    "pone": ([DEAL, "--role", "PONE"], "net (pone)", "net = hand - crib: the crib is the dealer's", 15),
    "no role": ([DEAL], "net dealer    net pone", "sorted by hand", 15),
    "five cards inferred": ([FIVE], "net dealer", "sorted by hand", 5),
    "four players, partner": ([FIVE, "--players", "4", "--role", "partner"], "net (partner)", "partner's crib is your side's", 5),
    "three players, pone": ([FIVE, "--players", "3", "--role", "pone"], "net (pone)", "the crib is the dealer's", 5),
    "five-card cribbage, dealer": ([FIVE, "--variant", "five", "--role", "dealer"], "net (dealer)", "the crib is yours", 10),
}


@pytest.mark.parametrize(("args", "header", "note", "throws"), ROLE_TABLES.values(), ids=ROLE_TABLES.keys())
def test_table_by_role(args: list[str], header: str, note: str, throws: int) -> None:
    result = run("discard", *args)
    assert result.exit_code == 0, result.output
    assert header in result.output.splitlines()[0]
    assert note in result.output
    assert len(table_rows(result.output)) == throws


NOTE = "a deal of 5 cards is read as three players, each throwing one; for five-card cribbage (keep three, throw two) add --variant five\n"
ASSUMED = {
    "five cards alone": (["discard", FIVE], None, NOTE),
    "five cards as JSON": (["discard", FIVE, "-f", "json"], None, NOTE),
    "five cards, pone": (["discard", FIVE, "--role", "pone"], None, NOTE),
    "batch, said once": (["discard", "-"], f"hand\n{FIVE}\n{FIVE}\n", NOTE),
    "three players given": (["discard", FIVE, "--players", "3"], None, ""),
    "partner means four": (["discard", FIVE, "--role", "partner"], None, ""),
    "five-card cribbage": (["discard", FIVE, "--variant", "five"], None, ""),
    "six cards": (["discard", DEAL], None, ""),
}


@pytest.mark.parametrize(("args", "stdin", "note"), ASSUMED.values(), ids=ASSUMED.keys())
def test_five_cards_alone_say_which_game_they_are_read_as(args: list[str], stdin: str | None, note: str) -> None:
    result = run(*args, input=stdin)
    assert result.exit_code == 0, result.output
    assert result.stderr == note


def test_table_is_best_first_and_names_the_crib_model() -> None:
    result = run("discard", DEAL, "--role", "dealer")
    assert result.exit_code == 0, result.output
    rows = table_rows(result.output)
    assert rows[0] == ["4C 5S 5C 6D", "JH KS", "15.96", "12", "24", "3.97", "19.93"]
    assert [float(row[-1]) for row in rows] == sorted((float(row[-1]) for row in rows), reverse=True)
    assert "crib: opponent's throw: any two unseen cards, equally likely; his heels left out" in result.output


def test_five_card_table_names_its_crib_model() -> None:
    three = run("discard", FIVE, "--players", "3").output
    four = run("discard", FIVE, "--players", "4").output
    assert "two players' throws and one card from the deck: any three unseen cards" in three
    assert "the other three players' throws: any three unseen cards" in four
    assert table_rows(three) == table_rows(four)


def test_json_has_every_throw_at_full_precision() -> None:
    result = run("discard", DEAL, "--role", "pone", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["hand"] == DEAL.split() and data["role"] == "pone"
    expected = analyze_discards(parse_cards(DEAL), role="pone")
    assert len(data["options"]) == 15
    for option, throw in zip(data["options"], expected):
        assert option == {
            "keep": [str(c) for c in throw.keep],
            "throw": [str(c) for c in throw.throw],
            "hand_mean": float(throw.hand_mean),
            "hand_min": throw.hand_min,
            "hand_max": throw.hand_max,
            "crib_mean": float(throw.crib_mean),
            "net_dealer": float(throw.net_dealer),
            "net_pone": float(throw.net_pone),
        }
    assert data["options"][0]["hand_mean"] == 367 / 23
    assert "dist" not in data and "starters" not in data


def test_json_without_role() -> None:
    data = json.loads(run("discard", FIVE, "-f", "JSON").stdout)
    assert data["role"] is None and len(data["options"]) == 5
    assert [o["hand_mean"] for o in data["options"]] == sorted((o["hand_mean"] for o in data["options"]), reverse=True)


def test_dist_text() -> None:
    result = run("discard", DEAL, "--role", "dealer", "--dist")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "keep 4C 5S 5C 6D, throw JH KS" in out
    assert "hand score over the 46 starters, mean 15.9565" in out
    assert "crib score over its 45,540 equally likely completions, mean 3.9697" in out
    assert "24       6       13.0435%" in out


def test_dist_json_is_exact_counts() -> None:
    data = json.loads(run("discard", DEAL, "--dist", "--throw", "5s 5c", "-f", "json").output)
    dist = data["dist"]
    assert (dist["keep"], dist["throw"]) == (["4C", "6D", "JH", "KS"], ["5S", "5C"])
    assert dist["hand"]["outcomes"] == 46 and sum(dist["hand"]["counts"].values()) == 46
    assert dist["crib"]["outcomes"] == 45_540 and sum(dist["crib"]["counts"].values()) == 45_540
    crib = Fraction(sum(int(s) * n for s, n in dist["crib"]["counts"].items()), 45_540)
    assert float(crib) == next(o["crib_mean"] for o in data["options"] if o["throw"] == ["5S", "5C"])


def test_dist_five_cards() -> None:
    result = run("discard", FIVE, "--role", "partner", "--dist", "--throw", "4D")
    assert result.exit_code == 0, result.output
    assert "keep 5D 7D 8C JD, throw 4D" in result.output
    assert "hand score over the 47 starters" in result.output
    assert "crib score over its 713,460 equally likely completions" in result.output


def test_starter_detail_text() -> None:
    result = run("discard", DEAL, "--starter-detail")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    detail = lines[lines.index("starters for the kept hand") + 3 :]
    assert [line.split("  ")[0].strip() for line in detail] == ["24", "23", "16", "14", "12"]
    assert "any 4, any 6" in detail[0] and detail[0].endswith("6 of 46")
    assert "any 5" in detail[1]


def test_starter_detail_json() -> None:
    data = json.loads(run("discard", "JH 5H 2H 9H JS 3C", "--starter-detail", "-f", "json", "--role", "pone").output)
    best = data["options"][0]
    assert (data["starters"]["keep"], data["starters"]["throw"]) == (best["keep"], best["throw"])
    groups = data["starters"]["groups"]
    labels = {group["label"]: group["points"] for group in groups}
    assert labels["7H"] > labels["7S 7D 7C"]
    assert sum(len(group["starters"]) for group in groups) == 46


def test_starter_detail_json_names_the_chosen_throw() -> None:
    data = json.loads(run("discard", "5S 5C 6D JH 4C KS", "--starter-detail", "--throw", "4C 6D", "-f", "json").output)
    assert (data["starters"]["keep"], data["starters"]["throw"]) == (["5S", "5C", "JH", "KS"], ["4C", "6D"])


BATCH = (
    "\ufeffID,Hand,Role,note\r\n"
    "1,5S 5C 6D JH 4C KS,pone,a\r\n"
    "\r\n"
    "2,5S 5C,,b\r\n"
    '3,"JD,5D,4D,7D,8C",partner,"c, quoted"\r\n'
    "4,JD 5D 4D 7D 8C,boss,d\r\n"
    "5,AS 2D 3H 4C 9C KD,,e\r\n"
)


def test_batch_good_and_bad_rows() -> None:
    result = run("discard", "-", "--role", "dealer", input=BATCH)
    assert result.exit_code == 1
    assert result.stderr == "2 of 5 rows failed\n"
    lines = result.stdout.splitlines()
    assert lines[0] == "ID,Hand,Role,note,keep,throw,hand_mean,hand_min,hand_max,crib_mean,net_dealer,net_pone,error"
    pone = analyze_discards(parse_cards(DEAL), role="pone")[0]
    assert lines[1] == (
        f"1,5S 5C 6D JH 4C KS,pone,a,4C 5S 5C 6D,JH KS,{float(pone.hand_mean)!r},12,24,"
        f"{float(pone.crib_mean)!r},{float(pone.net_dealer)!r},{float(pone.net_pone)!r},"
    )
    assert lines[2].startswith("2,5S 5C,,b,,,,,,,,,") and "line 4: a deal is 6 cards" in lines[2]
    assert lines[3].startswith('3,"JD,5D,4D,7D,8C",partner,"c, quoted",4D 5D 7D JD,8C,')
    assert "line 6: unknown role 'boss'" in lines[4]
    assert lines[5].startswith("5,AS 2D 3H 4C 9C KD,,e,2D 3H 4C KD,AS 9C,")  # --role dealer fills the blank


def test_batch_jsonl_and_strict() -> None:
    result = run("discard", "-", "-f", "jsonl", input="hand\n5S 5C 6D JH 4C KS\n")
    assert result.exit_code == 0, result.output
    row = json.loads(result.stdout)
    assert row["keep"] == "4C 5S 5C 6D" and row["hand_min"] == 12 and row["error"] is None
    strict = run("discard", "-", "--strict", input="hand\n5S 5C\n5S 5C 6D JH 4C KS\n")
    assert strict.exit_code == 1 and "line 2:" in strict.stderr


def test_batch_header_only_and_file(tmp_path) -> None:
    assert run("discard", "-", input="hand,role\n").exit_code == 0
    path = tmp_path / "deals.csv"
    path.write_text("hand\nJD 5D 4D 7D 8C\n", encoding="utf-8")
    result = run("discard", str(path), "--players", "4", "--role", "partner")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[1].startswith("JD 5D 4D 7D 8C,4D 5D 7D JD,8C,")


BAD = {
    "four cards": ([DEAL[:11]], "a deal is 6 cards (two players) or 5 (three or four), got 4"),
    "duplicate": (["5S 5C 6D JH 4C 5S"], "duplicate card 5S"),
    "bad card": (["5S 5C 6D JH 4C ZS"], "'ZS' is not a card"),
    "six cards, three players": ([DEAL, "--players", "3"], "a 3-player deal is 5 cards, got 6"),
    "five cards, two players": ([FIVE, "--players", "2"], "a 2-player deal is 6 cards, got 5"),
    "partner with six cards": ([DEAL, "--role", "partner"], "role 'partner' is for four players"),
    "unknown role": ([DEAL, "--role", "owner"], "'owner' is not one of"),
    "five players": ([FIVE, "--players", "5"], "5 is not in the range"),
    "throw not dealt": ([DEAL, "--dist", "--throw", "5S 2C"], "--throw 5S 2C is not 2 of the dealt cards"),
    "empty throw": ([DEAL, "--dist", "--throw", ""], "no cards given"),
    "throw without detail": ([DEAL, "--throw", "5S 5C"], "--throw picks the throw for --dist or --starter-detail"),
    "throw unquoted, dealt": ([*DEAL.split(), "--throw", "5S", "5C", "--dist"],
                              "duplicate card 5C: a card may appear only once; --throw takes its cards quoted, as in --throw '5S 5C'"),
    "throw unquoted, not dealt": ([*DEAL.split(), "--throw", "5S", "QH", "--dist"],
                                  "a deal is at most 6 cards, got 7; --throw takes its cards quoted, as in --throw '5S QH'"),
    "throw unquoted, bad deal": (["5S 5C 6D JH 4C ZZ", "--throw", "5S", "5C"], "'ZZ' is not a card: neither rank nor suit"),
    "csv for one deal": ([DEAL, "-f", "csv"], "--format csv is for batch input"),
    "table for batch": (["-", "-f", "table"], "--format table is not for batch input"),
    "detail for batch": (["-", "--dist"], "are for one deal, not batch input"),
    "batch without hand column": (["-"], "the input has no 'hand' column"),
    "five-card cribbage, six cards": ([DEAL, "--variant", "five"], "a five-card cribbage deal is 5 cards, got 6"),
    "five-card cribbage, three players": ([FIVE, "--variant", "five", "--players", "3"], "five-card cribbage is for two players, not 3"),
    "five-card cribbage, partner": ([FIVE, "--variant", "five", "--role", "partner"], "role 'partner' is for four players"),
    "five-card cribbage, batch for four": (["-", "--variant", "five", "--players", "4"], "two players, not 4"),
}


@pytest.mark.parametrize(("args", "message"), BAD.values(), ids=BAD.keys())
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    result = run("discard", *args, input="deal\n5S\n")
    assert result.exit_code == 2, result.output
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert "Traceback" not in result.output


def test_a_deal_need_not_be_quoted() -> None:
    quoted = run("discard", DEAL, "-f", "json")
    unquoted = run("discard", *DEAL.split(), "-f", "json")
    assert unquoted.exit_code == 0, unquoted.output
    assert unquoted.stdout == quoted.stdout


def test_plain_lines_of_deals_need_no_header() -> None:
    result = run("discard", "-", "--role", "dealer", input="5S 5C 6D JH 4C KS\n5S 5C 6D JH 4C\n")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "hand,keep,throw,hand_mean,hand_min,hand_max,crib_mean,net_dealer,net_pone,error"
    assert lines[1].startswith("5S 5C 6D JH 4C KS,4C 5S 5C 6D,JH KS,")
    assert lines[2].startswith("5S 5C 6D JH 4C,")


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "3", "--role", "partner"], "role 'partner' is for four players"),
    (["--players", "2", "--role", "partner"], "role 'partner' is for four players"),
], ids=["3 players", "2 players"])
def test_options_that_never_work_are_refused_before_any_row(args: list[str], message: str) -> None:
    result = run("discard", "-", *args, input="hand\n5S 5C 6D JH 4C\n")
    assert result.exit_code == 2, result.output
    assert result.stdout == "" and message in result.stderr


def test_help_explains_the_columns() -> None:
    text = " ".join(run("discard", "--help").stdout.split())
    assert "'min' and 'max' its lowest and highest" in text
    assert "The net adds the crib for the dealer (and the dealer's partner) and subtracts it for the pone" in text


def test_five_card_cribbage_weighs_ten_throws_exactly() -> None:
    result = run("discard", "--variant", "five", "5S 5C 6D JH 4C", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    options = analyze_discards(parse_cards("5S 5C 6D JH 4C"), variant="five")
    assert len(data["options"]) == 10
    assert [(o["keep"], o["throw"]) for o in data["options"]] == [
        ([str(c) for c in o.keep], [str(c) for c in o.throw]) for o in options
    ]
    assert data["options"][0]["hand_mean"] == float(Fraction(8)) and data["options"][0]["keep"] == ["5S", "5C", "JH"]
    table = run("discard", "--variant", "five", "5S 5C 6D JH 4C", "--role", "pone")
    assert table.exit_code == 0, table.output
    assert table_rows(table.output)[0] == ["5S 5C JH", "4C 6D", "8.00", "6", "15", "4.31", "3.69"]
    assert "hand: over the 47 unseen starters; crib: opponent's throw: any two unseen cards" in table.output


def test_five_card_cribbage_detail_and_batch() -> None:
    detail = run("discard", "--variant", "five", "5S 5C 6D JH 4C", "--dist", "--throw", "5S JH", "-f", "json")
    assert detail.exit_code == 0, detail.output
    dist = json.loads(detail.stdout)["dist"]
    assert dist["keep"] == ["4C", "5C", "6D"] and dist["hand"]["outcomes"] == 47 and dist["crib"]["outcomes"] == 48_645
    batch = run("discard", "-", "--variant", "five", "--role", "pone", input="5S 5C 6D JH 4C\n5S 5C 6D JH 4C KS\n")
    assert batch.exit_code == 1
    lines = batch.stdout.splitlines()
    assert lines[1].startswith("5S 5C 6D JH 4C,5S 5C JH,4C 6D,8.0,6,15,")
    assert lines[2].endswith('"line 2: a five-card cribbage deal is 5 cards, got 6"')


@pytest.mark.parametrize(("deal", "role", "seat"), [
    ("2S 2H 6D 8C TD KC", "dealer", 1),  # 6D 8C: 3.83 + 5.23 = 9.06, + 0.99 = 10.05 (10.04 summed before rounding)
    ("5S 5C 6D JH 4C KS", "pone", 0),
    ("AS 2D 6D 9S 9C QC", "pone", 0),
], ids=["the review's 6D 8C", "the 29 hand's deal", "a pone's"])
def test_the_printed_figures_add_up_and_are_the_analysts(deal: str, role: str, seat: int) -> None:
    """One rounding rule: a printed net is the printed hand and crib's, a total the printed net and peg's,
    and each is the figure the coach and the review give for the same throw."""
    result = run("discard", deal, "--role", role, "--pegging")
    assert result.exit_code == 0, result.output
    analysis = analyze_throws(View(GameRules(), seat, 1, (0, 0), parse_cards(deal)))
    rows = [line.split() for line in result.stdout.splitlines()[2:2 + len(analysis.options)]]
    for row in rows:
        hand, crib, net, peg, total = (round(float(row[at]) * 100) for at in (6, 9, 10, 11, 12))
        option = analysis.option(parse_cards(" ".join(row[4:6])))
        assert net == (hand + crib if role == "dealer" else hand - crib) and total == net + peg
        assert (hand, crib, net, peg, total) == (option.hand, option.crib, option.net, option.peg, option.points)
