"""What the builders share: where the generated modules go, writing one, the workers to build it on,
and the play they measure: two-player deals drawn and thrown, played by the expert that does not read
the other's laid cards (:class:`BlindExpert`), so that no table depends on itself."""

from __future__ import annotations

import argparse
import random
from collections.abc import Iterator
from concurrent.futures import BrokenExecutor
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from ..cards import DECK, Card
from ..game.cluster import (
    BadAddress,
    ClusterError,
    ClusterExecutor,
    DaskMissing,
    ProcessPool,
    executor,
    require_dask,
    scheduler_address,
)
from ..game.expert import ExpertPlayer, play_state
from ..game.players import Player, View
from ..game.series import PlayState
from ..rules import GameRules

DATA = Path(__file__).resolve().parent.parent / "data"
"""The folder of the generated modules."""


def target(name: str) -> Path:
    """The generated module ``data/NAME.py``."""
    return DATA / f"{name}.py"


def write(path: Path, text: str) -> None:
    """Write a generated module and say where and how big."""
    path.write_text(text, encoding="utf-8")
    print(f"wrote {path} ({path.stat().st_size:,} bytes)")


def add_worker_options(parser: argparse.ArgumentParser, jobs: int) -> None:
    """The ``--jobs N`` and ``--cluster [ADDRESS]`` options, as ``crib simulate`` has them."""
    parser.add_argument("--jobs", type=int, help=f"worker processes (default: {jobs})")
    parser.set_defaults(default_jobs=jobs)
    parser.add_argument(
        "--cluster", nargs="?", const="", metavar="ADDRESS",
        help="run on the Dask cluster whose scheduler is at ADDRESS (alone: at $DASK_SCHEDULER_ADDRESS); "
             'needs pip install "crib[cluster]"',
    )


@contextmanager
def workers(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Iterator[ProcessPool | ClusterExecutor | None]:
    """The workers the options ask for, or None for this process alone (``--jobs 1``, no ``--cluster``).

    ``--jobs`` with ``--cluster`` is refused, as ``crib simulate`` refuses it.
    Bad usage (no address, Dask not installed, an address Dask cannot read)
    ends the builder with exit status 2; a cluster that cannot do the work,
    or a worker process that died, with one line and exit status 1.
    """
    address = None
    if args.cluster is not None:
        if args.jobs is not None:
            parser.error("--jobs is for worker processes here: with --cluster, the cluster's workers do the work")
        try:
            address = scheduler_address(args.cluster)
            require_dask()
        except (ValueError, DaskMissing) as error:
            parser.error(f"--cluster: {error}")
    jobs = args.jobs if args.jobs is not None else args.default_jobs
    if address is None and jobs <= 1:
        yield None
        return
    try:
        with executor(jobs, address) as pool:
            yield pool
    except BadAddress as error:
        parser.error(f"--cluster: {error}")
    except (ClusterError, BrokenExecutor) as error:
        parser.exit(1, f"{parser.prog}: error: {error or 'a worker process died'}\n")


def thrown_deal(
    player: Player, rules: GameRules, rng: random.Random
) -> tuple[list[tuple[Card, ...]], list[tuple[Card, ...]], Card]:
    """A two-player deal for :func:`crib_cli.game.engine.peg_deal`: 13 cards drawn from ``rng`` (six to
    each seat, then the starter), each seat throwing as ``player`` does with seat 0 dealing at love-all;
    the kept hands and the throws by seat, and the starter.

    >>> kept, thrown, starter = thrown_deal(BlindExpert(), GameRules(), random.Random(1))
    >>> [len(hand) for hand in kept], [len(cards) for cards in thrown], starter in kept[0] + thrown[0]
    ([4, 4], [2, 2], False)
    """
    deck = rng.sample(DECK, 13)
    kept, thrown = [], []
    for seat in (0, 1):
        dealt = tuple(deck[6 * seat : 6 * seat + 6])
        throw = tuple(player.discard(View(rules, seat, 0, (0, 0), dealt)))
        thrown.append(throw)
        kept.append(tuple(card for card in dealt if card not in throw))
    return kept, thrown, deck[12]


class BlindExpert(ExpertPlayer):
    """The expert whose look-ahead does not read the other's laid cards: his cards are any unseen ones
    (:func:`blind_state`). The tables' builders play it so that no table depends on itself (the
    reading weighs the leanings, which are measured from this play); the reading is measured against it."""

    def state(self, view: View) -> PlayState:
        """What it knows of the play: :func:`blind_state`."""
        return blind_state(view)


def blind_state(view: View) -> PlayState:
    """What the seat to move knows of the play (:func:`crib_cli.game.expert.play_state`) without what
    the other's laid cards say of the rest of his hand: no ranks doubted, every unseen card alike.

    >>> from crib_cli.cards import parse_cards
    >>> from crib_cli.peg import Play
    >>> play = Play(GameRules())
    >>> for card in parse_cards("TD 9C"):
    ...     _ = play.lay(card)
    >>> view = View(GameRules(), 0, 1, (0, 0), tuple(parse_cards("5S 6S 2D")), play=play)
    >>> play_state(view).ruled_out, blind_state(view).ruled_out
    ((0, 1056), ())
    """
    return replace(play_state(view), ruled_out=(), rank_weights=())
