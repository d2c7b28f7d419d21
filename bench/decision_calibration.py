"""Are the expert's values before play right? Its predictions against play, option by option.

Before play the expert values each option by simulation: sampled deals, the model for
everyone's later choices, and (by default) the solver for the cards. Noise aside (see
``decision_noise.py``), such values can be biased: the solver lets everyone see every
card, the expert's later play is not the model's, and so on. This measures the bias
where it matters, in the decisions themselves. At each of the expert's decisions
before play with a choice among a few options (first- and second-round bids, the
dealer's pick-up, the maker's dummy or alone, a defender's alone), in the positions it
really meets (as in ``paired_hands.py``), every option is played out on the true deal:
the rest of the hand with the expert in its seat and the intermediate bots in theirs.
Each option is compared with a fixed reference (``pass``, ``leave`` or ``dummy``), so
no choice selects what is measured: the prediction of the difference (the expert's
analysis on its own samples) against what play gave (the chance to win the game after
the hand). A mean of "played minus predicted" away from zero is a bias in the
expert's values that more samples would not remove.

    .venv/bin/python bench/decision_calibration.py --hands 600 --seed 111
    .venv/bin/python bench/decision_calibration.py --expert playout=table --json rows.json
"""

from __future__ import annotations

import json
import random
from collections import defaultdict
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

import _cli  # bench/ is on the path when run as a script
from cutthroat import Action, Hand, Rules
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.state import Phase
from paired_hands import chance_after, interval
from valuation_table import positions

MEASURED = {Phase.BID_FIRST: "pass", Phase.BID_SECOND: "pass", Phase.PICKUP: "leave",
            Phase.MAKER_CHOICE: "dummy", Phase.DEFENDER_CHOICE: "pass"}
"""The phases measured, each with the option the others are compared with."""

BINS = ((-1.0, -0.05), (-0.05, -0.01), (-0.01, 0.01), (0.01, 0.05), (0.05, 1.0))
"""Bins of the predicted difference, for the table by prediction."""

Row = tuple[str, float, float]
"""(kind, predicted difference, played difference) of one option against the reference."""


def played(hand: Hand, action: Action, hero: int, index: int,
           scores: tuple[int, int, int], options: dict[str, Any]) -> float:
    """The hero's chance to win the game after the hand, ``action`` taken now and the
    rest played by the expert in its seat and the model in the others."""
    hand = hand.copy()
    hand.push(action, hero)
    bots: list[Any] = [IntermediateBot(seed=3 * index + s) for s in range(3)]
    bots[hero] = ExpertBot(seed=30_000_000 + index, **options)
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.push(bots[seat].choose(hand.view(seat, scores)), seat)
    return chance_after(hand, scores, hero)


def one(args: tuple[int, list[tuple[tuple[int, int, int], int]], int, dict[str, Any]]
        ) -> list[Row]:
    """Hand ``index``: a row per option measured at each of the expert's decisions."""
    index, starts, seed, options = args
    rng = random.Random(seed * 1_000_003 + index)
    scores, dealer = starts[rng.randrange(len(starts))]
    hand = Hand.deal(Rules(), dealer=dealer, rng=rng)
    hero = index % 3
    bots: list[Any] = [IntermediateBot(seed=3 * index + s) for s in range(3)]
    bots[hero] = ExpertBot(seed=index, **options)
    out: list[Row] = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat, scores)
        reference = MEASURED.get(hand.phase)
        if seat == hero and reference is not None and len(view.legal) > 1:
            analysis = ExpertBot(seed=10_000_000 + index * 97 + len(out),
                                 **options).analyse(view)
            predicted = {str(o.action): o.value for o in analysis.options}
            real = {name: played(hand, Action.parse(name), hero, index, scores, options)
                    for name in predicted}
            phase = hand.phase.name.lower()
            for name in predicted:
                if name != reference:
                    out.append((f"{phase}: {name.split()[0]}",
                                predicted[name] - predicted[reference],
                                real[name] - real[reference]))
        hand.push(bots[seat].choose(view), seat)
    return out


def report(rows: list[Row], binned: int = 100) -> list[str]:
    """The table: by kind of option, then each kind with at least ``binned`` rows by
    the predicted difference."""
    lines = [f"  {'option against the reference':30} {'count':>6} {'predicted':>10} "
             f"{'played':>10}  played minus predicted"]
    kinds: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for kind, predicted, real in rows:
        kinds[kind].append((predicted, real))
    for kind, items in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        lines.append(f"  {kind:30} {len(items):6d} {sum(p for p, _ in items) / len(items):+10.4f}"
                     f" {sum(r for _, r in items) / len(items):+10.4f}  "
                     f"{interval([r - p for p, r in items])}")
    for kind, items in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        if len(items) < binned:
            continue
        lines.append(f"\n  {kind}, by the predicted difference:")
        for low, high in BINS:
            inside = [(p, r) for p, r in items if low <= p < high]
            if inside:
                lines.append(f"  [{low:+.2f}, {high:+.2f})               {len(inside):6d} "
                             f"{sum(p for p, _ in inside) / len(inside):+10.4f} "
                             f"{sum(r for _, r in inside) / len(inside):+10.4f}  "
                             f"{interval([r - p for p, r in inside])}")
    return lines


def main(argv: Sequence[str] | None = None) -> None:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--hands", type=_cli.positive_int, default=600, help="hands played")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and starts")
    parser.add_argument("--workers", type=_cli.positive_int, default=None,
                        help="worker processes (default: one per CPU)")
    parser.add_argument("--expert", default="", metavar="KEY=VALUE,...",
                        help="options of the expert measured")
    parser.add_argument("--json", type=_cli.output_file, default=None, metavar="FILE",
                        help="also write every row (kind, predicted, played) to FILE")
    args = parser.parse_args(argv)
    options = _cli.checked_expert(parser, args.expert)
    starts = positions(300, 900_000)
    jobs = [(i, starts, args.seed, options) for i in range(args.hands)]
    with Pool(args.workers) as pool:
        hands = _cli.progress(pool.imap_unordered(one, jobs, chunksize=2), len(jobs),
                              "decision calibration")
        rows = [row for rows in hands for row in rows]
    print(f"{args.hands} hands, the expert {args.expert or '(default)'}: each option against "
          "the reference (pass, leave or dummy), in chance to win the game, 95% intervals")
    print("\n".join(report(rows)))
    if args.json is not None:
        args.json.write_text(json.dumps({"hands": args.hands, "seed": args.seed,
                                         "expert": options, "rows": rows}) + "\n")


if __name__ == "__main__":
    main()
