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

import hashlib
from collections.abc import Sequence
from typing import Any

from ..actions import Action
from ..render import describe_seat
from ..views import View
from .expert import Analysis, ExpertBot, Outcomes

__all__ = ["hint", "hint_json", "hint_lines", "hint_seed"]


def hint_seed(view: View) -> int:
    """The seed a hint on ``view`` samples with by default: read from the view alone
    (the seat, its cards and own discards, the up-card, the moves as it saw them, the
    scores), so every front end gives the same advice at the same decision, and
    ``cutthroat review`` of the game's record finds the same analysis again, with no
    seed to carry. Nothing hidden from the seat goes into it."""
    text = "|".join((
        str(view.seat), str(view.dealer), str(view.upcard),
        " ".join(map(str, view.cards)), " ".join(map(str, view.buried)), str(view.discard),
        ";".join(view.moves), str(view.scores), str(sorted(view.rules.to_json().items())),
    ))
    return int.from_bytes(hashlib.blake2b(text.encode(), digest_size=8).digest(), "big")


def hint(view: View, *, seed: int | None = None, samples: int | None = None,
         also: Sequence[Action] = ()) -> Analysis:
    """The expert's analysis of ``view``'s decision (its seat must be the one to act).

    ``samples`` sets the deals sampled per option (default: the expert's own budget);
    ``seed`` the sampling's seed (default :func:`hint_seed`, from the view); ``also``
    options to value beside those the expert tries (a player's own keep of five, which
    may be none of them: the review and the coach value it on the same samples).
    """
    options: dict[str, Any] = {}
    if samples is not None:
        options = {"play_samples": samples, "bid_samples": samples,
                   "bid_samples_max": samples}
    expert = ExpertBot(seed=hint_seed(view) if seed is None else seed, **options)
    return expert.analyse(view, also)


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


def hint_lines(analysis: Analysis, players: Sequence[str] = ("Seat 0", "Seat 1", "Seat 2")
               ) -> list[str]:
    """An analysis as lines for people: who is to act, the choice and why, then each
    option's chance to win the game, points and tricks (``cutthroat hint``, the
    terminal game)."""
    phase = analysis.phase.name.lower().replace("_", " ")
    lines = [f"{describe_seat(analysis.seat, players)} to act: {phase}",
             f"Hint: {analysis.best} - {analysis.reason}"]
    if analysis.samples:
        lines.append(f"Options ({analysis.samples} sampled deals each):")
        for option in analysis.options:
            chance = min(max(option.value, 0.0), 1.0)
            lines.append(f"  {option.action!s:<24} win {chance:6.1%}   "
                         f"points {option.points:+.2f}   side tricks {option.tricks:.2f}"
                         f"{_ending(option.outcomes)}")
    return lines


def _ending(outcomes: Outcomes) -> str:
    """How hands went after an option, in a few words: made and euchred as the maker,
    the maker euchred as a defender."""
    if outcomes.as_maker >= 0.5:
        return f"   made {outcomes.make_rate:.0%}"
    if outcomes.defending >= 0.5:
        return f"   maker euchred {outcomes.defence_rate:.0%}"
    return ""
