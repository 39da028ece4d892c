"""Whole-process cost of crib commands against bare Python and against importing click and tabulate.

Installs this checkout into a throwaway virtual environment the regular way
(``pip install .``, bytecode compiled), unless ``--python`` names the
interpreter of an existing install (its ``crib`` script beside it), then runs each command many times and
prints the median CPU seconds (user + system) of each, with the ratios the
project tracks. PYTHONDONTWRITEBYTECODE and PYTHONUNBUFFERED are removed from
the environment of every run.

    python scripts/bench_startup.py [--runs 31] [--python PATH]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
NEAR = "crib discard 5S 5C 6D JH 4C KS --score 110-112 --role pone"
"""Every throw's chance to win where the deal may end the game."""
FAR = "crib discard 5S 5C 6D JH 4C KS --score 40-40 --role pone"
"""The same far from the end, where it cannot."""


def cpu_ms(command: list[str], runs: int) -> float:
    """Median CPU milliseconds of a whole process, output discarded."""
    times = []
    for _ in range(runs):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=ENV, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        times.append((after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime))
    return 1000 * statistics.median(times)


def install(folder: str) -> str:
    """A fresh virtual environment with this checkout installed; its interpreter."""
    subprocess.run([sys.executable, "-m", "venv", folder], check=True, env=ENV)
    python = os.path.join(folder, "bin", "python")
    subprocess.run([python, "-m", "pip", "install", "--quiet", str(ROOT)], check=True, env=ENV)
    return python


def measure(python: str, runs: int) -> None:
    crib = [os.path.join(os.path.dirname(python), "crib")]
    figures = {
        "python -c pass": cpu_ms([python, "-c", "pass"], runs),
        "import click": cpu_ms([python, "-c", "import click"], runs),
        "import click, tabulate": cpu_ms([python, "-c", "import click, tabulate"], runs),
        "crib --help": cpu_ms([*crib, "--help"], runs),
        "crib discard 5S 5C 6D JH 4C KS": cpu_ms([*crib, "discard", "5S 5C 6D JH 4C KS"], runs),
        NEAR: cpu_ms([*crib, *NEAR.split()[1:]], runs),
        FAR: cpu_ms([*crib, *FAR.split()[1:]], runs),
        "crib stats": cpu_ms([*crib, "stats"], runs),
        "crib score 5S 5C 5D JH / 5H": cpu_ms([*crib, "score", "5S 5C 5D JH / 5H"], runs),
    }
    for name, ms in figures.items():
        print(f"{name:<62} {ms:6.1f} ms")
    base, libraries, helps = figures["python -c pass"], figures["import click, tabulate"], figures["crib --help"]
    print()
    print(f"crib --help / bare interpreter        {helps / base:5.2f}x")
    print(f"crib discard over click + tabulate    {figures['crib discard 5S 5C 6D JH 4C KS'] - libraries:+6.1f} ms")
    print(f"crib stats / crib --help              {figures['crib stats'] / helps:5.2f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=31, help="runs of each command (the median is printed)")
    parser.add_argument("--python", help="interpreter of an existing install (default: install into a temporary venv)")
    args = parser.parse_args()
    if args.python:
        measure(args.python, args.runs)
        return
    with tempfile.TemporaryDirectory() as folder:
        measure(install(folder), args.runs)


if __name__ == "__main__":
    main()
