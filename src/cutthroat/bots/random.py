"""The random bot: a uniformly random legal action. The floor of the ladder."""

from __future__ import annotations

import random as _random

from ..actions import Action
from ..state import as_seed, check_rng
from ..views import View
from .base import bot_repr, require_turn

__all__ = ["RandomBot"]


class RandomBot:
    """Chooses uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int | None = 0, rng: _random.Random | None = None) -> None:
        check_rng(rng)
        self.rng = rng if rng is not None else _random.Random(as_seed(seed))
        self._made = (seed, rng)

    def __repr__(self) -> str:
        return bot_repr(self, *self._made)

    def choose(self, view: View) -> Action:
        """A uniformly random legal action."""
        require_turn(view, "choose")
        return Action.parse(self.rng.choice(view.legal))
