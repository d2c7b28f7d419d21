"""A seat's view as a fixed-length vector, for learning agents.

:func:`encode` reads only a :class:`~cutthroat.views.View`, so it cannot show a card the
seat may not see (R14). Seats are written relative to the observer: 0 is the observer,
1 the player on its left (who acts after it), 2 the player on its right. Card slots
are the 33 card ids of :mod:`cutthroat.cards` (``id = suit * 8 + rank``, C D H S and
7 8 9 T J Q K A; the joker 32), the same for every deck.

=========  ====  ===============================================================
index      size  meaning (0 or 1 unless said)
=========  ====  ===============================================================
0–32       33    the observer's cards
33–65      33    the up-card
66–98      33    the observer's own hidden discards (the dealer's discard, the
                 maker's five buried cards)
99–197     99    cards played in finished tricks, 33 per relative seat
198–296    99    cards of the trick in progress, 33 per relative seat
297–307    11    the phase (:class:`~cutthroat.phases.Phase`), one-hot
308–312    5     trump: C D H S, or none yet
313–315    3     the dealer, relative seat
316–319    4     the maker, relative seat, or none yet
320–322    3     who went alone, relative seats
323–325    3     who sits out (a lone defender's partner), relative seat
326–328    3     who led the trick in progress, relative seat
329–331    3     tricks won this hand, relative seats, divided by 5
332–334    3     the game's scores before this hand, relative seats, divided by
                 twice the target, at most 1 (past the target only while leaders
                 tie under ``tie="play_on"``, R22)
335        1     the dealer took the up-card
336        1     the up-card was turned down (all passed in the first round)
337        1     the maker took the dummy
338–340    3     the deck: 24, 25 or 32 cards
341        1     a dummy is dealt (the rules' ``dummy``)
342        1     the observer is to act
=========  ====  ===============================================================

>>> from cutthroat import Hand
>>> vector = encode(Hand.deal(seed=1).view(0))
>>> vector.shape, float(vector[:33].sum())
((343,), 5.0)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from . import missing_extra

try:
    import numpy as np
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise missing_extra(exc, "rl") from None
import numpy.typing as npt

from ..actions import KEEP, NUM_ACTIONS, Verb
from ..cards import NUM_CARD_IDS
from ..checks import integer_or_none
from ..game import Game
from ..rules import Rules
from ..state import Hand, Phase
from ..state import as_seed as engine_seed
from ..views import View
from .layout import SIZE, Slot

__all__ = ["SIZE", "Observation", "action_id", "action_text", "as_int", "as_rules", "as_seed",
           "encode", "public_info", "turned_down"]

Observation = dict[str, npt.NDArray[Any]]
"""What the environments give an agent: the ``observation`` vector and the
``action_mask`` (docs/rl.md)."""

_DECKS = (24, 25, 32)


def encode(view: View) -> npt.NDArray[np.float32]:
    """The vector of ``view`` (its layout: this module's table, :data:`SIZE` long)."""
    out = np.zeros(SIZE, dtype=np.float32)
    me = view.seat

    def rel(seat: int) -> int:
        return (seat - me) % 3

    for card in view.cards:
        out[Slot.CARDS + card.id] = 1
    out[Slot.UPCARD + view.upcard.id] = 1
    hidden = list(view.buried) + ([view.discard] if view.discard is not None else [])
    for card in hidden:
        out[Slot.OWN_DISCARDS + card.id] = 1
    for trick in view.tricks:
        for seat, card in trick.plays:
            out[Slot.PLAYED + NUM_CARD_IDS * rel(seat) + card.id] = 1
    for seat, card in view.current_trick:
        out[Slot.TRICK + NUM_CARD_IDS * rel(seat) + card.id] = 1
    out[Slot.PHASE + int(view.phase)] = 1
    out[Slot.TRUMP + (4 if view.trump is None else int(view.trump))] = 1
    out[Slot.DEALER + rel(view.dealer)] = 1
    out[Slot.MAKER + (3 if view.maker is None else rel(view.maker))] = 1
    for seat in view.alone:
        out[Slot.ALONE + rel(seat)] = 1
    if view.sitting_out is not None:
        out[Slot.SITTING_OUT + rel(view.sitting_out)] = 1
    if view.leader is not None and view.current_trick:
        out[Slot.LEADER + rel(view.leader)] = 1
    for seat in range(3):
        out[Slot.TRICKS_WON + rel(seat)] = view.tricks_won[seat] / 5
        if view.scores is not None:
            out[Slot.SCORES + rel(seat)] = min(view.scores[seat] / (2 * view.rules.target),
                                               1.0)
    out[Slot.UPCARD_TAKEN] = view.upcard_taken
    out[Slot.TURNED_DOWN] = turned_down(view)
    out[Slot.DUMMY_TAKEN] = view.dummy_taken
    out[Slot.DECK + _DECKS.index(view.rules.deck)] = 1
    out[Slot.DUMMY_RULE] = view.rules.dummy
    out[Slot.TO_ACT] = view.to_act == me
    return out


def as_int(value: object) -> int | None:
    """``value`` as a Python int if it is an integer (a NumPy one too); ``None`` for
    anything else: a float, text, ``None``, and a bool (``True`` is not the number 1
    here)."""
    return None if isinstance(value, np.bool_) else integer_or_none(value)


def action_id(action: object) -> int:
    """An agent's action as an id (:func:`as_int`), or a ``TypeError``."""
    aid = as_int(action)
    if aid is None:
        raise TypeError(f"an action is an integer id, not {action!r}")
    return aid


def as_rules(rules: Rules | Mapping[str, Any] | None) -> Rules:
    """``rules`` as :class:`~cutthroat.rules.Rules`: ``None`` is the ``standard``
    preset, a mapping holds its fields (``{"deck": 25, "tie": "share"}``, optionally a
    ``"preset"``, as in a game record; an unknown field is a
    :class:`~cutthroat.rules.RulesError`, a ``ValueError``); anything else is a
    ``TypeError``."""
    if rules is None:
        return Rules()
    if isinstance(rules, Rules):
        return rules
    if isinstance(rules, Mapping):  # fields, as in a record (a "preset" too)
        return Rules.from_json(dict(rules))
    raise TypeError("rules must be a Rules, a mapping of its fields (such as "
                    f"{{'deck': 25}}) or None, not {rules!r}")


def public_info(game: Game, seat: int) -> dict[str, Any]:
    """An environment's info for ``seat`` (both environments give the same): the seat,
    the hand's number (from 1), the game's scores (the hand in play not counted until
    it is over) and the points of the last finished hand (``None`` before the first):
    all public."""
    results = game.results
    return {"seat": seat, "hand": len(game.hands), "scores": list(game.scores),
            "last_points": list(results[-1].points) if results else None}


def as_seed(seed: object) -> int | None:
    """``seed`` as a Python int (a NumPy integer is one) or ``None``, as the engine
    takes a seed (:func:`cutthroat.checks.as_seed`): a bool, a float, text or anything
    else is a ``TypeError`` (``True`` is not seed 1), a negative integer a
    ``ValueError`` (Python's ``random`` deals ``-5`` exactly as ``5``)."""
    return None if seed is None else engine_seed(seed)


def action_text(hand: Hand, seat: int, action: object) -> str:
    """Action id ``action`` as the game writes it (``play JH``, ``keep ...``), said to
    ``seat``: a keep's cards only to the maker keeping them (R14: to anyone else, and at
    any other moment, a keep id is ``keep #N``, the N-th keep of the maker's ten). Both
    environments write their action ids so."""
    number = as_int(action)
    if number is None:  # not an integer: the engine says why
        return str(hand.action_from_id(action))  # type: ignore[arg-type]
    if KEEP <= number < NUM_ACTIONS and not (hand.phase is Phase.KEEP
                                             and hand.to_act == seat):
        return f"keep #{number - KEEP}"
    return str(hand.action_from_id(number))


def turned_down(view: View) -> bool:
    """Whether all three passed the first round (the up-card turned down, R9)."""
    passes = 0
    for text in view.moves:
        verb = text.split()[1]
        if verb == Verb.PASS.value:
            passes += 1
            if passes == 3:
                return True
        else:
            return False
    return False
