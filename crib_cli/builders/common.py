"""What the builders share: where the generated modules go, writing one, and the workers to build it on."""

from __future__ import annotations

import argparse
from collections.abc import Iterator
from concurrent.futures import BrokenExecutor
from contextlib import contextmanager
from pathlib import Path

from ..game.cluster import (
    BadAddress,
    ClusterError,
    ClusterExecutor,
    DaskMissing,
    ProcessPool,
    executor,
    require_dask,
    scheduler_address,
)

DATA = Path(__file__).resolve().parent.parent / "data"
"""The folder of the generated modules."""


def target(name: str) -> Path:
    """The generated module ``data/NAME.py``."""
    return DATA / f"{name}.py"


def write(path: Path, text: str) -> None:
    """Write a generated module and say where and how big."""
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")


def add_worker_options(parser: argparse.ArgumentParser, jobs: int) -> None:
    """The ``--jobs N`` and ``--cluster [ADDRESS]`` options, as ``crib simulate`` has them."""
    parser.add_argument("--jobs", type=int, help=f"worker processes (default: {jobs})")
    parser.set_defaults(default_jobs=jobs)
    parser.add_argument(
        "--cluster", nargs="?", const="", metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (alone: at $DASK_SCHEDULER_ADDRESS); "
             'needs pip install "crib[cluster]"',
    )


@contextmanager
def workers(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Iterator[ProcessPool | ClusterExecutor | None]:
    """The workers the options ask for, or None for this process alone (``--jobs 1``, no ``--cluster``).

    ``--jobs`` with ``--cluster`` is refused, as ``crib simulate`` refuses it.
    Bad usage (no address, Dask not installed, an address Dask cannot read)
    ends the builder with exit status 2; a cluster that cannot do the work,
    or a worker process that died, with one line and exit status 1.
    """
    address = None
    if args.cluster is not None:
        if args.jobs is not None:
            parser.error("--jobs is for worker processes here: with --cluster, the cluster's workers do the work")
        try:
            address = scheduler_address(args.cluster)
            require_dask()
        except (ValueError, DaskMissing) as error:
            parser.error(f"--cluster: {error}")
    jobs = args.jobs if args.jobs is not None else args.default_jobs
    if address is None and jobs <= 1:
        yield None
        return
    try:
        with executor(jobs, address) as pool:
            yield pool
    except BadAddress as error:
        parser.error(f"--cluster: {error}")
    except (ClusterError, BrokenExecutor) as error:
        parser.exit(1, f"{parser.prog}: error: {error or 'a worker process died'}\n")
