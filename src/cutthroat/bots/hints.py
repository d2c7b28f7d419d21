"""Hints: the expert's advice for a seat, with every option's value and a reason.

One function serves every front end (``cutthroat hint``, the terminal table, the
browser): give it the view of the seat to act.

>>> from cutthroat import Hand
>>> hand = Hand.deal(seed=2)
>>> advice = hint(hand.view(hand.to_act), samples=4)
>>> str(advice.best) in ("pass", "order"), bool(advice.reason)
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..views import View
from .expert import Analysis, ExpertBot

__all__ = ["hint", "hint_json"]


def hint(view: View, *, seed: int = 0, samples: int | None = None) -> Analysis:
    """The expert's analysis of ``view``'s decision (its seat must be the one to act).

    ``samples`` sets the deals sampled per option (default: the expert's own budget).
    """
    options: dict[str, Any] = {}
    if samples is not None:
        options = {"play_samples": samples, "bid_samples": samples,
                   "bid_samples_max": samples}
    return ExpertBot(seed=seed, **options).analyse(view)


def hint_json(analysis: Analysis) -> dict[str, Any]:
    """An analysis as a JSON-ready object (for programs and the browser)."""
    return {
        "seat": analysis.seat,
        "phase": analysis.phase.name.lower(),
        "choice": str(analysis.best),
        "reason": analysis.reason,
        "samples": analysis.samples,
        "options": [
            {"action": str(o.action), "win_chance": round(o.value, 4),
             "points": round(o.points, 3), "tricks": round(o.tricks, 3),
             "outcomes": o.outcomes.to_json()}
            for o in analysis.options
        ],
    }
