"""Every `$ crib …` example in the README, replayed: the README must not lie."""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from crib_cli.cli import cli

ROOT = Path(__file__).resolve().parent.parent


def examples() -> list[tuple[str, str]]:
    """(command, expected output) for each `$ crib` line in a ```console block."""
    found: list[tuple[str, list[str]]] = []
    in_console = False
    for line in (ROOT / "README.md").read_text(encoding="utf-8").splitlines():
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
