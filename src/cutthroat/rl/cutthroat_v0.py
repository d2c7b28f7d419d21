"""``cutthroat_v0``, named as PettingZoo names its environments' modules: ``env`` and
``raw_env`` of :mod:`cutthroat.rl.pettingzoo_env`, so that
``from cutthroat.rl import cutthroat_v0`` and ``cutthroat_v0.env()`` work as
``from pettingzoo.classic import leduc_holdem_v4`` does.

>>> from cutthroat.rl import cutthroat_v0
>>> cutthroat_v0.env(seed=1).metadata["name"]
'cutthroat_v0'
"""

from __future__ import annotations

from .pettingzoo_env import env, raw_env

__all__ = ["env", "raw_env"]
