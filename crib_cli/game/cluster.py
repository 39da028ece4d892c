"""Where parallel work runs: fresh local worker processes, or the workers of a Dask cluster.

:func:`executor` gives either as a :class:`concurrent.futures.Executor` with a
``workers`` count (how many tasks it runs at once), so the simulation and the
table builders submit their work to one kind of object and read its futures
the same way::

    with executor(jobs=2, cluster=address) as pool:
        values = list(pool.map(entry, jobs))

A cluster is Dask's (``pip install "crib[cluster]"``), reached through a
``dask.distributed`` client; Dask is imported only when a cluster is asked
for. Its waits are bounded by Dask's connect timeout
(``distributed.comm.timeouts.connect``, 30 s unless configured): a scheduler
that cannot be reached in that time, or lost for that long, or a cluster left
without a worker for that long, fails every waiting future with
:class:`ClusterError`, one line naming the address. A worker lost mid-run is
Dask's to handle: it runs the lost tasks again on the others, and since the
work is seeded the results are the same; a task that kills every worker it is
tried on (Dask's ``KilledWorker``) is a :class:`ClusterError` too.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor, Future, InvalidStateError, ProcessPoolExecutor
from concurrent.futures import wait as wait_for
from contextlib import contextmanager
from typing import Any, ParamSpec, TypeVar

P = ParamSpec("P")
T = TypeVar("T")

ADDRESS_VARIABLE = "DASK_SCHEDULER_ADDRESS"
"""Dask's convention: the scheduler to use when none is named."""
INSTALL = 'pip install "crib[cluster]"'


class ClusterError(RuntimeError):
    """The cluster cannot do the work (unreachable, lost, no workers, workers killed); the message names its address."""


class DaskMissing(ImportError):
    """Dask is not installed: the message says how to install it."""


class BadAddress(ValueError):
    """Dask cannot read the scheduler's address: the message quotes it."""


def require_dask() -> None:
    """Import Dask's distributed scheduler client, or raise :class:`DaskMissing` saying how to install it."""
    try:
        import distributed  # noqa: F401 - imported to see that it is there
    except ImportError:
        raise DaskMissing(f"running on a Dask cluster needs Dask: {INSTALL}") from None


def scheduler_address(given: str | None) -> str:
    """The scheduler's address: ``given``, or else the ``DASK_SCHEDULER_ADDRESS`` variable; ValueError if neither."""
    address = given or os.environ.get(ADDRESS_VARIABLE, "")
    if not address.strip():
        raise ValueError(f"no scheduler address: give one (tcp://HOST:8786) or set {ADDRESS_VARIABLE}")
    return address.strip()


class ProcessPool(ProcessPoolExecutor):
    """``jobs`` worker processes started fresh (spawned, not forked), which leave Ctrl-C to the parent."""

    def __init__(self, jobs: int) -> None:
        super().__init__(jobs, mp_context=multiprocessing.get_context("spawn"), initializer=_ignore_interrupts)
        self.workers = jobs


def _ignore_interrupts() -> None:
    """A worker leaves Ctrl-C to the parent, which decides what to keep."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


class ClusterExecutor(Executor):
    """The workers of the Dask cluster whose scheduler is at ``address``, as a concurrent.futures executor.

    Tasks are submitted as they are (``pure=False``: no two share a key).
    ``wait`` bounds every wait on the cluster (see the module docstring);
    by default it is Dask's connect timeout. While the executor is open,
    the ``distributed`` loggers of this process are kept to critical
    messages: what goes wrong is told by :class:`ClusterError`.
    """

    def __init__(self, address: str, *, wait: float | None = None) -> None:
        require_dask()
        import dask.config
        from dask.utils import parse_timedelta
        from distributed import Client

        self.address = address
        self.wait: float = wait if wait is not None else parse_timedelta(dask.config.get("distributed.comm.timeouts.connect"))
        self._loud = _quiet("distributed")
        try:
            _reach(address, self.wait)
            self._client = Client(address, timeout=self.wait, set_as_default=False)
        except (OSError, TimeoutError):
            _restore(self._loud)
            raise ClusterError(f"cannot reach the Dask scheduler at {address} (waited {self.wait:g} s)") from None
        except ValueError as error:  # Dask's reading of the address
            _restore(self._loud)
            raise BadAddress(f"{address!r} is not a scheduler address: {error}") from None
        self._lock = threading.Lock()
        self._tasks: dict[Future[Any], Any] = {}
        self._closed = threading.Event()
        self._watch = threading.Thread(target=self._watch_cluster, name="crib-cluster-watch", daemon=True)
        self._watch.start()

    @property
    def workers(self) -> int:
        """The threads of the cluster's workers now (at least 1, so the work can be sized before they come)."""
        threads: dict[str, int] = self._client.nthreads()
        return max(1, sum(threads.values()))

    def upload(self, path: str) -> None:
        """Send a module file (``mybot.py``) to every worker, now and later, so tasks can import it there."""
        try:
            self._client.upload_file(path)
        except Exception as error:  # noqa: BLE001 - the file's import on a worker may raise anything: one line
            raise ClusterError(
                f"cannot load {path} on the workers of the Dask cluster at {self.address}: {type(error).__name__}: {error}"
            ) from None

    def submit(self, fn: Callable[P, T], /, *args: P.args, **kwargs: P.kwargs) -> Future[T]:
        out: Future[T] = Future()
        task = self._client.submit(fn, *args, pure=False, **kwargs)
        with self._lock:
            self._tasks[out] = task
        out.add_done_callback(self._forget)
        task.add_done_callback(lambda done: self._settle(out, done))
        return out

    def _forget(self, out: Future[Any]) -> None:
        """Drop a settled future; one cancelled here cancels its task on the cluster."""
        with self._lock:
            task = self._tasks.pop(out, None)
        if out.cancelled():
            out.set_running_or_notify_cancel()  # so that wait() and as_completed() see it
            if task is not None:
                task.cancel()

    def _settle(self, out: Future[Any], task: Any) -> None:
        """Pass a finished task's result or error to its future (in one of Dask's callback threads)."""
        from distributed import KilledWorker

        if out.done():
            return
        value: Any = None
        error: BaseException | None = None
        try:
            if task.status == "finished":
                value = task.result(timeout=self.wait)
            elif task.status == "error":
                error = task.exception(timeout=self.wait)
            else:  # cancelled, but not by us: the client gave the scheduler up
                error = ClusterError(f"lost the Dask scheduler at {self.address}")
        except Exception as failure:  # noqa: BLE001 - fetching the result failed: the cluster's fault, told in one line
            error = ClusterError(f"cannot fetch a result from the Dask cluster at {self.address}: {failure}")
        if isinstance(error, KilledWorker):
            error = ClusterError(f"a task killed every worker of the Dask cluster at {self.address} that ran it")
        self._set(out, value, error)

    @staticmethod
    def _set(out: Future[Any], value: Any, error: BaseException | None) -> None:
        """Settle a future, unless it is settled already (cancelled, or failed by the watch)."""
        try:
            if error is None:
                out.set_result(value)
            else:
                out.set_exception(error)
        except InvalidStateError:
            pass

    def _watch_cluster(self) -> None:
        """Fail every waiting future once the scheduler or every worker has been gone for ``wait`` seconds."""
        trouble_since: float | None = None
        while not self._closed.wait(1.0):
            with self._lock:
                waiting = list(self._tasks)
            if not waiting:
                trouble_since = None
                continue
            trouble = self._trouble()
            if trouble is None:
                trouble_since = None
                continue
            now = time.monotonic()
            trouble_since = trouble_since if trouble_since is not None else now
            if now - trouble_since >= self.wait:
                error = ClusterError(f"{trouble} (for {self.wait:g} s)")
                for out in waiting:
                    self._set(out, None, error)

    def _trouble(self) -> str | None:
        """What keeps the cluster from working now, or None."""
        lost = f"lost the Dask scheduler at {self.address}"
        if self._client.status != "running":
            return lost
        try:
            threads = self._client.nthreads()
        except (OSError, TimeoutError):
            return lost
        return None if threads else f"the Dask cluster at {self.address} has no worker"

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Cancel what is left (with ``cancel_futures``), wait for the rest (bounded), and let the cluster go."""
        with self._lock:
            waiting = list(self._tasks)
        if cancel_futures:
            for out in waiting:
                out.cancel()
        if wait:
            wait_for(waiting)
        self._closed.set()
        try:
            self._client.close(timeout=self.wait)
        except (OSError, TimeoutError):
            pass  # the scheduler is gone already
        finally:
            _restore(self._loud)


def _quiet(name: str) -> dict[logging.Logger, int]:
    """Keep the loggers ``name`` and below to critical messages (Dask configures some of them itself); their levels."""
    loggers = [logging.getLogger(name)] + [
        logger for key, logger in logging.Logger.manager.loggerDict.items()
        if key.startswith(name + ".") and isinstance(logger, logging.Logger)
    ]
    levels = {logger: logger.level for logger in loggers}
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    return levels


def _restore(levels: dict[logging.Logger, int]) -> None:
    for logger, level in levels.items():
        logger.setLevel(level)


def _reach(address: str, wait: float) -> None:
    """Connect to the scheduler once and hang up: OSError if it cannot be reached within ``wait`` seconds.

    A client that fails to connect leaves behind an object that complains
    when it is collected; this probe fails cleanly.
    """
    import asyncio

    from distributed.comm import connect
    from distributed.security import Security

    async def probe() -> None:
        comm = await connect(address, timeout=wait, **Security().get_connection_args("client"))
        await comm.close()

    asyncio.run(probe())


@contextmanager
def executor(jobs: int = 1, cluster: str | None = None) -> Iterator[ProcessPool | ClusterExecutor]:
    """``jobs`` local worker processes, or the Dask cluster at ``cluster`` (then ``jobs`` is not used).

    On leaving, work not yet started is cancelled and running work waited for.
    """
    pool: ProcessPool | ClusterExecutor = ProcessPool(jobs) if cluster is None else ClusterExecutor(cluster)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
