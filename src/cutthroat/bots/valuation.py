"""Valuing a hand's points in game terms: an estimate of each seat's chance to win.

Points are not all worth the same: two points that put an opponent on the target lose
the game, while a point for oneself at 9 wins it. Bots therefore value the outcome of a
hand by :func:`win_chances` of the scores it leads to, a smooth estimate that is exact
once the game is decided (R22).

>>> from cutthroat import Rules
>>> [round(p, 2) for p in win_chances((0, 0, 0), Rules())]
[0.33, 0.33, 0.33]
>>> win_chances((10, 4, 3), Rules())[0]
1.0
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..rules import Rules

__all__ = ["STEEPNESS", "hand_value", "win_chances"]

STEEPNESS = 0.2
"""The exponential part of how fast the chance to win grows near the target."""


def win_chances(scores: Sequence[int], rules: Rules) -> tuple[float, float, float]:
    """Each seat's estimated chance to win the game from these scores."""
    target = rules.target
    top = max(scores)
    if top >= target:
        leaders = [s for s in range(3) if scores[s] == top]
        if len(leaders) == 1 or rules.tie == "share":
            share = 1.0 / len(leaders)
            return tuple(share if s in leaders else 0.0 for s in range(3))  # type: ignore[return-value]
        # play on: the leaders race on; the others are all but out
        share = 0.96 / len(leaders)
        return tuple(share if s in leaders else 0.02 for s in range(3))  # type: ignore[return-value]
    # Each seat's weight falls with the points it still needs, d: exp(-0.2 d) / (d + 1)^1.5,
    # a curve fitted on games of intermediate bots played on from set scores. Distances
    # are scaled to a game to 10, so the estimate means the same in a game to 5.
    scale = 10.0 / max(target, 1)
    weights = [_weight((target - s) * scale) for s in scores]
    total = sum(weights)
    return weights[0] / total, weights[1] / total, weights[2] / total


def _weight(need: float) -> float:
    return math.exp(-STEEPNESS * need) * math.pow(need + 1.0, -1.5)


def hand_value(seat: int, points: Sequence[int], scores: Sequence[int] | None,
               rules: Rules) -> float:
    """The value for ``seat`` of scoring ``points`` this hand from ``scores``: its chance
    to win afterwards, plus a small tie-break for its own points."""
    before = scores if scores is not None else (0, 0, 0)
    after = [before[s] + points[s] for s in range(3)]
    return win_chances(after, rules)[seat] + 0.001 * (points[seat] - sum(points) / 3)
