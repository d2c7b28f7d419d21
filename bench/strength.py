"""Bot strength, measured: the ladder of docs/bots.md, with confidence intervals.

Run with ``make strength`` (or ``.venv/bin/python bench/strength.py``). Three
measurements, each printed as a table and checked against its target:

1. ``beginner`` against two ``random`` bots, duplicate deals: target ≥ 85% of games.
2. ``expert`` against two ``intermediate`` bots, duplicate deals: target ≥ 50% of games
   with the 95% interval's lower bound above 40%.
3. Defence on the same deals: intermediate bots bid every hand; the hand is then played
   twice from the same position, once with two ``expert`` defenders and once with two
   ``intermediate`` defenders (the maker is the same intermediate bot both times). The
   paired difference of the euchre rates, with a 95% interval, must be above zero.

Options: ``--games`` (per arena), ``--deals`` (defence test), ``--workers``, ``--seed``,
``--json FILE``, ``--plot FILE.png``, ``--only NAME`` (beginner, expert or defence),
``--expert KEY=VALUE,...`` (a version of the expert other than the default, in both
the arena and the defence test).
The JSON keeps the expert's wins per deal set (``set_wins``), so that two versions run
on the same seed can be compared deal set by deal set (``bench/compare_runs.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import _cli  # bench/ is on the path when run as a script
from cutthroat import Hand, Phase, Rules
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.registry import BOTS
from cutthroat.sim.arena import ArenaResult, run_arena


def _arena(bots: list[str], games: int, seed: int, workers: int) -> ArenaResult:
    return run_arena(bots, games, seed=seed, workers=workers, progress=sys.stderr.isatty())


def _win_row(result: ArenaResult, name: str) -> dict[str, Any]:
    """The arena's row for a bot name, with ``win_rate`` and ``win_rate_ci`` flattened."""
    data = result.to_json()
    for row in data["by_name"]:
        if row["name"] == name:
            rate = row["win_rate"]
            return {**row, "win_rate": rate["value"], "win_rate_ci": [rate["low"], rate["high"]]}
    raise KeyError(name)


EXPERT_OPTIONS: dict[str, Any] = {}


def _interval(row: dict[str, Any]) -> str:
    """A row's win-rate interval as text (none from a single deal set)."""
    low, high = row["win_rate_ci"]
    return "[no interval]" if low is None or high is None else f"[{low:.1%}, {high:.1%}]"


def _configured_expert(seed: int) -> ExpertBot:
    """The expert with :data:`EXPERT_OPTIONS`, for the arena's registry."""
    return ExpertBot(seed=seed, **EXPERT_OPTIONS)


def set_wins(result: ArenaResult, entry: int) -> list[float]:
    """The games line-up ``entry`` won in each deal set (its three rotations; a shared
    win counts its share), in deal-set order: two runs with the same seed play the
    same deals, so ``bench/compare_runs.py`` can compare them set by set."""
    wins = [0.0] * result.deal_sets
    for game in result.results:
        wins[game.deal_set] += game.tallies[entry].wins
    return wins


def _defence_deal(seed: int) -> tuple[int, int] | None:
    """(euchred with expert defenders, euchred with intermediate defenders) for one
    deal, or None when nobody made trump."""
    rules = Rules()
    hand = Hand.deal(rules, dealer=seed % 3, seed=seed)
    bidder = IntermediateBot(seed=seed)
    while not hand.is_over and hand.phase is not Phase.PLAY:
        seat = hand.to_act
        assert seat is not None
        hand.push(bidder.choose(hand.view(seat)), seat)
    if hand.is_over:
        return None
    maker = hand.maker
    outcomes = []
    for expert_defence in (True, False):
        game = hand.copy()
        maker_bot = IntermediateBot(seed=seed + 1)
        defenders = {s: (ExpertBot(seed=seed + 2 + s, **EXPERT_OPTIONS) if expert_defence
                         else IntermediateBot(seed=seed + 2 + s))
                     for s in range(3) if s != maker}
        while not game.is_over:
            seat = game.to_act
            assert seat is not None
            bot = maker_bot if seat == maker else defenders[seat]
            game.push(bot.choose(game.view(seat)), seat)
        assert game.result is not None and maker is not None
        outcomes.append(int(game.result.tricks[maker] < 3))
    return outcomes[0], outcomes[1]


def defence_test(deals: int, seed: int, workers: int) -> dict[str, Any]:
    """Paired euchre rates of expert and intermediate defenders on the same deals."""
    seeds = [seed * 100_003 + i for i in range(deals)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        deals_done = _cli.progress(pool.map(_defence_deal, seeds, chunksize=8), len(seeds),
                                   "defence", "deals")
        results = [r for r in deals_done if r is not None]
    n = len(results)
    if n < 2:  # too few hands with a maker for a rate and an interval
        return {"hands": n, "pass": False}
    diffs = [float(a - b) for a, b in results]
    mean, half, why = _cli.mean_interval(diffs)  # Student's t, as the arena's
    assert mean is not None
    return {
        "hands": n,
        "euchre_rate_expert_defenders": sum(a for a, _ in results) / n,
        "euchre_rate_intermediate_defenders": sum(b for _, b in results) / n,
        "difference": mean,
        "ci95": [None, None] if half is None else [mean - half, mean + half],
        **({"no_interval": why} if half is None else {}),
        "pass": half is not None and mean - half > 0,
    }


def main(argv: list[str] | None = None) -> int:
    """Run the measurements, print tables and verdicts; exit 1 if a target is missed."""
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--games", type=_cli.positive_int, default=300,
                        help="games per arena (a deal set is 3 games)")
    parser.add_argument("--deals", type=_cli.at_least(2), default=400,
                        help="deals of the defence test (at least 2, for an interval)")
    parser.add_argument("--workers", type=_cli.positive_int, default=os.cpu_count() or 1,
                        help="worker processes")
    parser.add_argument("--seed", type=int, default=2026, help="seed of the first arena")
    parser.add_argument("--json", dest="json_out", type=_cli.output_file, metavar="FILE",
                        help="also write the figures (with the expert's wins per deal set) "
                             "to FILE")
    parser.add_argument("--plot", type=_cli.plot_file, metavar="FILE.png",
                        help="plot the expert's win rates to FILE.png")
    parser.add_argument("--only", choices=["beginner", "expert", "defence"],
                        help="run one measurement only")
    parser.add_argument("--play-samples", type=int, help="the expert's samples per card play")
    parser.add_argument("--inference", type=float, help="the expert's inference setting")
    parser.add_argument("--expert", default="", metavar="KEY=VALUE,...",
                        help="options of the expert (ExpertBot keywords), e.g. "
                             "bid_samples=80,playout=table")
    args = parser.parse_args(argv)
    EXPERT_OPTIONS.clear()
    EXPERT_OPTIONS.update(_cli.expert_options(args.expert, parser))
    if args.play_samples is not None:
        EXPERT_OPTIONS["play_samples"] = args.play_samples
    if args.inference is not None:
        EXPERT_OPTIONS["inference"] = args.inference
    if EXPERT_OPTIONS:  # a bad option fails here, clearly, before any game
        _cli.check_expert(parser, EXPERT_OPTIONS, ExpertBot)
    default = BOTS["expert"]
    # Arena workers are forked and look the name up in their copy of the registry.
    BOTS["expert"] = _configured_expert
    try:
        return _measure(args)
    finally:
        BOTS["expert"] = default


def _measure(args: argparse.Namespace) -> int:
    report: dict[str, Any] = {}
    ok = True
    from rich.console import Console

    console = Console()
    if args.only in (None, "beginner"):
        start = time.perf_counter()
        result = _arena(["beginner", "random", "random"], args.games, args.seed, args.workers)
        console.print(result.table())
        row = _win_row(result, "beginner")
        passed = row["win_rate"] >= 0.85
        ok &= passed
        report["beginner_vs_random"] = {**row, "pass": passed,
                                        "seconds": time.perf_counter() - start}
        console.print(f"beginner vs 2 random: {row['win_rate']:.1%} "
                      f"{_interval(row)} "
                      f"(target ≥ 85%): {'PASS' if passed else 'FAIL'}\n",
                      markup=False, highlight=False)
    if args.only in (None, "expert"):
        start = time.perf_counter()
        result = _arena(["expert", "intermediate", "intermediate"], args.games, args.seed + 1,
                        args.workers)
        console.print(result.table())
        row = _win_row(result, "expert")
        low = row["win_rate_ci"][0]
        passed = row["win_rate"] >= 0.5 and low is not None and low > 0.4
        ok &= passed
        report["expert_vs_intermediate"] = {**row, "pass": passed,
                                            "seconds": time.perf_counter() - start,
                                            "seed": args.seed,  # as --seed gave it
                                            "arena_seed": result.seed,  # --seed + 1
                                            "expert_options": dict(EXPERT_OPTIONS),
                                            "set_wins": set_wins(result, 0)}
        options = ", ".join(f"{k}={v}" for k, v in EXPERT_OPTIONS.items())
        console.print(f"expert{f' ({options})' if options else ''} vs 2 intermediate: "
                      f"{row['win_rate']:.1%} {_interval(row)} "
                      f"(target ≥ 50%, lower bound > 40%): {'PASS' if passed else 'FAIL'}\n",
                      markup=False, highlight=False)
        if args.plot:
            from cutthroat.sim.plot import plot_win_rates

            plot_win_rates(result, args.plot)
    if args.only in (None, "defence"):
        start = time.perf_counter()
        defence = defence_test(args.deals, args.seed + 2, args.workers)
        ok &= defence["pass"]
        report["defence"] = {**defence, "seconds": time.perf_counter() - start}
        if defence["hands"] < 2:
            console.print(f"defence: only {defence['hands']} of {args.deals} deals had a "
                          "maker, too few for an interval (raise --deals): FAIL",
                          markup=False, highlight=False)
        else:
            low, high = defence["ci95"]
            shown = (f"[no interval from {defence['no_interval']} differences: too few "
                     "or too alike to estimate one (raise --deals)]"
                     if low is None else f"[{low:+.1%}, {high:+.1%}]")
            console.print(
                f"defence on {defence['hands']} identical hands: expert defenders euchre "
                f"{defence['euchre_rate_expert_defenders']:.1%}, intermediate defenders "
                f"{defence['euchre_rate_intermediate_defenders']:.1%}; difference "
                f"{defence['difference']:+.1%} {shown}: "
                f"{'PASS' if defence['pass'] else 'FAIL'}",
                markup=False, highlight=False)
    if args.json_out:
        with open(args.json_out, "w", encoding="utf-8") as handle:
            json.dump(report, handle, indent=1)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
