"""crib simulate through CliRunner: the report, the log, plug-in players, jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from crib_cli.cards import parse_card
from crib_cli.cli import cli
from crib_cli.game import run_games, summarize


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["simulate", *args])


def test_json_report_is_the_summary_of_the_seeded_games() -> None:
    result = run("--games", "40", "--a", "greedy", "--b", "random", "--seed", "5", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    report = summarize((record for _, record in run_games(("greedy", "random"), 40, seed=5)), ("greedy", "random"))
    assert (data["games"], data["deals"], data["target"], data["seed"]) == (40, report.deals, 121, 5)
    assert [p["wins"] for p in data["players"]] == list(report.wins)
    assert [p["game_points"] for p in data["players"]] == list(report.game_points)
    assert data["players"][0]["win_rate"]["low"] == report.win_rates[0].low
    assert [(r["player"], r["role"], r["pegging"]) for r in data["per_deal"]] == [
        ("AB"[a.seat], a.role, a.pegging) for a in report.roles
    ]


def test_table_report() -> None:
    result = run("--games", "30", "--a", "greedy", "--b", "random", "--to", "61")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "greedy (A) against random (B): 30 games to 61, seed 1, first deal alternating"
    assert lines[1].split() == ["player", "wins", "win", "rate", "95%", "interval", "game", "points", "lurches"]
    assert lines[3].startswith("A greedy") and lines[4].startswith("B random")
    assert lines[5].startswith("the first dealer won ")
    assert [line.split()[:3] for line in lines[9:13]] == [
        ["A", "greedy", "dealer"], ["A", "greedy", "pone"], ["B", "random", "dealer"], ["B", "random", "pone"]
    ]


def test_the_log_has_a_line_a_game_whose_points_re_add(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    result = run("--games", "12", "--a", "greedy", "--b", "greedy", "--log", str(log))
    assert result.exit_code == 0, result.output
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert [g["game"] for g in games] == list(range(12))
    assert [g["first_dealer"] for g in games] == [i % 2 for i in range(12)]
    for game in games:
        totals = [0, 0]
        for deal in game["deals"]:
            totals[deal["dealer"]] += deal["heels"]
            for seat in (0, 1):
                totals[seat] += deal["pegging"][seat]
            for show in deal["shows"]:
                totals[show["seat"]] += show["points"]
            assert all(parse_card(card) for hand in deal["hands"] for card in hand)
        assert game["scores"] == [min(t, 121) for t in totals] and max(game["scores"]) == 121


def test_jobs_change_nothing_but_the_time(tmp_path: Path) -> None:
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    first = run("--games", "24", "--a", "greedy", "--b", "random", "--jobs", "1", "--log", str(one))
    second = run("--games", "24", "--a", "greedy", "--b", "random", "--jobs", "2", "--log", str(two))
    assert first.exit_code == second.exit_code == 0, first.output + second.output
    assert first.stdout == second.stdout
    assert one.read_text() == two.read_text()


BOT = '''
from crib_cli.game import GreedyPlayer

class Cheat(GreedyPlayer):
    def play(self, view):
        return view.hand[0] if view.count + view.hand[0].value > 31 else super().play(view)

def make_player():
    return GreedyPlayer()

def make_cheat():
    return Cheat()
'''


def test_a_plug_in_player(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mybot.py").write_text(BOT)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run("--games", "10", "--a", "greedy", "--b", "mybot:make_player", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [p["name"] for p in data["players"]] == ["greedy", "mybot:make_player"]


def test_a_plug_in_that_cheats_is_named_with_its_move(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "mybot.py").write_text(BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run("--games", "10", "--a", "greedy", "--b", "mybot:make_cheat")
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: seat 1 (mybot:make_cheat) played ")
    assert "which would pass 31" in result.stderr and result.stderr.count("\n") == 1


@pytest.mark.parametrize(("args", "message"), [
    (["--a", "grandmaster", "--b", "random"], "'grandmaster' is not a player"),
    (["--a", "greedy", "--b", "nosuchmodule:make"], "nosuchmodule"),
    (["--a", "greedy", "--b", "random", "--games", "0"], "--games"),
    (["--a", "greedy", "--b", "random", "--to", "100"], "'100' is not one of"),
], ids=["unknown name", "missing module", "no games", "bad target"])
def test_usage_errors(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_a_log_that_cannot_be_written(tmp_path: Path) -> None:
    result = run("--games", "2", "--a", "greedy", "--b", "random", "--log", str(tmp_path))
    assert result.exit_code == 2
    assert "cannot write" in result.stderr or "is a directory" in result.stderr
