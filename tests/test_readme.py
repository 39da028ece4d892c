"""The `$ crib …` examples of the README and docs/ replayed and their links followed: the pages must not lie."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from click.testing import CliRunner

from crib_cli.cli import cli

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
REFERENCE = ROOT / "docs" / "reference.md"


def parts(page: Path) -> list[tuple[str | None, list[str]]]:
    """A page cut at its fences: (None, lines) outside a block, (kind, lines) inside one, kind what follows ```."""
    found: list[tuple[str | None, list[str]]] = [(None, [])]
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.startswith("```"):
            found.append((line[3:], []) if found[-1][0] is None else (None, []))
        else:
            found[-1][1].append(line)
    return found


def prose(page: Path) -> list[str]:
    """A page's lines outside its fenced blocks (where a `#` starts a heading, not a comment)."""
    return [line for kind, lines in parts(page) if kind is None for line in lines]


def examples() -> list[tuple[str, str, str]]:
    """(page, command, expected output) for each `$ crib` line in a ```console block of the README and docs/."""
    found: list[tuple[str, str, str]] = []
    for page in PAGES:
        for kind, lines in parts(page):
            if kind != "console":
                continue
            starts = [at for at, line in enumerate(lines) if line.startswith("$ crib ")]
            for at, end in zip(starts, [*starts[1:], len(lines)]):
                found.append((page.name, lines[at][len("$ crib "):], "\n".join(lines[at + 1:end])))
    return found


EXAMPLES = examples()


def test_the_pages_have_examples() -> None:
    pages = {page for page, _, _ in EXAMPLES}
    assert {"README.md", "reference.md"} <= pages
    assert len(EXAMPLES) >= 32


def test_every_example_is_replayed_or_marked_as_text() -> None:
    """A `$ crib` line outside a console block is not replayed: only a text block (a long run, a game) may hold one."""
    for page in PAGES:
        for kind, lines in parts(page):
            if any(line.startswith("$ crib") for line in lines):
                assert kind in {"console", "text"}, f"{page.name}: a ```{kind} block holds a `$ crib` example"


@pytest.mark.parametrize(("page", "command", "expected"), EXAMPLES, ids=[f"{p}: {c}" for p, c, _ in EXAMPLES])
def test_example(page: str, command: str, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    result = CliRunner().invoke(cli, shlex.split(command))
    assert "Traceback" not in result.output
    assert result.output.rstrip("\n") == expected


def anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces as hyphens."""
    headings = [line.lstrip("#").strip() for line in prose(page) if line.startswith("#")]
    return {re.sub(r"[^\w\- ]", "", heading.lower()).replace(" ", "-") for heading in headings}


LINK = re.compile(r"\]\(([^)\s]+)\)")


@pytest.mark.parametrize("page", PAGES, ids=[page.name for page in PAGES])
def test_every_link_between_the_pages_lands(page: Path) -> None:
    """A relative link names a file that exists and, with a #, a heading of that file."""
    for target in LINK.findall("\n".join(prose(page))):
        if "://" in target:
            continue
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        assert linked.exists(), f"{page.name}: {target} names no file"
        if anchor:
            assert anchor in anchors(linked), f"{page.name}: {target} names no heading of {linked.name}"


def test_the_documented_player_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The plug-in player written out in the reference plays whole games through crib simulate."""
    code = next("\n".join(lines) + "\n" for kind, lines in parts(REFERENCE) if kind == "python")
    assert code.startswith("# mybot.py")
    # Written under a name of its own: a test module that imports another mybot must not find this one.
    (tmp_path / "documented_bot.py").write_text(code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = CliRunner().invoke(cli, ["simulate", "--games", "5", "--a", "expert", "--b", "documented_bot:make_player"])
    assert result.exit_code == 0, result.output
    assert "B documented_bot:make_player" in result.stdout


def test_ci_runs_the_readme_test_command() -> None:
    """The second set-up command is what CI runs on a clean clone, word for word."""
    setup = (ROOT / "README.md").read_text(encoding="utf-8").split("## Set up", 1)[1].split("```sh\n", 1)[1]
    command = setup.splitlines()[1].split("   #", 1)[0].strip()
    assert command.startswith('pip install -e ".[test,cluster]"')
    assert (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()[-1] == command
