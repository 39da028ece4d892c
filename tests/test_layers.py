"""The package's layers, read from its imports: arrows point down only, and nothing goes round in a circle.

Every ``import`` in ``crib_cli`` counts, at module level, inside functions and
under ``TYPE_CHECKING`` alike. The layers, bottom up:

- ``data``: generated literals, importing nothing;
- the core, every module at the top of the package: imports the core and ``data``;
- ``game``: imports the core, ``data`` and itself;
- ``cli``: the shell, anything but the builders; no module imports a command (those the group
  lists in ``COMMANDS``), so one command never imports another; the rest of ``cli`` is shared;
- ``builders``: write ``data``; may import anything but the shell, and nothing imports them.
"""

from __future__ import annotations

import ast
import importlib
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from crib_cli.cli import COMMANDS

PACKAGE = Path(__file__).resolve().parent.parent / "crib_cli"
COMMAND_MODULES = {module for module, _ in COMMANDS.values()}
"""The shell's commands, a module each; every other module of ``cli`` is shared by them."""


def module_name(path: Path, root: Path = PACKAGE) -> str:
    parts = path.relative_to(root.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    return {module_name(path, root): path for path in sorted(root.rglob("*.py"))}


def imported(name: str, path: Path, known: set[str]) -> Iterator[str]:
    """The package's modules that ``name`` imports anywhere in its text, resolved to modules."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(anchor + ([base] if base else []))
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base for alias in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield target


def graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    found = modules(root)
    known = set(found)
    return {name: set(imported(name, path, known)) for name, path in found.items()}


def layer(name: str) -> str:
    parts = name.split(".")
    if len(parts) == 1:
        return "core"  # the package itself re-exports the core
    if parts[1] in ("data", "builders", "game", "cli"):
        return parts[1]
    return "cli" if parts[1] == "__main__" else "core"


ALLOWED = {
    "data": set(),
    "core": {"core", "data"},
    "game": {"core", "data", "game"},
    "cli": {"core", "data", "game", "cli"},
    "builders": {"core", "data", "game", "builders"},
}


def wrong_arrows(imports: dict[str, set[str]], commands: set[str] = COMMAND_MODULES) -> list[str]:
    """Every import that points up, into the builders, out of data, or into a command."""
    found = []
    for name, targets in sorted(imports.items()):
        for target in sorted(targets):
            if layer(target) not in ALLOWED[layer(name)]:
                found.append(f"{name} ({layer(name)}) -> {target} ({layer(target)})")
            elif target in commands:
                what = "one command imports another" if name in commands else "a shared module imports a command"
                found.append(f"{name} -> {target}: {what}")
    return found


def cycles(imports: dict[str, set[str]]) -> list[list[str]]:
    """Every strongly connected group of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(imports.get(node, ())):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for node in sorted(imports):
        if node not in index:
            visit(node)
    return sorted(groups)


def test_no_import_points_up() -> None:
    assert wrong_arrows(graph()) == []


def test_no_import_cycle() -> None:
    assert cycles(graph()) == []


def test_data_modules_import_nothing() -> None:
    for name, path in modules().items():
        if layer(name) == "data":
            tree = ast.parse(path.read_text(encoding="utf-8"))
            assert not [n for n in ast.walk(tree) if isinstance(n, ast.Import | ast.ImportFrom)], name


def test_every_generated_module_has_its_builder() -> None:
    found = modules()
    tables = {name.rpartition(".")[2] for name in found if layer(name) == "data" and name != "crib_cli.data"}
    builders = {name.rpartition(".")[2] for name in found if layer(name) == "builders" and name != "crib_cli.builders"}
    assert tables and tables <= builders
    assert all(f"crib_cli.{table}" in found for table in tables), "core X.py (or the package X/) reads data/X.py"


# The walk itself, on small made-up trees: it must see what it claims to see.
TREES = {
    "a cycle through an import inside a function": (
        {"__init__.py": "", "a.py": "from .b import x\n", "b.py": "def f():\n    from .a import y\n"},
        [],
        [["pkg.a", "pkg.b"]],
    ),
    "the core reaching into the game under TYPE_CHECKING": (
        {"__init__.py": "", "a.py": "if TYPE_CHECKING:\n    from .game.e import E\n", "game/__init__.py": "",
         "game/e.py": "from ..a import x\n"},
        ["pkg.a (core) -> pkg.game.e (game)"],
        [["pkg.a", "pkg.game.e"]],
    ),
    "one command importing another, and data importing the core": (
        {"__init__.py": "", "cards.py": "", "cli/__init__.py": "", "cli/common.py": "from .. import cards\n",
         "cli/play.py": "from .simulate import run\nfrom .common import x\n", "cli/simulate.py": "import pkg.cli.common\n",
         "data/__init__.py": "", "data/t.py": "from ..cards import DECK\n"},
        ["pkg.cli.play -> pkg.cli.simulate: one command imports another", "pkg.data.t (data) -> pkg.cards (core)"],
        [],
    ),
    "a shared module importing a command, and a command the shared modules it likes": (
        {"__init__.py": "", "cli/__init__.py": "", "cli/table.py": "from .terminal import x\n", "cli/terminal.py": "",
         "cli/play.py": "from .table import t\nfrom .terminal import x\n", "cli/advice.py": "from .play import p\n"},
        ["pkg.cli.advice -> pkg.cli.play: a shared module imports a command"],
        [],
    ),
    "a builder imported by the core": (
        {"__init__.py": "", "t.py": "from .builders import t\n", "builders/__init__.py": "", "builders/t.py": ""},
        ["pkg.t (core) -> pkg.builders.t (builders)"],
        [],
    ),
}


@pytest.mark.parametrize(("files", "arrows", "circles"), TREES.values(), ids=TREES.keys())
def test_the_walk_finds_what_is_wrong(tmp_path: Path, files: dict[str, str], arrows: list[str], circles: list[list[str]]) -> None:
    root = tmp_path / "pkg"
    for relative, text in files.items():
        (root / relative).parent.mkdir(parents=True, exist_ok=True)
        (root / relative).write_text(text)
    imports = graph(root)
    assert wrong_arrows(imports, {"pkg.cli.play", "pkg.cli.simulate"}) == arrows
    assert cycles(imports) == circles


def loaded_after(statement: str) -> set[str]:
    """The modules a fresh interpreter has loaded after running ``statement``."""
    code = f"{statement}\nimport sys\nprint('\\n'.join(sorted(sys.modules)))"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return set(result.stdout.split())


def test_a_bot_needs_only_the_view() -> None:
    loaded = loaded_after("from crib_cli.game import View")
    assert "multiprocessing" not in loaded
    assert "concurrent.futures" not in loaded
    assert "crib_cli.discard" not in loaded
    assert "crib_cli.game.engine" not in loaded


def test_dask_loads_only_for_a_cluster() -> None:
    statement = (
        "import crib_cli.game.cluster, crib_cli.builders.pegging, crib_cli.builders.cribs\n"
        "from crib_cli.cli import cli\n"
        "cli(['simulate', '--games', '4', '--a', 'random', '--b', 'random', '--jobs', '2'], standalone_mode=False)"
    )
    loaded = loaded_after(statement)
    assert "crib_cli.game.cluster" in loaded
    assert not {"dask", "distributed"} & loaded


@pytest.mark.parametrize("package", ["crib_cli", "crib_cli.board", "crib_cli.game"])
def test_lazy_names_are_exported_and_load(package: str) -> None:
    module = importlib.import_module(package)
    homes = {name for names in module._HOMES.values() for name in names}
    assert sorted(module.__all__) == sorted(homes)
    assert all(getattr(module, name) is not None for name in module.__all__)
    with pytest.raises(AttributeError, match="has no attribute 'nothing'"):
        module.nothing  # noqa: B018
