"""A seat of a web game's table (:class:`Seat`): who sits there (a player, a bot, or
nobody yet), the hash of its token, and what a stand-in did for it; a bot's seat made
from its spec, checked (:func:`bot_seat`)."""

from __future__ import annotations

import dataclasses
import hashlib
from dataclasses import dataclass
from typing import Any

from ..bots import make_bot
from ..bots.registry import (
    BOTS,
    BotSpecError,
    BotUnavailableError,
    UnknownBotError,
    format_spec,
    parse_spec,
)
from .errors import TableError

__all__ = ["STANDIN", "Seat", "bot_seat", "hash_token"]

STANDIN = "intermediate"
"""The bot that plays an absent player's seat (:meth:`Table.stand_in`): it plays like a
decent human and answers at once."""


def hash_token(token: str) -> str:
    """The stored form of a seat's token (only its hash is kept)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Seat:
    """One seat: ``kind`` is ``human``, ``bot`` or ``open``; ``bot`` the bot's spec;
    ``token_hash`` the hash of a human's token; ``coach`` whether the expert comments
    on that human's moves; ``standin`` the spec of the bot playing a human's seat while
    they are away (:meth:`Table.stand_in`), else ``None``; ``undone`` how many moves
    this seat's undos have taken back in the game (so that :attr:`Table.version` still
    grows on an undo); ``standin_moves`` the moves a stand-in made for the player, as
    ``(hand, move)``, both from 0 (the record shows them as the seat's: this is how the
    review knows they were not the player's, :meth:`Table.standin_moves`)."""

    kind: str
    name: str | None = None
    bot: str | None = None
    token_hash: str | None = None
    coach: bool = False
    standin: str | None = None
    undone: int = 0
    standin_moves: list[tuple[int, int]] = dataclasses.field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The seat as stored (the token's hash included)."""
        return {"kind": self.kind, "name": self.name, "bot": self.bot,
                "token_hash": self.token_hash, "coach": self.coach,
                "standin": self.standin, "undone": self.undone,
                "standin_moves": [[hand, move] for hand, move in self.standin_moves]}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Seat:
        """A seat as stored by :meth:`to_json` (a seat stored before stand-ins, before
        undos were counted, or before the stand-in's moves were kept, has none)."""
        return cls(data["kind"], data.get("name"), data.get("bot"), data.get("token_hash"),
                   bool(data.get("coach", False)), data.get("standin"),
                   int(data.get("undone", 0)),
                   [(int(hand), int(move)) for hand, move in data.get("standin_moves", [])])


def bot_seat(spec: str, options_allowed: bool) -> Seat:
    """A bot's seat from its spec, checked by making the bot once. Options
    (``expert:bid_samples=80``) only where ``options_allowed``: a server open to others
    should not let a seat ask for a bot that thinks for an hour. Only registered bots:
    a class named as ``module.Class`` (which :func:`make_bot` would import) is refused,
    so a request cannot make the server import anything."""
    try:
        name, options = parse_spec(spec)
        if name not in BOTS:
            raise TableError(f"unknown bot {name!r}: this server has {', '.join(BOTS)}")
        if options and not options_allowed:
            raise TableError(f"this server takes bots by name alone ({', '.join(BOTS)}), "
                             f"not {spec!r}: start it with --bot-options to allow options")
        make_bot(spec, 0)
    except (UnknownBotError, BotSpecError, BotUnavailableError) as exc:
        raise TableError(str(exc)) from None
    canonical = format_spec(name, options)
    return Seat("bot", name.capitalize(), canonical)
