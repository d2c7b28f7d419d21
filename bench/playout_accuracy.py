"""How well each way of playing out a sampled hand predicts how it is really played.

Before play the expert values every option by playing each sampled deal out to the end
of the hand. This script measures, on the true deal, how close each playout comes to
the real result: it plays single hands of the expert against two intermediate bots
(the expert in each seat in turn, from random scores), takes each hand at its first
card, plays it out in every way the expert knows, and compares the maker's tricks with
those really taken, for the expert as maker and the expert defending:

* ``solver``: exact play by both sides, each seeing every card (the default playout);
* ``policy``: the intermediate bot for every seat;
* ``table``: the intermediate bot for the others, and for the expert defending; the
  solver's best card for the expert as maker (``playout="table"``);
* ``search``: the expert's own card-play search, seeing the deal
  (:class:`~cutthroat.bots.model_search.ModelSearch`), the others by the model.

Columns: hands, the mean error in the maker's tricks (bias), the mean squared error,
how often the playout ends the hand the same way (euchre, made, march), and the time
per playout. Hands in which the expert sits out are left out::

    .venv/bin/python bench/playout_accuracy.py --hands 1000 --seed 7 --workers 2

If no hand had the expert as maker (or none had it defending), which happens in short
runs, that side's rows show no figures and a line says so; the exit status is 0.
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable, Sequence
from multiprocessing import Pool

from rich.console import Console
from rich.table import Table

import _cli  # bench/ is on the path when run as a script
from cutthroat import Hand, Rules
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.model_search import ModelSearch
from cutthroat.bots.solver import solve
from cutthroat.state import Phase

Scores = tuple[int, int, int]
PLAYOUTS = ("solver", "policy", "table", "search")


def _playouts(hand: Hand, me: int, scores: Scores) -> dict[str, tuple[int, float]]:
    """Each playout's maker tricks for ``hand`` (at its first card), and its time."""
    maker = hand.maker
    assert maker is not None
    model = IntermediateBot(seed=0)
    table = ExpertBot(seed=0, playout="table")
    policy = ExpertBot(seed=0, playout="policy")

    def searched() -> int:
        side = ModelSearch(me, model, scores, hand).best(hand.copy())[2]
        return int(side) if me == maker else 5 - int(side)

    def played(bot: ExpertBot) -> Callable[[], int]:
        def run() -> int:
            [(_, side, _)] = bot._outcomes(hand.copy(), me, scores)
            return int(side) if me == maker else 5 - int(side)
        return run

    ways: dict[str, Callable[[], int]] = {"solver": lambda: solve(hand),
                                          "policy": played(policy), "table": played(table),
                                          "search": searched}
    out = {}
    for name, way in ways.items():
        start = time.perf_counter()
        tricks = way()
        out[name] = (tricks, time.perf_counter() - start)
    return out


def one(job: tuple[int, int]) -> tuple[bool, int, dict[str, tuple[int, float]]] | None:
    """Hand ``index``: (the expert is maker, tricks really taken by the maker, the
    playouts), or ``None`` if nobody made trump or the expert sat out."""
    index, seed = job
    rng = random.Random(seed * 1_000_003 + index)
    scores = (rng.randrange(9), rng.randrange(9), rng.randrange(9))
    hand = Hand.deal(Rules(), dealer=rng.randrange(3), rng=rng)
    me = index % 3
    bots: list[ExpertBot | IntermediateBot] = [IntermediateBot(seed=3 * index + s)
                                               for s in range(3)]
    bots[me] = ExpertBot(seed=index)
    first: Hand | None = None
    while not hand.is_over:
        if hand.phase is Phase.PLAY and first is None:
            first = hand.copy()
        seat = hand.to_act
        assert seat is not None
        hand.push(bots[seat].choose(hand.view(seat, scores)), seat)
    if first is None or first.sitting_out == me or hand.result is None:
        return None
    maker = first.maker
    assert maker is not None
    return me == maker, hand.result.tricks[maker], _playouts(first, me, scores)


def _end(tricks: int) -> int:
    return 0 if tricks < 3 else 2 if tricks == 5 else 1


def main(argv: Sequence[str] | None = None) -> None:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--hands", type=_cli.positive_int, default=1000,
                        help="hands played; a side (the expert as maker or defending) with "
                             "no hand shows no figures, and the exit status is still 0")
    parser.add_argument("--seed", type=int, default=7, help="seed of the hands")
    parser.add_argument("--workers", type=_cli.positive_int, default=None,
                        help="worker processes (default: one per CPU)")
    args = parser.parse_args(argv)
    with Pool(args.workers) as pool:
        rows = [row for row in _cli.progress(
                    pool.imap_unordered(one, [(i, args.seed) for i in range(args.hands)]),
                    args.hands, "hands") if row is not None]
    hands = f"{args.hands} hand{'s' * (args.hands != 1)}"
    table = Table(title=f"playouts against real play, {hands}, seed {args.seed}")
    for column in ("expert", "playout", "hands", "bias (tricks)", "squared error",
                   "same ending", "ms per playout"):
        table.add_column(column, justify="right")
    missing = []
    for maker in (True, False):
        mine = [row for row in rows if row[0] == maker]
        if not mine:
            side = "maker" if maker else "defending"
            missing.append(side)
            table.add_row(side, "—", "0", "—", "—", "—", "—")
            continue
        for name in PLAYOUTS:
            errors = [row[2][name][0] - row[1] for row in mine]
            same = [_end(row[2][name][0]) == _end(row[1]) for row in mine]
            table.add_row("maker" if maker else "defending", name, str(len(mine)),
                          f"{statistics.fmean(errors):+.3f}",
                          f"{statistics.fmean(e * e for e in errors):.3f}",
                          f"{statistics.fmean(same):.1%}",
                          f"{1000 * statistics.fmean(row[2][name][1] for row in mine):.2f}")
    console = Console()
    console.print(table)
    for side in missing:
        what = "as maker" if side == "maker" else "defending"
        console.print(f"No hand had the expert {what}: play more hands (--hands).",
                      markup=False, highlight=False)


if __name__ == "__main__":
    main()
