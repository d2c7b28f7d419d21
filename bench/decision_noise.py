"""What the expert's sampling noise costs: its decisions against many more samples.

The expert values each option on a few dozen sampled deals, so a close decision can go
the wrong way by the luck of the draw. This measures how much that costs, decision by
decision, in the positions the expert really meets (the expert in one seat, two
intermediate bots in the others, the scores and dealer of real games, as in
``paired_hands.py``). At each of the expert's decisions with a choice, two independent
references with ``--factor`` times the samples analyse the same view: the first picks
its best option, the second (other seeds) values both that and the expert's own choice.
The difference is the chance to win the game per decision that more samples would gain
(unbiased: the option is picked and valued on different samples).

    .venv/bin/python bench/decision_noise.py --hands 300 --phase bid
    .venv/bin/python bench/decision_noise.py --hands 100 --phase play --factor 5
    .venv/bin/python bench/decision_noise.py --expert bid_samples_max=160 --factor 4

``--expert KEY=VALUE,...`` measures a version of the expert other than the default (the
references keep its options, with the samples multiplied).
"""

from __future__ import annotations

import random
from collections import defaultdict
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

import _cli  # bench/ is on the path when run as a script
from cutthroat import Hand, Rules
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.state import Phase
from paired_hands import interval
from valuation_table import positions


def one(args: tuple[int, list[tuple[tuple[int, int, int], int]], int, str, int,
                    dict[str, Any]]) -> list[tuple[str, bool, float]]:
    """Hand ``index``: per decision of the expert measured, (its kind, whether the
    reference chose otherwise, the reference's value of its choice minus the expert's)."""
    index, starts, seed, phase, factor, options = args
    rng = random.Random(seed * 1_000_003 + index)
    scores, dealer = starts[rng.randrange(len(starts))]
    hand = Hand.deal(Rules(), dealer=dealer, rng=rng)
    hero = index % 3
    bots: list[Any] = [IntermediateBot(seed=3 * index + s) for s in range(3)]
    expert = ExpertBot(seed=index, **options)
    bots[hero] = expert
    most = max(expert.bid_samples, expert.bid_samples_max)
    big = {**options, "bid_samples": most * factor, "bid_samples_max": most * factor,
           "play_samples": expert.play_samples * factor}
    out: list[tuple[str, bool, float]] = []
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat, scores)
        action = bots[seat].choose(view)
        in_play = hand.phase is Phase.PLAY
        if (seat == hero and len(view.legal) > 1
                and phase in ("all", "play" if in_play else "bid")):
            pick = ExpertBot(seed=10_000_000 + index * 97 + len(out), **big).choose(view)
            judge = ExpertBot(seed=20_000_000 + index * 97 + len(out), **big).analyse(view)
            value = {str(option.action): option.value for option in judge.options}
            kind = "card" if in_play else f"{hand.phase.name.lower()}: {str(action).split()[0]}"
            out.append((kind, str(pick) != str(action),
                        value[str(pick)] - value[str(action)]))
        hand.push(action, seat)
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--hands", type=_cli.positive_int, default=300, help="hands played")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and starts")
    parser.add_argument("--phase", choices=["bid", "play", "all"], default="bid",
                        help="the expert's decisions measured")
    parser.add_argument("--factor", type=_cli.positive_int, default=10,
                        help="the references' samples, as a multiple of the expert's")
    parser.add_argument("--workers", type=_cli.positive_int, default=None,
                        help="worker processes (default: one per CPU)")
    parser.add_argument("--expert", default="", metavar="KEY=VALUE,...",
                        help="options of the expert measured")
    args = parser.parse_args(argv)
    options = _cli.checked_expert(parser, args.expert)
    starts = positions(300, 900_000)
    jobs = [(i, starts, args.seed, args.phase, args.factor, options)
            for i in range(args.hands)]
    with Pool(args.workers) as pool:
        rows = list(_cli.progress(pool.imap_unordered(one, jobs, chunksize=2), len(jobs),
                                  "decision noise"))
    per_hand = [sum(gain for _, _, gain in row) for row in rows]
    print(f"{args.hands} hands, the expert {args.expert or '(default)'}, phase {args.phase}, "
          f"references with {args.factor}× the samples; gain in chance to win the game, "
          "95% intervals")
    print(f"  per hand      {interval(per_hand, 5)}")
    kinds: dict[str, list[tuple[bool, float]]] = defaultdict(list)
    for row in rows:
        for kind, differs, gain in row:
            kinds[kind].append((differs, gain))
            kinds["every decision"].append((differs, gain))
    print(f"\n  {'decision (the expert chose)':32} {'count':>6} {'other':>6}  gain per decision")
    for kind, items in sorted(kinds.items(), key=lambda kv: -len(kv[1])):
        other = sum(d for d, _ in items)
        print(f"  {kind:32} {len(items):6d} {other:6d}  {interval([g for _, g in items], 5)}")


if __name__ == "__main__":
    main()
