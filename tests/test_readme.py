"""Every `$ crib …` example in the README, replayed: the README must not lie."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from crib_cli.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def examples() -> list[tuple[str, str]]:
    """(command, expected output) for each `$ crib` line in a ```console block of the README and docs/."""
    found: list[tuple[str, list[str]]] = []
    in_console = False
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    lines = [line for page in pages for line in [*page.read_text(encoding="utf-8").splitlines(), "```"]]
    for line in lines:
        if line.startswith("```"):
            in_console = line == "```console"
        elif in_console and line.startswith("$ crib "):
            found.append((line[len("$ crib "):], []))
        elif in_console and found:
            found[-1][1].append(line)
    return [(command, "\n".join(lines)) for command, lines in found]


EXAMPLES = examples()


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 10


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command))
    assert "Traceback" not in result.output
    assert result.output.rstrip("\n") == expected


def test_the_readme_player_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plug-in player written out in the README plays whole games through crib simulate."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert code.startswith("# mybot.py")
    (tmp_path / "mybot.py").write_text(code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(cli, ["simulate", "--games", "5", "--a", "expert", "--b", "mybot:make_player"])
    assert result.exit_code == 0, result.output
    assert "B mybot:make_player" in result.stdout


def test_ci_runs_the_readme_test_command() -> None:
    """The second set-up command is what CI runs on a clean clone, word for word."""
    setup = (ROOT / "README.md").read_text(encoding="utf-8").split("## Set up", 1)[1].split("```sh\n", 1)[1]
    command = setup.splitlines()[1].split("   #", 1)[0].strip()
    assert command.startswith('pip install -e ".[test,cluster]"')
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()[-1] == command
