"""The analyst's advice in words and table rows: figures as printed, throws, cards and their whys, and
positions as command lines to paste.

:mod:`crib_cli.game.analyst` prices every decision and keeps its reasons as
data (the search's line after each card, whether the board changed the
advice); ``crib peg --advise``, the ``crib play`` coach, ``crib review`` and
``crib quiz`` say them with the words made here, so they say the same things
the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..cards import DECK, Card, format_cards
from ..game.analyst import EXPERT, CardOption, PlayAnalysis, ThrowAnalysis, ThrowOption, Verdict, score_laid
from ..game.expert import has_board, seat_role
from ..game.lookahead import Line
from ..game.players import View
from ..peg import PegItem
from ..rules import GameRules
from ..tables import VALUES
from . import formats
from .terminal import terminal_width

NOTABLE = 0.05
"""Replies that score against a card are told unless all of them together come less often than this
(then he seldom scores in reply); a reply answered is told from this chance up."""
LATER = 0.5
"""From this many points up, the part of a card's net that comes after the reply is told."""


def points_text(hundredths: int, *, sign: bool = False) -> str:
    """Hundredths of a point as printed: ``2.63``, or ``+2.63`` with ``sign``.

    >>> points_text(263), points_text(-55, sign=True)
    ('2.63', '-0.55')
    """
    return f"{hundredths / 100:+.2f}" if sign else f"{hundredths / 100:.2f}"


def chance_text(tenth: int) -> str:
    """Tenths of a percent as printed: ``61.2%``."""
    return f"{tenth / 10:.1f}%"


# --- throws ---------------------------------------------------------------------------------------


def throw_columns(analysis: ThrowAnalysis) -> tuple[str, ...]:
    """The headers of :func:`throw_row`'s rows."""
    columns: tuple[str, ...] = ("throw", "keep", "hand", "crib", "net")
    if analysis.pegging:
        columns += ("peg", "total")
    return columns + (("win",) if analysis.score is not None else ())


def throw_row(analysis: ThrowAnalysis, option: ThrowOption) -> list[str]:
    """One throw's figures as printed; each net is what the hand and crib beside it make, each total the
    net and peg beside it."""
    row = [format_cards(option.cards), format_cards(option.throw.keep), points_text(option.hand),
           points_text(option.crib), points_text(option.net)]
    if option.peg is not None:
        row += [points_text(option.peg), points_text(option.points)]
    if analysis.score is not None:
        row.append(chance_text(option.chance) if option.chance is not None else "")
    return row


THROW_DROPS = ("keep", "hand", "crib", "peg", "net")
"""The throw table's columns a narrow terminal goes without, first to last: the keep (the hand less the
throw), then the parts of the net and of the total, which stay."""


def throw_table(analysis: ThrowAnalysis, options: Sequence[ThrowOption]) -> str:
    """A table of throws as the analyst prints them; where it would not fit the terminal, without the
    columns of :data:`THROW_DROPS`, one at a time, until it does."""
    rows = [throw_row(analysis, option) for option in options]
    return formats.fitted_table(rows, throw_columns(analysis), terminal_width(), THROW_DROPS)


def throw_key(analysis: ThrowAnalysis) -> list[str]:
    """What the columns of a throw table mean, and what ranks it."""
    sign = "-" if analysis.role == "pone" else "+"
    lines = [(f"hand: the keep's mean over the {analysis.starters} starters; crib: its mean, the other crib cards "
              f"any unseen; net = hand {sign} crib")]
    if analysis.pegging:
        lines.append("peg: what the keep pegs less what it concedes, expert against expert; total = net + peg")
    if analysis.board:
        lines.append("win: the chance to win the game; ranked by it (equal chances by points), as this deal may "
                     "end the game")
    elif analysis.score is not None:
        lines.append("win: the chance to win the game; ranked by points, as this deal can hardly end the game")
    return lines


def throw_note(analysis: ThrowAnalysis) -> str:
    """How the board changes the advice, when it does (else empty): what the seat needs, who counts
    first (both needing 1, the play decides), and what the throws by chance and by points leave."""
    if not analysis.changed:
        return ""
    best, points = analysis.best, analysis.by_points
    assert analysis.score is not None and best.chance is not None and points.chance is not None
    me, opponent = analysis.score
    need, theirs = analysis.rules.target - me, analysis.rules.target - opponent
    pone = analysis.role == "pone"
    if need == theirs == 1:
        # Every play scores a point at least (the last card), so no hand is counted: the play decides.
        text = "the board changes the advice: you both need 1, so the first point pegged wins"
    else:
        first = "you need {need} and count first" if pone else "you need {need}, he needs {theirs} and counts first"
        text = "the board changes the advice: " + first.format(need=need, theirs=theirs)
        made = [analysis.makes(option) for option in (best, points)]
        if pone and made[0] > made[1]:
            return (f"{text}: keep the hand that makes {need} more often: {format_cards(best.throw.keep)} makes "
                    f"it with {made[0]} of {analysis.starters} starters, {format_cards(points.throw.keep)} (the best "
                    f"for points) with {made[1]}; throwing {format_cards(best.cards)} wins "
                    f"{chance_text(best.chance)}, {format_cards(points.cards)} {chance_text(points.chance)}")
    return (f"{text}; throwing {format_cards(best.cards)} wins {chance_text(best.chance)}, "
            f"{format_cards(points.cards)} (the best for points) {chance_text(points.chance)}")


def _figure(option: ThrowOption) -> str:
    """A throw's points as the coach says them: ``total 2.09 (net 3.23, peg -1.14)`` or ``net 1.69``."""
    if option.peg is None:
        return f"net {points_text(option.net)}"
    return f"total {points_text(option.points)} (net {points_text(option.net)}, peg {points_text(option.peg)})"


def throw_text(analysis: ThrowAnalysis, verdict: Verdict) -> str:
    """``you threw AS QC: total 2.09 (net 3.23, peg -1.14); best 2D QC: total 2.65 (...); you gave up 0.56``;
    by the chance to win where the board decided."""
    chosen, best = analysis.option(verdict.chosen), analysis.option(verdict.best)
    text = f"you threw {format_cards(chosen.cards)}: "
    if verdict.board:
        assert chosen.chance is not None and best.chance is not None
        lost = verdict.chance_given_up
        text += f"{chance_text(chosen.chance)} to win, {_figure(chosen)}"
        if verdict.points_given_up and verdict.by_points:  # as likely to win as printed: the points decide
            return (f"{text}; best {format_cards(best.cards)}: as likely to win, {_figure(best)}; you gave up "
                    f"{points_text(verdict.points_given_up)}")
        if not lost:
            return f"{text}: the best throw"
        return (f"{text}; best {format_cards(best.cards)}: {chance_text(best.chance)}; you gave up "
                f"{chance_text(lost or 0)} of your chance to win")
    text += _figure(chosen)
    if not verdict.points_given_up:
        return f"{text}: the best throw"
    return (f"{text}; best {format_cards(best.cards)}: {_figure(best)}; you gave up "
            f"{points_text(verdict.points_given_up)}")


# --- the play -------------------------------------------------------------------------------------


def horizon_text(analysis: PlayAnalysis) -> str:
    """How far the search looked, in words: ``3 cards ahead``, or ``to the end of the play``."""
    if analysis.depth >= analysis.left:
        return "to the end of the play"
    return f"{analysis.depth} cards ahead"


def looked_text(analysis: PlayAnalysis) -> str:
    """How far the coach's figures looked, and the command that gives them: ``crib peg --advise`` looks
    further by default (:func:`~crib_cli.game.analyst.advice_depth`)."""
    return f"looking {horizon_text(analysis)}, as the expert plays (crib peg --advise --depth expert)"


def play_note(analysis: PlayAnalysis) -> str:
    """How the board changes the advice, when it does (else empty)."""
    if not analysis.changed:
        return ""
    best, points = analysis.best, analysis.by_points
    assert analysis.need is not None and best.chance is not None and points.chance is not None
    need, theirs = analysis.need
    return (f"the board changes the advice: you need {need} and he needs {theirs}: {best.card} wins "
            f"{chance_text(best.chance)}, {points.card} (the best for points) {chance_text(points.chance)}")


def why_text(analysis: PlayAnalysis, option: CardOption) -> str:
    """The search's line after a card, in a player's words: what it scores, then every reply that scores
    against it, the answer kept and the go expected, a pair it invites on purpose; and what the later
    cards make of the net, where that is :data:`LATER` or more.

    >>> from crib_cli.cards import parse_cards
    >>> from crib_cli.game.analyst import analyze_count
    >>> from crib_cli.rules import GameRules
    >>> analysis = analyze_count(parse_cards("AS 5D 9C"), 25, rules=GameRules(), role="pone")
    >>> why_text(analysis, analysis.best)
    'if he lays an ace for 31 (18%), he makes 31 for 2; he says go 82% of the time; the later cards make -0.82 of the net'
    """
    return _Words(analysis).why(option)


def card_text(analysis: PlayAnalysis, option: CardOption) -> str:
    """A card's figures and why, a line of the coach's ``?``."""
    figures = f"{points_text(option.points, sign=True)} net pegging expected from here"
    if option.chance is not None:
        figures = f"{chance_text(option.chance)} to win, {figures}"
    return f"{option.card}: {figures}; {why_text(analysis, option)}"


def play_text(analysis: PlayAnalysis, verdict: Verdict, best: str = "the expert would lay", *, why: bool = True) -> str:
    """The best card (as ``best`` names it: the expert's), the figures of both, what was given up and
    (with ``why``) why; or that the expert agrees."""
    if verdict.board and not (verdict.by_points and verdict.points_given_up):
        assert verdict.best_chance is not None and verdict.chosen_chance is not None
        lost = verdict.chance_given_up or 0
        figures = (f"{chance_text(verdict.best_chance)} to win, yours {chance_text(verdict.chosen_chance)}: "
                   f"you gave up {chance_text(lost)}")
    elif verdict.board:  # as likely to win as printed: the points decide
        assert verdict.best_chance is not None
        lost = verdict.points_given_up
        figures = (f"{chance_text(verdict.best_chance)} to win either way, {points_text(verdict.best_points, sign=True)}, "
                   f"yours {points_text(verdict.chosen_points, sign=True)}: you gave up {points_text(lost)}")
    else:
        lost = verdict.points_given_up
        figures = (f"{points_text(verdict.best_points, sign=True)}, yours {points_text(verdict.chosen_points, sign=True)}: "
                   f"you gave up {points_text(lost)}")
    if not lost:
        return "the expert would lay it too"
    text = f"{best} {verdict.best[0]} ({figures})"
    if not why:
        return text
    card, chosen = verdict.chosen[0], analysis.option(verdict.chosen[0])
    best_option = analysis.option(verdict.best[0])
    return (f"{text}: {best_option.card}: {why_text(analysis, best_option)}; "
            f"yours, {card}: {why_text(analysis, chosen)}")


# --- positions to paste --------------------------------------------------------------------------


def throw_position(view: View, board: bool) -> str:
    """The throw as a ``crib discard`` command line, from the score where ``board``.

    >>> from crib_cli.cards import parse_cards
    >>> throw_position(View(GameRules(), 0, 1, (0, 0), parse_cards("QC 9C 9S 6D 2D AS")), False)
    'crib discard "AS 2D 6D 9S 9C QC" --role pone --pegging'
    """
    rules = view.rules
    words = [f'crib discard "{format_cards(sorted(view.hand))}" --role {seat_role(view)}']
    if EXPERT.weighs_pegging(rules):
        words.append("--pegging")
    words += _game_options(view, board)
    return " ".join(words)


def play_position(view: View, depth: int | str | None = "expert", *, board: bool = True) -> str:
    """The position in the play as a ``crib peg --advise`` command line, looking ``depth`` ahead (None:
    advice's own), from the score where ``board`` and the game has a board."""
    assert view.play is not None and view.starter is not None
    words = [f'crib peg --advise --hand "{format_cards(sorted(view.hand))}" --starter {view.starter}',
             f'--thrown "{format_cards(view.thrown)}"', *([f"--depth {depth}"] if depth is not None else []),
             *_game_options(view, board and has_board(view))]
    words += ["go" if turn.card is None else str(turn.card) for turn in view.play.turns]
    return " ".join(words)


def _game_options(view: View, board: bool) -> list[str]:
    """The options that say which game it is: the players, the variant, the score and the game's length."""
    rules = view.rules
    words = [f"--players {rules.players}"] if rules.players != 2 else []
    if rules.variant != "six":
        words.append(f"--variant {rules.variant}")
    if board:
        words.append(f"--score {view.scores[view.seat]}-{view.scores[1 - view.seat]}")
        if rules.target != GameRules(variant=rules.variant).target:
            words.append(f"--to {rules.target}")
    return words



# --- the play's words -----------------------------------------------------------------------------


_KIND_WORDS = {"fifteen": "15", "thirty-one": "31", "go": "the go", "last card": "the last card"}
_RANK_WORDS = {1: "an ace", 8: "an 8", 11: "a jack", 12: "a queen", 13: "a king"}
_TEN_CARDS = [10, 11, 12, 13]


def items_text(items: Sequence[PegItem]) -> str:
    """Scoring items as a player says them: ``15 and a pair for 4``.

    >>> items_text([PegItem("fifteen", 2), PegItem("pair", 2)])
    '15 and a pair for 4'
    """
    names = [_KIND_WORDS.get(item.kind, f"a {item.kind}") for item in items]
    joined = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"{joined} for {sum(item.points for item in items)}"


def rank_words(ranks: Sequence[int]) -> str:
    """Ranks as a player names them: ``a ten-card`` for all four, else ``a 4 or a 5``."""
    ordered = sorted(ranks)
    if ordered == _TEN_CARDS:
        return "a ten-card"
    names = [_RANK_WORDS.get(rank, f"a {rank}") for rank in ordered]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " or " + names[-1]


def _percent(chance: float) -> str:
    return "under 1%" if chance < 0.005 else f"{round(100 * chance)}%"


@dataclass
class _Group:
    """Replies alike in what they do (the count, what they score, the answer and what it scores)."""

    ranks: list[int]
    chance: float
    reached: int
    his: tuple[PegItem, ...]
    answer: Card | None
    yours: tuple[PegItem, ...]

    @property
    def his_points(self) -> int:
        return sum(item.points for item in self.his)

    @property
    def your_points(self) -> int:
        return sum(item.points for item in self.yours)


class _Words:
    """The search's lines told in a player's words, for the position of one analysis."""

    def __init__(self, analysis: PlayAnalysis) -> None:
        self.cards_left = analysis.left
        self.hand = analysis.hand
        self.pile = analysis.pile
        self.count = analysis.count
        self.players = analysis.players

    def who(self, seat: int | None) -> str:
        """The seat that answers, as the advice names it: ``he`` with two players."""
        if self.players == 2:
            return "he"
        return "your partner" if self.players == 4 and seat == 2 else "the next player"

    def why(self, option: CardOption) -> str:
        """The line after the card: what it scores, then the replies that score against it, the answer kept,
        the go expected, and what the later cards make of the net (:data:`LATER`)."""
        card, line = option.card, option.line
        parts = []
        if option.items:
            parts.append(f"makes {items_text(option.items)}")
        if line.after == "won":
            parts.append("wins the game")
        elif line.after == "reset":
            parts.append("the count starts again")
        elif line.after == "again":
            parts.append(f"{'he has' if self.players == 2 else 'everyone else has'} said go: you lay again")
        elif line.after == "reply" and line.replies:
            parts += self.replies(card, line)
            later = option.net - self.at_once(option, line)
            if abs(later) >= LATER:
                parts.append(f"the later cards make {later:+.2f} of the net")
        return "; ".join(parts) or "nothing scores"

    def at_once(self, option: CardOption, line: Line) -> float:
        """What the card and the reply to it (with my answer) make on average, for me: the net less what
        the cards after them make."""
        side = 1 if self.players == 4 and line.seat == 2 else -1  # the partner's points are mine
        return option.now + sum(reply.chance * (side * reply.points + reply.answer_points) for reply in line.replies)

    def groups(self, card: Card, line: Line) -> tuple[list[_Group], float]:
        """The replies to ``card`` grouped by what they do, and the chance of a go."""
        count, pile = self.count + card.value, (*self.pile, card)
        hand = list(self.hand)
        hand.remove(card)
        groups: dict[tuple[object, ...], _Group] = {}
        go = 0.0
        for reply in line.replies:
            if reply.rank is None:
                go += reply.chance
                continue
            reached = count + VALUES[reply.rank]
            his_card = DECK[(reply.rank - 1) * 4]  # any card of the rank: the play scores ranks and values
            his = score_laid((*pile, his_card), reached, reply.points, self.cards_left == 2)
            answer = None if reply.answer is None else next(c for c in hand if c.rank == reply.answer)
            yours: tuple[PegItem, ...] = ()
            if answer is not None:
                yours = score_laid((*pile, his_card, answer), reached + answer.value, reply.answer_points,
                                   self.cards_left == 3)
            key = (reached, tuple(his), reply.answer, tuple(yours))
            if key in groups:
                groups[key].ranks.append(reply.rank)
                groups[key].chance += reply.chance
            else:
                groups[key] = _Group([reply.rank], reply.chance, reached, his, answer, yours)
        return list(groups.values()), go

    def invited_text(self, card: Card, group: _Group, who: str) -> str:
        """A pair invited on purpose: ``if he pairs it, your 5C makes a pair royal for 6 (...)``; else empty."""
        if group.answer is None or card.rank not in group.ranks or not any("pair royal" in item.kind for item in group.yours):
            return ""
        lead = "lead from the pair: " if not self.pile and self.count == 0 else ""
        return (f"{lead}if {who} pairs it, your {group.answer} makes {items_text(group.yours)} "
                f"({who} does {_percent(group.chance)} of the time)")

    def reply_text(self, group: _Group, who: str) -> str:
        """``if he lays a 6 for 15 (19%), he makes 15 for 2, and your 6C makes a pair for 2 back``."""
        text = f"if {who} lays {rank_words(group.ranks)} for {group.reached} ({_percent(group.chance)})"
        if group.his:
            text += f", he makes {items_text(group.his)}"
        if group.answer is not None and group.yours:
            text += f"{', and' if group.his else ','} your {group.answer} makes {items_text(group.yours)}"
            text += " back" if group.his else ""
        return text

    def replies(self, card: Card, line: Line) -> list[str]:
        """Every reply that scores against the card, the costliest first (or that he seldom scores), the
        answer kept (the likeliest points back, from a reply that scores nothing), the go expected."""
        groups, go = self.groups(card, line)
        who = self.who(line.seat)
        told = []
        threats = sorted((group for group in groups if group.his_points), key=lambda group: -group.chance * group.his_points)
        invited = [text for text in (self.invited_text(card, group, who) for group in threats) if text]
        others = [group for group in threats if not self.invited_text(card, group, who)]
        told += invited
        if others and sum(group.chance for group in others) < NOTABLE:
            told.append(f"{who} seldom scores in reply")
        else:
            told += [self.reply_text(group, who) for group in others]  # every card that scores, the costliest first
        answers = [group for group in groups if group.yours and not group.his_points and group.chance >= NOTABLE]
        kept = max(answers, key=lambda group: group.chance * group.your_points, default=None)
        if kept is not None:
            told.append(self.reply_text(kept, who))
        if go >= 0.1:
            told.append(f"{who} says go {_percent(go)} of the time")
        if not threats:
            told.append("no reply scores")
        return told
