"""Games a second on local worker processes and on a Dask cluster of as many workers, and what scaling costs on paper.

Run it with the interpreter of an environment that holds ``crib[cluster]``
(a regular ``pip install ".[cluster]"``); its ``crib`` and ``dask`` scripts
are used. It starts a scheduler and ``--jobs`` worker processes of one
thread on 127.0.0.1 (``dask scheduler``, ``dask worker --nworkers J
--nthreads 1``), then times whole ``crib simulate`` processes, expert
against expert, with ``--jobs J`` and with ``--cluster``, one after the
other ``--runs`` times (the median wall time of each is printed), and
runs of 4 games, which are mostly start-up. Then, in
this process: the work of one game, the bytes a chunk of games sends each
way, and the time the client takes to take one game in (unpickle it, add it
to the report, write its log line), which bounds how many workers one client
can keep busy. PYTHONDONTWRITEBYTECODE and PYTHONUNBUFFERED are removed from
the environment of every process.

    python scripts/bench_cluster.py [--games 2000] [--runs 3] [--jobs 2]
"""

from __future__ import annotations

import argparse
import json
import os
import pickle
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import IO

from crib_cli.game.record import GameRecord, record_json
from crib_cli.game.simulate import Setup, run_games, summarize
from crib_cli.rules import GameRules

ENV = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PYTHONUNBUFFERED")}
BIN = Path(sys.executable).parent
SPECS = ("expert", "expert")
CHUNK = 32
"""Games in a chunk: the most the simulation puts in one, as it does for long runs."""


def start_cluster(folder: Path, workers: int) -> tuple[list[subprocess.Popen[bytes]], str]:
    """A scheduler and ``workers`` worker processes of one thread; the processes and the scheduler's address."""
    file = folder / "scheduler.json"
    scheduler = subprocess.Popen(
        [str(BIN / "dask"), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
         "--scheduler-file", str(file)],
        cwd=folder, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while not file.exists() or not file.read_text():
        if time.monotonic() > deadline:
            scheduler.kill()
            sys.exit("the scheduler did not start")
        time.sleep(0.1)
    address = json.loads(file.read_text())["address"]
    worker = subprocess.Popen(
        [str(BIN / "dask"), "worker", address, "--nworkers", str(workers), "--nthreads", "1", "--no-dashboard",
         "--local-directory", str(folder)],
        cwd=folder, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    from distributed import Client

    with Client(address, timeout=60) as client:
        client.wait_for_workers(workers, timeout=120)
    return [worker, scheduler], address


def wall_seconds(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    return time.perf_counter() - start


def whole_runs(games: int, runs: int, jobs: int, address: str) -> None:
    crib = [str(BIN / "crib"), "simulate", "--games", str(games), "--a", SPECS[0], "--b", SPECS[1]]
    local, cluster = [], []
    for _ in range(runs):
        local.append(wall_seconds([*crib, "--jobs", str(jobs)]))
        cluster.append(wall_seconds([*crib, "--cluster", address]))
    for label, times in ((f"--jobs {jobs}", local), (f"--cluster ({jobs} workers)", cluster)):
        seconds = statistics.median(times)
        print(f"crib simulate {label:<22} {games / seconds:7.1f} games/s   ({games:,} expert games, "
              f"median {seconds:.1f} s of {', '.join(f'{t:.1f}' for t in times)})")
    print(f"cluster / local time                   {statistics.median(cluster) / statistics.median(local):7.3f}x")
    short = [*crib[:3], "4", *crib[4:]]
    local_start = statistics.median(wall_seconds([*short, "--jobs", str(jobs)]) for _ in range(runs))
    cluster_start = statistics.median(wall_seconds([*short, "--cluster", address]) for _ in range(runs))
    print(f"a run of 4 games (mostly start-up)     {local_start:7.2f} s with --jobs {jobs}, "
          f"{cluster_start:.2f} s with --cluster")


def per_game(games: int) -> None:
    rules, setup = GameRules(), Setup()
    start = time.process_time()
    chunks = [list(run_games(SPECS, CHUNK, seed=seed)) for seed in range(games // CHUNK)]  # as a worker returns them
    work = (time.process_time() - start) / (len(chunks) * CHUNK)
    sent = len(pickle.dumps((SPECS, 0, CHUNK, 1, rules, setup)))  # a chunk's arguments: specs, games, seed, rules
    back = statistics.median(len(pickle.dumps(chunk)) for chunk in chunks)
    blobs = [pickle.dumps(chunk) for chunk in chunks]
    print(f"work per game (one process)            {1000 * work:7.1f} ms   (expert against expert, to 121)")
    print(f"a chunk of {CHUNK} games sends             {sent:7,} bytes out, {back:,.0f} back "
          f"({back / CHUNK:,.0f} a game)")
    for logged in (False, True):
        taken = min(client_seconds(blobs, logged) for _ in range(3)) / (len(blobs) * CHUNK)
        what = "unpickle, report, log line" if logged else "unpickle, report"
        print(f"the client takes a game in             {1000 * taken:7.2f} ms   ({what}): "
              f"{1 / taken:,.0f} games/s, enough to keep {work / taken:,.0f} workers busy")


def client_seconds(blobs: list[bytes], logged: bool) -> float:
    """Processor seconds to take in the chunks as the client does: unpickle, add to the report, and log if asked."""
    with open(os.devnull, "w", encoding="utf-8") as log:
        start = time.process_time()
        records = (record for blob in blobs for _, record in pickle.loads(blob))
        summarize((_logged(record, log) for record in records) if logged else records, SPECS)
        return time.process_time() - start


def _logged(record: GameRecord, log: IO[str]) -> GameRecord:
    """A record, after writing its log line as crib simulate does."""
    log.write(json.dumps(record_json(record, 0, list(SPECS))) + "\n")
    return record


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games in each timed run")
    parser.add_argument("--runs", type=int, default=3, help="timed runs of each kind (the median is printed)")
    parser.add_argument("--jobs", type=int, default=2, help="local worker processes, and workers in the cluster")
    parser.add_argument("--sample", type=int, default=320, help="games played here for the figures per game")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        processes, address = start_cluster(Path(folder), args.jobs)
        try:
            whole_runs(args.games, args.runs, args.jobs, address)
        finally:
            for process in processes:
                process.terminate()
                process.wait(timeout=60)
    per_game(args.sample)


if __name__ == "__main__":
    main()
