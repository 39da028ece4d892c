"""The same seeds give the same games: this checkout against an earlier revision, log for log.

Each set is one ``crib simulate`` run with ``--log``; it is played by this
checkout and by REV (checked out into a temporary git worktree and run from
there), and the two logs and reports are compared byte for byte. The sets
cover every variant: two players to 121 and to 61, games taken up near the
end (where the board decides), three players, four, and five-card cribbage.

    python scripts/same_games.py [--base REV] [--games 1000] [--jobs 2]

Exit status 0 when every set is the same, 1 when one differs (its first
differing game is printed).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent.parent

SETS: dict[str, list[str]] = {
    "two, to 121": ["--a", "expert", "--b", "expert-points", "--seed", "11"],
    "two, to 61": ["--a", "expert", "--b", "greedy", "--to", "61", "--seed", "12"],
    "two, from 100-105": ["--a", "expert", "--b", "expert", "--start", "100,105", "--seed", "13"],
    "three": ["--players", "3", "--a", "expert", "--b", "greedy", "--c", "expert-points", "--seed", "14"],
    "four": ["--players", "4", "--a", "expert", "--b", "expert-points", "--seed", "15"],
    "five-card": ["--variant", "five", "--a", "expert", "--b", "expert-points", "--seed", "16"],
}


def play(tree: Path, name: str, games: int, jobs: int, out: Path) -> tuple[bytes, bytes]:
    """One set played by the code in ``tree``: its log and its JSON report."""
    log = out / (name.replace(" ", "_").replace(",", "") + ".jsonl")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",)}
    env["PYTHONPATH"] = str(tree)
    command = [sys.executable, "-m", "crib_cli", "simulate", "--games", str(games), "--jobs", str(jobs)]
    report = subprocess.run(
        [*command, *SETS[name], "--log", str(log), "-f", "json"],
        cwd=out,
        env=env,
        capture_output=True,
        check=True,
    ).stdout
    return log.read_bytes(), report


def first_difference(before: bytes, after: bytes) -> str:
    """The first game whose line differs, or where one log is the longer."""
    for index, (old, new) in enumerate(zip(before.splitlines(), after.splitlines())):
        if old != new:
            return f"game {index} differs"
    return "one log is longer"


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--base", default="HEAD", help="the earlier revision (default: HEAD, the last commit)")
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    differ = 0
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch) / "base"
        subprocess.run(["git", "-C", str(HERE), "worktree", "add", "--detach", str(base), args.base],
                       check=True, capture_output=True)
        try:
            for name in SETS:
                start = time.perf_counter()
                runs = []
                for tree, tag in ((base, "base"), (HERE, "here")):
                    out = Path(scratch) / tag
                    out.mkdir(exist_ok=True)
                    runs.append(play(tree, name, args.games, args.jobs, out))
                (old_log, old_report), (new_log, new_report) = runs
                same = old_log == new_log and old_report == new_report
                digest = hashlib.sha256(new_log).hexdigest()[:16]
                verdict = "same" if same else first_difference(old_log, new_log) if old_log != new_log else "report differs"
                print(f"{name:<18} {args.games} games  {len(new_log):>10,} bytes  sha256 {digest}  {verdict}"
                      f"  ({time.perf_counter() - start:.0f} s)")
                differ += not same
        finally:
            subprocess.run(["git", "-C", str(HERE), "worktree", "remove", "--force", str(base)], check=True)
    print("every set the same" if not differ else f"{differ} set(s) differ")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
