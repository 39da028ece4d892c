"""Work on local processes and on a Dask cluster through one executor; the simulation and the builders on a cluster.

The cluster is real: a scheduler and two worker processes (one thread each)
on 127.0.0.1, started by ``dask scheduler`` and ``dask worker`` as a user
would, once for the module, and stopped at its end. Tests that need a broken
cluster (no worker, a scheduler that goes away) start their own. Without the
cluster extra (Dask's ``distributed``) the module is skipped.
"""

from __future__ import annotations

import json
import operator
import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed", reason='the cluster extra is not installed: pip install -e ".[test,cluster]"')

import dask.config
import distributed  # noqa: F401 - its config defaults loaded first, so a dask.config.set below cannot undo them
from bots import KILLER
from click.testing import CliRunner, Result

from crib_cli.builders import cribs, pegging
from crib_cli.cli import cli
from crib_cli.cribs import CLASSES
from crib_cli.game.cluster import (
    INSTALL,
    BadAddress,
    ClusterError,
    ClusterExecutor,
    DaskMissing,
    executor,
    require_dask,
    scheduler_address,
)
from crib_cli.pegging import keep_patterns

LOOPBACK = "127.0.0.1"


def start_scheduler(folder: Path) -> tuple[subprocess.Popen[bytes], str]:
    """``dask scheduler`` on a free loopback port; the process and its address."""
    file = folder / "scheduler.json"
    process = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_scheduler", "--host", LOOPBACK, "--port", "0",
         "--no-dashboard", "--scheduler-file", str(file)],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 60
    while not file.exists() or not file.read_text():
        if time.monotonic() > deadline or process.poll() is not None:
            stop(process)
            pytest.fail("the scheduler did not start")
        time.sleep(0.1)
    return process, json.loads(file.read_text())["address"]


def start_workers(address: str, folder: Path, count: int = 2) -> subprocess.Popen[bytes]:
    """``dask worker`` with ``count`` worker processes of one thread, and wait until all have joined."""
    process = subprocess.Popen(
        [sys.executable, "-m", "distributed.cli.dask_worker", address, "--nworkers", str(count), "--nthreads", "1",
         "--no-dashboard", "--local-directory", str(folder)],
        cwd=folder, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    with ClusterExecutor(address, wait=30) as pool:
        deadline = time.monotonic() + 60
        while pool.workers < count:
            if time.monotonic() > deadline:
                stop(process)
                pytest.fail("the workers did not join")
            time.sleep(0.2)
    return process


def stop(process: subprocess.Popen[bytes]) -> None:
    """Ask a process to end, and make it if it does not within 20 s."""
    process.terminate()
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=20)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The address of a scheduler with two workers, for the whole module."""
    folder = tmp_path_factory.mktemp("cluster")
    scheduler, address = start_scheduler(folder)
    try:
        workers = start_workers(address, folder)
        try:
            yield address
        finally:
            stop(workers)
    finally:
        stop(scheduler)


def closed_port() -> str:
    """The address of a loopback port nothing listens on."""
    with socket.socket() as probe:
        probe.bind((LOOPBACK, 0))
        port = probe.getsockname()[1]
    return f"tcp://{LOOPBACK}:{port}"


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, ["simulate", *args])


# --- the executor ------------------------------------------------------------------


@pytest.mark.parametrize("where", ["local", "cluster"])
def test_the_executor_maps_and_submits_the_same_here_and_there(where: str, request: pytest.FixtureRequest) -> None:
    address = request.getfixturevalue("cluster") if where == "cluster" else None
    with executor(jobs=2, cluster=address) as pool:
        assert pool.workers == 2
        assert list(pool.map(operator.pow, [2, 3, 4], [5, 2, 0])) == [32, 9, 1]
        failed = pool.submit(operator.truediv, 1, 0)
        with pytest.raises(ZeroDivisionError):  # a task's own error comes back as it is
            failed.result(timeout=60)


def test_a_cancelled_future_is_done_at_once(cluster: str) -> None:
    with executor(cluster=cluster) as pool:
        future = pool.submit(time.sleep, 30)
        assert future.cancel() and future.cancelled()
        start = time.monotonic()
        pool.shutdown(wait=True)
        assert time.monotonic() - start < 10


def test_an_unreachable_scheduler_is_one_error_naming_it_within_the_wait() -> None:
    address = closed_port()
    start = time.monotonic()
    with pytest.raises(ClusterError, match=rf"^cannot reach the Dask scheduler at {address} \(waited 1 s\)$"):
        ClusterExecutor(address, wait=1)
    assert time.monotonic() - start < 10


def test_a_cluster_with_no_worker_fails_what_waits_within_the_wait(tmp_path: Path) -> None:
    scheduler, address = start_scheduler(tmp_path)
    try:
        with ClusterExecutor(address, wait=2) as pool:
            start = time.monotonic()
            future = pool.submit(operator.add, 1, 2)
            with pytest.raises(ClusterError, match=rf"^the Dask cluster at {address} has no worker \(for 2 s\)$"):
                future.result(timeout=60)
            assert time.monotonic() - start < 20
    finally:
        stop(scheduler)


@pytest.mark.parametrize(("address", "message"), [
    ("foo", "'foo' is not a scheduler address: missing port number"),
    ("nope://x:1", "'nope://x:1' is not a scheduler address: unknown address scheme 'nope'"),
], ids=["no port", "unknown scheme"])
def test_an_address_dask_cannot_read(address: str, message: str) -> None:
    with pytest.raises(BadAddress, match=message):
        ClusterExecutor(address, wait=1)


SCHEDULERS = [
    ("tcp://h:8786", None, "tcp://h:8786"),
    ("", "tcp://from-env:8786", "tcp://from-env:8786"),
    ("tcp://h:8786", "tcp://from-env:8786", "tcp://h:8786"),
]


@pytest.mark.parametrize(("given", "env", "expected"), SCHEDULERS, ids=["given", "from the variable", "given wins"])
def test_the_scheduler_address(given: str, env: str | None, expected: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    if env is not None:
        monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", env)
    assert scheduler_address(given) == expected


def test_no_scheduler_address(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    with pytest.raises(ValueError, match="no scheduler address: give one .* or set DASK_SCHEDULER_ADDRESS"):
        scheduler_address("")


def test_without_dask_the_cluster_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    with pytest.raises(DaskMissing, match="pip install"):
        require_dask()
    result = run("--games", "2", "--cluster", "tcp://h:8786")
    assert result.exit_code == 2
    assert result.stderr == f"Error: running on a Dask cluster needs Dask: {INSTALL}\n"


# --- crib simulate on the cluster ----------------------------------------------------

BOT = '''
from crib_cli.game import GreedyPlayer


class Steady(GreedyPlayer):
    """Greedy, from a module the workers do not have until it is sent to them."""


def make():
    return Steady()
'''


ENGINE = f"exec:{sys.executable} -m crib_cli engine --strategy random"
"""A program on the workers: crib engine, as random, seeded through the protocol."""


@pytest.mark.parametrize("players", [
    ["--a", "expert", "--b", "greedy"],
    ["--a", "greedy", "--b", "clusterbot:make", "--players", "3", "--c", "random", "--to", "61"],
    ["--a", "greedy", "--b", ENGINE, "--program-stderr", os.devnull],
], ids=["built-in", "a plug-in sent to the workers", "a program run on the workers"])
def test_simulate_on_the_cluster_is_the_same_as_one_job(
    players: list[str], cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "clusterbot.py").write_text(BOT)
    monkeypatch.syspath_prepend(str(tmp_path))
    here, there = tmp_path / "here.jsonl", tmp_path / "there.jsonl"
    one = run("--games", "16", "--seed", "7", *players, "--log", str(here))
    many = run("--games", "16", "--seed", "7", *players, "--log", str(there), "--cluster", cluster)
    assert one.exit_code == many.exit_code == 0, one.output + many.output
    assert many.stdout == one.stdout and many.stderr == ""
    assert there.read_text() == here.read_text()


def test_simulate_takes_the_scheduler_from_the_variable(cluster: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DASK_SCHEDULER_ADDRESS", cluster)
    result = run("--games", "6", "--a", "greedy", "--b", "random", "--cluster", "-f", "json")
    assert result.exit_code == 0, result.output
    assert result.stdout == run("--games", "6", "--a", "greedy", "--b", "random", "-f", "json").stdout


FRAGILE = '''
import os
from pathlib import Path
from crib_cli.game import GreedyPlayer

MARK = Path({mark!r})


class Fragile(GreedyPlayer):
    """Kills the worker it runs on, the first time it is dealt past 60 points; then plays greedy."""

    def discard(self, view):
        if view.scores[1] > 60 and not MARK.exists():
            MARK.write_text("the worker died here")
            os._exit(1)
        return super().discard(view)


def make():
    return Fragile()
'''


def test_a_worker_that_dies_mid_run_has_its_games_played_again(
    cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mark = tmp_path / "died"
    (tmp_path / "fragile.py").write_text(FRAGILE.format(mark=str(mark)))
    monkeypatch.syspath_prepend(str(tmp_path))
    there, here = tmp_path / "there.jsonl", tmp_path / "here.jsonl"
    many = run("--games", "30", "--a", "greedy", "--b", "fragile:make", "--log", str(there), "--cluster", cluster)
    assert mark.exists()  # a worker did die
    one = run("--games", "30", "--a", "greedy", "--b", "fragile:make", "--log", str(here))
    assert many.exit_code == one.exit_code == 0, many.output + one.output
    assert many.stdout == one.stdout and there.read_text() == here.read_text()


def test_a_bot_that_kills_every_worker_is_one_error_naming_the_cluster(
    cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "killer.py").write_text(KILLER)
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run("--games", "2", "--a", "killer:make", "--b", "greedy", "--cluster", cluster)
    assert result.exit_code == 1
    assert result.stderr == f"Error: a task killed every worker of the Dask cluster at {cluster} that ran it\n"


def test_simulate_with_an_unreachable_scheduler() -> None:
    address = closed_port()
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}):
        result = run("--games", "4", "--cluster", address)
    assert result.exit_code == 1
    assert result.stderr == f"Error: cannot reach the Dask scheduler at {address} (waited 1 s)\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--cluster", "foo"], "Invalid value for '--cluster': 'foo' is not a scheduler address: missing port number"),
    (["--cluster"], "Invalid value for '--cluster': no scheduler address"),
    (["--cluster", "tcp://h:1", "--jobs", "2"], "--jobs is for worker processes here: with --cluster"),
], ids=["unreadable address", "no address", "with --jobs"])
def test_simulate_cluster_usage_errors(args: list[str], message: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    result = run("--games", "2", *args)
    assert result.exit_code == 2, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_a_scheduler_lost_mid_run_is_one_error_naming_it(tmp_path: Path) -> None:
    scheduler, address = start_scheduler(tmp_path)
    workers = start_workers(address, tmp_path, count=1)
    log = tmp_path / "games.jsonl"
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "crib_cli", "simulate", "--games", "5000", "--a", "expert", "--b", "expert",
             "--cluster", address, "--log", str(log)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env={**os.environ, "DASK_DISTRIBUTED__COMM__TIMEOUTS__CONNECT": "2s"},
        )
        wait_for_lines(log, process)
        stop(scheduler)
        _, stderr = process.communicate(timeout=60)
    finally:
        stop(workers)
        stop(scheduler)
    assert process.returncode == 1
    assert stderr.decode().count("\n") == 1 and address in stderr.decode(), stderr


def wait_for_lines(log: Path, process: subprocess.Popen[bytes], seconds: float = 60) -> None:
    """Wait until the log has a game in it (the run is under way)."""
    deadline = time.monotonic() + seconds
    while not (log.exists() and log.read_text().count("\n") >= 1):
        assert process.poll() is None and time.monotonic() < deadline, "the run did not get under way"
        time.sleep(0.05)


def test_ctrl_c_on_the_cluster_keeps_the_first_games(cluster: str, tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    process = subprocess.Popen(
        [sys.executable, "-m", "crib_cli", "simulate", "--games", "20000", "--a", "greedy", "--b", "random",
         "--cluster", cluster, "--log", str(log), "-f", "json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True,
    )
    wait_for_lines(log, process)
    os.killpg(process.pid, signal.SIGINT)
    stdout, stderr = process.communicate(timeout=60)
    assert process.returncode == 130, stderr
    games = [json.loads(line)["game"] for line in log.read_text().splitlines()]
    report = json.loads(stdout)
    assert games == list(range(report["games"])) and 0 < report["games"] < 20000
    assert report["partial"] and report["games_asked"] == 20000
    assert stderr.decode() == f"Interrupted: the report covers the first {report['games']:,} of 20,000 games\n"


# --- the builders on the cluster -----------------------------------------------------


@pytest.mark.parametrize("where", ["local", "cluster"])
def test_the_pegging_entries_are_the_same_on_workers(where: str, request: pytest.FixtureRequest) -> None:
    patterns = keep_patterns()[::300]
    here = pegging.build(2, None, patterns)
    with executor(jobs=2, cluster=request.getfixturevalue("cluster") if where == "cluster" else None) as pool:
        there = pegging.build(2, pool, patterns)
    assert there == here and pegging.render(2, there) == pegging.render(2, here)


@pytest.mark.parametrize("where", ["local", "cluster"])
def test_a_crib_pass_is_the_same_on_workers(where: str, request: pytest.FixtureRequest) -> None:
    values = [4.0 + (c % 7) / 10 for c in range(CLASSES)]
    plan = [2 if i % 400 == 0 else 0 for i in range(len(cribs.strata().ranks))]
    here = cribs.measure("dealer", values, values, plan, seed=5)
    with executor(jobs=2, cluster=request.getfixturevalue("cluster") if where == "cluster" else None) as pool:
        there = cribs.measure("dealer", values, values, plan, seed=5, workers=pool)
    assert there == here


@pytest.mark.parametrize("builder", [pegging, cribs], ids=["pegging", "cribs"])
def test_a_builder_with_an_unreachable_cluster_is_one_line_and_exit_1(
    builder: object, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    address = closed_port()
    with dask.config.set({"distributed.comm.timeouts.connect": "1s"}), pytest.raises(SystemExit) as stopped:
        builder.main(["--cluster", address, "--out", str(tmp_path / "out.py")])  # type: ignore[attr-defined]
    assert stopped.value.code == 1
    assert capsys.readouterr().err.endswith(f"error: cannot reach the Dask scheduler at {address} (waited 1 s)\n")
    assert not (tmp_path / "out.py").exists()


BUILDER_USAGE = [
    (["--cluster"], "error: --cluster: no scheduler address"),
    (["--cluster", "tcp://h:8786", "--jobs", "2"], "error: --jobs is for worker processes here: with --cluster"),
]


@pytest.mark.parametrize(("args", "message"), BUILDER_USAGE, ids=["no address", "with --jobs"])
@pytest.mark.parametrize("builder", [pegging, cribs], ids=["pegging", "cribs"])
def test_builder_cluster_usage_errors(
    builder: object, args: list[str], message: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DASK_SCHEDULER_ADDRESS", raising=False)
    with pytest.raises(SystemExit) as stopped:
        builder.main(args)  # type: ignore[attr-defined]
    assert stopped.value.code == 2
    assert message in capsys.readouterr().err


@pytest.mark.parametrize("builder", [pegging, cribs], ids=["pegging", "cribs"])
def test_a_builder_without_dask_says_how_to_install_it(
    builder: object, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(SystemExit) as stopped:
        builder.main(["--cluster", "tcp://h:8786"])  # type: ignore[attr-defined]
    assert stopped.value.code == 2
    assert capsys.readouterr().err.endswith(f"error: --cluster: running on a Dask cluster needs Dask: {INSTALL}\n")


def test_a_bot_the_workers_cannot_import_is_one_line(cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    here = tmp_path / "needy.py"
    here.write_text(BOT + f"\nif __file__ != {str(here)!r}:  # a copy on a worker\n    import no_such_module_on_workers\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    result = run("--games", "2", "--a", "needy:make", "--b", "greedy", "--cluster", cluster)
    assert result.exit_code == 1
    assert result.stderr.startswith("Error: cannot load ") and f"the Dask cluster at {cluster}: " in result.stderr
    assert "no_such_module_on_workers" in result.stderr and result.stderr.count("\n") == 1
