"""The web game's table talk: what the players at a table say to each other.

Only a player in a seat may speak (a watcher reads); a line is plain text, at most
:data:`CHAT_MAX` characters once its runs of spaces, tabs and newlines are folded into
one space, with no control characters or broken text. Every line is stored with the
game (:class:`~cutthroat.server.store.Store`) before anybody hears it, so a restart
loses none. The game record (RECORD.md) is unchanged: the talk is kept beside it.

>>> clean_line("  good   game\\n")
'good game'
>>> ChatLine(1, 0, "Ann", "good game", "2026-12-02T08:00:00Z").to_json()["text"]
'good game'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .names import shows_nothing
from .tables import TableError, clean_text

__all__ = ["ADDRESS_CHAT_RATE", "CHAT_MAX", "CHAT_RATE", "GAME_LINES", "HISTORY", "ChatLine",
           "clean_line"]

CHAT_MAX = 200
"""The longest line a player may say, in characters."""
CHAT_RATE = "10/30 seconds"
"""How often one seat may speak, by default (a ``limits`` rate)."""
ADDRESS_CHAT_RATE = "300/10 minutes"
"""How many lines one address may say over all its games, by default: a club's tables
behind one router talk far less, and one address starting its games in a loop and
filling each with talk cannot grow the database by gigabytes a day (a ``limits``
rate)."""
HISTORY = 100
"""How many of the latest lines a client is sent when it connects or asks."""
GAME_LINES = 2000
"""The most lines one game keeps: beyond, the table talk of that game is closed."""

@dataclass(frozen=True)
class ChatLine:
    """One line of table talk: its number in the game (from 1), the seat and the name
    of the player who said it, the text, and when (UTC, ISO 8601)."""

    number: int
    seat: int
    name: str
    text: str
    at: str

    def to_json(self) -> dict[str, Any]:
        """The line as the protocol sends it (docs/protocol.md, "Table talk")."""
        return {"n": self.number, "seat": self.seat, "name": self.name, "text": self.text,
                "at": self.at}


def clean_line(value: object) -> str:
    """A line a player says, cleaned as :func:`~cutthroat.server.names.clean_text`
    cleans it; refused (:class:`TableError`) if blank, too long, or not plain text."""
    text = clean_text(value, what="a message", limit=CHAT_MAX)
    if shows_nothing(text):  # blank, or only characters that show as nothing
        raise TableError("a message needs some text")
    return text
