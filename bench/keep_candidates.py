"""How many keeps the expert should simulate: its keep against wider and narrower lists.

The maker who takes the dummy keeps five of ten (R12): 252 keeps, of which the expert
simulates ``keep_candidates`` (default 6): the intermediate bot's own and the next best
by its trick estimate among the keeps of the top cards of each suit
(:func:`cutthroat.bots.heuristic_bidding.ranked_keeps`, about 22). This measures what a
narrower or wider list gives, keep by keep, in positions that real games reach (scores
and dealer from intermediate games, intermediate bots bidding). Every list's pick is
made on the expert's own samples (``--samples``, as in play) and valued on independent
ones (``--judge`` samples, other seeds), so a list is not flattered by the samples that
chose from it.

    .venv/bin/python bench/keep_candidates.py --keeps 300
    .venv/bin/python bench/keep_candidates.py --keeps 60 --every   # all 252 as well (slow)

Printed: per list, its value minus the default's (chance to win the game per keep, 95%
interval) and how often its pick differs from the default's.
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

import _cli  # bench/ is on the path when run as a script
from cutthroat import Action, Hand, Rules
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.heuristic_bidding import ranked_keeps
from cutthroat.state import Phase
from cutthroat.views import View
from paired_hands import interval, start_of
from valuation_table import positions

LISTS = ("model", "ranked 3", "ranked 6 (default)", "ranked 12", "every ranked", "all 252")
"""The candidate lists compared, each a prefix of the ranked keeps but the last."""


def _values(view: View, candidates: list[Action], seed: int, samples: int) -> dict[str, float]:
    """Each candidate's value (chance to win the game) on ``samples`` deals of ``seed``."""
    bot = ExpertBot(seed=seed, bid_samples=samples)
    bot._candidates = lambda *_: candidates  # type: ignore[method-assign]
    return {str(option.action): option.value for option in bot.analyse(view).options}


def lists(view: View, every: bool) -> dict[str, list[Action]]:
    """The candidate lists for a keep (``every``: all 252 as well)."""
    ranked = ranked_keeps(view)
    out = {"model": ranked[:1], "ranked 3": ranked[:3], "ranked 6 (default)": ranked[:6],
           "ranked 12": ranked[:12], "every ranked": ranked}
    if every:
        out["all 252"] = [Action.parse(text) for text in view.legal]
    return out


def one(args: tuple[int, list[tuple[tuple[int, int, int], int]], int, int, int, bool]
        ) -> dict[str, Any] | None:
    """Deal hand ``index`` and let intermediate bots bid it; at the maker's keep, each
    list's pick (on the expert's samples) and its value (on the judge's)."""
    index, starts, seed, samples, judge, every = args
    scores, dealer, _, rng = start_of(index, starts, seed)
    hand = Hand.deal(Rules(), dealer=dealer, rng=rng)
    bots = [IntermediateBot(seed=3 * index + s) for s in range(3)]
    while not hand.is_over and hand.phase is not Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        view = hand.view(seat, scores)
        if hand.phase is Phase.KEEP:
            candidates = lists(view, every)
            union = list(dict.fromkeys(a for row in candidates.values() for a in row))
            chosen = _values(view, union, index, samples)
            judged = _values(view, union, 10_000_000 + index, judge)
            picks = {name: max((str(a) for a in row), key=lambda text: chosen[text])
                     for name, row in candidates.items()}
            return {"ranked": len(candidates["every ranked"]),
                    "value": {name: judged[pick] for name, pick in picks.items()},
                    "pick": picks}
        hand.push(bots[seat].choose(view), seat)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--keeps", type=_cli.positive_int, default=300,
                        help="hands dealt (most reach a keep)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and starts")
    parser.add_argument("--samples", type=_cli.positive_int, default=40,
                        help="the expert's samples")
    parser.add_argument("--judge", type=_cli.positive_int, default=120,
                        help="the judge's samples")
    parser.add_argument("--every", action="store_true", help="all 252 keeps as well")
    parser.add_argument("--workers", type=_cli.positive_int, default=None,
                        help="worker processes (default: one per CPU)")
    args = parser.parse_args(argv)
    for option, samples in (("--samples", args.samples), ("--judge", args.judge)):
        _cli.check_expert(parser, {"bid_samples": samples}, option=option)
    starts = positions(300, 900_000)
    jobs = [(i, starts, args.seed, args.samples, args.judge, args.every)
            for i in range(args.keeps)]
    with Pool(args.workers) as pool:
        rows = [row for row in _cli.progress(pool.imap_unordered(one, jobs, chunksize=2),
                                             len(jobs), "keep candidates") if row]
    if not rows:
        print(f"none of the {args.keeps} hands reached a keep: deal more (--keeps)",
              file=sys.stderr)
        return 1
    ranked = [row["ranked"] for row in rows]
    print(f"{len(rows)} keep{'s' * (len(rows) != 1)}, picked on {args.samples} "
          f"sample{'s' * (args.samples != 1)}, valued on {args.judge} "
          f"other{'s' * (args.judge != 1)}; "
          f"keeps of the top cards of each suit: {statistics.fmean(ranked):.1f} on average, "
          f"at most {max(ranked)}")
    base = "ranked 6 (default)"
    print(f"\n  {'list':20} {'differs':>8}  value minus the default (chance to win, per keep)")
    for name in LISTS:
        if name not in rows[0]["value"]:
            continue
        differs = sum(row["pick"][name] != row["pick"][base] for row in rows)
        gains = [row["value"][name] - row["value"][base] for row in rows]
        print(f"  {name:20} {differs:8d}  {interval(gains, 5)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
