"""Where each part of an observation vector starts (:mod:`cutthroat.rl.observation`)."""

from __future__ import annotations

import enum

from ..cards import NUM_CARD_IDS
from ..state import Phase

__all__ = ["SIZE", "Slot"]

_N = NUM_CARD_IDS


class Slot(enum.IntEnum):
    """The first index of each part of the observation vector."""

    CARDS = 0
    UPCARD = _N
    OWN_DISCARDS = 2 * _N
    PLAYED = 3 * _N
    TRICK = 6 * _N
    PHASE = 9 * _N
    TRUMP = PHASE + len(Phase)
    DEALER = TRUMP + 5
    MAKER = DEALER + 3
    ALONE = MAKER + 4
    SITTING_OUT = ALONE + 3
    LEADER = SITTING_OUT + 3
    TRICKS_WON = LEADER + 3
    SCORES = TRICKS_WON + 3
    UPCARD_TAKEN = SCORES + 3
    TURNED_DOWN = UPCARD_TAKEN + 1
    DUMMY_TAKEN = TURNED_DOWN + 1
    DECK = DUMMY_TAKEN + 1
    DUMMY_RULE = DECK + 3
    TO_ACT = DUMMY_RULE + 1


SIZE = Slot.TO_ACT + 1
"""The length of an observation vector."""
