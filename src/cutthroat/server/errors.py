"""The web game's refusals: :class:`TableError`, with the HTTP status that fits it, and
what is said when the database cannot be reached."""

from __future__ import annotations

from ..errors import CutthroatError

__all__ = ["DATABASE_DOWN", "TableError"]

DATABASE_DOWN = ("the server cannot use its database just now, so nothing was done: "
                 "try again in a moment")
"""The reason of a 503 (or of a WebSocket closed with 1011) when the database cannot
be read or written (it is down, its disk is full, or the server is stopping)."""


class TableError(CutthroatError):
    """A request the table refuses; nothing changed.

    ``status`` is the HTTP status that fits: 400 for a move or request that cannot be
    taken as written, 403 for a token that is not this table's, 409 for one that is
    not possible now (not your turn, no open seat, the game is over, a move made on a
    state the game has moved on from), 429 for a limit reached.
    """

    def __init__(self, reason: str, status: int = 400, *,
                 retry_after: float | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.status = status
        self.retry_after = retry_after
        """For a limit (429): seconds until the request may succeed, when known (the
        ``Retry-After`` header)."""
