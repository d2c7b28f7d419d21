"""A trained policy as a bot: the environments' action ids read from a seat's
:class:`~cutthroat.views.View` alone, which is all a bot's ``choose(view)`` receives.

The ids are the environments' (``NUM_ACTIONS`` = 332, :mod:`cutthroat.actions`): a
``keep`` id is ``KEEP`` plus the index of the five kept among the maker's ten cards
sorted by id, so it needs the maker's ten, which his view holds while he keeps. With
these a policy trained in ``cutthroat_v0`` or ``VsBots-v0`` plays in ``cutthroat
arena`` and ``league`` as any bot does:

>>> from cutthroat import Game
>>> from cutthroat.rl.observation import encode
>>> class FirstLegal:
...     name = "first-legal"
...     def __init__(self, seed: int | None = 0) -> None: ...
...     def choose(self, view):
...         obs, mask = encode(view), action_mask(view)  # what the policy reads
...         return action_of(view, int(mask.argmax()))   # the first legal id
>>> game = Game(seed=1)
>>> view = game.deal().view(game.hand.to_act)
>>> FirstLegal().choose(view), legal_ids(view)
(Action('pass'), [66, 67])
"""

from __future__ import annotations

from . import missing_extra

try:
    import numpy as np
    import numpy.typing as npt
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise missing_extra(exc, "rl") from None

from ..actions import KEEP, KEEP_COMBOS, NUM_ACTIONS, Action, Verb, keep_id, keep_of_sorted
from ..cards import Card
from ..errors import IllegalActionError
from ..phases import Phase
from ..views import View

__all__ = ["action_id_of", "action_mask", "action_of", "legal_ids"]


def _ten(view: View) -> tuple[Card, ...]:
    """The maker's ten cards by id, while his view is asked to keep five."""
    if view.phase is not Phase.KEEP or view.to_act != view.seat or len(view.cards) != 10:
        raise IllegalActionError("a keep id has a meaning only in the maker's own view "
                                 "while he keeps five of his ten cards")
    return tuple(sorted(view.cards, key=lambda card: card.id))


def action_id_of(view: View, action: Action | str) -> int:
    """The environments' id of ``action`` (an :class:`Action` or its text), for the
    seat of ``view``: a keep's id from the maker's ten cards in his view."""
    action = action if isinstance(action, Action) else Action.parse(action)
    if action.verb is not Verb.KEEP:
        return action.id
    try:
        return keep_id([card.id for card in _ten(view)], (card.id for card in action.cards))
    except ValueError:
        raise IllegalActionError(f"{action} keeps a card that is not among the maker's "
                                 "ten") from None


def action_of(view: View, action_id: int) -> Action:
    """The action with the environments' id ``action_id`` for the seat of ``view`` (a
    keep's cards read from the maker's ten in his view); legal or not, as an id is."""
    if not 0 <= action_id < NUM_ACTIONS:
        raise IllegalActionError(f"not an action id: {action_id!r} (ids are 0 to "
                                 f"{NUM_ACTIONS - 1})")
    if action_id < KEEP:
        return Action.from_id(action_id)
    ten = _ten(view)
    return keep_of_sorted(tuple(ten[i] for i in KEEP_COMBOS[action_id - KEEP]))


def legal_ids(view: View) -> list[int]:
    """The ids of the moves ``view`` allows (``view.legal``), ascending: the ones the
    environments' ``action_mask`` marks for this seat (none when it is not its turn)."""
    return sorted(action_id_of(view, action) for action in view.legal_actions())


def action_mask(view: View) -> npt.NDArray[np.int8]:
    """The legal moves of ``view`` as the environments' mask: ``NUM_ACTIONS`` entries,
    1 where an id is legal."""
    mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
    mask[legal_ids(view)] = 1
    return mask
