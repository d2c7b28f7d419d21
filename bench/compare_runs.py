"""Two runs of the expert's arena on the same deals, compared deal set by deal set.

``bench/strength.py --only expert --seed S --json FILE`` keeps the expert's wins in
each deal set. Two versions of the expert run with the same seed play the same deals
(the same cards in every hand until their play makes the games differ), so the luck of
the cards largely cancels in their difference: much sharper than comparing two runs on
different deals.

    .venv/bin/python bench/compare_runs.py new.json default.json
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import _cli  # bench/ is on the path when run as a script


class RunError(Exception):
    """A run's file that cannot be compared (missing, not JSON, no per-deal-set wins)."""


def _row(path: str) -> dict[str, Any]:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise RunError(f"{path}: cannot be read ({exc.strerror or exc})") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise RunError(f"{path}: not JSON ({exc})") from None
    row = data.get("expert_vs_intermediate") if isinstance(data, dict) else None
    wins = row.get("set_wins") if isinstance(row, dict) else None
    if (not isinstance(row, dict) or not isinstance(wins, list)
            or not all(isinstance(w, int | float) for w in wins)):
        raise RunError(f"{path}: no per-deal-set results (run bench/strength.py "
                       "--only expert --json FILE)")
    return row


def arena_seed(row: dict[str, Any]) -> Any:
    """The seed the expert's arena ran at (``--seed`` + 1): ``arena_seed``, or in a file
    written before that key was, ``seed``, which held it then."""
    return row.get("arena_seed", row.get("seed"))


def user_seed(row: dict[str, Any]) -> Any:
    """The ``--seed`` the run was given: ``seed`` where ``arena_seed`` is kept beside it;
    in an older file (``seed`` was the arena's), that less 1."""
    if "arena_seed" in row:
        return row.get("seed")
    seed = row.get("seed")
    return seed - 1 if isinstance(seed, int) else seed


def compare(a: list[float], b: list[float]) -> dict[str, Any]:
    """Win rates of A and B over the deal sets both played, and the paired difference
    A − B with its 95% half-width over deal sets (Student's t on the sample standard
    deviation; ``None``, with ``no_interval`` saying why, where every deal set gave the
    same difference)."""
    n = min(len(a), len(b))
    if n < 2:
        raise ValueError("at least two common deal sets are needed")
    diff = [(x - y) / 3 for x, y in zip(a[:n], b[:n], strict=True)]
    mean, half, _ = _cli.mean_interval(diff)
    out: dict[str, Any] = {"sets": n, "a": sum(a[:n]) / (3 * n), "b": sum(b[:n]) / (3 * n),
                           "difference": mean, "half_width": half}
    if half is None:
        out["no_interval"] = (f"the {n} deal sets all gave the same difference, too few "
                              "or too alike to estimate one")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a", help="JSON of run A (bench/strength.py --json)")
    parser.add_argument("b", help="JSON of run B, the same seed")
    args = parser.parse_args(argv)
    try:
        a, b = _row(args.a), _row(args.b)
    except RunError as exc:
        print(f"compare_runs.py: {exc}", file=sys.stderr)
        return 2
    if arena_seed(a) != arena_seed(b):
        print(f"the runs have different seeds ({user_seed(a)} and {user_seed(b)}): "
              "their deals differ", file=sys.stderr)
        return 2
    try:
        out = compare(a["set_wins"], b["set_wins"])
    except ValueError as exc:
        print(f"compare_runs.py: {exc} (the runs share "
              f"{min(len(a['set_wins']), len(b['set_wins']))}; play more games)",
              file=sys.stderr)
        return 2
    sizes = {len(a["set_wins"]), len(b["set_wins"])}
    played = "" if len(sizes) == 1 else (
        f" (A played {len(a['set_wins'])} deal sets, B {len(b['set_wins'])}: the first "
        f"{out['sets']} of each are compared)")
    print(f"{out['sets']} deal sets, {3 * out['sets']} games in each run compared, "
          f"--seed {user_seed(a)}{played}")
    for name, row in (("A", a), ("B", b)):
        if row.get("expert_options"):
            print(f"  {name}: expert {row['expert_options']}")
    print(f"  A won {out['a']:.1%}, B won {out['b']:.1%}")
    if out["half_width"] is None:
        print(f"  A − B: {out['difference']:+.1%} (no interval: {out['no_interval']})")
    elif out["half_width"] >= 1.0:  # a difference of two rates lies within ±100%
        print(f"  A − B: {out['difference']:+.1%} (no useful interval: {out['sets']} deal "
              "sets are too few; the 95% interval spans more than every possible value)")
    else:
        print(f"  A − B: {out['difference']:+.1%} ± {out['half_width']:.1%} (95%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
