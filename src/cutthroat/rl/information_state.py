"""A seat's information state as a fixed-length vector: perfect recall, for learning
agents that need it (OpenSpiel's ``information_state_tensor``).

The observation (:mod:`cutthroat.rl.observation`) shows where things stand: the cards
played by whom, but not in which trick, and not who passed when. The information state
adds the hand's public log, move by move, as far as the seat saw it (R14: another seat's
discard or keep is only known to have happened). Like the observation it reads only a
:class:`~cutthroat.views.View`, so it cannot show a card the seat may not see. Seats
are relative to the observer (0 itself, 1 its left, 2 its right).

================  =====  ==========================================================
index             size   meaning (0 or 1)
================  =====  ==========================================================
0–342             343    the observation (:func:`~cutthroat.rl.observation.encode`)
343 + 52·k + …    52     move ``k`` of the hand (k = 0 … 26), zeros once the log
                         ends:
  + 0–2           3      who made it, relative seat
  + 3–13          11     the verb (:class:`~cutthroat.actions.Verb`, in its order:
                         pass, order, pickup, leave, discard, trump, call, dummy,
                         alone, keep, play)
  + 14–46         33     the card played or discarded, or the five cards kept
                         (card ids), when the seat may know them
  + 47–50         4      the suit named or called: C D H S
  + 51            1      a discard or keep the seat did not see (its cards hidden)
================  =====  ==========================================================

:data:`MAX_MOVES` (27) bounds the moves of a hand: six bids, the dealer's pick-up and
discard, a blind trump, the maker's dummy-or-alone and keep, two lone defences and
fifteen cards is already more than any hand has.

>>> from cutthroat import Hand
>>> hand = Hand.deal(seed=1)
>>> hand.push("1 pass")
Move(seat=1, action=Action('pass'))
>>> vector = encode_information_state(hand.view(0))
>>> vector.shape, float(vector[MOVES:MOVES + MOVE_SIZE].sum())
((1747,), 2.0)
"""

from __future__ import annotations

from . import missing_extra

try:
    import numpy as np
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise missing_extra(exc, "rl") from None
from typing import Any

import numpy.typing as npt

from ..actions import Action, Move, Verb
from ..cards import NUM_CARD_IDS
from ..views import View
from .layout import SIZE as OBSERVATION_SIZE
from .observation import encode

__all__ = ["INFORMATION_STATE_SIZE", "MAX_MOVES", "MOVES", "MOVE_SIZE", "MoveLog",
           "encode_information_state"]

MAX_MOVES = 27
"""The most moves one hand can have (the log's slots)."""
_VERBS = list(Verb)
_VERB = 3
_CARD = _VERB + len(_VERBS)
_SUIT = _CARD + NUM_CARD_IDS
_HIDDEN = _SUIT + 4
MOVE_SIZE = _HIDDEN + 1
"""The length of one move's part of the vector."""
MOVES = OBSERVATION_SIZE
"""Where the log's first move starts."""
INFORMATION_STATE_SIZE = MOVES + MAX_MOVES * MOVE_SIZE
"""The length of an information-state vector."""


def encode_information_state(view: View) -> npt.NDArray[np.float32]:
    """The information-state vector of ``view`` (this module's table,
    :data:`INFORMATION_STATE_SIZE` long), read from the view's move log as text.
    :class:`MoveLog` gives the same vector faster, each move encoded once."""
    if len(view.moves) > MAX_MOVES:  # pragma: no cover - no hand of the rules is this long
        raise ValueError(f"a hand of {len(view.moves)} moves is longer than {MAX_MOVES}")
    out = np.zeros(INFORMATION_STATE_SIZE, dtype=np.float32)
    out[:MOVES] = encode(view)
    for k, text in enumerate(view.moves):
        seat, verb, *rest = text.split()
        hidden = bool(rest) and rest[0] == "?"  # another seat's discard or keep
        _set_move(out, MOVES + k * MOVE_SIZE, (int(seat) - view.seat) % 3, Verb(verb),
                  None if hidden else Move.parse(text).action)
    return out


def _set_move(out: npt.NDArray[np.float32], at: int, relative: int, verb: Verb,
              action: Action | None) -> None:
    """Write one move at ``out[at:at + MOVE_SIZE]``: made by ``relative`` seat, its
    ``verb``, and its cards and suit (``action``), or ``None`` for a discard or keep the
    observer did not see."""
    out[at + relative] = 1
    out[at + _VERB + _VERBS.index(verb)] = 1
    if action is None:
        out[at + _HIDDEN] = 1
        return
    for card in (*action.cards, *(() if action.card is None else (action.card,))):
        out[at + _CARD + card.id] = 1
    if action.suit is not None:
        out[at + _SUIT + int(action.suit)] = 1


class MoveLog:
    """A hand's log as every seat sees it, each move encoded once, when it is made:
    :meth:`vector` is then :func:`encode_information_state` without reading the log's
    text again (what OpenSpiel's game keeps in each state, so that its information
    state tensor costs little more than the observation).

    >>> from cutthroat import Hand
    >>> hand, log = Hand.deal(seed=1), MoveLog()
    >>> log.add(hand.push("1 pass"))
    >>> bool((log.vector(hand.view(0)) == encode_information_state(hand.view(0))).all())
    True
    """

    __slots__ = ("_rows", "moves")

    def __init__(self) -> None:
        self._rows = np.zeros((3, MAX_MOVES * MOVE_SIZE), dtype=np.float32)
        self.moves = 0
        """How many moves have been added."""

    def copy(self) -> MoveLog:
        """An independent copy."""
        new = MoveLog.__new__(MoveLog)
        new._rows = self._rows.copy()
        new.moves = self.moves
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> MoveLog:
        """:meth:`copy` (what OpenSpiel's ``clone()`` uses)."""
        return self.copy()

    def add(self, move: Move) -> None:
        """Encode ``move``, the hand's next one, as each seat sees it (R14: another
        seat's discard or keep only as having happened)."""
        if self.moves >= MAX_MOVES:  # pragma: no cover - no hand of the rules is this long
            raise ValueError(f"a hand of more than {MAX_MOVES} moves")
        verb = move.action.verb
        secret = verb in (Verb.DISCARD, Verb.KEEP)
        at = self.moves * MOVE_SIZE
        for seat in range(3):
            shown = None if secret and seat != move.seat else move.action
            _set_move(self._rows[seat], at, (move.seat - seat) % 3, verb, shown)
        self.moves += 1

    def vector(self, view: View) -> npt.NDArray[np.float32]:
        """The information-state vector of ``view``, whose log must be the moves added
        (:func:`encode_information_state` of it)."""
        out = np.empty(INFORMATION_STATE_SIZE, dtype=np.float32)
        out[:MOVES] = encode(view)
        out[MOVES:] = self._rows[view.seat]
        return out
