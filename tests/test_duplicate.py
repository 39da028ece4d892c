"""Duplicate runs: each deal sequence once a side, the players moved round the seats, the result from the pairs."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from click.testing import CliRunner

from crib_cli.cli import cli
from crib_cli.game.record import record_json
from crib_cli.game.simulate import Interval, Setup, _duplicate, mean_interval, run_games, summarize
from crib_cli.rules import GameRules


def logged(specs: list[str], games: int, setup: Setup, rules: GameRules = GameRules(), jobs: int = 1) -> list[dict]:
    """Each game as the log holds it, its players named as they sat, without its number."""
    out = []
    for index, record in run_games(specs, games, seed=4, rules=rules, setup=setup, jobs=jobs):
        line = record_json(record, index, setup.seated(specs, index, rules))
        del line["game"]
        out.append(line)
    return out


@pytest.mark.parametrize(
    ("rules", "specs", "start", "first"),
    [
        (GameRules(), ["greedy", "random"], None, None),
        (GameRules(), ["greedy", "random"], (90, 104), 1),
        (GameRules(variant="five", target=61), ["random", "greedy"], None, None),
        (GameRules(players=3), ["greedy", "random", "random"], None, None),
        (GameRules(players=4), ["greedy", "random", "greedy", "random"], (80, 70), None),
    ],
)
def test_each_group_is_a_plain_game_played_once_a_side(
    rules: GameRules, specs: list[str], start: tuple[int, ...] | None, first: int | None,
) -> None:
    """Game k·sides + r is plain game k with the players moved r seats on: the same seeds, cards and scores."""
    groups = 3
    duplicate = logged(specs, groups * rules.sides, Setup(start, first, duplicate=True), rules)
    for turn in range(rules.sides):
        moved = [specs[(seat - turn) % rules.players] for seat in range(rules.players)]
        plain = logged(moved, groups, Setup(start, first), rules)
        assert duplicate[turn::rules.sides] == plain
    assert duplicate[0]["deals"][0]["hands"] == duplicate[1]["deals"][0]["hands"]  # the cards stay with the seats


def test_two_jobs_play_the_same_duplicate_games_as_one() -> None:
    setup = Setup(duplicate=True)
    assert logged(["greedy", "random"], 8, setup, jobs=2) == logged(["greedy", "random"], 8, setup)


def test_the_report_counts_each_player_where_he_sat() -> None:
    """Wins, game points and points per deal follow the player, not the seat."""
    specs, setup = ["greedy", "random"], Setup(duplicate=True)
    lines = logged(specs, 20, setup)
    report = summarize((record for _, record in run_games(specs, 20, seed=4, setup=setup)), specs, setup)
    won = [line["players"][line["winner"]] for line in lines]
    assert report.wins == (won.count("greedy"), won.count("random"))
    assert report.game_points[0] == sum(line["game_points"] for line in lines if line["players"][line["winner"]] == "greedy")
    dealt = sum(1 for line in lines for deal in line["deals"] if line["players"][deal["dealer"]] == "greedy"
                and len(deal["shows"]) == 3)
    assert next(role for role in report.roles if role.seat == 0 and role.role == "dealer").deals == dealt
    pairs = [won[k:k + 2].count("greedy") for k in range(0, 20, 2)]
    duplicate = report.duplicate
    assert duplicate is not None and duplicate.groups == 10
    assert duplicate.outcomes == (pairs.count(0), pairs.count(1), pairs.count(2))
    assert duplicate.win_rates[0] == mean_interval([won / 2 for won in pairs], 0.0, 1.0)
    assert duplicate.wins is not None and duplicate.wins.rate == sum(2 * won - 2 for won in pairs) / 10


def test_an_unfinished_pair_is_left_out_of_the_pairs_but_not_the_games() -> None:
    specs, setup = ["greedy", "random"], Setup(duplicate=True)
    records = [record for _, record in run_games(specs, 7, seed=4, setup=setup)]
    report = summarize(records, specs, setup)
    assert report.games == 7 and report.duplicate is not None and report.duplicate.groups == 3


@pytest.mark.parametrize("values", [[1.0, 0.0, 0.5, 0.5, 1.0], [0.5] * 4, [2.0, -2.0, 0.0, 2.0, 2.0, 0.0], [1.0]])
def test_the_mean_interval_is_the_mean_and_its_standard_error_with_the_two_ends(values: list[float]) -> None:
    interval = mean_interval(values, -2.0, 2.0)
    mean = statistics.mean(values)
    spread = 1.959963984540054 * (sum((v - mean) ** 2 for v in [*values, -2.0, 2.0]) / (len(values) + 1)) ** 0.5
    spread /= len(values) ** 0.5
    assert interval.rate == pytest.approx(mean)
    assert interval.low == pytest.approx(max(-2.0, mean - spread))
    assert interval.high == pytest.approx(min(2.0, mean + spread))


def test_values_that_all_agree_still_have_an_interval_and_none_give_the_whole_range() -> None:
    agreed = mean_interval([0.5] * 20, 0.0, 1.0)
    assert agreed.low < 0.5 < agreed.high
    assert mean_interval([], 0.0, 1.0) == Interval(0.0, 0.0, 1.0)


def test_the_command_reports_the_pairs_and_logs_each_game_as_it_sat(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    result = CliRunner().invoke(cli, ["simulate", "--games", "20", "--a", "greedy", "--b", "random", "--seed", "4",
                                      "--duplicate", "--log", str(log)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    assert [line["players"] for line in lines[:2]] == [["greedy", "random"], ["random", "greedy"]]
    text = result.output
    assert "seed 4, duplicate" in text
    assert "duplicate: 10 pairs of games, the same cards in each with the seats swapped" in text
    won = [line["players"][line["winner"]] for line in lines]
    pairs = [won[k:k + 2].count("greedy") for k in range(0, 20, 2)]
    assert f"A won both {pairs.count(2)}, split {pairs.count(1)}, B won both {pairs.count(0)}" in text
    assert "counted as independent games, A's would be" in text


def test_json_carries_the_pairs() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--games", "12", "--a", "greedy", "--b", "random", "--seed", "4",
                                      "--duplicate", "-f", "json"])
    data = json.loads(result.output)["duplicate"]
    assert data["groups"] == 6 and sum(data["outcomes"]) == 6
    assert data["wins_difference"]["mean"] == pytest.approx(2 * (data["outcomes"][2] - data["outcomes"][0]) / 6)
    plain = json.loads(CliRunner().invoke(cli, ["simulate", "--games", "12", "--b", "random", "-f", "json"]).output)
    assert plain["duplicate"] is None


def test_three_players_play_in_threes() -> None:
    result = CliRunner().invoke(cli, ["simulate", "--players", "3", "--games", "6", "--a", "greedy", "--b", "random",
                                      "--duplicate"])
    assert result.exit_code == 0, result.output
    assert "duplicate: 2 groups of games, the same cards in each with each player once in each seat" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["--games", "7"], "'--games': 7: a duplicate run plays its games in pairs; give a multiple of 2, e.g. 8"),
    (["--games", "10", "--players", "3"], "plays its games in threes; give a multiple of 3, e.g. 12"),
])
def test_games_that_do_not_make_whole_groups_are_refused(args: list[str], message: str) -> None:
    result = CliRunner().invoke(cli, ["simulate", "--duplicate", "--a", "random", *args])
    assert result.exit_code == 2
    assert message in result.output


def test_a_player_against_himself_splits_every_pair() -> None:
    """greedy draws nothing by chance: with the cards swapped, each game of a pair is the other's mirror."""
    specs, setup = ["greedy", "greedy"], Setup(duplicate=True)
    report = summarize((record for _, record in run_games(specs, 40, seed=6, setup=setup)), specs, setup)
    assert report.duplicate is not None and report.duplicate.outcomes == (0, 20, 0)
    assert report.wins == (20, 20) and report.game_points[0] == report.game_points[1]


@pytest.mark.parametrize(("rules", "most"), [(GameRules(), 8), (GameRules(target=61), 4)])
def test_a_pairs_game_points_run_to_two_of_the_heaviest_wins(rules: GameRules, most: int) -> None:
    """Pairs A won both by the heaviest margin (a double skunk, 4, at 121; a lurch, 2, at 61) are not cut short."""
    heaviest = [([2, 0], [most, 0]), ([2, 0], [most, 0]), ([1, 1], [1, 1])]
    points = _duplicate(heaviest, rules).points
    assert points is not None and points.rate == pytest.approx(2 * most / 3)
    assert points.high == pytest.approx(min(most, points.rate + 1.959963984540054 * (
        sum((v - points.rate) ** 2 for v in [most, most, 0, -most, most]) / 4) ** 0.5 / 3 ** 0.5))
