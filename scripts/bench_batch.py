"""Batch scoring end to end: `crib score FILE.csv` on generated rows, through the real CLI.

Prints rows per second and the peak memory of the scoring process for two
sizes, to show both the speed and that memory stays flat as input grows, and
the ratio of its CPU time to a plain csv.reader -> csv.writer copy of the
same file (the least any Python CSV filter can cost). Best of three runs each.

    python scripts/bench_batch.py [ROWS]      (default 1,000,000)
"""

from __future__ import annotations

import os
import random
import resource
import subprocess
import sys
import tempfile
import time

from crib_cli.cards import DECK


def write_rows(path: str, count: int, seed: int = 7) -> None:
    """A CSV of random deals: id, hand, starter, and every fourth row a crib."""
    rng = random.Random(seed)
    with open(path, "w", encoding="utf-8") as out:
        out.write("id,hand,starter,crib\n")
        for i in range(count):
            cards = rng.sample(DECK, 5)
            out.write(f"{i},{' '.join(map(str, cards[:4]))},{cards[4]},{'yes' if i % 4 == 0 else ''}\n")


COPY = "import csv, sys\nwith open(sys.argv[1], newline='', encoding='utf-8') as f:\n    csv.writer(sys.stdout, lineterminator='\\n').writerows(csv.reader(f))\n"
ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}


def run(command: list[str]) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MiB of the best of three runs (output discarded)."""
    best: tuple[float, float, float] | None = None
    for _ in range(3):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        with open(os.devnull, "w") as sink:
            subprocess.run(command, stdout=sink, check=True, env=ENV)
        seconds = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
        if best is None or cpu < best[1]:
            best = (seconds, cpu, after.ru_maxrss / 1024)
    assert best is not None
    return best


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    with tempfile.TemporaryDirectory() as folder:
        for count in (rows // 10, rows):
            path = os.path.join(folder, f"hands-{count}.csv")
            write_rows(path, count)
            seconds, cpu, mib = run([sys.executable, "-m", "crib_cli", "score", path])
            _, copy_cpu, _ = run([sys.executable, "-c", COPY, path])
            print(
                f"{count:>10,} rows  {seconds:6.2f} s wall {count / seconds:>10,.0f} rows/s  "
                f"{cpu:6.2f} s CPU {count / cpu:>10,.0f} rows/s  peak memory {mib:5.1f} MiB  "
                f"{cpu / copy_cpu:4.2f}x a CSV copy ({copy_cpu:.2f} s CPU)"
            )


if __name__ == "__main__":
    main()
