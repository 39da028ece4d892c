"""Where the expert's points against another player come from: one kind of decision at a time.

Each configuration is the expert with one kind of its decisions handed to
the other player (a ``module:factory`` or built-in name), played against
that player on duplicate deals: game ``i`` of the seed is played twice, the
expert's side in seat 0 and then in seat 1, with the same first dealer, so
the same cards go to each side in turn. Every configuration plays the same
games as the plain expert (the deck of deal ``k`` of game ``i`` depends on
the seed alone), so its difference from the plain expert is paired, game by
game and deal by deal.

The kinds are disjoint: ``end`` is every decision of a deal that may end the
game (:func:`~crib_cli.board.ending_chance` from
:data:`~crib_cli.board.ENDGAME` up, judged as the deal begins); the others
are the decisions of the other deals: the pone's throw, the dealer's throw,
the pone's opening lead, and the rest of the play.

For each configuration: games won (with the 95% interval), the change in
games won against the plain expert (paired), and, deal for deal over the
deals both complete, the change in the expert side's hand, crib, pegging
net and total net (its points less the other's), a deal; and how often the
two players' decisions of that kind differ. For the throws, where they
differ, the exact hand mean, the crib mean (random and expert crib models)
and the pegging value of the keep of each.

    python scripts/decompose.py --peer maxbot:make_player [--games 1000] [--seed 81] [--jobs 2]
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field

from crib_cli.board import ENDGAME, ending_chance
from crib_cli.cards import Card
from crib_cli.discard import analyze_discards, throw_means
from crib_cli.game import GameRules
from crib_cli.game.players import Player, View
from crib_cli.game.record import GameRecord
from crib_cli.game.simulate import Setup, play_seeded
from crib_cli.game.strategies import BUILT_IN, PlayerFactory, player_factory
from crib_cli.rules import Position

Throws = list[tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...], str]]
"""Throws that differ: the six cards, the expert's throw, the other's, the role."""
DealRows = list[tuple[int, int, int, int] | None]

KINDS = ("pone throw", "dealer throw", "lead", "rest of play", "end")
Z = 1.959963984540054


class Hybrid:
    """The expert, but for one kind of decision, which the other player makes (and both are asked)."""

    def __init__(self, expert: Player, other: Player, kind: str) -> None:
        self.expert, self.other, self.kind = expert, other, kind
        self.endgame = False
        self.asked = 0
        self.differ = 0
        self.throws: Throws = []

    def discard(self, view: View) -> tuple[Card, ...]:
        position = Position(view.rules, (view.scores[view.seat], view.scores[1 - view.seat]), view.is_dealer)
        self.endgame = ending_chance(position) >= ENDGAME
        role = "dealer" if view.is_dealer else "pone"
        kind = "end" if self.endgame else f"{role} throw"
        if kind != self.kind:
            return self.expert.discard(view)
        mine, theirs = self.expert.discard(view), self.other.discard(view)
        self._count(set(mine) != set(theirs))
        if set(mine) != set(theirs) and kind != "end":
            self.throws.append((view.hand, mine, theirs, role))
        return theirs

    def play(self, view: View) -> Card | None:
        kind = "end" if self.endgame else "lead" if not view.laid else "rest of play"
        if kind != self.kind or len(view.fits) < 2:
            return self.expert.play(view)
        mine, theirs = self.expert.play(view), self.other.play(view)
        self._count(mine != theirs)
        return theirs

    def _count(self, differs: bool) -> None:
        self.asked += 1
        self.differ += differs


def _factories(peer: str, kind: str | None) -> tuple[PlayerFactory, PlayerFactory, list[Hybrid]]:
    """The expert side's factory (plain or hybrid, remembering the hybrids it made) and the peer's."""
    other = player_factory(peer)
    made: list[Hybrid] = []
    if kind is None:
        return BUILT_IN["expert"], other, made

    def hybrid(rng: random.Random) -> Player:
        player = Hybrid(BUILT_IN["expert"](rng), other(random.Random(rng.random())), kind)
        made.append(player)
        return player

    return hybrid, other, made


def _deal_points(record: GameRecord, seat: int) -> DealRows:
    """By deal: the seat's hand, crib, pegging net and total net, or None for a deal cut short."""
    rows: DealRows = []
    for deal in record.deals:
        if not deal.complete:
            rows.append(None)
            continue
        hand = sum(show.points for show in deal.shows if show.seat == seat and show.kind == "hand")
        crib = sum(show.points for show in deal.shows if show.kind == "crib" and show.seat == seat)
        totals = [0, 0]
        for other in (0, 1):
            totals[other] = deal.pegging[other] + (deal.heels if deal.dealer == other else 0) + sum(
                show.points for show in deal.shows if show.seat == other
            )
        rows.append((hand, crib, deal.pegging[seat] - deal.pegging[1 - seat], totals[seat] - totals[1 - seat]))
    return rows


@dataclass
class Pair:
    """One duplicate pair of games of one configuration, from the expert side: by its seat, won and the
    deals' points; and over both, the decisions of the kind, those that differ, the throws that differ."""

    wins: list[bool] = field(default_factory=list)
    deals: list[DealRows] = field(default_factory=list)
    asked: int = 0
    differ: int = 0
    throws: Throws = field(default_factory=list)


def _play(task: tuple[str, str | None, int, int]) -> Pair:
    """Game ``index`` of the seed for one configuration, the expert side in seat 0, then in seat 1."""
    peer, kind, index, seed = task
    mine, theirs, made = _factories(peer, kind)
    rules, out = GameRules(), Pair()
    for seat in (0, 1):
        factories = [mine, theirs] if seat == 0 else [theirs, mine]
        record = play_seeded(factories, ["A", "B"], index, seed, rules, Setup(first_dealer=index % 2))
        out.wins.append(record.winner == seat)
        out.deals.append(_deal_points(record, seat))
    for hybrid in made:
        out.asked += hybrid.asked
        out.differ += hybrid.differ
        out.throws.extend(hybrid.throws)
    return out


def _mean_interval(values: Sequence[float]) -> str:
    if len(values) < 2:
        return "n/a"
    mean = statistics.fmean(values)
    half = Z * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.3f} ± {half:.3f}"


def _ratio_interval(sums: Sequence[float], counts: Sequence[int]) -> str:
    """A deal's mean over games (sum of the differences over the sum of deals), with the games as clusters."""
    total, deals = sum(sums), sum(counts)
    if deals == 0 or len(sums) < 2:
        return "n/a"
    ratio = total / deals
    residuals = [s - ratio * c for s, c in zip(sums, counts)]
    half = Z * statistics.stdev(residuals) * math.sqrt(len(sums)) / deals
    return f"{ratio:+.3f} ± {half:.3f}"


def _throw_terms(throws: Throws) -> str:
    """The mean, over throws that differ, of the expert's less the other's: hand, crib (two models), pegging."""
    diffs: dict[str, list[float]] = defaultdict(list)
    for hand, mine, theirs, role in throws:
        means = {frozenset(t.throw): t for t in throw_means(hand, role=role, pegging=True)}
        expert_cribs = {frozenset(t.throw): float(t.crib_mean) for t in analyze_discards(hand, role=role, crib_model="expert")}
        a, b = means[frozenset(mine)], means[frozenset(theirs)]
        sign = 1 if role == "dealer" else -1
        diffs["hand"].append(float(a.hand_mean - b.hand_mean))
        diffs["crib (random model)"].append(sign * float(a.crib_mean - b.crib_mean))
        diffs["crib (expert model)"].append(sign * (expert_cribs[frozenset(mine)] - expert_cribs[frozenset(theirs)]))
        diffs["pegging value"].append((a.peg or 0.0) - (b.peg or 0.0))
    return "; ".join(f"{name} {_mean_interval(values)}" for name, values in diffs.items())


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--peer", required=True, help="the other player: a built-in name or module:factory")
    parser.add_argument("--games", type=int, default=1000, help="duplicate pairs for each configuration")
    parser.add_argument("--seed", type=int, default=81)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--kinds", default=",".join(KINDS), help="comma-separated kinds to hand over")
    args = parser.parse_args()
    kinds: list[str | None] = [None, *[kind for kind in args.kinds.split(",") if kind]]
    results: dict[str | None, list[Pair]] = {}
    started = time.perf_counter()
    with ProcessPoolExecutor(args.jobs) as pool:
        for kind in kinds:
            tasks = [(args.peer, kind, index, args.seed) for index in range(args.games)]
            results[kind] = list(pool.map(_play, tasks, chunksize=8))
            print(f"# {kind or 'expert'}: done at {time.perf_counter() - started:.0f} s", flush=True)
    base = results[None]
    print(f"expert against {args.peer}: {args.games} duplicate pairs (seed {args.seed})")
    for kind in kinds:
        rows = results[kind]
        wins = [int(won) for row in rows for won in row.wins]
        line = f"{kind or 'expert (all its own)'}: won {sum(wins)} of {len(wins)}, {sum(wins) / len(wins):.1%}"
        line += f" (± {Z * math.sqrt(statistics.fmean(wins) * (1 - statistics.fmean(wins)) / len(wins)):.1%})"
        if kind is not None:
            paired = [sum(row.wins) - sum(plain.wins) for row, plain in zip(rows, base)]
            line += f"; handed over, games won change by {_mean_interval([p / 2 for p in paired])} a game"
            asked, differ = sum(row.asked for row in rows), sum(row.differ for row in rows)
            line += f"; decisions of the kind {asked}, differing {differ} ({differ / max(asked, 1):.1%})"
        print(line)
        if kind is None:
            continue
        for at, name in enumerate(("hand", "crib", "pegging net", "total net")):
            sums: list[float] = []
            counts: list[int] = []
            for row, plain in zip(rows, base):
                total, count = 0.0, 0
                for mine, theirs in zip(row.deals, plain.deals):
                    for x, y in zip(mine, theirs):
                        if x is not None and y is not None:
                            total += x[at] - y[at]
                            count += 1
                sums.append(total)
                counts.append(count)
            print(f"    {name} a deal, handed over less the plain expert, same cards: {_ratio_interval(sums, counts)}")
        throws = [throw for row in rows for throw in row.throws]
        if throws:
            print(f"    where the throws differ ({len(throws)}), the expert's less the other's: {_throw_terms(throws)}")


if __name__ == "__main__":
    main()
