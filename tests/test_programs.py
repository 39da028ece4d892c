"""Programs as players (``exec:``) and ``crib engine``: the same games through the protocol, every fault of a
program in one line with the games before it kept, and the example bot, which knows only the protocol page."""

from __future__ import annotations

import json
import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from test_cli_play import Script, play

from crib_cli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
ENGINE = shlex.join([sys.executable, "-m", "crib_cli", "engine"])
FAULTY = shlex.join([sys.executable, str(ROOT / "tests" / "programs" / "faulty.py")])
LOWBALL = shlex.join([sys.executable, str(ROOT / "docs" / "examples" / "lowball.py")])


def simulate(tmp: Path, *args: str) -> tuple[Result, list[str]]:
    """crib simulate in ``tmp`` with a log: the result, and the log's lines."""
    log = tmp / "games.jsonl"
    log.unlink(missing_ok=True)
    result = CliRunner().invoke(cli, ["simulate", *args, "--log", str(log), "--program-stderr", str(tmp / "err.log")])
    return result, log.read_text(encoding="utf-8").splitlines() if log.exists() else []


SAME = [
    ("expert", "expert", ENGINE, ("--games", "2")),
    ("expert, two jobs", "expert", ENGINE, ("--games", "3", "--jobs", "2")),
    ("random, seeded through the game message", "random", f"{ENGINE} --strategy random", ("--games", "4")),
    ("expert-points, three players", "expert-points", f"{ENGINE} --strategy expert-points",
     ("--games", "2", "--players", "3", "--c", "greedy")),
    ("greedy, five-card", "greedy", f"{ENGINE} --strategy greedy", ("--games", "3", "--variant", "five")),
]


@pytest.mark.parametrize(("built_in", "program", "args"), [s[1:] for s in SAME], ids=[s[0] for s in SAME])
def test_a_seat_through_the_protocol_plays_the_same_games(tmp_path: Path, built_in: str, program: str,
                                                          args: tuple[str, ...]) -> None:
    """The log byte for byte, the program's name in it apart (it says who played), and the report's figures."""
    inside, inside_log = simulate(tmp_path, "--a", "expert", "--b", built_in, "--seed", "9", "-f", "json", *args)
    spec = f"exec:{program}"
    through, through_log = simulate(tmp_path, "--a", "expert", "--b", spec, "--seed", "9", "-f", "json", *args)
    assert inside.exit_code == 0, inside.output
    assert through.exit_code == 0, through.output + through.stderr
    assert len(inside_log) == int(args[-1] if args[0] != "--games" else args[1])
    renamed = [line.replace(json.dumps(spec), json.dumps(built_in)) for line in through_log]
    assert renamed == inside_log
    assert json.loads(through.output.replace(spec, built_in)) == json.loads(inside.output)


FAULTS = [
    ("hang", "did not answer the play within 0.5 s"),
    ("exit", "exited with status 3 before its answer to the play"),
    ("noise", "wrote 'thinking about it...' where its answer to the play was due: not a JSON line"),
    ("not-a-card", ("wrote '{\"type\": \"lay\", \"card\": \"ZZ\"}' where its answer to the play was due: lay: 'card' must "
                   "be a card: 'ZZ' is not a card")),
    ("not-an-answer", "where its answer to the play was due: a message of type 'throw' where 'lay' or 'go' was due"),
    ("long-line", "wrote a line longer than 1,048,576 bytes where its answer to the play was due"),
    ("illegal", "played "),
]


@pytest.mark.parametrize("jobs", ["1", "2"])
@pytest.mark.parametrize(("mode", "said"), FAULTS, ids=[f[0] for f in FAULTS])
def test_a_faulty_program_ends_the_run_in_one_line_and_the_games_before_are_kept(
    tmp_path: Path, mode: str, said: str, jobs: str
) -> None:
    """The bot fails at its first play of its second game (a program is started for each chunk of games a worker
    plays, two games here): game 0 is logged whole."""
    spec = f"exec:{FAULTY} {mode}"
    result, log = simulate(tmp_path, "--a", "greedy", "--b", spec, "--games", "40", "--jobs", jobs, "--timeout", "0.5")
    assert result.exit_code == 1, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"Error: seat 1 ({spec}) "), result.stderr
    assert said in lines[0]
    assert "Traceback" not in result.output + result.stderr
    assert [json.loads(line)["game"] for line in log] == [0]
    assert result.stdout == ""


@pytest.mark.parametrize(("mode", "args", "said"), [
    ("no-five", ("--variant", "five"), "does not play five-card cribbage (it plays six), so it cannot play this game"),
    ("old", (), "speaks protocol 0, not 1, so it cannot play this game"),
], ids=["variant", "version"])
def test_a_program_that_cannot_play_the_game_is_refused_at_its_greeting(
    tmp_path: Path, mode: str, args: tuple[str, ...], said: str
) -> None:
    result, log = simulate(tmp_path, "--a", "greedy", "--b", f"exec:{FAULTY} {mode}", "--games", "2", *args)
    assert result.exit_code == 1
    assert result.stderr == f"Error: seat 1 (exec:{FAULTY} {mode}) {said} (its standard error is in {tmp_path / 'err.log'})\n"
    assert log == []


def test_a_program_that_dies_before_its_greeting_is_one_line(tmp_path: Path) -> None:
    spec = "exec:" + shlex.join([sys.executable, "-c", "import sys; print('no', file=sys.stderr); sys.exit(2)"])
    result, log = simulate(tmp_path, "--a", "greedy", "--b", spec, "--games", "2")
    assert result.exit_code == 1
    assert result.stderr == (f"Error: seat 1 ({spec}) exited with status 2 before its answer to the greeting "
                             f"(its standard error is in {tmp_path / 'err.log'})\n")
    assert (tmp_path / "err.log").read_text(encoding="utf-8") == "no\n"
    assert log == []


def test_a_programs_standard_error_is_kept_apart(tmp_path: Path) -> None:
    result, log = simulate(tmp_path, "--a", "greedy", "--b", f"exec:{FAULTY} stderr", "--games", "3")
    assert result.exit_code == 0, result.output + result.stderr
    assert len(log) == 3
    assert "faulty: about to lay" in (tmp_path / "err.log").read_text(encoding="utf-8")
    assert "faulty:" not in result.stdout and result.stderr == ""


def test_a_programs_standard_error_may_be_thrown_away(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    args = ["simulate", "--a", "greedy", "--b", f"exec:{FAULTY} exit", "--games", "2", "--program-stderr", "/dev/null"]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1
    assert result.stderr.endswith("exited with status 3 before its answer to the play\n")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize(("spec", "said"), [
    ("exec:", "'exec:': write the command after exec:, e.g. exec:crib engine"),
    ("exec:no-such-program-here --x", "'exec:no-such-program-here --x': no program 'no-such-program-here' found"),
    ("exec:crib 'engine", "\"exec:crib 'engine\": the command cannot be read: No closing quotation"),
])
def test_a_command_that_cannot_run_is_a_usage_error(spec: str, said: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--a", "greedy", "--b", spec, "--games", "1"])
    assert result.exit_code == 2
    assert said in result.stderr


def test_the_example_bot_plays_from_the_page_alone(tmp_path: Path) -> None:
    source = (ROOT / "docs" / "examples" / "lowball.py").read_text(encoding="utf-8")
    assert "crib_cli" not in source
    for args in [("--games", "3"), ("--games", "2", "--players", "4"), ("--games", "2", "--variant", "five")]:
        result, log = simulate(tmp_path, "--a", "expert", "--b", f"exec:{LOWBALL}", *args)
        assert result.exit_code == 0, result.output + result.stderr
        assert len(log) == int(args[1])


def engine(*args: str, lines: list[object]) -> Result:
    text = "".join((line if isinstance(line, str) else json.dumps(line)) + "\n" for line in lines)
    return CliRunner().invoke(cli, ["engine", *args], input=text)


GREETING = {"type": "crib", "protocol": 1, "name": "crib", "version": "0"}
GAME = {"type": "game", "rules": {"players": 2, "variant": "six", "target": 121, "muggins": False}, "seat": 0,
        "names": ["a", "b"], "seed": "1"}
DISCARD = {"type": "discard", "seat": 0, "dealer": 1, "scores": [0, 0], "hand": ["AS", "2D", "6D", "9S", "9C", "QC"]}


def test_crib_engine_answers_as_its_player_with_the_analysis_beside() -> None:
    result = engine("--analysis", lines=[GREETING, GAME, DISCARD, {"type": "quit"}, DISCARD])
    assert result.exit_code == 0, result.output
    greeting, answer = (json.loads(line) for line in result.output.splitlines())
    assert greeting["type"] == "hello" and greeting["name"] == "expert"
    assert answer["cards"] == ["2D", "QC"] and answer["analysis"][0]["cards"] == ["2D", "QC"]
    assert answer["analysis"][0]["points"] == 2.65 and len(answer["analysis"]) == 15


@pytest.mark.parametrize(("lines", "said"), [
    ([GREETING, "hello"], "Error: not crib's protocol: not a JSON line\n"),
    ([GREETING, DISCARD], "Error: not crib's protocol: a discard message before any game message\n"),
    ([{"type": "hello"}], "Error: not crib's protocol: a message of type 'hello' where 'crib' was due\n"),
], ids=["not JSON", "no game", "no greeting"])
def test_crib_engine_refuses_what_is_not_the_protocol_in_one_line(lines: list[object], said: str) -> None:
    result = engine(lines=lines)
    assert result.exit_code == 1
    assert result.stderr == said


def test_crib_engine_takes_a_depth_only_for_a_player_that_searches() -> None:
    assert engine("--strategy", "expert", "--depth", "2", lines=[GREETING]).exit_code == 0
    result = engine("--strategy", "greedy", "--depth", "2", lines=[GREETING])
    assert result.exit_code == 2
    assert "'greedy' does not search the play: a depth is for expert, expert-points, expert-basic" in result.stderr


def test_crib_play_seats_a_program_as_the_opponent(tmp_path: Path) -> None:
    """The same game, told in the same words, against greedy and against greedy through the protocol (the lines
    wrap at the longer name, and the board and the tables' rules are drawn to fit it)."""
    spec = f"exec:{ENGINE} --strategy greedy"
    told = {}
    for opponent in ("greedy", spec):
        log = tmp_path / f"{len(told)}.jsonl"
        result, _ = play("--seed", "3", "--to", "61", "--coach", "off", "--opponent", opponent, "--log", str(log),
                         "--program-stderr", str(tmp_path / "err.log"), policy=Script({}))
        assert result.exit_code == 0, result.output
        words = re.sub(r"[|@][.o@]+[|@]|-{3,}", "", " ".join(result.output.split()).replace(opponent, "greedy"))
        told[opponent] = (words, log.read_text(encoding="utf-8").replace(json.dumps(opponent), '"greedy"'))
    assert told[spec] == told["greedy"]


def test_crib_play_ends_in_one_line_when_the_program_fails(tmp_path: Path) -> None:
    spec = f"exec:{FAULTY} exit"
    result, _ = play("--seed", "3", "--to", "61", "--coach", "off", "--opponent", spec, "--games", "2",
                     "--program-stderr", "/dev/null", policy=Script({"again": ["n"]}))
    assert result.exit_code == 1
    assert result.stderr == f"Error: seat 1 ({spec}) exited with status 3 before its answer to the play\n"


def test_crib_play_refuses_an_opponent_that_is_not_a_player() -> None:
    result, _ = play("--opponent", "greedyy", text="")
    assert result.exit_code == 2
    assert "'greedyy' is not a player" in result.stderr


def test_crib_play_takes_no_plug_in() -> None:
    """A plug-in is for crib simulate, which reports one that raises; at the table the computer is a built-in or a
    program, whose every fault is one line."""
    result, _ = play("--opponent", "mybot:make", text="")
    assert result.exit_code == 2
    assert "'mybot:make': the computer is a built-in strategy, or exec:COMMAND" in result.stderr
