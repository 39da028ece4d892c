"""crib peg through click's CliRunner: the issue's example, JSON, more players, advice, usage errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from crib_cli.cards import format_cards, parse_card, parse_cards
from crib_cli.cli import cli
from crib_cli.cli.advice import chance_text, play_note, points_text
from crib_cli.game.analyst import analyze_play, view_of_play
from crib_cli.peg import Play
from crib_cli.rules import GameRules

ISSUE_ARGS = ["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "JH 5S 7C 6H 2S 6D 4S 4H"]
ISSUE_OUTPUT = """\
player  card  count  scoring          points
pone    JH    10
dealer  5S    15     fifteen          2
pone    7C    22
dealer  6H    28     run of 3         3
pone    go
dealer  2S    30     go               1
pone    6D    6
dealer  4S    10
pone    4H    14     pair, last card  3
total   pone 3   dealer 6
"""
FOUR_PLAY = "5S TH 5D 5C 5H go go go go 9S 9H 9D 4D 6C 7C 8C 9C go go go KC QC JC"
FOUR_HANDS = ["--hand", "5S 5H 4D 9C", "--hand", "TH 9S 6C KC", "--hand", "5D 9H 7C QC", "--hand", "5C 9D 8C JC"]


def run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args))


def test_issue_example_exactly() -> None:
    result = run("peg", *ISSUE_ARGS)
    assert result.exit_code == 0, result.output
    assert result.output == ISSUE_OUTPUT


def test_goes_written_give_the_same_table() -> None:
    result = run("peg", "JH 5S 7C 6H go 2S go 6D 4S 4H")
    assert result.exit_code == 0, result.output
    assert result.output == ISSUE_OUTPUT


def test_json() -> None:
    result = run("peg", *ISSUE_ARGS, "--format", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["pone"], data["dealer"]) == (3, 6)
    assert len(data["plays"]) == 9
    assert data["plays"][1] == {
        "player": "dealer", "card": "5S", "count": 15, "points": 2, "items": [{"kind": "fifteen", "points": 2}],
    }
    assert data["plays"][4] == {"player": "pone", "card": None, "count": 28, "points": 0, "items": []}
    assert data["plays"][5]["items"] == [{"kind": "go", "points": 1}]
    assert data["plays"][-1]["items"] == [{"kind": "pair", "points": 2}, {"kind": "last card", "points": 1}]


FIVE_OUTPUT = """\
player  card  count  scoring   points
pone    JH    10
dealer  5S    15     fifteen   2
pone    6D    21
dealer  4S    25     run of 3  3
pone    4H    29     pair, go  3
dealer  go
total   pone 3   dealer 5
"""


def test_five_card_play_ends_at_the_first_go() -> None:
    result = run("peg", "--variant", "five", "--pone", "6D JH 4H", "--dealer", "5S 4S 6H", "JH 5S 6D 4S 4H")
    assert result.exit_code == 0, result.output
    assert result.output == FIVE_OUTPUT
    assert run("peg", "--variant", "five", "JH 5S 6D 4S 4H go").output == FIVE_OUTPUT


def test_three_players_with_hands() -> None:
    hands = ["--hand", "KS 3S 6S 8D", "--hand", "KH 4S 7S 4H", "--hand", "9C AC 5S 2D"]
    result = run("peg", *hands, "KS KH 9C AC 3S 4S 5S 6S 7S 2D 4H 8D")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[4].split() == ["player", "1", "go"]
    assert lines[-1].split() == ["total", "player", "1", "5", "player", "2", "9", "dealer", "10"]


FOUR_FORMS = {
    "hands": [*FOUR_HANDS, "5S TH 5D 5C 5H 9S 9H 9D 4D 6C 7C 8C 9C KC QC JC"],
    "goes written": ["--players", "4", FOUR_PLAY],
}


@pytest.mark.parametrize("args", FOUR_FORMS.values(), ids=list(FOUR_FORMS))
def test_four_players_totals_and_sides(args: list[str]) -> None:
    result = run("peg", *args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[-2] == "total     player 1 14   player 2 2   player 3 2   dealer 15"
    assert lines[-1] == "sides     player 1 + player 3 16   player 2 + dealer 17"


def test_four_players_json_sides() -> None:
    data = json.loads(run("peg", "--players", "4", FOUR_PLAY, "-f", "json").output)
    assert data["sides"] == {"player 1 + player 3": 16, "player 2 + dealer": 17}
    assert data["player 1"] == 14 and data["dealer"] == 15


def test_advise_table() -> None:
    result = run("peg", "--advise", "--hand", "5S 6S 9D TD", "7D")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["play", "count", "now", "net", "reply", "why"]
    assert [line.split()[0] for line in lines[1:5]] == ["9D", "TD", "5S", "6S"]
    assert lines[1].split(maxsplit=5)[:5] == ["9D", "16", "0", "+1.85", "0.38"]
    assert lines[5].startswith("net: points you peg less points conceded from here, on average, looking to the end")


def test_advise_json_has_the_analysts_figures() -> None:
    result = run("peg", "--advise", "--hand", "5H 9C AS 2D", "TS", "--depth", "expert", "-f", "json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert (data["depth"], data["horizon"], data["board"]) == (3, "3 cards ahead", False)
    best = data["advice"][0]
    assert best["card"] == "5H" and best["points"] == 2 and best["items"] == [{"kind": "fifteen", "points": 2}]
    assert set(best) == {"card", "count", "points", "items", "net", "win", "reply", "why"}
    assert best["why"].startswith("makes 15 for 2; ") and best["win"] is None


def test_advise_a_quick_question_with_the_count_alone() -> None:
    result = run("peg", "--advise", "--hand", "AS 5D 9C", "--count", "25")
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert [line.split()[0] for line in lines[1:3]] == ["5D", "AS"] and "he says go 82% of the time" in lines[1]


def test_advise_a_lead_needs_no_play() -> None:
    result = run("peg", "--advise", "--hand", "5S 4D 3C 2H", "--depth", "expert")
    assert result.exit_code == 0, result.output
    assert [line.split()[0] for line in result.output.splitlines()[1:5]][-1] == "5S"


def test_advise_with_the_score_gives_the_chance_to_win() -> None:
    args = ["peg", "--advise", "--hand", "3S 4C 6C 8H", "--starter", "TS", "--thrown", "AH JH", "--score", "118-108",
            "--depth", "expert"]
    result = run(*args)
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0].split() == ["play", "count", "now", "net", "win", "reply", "why"]
    rules = GameRules()
    view = view_of_play(parse_cards("3S 4C 6C 8H"), rules=rules, starter=parse_card("TS"), thrown=parse_cards("AH JH"),
                        score=(118, 108))
    analysis = analyze_play(view, "expert")
    assert [line.split()[:5] for line in lines[1:5]] == [
        [str(o.card), str(o.count), str(o.now), points_text(o.points, sign=True), chance_text(o.chance or 0)]
        for o in analysis.options]
    assert "ranked by the chance to win (equal chances by the net): the rest of this deal may end the game" in lines
    assert play_note(analysis) and lines[-1] == play_note(analysis)


def logged_decisions(tmp_path: Path, *args: str) -> list[tuple[list[str], str]]:
    """Each play decision of the games ``crib simulate`` logs with ``args`` where more than one rank fits: the
    ``crib peg --advise`` arguments for the position as the seat saw it, and the card it laid."""
    log = tmp_path / "games.jsonl"
    result = run("simulate", *args, "--log", str(log))
    assert result.exit_code == 0, result.output
    decisions = []
    for text in log.read_text().splitlines():
        game = json.loads(text)
        players, target, variant = len(game["players"]), game["target"], game.get("variant", "six")
        rules = GameRules(players, target, variant=variant)
        scores = [game["three_for_last"]["points"] if seat == game["three_for_last"]["seat"] else 0
                  for seat in range(players)] if "three_for_last" in game else [0] * players
        for deal in game["deals"]:
            dealer = deal["dealer"]
            if deal["starter"][0] == "J":
                scores = [score + 2 * (rules.side(seat) == rules.side(dealer)) for seat, score in enumerate(scores)]
            hands = [[parse_card(c) for c in hand if c not in thrown] for hand, thrown in zip(deal["hands"], deal["discards"])]
            play = Play(rules, (dealer + 1) % players, hands)
            laid: list[str] = []
            for seat, answer in deal["plays"]:
                fits = play.fits(seat)
                if len({card.rank for card in fits}) > 1:
                    position = ["--hand", format_cards(play.hand(seat)), "--starter", deal["starter"],
                                "--thrown", " ".join(deal["discards"][seat]), "--depth", "expert", "--players",
                                str(players), *(["--variant", variant] if variant != "six" else []), *laid]
                    if players == 2:
                        position += ["--score", f"{scores[seat]}-{scores[1 - seat]}", "--to", str(target)]
                    decisions.append((position, answer))
                turn = play.say_go() if answer == "go" else play.lay(parse_card(answer))
                laid.append(answer)
                for who, points in ((seat, turn.points), (turn.go, 1)):
                    if who is not None and points:
                        scores = [score + points * (rules.side(s) == rules.side(who)) for s, score in enumerate(scores)]
            scores = list(deal["scores"])
    return decisions


GAMES = {
    "two players to 61, the board in play": ("--to", "61", "--seed", "4"),
    "five-card cribbage": ("--variant", "five", "--seed", "4"),
    "three players": ("--players", "3", "--to", "61", "--seed", "4", "--c", "expert"),
}


@pytest.mark.parametrize("args", GAMES.values(), ids=GAMES)
def test_at_the_experts_depth_the_first_card_is_the_one_the_expert_laid(tmp_path: Path, args: tuple[str, ...]) -> None:
    decisions = logged_decisions(tmp_path, "--games", "2", "--a", "expert", "--b", "expert", *args)
    assert len(decisions) >= 10
    for position, laid in decisions:
        result = run("peg", "--advise", *position, "-f", "json")
        assert result.exit_code == 0, (position, result.output)
        assert parse_card(json.loads(result.output)["advice"][0]["card"]).rank == parse_card(laid).rank, position


# arguments -> the one-line error on stderr
USAGE_ERRORS = {
    "bad card": (["JH ZH"], "'ZH' is not a card: rank must be A, 2-10, T, J, Q or K"),
    "duplicate card": (["JH 5S JH"], "duplicate card JH"),
    "no play": ([], "give the cards laid, in order"),
    "wrong leader after a reset": (
        ["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "JH 5S 7C 6H 2S 4S"],
        "4S: after the reset pone leads (the player after the last card), but 4S is dealer's card",
    ),
    "dealer leads": (["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "5S"], "5S: pone leads the play"),
    "card in no hand": (["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "JH 9C"], "9C: not in any hand"),
    "go while a card fits, hands": (
        ["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "JH go"],
        "go: dealer has 2S, which fits at count 10; a player says go only when no card fits",
    ),
    "out of turn": (
        ["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "JH 7C"],
        "7C: out of turn: dealer has 2S, which fits at count 10",
    ),
    "go while every card fits": (["JH go"], "go: at count 10 every card fits"),
    "past 31": (["KS KH KD 5C"], "5C: the count would be 35, past 31"),
    "too many cards": (["AS AH AD AC 2S 2H 2D 2C 3S"], "3S: every card has already been played"),
    "pone without dealer": (["--pone", "6D JH 4H 7C", "JH"], "--pone and --dealer go together"),
    "pone and dealer with --hand": (
        ["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "--hand", "AS 2S 3S 4S", "JH"],
        "--pone and --dealer go together",
    ),
    "hands for the wrong number of players": (
        ["--hand", "6D JH 4H 7C", "--hand", "5S 4S 2S 6H", "--players", "3", "JH"], "3 players need 3 hands, got 2",
    ),
    "short hand": (["--pone", "6D JH 4H", "--dealer", "5S 4S 2S 6H", "JH"], "pone's hand has 3 cards"),
    "card in two hands": (["--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S JH", "JH"], "JH: in two hands"),
    "five players": (["--players", "5", "JH"], "'--players': 5 is not in the range 2<=x<=4"),
    "advise without a hand": (["--advise", "TS"], "--advise takes your cards left as one --hand"),
    "the count and the cards laid": (["--advise", "--hand", "7C 8D", "--count", "12", "TS"], "--count is for a question"),
    "a depth of none": (["--advise", "--hand", "7C 8D 5H", "--depth", "0", "TS"], "'0' is not a depth"),
    "a depth in words": (["--advise", "--hand", "7C 8D 5H", "--depth", "deep", "TS"], "'deep' is not a depth"),
    "a score without the starter": (["--advise", "--hand", "7C 8D 5H", "--score", "100-90", "TS"],
                                    "--score: the chance to win is for two players"),
    "a score past the game": (["--advise", "--hand", "7C 8D 5H", "--score", "130-90", "--starter", "AS", "--thrown",
                               "2S 3S", "TS"], "a score is 0 to 120 in a game to 121, not 130"),
    "a game length without a score": (["--advise", "--hand", "7C 8D 5H", "--to", "61", "TS"], "--to is for --score"),
    "two starters": (["--advise", "--hand", "7C 8D 5H", "--starter", "AS 2S", "TS"], "--starter is one card, not 2"),
    "the wrong role": (["--advise", "--hand", "7C 8D 5H", "--role", "dealer", "TS 4D"],
                       "--role dealer: after these cards the pone is to move"),
    "advice's options alone": (["--depth", "3", "TS"], "go with --advise"),
    "advise with a wrong hand": (
        ["--advise", "--hand", "7C 8D", "TS 4D"], "pone is to move with 3 cards left, but the hand has 2",
    ),
    "bad card in --pone": (["--pone", "6D JH 4H 1C", "--dealer", "5S 4S 2S 6H", "JH"], "'1C' is not a card"),
    "five-card: a card after the first go": (
        ["--variant", "five", "--pone", "6D JH 4H", "--dealer", "5S 4S 6H", "JH 5S 6D 4S 4H 6H"],
        "6H: the play is over: in five-card cribbage it goes once, to the first go or 31",
    ),
    "five-card: hands of four": (["--variant", "five", *ISSUE_ARGS], "pone's hand has 4 cards; each player holds 3"),
    "five-card: three players": (["--variant", "five", "--players", "3", "JH"], "five-card cribbage is for two players, not 3"),
}


@pytest.mark.parametrize(("args", "message"), USAGE_ERRORS.values(), ids=list(USAGE_ERRORS))
def test_usage_errors_are_one_line_exit_2(args: list[str], message: str) -> None:
    result = run("peg", *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    assert message in result.stderr
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.stderr


def test_help_shows_the_example() -> None:
    result = run("peg", "--help")
    assert result.exit_code == 0, result.output
    assert '$ crib peg --pone "6D JH 4H 7C" --dealer "5S 4S 2S 6H" JH 5S 7C 6H 2S 6D 4S 4H' in result.output
    assert "total   pone 3   dealer 6" in result.output


def test_the_play_need_not_be_quoted() -> None:
    quoted = run("peg", "--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", "JH 5S 7C 6H 2S 6D 4S 4H")
    unquoted = run("peg", "--pone", "6D JH 4H 7C", "--dealer", "5S 4S 2S 6H", *["JH", "5S", "7C", "6H", "2S", "6D", "4S", "4H"])
    assert unquoted.exit_code == 0, unquoted.output
    assert unquoted.stdout == quoted.stdout


def test_a_missing_go_is_suggested() -> None:
    result = run("peg", "JH 5S 7C 6H 2S 6D")
    assert result.exit_code == 2
    assert result.stderr == (
        "Error: 6D: the count would be 36, past 31; if a player could not lay a card, write 'go' where he said it "
        "(without hands, every go is written, both goes of a series)\n"
    )


def test_help_says_what_advice_weighs_and_how_far_it_looks() -> None:
    text = " ".join(run("peg", "--help").stdout.split())
    assert "by the expert's look-ahead from what you know" in text
    assert "'reply' is what one unseen card at random scores against the card" in text
    assert "by default 7 with two players (to the end but for the lead's last card), else 5" in text
