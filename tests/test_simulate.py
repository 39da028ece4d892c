"""Many games: seeded, the same with one job or two, and summed up."""

from __future__ import annotations

import multiprocessing
import sys
import threading
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from crib_cli.game.record import GameRecord
from crib_cli.game.simulate import Interval, by_side, run_games, summarize, wilson_interval
from crib_cli.game.strategies import PlayerSpecError
from crib_cli.rules import GameRules

PLUGIN = """
from crib_cli.game.strategies import RandomPlayer
import random

def make():
    return RandomPlayer(random.Random(5))
"""


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    (tmp_path / "plug_sim.py").write_text(PLUGIN)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "plug_sim", raising=False)
    return "plug_sim:make"


def test_two_jobs_play_the_same_games_as_one(plugin: str) -> None:
    """Run inside a click command, as the shell will: workers resolve the plug-in themselves."""
    specs = ["greedy", plugin]
    two: list[tuple[int, GameRecord]] = []

    @click.command()
    def simulate() -> None:
        for index, record in run_games(specs, 6, seed=11, jobs=2):
            two.append((index, record))
            click.echo(f"{index} {record.winner}")

    result = CliRunner().invoke(simulate)
    assert result.exit_code == 0, result.output
    one = list(run_games(specs, 6, seed=11))
    assert one == two
    assert result.output.splitlines() == [f"{index} {record.winner}" for index, record in one]
    assert [index for index, _ in one] == list(range(6))
    assert [record.first_dealer for _, record in one] == [0, 1, 0, 1, 0, 1]
    assert not multiprocessing.active_children()


def test_stopping_early_shuts_the_workers_down() -> None:
    games = run_games(["random", "random"], 60, seed=1, jobs=2)
    first = [next(games) for _ in range(3)]
    games.close()
    assert [index for index, _ in first] == [0, 1, 2]
    assert first == list(run_games(["random", "random"], 3, seed=1))
    assert not multiprocessing.active_children()


def test_a_seed_fixes_the_games() -> None:
    a = list(run_games(["random", "greedy"], 3, seed="x"))
    b = list(run_games(["random", "greedy"], 3, seed="x"))
    c = list(run_games(["random", "greedy"], 3, seed="y"))
    assert a == b and a != c


@pytest.mark.parametrize("players", [3, 4])
def test_more_players_rotate_the_first_deal(players: int) -> None:
    records = [r for _, r in run_games(["greedy"] * players, players, seed=2, rules=GameRules(players, 61))]
    assert [r.first_dealer for r in records] == list(range(players))


def test_bad_specs_fail_at_the_call() -> None:
    with pytest.raises(PlayerSpecError, match="'nobody' is not a player"):
        run_games(["greedy", "nobody"], 3, seed=1)
    with pytest.raises(ValueError, match="2 players need 2 player specs, got 3"):
        run_games(["greedy"] * 3, 3, seed=1)


# --- the summary -------------------------------------------------------------------

WILSON = [
    (0, 0, 0.0, 0.0, 1.0),
    (0, 10, 0.0, 0.0, 0.2775),
    (5, 10, 0.5, 0.2366, 0.7634),
    (10, 10, 1.0, 0.7225, 1.0),
    (60, 100, 0.6, 0.5020, 0.6906),
    (5000, 10000, 0.5, 0.4902, 0.5098),
]


@pytest.mark.parametrize(("wins", "games", "rate", "low", "high"), WILSON)
def test_wilson_interval(wins: int, games: int, rate: float, low: float, high: float) -> None:
    interval = wilson_interval(wins, games)
    assert interval.rate == rate
    assert interval.low == pytest.approx(low, abs=1e-4) and interval.high == pytest.approx(high, abs=1e-4)


def games_of(specs: list[str], games: int, rules: GameRules = GameRules()) -> list[GameRecord]:
    return [record for _, record in run_games(specs, games, seed=4, rules=rules)]


@pytest.mark.parametrize(
    ("players", "target"), [(2, 121), (2, 61), (3, 121), (4, 121)], ids=["two", "two to 61", "three", "four"]
)
def test_summary_adds_up(players: int, target: int) -> None:
    rules = GameRules(players, target)
    names = ["greedy", "random", "greedy", "random"][:players]
    records = games_of(names, 24, rules)
    report = summarize(iter(records), names)
    assert report.games == 24 and report.deals == sum(len(r.deals) for r in records)
    assert report.names == (("greedy + greedy", "random + random") if players == 4 else tuple(names))
    assert sum(report.wins) == 24
    assert report.wins == tuple(sum(r.winner == side for r in records) for side in range(rules.sides))
    assert report.win_rates[0] == wilson_interval(report.wins[0], 24)
    assert report.game_points == tuple(sum(r.game_points for r in records if r.winner == side) for side in range(rules.sides))
    points_by_kind = {"skunks": 2 if target == 121 else 0, "double_skunks": 4 if target == 121 else 0, "lurches": 2 if target == 61 else 0}
    for kind, points in points_by_kind.items():
        expected = tuple(sum(r.game_points == points and r.winner == side for r in records) for side in range(rules.sides))
        assert getattr(report, kind) == (expected if players != 3 else (0,) * 3)
    assert report.first_dealer.rate == sum(r.winner == rules.side(r.first_dealer) for r in records) / 24
    complete = [(deal, points) for r in records for deal in r.deals if deal.complete for points in [deal.points()]]
    assert sum(a.deals for a in report.roles) == len(complete) * players
    assert sum(a.total * a.deals for a in report.roles) == pytest.approx(sum(p.total for _, ps in complete for p in ps))
    for averages in report.roles:
        mine = [ps[averages.seat] for deal, ps in complete if rules.role(averages.seat, deal.dealer) == averages.role]
        assert averages.deals == len(mine) and averages.name == names[averages.seat]
        assert averages.pegging == pytest.approx(sum(p.pegging for p in mine) / len(mine))
        assert averages.crib == pytest.approx(sum(p.crib for p in mine) / len(mine))
        assert (averages.crib, averages.heels) == (0, 0) or averages.role == "dealer"
    assert {a.role for a in report.roles} == ({"dealer", "partner", "pone"} if players == 4 else {"dealer", "pone"})
    if players == 2 and target == 121:
        assert report.skunks[0] > 0  # greedy skunks random now and then


def test_summary_of_no_games() -> None:
    report = summarize([], ["a", "b"])
    assert (report.games, report.wins, report.roles) == (0, (0, 0), ())
    assert report.first_dealer == Interval(0.0, 0.0, 1.0)



@pytest.mark.parametrize("players", [2, 3, 4])
def test_by_side_merges_partners_only(players: int) -> None:
    rules = GameRules(players, 61)
    names = ["greedy", "random", "greedy", "random"][:players]
    report = summarize((r for _, r in run_games(names, 6, seed=9, rules=rules)), names)
    merged = by_side(report, rules)
    if players < 4:
        assert merged == report.roles
        return
    assert [(a.seat, a.name, a.role) for a in merged] == [
        (side, report.names[side], kind) for side in (0, 1) for kind in ("dealer", "partner", "pone")
    ]
    assert sum(a.deals for a in merged) == sum(a.deals for a in report.roles)
    assert sum(a.total * a.deals for a in merged) == pytest.approx(sum(a.total * a.deals for a in report.roles))


def test_five_card_games_summed_up() -> None:
    rules = GameRules(2, 61, variant="five")
    records = games_of(["greedy", "random"], 10, rules)
    report = summarize(iter(records), ["greedy", "random"])
    assert report.games == 10 and sum(report.wins) == 10
    assert report.lurches == tuple(sum(r.game_points == 2 and r.winner == side for r in records) for side in (0, 1))
    assert all(r.three_for_last == 3 and r.rules.variant == "five" for r in records)


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_counts_every_game_as_it_finishes(jobs: int) -> None:
    told: list[int] = []
    games = list(run_games(["greedy", "random"], 50, seed=3, jobs=jobs, progress=told.append))
    assert sum(told) == 50 and len(games) == 50
    assert max(told) == (1 if jobs == 1 else 3)  # a game at a time here; chunks of 50 // 16 games on two workers


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_stop_keeps_the_first_games_finished(jobs: int) -> None:
    stop = threading.Event()
    told: list[int] = []

    def progress(games: int) -> None:
        told.append(games)
        stop.set()

    kept = list(run_games(["greedy", "random"], 400, seed=3, jobs=jobs, progress=progress, stop=stop))
    assert 0 < len(kept) < 400 and len(kept) <= sum(told)
    assert kept == list(run_games(["greedy", "random"], len(kept), seed=3))  # the first games, as a shorter run plays them
    if jobs == 1:
        assert len(kept) == 1
    assert not multiprocessing.active_children()


def test_a_stop_before_the_start_plays_nothing() -> None:
    stop = threading.Event()
    stop.set()
    assert list(run_games(["greedy", "random"], 10, seed=3, stop=stop)) == []
