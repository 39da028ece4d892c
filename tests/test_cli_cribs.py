"""crib cribs, and crib discard's --crib-model and --pegging, through CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result

from crib_cli.cards import parse_cards
from crib_cli.cli import cli
from crib_cli.cribs import pair_table
from crib_cli.discard import analyze_discards


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(cli, list(args), input=input)


@pytest.mark.parametrize("model", ["random", "expert"])
def test_cribs_json_is_the_pair_table(model: str) -> None:
    result = run("cribs", "--crib-model", model, "-f", "json")
    assert result.exit_code == 0, result.output
    rows = json.loads(result.stdout)
    table = pair_table(model)
    assert len(rows) == len(table) == 169
    assert [(r["ranks"], r["suited"], r["dealer"], r["pone"]) for r in rows] == [(p.ranks, p.suited, p.dealer, p.pone) for p in table]
    assert {r["crib_model"] for r in rows} == {model}
    assert sum(not r["suited"] for r in rows) == 91


def test_cribs_table_names_its_model() -> None:
    result = run("cribs", "--crib-model", "expert")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["thrown", "dealer's", "crib", "pone's", "gift"]
    assert lines[-2].split()[:2] == ["K-K", "4.60"]
    assert lines[-1].startswith("crib model: expert (")
    random = run("cribs").stdout.splitlines()
    assert random[-1].startswith("crib model: random (")


def test_discard_expert_model_and_pegging_table() -> None:
    result = run("discard", "5S 5C 6D JH 4C KS", "--role", "pone", "--crib-model", "expert", "--pegging")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split() == ["keep", "throw", "hand", "min", "max", "crib", "net", "(pone)", "peg", "total", "(pone)"]
    best = analyze_discards(parse_cards("5S 5C 6D JH 4C KS"), role="pone", crib_model="expert", pegging=True)[0]
    assert lines[2].split()[-3:] == [f"{float(best.net('pone')):.2f}", f"{best.peg:.2f}", f"{best.total('pone'):.2f}"]
    assert "crib: opponent's throw: an expert's" in result.stdout
    assert "peg: the kept cards' points pegged less points conceded in the play" in result.stdout


def test_discard_json_carries_each_term_and_the_model() -> None:
    data = json.loads(run("discard", "5S 5C 6D JH 4C KS", "--role", "dealer", "--pegging", "-f", "json").stdout)
    assert data["crib_model"] == "random"
    first = data["options"][0]
    assert set(first) >= {"hand_mean", "crib_mean", "net_dealer", "peg", "peg_error", "total"}
    assert first["total"] == pytest.approx(first["net_dealer"] + first["peg"])
    totals = [o["total"] for o in data["options"]]
    assert totals == sorted(totals, reverse=True)


def test_discard_batch_with_pegging_adds_columns() -> None:
    result = run("discard", "-", "--role", "dealer", "--pegging", "--crib-model", "expert",
                 input="hand\n5S 5C 6D JH 4C KS\n")
    assert result.exit_code == 0, result.output
    header, row = result.stdout.splitlines()
    assert header.endswith("net_dealer,net_pone,peg,total,error")
    best = analyze_discards(parse_cards("5S 5C 6D JH 4C KS"), role="dealer", crib_model="expert", pegging=True)[0]
    assert row.split(",")[-3:] == [str(best.peg), str(best.total("dealer")), ""]


@pytest.mark.parametrize(("args", "message"), [
    (["--crib-model", "expert"], "the expert crib model: the role decides it: dealer or pone"),
    (["--pegging", "--players", "3"], "for two-player six-card cribbage only"),
], ids=["expert without a role", "pegging with three"])
def test_discard_model_usage_errors(args: list[str], message: str) -> None:
    deal = "5S 5C 6D JH 4C KS" if "--players" not in args else "5S 5C 6D JH 4C"
    result = run("discard", deal, *args)
    assert result.exit_code == 2 and message in result.stderr
