"""crib simulate through CliRunner and as a process: the report, the log, plug-in players, jobs, errors, Ctrl-C, progress."""

from __future__ import annotations

import io
import json
import os
import pty
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from bots import KILLER
from click.testing import CliRunner, Result

from crib_cli.cards import parse_card
from crib_cli.cli import cli
from crib_cli.cli.runs import Progress
from crib_cli.game import GameRules, by_side, run_games, summarize


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


@pytest.mark.parametrize(("games", "words"), [("1", "1 game"), ("2", "2 games")])
def test_the_title_counts_games(games: str, words: str) -> None:
    result = run("--games", games, "--a", "random", "--b", "random", "--to", "61")
    assert result.stdout.splitlines()[0] == f"random (A) against random (B): {words} to 61, seed 1, first deal alternating"


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


def test_three_players_one_seat_each() -> None:
    result = run("--players", "3", "--a", "greedy", "--b", "random", "--c", "greedy", "--games", "12", "--to", "61")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("greedy (A), random (B) and greedy (C): 12 games to 61, seed 1, first deal rotating; "
                        "each for himself, so no skunks")
    assert lines[1].split() == ["player", "wins", "win", "rate", "95%", "interval", "game", "points"]
    assert [line.split()[:2] for line in lines[3:6]] == [["A", "greedy"], ["B", "random"], ["C", "greedy"]]
    assert [line.split()[:3] for line in lines[10:16]] == [
        ["A", "greedy", "dealer"], ["A", "greedy", "pone"], ["B", "random", "dealer"],
        ["B", "random", "pone"], ["C", "greedy", "dealer"], ["C", "greedy", "pone"],
    ]


def test_three_players_json_is_the_summary_per_seat(tmp_path: Path) -> None:
    log = tmp_path / "three.jsonl"
    result = run("--players", "3", "--a", "greedy", "--b", "random", "--games", "9", "--seed", "2", "-f", "json", "--log", str(log))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    specs = ("greedy", "random", "greedy")  # C defaults to greedy
    records = [record for _, record in run_games(specs, 9, seed=2, rules=GameRules(3))]
    report = summarize(records, specs)
    assert (data["seats"], data["variant"], data["target"]) == (3, "six", 121)
    assert [(p["player"], p["name"], p["wins"]) for p in data["players"]] == [
        ("A", "greedy", report.wins[0]), ("B", "random", report.wins[1]), ("C", "greedy", report.wins[2])
    ]
    assert sum(p["wins"] for p in data["players"]) == 9
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert [g["first_dealer"] for g in games] == [i % 3 for i in range(9)]
    assert all(g["players"] == list(specs) and len(g["scores"]) == 3 for g in games)


def test_four_players_are_two_sides() -> None:
    result = run("--players", "4", "--a", "greedy", "--b", "random", "--games", "8")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == ("greedy + greedy (A) against random + random (B): 8 games to 121, seed 1, "
                        "first deal rotating; partners sit opposite")
    assert lines[1].split()[:2] == ["side", "wins"] and lines[1].split()[-2:] == ["double", "skunks"]
    assert lines[3].startswith("A greedy + greedy") and lines[4].startswith("B random + random")
    assert lines[5].startswith("the first dealer's side won ")
    assert [line.split()[4] for line in lines[9:15]] == ["dealer", "partner", "pone"] * 2


def test_four_players_json_merges_partners() -> None:
    result = run("--players", "4", "--a", "greedy", "--b", "random", "--games", "8", "--seed", "3", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    specs = ("greedy", "random", "greedy", "random")
    rules = GameRules(4)
    report = summarize((r for _, r in run_games(specs, 8, seed=3, rules=rules)), specs)
    assert [p["name"] for p in data["players"]] == ["greedy + greedy", "random + random"]
    assert [p["wins"] for p in data["players"]] == list(report.wins)
    merged = by_side(report, rules)
    assert [(row["player"], row["role"], row["deals"]) for row in data["per_deal"]] == [
        ("AB"[a.seat], a.role, a.deals) for a in merged
    ]
    for side in (0, 1):
        for kind in ("dealer", "partner", "pone"):
            seats = [a for a in report.roles if rules.side(a.seat) == side and a.role == kind]
            row = next(r for r in data["per_deal"] if r["player"] == "AB"[side] and r["role"] == kind)
            assert row["deals"] == sum(a.deals for a in seats)
            assert row["total"] == pytest.approx(sum(a.total * a.deals for a in seats) / row["deals"])


def test_five_card_cribbage_plays_to_61_by_default(tmp_path: Path) -> None:
    log = tmp_path / "five.jsonl"
    result = run("--variant", "five", "--a", "expert", "--b", "random", "--games", "6", "--log", str(log))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "expert (A) against random (B): 6 games of five-card cribbage to 61, seed 1, first deal alternating"
    assert lines[1].split()[-1] == "lurches"
    for game in (json.loads(line) for line in log.read_text().splitlines()):
        assert game["variant"] == "five" and game["target"] == 61 and max(game["scores"]) == 61
        totals = [0, 0]
        totals[game["three_for_last"]["seat"]] += game["three_for_last"]["points"]
        for deal in game["deals"]:
            assert all(len(hand) == 5 for hand in deal["hands"]) and all(len(t) == 2 for t in deal["discards"])
            totals[deal["dealer"]] += deal["heels"]
            for seat in (0, 1):
                totals[seat] += deal["pegging"][seat]
            for show in deal["shows"]:
                totals[show["seat"]] += show["points"]
        assert game["scores"] == [min(t, 61) for t in totals]
    longer = run("--variant", "five", "--a", "greedy", "--b", "random", "--games", "2", "--to", "121", "-f", "json")
    assert longer.exit_code == 0 and json.loads(longer.stdout)["target"] == 121


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "4", "--c", "greedy"], "--c is for three players: with four, --a and --b name the two sides"),
    (["--c", "greedy"], "--c is for three players"),
    (["--players", "3", "--variant", "five"], "five-card cribbage is for two players, not 3"),
    (["--players", "5"], "5 is not in the range 2<=x<=4"),
    (["--players", "3", "--c", "nobody"], "'nobody' is not a player"),
    (["--variant", "seven"], "'seven' is not one of 'six', 'five'"),
], ids=["--c with four", "--c with two", "five-card for three", "five players", "bad C", "unknown variant"])
def test_usage_errors_with_more_players(args: list[str], message: str) -> None:
    result = run("--games", "2", *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


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


def test_every_game_starts_at_the_given_scores_with_the_given_dealer(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    result = run("--games", "6", "--a", "greedy", "--b", "random", "--start", "100,110", "--first-dealer", "b",
                 "--log", str(log))
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[0] == (
        "greedy (A) against random (B): 6 games to 121 from 100-110, seed 1, B deals first"
    )
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert all(g["start"] == [100, 110] and g["first_dealer"] == 1 for g in games)
    assert all(g["deals"][0]["dealer"] == 1 for g in games)
    data = json.loads(run("--games", "6", "--a", "greedy", "--b", "random", "--start", "100,110",
                          "--first-dealer", "b", "-f", "json").stdout)
    assert (data["start"], data["first_deal"]) == ([100, 110], "B")
    dashed = run("--games", "6", "--a", "greedy", "--b", "random", "--start", "100-110", "--first-dealer", "b")
    assert dashed.stdout == result.stdout  # written as the report writes it, as --score takes it


@pytest.mark.parametrize(("args", "message"), [
    (["--start", "100"], "'100': give 2 scores, A,B, e.g. 95,110"),
    (["--start", "100,121"], "a score of 121 has already won a game to 121"),
    (["--start", "90,1x"], "give 2 scores"),
    (["--variant", "five", "--start", "0,61"], "a score of 61 has already won a game to 61"),
    (["--players", "4", "--start", "1,2,3"], "give 2 scores"),
    (["--first-dealer", "c"], "there is no player C with 2 players"),
], ids=["one score", "a won score", "not a number", "five-card", "four players: two sides", "no C"])
def test_bad_starts_are_usage_errors(args: list[str], message: str) -> None:
    result = run("--games", "1", *args)
    assert result.exit_code == 2 and message in result.stderr


def test_three_players_start_and_deal_as_asked() -> None:
    result = run("--games", "3", "--players", "3", "--a", "greedy", "--b", "greedy", "--c", "random",
                 "--start", "50,60,70", "--first-dealer", "c", "-f", "json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["first_deal"] == "C"


RAISING = '''
from crib_cli.game import GreedyPlayer

made = 0


class Throws(GreedyPlayer):
    def discard(self, view):
        return 1 / 0 if view.scores[1] > 30 else super().discard(view)  # throws here


class Lays(GreedyPlayer):
    def play(self, view):
        if view.count > 20:
            return helper(view)
        return super().play(view)


def helper(view):
    return {}["missing"]  # lays here


def make_thrower():
    return Throws()


def make_layer():
    return Lays()


def make_later():
    global made
    made += 1
    if made > 3:  # past its check and two games, in each process
        raise RuntimeError("no more\\n  players")  # made here (told on one line)
    return GreedyPlayer()
'''


def line_of(marker: str) -> int:
    return next(at for at, line in enumerate(RAISING.splitlines(), 1) if f"# {marker}" in line)


@pytest.fixture
def raising(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "raising.py").write_text(RAISING)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "raising", raising=False)


RAISERS = [
    ("raising:make_thrower", f"raised ZeroDivisionError: division by zero in discard(), at raising.py:{line_of('throws here')}"),
    ("raising:make_layer", f"raised KeyError: 'missing' in play(), at raising.py:{line_of('lays here')}"),
    ("raising:make_later", f"raised RuntimeError: no more players in its factory, at raising.py:{line_of('made here')}"),
]


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("bot", "what"), RAISERS, ids=["discard", "play, in a function it calls", "factory"])
@pytest.mark.usefixtures("raising")
def test_a_bot_that_raises_is_one_line_naming_seat_bot_exception_and_line(bot: str, what: str, jobs: str) -> None:
    result = run("--games", "20", "--a", "greedy", "--b", bot, "--jobs", jobs)
    assert result.exit_code == 1, result.output
    assert result.stderr == f"Error: seat 1 ({bot}) {what}\n"


@pytest.mark.usefixtures("raising")
def test_traceback_shows_the_bots_error_whole() -> None:
    result = run("--games", "20", "--a", "raising:make_layer", "--b", "greedy", "--traceback")
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert lines[0] == "Traceback (most recent call last):"
    assert f'raising.py", line {line_of("lays here")}, in helper' in result.stderr
    error = f"Error: seat 0 (raising:make_layer) raised KeyError: 'missing' in play(), at raising.py:{line_of('lays here')}"
    assert lines[-2:] == ["KeyError: 'missing'", error]


STOPPER = '''
import os
import signal
import time

from crib_cli.game import GreedyPlayer

made = 0


class Stopper(GreedyPlayer):
    """Presses Ctrl-C on its own process (``times`` times) as it throws its first cards, each press once
    the one before was handled (its handler changed): a press while the one before is pending is lost."""

    def __init__(self, times):
        self.times = times

    def discard(self, view):
        for _ in range(self.times):
            handler = signal.getsignal(signal.SIGINT)
            os.kill(os.getpid(), signal.SIGINT)
            while signal.getsignal(signal.SIGINT) is handler:
                time.sleep(0.01)
        self.times = 0
        return super().discard(view)


def make():
    global made
    made += 1
    return Stopper({times} if made == 5 else 0)  # 1 is the check, 2-4 play games 0-2, 5 plays game 3
'''


def simulate_process(args: list[str], cwd: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen([sys.executable, "-m", "crib_cli", "simulate", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True)


def test_ctrl_c_reports_the_games_finished_and_the_log_holds_them(tmp_path: Path) -> None:
    (tmp_path / "stopper.py").write_text(STOPPER.format(times=1))
    args = ["--games", "50", "--a", "greedy", "--b", "stopper:make", "-f", "json"]
    stdout, stderr = simulate_process([*args, "--log", "games.jsonl"], tmp_path).communicate(timeout=120)
    report = json.loads(stdout)
    assert (report["games"], report["games_asked"], report["partial"]) == (4, 50, True)  # game 3 was under way
    assert stderr == b"Interrupted: the report covers the first 4 of 50 games\n"
    games = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [game["game"] for game in games] == [0, 1, 2, 3]
    whole = json.loads(simulate_process(["--games", "4", *args[2:]], tmp_path).communicate(timeout=120)[0])
    assert report == {**whole, "games_asked": 50, "partial": True}


def test_ctrl_c_marks_the_table_report_partial_and_exits_130(tmp_path: Path) -> None:
    (tmp_path / "stopper.py").write_text(STOPPER.format(times=1))
    process = simulate_process(["--games", "50", "--a", "greedy", "--b", "stopper:make"], tmp_path)
    stdout, _ = process.communicate(timeout=120)
    assert process.returncode == 130
    assert stdout.decode().splitlines()[:2] == [
        "greedy (A) against stopper:make (B): 4 games to 121, seed 1, first deal alternating",
        "partial: interrupted, so this covers the first 4 of 50 games (games 0-3, what --games 4 plays)",
    ]


def test_a_second_ctrl_c_aborts_at_once(tmp_path: Path) -> None:
    (tmp_path / "stopper.py").write_text(STOPPER.format(times=2))
    process = simulate_process(["--games", "50", "--a", "greedy", "--b", "stopper:make", "--log", "games.jsonl"], tmp_path)
    stdout, stderr = process.communicate(timeout=120)
    assert (process.returncode, stdout, stderr) == (130, b"", b"\nAborted!\n")
    assert (tmp_path / "games.jsonl").read_text().count("\n") == 3  # games 0-2, each whole


def test_ctrl_c_with_jobs_keeps_the_first_games(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    process = simulate_process(["--games", "20000", "--a", "greedy", "--b", "random", "--jobs", "2", "--log", str(log),
                                "-f", "json"], tmp_path)
    deadline = time.monotonic() + 120
    while not (log.exists() and log.read_text().count("\n") >= 1):
        assert process.poll() is None and time.monotonic() < deadline, "the run did not get under way"
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGINT)  # as a terminal does: the workers get it too, and leave it to the parent
    stdout, stderr = process.communicate(timeout=120)
    assert process.returncode == 130, stderr
    report = json.loads(stdout)
    assert 0 < report["games"] < 20000 and report["partial"]
    games = [json.loads(line) for line in log.read_text().splitlines()]
    assert [game["game"] for game in games] == list(range(report["games"]))
    assert stderr.decode() == f"Interrupted: the report covers the first {report['games']:,} of 20,000 games\n"


def on_a_terminal(args: list[str], env: dict[str, str] | None = None) -> tuple[bytes, bytes, int]:
    """``python -m crib_cli ARGS`` with its standard error on a terminal: what the terminal showed, the
    standard output and the exit status."""
    main, other = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "crib_cli", *args], stdout=subprocess.PIPE, stderr=other,
                               env=env)
    os.close(other)
    shown = b""
    while True:
        try:
            data = os.read(main, 4096)
        except OSError:  # the other end closed
            break
        if not data:
            break
        shown += data
    stdout = process.communicate(timeout=120)[0]
    os.close(main)
    return shown, stdout, process.returncode


def test_progress_on_a_terminal_counts_every_worker(tmp_path: Path) -> None:
    shown, stdout, status = on_a_terminal(["simulate", "--games", "60", "--a", "greedy", "--b", "random", "--jobs", "2"])
    assert status == 0
    last = shown.decode().replace("\r\n", "\n").split("\r")[-1]  # a line padded to cover a longer one before it
    assert last.startswith("games 60/60 (100%), ") and last.rstrip().endswith(" in all") and last.endswith("\n"), shown
    assert stdout.decode() == run("--games", "60", "--a", "greedy", "--b", "random").stdout


PROGRESS = [
    ("the first games", 100, [(5.0, 10)], "games 10/100 (10%), estimating"),
    ("within a second of them", 100, [(5.0, 10), (5.6, 20)], "games 20/100 (20%), estimating"),
    ("measured from the first games", 100, [(5.0, 10), (7.0, 30)], "games 30/100 (30%), 10.0 games/s, 0:07 left"),
    ("minutes", 100_000, [(1.0, 100), (11.0, 1_100)], "games 1,100/100,000 (1%), 100.0 games/s, 16:29 left"),
    ("hours", 1_000_000, [(0.0, 32), (100.0, 5_032)], "games 5,032/1,000,000 (1%), 50.0 games/s, 5:31:39 left"),
    ("all done: the whole run", 100, [(4.0, 50), (10.0, 100)], "games 100/100 (100%), 10.0 games/s, 0:10 in all"),
]


@pytest.mark.parametrize(("total", "adds", "line"), [p[1:] for p in PROGRESS], ids=[p[0] for p in PROGRESS])
def test_progress_line(total: int, adds: list[tuple[float, int]], line: str) -> None:
    now = [0.0]
    out = io.StringIO()
    bar = Progress(total, out, clock=lambda: now[0])
    done = 0
    for at, games in adds:
        now[0] = at
        bar.add(games - done)
        done = games
    assert bar.line(now[0]) == line
    bar.close()
    assert out.getvalue().endswith(line + "\n") and out.getvalue().startswith("\r")


def test_a_worker_process_that_dies_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "killer.py").write_text(KILLER)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run("--games", "8", "--a", "killer:make", "--b", "greedy", "--jobs", "2")
    assert result.exit_code == 1
    assert result.stderr == "Error: a worker process died mid-run\n"
