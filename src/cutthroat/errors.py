"""The exceptions of the engine. Each message is a sentence a player can act on."""

from __future__ import annotations

__all__ = [
    "ActionParseError",
    "CutthroatError",
    "DealError",
    "GameOverError",
    "IllegalActionError",
    "NotYourTurnError",
    "quoted",
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
