"""Measure how hands end, by position and score, for the expert's valuation.

Plays intermediate bots' games to collect the positions games really pass through, then
plays many single hands from those positions (intermediate bots in every seat) and
counts how each ended: which seat, counted from the dealer, made trump, and whether it
made 3-4 tricks, marched, was euchred or met a lone defender's march. Prints
``src/cutthroat/bots/valuation_table.py``: the overall frequencies and, for each
combination of the points the three seats still need (bucketed), frequencies shrunk
towards the overall ones.

    .venv/bin/python bench/valuation_table.py --hands 150000 \\
        --out src/cutthroat/bots/valuation_table.py

With ``--expert DEALS`` it plays that many deals of the expert against two intermediate
bots instead (each deal three times, the expert in each seat) and prints
``src/cutthroat/bots/valuation_self.py``: how hands end when the expert sits at each
position from the dealer, the expert's valuation's knowledge of its own strength.

    .venv/bin/python bench/valuation_table.py --expert 120 --seed 777000 \\
        --out src/cutthroat/bots/valuation_self.py

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
from cutthroat import Game, Hand, Rules
from cutthroat.bots.base import play_game
from cutthroat.bots.expert import ExpertBot
from cutthroat.bots.heuristic import IntermediateBot
from cutthroat.bots.valuation import need_bucket
from cutthroat.bots.valuation_table import OVERALL

KINDS = ("make", "march", "euchre", "lone")
OUTCOMES = tuple((offset, kind) for offset in range(3) for kind in KINDS)
SHRINK = 40.0
"""Pseudo-hands of the overall frequencies added to each bucket's counts."""


def positions(games: int, seed: int) -> list[tuple[tuple[int, int, int], int]]:
    """(scores, dealer) at the start of every hand of some intermediate games."""
    out = []
    for g in range(games):
        game = Game(seed=seed + g)
        play_game(game, [IntermediateBot(seed=3 * g + s) for s in range(3)])
        scores = [0, 0, 0]
        for hand, result in zip(game.hands, game.results, strict=True):
            out.append(((scores[0], scores[1], scores[2]), hand.dealer))
            scores = [scores[s] + result.points[s] for s in range(3)]
    return out


def classify(points: tuple[int, ...], dealer: int, march: int) -> tuple[int, str] | None:
    """The (maker from the dealer, kind) of a hand's points; ``None`` if thrown in."""
    rel = [points[(dealer + k) % 3] for k in range(3)]
    winners = [k for k in range(3) if rel[k]]
    if not winners:
        return None
    if len(winners) == 1:
        return winners[0], "march" if rel[winners[0]] >= march else "make"
    maker = next(k for k in range(3) if not rel[k])
    return maker, "lone" if max(rel) >= 4 else "euchre"


def one(args: tuple[int, list[tuple[tuple[int, int, int], int]], int]
        ) -> tuple[tuple[int, ...], tuple[int, str] | None]:
    index, starts, seed = args
    rng = random.Random(seed * 1_000_003 + index)
    scores, dealer = starts[rng.randrange(len(starts))]
    rules = Rules()
    hand = Hand.deal(rules, dealer=dealer, rng=rng)
    bots = [IntermediateBot(seed=3 * index + s) for s in range(3)]
    while not hand.is_over:
        seat = hand.to_act
        assert seat is not None
        hand.push(bots[seat].choose(hand.view(seat, scores)), seat)
    result = hand.result
    assert result is not None
    bucket = tuple(need_bucket(rules.target - scores[(dealer + k) % 3]) for k in range(3))
    return bucket, classify(result.points, dealer, rules.march_points)


def expert_game(args: tuple[int, int, int]) -> list[tuple[int, tuple[int, str] | None]]:
    """Play deal ``index`` with the expert in seat ``hero``: per hand, (the expert's seat
    counted from the dealer, how the hand ended)."""
    index, hero, seed = args
    game = Game(seed=seed + index)
    bots: list[ExpertBot | IntermediateBot] = [
        IntermediateBot(seed=3 * index + s) for s in range(3)]
    bots[hero] = ExpertBot(seed=1000 + index, aware=False)  # valuing as among equals
    play_game(game, bots)
    march = game.rules.march_points
    return [((hero - hand.dealer) % 3, classify(result.points, hand.dealer, march))
            for hand, result in zip(game.hands, game.results, strict=True)]


def measure_self(games: int, seed: int, workers: int | None) -> str:
    """The ``valuation_self`` module from ``games`` deals of the expert against two
    intermediate bots, shrunk towards the intermediate bots' ``OVERALL``."""
    jobs = [(g, hero, seed) for g in range(games) for hero in range(3)]
    counts: dict[int, Counter[tuple[int, str] | None]] = {p: Counter() for p in range(3)}
    with Pool(workers) as pool:
        played = _cli.progress(pool.imap_unordered(expert_game, jobs), len(jobs),
                               "expert's table", "games")
        for done, rows in enumerate(played, 1):
            for offset, outcome in rows:
                counts[offset][outcome] += 1
            if done % 30 == 0:
                print(f"{done:,} of {len(jobs):,} games", file=sys.stderr)
    return render_self(counts, games, seed)


def render_self(counts: dict[int, Counter[tuple[int, str] | None]], games: int,
                seed: int) -> str:
    """The ``valuation_self`` module from the counted outcomes."""
    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)

    out("# ruff: noqa: E501")
    out('"""How hands end with the expert at the table, measured by')
    out("``bench/valuation_table.py --expert`` (do not edit by hand).")
    out()
    out(f"{games} deals of the expert (``aware=False``) against two intermediate bots, each")
    out(f"played three times with the expert in each seat (seed {seed}), standard rules.")
    out("For each position of the expert counted from the dealer (0 the dealer, 1 his")
    out("left, 2 his right), the frequencies of ``OUTCOMES`` of")
    out(":mod:`cutthroat.bots.valuation_table`, shrunk towards the intermediate bots'")
    out('``OVERALL`` with 40 pseudo-hands."""')
    out()
    out("SELF = {")
    for offset in range(3):
        found = counts[offset]
        n = sum(v for k, v in found.items() if k is not None)
        freqs = [(found[o] + SHRINK * OVERALL[i]) / (n + SHRINK)
                 for i, o in enumerate(OUTCOMES)]
        out(f"    {offset}: (" + ", ".join(f"{p:.5f}" for p in freqs) + f"),  # {n} hands")
    out("}")
    out('"""How hands end, by the expert\'s position from the dealer."""')
    return "\n".join(lines) + "\n"


def render_table(overall: Counter[tuple[int, str] | None],
                 buckets: dict[tuple[int, ...], Counter[tuple[int, str] | None]],
                 seed: int) -> str:
    """The ``valuation_table`` module from the counted outcomes (at least one hand)."""
    lines: list[str] = []

    def out(line: str = "") -> None:
        lines.append(line)

    total = sum(overall.values())
    base = [overall[o] / total for o in OUTCOMES]
    thrown = overall[None] / total
    out("# ruff: noqa: E501")
    out('"""How hands end, measured by ``bench/valuation_table.py`` (do not edit by hand).')
    out()
    out(f"{total:,} hands of intermediate bots, standard rules, from positions of real games")
    out(f"(seed {seed}). Outcomes are ``OUTCOMES``: (maker counted from the dealer,")
    out('kind). Buckets are the points each seat still needs, counted from the dealer:')
    out('0 one point, 1 two, 2 three or four, 3 five or more."""')
    out()
    out(f"OUTCOMES = {OUTCOMES!r}")
    out('"""The ways a hand ends: (maker counted clockwise from the dealer, kind)."""')
    out(f"THROWN_IN = {thrown:.5f}")
    out('"""The share of hands thrown in (all passed twice)."""')
    out("OVERALL = (" + ", ".join(f"{p:.5f}" for p in base) + ")")
    out('"""How often each of ``OUTCOMES`` happened, over all positions."""')
    out("BY_NEED = {")
    for bucket in sorted(buckets):
        counts = buckets[bucket]
        n = sum(counts.values())
        freqs = [(counts[o] + SHRINK * base[i]) / (n + SHRINK) for i, o in enumerate(OUTCOMES)]
        out(f"    {bucket!r}: (" + ", ".join(f"{p:.5f}" for p in freqs) + f"),  # {n} hands")
    out("}")
    out('"""The same, by the bucketed points (dealer, left, right) still need."""')
    return "\n".join(lines) + "\n"


def main(argv: Sequence[str] | None = None) -> None:
    parser = _cli.parser_for(__doc__)
    parser.add_argument("--hands", type=_cli.positive_int, default=150_000,
                        help="single hands played from the positions")
    parser.add_argument("--games", type=_cli.positive_int, default=1_000,
                        help="games of intermediate bots played for the positions")
    parser.add_argument("--seed", type=int, default=56, help="seed of the hands")
    parser.add_argument("--workers", type=_cli.positive_int, default=None,
                        help="worker processes (default: one per CPU)")
    parser.add_argument("--expert", type=_cli.positive_int, default=None, metavar="DEALS",
                        help="instead, the expert's own table (valuation_self) from DEALS "
                             "deals, each played three times")
    parser.add_argument("--out", type=_cli.output_file, default=None, metavar="FILE",
                        help="write the module to FILE once it is complete (default: stdout)")
    args = parser.parse_args(argv)
    if args.expert is not None:
        _cli.emit(measure_self(args.expert, args.seed, args.workers), args.out)
        return
    starts = positions(args.games, 900_000)
    with Pool(args.workers) as pool:
        rows = _cli.progress(
            pool.imap_unordered(one, [(i, starts, args.seed) for i in range(args.hands)],
                                chunksize=200),
            args.hands, "valuation table")
        overall: Counter[tuple[int, str] | None] = Counter()
        buckets: dict[tuple[int, ...], Counter[tuple[int, str] | None]] = {}
        for done, (bucket, outcome) in enumerate(rows, 1):
            overall[outcome] += 1
            buckets.setdefault(bucket, Counter())[outcome] += 1
            if done % 10_000 == 0:
                print(f"{done:,} hands", file=sys.stderr)
    _cli.emit(render_table(overall, buckets, args.seed), args.out)


if __name__ == "__main__":
    main()
