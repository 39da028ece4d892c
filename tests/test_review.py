"""crib review and the log read back: the expert gives up nothing against itself, random several points a deal,
one known mistake is exactly what is reported, the luck adds up, and a bad log is one line and exit 1."""

from __future__ import annotations

import json
import random
import shlex
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from crib_cli.cards import Rank
from crib_cli.cli import cli
from crib_cli.cribs import expert_crib_means
from crib_cli.discard import analyze_discards
from crib_cli.game import GameRules, View, play_game, record_json
from crib_cli.game.analyst import analyze_throws
from crib_cli.game.expert import ExpertPlayer
from crib_cli.game.record import RecordError, record_from_json
from crib_cli.game.review import review_game
from crib_cli.score import show_total


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def expert_game(rules: GameRules, seed: int, **kwargs: object) -> tuple[object, ...]:
    players = [ExpertPlayer(pegging=True, board=True) for _ in range(rules.players)]
    record = play_game(players, rules, random.Random(seed), **kwargs)  # type: ignore[arg-type]
    return record, record_json(record, 0, ["expert"] * rules.players)


LOGS = {
    "two players": (GameRules(target=61), {}),
    "three players, a card from the deck": (GameRules(3, 61), {}),
    "four players": (GameRules(4, 61), {}),
    "five-card, three for last": (GameRules(variant="five"), {}),
    "taken up at 100-90": (GameRules(), {"start": (100, 90), "first_dealer": 1}),
}


@pytest.mark.parametrize(("rules", "extra"), LOGS.values(), ids=LOGS)
def test_a_log_line_reads_back_as_the_game(rules: GameRules, extra: dict[str, object]) -> None:
    record, line = expert_game(rules, 3, **extra)
    again, names = record_from_json(json.loads(json.dumps(line)))
    assert names == ("expert",) * rules.players
    assert again.deals == record.deals  # type: ignore[attr-defined]
    assert again == record


@pytest.mark.parametrize(("rules", "extra"), list(LOGS.values())[:4], ids=list(LOGS)[:4])
def test_the_expert_gives_up_nothing_against_itself(rules: GameRules, extra: dict[str, object]) -> None:
    record, _ = expert_game(rules, 5, **extra)
    review = review_game(record, ["expert"] * rules.players)  # type: ignore[arg-type]
    for seat in review.seats:
        assert seat.decisions and seat.matched == len(seat.decisions)
        assert seat.given_up("throw") == seat.given_up("play") == 0 and seat.chance_given_up in (0, None)


def test_random_gives_up_several_points_a_deal(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    assert run("simulate", "--games", "2", "--a", "expert", "--b", "random", "--to", "61", "--log", str(log)).exit_code == 0
    given_up = deals = 0.0
    for game in (0, 1):
        result = run("review", str(log), "--game", str(game), "-f", "json")
        assert result.exit_code == 0, result.output
        expert, rand = json.loads(result.output)["seats"]
        assert expert["best"] == expert["decisions"] and expert["throws_given_up"] == expert["plays_given_up"] == 0
        assert rand["chance_given_up"] > 0
        given_up += rand["throws_given_up"] + rand["plays_given_up"]
        deals += rand["deals"]
    assert given_up / deals > 2  # over both games: a game to 61 is four or five deals


class OneMistake(ExpertPlayer):
    """The expert, but for its first throw: the worst the analyst finds."""

    def __init__(self) -> None:
        super().__init__(pegging=True, board=True)
        self.thrown = False

    def discard(self, view: View) -> tuple:  # type: ignore[type-arg]
        if self.thrown:
            return super().discard(view)
        self.thrown = True
        return analyze_throws(view).options[-1].cards


def test_a_log_with_one_known_mistake_reports_exactly_it(tmp_path: Path) -> None:
    players = [ExpertPlayer(pegging=True, board=True), OneMistake()]
    record = play_game(players, GameRules(target=61), random.Random(2), first_dealer=0)
    log = tmp_path / "one.jsonl"
    log.write_text(json.dumps(record_json(record, 0, ["expert", "mistaken"])) + "\n")
    hand = record.deals[0].hands[1]
    analysis = analyze_throws(View(record.rules, 1, 0, (0, 0), hand))
    best, worst = analysis.best, analysis.options[-1]
    result = run("review", str(log), "-f", "json")
    assert result.exit_code == 0, result.output
    expert, mistaken = json.loads(result.output)["seats"]
    assert expert["mistakes"] == [] and expert["best"] == expert["decisions"]
    (mistake,) = mistaken["mistakes"]
    assert mistaken["best"] == mistaken["decisions"] - 1
    assert (mistake["deal"], mistake["kind"], mistake["chose"], mistake["expert"]) == (
        1, "throw", [str(c) for c in worst.cards], [str(c) for c in best.cards])
    assert round(mistake["points_given_up"] * 100) == best.points - worst.points == round(mistaken["throws_given_up"] * 100)
    assert mistake["position"] == f'crib discard "{" ".join(map(str, sorted(hand)))}" --role pone --pegging'
    pasted = run(*shlex.split(mistake["position"])[1:])
    assert pasted.exit_code == 0 and pasted.output.splitlines()[2].split()[4:6] == [str(c) for c in best.cards]
    table = run("review", str(log))
    assert f"deal 1: throwing {' '.join(map(str, worst.cards))} instead of {' '.join(map(str, best.cards))} gave up " in table.output


def test_the_luck_is_the_shows_less_what_the_throw_could_expect() -> None:
    record, _ = expert_game(GameRules(), 7)
    review = review_game(record, ("a", "b"))  # type: ignore[arg-type]
    for number, deal in enumerate(record.deals):  # type: ignore[attr-defined]
        if len(deal.shows) < 3:
            continue
        for seat in (0, 1):
            hand = deal.hands[seat]
            role = "dealer" if seat == deal.dealer else "pone"
            thrown = tuple(sorted(deal.discards[seat]))
            option = next(o for o in analyze_discards(hand, role=role) if o.throw == thrown)
            expected = float(option.hand_mean)
            actual = sum(show.points for show in deal.shows if show.seat == seat)
            if role == "dealer":
                jacks = 4 - sum(card.rank == Rank.JACK for card in hand)
                expected += expert_crib_means(hand, "dealer")[thrown] + 2 * jacks / 46
                actual += deal.heels
            luck = review.seats[seat].luck[number]
            assert luck.shows == pytest.approx(actual - expected, abs=1e-9)


def set_in(path: tuple[object, ...], value: object) -> Callable[[dict[str, Any]], None]:
    """A change to a log line: the value at ``path`` (keys and indexes) replaced."""

    def change(game: dict[str, Any]) -> None:
        target: Any = game
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


BAD: dict[str, tuple[Callable[[dict[str, Any]], None] | str, str]] = {
    "not JSON": ("{oops\n", "line 1: not a line of JSON"),
    "no game number": ('{"target": 61}\n', "line 1: no 'game' number"),
    "a card that is not one": (set_in(("deals", 0, "starter"), "XX"), "'starter': 'XX' is not a card"),
    "a card laid from no hand": (lambda game: set_in(("deals", 0, "plays", 0, 1), game["deals"][0]["starter"])(game),
                                 "deal 1 does not replay: seat "),
    "a card laid by a player named": (lambda game: (set_in(("players",), ["ann", "bob"])(game),
                                                    set_in(("deals", 0, "plays", 0, 1), game["deals"][0]["starter"])(game)),
                                      "seat 1 (bob) played"),
    "scores that do not add up": (lambda game: set_in(("deals", 0, "scores"), [s + 1 for s in game["deals"][0]["scores"]])(game),
                                  "deal 1: the log's scores are "),
    "plays that are not pairs": (set_in(("deals", 0, "plays"), [[0]]), "'plays': not a list of pairs [seat, card]"),
    "a seat past the table": (set_in(("deals", 0, "dealer"), 7), "'dealer': seat 7 of a game of 2 players"),
    "a show that is no object": (set_in(("deals", 0, "shows", 0), 3), "a show is not a JSON object"),
}


@pytest.mark.parametrize(("change", "message"), BAD.values(), ids=BAD)
def test_a_bad_log_is_one_line_and_exit_1(tmp_path: Path, change: Callable[[dict[str, Any]], None] | str,
                                          message: str) -> None:
    _, line = expert_game(GameRules(target=61), 3)
    if callable(change):
        change(line)  # type: ignore[arg-type]
    log = tmp_path / "bad.jsonl"
    log.write_text(change if isinstance(change, str) else json.dumps(line) + "\n")
    result = run("review", str(log))
    assert result.exit_code == 1, result.output
    assert message in result.stderr and result.stderr.count("\n") == 1 and result.stdout == ""


GAME_NUMBERS = [
    ("300 games", list(range(300)), "(games 0-299)"),
    ("gaps", [0, 1, 2, 3, 4, 10, 12, 13], "(games 0-4, 10, 12-13)"),
    ("many runs", list(range(0, 40, 2)), "(games 0, 2, 4, 6, 8, 10, 12, 14, ... (20 games in all))"),
]


@pytest.mark.parametrize(("numbers", "shown"), [c[1:] for c in GAME_NUMBERS], ids=[c[0] for c in GAME_NUMBERS])
def test_a_game_not_in_the_log_names_the_range_it_holds(tmp_path: Path, numbers: list[int], shown: str) -> None:
    log = tmp_path / "many.jsonl"
    log.write_text("".join(json.dumps({"game": number}) + "\n" for number in numbers))
    result = run("review", str(log), "--game", "999")
    assert result.exit_code == 2
    assert result.stderr.startswith("Error: --game 999: no such game in ") and result.stderr.endswith(f"' {shown}\n")


def test_a_game_not_in_the_log_is_a_usage_error(tmp_path: Path) -> None:
    _, line = expert_game(GameRules(target=61), 3)
    log = tmp_path / "one.jsonl"
    log.write_text(json.dumps(line) + "\n")
    result = run("review", str(log), "--game", "4")
    assert result.exit_code == 2 and "--game 4: no such game in" in result.stderr and "(games 0)" in result.stderr


def test_record_errors_name_the_field() -> None:
    with pytest.raises(RecordError, match="'deals' is missing"):
        record_from_json({"game": 0, "target": 61, "players": ["a", "b"], "first_dealer": 0})
    with pytest.raises(RecordError, match="'target' or 'variant'"):
        record_from_json({"game": 0, "target": 61, "players": ["a"], "deals": []})


def test_the_shows_read_back_are_the_cards_shown() -> None:
    _, line = expert_game(GameRules(3, 61), 3)
    record, _ = record_from_json(line)
    for deal in record.deals:
        for show in deal.shows:
            assert show_total(show.hand, show.starter, show.kind == "crib") == show.points


def test_the_review_lists_every_decision_not_the_best_and_its_luck_rows_add_up(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    made = CliRunner().invoke(cli, ["simulate", "--games", "2", "--a", "expert", "--b", "greedy", "--to", "61",
                                    "--seed", "5", "--log", str(log)])
    assert made.exit_code == 0, made.output
    for game in ("0", "1"):
        data = json.loads(CliRunner().invoke(cli, ["review", str(log), "--game", game, "--format", "json"]).stdout)
        table = CliRunner().invoke(cli, ["review", str(log), "--game", game, "--top", "99"]).stdout.splitlines()
        for seat in data["seats"]:
            assert seat["not_best"] == seat["decisions"] - seat["best"]
            listed = [line for line in table if line.startswith(f"biggest mistakes: {seat['name']} ")]
            assert listed == ([f"biggest mistakes: {seat['name']} ({seat['not_best']} not the best)"]
                              if seat["not_best"] else [])
            luck = seat["luck"]
            assert luck["total"] == pytest.approx(luck["starters"] + luck["cards"] + luck["pegging"])
        at = table.index(next(line for line in table if line.startswith("seat    deals")))
        assert table[at].split()[-2:] == ["pegging", "total"]
        for row in table[at + 2 : at + 4]:
            *parts, total = (float(figure) for figure in row.split()[2:])
            assert round(sum(parts), 2) == total
