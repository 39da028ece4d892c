"""Batch scoring end to end: `crib score FILE.csv` on generated rows, through the real CLI.

Prints rows per second and the peak memory of the scoring process for two
sizes, to show both the speed and that memory stays flat as input grows.

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


def run(path: str) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds and peak resident MiB of one `crib score` run (output discarded)."""
    command = [sys.executable, "-m", "crib_cli", "score", path]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    with open(os.devnull, "w") as sink:
        subprocess.run(command, stdout=sink, check=True, env=env)
    seconds = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)
    return seconds, cpu, after.ru_maxrss / 1024


def main() -> None:
    rows = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
    with tempfile.TemporaryDirectory() as folder:
        for count in (rows // 10, rows):
            path = os.path.join(folder, f"hands-{count}.csv")
            write_rows(path, count)
            seconds, cpu, mib = run(path)
            print(
                f"{count:>10,} rows  {seconds:6.2f} s wall {count / seconds:>10,.0f} rows/s  "
                f"{cpu:6.2f} s CPU {count / cpu:>10,.0f} rows/s  peak memory {mib:5.1f} MiB"
            )


if __name__ == "__main__":
    main()
