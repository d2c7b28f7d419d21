"""A hand as text for a person watching an environment (``render_mode="ansi"`` returns
it, ``"human"`` prints it)."""

from __future__ import annotations

from collections.abc import Sequence

from . import missing_extra

try:
    import gymnasium
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise missing_extra(exc, "rl") from None

from ..render import describe_hand
from ..state import Hand

__all__ = ["RENDER_MODES", "render_hand"]


RENDER_MODES = ("ansi", "human")
"""The environments' render modes: the hand as text, returned or printed."""


def render_hand(render_mode: str | None, hand: Hand | None, names: Sequence[str]) -> str | None:
    """The hand as text, every card shown (for a person, not an agent), with ``names``
    for the seats; ``None`` before a deal. With ``"human"`` it is printed and ``None``
    returned, as Gymnasium and PettingZoo ask. Without a render mode, ``None`` and
    Gymnasium's warning, as other environments give."""
    if render_mode is None:
        gymnasium.logger.warn("You are calling render method without specifying any "
                              "render mode: make the environment with "
                              "render_mode=\"ansi\" to see the hand as text.")
        return None
    if hand is None:
        return None
    text = "\n".join(describe_hand(hand, names))
    if render_mode == "human":
        print(text + "\n")
        return None
    return text
