"""crib tournament: every pairing's games are crib simulate's, the standings, the Bradley-Terry ratings
against the likelihood they maximize, the cross table, mixed players, faults and errors."""

from __future__ import annotations

import json
import math
import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from test_cli_simulate import on_a_terminal

from crib_cli.cli import cli
from crib_cli.game.tournament import ELO, PRIOR, pairings, ratings, standings

ROOT = Path(__file__).resolve().parent.parent
ENGINE = shlex.join([sys.executable, "-m", "crib_cli", "engine", "--strategy", "greedy"])
FAULTY = shlex.join([sys.executable, str(ROOT / "tests" / "programs" / "faulty.py")])

PLUGIN = """
import random
from crib_cli.game.strategies import RandomPlayer

def make():
    return RandomPlayer(random.Random(3))
"""


def tournament(*args: str) -> Result:
    return CliRunner().invoke(cli, ["tournament", *args])


def log_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.mark.parametrize("duplicate", [(), ("--duplicate",)], ids=["plain", "duplicate"])
def test_each_pairing_plays_the_games_crib_simulate_plays(tmp_path: Path, duplicate: tuple[str, ...]) -> None:
    players = ["greedy", "random", "expert-basic"]
    log = tmp_path / "t.jsonl"
    result = tournament(*players, "--games", "4", "--seed", "9", "--log", str(log), *duplicate)
    assert result.exit_code == 0, result.output
    lines = log_lines(log)
    assert [line["game"] for line in lines] == list(range(12))
    for number, (a, b) in enumerate(pairings(3)):
        alone = tmp_path / f"{a}{b}.jsonl"
        ran = CliRunner().invoke(cli, ["simulate", "--a", players[a], "--b", players[b], "--games", "4", "--seed", "9",
                                       "--log", str(alone), *duplicate])
        assert ran.exit_code == 0, ran.output
        mine = [dict(line, game=line["game"] - 4 * number) for line in lines[4 * number:4 * number + 4]]
        assert mine == log_lines(alone)


def test_the_standings_count_every_game_of_the_log(tmp_path: Path) -> None:
    players = ["greedy", "random", "expert-basic", "expert-points"]
    log = tmp_path / "t.jsonl"
    result = tournament(*players, "--games", "6", "--seed", "2", "--log", str(log), "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    won = [line["players"][line["winner"]] for line in log_lines(log)]
    assert {line["player"]: line["wins"] for line in data["standings"]} == {p: won.count(p) for p in players}
    assert all(line["games"] == 18 for line in data["standings"])
    shown = [line["rating"]["rating"] for line in data["standings"]]
    assert shown == sorted(shown, reverse=True) and sum(shown) == pytest.approx(0, abs=1e-6)
    assert [(p["a"], p["b"]) for p in data["pairings"]] == [(players[a], players[b]) for a, b in pairings(4)]
    for pairing in data["pairings"]:
        assert sum(pairing["wins"]) == 6 and pairing["win_rate"]["rate"] == pairing["wins"][0] / 6


WINS = [
    [[0, 75], [25, 0]],
    [[0, 30, 80], [70, 0, 90], [20, 10, 0]],
    [[0, 10, 3, 0], [2, 0, 6, 9], [7, 4, 0, 5], [10, 1, 5, 0]],
    [[0, 12, 0], [0, 0, 7], [0, 3, 0]],  # 0 won every game: finite through the prior
]


@pytest.mark.parametrize("wins", WINS)
def test_the_ratings_are_where_each_players_expected_wins_are_his_wins(wins: list[list[int]]) -> None:
    """The likelihood's maximum: each player's wins (with the prior) equal the model's expected wins."""
    fitted = ratings(wins)
    count = len(wins)
    theta = [r.rating / ELO for r in fitted if r is not None]
    for i in range(count):
        expected = sum((wins[i][j] + wins[j][i] + 2 * PRIOR) / (1 + math.exp(theta[j] - theta[i]))
                       for j in range(count) if j != i and wins[i][j] + wins[j][i])
        actual = sum(wins[i][j] + PRIOR for j in range(count) if j != i and wins[i][j] + wins[j][i])
        assert expected == pytest.approx(actual, rel=1e-9)
    assert sum(theta) == pytest.approx(0, abs=1e-9)


@pytest.mark.parametrize(("won", "lost"), [(75, 25), (10, 90), (500, 500), (3, 0)])
def test_two_players_ratings_and_intervals_are_the_log_odds_and_its_standard_error(won: int, lost: int) -> None:
    a, b = ratings([[0, won], [lost, 0]])
    assert a is not None and b is not None
    odds = (won + PRIOR) / (lost + PRIOR)
    p, n = odds / (1 + odds), won + lost + 2 * PRIOR
    assert a.rating - b.rating == pytest.approx(ELO * math.log(odds))
    half = 1.959963984540054 * ELO / math.sqrt(n * p * (1 - p)) / 2  # each holds half the difference
    assert a.high - a.rating == pytest.approx(half) and a.rating - a.low == pytest.approx(half)


def test_a_player_yet_to_play_has_no_rating_and_stands_last() -> None:
    lines = standings([[0, 4, 0], [1, 0, 0], [0, 0, 0]])
    assert [line.player for line in lines] == [0, 1, 2] and lines[2].rating is None and lines[2].games == 0


def test_the_table_report() -> None:
    result = tournament("greedy", "random", "expert-basic", "--games", "4", "--seed", "3")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[:2] == ["greedy, random and expert-basic: 3 pairings of 4 games to 121, seed 3",
                         "each pairing X-Y plays the games of crib simulate --a X --b Y --seed 3"]
    assert lines[2].split() == ["rank", "player", "rating", "95%", "interval", "games", "wins", "win", "rate"]
    assert "the row's win rate against the column, and its 95% interval" in lines
    assert lines[-6].split()[:2] == ["1", "greedy"]


def test_a_cross_table_too_wide_for_the_terminal_is_a_list_of_pairings() -> None:
    result = CliRunner().invoke(cli, ["tournament", "greedy", "random", "expert-basic", "expert-points", "--games",
                                      "2"], env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    listed = [line for line in result.output.splitlines() if " against " in line]
    assert len(listed) == 6 and listed[0].startswith("greedy against random: ")


def test_built_in_plug_in_and_program_players_mix(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "plug_tour.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "plug_tour", raising=False)
    players = ["greedy", "plug_tour:make", f"exec:{ENGINE}"]
    result = tournament(*players, "--games", "4", "-f", "json", "--program-stderr", str(tmp_path / "err.log"))
    assert result.exit_code == 0, result.output
    assert [line["player"] for line in json.loads(result.output)["standings"]].count(f"exec:{ENGINE}") == 1


def test_two_jobs_give_the_same_tournament(tmp_path: Path) -> None:
    one, two = tmp_path / "1.jsonl", tmp_path / "2.jsonl"
    for log, jobs in [(one, "1"), (two, "2")]:
        assert tournament("greedy", "random", "--games", "8", "--jobs", jobs, "--log", str(log)).exit_code == 0
    assert one.read_bytes() == two.read_bytes()


def test_a_faulty_program_ends_the_tournament_in_one_line(tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    spec = f"exec:{FAULTY} noise"
    result = tournament("greedy", spec, "--games", "4", "--log", str(log), "--program-stderr", str(tmp_path / "e"))
    assert result.exit_code == 1
    assert result.stderr.startswith(f"Error: seat 1 ({spec}) wrote 'thinking about it...'") and "Traceback" not in result.output
    assert [line["game"] for line in log_lines(log)] == [0]


@pytest.mark.parametrize(("args", "said"), [
    (["greedy"], "name two players or more"),
    (["greedy", "random", "greedy"], "'greedy' is named twice: name each player once"),
    (["greedy", "random", "--duplicate", "--games", "5"], "give a multiple of 2, e.g. 6"),
    (["greedy", "nobody"], "nobody"),
    (["greedy", "random", "--cluster", "tcp://x:1", "--jobs", "2"], "--jobs is for worker processes here"),
])
def test_usage_errors(args: list[str], said: str) -> None:
    result = tournament(*args)
    assert result.exit_code == 2 and said in result.output, result.output
    assert "Traceback" not in result.output


def test_ctrl_c_reports_the_games_finished_and_exits_130(tmp_path: Path) -> None:
    log = tmp_path / "t.jsonl"
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    process = subprocess.Popen([sys.executable, "-m", "crib_cli", "tournament", "random", "greedy", "expert-basic",
                                "--games", "100000", "-f", "json", "--log", str(log)],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    deadline = time.monotonic() + 60
    while (not log.exists() or log.stat().st_size == 0) and time.monotonic() < deadline:
        time.sleep(0.1)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 130, err
    data = json.loads(out)
    played = sum(pairing["games"] for pairing in data["pairings"])
    assert data["partial"] and played == len(log_lines(log)) and played > 0
    assert err.startswith("Interrupted: the report covers ")


def test_progress_on_a_terminal_counts_the_games_of_every_pairing() -> None:
    shown, _, status = on_a_terminal(["tournament", "greedy", "random", "expert-basic", "--games", "20"],
                                     dict(os.environ, PYTHONPATH=str(ROOT)))
    assert status == 0
    last = shown.decode().replace("\r\n", "\n").split("\r")[-1]
    assert last.startswith("games 60/60 (100%), ") and last.rstrip().endswith(" in all"), shown
