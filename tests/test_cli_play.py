"""crib play end to end through CliRunner: seeded 61-point games answered line by line,
two, three and four players, and five-card cribbage."""

from __future__ import annotations

import io
import json
import random
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from crib_cli.cards import DECK, format_cards, parse_card, parse_cards
from crib_cli.cli import cli
from crib_cli.discard import analyze_discards
from crib_cli.score import score_show

Policy = Callable[[str], "str | None"]


class Answering(io.RawIOBase):
    """Standard input that answers each question as ``policy`` decides from the transcript so far."""

    def __init__(self, policy: Policy) -> None:
        self.policy = policy
        self.answers: list[str] = []

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        sys.stdout.flush()
        answer = self.policy(sys.stdout.buffer.getvalue().decode())  # type: ignore[attr-defined]
        if answer is None:
            return 0
        self.answers.append(answer)
        data = (answer + "\n").encode()
        buffer[: len(data)] = data
        return len(data)


class Script:
    """A person who makes every mistake once, asks for advice, counts one hand short, and otherwise lays any card that fits."""

    def __init__(self) -> None:
        self.rng = random.Random(5)
        self.mistakes = {
            "throw": ["ZZ", "AC", "?"],
            "play": ["?", "go", "not mine"],
            "past 31": ["past 31"],
            "count": ["short"],
        }

    def __call__(self, transcript: str) -> str | None:
        lines = transcript.splitlines()
        prompt = lines[-1] if lines and not transcript.endswith("\n") else ""
        if prompt.startswith("throw "):
            hand = parse_cards(next(l for l in reversed(lines) if l.startswith("your hand: "))[len("your hand: "):])
            need = int(prompt.split()[1])
            if self.mistakes["throw"]:
                return self.mistakes["throw"].pop(0)
            return format_cards(hand[:need])
        if prompt.startswith("lay a card"):
            state = next(l for l in reversed(lines) if "; your cards: " in l)
            count = int(re.match(r"count (\d+)", state).group(1))  # type: ignore[union-attr]
            hand = parse_cards(state.split("; your cards: ")[1])
            fits = [c for c in hand if count + c.value <= 31]
            too_big = [c for c in hand if count + c.value > 31]
            if self.mistakes["play"]:
                mistake = self.mistakes["play"].pop(0)
                if mistake == "not mine":
                    return str(next(c for c in DECK if c not in hand))
                return mistake
            if too_big and self.mistakes["past 31"]:
                self.mistakes["past 31"].clear()
                return str(too_big[0])
            return str(self.rng.choice(fits))
        if prompt.startswith("count your "):
            match = re.match(r"count your (?:hand|crib) (.*) / (\S+) \(or \?\):", prompt)
            assert match, prompt
            cards, starter = parse_cards(match.group(1)), parse_card(match.group(2))
            total = score_show(cards, starter, crib="crib" in prompt).total
            if total >= 2 and self.mistakes["count"]:
                self.mistakes["count"].clear()
                return str(total - 2)
            return str(total)
        return None


def play(*args: str, policy: Policy | None = None, text: str | None = None) -> tuple[Result, list[str]]:
    stdin = Answering(policy) if policy is not None else None
    result = CliRunner().invoke(cli, ["play", *args], input=io.BufferedReader(stdin) if stdin else text)
    return result, stdin.answers if stdin else []


ARGS = ("--seed", "3", "--to", "61", "--muggins")


def test_a_whole_61_point_game_with_every_kind_of_answer(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    result, answers = play(*ARGS, "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("you against expert, to 61\ncut for deal: ")
    assert re.search(r"\n(you win|expert wins), \d+ to \d+", out)
    # Bad answers are asked again, with the reason.
    assert "  'ZZ' is not a card: unknown suit 'Z'" in out
    assert "  throw 2 cards, not 1" in out
    assert re.search(r"  [2-9TJQKA][SHDC] fits at \d+: say go only when no card fits", out)
    assert re.search(r"  [2-9TJQKA][SHDC] is not your card", out)
    assert re.search(r"  [2-9TJQKA][SHDC] would make \d+, past 31", out)
    # ? shows the analysis first.
    assert "net (hand - crib)" in out or "net (hand + crib)" in out
    assert "net pegging expected from here" in out
    # Muggins: one hand counted two short, the expert pegs the two.
    assert re.search(r"  counted \d+, 2 short: muggins! expert pegs 2\n    overlooked ", out)
    # The coach, and its summary.
    assert "coach: you threw " in out
    assert re.search(r"coach: you gave up \d+\.\d\d points of expectation in your throws and \d+\.\d\d in your plays", out)
    # The log has the game, ending at 61.
    (line,) = log.read_text().splitlines()
    game = json.loads(line)
    assert game["target"] == 61 and game["players"] == ["you", "expert"] and max(game["scores"]) == 61
    # The same answers, piped in as text, play the same game.
    again, _ = play(*ARGS, text="\n".join(answers) + "\n")
    assert again.stdout == out


ROLES = {"you deal": "dealer", "partner deals": "partner"}
TABLES = {
    "two players": ((), 2, "six"),
    "three players": (("--players", "3"), 3, "six"),
    "four players": (("--players", "4"), 4, "six"),
    "five-card": (("--variant", "five"), 2, "five"),
}


@pytest.mark.parametrize(("extra", "players", "variant"), TABLES.values(), ids=list(TABLES))
def test_the_coach_figures_are_the_exact_nets(extra: tuple[str, ...], players: int, variant: str) -> None:
    result, _ = play(*ARGS, *extra, policy=Script())
    lines = result.stdout.splitlines()
    checked = 0
    for at, line in enumerate(lines):
        match = re.match(r"coach: you threw (\S+(?: \S+)?): net (-?\d+\.\d\d)(?:: the best throw|; best (\S+(?: \S+)?): (-?\d+\.\d\d); you gave up (\d+\.\d\d))$", line)
        if not match:
            continue
        hand = parse_cards(next(l for l in reversed(lines[:at]) if l.startswith("your hand: "))[len("your hand: "):])
        deal = next(l for l in reversed(lines[:at]) if l.startswith("-- deal "))
        role = next((role for words, role in ROLES.items() if words in deal), "pone")
        options = analyze_discards(hand, role=role, players=players, variant=variant)
        chosen = next(o for o in options if format_cards(o.throw) == match.group(1))
        assert match.group(2) == f"{float(chosen.net(role)):.2f}"
        if match.group(3):
            assert (match.group(3), match.group(4)) == (format_cards(options[0].throw), f"{float(options[0].net(role)):.2f}")
            assert match.group(5) == f"{float(options[0].net(role) - chosen.net(role)):.2f}"
        checked += 1
    assert checked >= 3


def test_end_of_input_ends_the_game_with_a_summary() -> None:
    result, _ = play("--seed", "3", text="")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "game left unfinished: you 0 to expert 0"


def test_no_coach_says_nothing_of_the_choices() -> None:
    result, _ = play(*ARGS, "--no-coach", "--opponent", "greedy", policy=Script())
    assert result.exit_code == 0, result.output
    assert "coach:" not in result.stdout
    assert re.search(r"\n(you win|greedy wins), \d+ to \d+", result.stdout)


def test_three_players_a_whole_game(tmp_path: Path) -> None:
    log = tmp_path / "three.jsonl"
    result, answers = play(*ARGS, "--players", "3", "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("you against left and right (expert), each for himself, to 61\ncut for deal: you ")
    assert "; one card from the deck goes to the crib --" in out
    assert "throw 1 to " in out and "throw 2 " not in out
    boards = [line for line in out.splitlines() if line.startswith("board: ")]
    assert boards and all(re.fullmatch(r"board: you \d+ \(\d+ to go\) \| left \d+ \(\d+ to go\) \| right \d+ \(\d+ to go\)", b) for b in boards)
    assert re.search(r"  counted \d+, 2 short: muggins! left pegs 2\n", out)
    assert re.search(r"\n(you win|left wins|right wins), 61 to \d+ \((you|left|right)\) and \d+ \((you|left|right)\)\n", out)
    (line,) = log.read_text().splitlines()
    game = json.loads(line)
    assert game["players"] == ["you", "expert", "expert"] and max(game["scores"]) == 61 and game["game_points"] == 1
    again, _ = play(*ARGS, "--players", "3", text="\n".join(answers) + "\n")
    assert again.stdout == out


def test_four_players_you_and_the_computer_as_partners(tmp_path: Path) -> None:
    log = tmp_path / "four.jsonl"
    result, _ = play(*ARGS, "--players", "4", "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("you and partner (expert, sitting opposite) against left and right (expert), to 61\n")
    assert "throw 1 to your partner's crib" in out and "partner lays " in out
    boards = [line for line in out.splitlines() if line.startswith("board: ")]
    assert boards and all(re.fullmatch(r"board: you and partner \d+ \(\d+ to go\) \| left and right \d+ \(\d+ to go\)", b) for b in boards)
    assert re.search(r"  counted \d+, 2 short: muggins! left pegs 2\n", out)
    assert re.search(r"\n(you and partner win|left and right win), 61 to \d+(; lurch: 2 games)?\n", out)
    game = json.loads(log.read_text())
    assert game["players"] == ["you", "expert", "expert", "expert"]
    assert game["scores"][0] == game["scores"][2] and game["scores"][1] == game["scores"][3] and max(game["scores"]) == 61


def test_five_card_cribbage_a_whole_game(tmp_path: Path) -> None:
    log = tmp_path / "five.jsonl"
    result, _ = play(*ARGS, "--variant", "five", "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("you against expert, five-card cribbage to 61\ncut for deal: ")
    assert re.search(r"\n(you peg|expert pegs) 3 for last: the first pone's start in five-card cribbage\n", out)
    assert "throw 2 to " in out
    hands = re.findall(r"\n(?:your|expert's) hand: (.*) / ", out)
    assert hands and all(len(hand.split()) == 3 for hand in hands)
    assert re.findall(r"\n(?:your|expert's) crib: (.*) / ", out) and all(
        len(crib.split()) == 4 for crib in re.findall(r"\n(?:your|expert's) crib: (.*) / ", out)
    )
    assert "the play ends" in out and "the count starts again" not in out
    assert re.search(r"\n(you win|expert wins), 61 to \d+", out)
    game = json.loads(log.read_text())
    assert game["variant"] == "five" and game["three_for_last"]["points"] == 3 and max(game["scores"]) == 61


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "3", "--variant", "five"], "five-card cribbage is for two players, not 3"),
    (["--players", "5"], "5 is not in the range"),
], ids=["five-card for three", "five players"])
def test_play_usage_errors(args: list[str], message: str) -> None:
    result, _ = play(*args, text="")
    assert result.exit_code == 2 and message in result.stderr


def test_end_of_input_with_more_players_shows_every_side() -> None:
    three, _ = play("--seed", "3", "--players", "3", text="")
    assert three.stdout.splitlines()[-1] == "game left unfinished: you 0, left 0, right 0"
    four, _ = play("--seed", "3", "--players", "4", text="")
    assert four.stdout.splitlines()[-1] == "game left unfinished: you and partner 0 to left and right 0"
    five, _ = play("--seed", "3", "--variant", "five", text="")
    assert five.stdout.splitlines()[-1] in ("game left unfinished: you 3 to expert 0", "game left unfinished: you 0 to expert 3")


def test_ctrl_c_while_the_computer_thinks_ends_the_game_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    from crib_cli.game.expert import ExpertPlayer

    def interrupted(self: ExpertPlayer, view: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(ExpertPlayer, "discard", interrupted)
    result, _ = play("--seed", "3", text="3D QD\n")
    assert result.exit_code == 0, result.output
    assert "game left unfinished: you 0 to expert 0" in result.stdout
