"""Bots: players that see only their seat's view and return a legal action.

>>> import random
>>> from cutthroat import Hand
>>> from cutthroat.bots import RandomBot
>>> hand = Hand.deal(seed=1)
>>> bot = RandomBot(seed=0)
>>> str(bot.choose(hand.view(hand.to_act))) in ("pass", "order")
True

The bots of the ladder are classes too: :class:`RandomBot`, :class:`BeginnerBot`,
:class:`IntermediateBot` and :class:`ExpertBot` (``ExpertBot(seed=1, bid_samples=80)``).
Bots by name: ``make_bot("expert", seed=1)``; the names are the keys of ``BOTS``
(``random``, ``beginner``, ``intermediate``, ``expert``). Options follow a colon,
``make_bot("expert:bid_samples=80", seed=1)``, or come as keywords,
``make_bot("expert", 1, bid_samples=80)``.

Advice for the seat to act: ``print(hint(game.view(seat)))`` gives the expert's choice,
why, and each option's chance to win the game (:mod:`cutthroat.bots.hints`);
``hint(game.view(seat), earlier=earlier_views(game, seat))`` reads the other players
from how they have played the game so far.
"""

from .base import Bot, BotError, BotMoveError, BotTimeoutError, choose_explained, play_game
from .expert import ExpertBot
from .heuristic import BeginnerBot, IntermediateBot
from .hints import earlier_views, hint
from .random import RandomBot
from .registry import BOTS, BotSpecError, BotUnavailableError, UnknownBotError, make_bot

__all__ = ["BOTS", "BeginnerBot", "Bot", "BotError", "BotMoveError", "BotSpecError",
           "BotTimeoutError", "BotUnavailableError", "ExpertBot", "IntermediateBot", "RandomBot",
           "UnknownBotError", "choose_explained", "earlier_views", "hint", "make_bot",
           "play_game"]
