"""The bot registry: every bot by name, made from a seed.

>>> make_bot("random", 3).name
'random'
>>> bot_names()
['random', 'beginner', 'intermediate', 'expert']
"""

from __future__ import annotations

import importlib
from collections.abc import Callable

from .base import Bot
from .random import RandomBot

__all__ = ["BOTS", "BotFactory", "BotUnavailableError", "UnknownBotError", "bot_names",
           "make_bot"]


class UnknownBotError(ValueError):
    """A bot name is not in the registry :data:`BOTS`."""


class BotUnavailableError(RuntimeError):
    """A registered bot cannot be made here (its module is missing)."""


BotFactory = Callable[[int], Bot]
"""Makes a bot from its seed."""


def _random_bot(seed: int) -> Bot:
    return RandomBot(seed=seed)


def _lazy(module: str, attr: str, bot: str) -> BotFactory:
    """A factory that imports ``module`` only when the bot is made, and says clearly
    when it is missing. The class is called as ``cls(seed=seed)``."""

    def make(seed: int) -> Bot:
        try:
            mod = importlib.import_module(module)
        except ModuleNotFoundError as exc:
            missing = module if exc.name in (None, module) else exc.name
            raise BotUnavailableError(
                f"the {bot!r} bot is not available: module {missing} is missing"
            ) from exc
        cls = getattr(mod, attr, None)
        if cls is None:
            raise BotUnavailableError(f"the {bot!r} bot needs {module}.{attr}, which is missing")
        made: Bot = cls(seed=seed)
        return made

    return make


BOTS: dict[str, BotFactory] = {
    "random": _random_bot,
    "beginner": _lazy("cutthroat.bots.heuristic", "BeginnerBot", "beginner"),
    "intermediate": _lazy("cutthroat.bots.heuristic", "IntermediateBot", "intermediate"),
    "expert": _lazy("cutthroat.bots.expert", "ExpertBot", "expert"),
}
"""Bot name → factory taking a seed. Adding a bot to the arena is one line here.

Worker processes look names up in their own copy of this registry: a bot added at run
time reaches them only where processes are forked (Linux), not spawned."""


def bot_names() -> list[str]:
    """The registered bot names, in registry order."""
    return list(BOTS)


def make_bot(name: str, seed: int) -> Bot:
    """A new bot by registry name, seeded."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise UnknownBotError(
            f"unknown bot {name!r} (known: {', '.join(BOTS)})"
        ) from None
    return factory(seed)
