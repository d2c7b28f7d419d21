"""Bots: players that see only their seat's view and return a legal action.

>>> import random
>>> from cutthroat import Hand
>>> from cutthroat.bots import RandomBot
>>> hand = Hand.deal(seed=1)
>>> bot = RandomBot(seed=0)
>>> str(bot.choose(hand.view(hand.to_act))) in ("pass", "order")
True
"""

from .base import Bot, play_game
from .random import RandomBot

__all__ = ["Bot", "RandomBot", "play_game"]
