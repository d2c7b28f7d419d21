"""Research use: the game for learning agents (the ``rl`` extra: NumPy, Gymnasium,
PettingZoo).

* :mod:`.observation`: a seat's :class:`~cutthroat.views.View` as a vector (the layout
  is documented there); :mod:`.layout` holds where each part of the vector starts.
* :mod:`.policy`: the flat action space of :mod:`cutthroat.actions` (``NUM_ACTIONS`` =
  332) read from a view alone: the legal actions as a mask, an id's action and an
  action's id, so that a trained policy plays as a bot (``choose(view)``) in the arena.
* :mod:`.pettingzoo_env`: a PettingZoo AEC environment, ``cutthroat_v0`` (also a
  module of that name, :mod:`.cutthroat_v0`, as PettingZoo names them); :mod:`.text`
  the hand as text for its ``render_mode="ansi"``, :mod:`.rewards` the rewards it shares
  with the OpenSpiel game.
* :mod:`.vs_bots`: one agent against two bots, the Gymnasium environment
  ``cutthroat/VsBots-v0`` (importing the module registers it), :class:`VsBotsEnv`.
* :mod:`.openspiel_game`: an OpenSpiel game, ``python_cutthroat_euchre`` (the
  ``openspiel`` extra; importing the module registers it), with the perfect-recall
  information-state tensor of :mod:`.information_state`.

>>> from cutthroat.rl import env
>>> game = env(seed=3)
>>> game.reset(seed=3)
>>> game.agent_selection in game.agents
True
"""

from __future__ import annotations

__all__ = ["VsBotsEnv", "env", "missing_extra", "raw_env"]


def missing_extra(exc: ModuleNotFoundError, extra: str) -> ModuleNotFoundError:
    """The error for a research module whose optional dependency is not installed: the
    module missing, and the extra that installs it (``rl``, ``openspiel``)."""
    return ModuleNotFoundError(f"{exc.msg}: this needs the {extra} extra, pip install "
                               f"'cutthroat-euchre[{extra}]'", name=exc.name)


def __getattr__(name: str) -> object:
    """The environments, imported when first asked for (the engine needs none of their
    dependencies): ``env`` and ``raw_env`` (PettingZoo), ``VsBotsEnv`` (Gymnasium;
    importing it registers ``cutthroat/VsBots-v0``)."""
    if name in ("env", "raw_env"):
        from . import pettingzoo_env

        return getattr(pettingzoo_env, name)
    if name == "VsBotsEnv":
        from . import vs_bots

        return vs_bots.VsBotsEnv
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names, the environments loaded on first use among them, so that
    ``dir()`` and tab completion offer ``env``, ``raw_env`` and ``VsBotsEnv``."""
    return sorted({*globals(), *__all__})
