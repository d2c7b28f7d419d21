"""The exceptions of the engine. Each message is a sentence a player can act on."""

from __future__ import annotations

import re

__all__ = [
    "DOING",
    "ActionParseError",
    "CutthroatError",
    "DealError",
    "GameOverError",
    "HandNotOverError",
    "IllegalActionError",
    "NoHandError",
    "NotYourTurnError",
    "NothingToUndoError",
    "SeatError",
    "quoted",
    "to_player",
]

QUOTED_MAX = 24
"""The most characters of a player's text that a message repeats."""


def quoted(text: str) -> str:
    """``text`` quoted for a message, cut short when long: a line of a hundred
    thousand characters is answered in one readable line.

    >>> quoted("xyz"), quoted("x" * 100)
    ("'xyz'", "'xxxxxxxxxxxxxxxxxxxxxxxx...' (100 characters)")
    """
    if len(text) <= QUOTED_MAX:
        return repr(text)
    return f"{text[:QUOTED_MAX] + '...'!r} ({len(text)} characters)"


_YOU = (("does not hold", "do not hold"), ("must follow", "must follow"),
        ("is the dealer", "are the dealer"), ("cannot keep", "cannot keep"),
        ("has seen", "have seen"))
"""The engine's reasons that begin ``seat N ...``, and how each reads to that seat."""


DOING = {"pass": "pass", "order": "order it up", "pickup": "pick up the up-card",
         "leave": "leave the up-card", "dummy": "take the dummy", "alone": "go alone",
         "call": "name a suit", "trump": "name trump", "discard": "discard",
         "keep": "keep cards", "play": "play a card"}
"""Each move's verb (:class:`~cutthroat.actions.Verb`) as a player says what it does."""
_NOT_NOW = " is not possible now: "


def to_player(reason: str, seat: int) -> str:
    """An engine's reason as said to the player of ``seat``, who tried the move:
    ``seat 0 must follow hearts`` is ``you must follow hearts`` to seat 0 (to anybody
    else it is unchanged), with ``seat 0's`` after it ``your``, and ``alone is not
    possible now: ...`` is ``you cannot go alone now: ...``.

    >>> to_player("seat 0 does not hold JH", 0), to_player("seat 1 must follow spades", 0)
    ('you do not hold JH', 'seat 1 must follow spades')
    >>> to_player("seat 2 cannot keep KS: it is in neither seat 2's hand nor the dummy", 2)
    'you cannot keep KS: it is in neither your hand nor the dummy'
    >>> to_player("play is not possible now: it is the first bidding round", 2)
    'you cannot play a card now: it is the first bidding round'

    A rule's id, for the docs and RULES.md, is left out: ``(R14: only the maker who
    takes the dummy sees its cards, ...)`` is said ``(only the maker who takes ...)``.
    """
    reason = re.sub(r"\(R\d+: ", "(", reason)
    for said, to_you in _YOU:
        head = f"seat {seat} {said}"
        if reason.startswith(head):
            rest = reason[len(head):].replace(f"seat {seat}'s", "your")
            return f"you {to_you}{rest}"
    verb, sep, why = reason.partition(_NOT_NOW)
    if sep and verb in DOING:
        return f"you cannot {DOING[verb]} now: {why}"
    return reason


class CutthroatError(Exception):
    """Base class of every error this package raises on purpose."""


class ActionParseError(CutthroatError, ValueError):
    """An action's text could not be read (``"2 play JH"``, ``"call S"``)."""


class IllegalActionError(CutthroatError, ValueError):
    """An action that the rules do not allow now. The state is unchanged.

    Attributes:
        seat: the seat that tried to act (``None`` when not known).
        reason: why it is not allowed, in a player's words.
    """

    def __init__(self, reason: str, *, seat: int | None = None) -> None:
        super().__init__(reason)
        self.seat = seat
        self.reason = reason


class NotYourTurnError(IllegalActionError):
    """An action by a seat that is not the one to act."""


class DealError(CutthroatError, ValueError):
    """A deal that does not fit the rules (a card missing or repeated, wrong sizes)."""


class GameOverError(CutthroatError):
    """An attempt to continue a game or hand that has ended."""


class NoHandError(GameOverError):
    """A game has no hand in play: no hand is dealt yet, or the last one is over and the
    next is not dealt (``Game.push`` before :meth:`~cutthroat.Game.deal`). The game is
    not over; deal. A :class:`GameOverError` too, so that code which catches that
    catches this."""


class NothingToUndoError(CutthroatError, IndexError):
    """An undo (``pop``) with no move to take back: the hand (or game) is where it
    started. An ``IndexError`` too, as popping an empty list is."""


class HandNotOverError(GameOverError):
    """The next hand was asked for while the current one is still being played
    (``Game.deal`` in the middle of a hand): finish it first. A :class:`GameOverError`
    too, as it was before it had a class of its own."""


class SeatError(CutthroatError, ValueError):
    """A seat that is not 0, 1 or 2: another number, a bool, a float, text (a NumPy
    integer is a seat). Every public method that takes a seat raises it, and nothing
    changes."""


_ELSEWHERE = {"CardError": "cards", "RulesError": "rules", "RecordError": "record"}
"""The package's other errors, defined beside what raises them, and importable from
here too (``from cutthroat.errors import RecordError``)."""


def __getattr__(name: str) -> type[CutthroatError]:
    if name in _ELSEWHERE:
        import importlib

        error: type[CutthroatError] = getattr(
            importlib.import_module(f"cutthroat.{_ELSEWHERE[name]}"), name)
        return error
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def __dir__() -> list[str]:
    """The module's names, the errors defined elsewhere among them (``dir()`` and tab
    completion offer ``RecordError`` too)."""
    return sorted({*globals(), *_ELSEWHERE})
