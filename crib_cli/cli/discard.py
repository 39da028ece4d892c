"""``crib discard``: every throw of a deal with exact hand and crib means, one deal or a CSV of them."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from typing import Any

import click

from ..board import check_game
from ..cards import Card, CardError, format_cards, parse_cards
from ..discard import (
    StarterScore,
    Throw,
    analyze_discards,
    check_terms,
    crib_distribution,
    crib_note,
    hand_distribution,
    starter_detail,
    tenths,
)
from ..game.analyst import cents
from ..rules import CRIB_MODELS, ROLES, Position, deal_rules
from ..stats import Distribution
from . import formats
from .advice import chance_text, points_text
from .common import (
    CardsType,
    ScoreType,
    cards_argument,
    cards_json,
    command,
    format_option,
    game_rules,
    histogram_rows,
    plain_lines,
    refuse_batch_format,
    require_column,
    run_batch,
    variant_option,
)

DISCARD_COLUMNS = ("keep", "throw", "hand_mean", "hand_min", "hand_max", "crib_mean", "net_dealer", "net_pone")
PEG_COLUMNS = ("peg", "total")
WIN_COLUMNS = ("win",)

FIVE_CARDS_NOTE = (
    "a deal of 5 cards is read as three players, each throwing one; "
    "for five-card cribbage (keep three, throw two) add --variant five"
)
"""Said once on stderr when five cards are read without --players or --variant: which game was assumed."""

NET_NOTES = {
    None: "sorted by hand; net dealer = hand + crib, net pone = hand - crib",
    "dealer": "net = hand + crib: the crib is yours",
    "partner": "net = hand + crib: your partner's crib is your side's",
    "pone": "net = hand - crib: the crib is the dealer's",
}


def throw_figures(option: Throw) -> tuple[Any, ...]:
    """One throw's figures in :data:`DISCARD_COLUMNS` order, cards as text, means as floats."""
    return (
        format_cards(option.keep),
        format_cards(option.throw),
        float(option.hand_mean),
        option.hand_min,
        option.hand_max,
        float(option.crib_mean),
        float(option.net_dealer),
        float(option.net_pone),
    )


@dataclass(frozen=True, slots=True)
class Settings:
    """What the analysis is asked: the seat's role, players, variant, crib model, whether to weigh the
    play, and the position the chance to win is from (its seat's role is each deal's)."""

    role: str | None
    players: int | None
    variant: str
    crib_model: str
    pegging: bool
    position: Position | None = None

    def analyze(self, deal: Sequence[Card], role: str | None = None) -> tuple[Throw, ...]:
        role = role or self.role
        position = self.position
        if position is not None and position.me_dealing != (role == "dealer"):
            position = replace(position, me_dealing=role == "dealer")
        return analyze_discards(deal, role=role, players=self.players, variant=self.variant,
                                crib_model=self.crib_model, pegging=self.pegging, position=position)


def score_position(scores: tuple[int, int], role: str | None, players: int | None, variant: str, target: str | None,
                   *, rows: bool = False) -> Position:
    """The position ``--score`` gives, checked once: two players, a seat (or, for ``rows`` of batch input,
    a role in each row), a game the board is known for, scores in it."""
    seated = role in ("dealer", "pone") or (rows and role is None)
    if not seated or players not in (None, 2):
        raise click.UsageError("--score: the chance to win is for two players: give --role dealer or pone")
    rules = game_rules(2, variant, target)
    check_game(rules.target, rules.variant)
    return Position(rules, scores, me_dealing=role == "dealer")


def peg_figures(option: Throw, role: str) -> tuple[float, float]:
    """The pegging value and the total for the role, as :data:`PEG_COLUMNS`."""
    return float(option.peg or 0.0), option.total(role)


def assumes_three(settings: Settings, deal: Sequence[Card], role: str | None) -> bool:
    """Whether a deal is read as three players only because it has five cards (no --players, no --variant)."""
    return len(deal) == 5 and settings.players is None and settings.variant == "six" and role != "partner"


def discard_fields(settings: Settings) -> Callable[[list[str]], Callable[[list[str]], tuple[Any, ...]]]:
    """Analyze CSV rows: ``hand`` (6 or 5 cards), optional ``role``; the best throw's figures.

    The first deal of five cards read as three players says so, once.
    """

    def make_evaluate(header: list[str]) -> Callable[[list[str]], tuple[Any, ...]]:
        hand_at = require_column(header, "hand")
        role_at = formats.column_index(header, "role")
        noted = False

        def evaluate(values: list[str]) -> tuple[Any, ...]:
            nonlocal noted
            role = (values[role_at].strip().lower() if role_at is not None else "") or settings.role
            deal = parse_cards(values[hand_at])
            best = settings.analyze(deal, role)[0]
            if not noted and assumes_three(settings, deal, role):
                click.echo(FIVE_CARDS_NOTE, err=True)
                noted = True
            pegs = peg_figures(best, role or "") if settings.pegging else ()
            return throw_figures(best) + pegs + ((best.win,) if settings.position else ())

        return evaluate

    return make_evaluate


def deal_parse(params: dict[str, Any]) -> Callable[[str], tuple[Card, ...]]:
    """The parse of the deal; after one card of ``--throw`` (read first, as it is eager), a deal that
    fails or runs past six cards only because the throw's second card joined it says to quote the throw."""
    chosen = params.get("chosen")
    if not chosen or len(chosen) != 1:
        return parse_cards

    def parse(text: str) -> tuple[Card, ...]:
        try:
            cards = parse_cards(text)
            if len(cards) <= 6:
                return cards
            problem = f"a deal is at most 6 cards, got {len(cards)}"
        except CardError as error:
            problem = str(error)
        *dealt, stray = text.split() or [""]
        try:
            parse_cards(" ".join(dealt))
        except CardError:
            raise CardError(problem) from None
        raise CardError(f"{problem}; --throw takes its cards quoted, as in --throw '{chosen[0]} {stray}'")

    return parse


def pick_throw(options: Sequence[Throw], chosen: tuple[Card, ...] | None) -> Throw:
    """The option throwing ``chosen``, or the best when none is chosen."""
    if not chosen:
        return options[0]
    for option in options:
        if option.throw == tuple(sorted(chosen)):
            return option
    raise ValueError(f"--throw {format_cards(chosen)} is not {len(options[0].throw)} of the dealt cards")


def distribution_json(dist: Distribution) -> dict[str, Any]:
    """Exact counts of the scores that occur, out of ``outcomes`` equally likely ones."""
    counts = {str(score): n for score, n in enumerate(dist.counts) if n}
    return {"outcomes": dist.deals, "counts": counts, "mean": float(dist.mean)}


def option_json(option: Throw, settings: Settings) -> dict[str, Any]:
    """One throw's figures as JSON; with pegging, the pegging value, its error and the total."""
    data = dict(zip(DISCARD_COLUMNS, throw_figures(option))) | {
        "keep": cards_json(option.keep), "throw": cards_json(option.throw)
    }
    if settings.pegging and settings.role:
        data |= {"peg": option.peg, "peg_error": option.peg_error, "total": option.total(settings.role)}
    if settings.position:
        data["win"] = option.win
    return data


def discard_json(
    deal: tuple[Card, ...], settings: Settings, options: Sequence[Throw], pick: Throw,
    dists: Sequence[Distribution], detail: Sequence[StarterScore],
) -> dict[str, Any]:
    """The JSON object: the deal, the role, the crib model, every option best first; then any detail asked for."""
    data: dict[str, Any] = {
        "hand": cards_json(deal),
        "role": settings.role,
        "crib_model": settings.crib_model,
        **({"score": list(settings.position.scores), "target": settings.position.rules.target}
           if settings.position else {}),
        "options": [option_json(o, settings) for o in options],
    }
    picked = {"keep": cards_json(pick.keep), "throw": cards_json(pick.throw)}
    if dists:
        data["dist"] = picked | {name: distribution_json(d) for name, d in zip(("hand", "crib"), dists)}
    if detail:
        data["starters"] = picked | {
            "groups": [
                {"label": g.label, "starters": cards_json(g.starters), "points": g.points, "chance": float(g.chance)}
                for g in detail
            ]
        }
    return data


def throw_rows(options: Sequence[Throw], role: str | None, pegging: bool) -> Iterator[list[Any]]:
    """Table rows: the cards, hand mean/min/max, crib mean, the net for the role (or both nets),
    with pegging the pegging value and the total, and from a score the chance to win. Each net is
    the printed hand and crib's, each total the printed net and peg's (JSON and CSV keep every figure whole)."""
    for o in options:
        hand, crib = cents(float(o.hand_mean)), cents(float(o.crib_mean))
        nets = (hand - crib,) if role == "pone" else (hand + crib,) if role else (hand + crib, hand - crib)
        pegs = (cents(o.peg or 0.0), nets[0] + cents(o.peg or 0.0)) if pegging and role else ()
        win = [chance_text(tenths(o.win))] if o.win is not None else []
        yield [format_cards(o.keep), format_cards(o.throw), points_text(hand), o.hand_min, o.hand_max,
               *map(points_text, (crib, *nets, *pegs)), *win]


def starter_rows(detail: Sequence[StarterScore], unseen: int) -> Iterator[list[Any]]:
    """Table rows: each score, the starters that give it, how many of the unseen cards they are."""
    for points in sorted({g.points for g in detail}, reverse=True):
        groups = [g for g in detail if g.points == points]
        yield [points, ", ".join(g.label for g in groups), f"{sum(len(g.starters) for g in groups)} of {unseen}"]


def discard_lines(
    options: Sequence[Throw], settings: Settings, players: int, pick: Throw,
    dists: Sequence[Distribution], detail: Sequence[StarterScore],
) -> Iterator[str]:
    """The text output: the table of throws with its notes, then any detail asked for."""
    role = settings.role
    unseen = 52 - len(pick.keep) - len(pick.throw)
    nets = (f"net ({role})",) if role else ("net dealer", "net pone")
    pegs = ("peg", f"total ({role})") if settings.pegging else ()
    wins = ("win",) if settings.position else ()
    yield formats.table(throw_rows(options, role, settings.pegging),
                        ("keep", "throw", "hand", "min", "max", "crib", *nets, *pegs, *wins))
    yield f"hand: over the {unseen} unseen starters; crib: {crib_note(players, settings.crib_model)}; his heels left out"
    yield NET_NOTES[role]
    if settings.pegging:
        error = max(o.peg_error or 0.0 for o in options)
        yield (f"peg: the kept cards' points pegged less points conceded in the play, expert against expert, "
               f"simulated (standard error at most {error:.2f}); total = net + peg")
    if settings.position:
        me, opponent = settings.position.scores
        yield (f"win: the chance to win the game to {settings.position.rules.target} from {me}-{opponent} (yours first) as the "
               f"{role}, the deal counted in order, then the board's table (crib odds); sorted by it")
    if dists or detail:
        yield f"\nkeep {format_cards(pick.keep)}, throw {format_cards(pick.throw)}"
    for name, dist in zip(("hand", "crib"), dists):
        over = f"the {unseen} starters" if name == "hand" else f"its {dist.deals:,} equally likely completions"
        yield f"\n{name} score over {over}, mean {float(dist.mean):.4f}"
        bars = (row for row, n in zip(histogram_rows(dist.counts), dist.counts) if n)
        yield formats.table(bars, ("score", "ways", "chance", ""))
    if detail:
        yield "\nstarters for the kept hand"
        yield formats.table(starter_rows(detail, unseen), ("points", "starters", "chance"))


@command("discard")
@cards_argument("deal", parse_cards, parse_for=deal_parse)
@click.option("--role", type=click.Choice(ROLES, case_sensitive=False),
              help="Sort by the net for this role: dealer or partner (the crib is your side's), or pone.")
@click.option("--players", type=click.IntRange(2, 4), help="2 (6 cards) or 3/4 (5 cards); default from the deal.")
@variant_option("five: five-card cribbage, two players: keep three, throw two of five.")
@click.option("--crib-model", type=click.Choice(CRIB_MODELS, case_sensitive=False), default="random", show_default=True,
              help="The opponent's crib cards: any unseen cards (random), or what an expert throws (expert; needs --role).")
@click.option("--pegging", is_flag=True, help="Add the kept cards' pegging value for the role and sort by the total.")
@click.option("--dist", is_flag=True, help="Exact chance of every hand and crib score for the best throw.")
@click.option("--starter-detail", "starters", is_flag=True, help="Which starters give the kept hand which score.")
@click.option("--throw", "chosen", type=CardsType(), is_eager=True,
              help="Detail this throw instead of the best one; its cards quoted, as in --throw '5S 5C'.")
@click.option("--score", "position", type=ScoreType(),
              help="ME-OPP, the scores as the deal begins: add each throw's chance to win, and sort by it.")
@click.option("--to", "target", type=click.Choice(["121", "61"]), help="With --score, the game's length "
              "(default: 121; 61 for five-card).")
@click.option("--strict", is_flag=True, help="Batch: stop at the first bad row (exit 1).")
@format_option("table", "json", "csv", "jsonl", default="table; csv for batch input")
def discard(
    deal: Any, role: str | None, players: int | None, variant: str, crib_model: str, pegging: bool, dist: bool,
    starters: bool, chosen: tuple[Card, ...] | None, position: tuple[int, int] | None, target: str | None,
    strict: bool, fmt: str | None,
) -> None:
    """Which cards to throw to the crib: every throw, best first, with exact means.

    DEAL is 6 cards (two players, throw two) or 5 (three or four players,
    throw one; with --variant five, five-card cribbage: keep three, throw
    two), quoted or not. For each throw: 'hand' is the kept cards' mean
    show over every unseen starter, 'min' and 'max' its lowest and
    highest; 'crib' is the crib's mean with the other crib cards and the
    starter drawn at random from the unseen cards (his heels left out).
    The net adds the crib for the dealer (and the dealer's partner) and
    subtracts it for the pone. --crib-model expert takes the opponent's two
    crib cards to be what an expert throws (two players; the role decides
    it), and --pegging adds what the kept cards peg for less than they
    concede in the play ('peg', simulated) and sorts by the total. With '-' (stdin) or a FILE: column 'hand',
    optional 'role' (plain lines of cards need no header); one row out per
    row in, with the best throw's figures (CSV or JSON lines).

    \b
    $ crib discard 5S 5C 6D JH 4C KS --role dealer
    keep         throw    hand    min    max    crib    net (dealer)
    -----------  -------  ------  -----  -----  ------  --------------
    4C 5S 5C 6D  JH KS    15.96   12     24     3.97    19.93
    5S 5C JH KS  4C 6D    12.43   10     21     4.41    16.84
    ...
    $ crib discard --variant five 5S 5C 6D JH 4C --role pone
    $ crib discard - < deals.csv > throws.csv
    """
    batch = isinstance(deal, str)
    try:
        if target is not None and position is None:
            raise click.UsageError("--to is for --score: the length of the game the chance to win is for")
        at = score_position(position, role, players, variant, target, rows=batch) if position is not None else None
        settings = Settings(role, players, variant, crib_model, pegging, at)
        if batch:
            # What rows cannot change is checked before the first is read.
            size = 6 if players in (None, 2) and variant == "six" else 5
            check_terms(crib_model, pegging, role or "dealer", deal_rules(size, players=players, role=role,
                                                                          variant=variant).players, variant)
        else:
            options = settings.analyze(deal)
            pick = pick_throw(options, chosen)
    except ValueError as error:
        raise click.UsageError(str(error)) from None
    if batch:
        if dist or starters or chosen:
            raise click.UsageError("--dist, --starter-detail and --throw are for one deal, not batch input")
        columns = DISCARD_COLUMNS + (PEG_COLUMNS if pegging else ()) + (WIN_COLUMNS if position else ())
        run_batch(deal, fmt, columns, discard_fields(settings), strict=strict, is_data=plain_lines(parse_cards))
        return
    refuse_batch_format(fmt)
    if chosen and not (dist or starters):
        raise click.UsageError("--throw picks the throw for --dist or --starter-detail")
    players = deal_rules(len(deal), players=players, role=role, variant=variant).players  # for the crib's note
    dists = (hand_distribution(pick.keep, pick.throw), crib_distribution(pick.keep, pick.throw)) if dist else ()
    detail = starter_detail(pick.keep, pick.throw) if starters else ()
    if fmt == "json":
        click.echo(formats.to_json(discard_json(deal, settings, options, pick, dists, detail)))
    else:
        click.echo("\n".join(discard_lines(options, settings, players, pick, dists, detail)))
    if assumes_three(settings, deal, role):
        click.echo(FIVE_CARDS_NOTE, err=True)
