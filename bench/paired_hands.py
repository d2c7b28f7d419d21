"""Two bots compared hand by hand: the same deal, the same scores, the same opponents.

A research tool for finding where a bot gains or loses. Each hand starts from a
position that real games pass through (scores and dealer, collected from games of
intermediate bots), is dealt at random, and is played twice: once with bot A in the
hero's seat and once with bot B, the other two seats intermediate bots with the same
seeds. Because everything else is equal, the difference is measured far more sharply
than by whole games. The measures are the hero's chance to win the game after the hand
(:func:`cutthroat.bots.valuation.win_chances`) and its points minus the others' average;
the hands are then grouped by the first decision on which A and B differ, and by
where they start (the points the hero and its closer opponent still need, and whether
the hero deals or bids first or second).

    .venv/bin/python bench/paired_hands.py expert intermediate --hands 1500
    .venv/bin/python bench/paired_hands.py expert:bid_samples=160 expert --hands 600
    .venv/bin/python bench/paired_hands.py oracle-play expert --hands 900

Bots: any bot spec the registry reads (``random``, ``beginner``, ``intermediate``,
``expert``, or ``expert:key=value,...`` with options), and two oracles that measure how much
there is to gain: ``oracle-play`` (the expert, but its card play sees every card) and
``oracle-bid`` (every decision before play sees every card).
"""

from __future__ import annotations

import argparse
import random
import statistics
from collections import defaultdict
from collections.abc import Callable, Sequence
from multiprocessing import Pool
from typing import Any

import _cli  # bench/ is on the path when run as a script
from cutthroat import Hand, Rules
from cutthroat.bots import make_bot
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.valuation import need_bucket, win_chances
from cutthroat.state import Phase
from valuation_table import positions

_TRUE: list[Hand | None] = [None]
"""The hand being played, for the oracles (one per worker process)."""


class Oracle(ExpertBot):
    """The expert, except that in the given phases its "samples" are the true deal."""

    def __init__(self, seed: int, play: bool, **options: Any) -> None:
        super().__init__(seed, **options)
        self.cheat_in_play = play

    def _draw(self, view: Any, rng: random.Random,
              seeds: Sequence[Hand]) -> tuple[Hand, bool]:
        hand = _TRUE[0]
        if hand is not None and (view.phase is Phase.PLAY) == self.cheat_in_play:
            return hand.copy(), True
        return super()._draw(view, rng, seeds)


ORACLES = ("oracle-play", "oracle-bid")
"""The names of the two oracles, besides the registry's bot specs."""


def factory(spec: str) -> Callable[[int], Any]:
    """A function of a seed making the bot that ``spec`` names (checked by
    :func:`check_spec` in the main process: a worker that exits leaves the pool waiting)."""
    if spec == "oracle-play":
        return lambda seed: Oracle(seed, True, play_samples=1)
    if spec == "oracle-bid":
        return lambda seed: Oracle(seed, False, bid_samples=1, bid_samples_max=1)
    return lambda seed: make_bot(spec, seed)


def check_spec(parser: argparse.ArgumentParser, spec: str, what: str) -> None:
    """``parser.error`` (exit 2) unless ``spec`` is an oracle or makes a bot."""
    if spec not in ORACLES:
        _cli.check_bot(parser, spec, what, also=tuple(ORACLES))


def chance_after(hand: Hand, scores: tuple[int, int, int], hero: int) -> float:
    """The hero's chance to win the game after ``hand`` (over) from ``scores``, the
    next hand dealt by the seat on the dealer's left."""
    result = hand.result
    assert result is not None
    after = [scores[s] + result.points[s] for s in range(3)]
    return win_chances(after, hand.rules, (hand.dealer + 1) % 3)[hero]


Start = tuple[tuple[int, int, int], int]


def start_of(index: int, starts: Sequence[Start], seed: int
             ) -> tuple[tuple[int, int, int], int, int, random.Random]:
    """Hand ``index``'s scores, dealer and hero's seat, and the generator that deals it."""
    rng = random.Random(seed * 1_000_003 + index)
    scores, dealer = starts[rng.randrange(len(starts))]
    return scores, dealer, index % 3, rng


def stakes(scores: Sequence[int], dealer: int, hero: int, target: int = 10) -> list[str]:
    """The groups a hand falls in by its start: the points the hero and the closer of
    its opponents still need (``"need 1 / 3-4"``), and the hero's place in the bidding
    (``"bids first"``, ``"bids second"``, ``"deals"``)."""
    def bucket(need: int) -> str:
        return ("1", "2", "3-4", "5+")[need_bucket(need)]

    rival = min(target - scores[(hero + 1) % 3], target - scores[(hero + 2) % 3])
    place = ("deals", "bids first", "bids second")[(hero - dealer) % 3]
    return [f"need {bucket(target - scores[hero])} / {bucket(rival)}", place]


def one(args: tuple[int, list[str], list[Start], int]
        ) -> list[tuple[float, float, list[tuple[str, str]]]]:
    """Play hand ``index`` once per bot; per bot: (win chance, relative points, log)."""
    index, specs, starts, seed = args
    scores, dealer, hero, rng = start_of(index, starts, seed)
    deal = Hand.deal(Rules(), dealer=dealer, rng=rng)
    out: list[tuple[float, float, list[tuple[str, str]]]] = []
    for spec in specs:
        bots: list[Any] = [IntermediateBot(seed=3 * index + s) for s in range(3)]
        bots[hero] = factory(spec)(index)
        hand = deal.copy()
        _TRUE[0] = hand
        log = []
        while not hand.is_over:
            seat = hand.to_act
            assert seat is not None
            action = bots[seat].choose(hand.view(seat, scores))
            if seat == hero:
                log.append((hand.phase.name, str(action)))
            hand.push(action, seat)
        chance = chance_after(hand, scores, hero)
        assert hand.result is not None
        points = hand.result.points
        out.append((chance, points[hero] - (sum(points) - points[hero]) / 2, log))
    return out


def interval(values: list[float], digits: int = 4, *, why: bool = True,
             span: float | None = 1.0) -> str:
    """The mean of ``values`` with its 95% half-width (Student's t on the sample standard
    deviation, :func:`_cli.mean_interval`), as text: "—" for no values, "± n/a" where
    there is no interval (one value, or all equal, or a half-width of ``span`` or more,
    wider than any value can be: a difference of two chances lies within ±1), with the
    reason unless ``why`` is false."""
    mean, half, reason = _cli.mean_interval(values)
    if mean is None:
        return "—"
    if half is not None and span is not None and half >= span:
        half, reason = None, f"only {len(values)} values, too few"
    if half is None:
        return f"{mean:+.{digits}f} ± n/a" + (f" ({reason}: no interval)" if why else "")
    return f"{mean:+.{digits}f} ± {half:.{digits}f}"


def main(argv: Sequence[str] | None = None) -> None:
    spec_help = ("a bot spec: a name (random, beginner, intermediate, expert) with options "
                 "as name:option=value,... (expert:bid_samples=160), your own module.Class, "
                 "or an oracle: oracle-play (the expert seeing every card in play) or "
                 "oracle-bid (every card seen before play)")
    parser = _cli.parser_for(__doc__)
    parser.add_argument("a", help="bot A, " + spec_help)
    parser.add_argument("b", help="bot B, the same kinds as A")
    parser.add_argument("--hands", type=_cli.positive_int, default=600,
                        help="hands played (each once per bot)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the deals and starts")
    parser.add_argument("--workers", type=_cli.positive_int, default=None,
                        help="worker processes (default: one per CPU)")
    args = parser.parse_args(argv)
    check_spec(parser, args.a, "bot A")
    check_spec(parser, args.b, "bot B")
    starts = positions(300, 900_000)
    jobs = [(i, [args.a, args.b], starts, args.seed) for i in range(args.hands)]
    with Pool(args.workers) as pool:
        rows = list(_cli.progress(pool.imap(one, jobs, chunksize=4), len(jobs), "paired hands"))
    chance = [a[0] - b[0] for a, b in rows]
    points = [a[1] - b[1] for a, b in rows]
    print(f"{args.a} minus {args.b}, {len(rows)} hand{'' if len(rows) == 1 else 's'}, "
          "95% intervals (Student's t)")
    print(f"  win chance after the hand  {interval(chance)}")
    print(f"  points minus others' mean  {interval(points, span=None)}")
    groups: dict[str, list[float]] = defaultdict(list)
    for (ca, _, log_a), (cb, _, log_b) in rows:
        key = "the same decisions"
        for x, y in zip(log_a, log_b, strict=False):
            if x != y:
                key = f"{x[0].lower()}: {x[1].split()[0]} / {y[1].split()[0]}"
                break
        groups[key].append(ca - cb)
    print(f"\n  {'first different decision (A / B)':42} {'hands':>6} {'sum':>8} {'mean':>8}")
    for key, diffs in sorted(groups.items(), key=lambda kv: sum(kv[1])):
        print(f"  {key:42} {len(diffs):6d} {sum(diffs):+8.2f} {statistics.fmean(diffs):+8.4f}")
    by_start: dict[str, list[float]] = defaultdict(list)
    for index, (a, b) in enumerate(rows):
        scores, dealer, hero, _ = start_of(index, starts, args.seed)
        for key in stakes(scores, dealer, hero):
            by_start[key].append(a[0] - b[0])
    print(f"\n  {'by the start (points still needed: A / its closer opponent)':60} "
          f"{'hands':>6} {'mean, 95%':>18}")
    for key in sorted(by_start):
        print(f"  {key:60} {len(by_start[key]):6d} {interval(by_start[key], why=False):>18}")
    if any(_cli.mean_interval(v)[1] is None for v in by_start.values()):
        print("  n/a: no interval from one hand, or from hands all equal")


if __name__ == "__main__":
    main()
