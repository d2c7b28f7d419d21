"""The web game's refusal: :class:`TableError`, with the HTTP status that fits it."""

from __future__ import annotations

from ..errors import CutthroatError

__all__ = ["TableError"]


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
