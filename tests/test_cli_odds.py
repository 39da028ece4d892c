"""crib odds, crib discard --score and crib peg through CliRunner."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner, Result
from positions import position_at

from crib_cli.board import odds
from crib_cli.cli import cli
from crib_cli.discard import tenths


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_odds_of_a_position() -> None:
    result = run("odds", "95", "110", "--dealer", "me")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0] == "you 95, opponent 110, you deal; a game to 121"
    expected = odds(position_at((95, 110), True))
    assert lines[2].split() == ["win", f"{100 * expected.win:.1f}%"]
    assert any(line.startswith("lose by a skunk (2 games)") for line in lines)
    assert lines[-1].startswith("game points expected: ")


@pytest.mark.parametrize(("args", "keys"), [
    (["odds", "95", "110", "--dealer", "opponent"], ["win_double_skunk", "lose_double_skunk", "win_skunk", "lose_skunk"]),
    (["odds", "40", "45", "--dealer", "me", "--to", "61"], ["win_lurch", "lose_lurch"]),
    (["odds", "40", "45", "--dealer", "me", "--variant", "five"], ["win_lurch", "lose_lurch"]),
])
def test_odds_as_json(args: list[str], keys: list[str]) -> None:
    result = run(*args, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    me, opponent = int(args[1]), int(args[2])
    variant = "five" if "five" in args else "six"
    target = 61 if "61" in args or variant == "five" else 121
    expected = odds(position_at((me, opponent), args[4] == "me", target, variant))
    assert (data["me"], data["opponent"], data["dealer"], data["target"], data["variant"]) == (
        me, opponent, args[4], target, variant)
    assert data["win"] == expected.win and data["lose"] == pytest.approx(1 - expected.win)
    assert list(data)[7:-1] == keys and data["game_points"] == pytest.approx(expected.game_points)


def test_the_picture_of_the_board() -> None:
    result = run("odds", "--dealer", "me", "--step", "10")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].startswith("your chance to win (%) when you deal")
    assert lines[1].split() == ["1", "1", "1"] and lines[2].split()[:3] == ["0", "10", "20"]
    first = lines[3].split()
    assert first[0] == "0" and int(first[1]) == round(100 * odds(position_at((0, 0), True)).win)
    assert len(lines) == 3 + 13 + 1 and max(map(len, lines)) <= 80
    assert lines[-1] == "++ 99.5% or more, -- under 0.5%"
    both = run("odds", "--to", "61").stdout
    assert "when you deal" in both and "when the opponent deals" in both


@pytest.mark.parametrize(("args", "message"), [
    (["odds", "95"], "give two scores, mine and the opponent's, not 1"),
    (["odds", "95", "110"], "say who deals: --dealer me or --dealer opponent"),
    (["odds", "95", "130", "--dealer", "me"], "a score is 0 to 120 in a game to 121, not 130"),
    (["odds", "95", "x", "--dealer", "me"], "'x' is not a valid integer"),
    (["odds", "40", "45", "--dealer", "me", "--variant", "five", "--to", "121"], "not five-card to 121"),
    (["odds", "--format", "json"], "--format json is for one position"),
    (["odds", "95", "110", "--dealer", "me", "--step", "10"], "--step is for the picture of the board: give no scores"),
    (["odds", "-5", "10", "--dealer", "me"], "Invalid value for SCORES: '-5' is not a score: scores count from 0 up, mine first"),
    (["odds", "10", "-5", "--dealer", "me"], "'-5' is not a score"),
    (["odds", "10", "5", "--dealr", "me"], "No such option '--dealr'"),
], ids=["one score", "no dealer", "a won score", "not a number", "five-card to 121", "json picture", "step with scores",
        "a negative score", "a negative second score", "a misspelt option"])
def test_odds_usage_errors(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2 and message in result.stderr


def test_discard_from_a_score_sorts_by_the_chance_to_win() -> None:
    result = run("discard", "5S 5C 6D JH 4C KS", "--role", "dealer", "--score", "100-112", "--pegging")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert lines[0].split()[-1] == "win"
    wins = [float(line.split()[-1].rstrip("%")) for line in lines[2:17]]
    assert wins == sorted(wins, reverse=True)
    assert "the chance to win the game to 121 from 100-112 (yours first) as the dealer" in result.stdout
    data = json.loads(run("discard", "5S 5C 6D JH 4C KS", "--role", "dealer", "--score", "100-112", "-f", "json").stdout)
    assert data["score"] == [100, 112] and data["target"] == 121
    order = [(tenths(o["win"]), o["net_dealer"]) for o in data["options"]]  # equal as printed: by points
    assert order == sorted(order, reverse=True)


def test_discard_from_a_score_in_batch() -> None:
    result = CliRunner().invoke(cli, ["discard", "-", "--role", "pone", "--score", "115-100"],
                                input="5S 5C 6D JH 4C KS\nKS QH 9D 7C 4S 2H\n")
    assert result.exit_code == 0, result.output
    header, first, second = result.stdout.splitlines()
    assert header.endswith(",win,error") and float(first.split(",")[-2]) > 0.99 and 0 < float(second.split(",")[-2]) < 1


def test_discard_from_a_score_in_batch_takes_each_rows_role() -> None:
    """Each row's role decides its seat; a row without one is a bad row (exit 1), the others kept."""
    rows = "hand,role\n5S 5C 6D JH 4C KS,pone\n5S 5C 6D JH 4C KS,dealer\n5S 5C 6D JH 4C KS,\n"
    result = CliRunner().invoke(cli, ["discard", "-", "--score", "115-104"], input=rows)
    assert result.exit_code == 1
    _, pone, dealer, bad = result.stdout.splitlines()
    for line, role in ((pone, "pone"), (dealer, "dealer")):
        single = json.loads(run("discard", "5S 5C 6D JH 4C KS", "--role", role, "--score", "115-104", "-f", "json").stdout)
        assert float(line.split(",")[-2]) == single["options"][0]["win"]
    message = "line 4: the chance to win is known for two players, from the dealer's seat or the pone's"
    assert bad.endswith(f'"{message}"')


@pytest.mark.parametrize(("args", "message"), [
    (["--score", "100-112"], "--score: the chance to win is for two players: give --role dealer or pone"),
    (["--role", "partner", "--players", "4", "--score", "1-2"], "for two players"),
    (["--role", "pone", "--score", "100"], "'100' is not two scores"),
    (["--role", "pone", "--score", "100-121"], "a score is 0 to 120 in a game to 121, not 121"),
    (["--role", "pone", "--to", "61"], "--to is for --score"),
    (["--role", "pone", "--variant", "five", "--score", "1-2", "--to", "121"], "not five-card to 121"),
], ids=["no role", "four players", "one score", "a won score", "--to alone", "five-card to 121"])
def test_discard_score_usage_errors(args: list[str], message: str) -> None:
    deal = "5S 5C 6D JH 4C" if "five" in args or "4" in args else "5S 5C 6D JH 4C KS"
    result = run("discard", deal, *args)
    assert result.exit_code == 2 and message in result.stderr, result.output
