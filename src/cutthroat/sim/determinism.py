"""Whether a bot of one's own keeps the tournament's promise, "the same seed, the same
games": a bot must draw its randomness from the seed it is made with (bots.md, "Your own
bot"), and one that draws it from Python's ``random`` module, the clock or anything else
plays the same deal differently each time. Before a tournament each bot from outside the
package is made twice with one seed and plays the same hands twice; moves that differ
are said in a :class:`NondeterministicBotWarning` (the tournament is played all the
same)."""

from __future__ import annotations

import contextlib
import sys
import warnings
from collections.abc import Iterable

from ..bots.base import BotError, play_game
from ..bots.registry import (
    LADDER,
    BotSpecError,
    BotUnavailableError,
    make_bot,
    parse_spec,
)
from ..game import Game
from ..rules import Rules
from .games import seed_mix

__all__ = ["PROBE_HANDS", "PROBE_MOVE_SECONDS", "PROBE_SEED", "NondeterministicBotWarning",
           "probe", "warn_if_any"]

PROBE_HANDS = 1
"""Hands played twice by each bot of one's own before a tournament."""

PROBE_SEED = 7
"""The seed each bot is made with, both times."""

PROBE_MOVE_SECONDS = 10.0
"""A move's time limit in the probe, where the tournament sets none: a bot that hangs
is left to the tournament (and its ``--move-time``), not waited for here."""


class NondeterministicBotWarning(UserWarning):
    """A bot made twice with the same seed played the same hands differently: a
    tournament's games cannot be played again from its seed."""


def probe(spec: str, rules: Rules, seed: int = 0,
          move_time_limit: float | None = None) -> str | None:
    """Why the bot of ``spec`` is not deterministic for its seed, or ``None``: made
    twice with :data:`PROBE_SEED`, in seat 0 beside two ``random`` bots, it plays the
    first :data:`PROBE_HANDS` hands of one game (drawn from ``seed``) twice. A built-in
    bot is not probed (the tests hold them to it), nor is one that cannot be made, fails
    or runs out of time here (:data:`PROBE_MOVE_SECONDS` a move when the tournament
    sets no limit): the tournament says that, game and all. What the bot prints goes to
    standard error, as :func:`~cutthroat.bots.registry.check_spec` sends it.

    A bot whose randomness differs only between processes (the order of a ``set`` of
    strings, under Python's hash randomisation) plays alike twice in one process and is
    not caught here.
    """
    if parse_spec(spec)[0] in LADDER:
        return None
    limit = PROBE_MOVE_SECONDS if move_time_limit is None else move_time_limit
    played = []
    for _ in range(2):
        game = Game(rules, seed=seed_mix(seed, "determinism"))
        try:
            with contextlib.redirect_stdout(sys.stderr):
                bots = [make_bot(spec, PROBE_SEED), make_bot("random", 1),
                        make_bot("random", 2)]
                play_game(game, bots, max_hands=PROBE_HANDS, move_time_limit=limit)
        except (BotError, BotSpecError, BotUnavailableError):
            return None
        played.append([list(hand.moves) for hand in game.hands])
    if played[0] == played[1]:
        return None
    hand = next(k for k, (a, b) in enumerate(zip(*played, strict=True)) if a != b)
    return (f"{spec} is not deterministic for its seed: made twice with seed {PROBE_SEED}, "
            f"it played hand {hand + 1} of the same game differently, so the same seed "
            "will not play the same games again (draw its randomness from "
            "random.Random(seed), not from the random module or the clock)")


def warn_if_any(specs: Iterable[str], rules: Rules, seed: int,
                move_time_limit: float | None = None) -> None:
    """Probe each distinct spec (:func:`probe`) and warn of each that is not
    deterministic (:class:`NondeterministicBotWarning`)."""
    for spec in dict.fromkeys(specs):
        said = probe(spec, rules, seed, move_time_limit)
        if said is not None:
            warnings.warn(said, NondeterministicBotWarning, stacklevel=3)
