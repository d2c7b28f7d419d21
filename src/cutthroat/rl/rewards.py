"""Rewards for learning agents, shared by the PettingZoo environment and the OpenSpiel
game.

>>> hand_rewards((0, 2, 2))
[-1.3333333333333333, 0.6666666666666667, 0.6666666666666667]
>>> game_rewards((2,))
[-0.5, -0.5, 1.0]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["EPISODES", "game_rewards", "hand_rewards"]

EPISODES = ("game", "hand")
"""What an environment's episode may be: a whole game, or one hand (docs/rl.md)."""


def hand_rewards(points: Sequence[int]) -> list[float]:
    """A hand's reward per seat: its points (R19–R21) minus the average of the three,
    so the rewards sum to zero, up to floating-point rounding where the average is a
    third (a few 1e-16: compare with a tolerance); seats with the same points get
    exactly the same reward."""
    mean = sum(points) / 3
    return [p - mean for p in points]


def game_rewards(winners: Sequence[int]) -> list[float]:
    """A finished game's reward per seat: +1 to the winner and −½ to each other player;
    winners who share the win (``tie="share"``, R22) split +1 and the others −1, so the
    rewards sum to zero."""
    losers = 3 - len(winners)
    return [1.0 / len(winners) if seat in winners else (-1.0 / losers if losers else 0.0)
            for seat in range(3)]
