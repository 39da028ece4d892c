"""What the builders share: where the generated modules go, and writing one."""

from __future__ import annotations

from pathlib import Path

DATA = Path(__file__).resolve().parent.parent / "data"
"""The folder of the generated modules."""


def target(name: str) -> Path:
    """The generated module ``data/NAME.py``."""
    return DATA / f"{name}.py"


def write(path: Path, text: str) -> None:
    """Write a generated module and say where and how big."""
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")
