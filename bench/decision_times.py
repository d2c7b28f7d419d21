"""How long the expert takes per decision, by kind: the "≤ 1 s per decision" budget.

Plays whole games of the expert against two intermediate bots in this one process (one
core) and times every decision of the expert that has a choice, with the CPU time of
this process (``time.process_time``), so that other work on the machine slows the
figures less than it would wall time. Prints, for each kind of decision, how many
there were, the median, the 95th percentile, the slowest, and how many took over the
budget.

    .venv/bin/python bench/decision_times.py                  # 6 games, seed 1
    .venv/bin/python bench/decision_times.py --games 20 --seed 7 --budget 1.0
    .venv/bin/python bench/decision_times.py --expert play_samples=40

``--expert KEY=VALUE,...`` times a version of the expert other than the default.
"""

from __future__ import annotations

import statistics
import time
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

import _cli  # bench/ is on the path when run as a script
from cutthroat import Game
from cutthroat.bots import play_game
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.state import Phase
from cutthroat.views import View


class Timed:
    """The expert, timing each decision with a choice under its kind."""

    def __init__(self, bot: ExpertBot, times: dict[str, list[float]]) -> None:
        self.bot = bot
        self.times = times

    def choose(self, view: View) -> Any:
        start = time.process_time()
        action = self.bot.choose(view)
        spent = time.process_time() - start
        if len(view.legal) > 1:
            self.times[kind(view)].append(spent)
        return action


def kind(view: View) -> str:
    """The decision's kind, as the table names it."""
    if view.phase is Phase.PLAY:
        if not view.tricks and not view.current_trick:
            return "card: opening lead"
        return "card: first trick" if not view.tricks else "card: later"
    return _KINDS.get(view.phase, view.phase.name.lower().replace("_", " "))


_KINDS = {Phase.BID_FIRST: "first-round bid", Phase.BID_SECOND: "second-round bid",
          Phase.PICKUP: "pick-up", Phase.MAKER_CHOICE: "dummy or alone",
          Phase.DEFENDER_CHOICE: "lone defence", Phase.JOKER_TRUMP: "blind trump"}
"""The decisions before play, as docs/strength.md's table of decision times names them."""


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: Sequence[str] | None = None) -> None:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--games", type=_cli.positive_int, default=6, help="games played")
    parser.add_argument("--seed", type=int, default=1, help="seed of the games")
    parser.add_argument("--budget", type=_cli.positive_float, default=1.0,
                        help="seconds per decision")
    parser.add_argument("--expert", default="", metavar="KEY=VALUE,...",
                        help="options of the expert timed")
    args = parser.parse_args(argv)
    options = _cli.checked_expert(parser, args.expert)
    times: dict[str, list[float]] = defaultdict(list)
    # No refresh thread (live=False): it would add to this process's CPU time, which
    # is what the decisions are timed by; the bar is redrawn between games only.
    for index in _cli.progress(range(args.games), args.games, "decision times", "games",
                               live=False):
        hero = index % 3
        bots: list[Any] = [IntermediateBot(seed=3 * index + s) for s in range(3)]
        bots[hero] = Timed(ExpertBot(seed=args.seed * 1000 + index, **options), times)
        play_game(Game(seed=args.seed * 1000 + index), bots)
    every = [t for values in times.values() for t in values]
    games = f"{args.games} game{'s' if args.games != 1 else ''}"
    settings = f", expert {', '.join(f'{k}={v}' for k, v in options.items())}" \
        if options else ""
    print(f"The expert's decisions with a choice, {games} against two "
          f"intermediates (seed {args.seed}{settings}), CPU seconds of one core")
    label = f"over {args.budget:g} s"
    wide = max(11, len(label) + 2)
    header = f"{'decision':<22}{'count':>7}{'median':>9}{'p95':>9}{'slowest':>9}" \
             f"{label:>{wide}}"
    print(header)
    print("-" * len(header))
    for name in sorted(times, key=lambda k: -statistics.median(times[k])):
        values = times[name]
        over = sum(1 for t in values if t > args.budget)
        print(f"{name:<22}{len(values):>7}{statistics.median(values):>9.3f}"
              f"{percentile(values, 0.95):>9.3f}{max(values):>9.3f}{over:>{wide}}")
    over = sum(1 for t in every if t > args.budget)
    print(f"{'all':<22}{len(every):>7}{statistics.median(every):>9.3f}"
          f"{percentile(every, 0.95):>9.3f}{max(every):>9.3f}{over:>{wide}}")


if __name__ == "__main__":
    main()
