"""Research use: the game for learning agents (the ``rl`` extra: NumPy, Gymnasium,
PettingZoo).

* :mod:`.observation`: a seat's :class:`~cutthroat.views.View` as a vector (the layout
  is documented there), and the legal actions as a mask over the flat action space of
  :mod:`cutthroat.actions` (``NUM_ACTIONS`` = 332).
* :mod:`.pettingzoo_env`: a PettingZoo AEC environment, ``cutthroat_v0``.
* :mod:`.openspiel_game`: an OpenSpiel game, ``python_cutthroat_euchre`` (the
  ``openspiel`` extra; importing the module registers it).

>>> from cutthroat.rl import env
>>> game = env(seed=3)
>>> game.reset(seed=3)
>>> game.agent_selection in game.agents
True
"""

from __future__ import annotations

__all__ = ["env", "raw_env"]


def __getattr__(name: str) -> object:
    if name in ("env", "raw_env"):
        from . import pettingzoo_env

        return getattr(pettingzoo_env, name)
    raise AttributeError(name)
