"""crib play end to end through CliRunner: seeded 61-point games answered line by line (two, three and four
players, five-card cribbage), what may be typed, what the screen says, matches, and the record of games."""

from __future__ import annotations

import io
import json
import re
import string
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import click
import pytest
from click.testing import CliRunner, Result
from positions import play_view

from crib_cli.cards import DECK, CardError, format_cards, parse_card, parse_cards
from crib_cli.cli import cli
from crib_cli.cli.play import Coaching, play_problem
from crib_cli.cli.table import MESSAGES, VERBS, Table, speak
from crib_cli.cli.terminal import Terminal, board_lines, fit, read_card, throw_problem
from crib_cli.discard import Throw, analyze_discards
from crib_cli.game import Dealt, GameRules, Go, GoPoint, Laid, View
from crib_cli.game.analyst import Verdict, analyze_throws
from crib_cli.game.expert import ExpertPlayer
from crib_cli.peg import PegItem
from crib_cli.score import score_show

Policy = Callable[[str], "str | None"]
INTERRUPT = "\x03"
"""An answer that stands for Ctrl-C at the question."""


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
        if answer == INTERRUPT:
            raise KeyboardInterrupt
        self.answers.append(answer)
        data = (answer + "\n").encode()
        buffer[: len(data)] = data
        return len(data)


MISTAKES = {
    "throw": ["ZZ", "AC", "?"],
    "play": ["?", "go", "not mine"],
    "past 31": ["past 31"],
    "count": ["short"],
}


class Script:
    """A person who gives the answers of ``first`` (by kind of question) before any other, and otherwise
    throws the first cards and lays any card that fits (while a card past 31 is still to be tried, it
    keeps and lays its biggest cards, to drive the count where one will not fit); with the mistakes of
    :data:`MISTAKES`, one who makes every mistake once, asks for advice, and counts one hand short.
    ``play again?`` is answered from ``first["again"]``, then by the end of input."""

    def __init__(self, first: dict[str, list[str]] | None = None) -> None:
        self.first = {kind: list(answers) for kind, answers in (MISTAKES if first is None else first).items()}
        self.index = 0

    def take(self, kind: str, otherwise: str | None = None) -> str | None:
        answers = self.first.get(kind)
        return answers.pop(0) if answers else otherwise

    def __call__(self, transcript: str) -> str | None:
        lines = transcript.splitlines()
        prompt = lines[-1] if lines and not transcript.endswith("\n") else ""
        if prompt.startswith("throw "):
            hand = parse_cards(next(l for l in reversed(lines) if l.startswith("your hand: "))[len("your hand: "):])
            need = int(prompt.split()[1])
            if self.first.get("past 31"):
                hand = tuple(sorted(hand, key=lambda card: card.value))
            return self.take("throw", format_cards(hand[:need]))
        if prompt.startswith("lay a card"):
            state = next(l for l in reversed(lines) if "; your cards: " in l)
            count = int(re.match(r"count (\d+)", state).group(1))  # type: ignore[union-attr]
            hand = parse_cards(state.split("; your cards: ")[1])
            fits = [c for c in hand if count + c.value <= 31]
            too_big = [c for c in hand if count + c.value > 31]
            mistake = self.take("play")
            if mistake == "not mine":
                return str(next(c for c in DECK if c not in hand))
            if mistake is not None:
                return mistake
            if too_big and self.first.get("past 31"):
                self.first["past 31"].clear()
                return str(too_big[0])
            if self.first.get("past 31"):
                return str(max(fits, key=lambda card: card.value))
            self.index += 1
            return str(fits[self.index % len(fits)])
        if prompt.startswith("count your "):
            match = re.match(r"count your (?:hand|crib) (.*) / (\S+):", prompt)
            assert match, prompt
            cards, starter = parse_cards(match.group(1)), parse_card(match.group(2))
            total = score_show(cards, starter, crib="crib" in prompt).total
            answers = self.first.get("count")
            if answers and answers[0] != "short":
                return answers.pop(0)
            if answers and total >= 2:
                answers.clear()
                return str(total - 2)
            return str(total)
        if prompt.startswith("play again? "):
            return self.take("again")
        return None


def play(*args: str, policy: Policy | None = None, text: str | None = None, color: bool = False,
         env: dict[str, str] | None = None) -> tuple[Result, list[str]]:
    """Run crib play; each run keeps its record in a data directory of its own unless ``env`` gives one."""
    stdin = Answering(policy) if policy is not None else None
    with tempfile.TemporaryDirectory() as data:
        result = CliRunner().invoke(cli, ["play", *args], input=io.BufferedReader(stdin) if stdin else text, color=color,
                                    env={"XDG_DATA_HOME": data} | (env or {}))
    return result, stdin.answers if stdin else []


ARGS = ("--seed", "3", "--to", "61", "--muggins")
QUICK = ("--seed", "3", "--to", "61", "--opponent", "random", "--coach", "off")
"""A game that costs little: the random opponent, no coach."""
BOARD_LINE = re.compile(r"(.+?) +(\d+) ([|@])([.o@]+)([|@]) +(\d+) to go")
GRAMMAR = [
    re.compile(r"\byou (deals|lays|pegs|says|wins|has|is)\b"),
    re.compile(r"(?<!and )(?<!cards )\b(expert|greedy|random|left|right|partner) (deal|lay|peg|say|win|have|are)\b"),
    re.compile(r"\b(you and partner|left and right) (deals|lays|pegs|says|wins)\b"),
    re.compile(r"\byou's\b|(?<!your )\bpartner's\b"),
]
"""What the table must never say: ``you pegs``, ``expert peg``, ``left and right wins``, ``you's``, ``partner's`` alone."""


def ungrammatical(text: str) -> list[str]:
    return [match.group(0) for pattern in GRAMMAR for match in pattern.finditer(text)]


def boards(lines: list[str]) -> list[tuple[int, list[tuple[str, int, int]]]]:
    """Every board in a transcript: the index of its first line, and each side's (name, score, to go)."""
    found: list[tuple[int, list[tuple[str, int, int]]]] = []
    for at, line in enumerate(lines):
        match = BOARD_LINE.fullmatch(line)
        if match:
            side = (match.group(1), int(match.group(2)), int(match.group(6)))
            if found and found[-1][0] + len(found[-1][1]) == at:
                found[-1][1].append(side)
            else:
                found.append((at, [side]))
    return found


# Whole games.


def test_a_whole_61_point_game_with_every_kind_of_answer(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    result, answers = play(*ARGS, "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("you against expert, to 61\nanswer each question on a line: help lists what you can type, "
                          "q ends the game\ncut for deal: ")
    assert re.search(r"\n(you win|expert wins), 61 to \d+: (1 game|a lurch, 2 games)\n", out)
    # Bad answers are asked again, with the reason.
    assert "  'ZZ' is not a card: neither rank nor suit" in out
    assert "  throw 2 cards, not 1" in out
    assert re.search(r"  [2-9TJQKA][SHDC] fits at \d+: say go only when no card fits", out)
    assert re.search(r"  [2-9TJQKA][SHDC] is not your card", out)
    assert re.search(r"  [2-9TJQKA][SHDC] would make \d+, past 31", out)
    # ? shows every throw, the best first, each net what the hand and crib beside it make, each total the
    # net and peg beside it; then a key to the columns.
    words = " ".join(out.split())
    assert "; net = hand - crib " in words or "; net = hand + crib " in words
    advice = re.findall(r"^(\S\S \S\S) +(?:\S\S ){3}\S\S +(\d+\.\d\d) +(\d+\.\d\d) +(-?\d+\.\d\d) +(-?\d+\.\d\d) +"
                        r"(-?\d+\.\d\d) +\d+\.\d%$", out, re.MULTILINE)
    assert len(advice) == 15
    sign = -1 if "; net = hand - crib " in words else 1
    for _, hand, crib, net, peg, total in advice:
        assert hundredths(hand) + sign * hundredths(crib) == hundredths(net)
        assert hundredths(net) + hundredths(peg) == hundredths(total)
    assert " hand: the keep's mean over the 46 starters; crib: its mean" in words and "; total = net + peg " in words
    assert "net pegging expected from here" in out
    # Muggins: one hand counted two short, the expert pegs the two.
    assert re.search(r"  counted \d+, 2 short: muggins! expert pegs 2\n    overlooked", out)
    # The coach, and its summary.
    assert "coach: you threw " in out
    assert re.search(r"coach: you gave up \d+\.\d\d points in your throws and \d+\.\d\d in your plays", out)
    # The log has the game, ending at 61.
    (line,) = log.read_text().splitlines()
    game = json.loads(line)
    assert game["target"] == 61 and game["players"] == ["you", "expert"] and max(game["scores"]) == 61
    # The same answers, piped in as text, play the same game; play again? at the end of input ends it cleanly.
    assert out.endswith("play again? (y/n) \n")
    again, _ = play(*ARGS, text="\n".join(answers) + "\n")
    assert again.stdout == out


def hundredths(figure: str) -> int:
    return round(float(figure) * 100)


ROLES = {"you deal": "dealer", "partner deals": "partner"}
TABLES = {
    "two players": ((), 2, "six"),
    "three players": (("--players", "3"), 3, "six"),
    "four players": (("--players", "4"), 4, "six"),
    "five-card": (("--variant", "five"), 2, "five"),
}


def shown(option: Throw, role: str) -> str:
    """A throw's net as the coach says it: the hand and crib means to two places, added or taken away."""
    hand, crib = (round(float(f"{float(mean):.2f}") * 100) for mean in (option.hand_mean, option.crib_mean))
    return f"{(hand - crib if role == 'pone' else hand + crib) / 100:.2f}"


FIGURE = r"(?:total (-?\d+\.\d\d) \(net (-?\d+\.\d\d), peg (-?\d+\.\d\d)\)|net (-?\d+\.\d\d))"
THROW_LINE = re.compile(
    rf"coach: you threw (\S\S(?: \S\S)?): (?:(\d+\.\d)% to win, )?{FIGURE}"
    rf"(?:: the best throw|; best (\S\S(?: \S\S)?): (?:(\d+\.\d)%|(?:as likely to win, )?{FIGURE}); you gave up "
    rf"(\d+\.\d\d?)%?(?: of your chance to win)?)$"
)
"""A coach's verdict on a throw: by points (the net, with the pegging value where weighed; also where the board
decided but the chances print alike) or by the chance to win."""
SCORE_LINE = re.compile(r"(you|expert|greedy|random|left|right|you and partner|left and right) +(\d+) [|@]")


def seat_of_dealer(deal: str, players: int, role: str) -> int:
    """A dealer's seat that gives the person (seat 0) this role."""
    return {"dealer": 0, "partner": 2, "pone": 1}[role]


@pytest.mark.parametrize(("extra", "players", "variant"), TABLES.values(), ids=list(TABLES))
def test_the_coach_grades_a_throw_as_the_expert_throws_with_figures_as_printed(
    extra: tuple[str, ...], players: int, variant: str
) -> None:
    result, _ = play(*ARGS, *extra, "--coach", "all", policy=Script(), env={"COLUMNS": "1000"})
    lines = result.stdout.splitlines()
    assert not ungrammatical(result.stdout)
    rules = GameRules(players, 61, variant=variant)
    checked = 0
    for at, line in enumerate(lines):
        match = THROW_LINE.match(line)
        if not match:
            assert not line.startswith("coach: you threw "), line
            continue
        hand = parse_cards(next(l for l in reversed(lines[:at]) if l.startswith("your hand: "))[len("your hand: "):])
        deal = next(l for l in reversed(lines[:at]) if l.startswith("-- deal "))
        board = lines[lines.index(deal, max(at - 60, 0)) + 1:][:rules.sides]
        scores = tuple(int(SCORE_LINE.match(l).group(2)) for l in board)  # type: ignore[union-attr]
        role = next((role for words, role in ROLES.items() if words in deal), "pone")
        view = View(rules, 0, seat_of_dealer(deal, players, role), scores[:1] + scores[1:] * (players - 1), hand)
        pegging = players == 2 and variant == "six"
        options = analyze_discards(hand, role=role, players=players, variant=variant, pegging=pegging)
        chosen = next(o for o in options if format_cards(o.throw) == match.group(1))
        total, net, peg, alone = match.group(3, 4, 5, 6)
        assert (net or alone) == shown(chosen, role)
        if pegging:
            assert peg == f"{chosen.peg:.2f}" and hundredths(net) + hundredths(peg) == hundredths(total)
        expert = tuple(sorted(ExpertPlayer(pegging=True, board=True).discard(view)))
        if match.group(7):
            assert parse_cards(match.group(7)) == expert
        elif parse_cards(match.group(1)) != expert:  # as good as the expert's throw, as printed
            analysis = analyze_throws(view)
            figure = (lambda o: o.chance) if match.group(2) else (lambda o: o.points)
            assert figure(analysis.option(expert)) == figure(analysis.option(chosen.throw))
        checked += 1
    assert checked >= 3


def test_three_players_a_whole_game(tmp_path: Path) -> None:
    log = tmp_path / "three.jsonl"
    result, answers = play(*ARGS, "--players", "3", "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("you against left and right (expert), each for himself, to 61\n")
    assert "\ncut for deal: you " in out
    assert "; one card from the deck goes to the crib --" in out
    assert "throw 1 to " in out and "throw 2 " not in out
    found = boards(out.splitlines())
    assert found and all([name for name, _, _ in sides] == ["you", "left", "right"] for _, sides in found)
    assert re.search(r"  counted \d+, 2 short: muggins! left pegs 2\n", out)
    assert re.search(r"\n(you win|left wins|right wins), 61 to \d+ \((you|left|right)\) and \d+ \((you|left|right)\): 1 game\n", out)
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
    assert out.startswith("you and partner (expert, opposite) against left and right (expert), to 61\n")
    assert "throw 1 to your partner's crib" in out and "partner lays " in out
    found = boards(out.splitlines())
    assert found and all([name for name, _, _ in sides] == ["you and partner", "left and right"] for _, sides in found)
    assert re.search(r"  counted \d+, 2 short: muggins! left pegs 2\n", out)
    assert re.search(r"\n(you and partner win|left and right win), 61 to \d+: (1 game|a lurch, 2 games)\n", out)
    game = json.loads(log.read_text())
    assert game["players"] == ["you", "expert", "expert", "expert"]
    assert game["scores"][0] == game["scores"][2] and game["scores"][1] == game["scores"][3] and max(game["scores"]) == 61


def test_five_card_cribbage_a_whole_game(tmp_path: Path) -> None:
    log = tmp_path / "five.jsonl"
    result, _ = play(*ARGS, "--variant", "five", "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.startswith("you against expert, five-card cribbage to 61\n")
    assert re.search(r"\n(you peg|expert pegs) 3 for last: the first pone's start in five-card cribbage\n", out)
    assert "throw 2 to " in out
    hands = re.findall(r"\n(?:your|expert's) hand: (.*) / ", out)
    assert hands and all(len(hand.split()) == 3 for hand in hands)
    assert re.findall(r"\n(?:your|expert's) crib: (.*) / ", out) and all(
        len(crib.split()) == 4 for crib in re.findall(r"\n(?:your|expert's) crib: (.*) / ", out)
    )
    assert "the play ends" in out and "the count starts again" not in out
    assert re.search(r"\nthree for last +[03] +[03]\n", out)
    assert re.search(r"\n(you win|expert wins), 61 to \d+", out)
    game = json.loads(log.read_text())
    assert game["variant"] == "five" and game["three_for_last"]["points"] == 3 and max(game["scores"]) == 61


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "3", "--variant", "five"], "five-card cribbage is for two players, not 3"),
    (["--players", "5"], "5 is not in the range"),
    (["--coach", "loud"], "'loud' is not one of 'quiet', 'all', 'off'"),
    (["--games", "0"], "0 is not in the range x>=1"),
], ids=["five-card for three", "five players", "coach", "no games"])
def test_play_usage_errors(args: list[str], message: str) -> None:
    result, _ = play(*args, text="")
    assert result.exit_code == 2 and message in result.stderr


# Typing a move.

HAND = parse_cards("2H 2C 5C 6S 9S QD")
READ = {
    "a card": ("5C", True, "5C"),
    "a card not held passes, for the caller to refuse": ("KS", True, "KS"),
    "a rank held once": ("q", True, "QD"),
    "ten as 10 or T": ("9", True, "9S"),
    "a place": ("1", True, "2H"),
    "a place that is no rank held": ("3", False, "5C"),
    "a place of the rank itself": ("2", False, "2H"),
    "a rank held twice, in the play": ("2", False, "2H"),
    "a rank held twice, in the throw": ("2", True, "'2' could be 2H or 2C: give the suit"),
    "a rank and another card's place": ("5", True, "'5' could be 5C (your 5) or 9S (card 5): type the card"),
    "a rank not held": ("K", True, "you hold no K"),
    "a ten not held": ("10", True, "you hold no 10"),
    "a place past the hand": ("11", True, "'11' is not a card: your cards are numbered 1 to 6"),
    "a digit that is no number": ("²", True, "'²' is not a card"),
    "no card at all": ("ZZ", True, "'ZZ' is not a card: neither rank nor suit"),
    "a word": ("banana", True, "'banana' is not a card: a card is a rank and a suit, like 5S or 10H"),
}


@pytest.mark.parametrize(("word", "suits_matter", "expected"), READ.values(), ids=READ.keys())
def test_a_word_names_a_card_by_code_rank_or_place(word: str, suits_matter: bool, expected: str) -> None:
    if len(expected) == 2:
        assert str(read_card(word, HAND, suits_matter=suits_matter)) == expected
    else:
        with pytest.raises(CardError) as error:
            read_card(word, HAND, suits_matter=suits_matter)
        assert str(error.value).startswith(expected)


PLAYS = {
    "two cards": ("5C 6S", "one card, please"),
    "two words": ("5 C", "one card, please"),
    "go when a card fits": ("go", "5C fits at 25: say go only when no card fits"),
    "past 31": ("9S", "9S would make 34, past 31"),
    "not held": ("AH", "AH is not your card"),
}


@pytest.mark.parametrize(("answer", "problem"), PLAYS.values(), ids=PLAYS.keys())
def test_a_play_that_is_not_legal_says_why(answer: str, problem: str) -> None:
    hand = parse_cards("5C 6S 9S")
    view = play_view(GameRules(), 0, 0, hand, parse_cards("KH QC 5D"))
    assert play_problem(view, answer, hand, view.fits) == (problem, None)
    assert play_problem(view, "6", hand, view.fits) == (None, parse_card("6S"))


@pytest.mark.parametrize(("thrown", "need", "problem"), [
    ("2H 2C", 1, "one card, please"),
    ("2H", 2, "throw 2 cards, not 1"),
    ("2H AS", 2, "AS is not your card"),
    ("2H 2C", 2, None),
], ids=["two for one", "one for two", "not held", "right"])
def test_a_throw_that_is_not_legal_says_why(thrown: str, need: int, problem: str | None) -> None:
    assert throw_problem(HAND, parse_cards(thrown), need) == problem


def test_ranks_places_help_empty_lines_and_the_last_card_in_a_game() -> None:
    # Seed 3: you are dealt AC 3D 5H 6S 9S QD first (the expert deals), then 2H 2C 6C 8D QS QC.
    first = {
        "throw": ["", "help", "5", "A 4", "Q", "2", "3 4"],
        "play": ["help", "3D 5H", "7", "Q", "9", "2"],
    }
    result, _ = play(*QUICK, policy=Script(first))
    assert result.exit_code == 0, result.output
    out = result.stdout
    lines = out.splitlines()
    assert lines[lines.index("your hand: AC 3D 5H 6S 9S QD") + 1:][:2] == [
        "throw 2 to random's crib: ",  # an empty line asks again, with nothing said
        "throw 2 to random's crib: help",
    ]
    assert "  the 2 cards to throw, each as a card (5S, 10H or TH), as a rank alone when you\n    hold one card of it" in out
    assert "  q or quit: end the game here, with its summary" in out
    assert "  '5' could be 5H (your 5) or 9S (card 5): type the card" in out
    assert "throw 2 to random's crib: A 4\n" in out and "count 0; your cards: 3D 5H 9S QD" in out
    assert "\n  the card to lay: a card (5S), a rank alone (5: suits never matter in the\n    play)," in out
    assert "  one card, please\n" in out and "  you hold no 7\n" in out
    assert "  'Q' could be QD, or quit: type the card, or quit\nlay a card: 9\nyou lay 9S: count 9" in out
    assert "  'Q' could be QS or QC, or quit: type the card, or quit\nthrow 2 to your crib: 2\n" in out
    assert "  '2' could be 2H or 2C: give the suit\n" in out
    assert "throw 2 to your crib: 3 4\n" in out and re.search(r"\nyou lay 2H: count \d+", out)
    # The last card in hand is laid for you, and said to be.
    assert re.search(r"\nyou lay \S\S, your last card: count \d+", out)
    assert not [line for line in lines if re.search(r"; your cards: \S\S$", line)]


def test_q_ends_the_game_with_its_summary() -> None:
    result, _ = play("--seed", "3", "--to", "61", "--coach", "all", policy=Script({"play": ["quit"]}))
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    at = lines.index("lay a card: quit")
    assert lines[at + 1] == "game left unfinished: you 0 to expert 0" and lines[at + 2].startswith("coach: you gave up ")
    assert "play again?" not in result.stdout


def test_a_count_is_a_number_and_q_quits_there_too() -> None:
    result, _ = play(*QUICK, "--muggins", policy=Script({"count": ["²", "30", "help", "q"]}))
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "  '²' is not a count: give a number\n" in out and re.search(r"\n  30 is more than it holds: count again\n", out)
    assert "help\n  the points your show is worth, a number (19 for nothing)" in out
    assert re.search(r"count your (hand|crib) .* / \S\S: q\ngame left unfinished: you \d+ to random \d+\n$", out)


# What the screen says.


def test_lines_fit_the_terminal_and_wrap_between_words() -> None:
    wide, _ = play(*ARGS, "--coach", "all", policy=Script(), env={"COLUMNS": "1000"})
    assert max(len(line) for line in wide.stdout.splitlines()) > 150  # the coach's longest lines
    for columns in (None, "60", "50", "40"):
        narrow, _ = play(*ARGS, "--coach", "all", policy=Script(), env={"COLUMNS": columns} if columns else None)
        width = int(columns or 80)
        assert max(len(line) for line in narrow.stdout.splitlines()) <= width
        # A table cannot wrap: where it would not fit, it leaves out the keep, which is the hand less the throw,
        # and then the parts of the net and the total, which stay.
        headers = set(re.findall(r"\n(throw +[a-z ]+?) *\n", narrow.stdout))
        assert len(headers) == 1
        shown = " ".join(headers.pop().split())
        assert shown == COLUMNS_AT[width]
        assert f"at {width} columns `{shown}`" in REFERENCE_TEXT or f"at {width} `{shown}`" in REFERENCE_TEXT
        if width == 40:  # the scripted player reads its cards off lines that wrap here: its game differs
            continue
        words = [" ".join(l for l in r.stdout.splitlines() if not BOARD_LINE.fullmatch(l) and not THROW_TABLE.match(l)).split()
                 for r in (wide, narrow)]
        assert words[0] == words[1]
        keeps = [bool(re.search(r"\nthrow +keep ", r.stdout)) for r in (wide, narrow)]
        assert keeps == [True, width == 80]


COLUMNS_AT = {80: "throw keep hand crib net peg total win", 60: "throw hand crib net peg total win",
              50: "throw crib net peg total win", 40: "throw net peg total win"}
"""The coach's table of throws at each width, as docs/reference.md says it."""
REFERENCE_TEXT = " ".join((Path(__file__).parent.parent / "docs" / "reference.md").read_text(encoding="utf-8").split())


THROW_TABLE = re.compile(r"throw( +(keep|hand|crib|net|peg|total|win))+ *$|-----|\S\S \S\S {2,}")
"""A line of the coach's table of throws."""


def test_fit_wraps_at_word_boundaries_and_indents_what_continues() -> None:
    assert fit("  overlooked fifteen 4S 5H 6C for 2", 20) == "  overlooked fifteen\n    4S 5H 6C for 2"
    assert fit("coach: -0.48 and 12-card", 12) == "coach: -0.48\n  and\n  12-card"
    assert fit("short", 80) == "short"


PLAY_LINE = re.compile(r"coach: the expert would lay \S+ \((?:(?:\d+\.\d% to win either way, )?([+-]\d+\.\d\d), yours "
                       r"([+-]\d+\.\d\d): you gave up (\d+\.\d\d)|(\d+\.\d)% to win, yours (\d+\.\d)%: you gave up "
                       r"(\d+\.\d)%)\)")


def coach_lines(out: str) -> list[tuple[str, bool, int, int, int]]:
    """Each coach verdict: the kind, whether the board decided, the best and chosen figures and what was given
    up, as printed: hundredths of a point, or tenths of a percent of the chance to win."""
    found = []
    lines = out.splitlines()
    for at, line in enumerate(lines):
        throw, lay = THROW_LINE.match(line), PLAY_LINE.match(line)
        noted = at + 1 < len(lines) and lines[at + 1].startswith("coach: the board changes the advice")
        if throw and throw.group(2) and not (throw.group(7) and throw.group(8) is None):  # by the chance
            chosen = round(float(throw.group(2)) * 10)
            best = round(float(throw.group(8) or throw.group(2)) * 10)
            found.append(("throw", True, best, chosen, round(float(throw.group(13) or 0) * 10), noted))
        elif throw:
            chosen = hundredths(throw.group(3) or throw.group(6))
            best = hundredths(throw.group(9) or throw.group(12)) if throw.group(7) else chosen
            found.append(("throw", False, best, chosen, hundredths(throw.group(13) or "0"), noted))
        elif lay and lay.group(1):
            found.append(("play", False, hundredths(lay.group(1)), hundredths(lay.group(2)), hundredths(lay.group(3)), noted))
        elif lay:
            tenth = [round(float(lay.group(at)) * 10) for at in (4, 5, 6)]
            found.append(("play", True, *tenth, noted))
        elif line == "coach: the expert would lay it too":
            found.append(("play", False, 0, 0, 0, noted))
    return found  # type: ignore[return-value]


@pytest.mark.parametrize("mode", ["quiet", "all"])
def test_the_coach_speaks_when_you_gave_up_something_and_its_numbers_add_up(mode: str) -> None:
    result, _ = play(*ARGS, "--coach", mode, policy=Script(), env={"COLUMNS": "1000"})
    out = result.stdout
    said = coach_lines(out)
    assert said and all(best - chosen == lost for _, _, best, chosen, lost, _ in said if lost)
    assert len(said) == out.count("\ncoach: you threw ") + out.count("\ncoach: the expert would lay ")
    summary = re.search(r"coach: you gave up (\d+\.\d\d) points in your throws and (\d+\.\d\d) in your plays"
                        r"(?:, and (\d+\.\d)% of your chance to win where the board decided)?\n", out)
    assert summary
    worst = re.search(r"coach: your worst decision: (throwing|laying) (\S+(?: \S+)?) instead of (\S+(?: \S+)?) cost (\d+\.\d\d)\n", out)
    assert worst and round(float(worst.group(4)) * 100) == max(lost for _, board, _, _, lost, _ in said if not board)
    if mode == "quiet":
        assert all(lost >= (5 if board else 10) or noted for _, board, _, _, lost, noted in said)
        assert all(lost or noted for *_, lost, noted in said)
    else:
        assert ": the best throw" in out or "would lay it too" in out
        for at, kind in enumerate(("throw", "play")):
            assert hundredths(summary.group(at + 1)) == sum(lost for k, board, _, _, lost, _ in said if k == kind and not board)
        assert round(float(summary.group(3) or 0) * 10) == sum(lost for _, board, _, _, lost, _ in said if board)


BOARDS = {
    "love-all": ([("you", 0, 0), ("expert", 0, 0)], 61, ["you      0 @" + "." * 57 + "|  61 to go",
                                                         "expert   0 @" + "." * 57 + "|  61 to go"]),
    "pegs on the track, one home": ([("you", 5, 2), ("expert", 61, 59)], 61, [
        "you      5 |o..@" + "." * 53 + "|  56 to go",
        "expert  61 |" + "." * 55 + "o.@   0 to go",
    ]),
    "120 holes in 59 marks": ([("left", 120, 100)], 121, ["left 120 |" + "." * 48 + "o" + "." * 9 + "@|   1 to go"]),
}


@pytest.mark.parametrize(("sides", "target", "lines"), BOARDS.values(), ids=BOARDS.keys())
def test_the_board_shows_front_and_back_pegs(sides: list[tuple[str, int, int]], target: int, lines: list[str]) -> None:
    assert [click.unstyle(line) for line in board_lines(sides, target, 80)] == lines


def test_the_board_fits_a_narrow_terminal() -> None:
    (line,) = map(click.unstyle, board_lines([("you and partner", 60, 20)], 121, 40))
    match = BOARD_LINE.fullmatch(line)
    assert len(line) <= 40 and match and match.group(4).count("@") == 1 and match.group(4).count("o") == 1


def test_the_board_at_each_deal_and_after_each_change_of_score_without_repeating_itself() -> None:
    result, _ = play(*ARGS, policy=Script())
    lines = result.stdout.splitlines()
    found = boards(lines)
    starts = {at for at, _ in found}
    headings = [at for at, line in enumerate(lines) if line.startswith("-- deal ")]
    assert headings and all(at + 1 in starts for at in headings)
    for (at, sides), (_, before) in zip(found[1:], found):
        assert sides != before or lines[at - 1].startswith("-- deal "), lines[at - 2: at + 2]
    for at, sides in found:
        assert all(score + to_go == 61 for _, score, to_go in sides)
    # Every score said is on the board before the next question, or the next deal's heading, or the winner.
    stops = [n for n, line in enumerate(lines) if "lay a card:" in line or line.startswith(("throw ", "count your ", "-- deal "))
             or re.match(r"(you win|expert wins), ", line)]
    for at, line in enumerate(lines):
        if re.search(r" -- .* for \d|for the go|his heels|^  total [1-9]", line):
            stop = next(n for n in stops if n > at)
            assert any(at < start < stop for start in starts) or not lines[stop].startswith(("throw ", "lay", "count")), line


def test_the_board_is_in_colour_on_a_terminal_and_plain_when_piped() -> None:
    coloured, _ = play(*QUICK, policy=Script({}), color=True)
    plain, _ = play(*QUICK, policy=Script({}))
    assert "\x1b[" not in plain.stdout
    ansi = re.compile(r"\x1b\[[0-9;]*m")
    painted = [line for line in coloured.stdout.splitlines() if "\x1b[" in line]
    assert painted and all(BOARD_LINE.fullmatch(ansi.sub("", line)) for line in painted)
    assert ansi.sub("", coloured.stdout) == plain.stdout


def test_shows_list_their_cards_sorted_with_the_starter_apart() -> None:
    result, _ = play(*ARGS, "--players", "3", policy=Script())
    shows = re.findall(r"\n(?:your|left's|right's) (?:hand|crib): (.*) / (\S+)\n", result.stdout)
    assert len(shows) > 6
    for cards, starter in shows:
        assert list(parse_cards(cards)) == sorted(parse_cards(cards)) and parse_card(starter) not in parse_cards(cards)


def tell(capsys: pytest.CaptureFixture[str], *events: object) -> list[str]:
    """What a two-player table says of ``events``, a deal dealt by the expert."""
    table = Table(Terminal(), ("you", "expert"), GameRules(), "expert")
    capsys.readouterr()
    hands = (parse_cards("9S 3D 5H 2C"), parse_cards("KH 7D 6C AS"))
    for event in (Dealt(0, 1, hands, None), *events):
        table(event)
    table.terminal.drop()
    return capsys.readouterr().out.splitlines()[4:]


def test_the_go_said_as_players_say_it(capsys: pytest.CaptureFixture[str]) -> None:
    said = tell(capsys, Laid(0, parse_card("9S"), 28, (), (), (0, 0)), Go(1, 28), Go(0, 28), GoPoint(0, 28, (1, 0)))
    assert said == ["you lay 9S: count 28", "expert says go at 28",
                    "you can't play either: 1 for the go to you; the count starts again"]
    said = tell(capsys, Laid(1, parse_card("KH"), 28, (), (), (0, 0)), Go(0, 28), Go(1, 28), GoPoint(1, 28, (0, 1)))
    assert said[-1] == "expert can't play either: 1 for the go to expert; the count starts again"


def test_the_count_starting_again_after_31_is_said_as_after_a_go(capsys: pytest.CaptureFixture[str]) -> None:
    said = tell(capsys, Laid(0, parse_card("9S"), 24, (), (), (0, 0)), Laid(1, parse_card("7D"), 31, (), (PegItem("thirty-one", 2),), (0, 2)))
    assert said[-1] == "expert lays 7D: count 31 -- thirty-one for 2; the count starts again"


def test_the_go_in_a_game() -> None:
    result, _ = play(*QUICK, policy=Script())
    goes = [line for line in result.stdout.splitlines() if "for the go" in line]
    assert "random can't play either: 1 for the go to random; the count starts again" in goes
    assert "1 for the go to you; the count starts again" in goes  # the last card was yours, and the other said go
    assert all(re.fullmatch(r"((you|random) can't play either: )?1 for the go to (you|random); the count starts again", go) for go in goes)


SUBJECTS = ("you", "expert", "left", "partner", "you and partner", "left and right")


@pytest.mark.parametrize("key", MESSAGES)
def test_every_message_agrees_with_whoever_it_speaks_of(key: str) -> None:
    spoken = {"who", "whose", *VERBS}
    fields = {name: "0" for _, name, _, _ in string.Formatter().parse(MESSAGES[key]) if name and name not in spoken}
    for who in SUBJECTS:
        text = speak(key, who, **fields)
        assert not ungrammatical(text), text
        assert "{" not in text


def test_speak_conjugates_for_you_one_name_and_a_side() -> None:
    assert speak("heels", "you", card="JC") == "starter: JC: his heels, you peg 2"
    assert speak("heels", "left", card="JC") == "starter: JC: his heels, left pegs 2"
    assert speak("win", "left and right", score=61, losers="40", games="1 game") == "left and right win, 61 to 40: 1 game"
    assert speak("throw", "partner", need=1) == "throw 1 to your partner's crib:"


def test_ctrl_c_at_a_question_ends_the_game_on_its_own_line_with_status_130() -> None:
    result, _ = play("--seed", "3", policy=lambda transcript: INTERRUPT)
    assert result.exit_code == 130, result.output
    assert result.stdout.endswith("\nthrow 2 to expert's crib: \ngame left unfinished: you 0 to expert 0\n")


def test_ctrl_c_while_the_computer_thinks_ends_the_game_with_status_130(monkeypatch: pytest.MonkeyPatch) -> None:
    def interrupted(self: ExpertPlayer, view: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(ExpertPlayer, "discard", interrupted)
    result, _ = play("--seed", "3", text="3D QD\n")
    assert result.exit_code == 130, result.output
    assert "\ngame left unfinished: you 0 to expert 0\n" in result.stdout


def test_end_of_input_ends_the_game_with_a_summary() -> None:
    result, _ = play("--seed", "3", text="")
    assert result.exit_code == 0, result.output
    assert result.stdout.splitlines()[-1] == "game left unfinished: you 0 to expert 0"


def test_end_of_input_with_more_players_shows_every_side() -> None:
    three, _ = play("--seed", "3", "--players", "3", text="")
    assert three.stdout.splitlines()[-1] == "game left unfinished: you 0, left 0, right 0"
    four, _ = play("--seed", "3", "--players", "4", text="")
    assert four.stdout.splitlines()[-1] == "game left unfinished: you and partner 0 to left and right 0"
    five, _ = play("--seed", "3", "--variant", "five", text="")
    assert five.stdout.splitlines()[-1] in ("game left unfinished: you 3 to expert 0", "game left unfinished: you 0 to expert 3")


def test_no_coach_says_nothing_of_the_choices() -> None:
    result, _ = play(*ARGS, "--coach", "off", "--opponent", "greedy", policy=Script())
    assert result.exit_code == 0, result.output
    assert "coach:" not in result.stdout
    assert re.search(r"\n(you win|greedy wins), 61 to \d+", result.stdout)


def test_the_end_of_a_game_says_the_winner_the_game_points_and_where_the_points_came_from(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result, _ = play(*QUICK, "--log", str(log), policy=Script({}))
    lines = result.stdout.splitlines()
    at = next(n for n, line in enumerate(lines) if re.match(r"(you win|random wins), 61 to \d+: 1 game$", line))
    assert lines[at + 1].split() == ["points", "you", "random"]
    rows = {line.split()[0]: [int(n) for n in line.split()[1:]] for line in lines[at + 3:] if re.match(r"\w+ +\d+ +\d+$", line)}
    assert list(rows)[:3] == ["pegging", "hands", "crib"] and list(rows)[-1] == "total"
    assert [sum(column) for column in zip(*list(rows.values())[:-1])] == rows["total"]
    game = json.loads(log.read_text())
    assert sorted(rows["total"]) == sorted(game["scores"])
    loser = 1 - game["winner"]  # the loser's points are never cut short by the game's end
    assert rows["pegging"][loser] == sum(deal["pegging"][loser] for deal in game["deals"])
    shows = [show for deal in game["deals"] for show in deal["shows"] if show["seat"] == loser]
    assert rows["hands"][loser] == sum(show["points"] for show in shows if show["kind"] == "hand")
    assert rows["crib"][loser] == sum(show["points"] for show in shows if show["kind"] == "crib")


# Another game, a match, and the record.


def record(tmp_path: Path) -> list[dict[str, object]]:
    path = tmp_path / "crib" / "record.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_play_again_plays_another_game_until_no(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    result, _ = play(*QUICK, policy=Script({"again": ["maybe", "", "help", "y", "n"]}), env=env)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("you against random, to 61\n") == 2
    assert "play again? (y/n) maybe\n  'maybe': answer y or n\nplay again? (y/n) \nplay again? (y/n) help\n  y: another game" in out
    assert out.endswith("play again? (y/n) n\n")
    results = [entry["result"] for entry in record(tmp_path)]
    assert len(results) == 2 and set(results) <= {"won", "lost"}
    won = results.count("won")
    assert f"your record, two players to 61 against random: {won} won, {2 - won} lost\nplay again?" in out


def test_a_match_keeps_the_match_score_in_game_points(tmp_path: Path) -> None:
    result, _ = play(*QUICK, "--games", "3", policy=Script({}), env={"XDG_DATA_HOME": str(tmp_path)})
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert [f"== game {n} of 3 ==" in out for n in (1, 2, 3)] == [True] * 3
    score = {"you": 0, "random": 0}
    for winner, games, number in re.findall(r"\n(you|random) wins?, 61 to \d+: (?:an? [a-z ]+, )?(\d) games?\n(?:.*\n)*?match, in game points after (\d) of 3", out):
        score[winner] += int(games)
        assert f"match, in game points after {number} of 3: you {score['you']}, random {score['random']}" in out
    assert sum(score.values()) >= 3
    winner = max(score, key=score.__getitem__)
    assert f"\n{winner} {'win' if winner == 'you' else 'wins'} the match\nplay again? (y/n) \n" in out
    assert len(record(tmp_path)) == 3


def test_the_record_of_games_is_kept_and_shown(tmp_path: Path) -> None:
    env = {"XDG_DATA_HOME": str(tmp_path)}
    empty = CliRunner().invoke(cli, ["play", "--record"], env=env)
    assert empty.exit_code == 0 and empty.stdout == f"no games in your record yet (it is kept in {tmp_path}/crib/record.jsonl)\n"
    play(*QUICK, policy=Script({}), env=env)
    play(*QUICK, text="", env=env)
    play(*QUICK, "--players", "3", text="", env=env)
    play(*QUICK, "--no-record", policy=Script({}), env=env)
    entries = record(tmp_path)
    assert [entry["result"] for entry in entries][1:] == ["unfinished", "unfinished"] and len(entries) == 3
    assert entries[0] | {"result": "", "game_points": 0, "scores": []} == {
        "players": 2, "variant": "six", "target": 61, "opponent": "random", "result": "", "game_points": 0, "scores": []}
    won = int(entries[0]["result"] == "won")
    shown = CliRunner().invoke(cli, ["play", "--record"], env=env)
    assert shown.exit_code == 0, shown.output
    lines = shown.stdout.splitlines()
    assert lines[0] == f"your record, kept in {tmp_path}/crib/record.jsonl"
    assert lines[1].split() == ["game", "won", "lost", "unfinished", "game", "points"]
    assert lines[3].split() == ["two", "players", "to", "61", "against", "random", str(won), str(1 - won), "1",
                                f"{won}", "to", f"{1 - won}"]
    assert lines[4].split()[-6:] == ["0", "0", "1", "0", "to", "0"] and lines[5].split()[0] == "all"
    with open(tmp_path / "crib" / "record.jsonl", "a") as file:
        file.write("not a game\n")
    bad = CliRunner().invoke(cli, ["play", "--record"], env=env)
    assert bad.exit_code == 1 and bad.stdout == shown.stdout
    assert bad.stderr == f"line 4 of {tmp_path}/crib/record.jsonl is not a game record: left out\n"


def test_a_game_played_can_be_reviewed(tmp_path: Path) -> None:
    log = tmp_path / "game.jsonl"
    result, _ = play(*ARGS, "--log", str(log), policy=Script())
    assert result.exit_code == 0, result.output
    review = CliRunner().invoke(cli, ["review", str(log)])
    assert review.exit_code == 0, review.output
    lines = review.stdout.splitlines()
    assert lines[0].startswith(f"game 0 of {log}, two players to 61: you ") and lines[3].split()[0] == "you"
    assert "missed in counting (muggins): you 2" in lines
    coach = re.search(r"coach: you gave up (\d+\.\d\d) points in your throws and (\d+\.\d\d) in your plays", result.stdout)
    assert coach and lines[3].split()[3] == coach.group(1) and lines[3].split()[5] == coach.group(2)


def test_the_issues_game_the_coach_is_the_analyst() -> None:
    """crib play --to 61 --seed 7, as the issue played it: in deal 2 (AS 2D 6D 9S 9C QC, pone) the coach grades
    against the expert's throw, 2D QC; in deal 3, at count 7 holding 5S 6S 9D TD, ? ranks 9D first with the very
    figures and reasons crib peg --advise gives at the expert's depth, and laying TD is told why."""
    script = Script({"throw": ["3C QC", "AS QC", "AS QD"]})
    position = "count 7 (7D); your cards: 5S 6S 9D TD"

    def person(transcript: str) -> str | None:
        """The script's answers, but ? and then TD at the issue's position."""
        if transcript.endswith(f"{position}\nlay a card: "):
            return "?"
        after = transcript.split(f"{position}\nlay a card: ?\n")
        if transcript.endswith("lay a card: ") and len(after) == 2 and "you lay" not in after[1]:
            return "TD"
        return script(transcript)

    result, _ = play("--to", "61", "--seed", "7", "--coach", "all", policy=person, env={"COLUMNS": "1000"})
    out = result.stdout
    assert "your hand: AS 2D 6D 9S 9C QC\nthrow 2 to expert's crib: AS QC\ncoach: you threw AS QC: total 2.09 " in out
    assert "; best 2D QC: total 2.65 (net 3.09, peg -0.44); you gave up 0.56\n" in out
    lines = out.splitlines()
    at = lines.index("count 7 (7D); your cards: 5S 6S 9D TD")
    deal = max(n for n in range(at) if lines[n].startswith("-- deal "))
    scores = [int(SCORE_LINE.match(line).group(2)) for line in lines[deal + 1:deal + 3]]  # type: ignore[union-attr]
    starter = next(line for line in lines[deal:at] if line.startswith("starter: "))[len("starter: "):]
    advice = [line[2:] for line in lines[at + 2:] if line.startswith("  ") and not line.startswith("   ")][:5]
    assert advice[0].startswith("9D: ")
    peg = CliRunner().invoke(cli, ["peg", "--advise", "--hand", "5S 6S 9D TD", "--starter", starter, "--thrown", "AS QD",
                                   "--score", f"{scores[0]}-{scores[1]}", "--to", "61", "--depth", "expert", "7D"])
    assert peg.exit_code == 0, peg.output
    for line, row in zip(advice, peg.stdout.splitlines()[1:5]):
        card, _, _, net, win, _, why = row.split(maxsplit=6)
        assert line == f"{card}: {win} to win, {net} net pegging expected from here; {why}"
    horizon = re.search(r"looking (\d+ cards ahead|to the end of the play)", peg.stdout)
    assert horizon is not None and advice[-1] == f"{horizon.group(0)}, as the expert plays (crib peg --advise --depth expert)"
    told = next(line for line in lines[at:] if line.startswith("coach: the expert would lay "))
    assert told.startswith("coach: the expert would lay 9D (") and f"): 9D: {advice[0].split('; ', 1)[1]}; yours, TD: " in told


@pytest.mark.parametrize(("extra", "told"), [((), True), (("--coach", "off"), False), (("--players", "3"), False)],
                         ids=["two players", "no coach", "three players: no board"])
def test_each_deal_opens_with_the_chance_to_win_from_there(extra: tuple[str, ...], told: bool) -> None:
    result, _ = play(*QUICK[:-2], *extra, policy=Script({}))
    lines = result.stdout.splitlines()
    headings = [at for at, line in enumerate(lines) if line.startswith("-- deal ")]
    sides = 2 if "--players" not in extra else 3
    chances = [lines[at + 1 + sides] for at in headings]
    if not told:
        assert "your chance to win" not in result.stdout
        return
    assert all(re.fullmatch(r"coach: your chance to win from here, before the cards are seen: \d+\.\d%", line) for line in chances)
    first = next(line for line in lines if line.endswith(" deals first"))
    odds = CliRunner().invoke(cli, ["odds", "0", "0", "--dealer", "me" if first == "you deal first" else "opponent",
                                    "--to", "61", "-f", "json"])
    assert chances[0] == f"coach: your chance to win from here, before the cards are seen: {100 * json.loads(odds.stdout)['win']:.1f}%"


def test_the_log_holds_each_game_as_it_ends_not_when_the_session_does(tmp_path: Path) -> None:
    log = tmp_path / "games.jsonl"
    seen: list[int] = []

    class Watching(Script):
        """Plays on, and at each "play again?" notes how many games another reader finds in the log."""

        def __call__(self, transcript: str) -> str | None:
            if transcript.splitlines()[-1].startswith("play again? "):
                seen.append(len(log.read_text().splitlines()) if log.exists() else 0)
                return "y" if len(seen) < 2 else "n"
            return super().__call__(transcript)

    result, _ = play(*QUICK, "--log", str(log), policy=Watching({}))
    assert result.exit_code == 0, result.output
    assert seen == [1, 2]
    assert [json.loads(line)["winner"] in (0, 1) for line in log.read_text().splitlines()] == [True, True]


@pytest.mark.parametrize(("verdict", "speaks"), [
    (Verdict("throw", (), (), True, 100, 150, 1000, 1000), True),  # 100.0% either way, half a point given up
    (Verdict("throw", (), (), True, 145, 150, 1000, 1000), False),  # a twentieth: too little to tell
    (Verdict("play", (), (), True, 100, 100, 990, 1000), True),  # a percent of the chance
    (Verdict("play", (), (), True, 300, 100, 998, 1000), False),  # more points, a fifth of a percent less
])
def test_the_quiet_coach_speaks_of_points_given_up_at_an_equal_chance(verdict: Verdict, speaks: bool) -> None:
    assert Coaching("quiet").speaks(verdict) is speaks


def test_a_game_logged_in_the_notation_reads_back_as_the_json_log(tmp_path: Path) -> None:
    pgn, log = tmp_path / "game.pgn", tmp_path / "game.jsonl"
    for path in (pgn, log):
        result, _ = play(*QUICK, "--log", str(path), policy=Script({}))
        assert result.exit_code == 0, result.output
    assert CliRunner().invoke(cli, ["export", str(log)]).stdout == pgn.read_text()
    assert pgn.read_text().startswith('[Game "0"]\n[PlayerA "you"]\n[PlayerB "random"]\n')
