"""Measure how the solver's verdict on a hand compares with how it is really played.

Before play the expert values each option by solving the sampled hands exactly, as if
both sides saw every card. Real play is not like that: the defenders do not see the
maker's cards, and the maker does not see theirs. This script plays single hands of the
expert against two intermediate bots (the expert in each seat in turn, from positions of
real games), solves each hand at its first card, and counts the maker's tricks as
played against the solver's, separately for the expert as maker and for an intermediate
maker (the expert defending). Hands with a player alone, or a defender playing for the
maker (the expert plays those out rather than solving them), are left out. Prints
``src/cutthroat/bots/playout_calibration.py``:

    .venv/bin/python bench/calibration_table.py --hands 2400 --seed 555000 \\
        --out src/cutthroat/bots/playout_calibration.py

``--out FILE`` writes the module to FILE only once it is complete (a temporary file in
the same folder, renamed over FILE), so a crash or Ctrl-C leaves the shipped module
as it was; without it the module goes to stdout.
"""

from __future__ import annotations

import random
import sys
from collections import Counter
from collections.abc import Sequence
from multiprocessing import Pool

import _cli  # bench/ is on the path when run as a script
from cutthroat import Hand, Rules
from cutthroat.bots.expert import ExpertBot, _turncoat
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.solver import solve
from cutthroat.state import Phase
from valuation_table import positions

_STARTS: list[tuple[tuple[int, int, int], int]] = []


def _init() -> None:
    _STARTS.extend(positions(300, 900_000))


def one(job: tuple[int, int]) -> tuple[bool, int, int] | None:
    """Hand ``index``: (the expert is maker, solved maker tricks, played maker tricks),
    or ``None`` if it is not counted (thrown in, someone alone, a turncoat defender)."""
    index, seed = job
    rng = random.Random(seed + index)
    scores, dealer = _STARTS[rng.randrange(len(_STARTS))]
    hand = Hand.deal(Rules(), dealer=dealer, rng=rng)
    hero = index % 3
    bots: list[ExpertBot | IntermediateBot] = [IntermediateBot(seed=3 * index + s)
                                               for s in range(3)]
    bots[hero] = ExpertBot(index)
    solved: int | None = None
    while not hand.is_over:
        if hand.phase is Phase.PLAY and solved is None:
            if hand.alone or _turncoat(hand, scores):
                return None
            solved = solve(hand)
        seat = hand.to_act
        assert seat is not None
        hand.push(bots[seat].choose(hand.view(seat, scores)), seat)
    if solved is None or hand.maker is None or hand.result is None:
        return None
    return hand.maker == hero, solved, hand.result.tricks[hand.maker]


def main(argv: Sequence[str] | None = None) -> None:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--hands", type=_cli.positive_int, default=2400,
                        help="single hands played (the expert in each seat in turn)")
    parser.add_argument("--seed", type=int, default=555_000, help="seed of the hands")
    parser.add_argument("--workers", type=_cli.positive_int, default=None,
                        help="worker processes (default: one per CPU)")
    parser.add_argument("--out", type=_cli.output_file, default=None, metavar="FILE",
                        help="write the module to FILE once it is complete (default: stdout)")
    args = parser.parse_args(argv)
    counts: dict[bool, list[Counter[int]]] = {True: [Counter() for _ in range(6)],
                                              False: [Counter() for _ in range(6)]}
    with Pool(args.workers, initializer=_init) as pool:
        jobs = [(i, args.seed) for i in range(args.hands)]
        hands = _cli.progress(pool.imap_unordered(one, jobs, chunksize=8), len(jobs),
                              "calibration table")
        for done, row in enumerate(hands, 1):
            if row is not None:
                expert_maker, solved, played = row
                counts[expert_maker][solved][played] += 1
            if done % 200 == 0:
                print(f"{done:,} hands", file=sys.stderr)
    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)

    out('"""How hands solved exactly are really played, measured by')
    out('``bench/calibration_table.py`` (do not edit by hand).')
    out()
    out(f"{args.hands:,} hands of the expert against two intermediate bots, the expert in each")
    out(f"seat in turn (seed {args.seed}), standard rules; hands with a player alone or a")
    out('defender playing for the maker left out."""')
    out()
    out("PLAYED = {")
    for expert_maker in (True, False):
        out(f"    {expert_maker}: (")
        for solved, tally in enumerate(counts[expert_maker]):
            out(f"        ({', '.join(str(tally[t]) for t in range(6))}),  # solved {solved}")
        out("    ),")
    out("}")
    out('"""``PLAYED[the expert is maker][solved maker tricks][played maker tricks]``: how')
    out("many hands the solver gave so many tricks to the maker and the maker really took")
    out('so many."""')
    _cli.emit("\n".join(lines) + "\n", args.out)


if __name__ == "__main__":
    main()
