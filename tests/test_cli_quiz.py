"""crib quiz through CliRunner with scripted answers: each answer scored against the analyst, the running score,
the misses reviewed with positions that paste, wrong answers asked again, q and the end of input."""

from __future__ import annotations

import random
import re
import shlex

import pytest
from click.testing import CliRunner, Result

from crib_cli.cards import CardError, format_cards, parse_cards
from crib_cli.cli import cli
from crib_cli.cli.advice import points_text, why_text
from crib_cli.cli.terminal import read_cards
from crib_cli.game import GameRules
from crib_cli.game.analyst import analyze_play, analyze_throws
from crib_cli.game.quiz import discard_problem, play_problem


def quiz(*args: str, answers: list[str]) -> Result:
    return CliRunner().invoke(cli, ["quiz", *args], input="".join(f"{answer}\n" for answer in answers))


def test_discard_answers_are_scored_against_every_throw() -> None:
    rng = random.Random(4)
    views = [discard_problem(rng, GameRules(), "pone", (0, 0)) for _ in range(2)]
    analyses = [analyze_throws(view, board=False) for view in views]
    best, worst = analyses[0].best, analyses[1].options[-1]
    result = quiz("--seed", "4", "--role", "pone", "--questions", "2",
                  answers=[format_cards(best.cards), format_cards(worst.cards)])
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("your hand: ") == 2 and "throw 2: " + format_cards(best.cards) + "\n" in out
    assert "\nscore: 1 of 1 right; 0.00 points given up\n" in out
    lost = analyses[1].best.points - worst.points
    assert f"\nscore: 1 of 2 right; {points_text(lost)} points given up\n" in out
    assert f"; you gave up {points_text(lost)}\n" in " ".join(out.split("\n  ")).replace("\n ", " ") or lost
    # After an answer: the best throws, and the answer's own row when it is not among them.
    rows = re.findall(r"^(\S\S \S\S) +(?:\S\S ){3}\S\S +-?\d", out, re.MULTILINE)
    assert rows[:5] == [format_cards(o.cards) for o in analyses[0].options[:5]]
    assert rows[5:] == [format_cards(o.cards) for o in analyses[1].options[:5]] + [format_cards(worst.cards)]
    # The review of the misses, with the position to paste; pasted, it ranks the best throw first.
    assert f"\nquiz over: 1 of 2 right; {points_text(lost)} points given up\n" in out
    position = out.splitlines()[-1].strip()
    assert position.startswith('crib discard "') and position.endswith(" --role pone --pegging")
    pasted = CliRunner().invoke(cli, shlex.split(position)[1:])
    assert pasted.exit_code == 0 and pasted.stdout.splitlines()[2].split()[4:6] == [str(c) for c in analyses[1].best.cards]


def test_pegging_answers_are_scored_against_the_search_to_the_end() -> None:
    rng = random.Random(4)
    views = [play_problem(rng, GameRules(), "dealer", (0, 0)) for _ in range(2)]
    analyses = [analyze_play(view, board=False) for view in views]
    first, last = analyses[0].best.card, analyses[1].options[-1]
    result = quiz("--kind", "play", "--seed", "4", "--role", "dealer", "--questions", "2",
                  answers=[str(first), str(last.card)])
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert f"lay a card: {first} looking " in out and f": {first} is the best card " in out
    lost = analyses[1].best.points - last.points
    assert lost > 0 and f"you gave up {points_text(lost)}) " in out
    assert f"score: 1 of 2 right; {points_text(lost)} points given up " in out
    assert all(f"{option.card}: {points_text(option.points, sign=True)} net pegging expected from here; "
               f"{why_text(analysis, option)}" in out for analysis in analyses for option in analysis.options)
    assert f"question 2: you laid {last.card}, the best {analyses[1].best.card}: you gave up " in out
    position = result.stdout.splitlines()[-1].strip()
    assert position.startswith("crib peg --advise --hand ")
    pasted = CliRunner().invoke(cli, shlex.split(position)[1:])
    assert pasted.exit_code == 0 and pasted.stdout.splitlines()[1].split()[0] == str(analyses[1].best.card)


WRONG = {
    "not a card": ("ZZ", "'ZZ' is not a card"),
    "one card": ("1", "throw 2 cards, not 1"),
    "not held": ("AS KS", "is not your card"),
    "help": ("help", "the 2 cards to throw, each as a card"),
}


@pytest.mark.parametrize(("answer", "said"), WRONG.values(), ids=WRONG)
def test_a_wrong_answer_is_asked_again_with_the_reason(answer: str, said: str) -> None:
    held = [str(card) for card in discard_problem(random.Random(4), GameRules(), "pone", (0, 0)).hand]
    if answer == "AS KS" and "AS" in held:
        answer = "QH JD"
    result = quiz("--seed", "4", "--role", "pone", "--questions", "1", answers=[answer, " ".join(held[:2])])
    assert result.exit_code == 0, result.output
    assert said in result.stdout and result.stdout.count("throw 2: ") == 2 and "quiz over: " in result.stdout


def test_q_and_the_end_of_input_stop_with_the_review() -> None:
    held = " ".join(str(card) for card in discard_problem(random.Random(4), GameRules(), "pone", (0, 0)).hand[:2])
    stopped = quiz("--seed", "4", "--role", "pone", "--questions", "5", answers=[held, "q"])
    assert stopped.exit_code == 0 and "\nquiz over: " in stopped.stdout and stopped.stdout.count("your hand: ") == 2
    ended = quiz("--seed", "4", "--role", "pone", "--questions", "5", answers=[held])
    assert ended.exit_code == 0 and ended.stdout.endswith(ended.stdout.split("\nquiz over: ")[-1])
    assert re.search(r"\nquiz over: [01] of 1 right", ended.stdout)


def test_from_a_score_the_chance_to_win_is_shown_and_the_board_may_decide() -> None:
    held = " ".join(str(card) for card in discard_problem(random.Random(4), GameRules(), "pone", (0, 0)).hand[:2])
    result = quiz("--seed", "4", "--role", "pone", "--score", "115-104", "--questions", "1", answers=[held])
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "the score 115-104" in words and re.search(r"\nthrow +keep +hand +crib +net +peg +total +win\n", result.stdout)
    assert "win: the chance to win the game; ranked by it" in words


@pytest.mark.parametrize(("args", "message"), [
    (["--score", "130-90"], "a score is 0 to 120 in a game to 121, not 130"),
    (["--kind", "show"], "'show' is not one of 'discard', 'play'"),
    (["--questions", "0"], "0 is not in the range x>=1"),
], ids=["score past the game", "kind", "no questions"])
def test_quiz_usage_errors(args: list[str], message: str) -> None:
    result = quiz(*args, answers=[])
    assert result.exit_code == 2 and message in result.stderr


NO_FIVE = parse_cards("2H 3C 7C 9S KS KH")
ANSWERS = {
    "a rank not held, read as a place, beside a word that fails": (
        "5 K", "'5': you hold no 5 (read as card 5, KS); 'K' could be KS or KH: give the suit"),
    "every word that fails": ("banana ZZ", ("'banana' is not a card: a card is a rank and a suit, like 5S or 10H; "
                                            "'ZZ' is not a card: neither rank nor suit")),
    "a word run together": ("2H3C", "'2H3C' is not a card: separate cards with spaces (2H 3C)"),
    "a rank not held alone": ("Q 2", "you hold no Q"),
}


@pytest.mark.parametrize(("answer", "said"), ANSWERS.values(), ids=ANSWERS)
def test_an_answer_names_each_word_that_fails_and_what_was_read(answer: str, said: str) -> None:
    with pytest.raises(CardError) as error:
        read_cards(answer, NO_FIVE, suits_matter=True)
    assert str(error.value).startswith(said)


def test_a_rank_not_held_is_read_as_a_place_when_every_word_names_a_card() -> None:
    assert read_cards("5 1", NO_FIVE, suits_matter=True) == parse_cards("KS 2H")


@pytest.mark.parametrize("role", ["dealer", "pone"])
def test_the_play_so_far_says_who_laid_each_card(role: str) -> None:
    rng = random.Random(6)
    views = [play_problem(rng, GameRules(), role, (0, 0)) for _ in range(3)]
    result = quiz("--kind", "play", "--seed", "6", "--role", role, "--questions", "3",
                  answers=[str(analyze_play(view, board=False).best.card) for view in views])
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stdout.splitlines() if line.startswith("the play so far: ")]
    assert len(lines) == 3
    for line, view in zip(lines, views):
        assert view.play is not None
        said = line[len("the play so far: "):].split(";")[0]
        expected = ", ".join(
            f"{'you' if turn.seat == view.seat else 'he'} {'said go' if turn.card is None else f'laid {turn.card}'}"
            for turn in view.play.turns
        )
        assert said == (expected or "nothing: you lead")
