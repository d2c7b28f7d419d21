"""Rewards for learning agents, shared by the PettingZoo environment and the OpenSpiel
game.

>>> hand_rewards((0, 2, 2))
[-1.3333333333333333, 0.6666666666666667, 0.6666666666666667]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["hand_rewards"]


def hand_rewards(points: Sequence[int]) -> list[float]:
    """A hand's reward per seat: its points (R19–R21) minus the average of the three,
    so the rewards sum to zero."""
    mean = sum(points) / 3
    return [p - mean for p in points]
