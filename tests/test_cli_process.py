"""The command line as a whole process: exit statuses for write errors and closed pipes, lazy loading."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

CRIB = [sys.executable, "-m", "crib_cli"]
SHOWS = "hand\n" + "5S 5C 5D JH / 5H\n" * 3


WRITERS = [
    ("stats", ["stats"], ""),
    ("one show", ["score", "5S", "5C", "5D", "JH", "/", "5H"], ""),
    ("batch", ["score", "-"], SHOWS),
    ("discard", ["discard", "5S 5C 6D JH 4C KS"], ""),
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize(("args", "stdin"), [(a, s) for _, a, s in WRITERS], ids=[n for n, _, _ in WRITERS])
def test_a_full_disk_is_one_line_and_exit_3(args: list[str], stdin: str) -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run([*CRIB, *args], input=stdin.encode(), stdout=full, stderr=subprocess.PIPE, timeout=60, check=False)
    assert result.returncode == 3
    assert result.stderr == b"Error: cannot write the output: No space left on device\n"


@pytest.mark.parametrize(("args", "stdin"), [(a, s) for _, a, s in WRITERS], ids=[n for n, _, _ in WRITERS])
def test_closed_standard_output_is_one_line_and_exit_3(args: list[str], stdin: str) -> None:
    command = " ".join(f"'{word}'" for word in [*CRIB, *args])
    result = subprocess.run(f"{command} >&-", shell=True, input=stdin.encode(), stderr=subprocess.PIPE, timeout=60, check=False)
    assert result.returncode == 3
    assert result.stderr == b"Error: standard output is closed: nowhere to write\n"


def test_a_closed_pipe_ends_quietly_with_141(tmp_path: Path) -> None:
    path = tmp_path / "many.csv"
    path.write_text("hand\n" + "5S 5C 5D JH / 5H\n" * 200_000, encoding="utf-8")
    process = subprocess.Popen([*CRIB, "score", str(path)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert process.stdout is not None
    process.stdout.readline()
    process.stdout.close()
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == 141
    assert stderr == b""


def test_help_loads_no_core_module() -> None:
    script = (
        "import sys\n"
        "from crib_cli.cli import cli\n"
        "try:\n    cli(['--help'])\nexcept SystemExit:\n    pass\n"
        "print(sorted(m for m in sys.modules if m.startswith(('crib_cli', 'tabulate'))), file=sys.stderr)\n"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, timeout=60, check=False)
    # crib_cli.lazy is the package's loader of names on first use: what keeps the rest unloaded.
    assert result.stderr.decode().strip() == "['crib_cli', 'crib_cli.cli', 'crib_cli.lazy']"
    assert b"Commands:" in result.stdout


COMPLETIONS = [
    ("crib s", "1", "plain,score\nplain,stats\nplain,simulate\n"),
    ("crib discard --r", "2", "plain,--role\n"),
]


@pytest.mark.parametrize(("words", "cword", "expected"), COMPLETIONS, ids=["commands", "options"])
def test_bash_completion(words: str, cword: str, expected: str) -> None:
    env = {**os.environ, "COMP_WORDS": words, "COMP_CWORD": cword, "_CRIB_COMPLETE": "bash_complete"}
    result = subprocess.run([sys.executable, "-c", "from crib_cli.cli import cli; cli.main(prog_name='crib')"], env=env, capture_output=True, timeout=60, check=False)
    assert result.returncode == 0 and result.stdout.decode() == expected


@pytest.mark.parametrize(("args", "code"), [(["score"], 2), (["score", "ZZ"], 2), (["discard", "5S", "--role", "x"], 2)],
                         ids=["missing show", "bad card", "bad option"])
def test_a_usage_error_read_by_a_closed_pipe_is_still_2(args: list[str], code: int) -> None:
    command = " ".join(f"'{word}'" for word in [*CRIB, *args])
    result = subprocess.run(f"{command} 2>&1 | head -1; exit ${{PIPESTATUS[0]}}", shell=True, executable="/bin/bash",
                            capture_output=True, timeout=60, check=False)
    assert result.returncode == code, result
    assert result.stdout.startswith(b"Error: ") and result.stdout.count(b"\n") == 1
