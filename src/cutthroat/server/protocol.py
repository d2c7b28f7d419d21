"""The web game's messages: HTTP request bodies and WebSocket messages, checked.

Every message a client sends is read here, strictly: a field of the wrong type is not
converted, an unknown field is an error, and each error is a sentence a person can act
on (docs/protocol.md).

>>> parse_message('{"type": "act", "action": "play JH"}')
Message(type='act', action='play JH', text=None, seat=None, version=None, given=None)
>>> parse_message('{"type": "act", "action": "pass", "version": 57}').version
57
>>> parse_message('{"type": "say", "text": "good luck"}').text
'good luck'
>>> parse_message('{"type": "dance"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
  ...
cutthroat.server.protocol.ProtocolError: unknown message type 'dance': use act, next, ...
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from ..errors import CutthroatError
from .chat import CHAT_MAX
from .errors import TableError
from .names import longest_raw
from .room import MORE_TIME
from .tables import SEEDS

__all__ = ["ActRequest", "AgainRequest", "CreateGame", "JoinGame", "Message",
           "MoreTimeRequest", "NextRequest", "ProtocolError", "SayRequest", "StandInRequest",
           "parse_message", "refusal", "table_refusal"]

MESSAGE_TYPES = ("act", "next", "hint", "undo", "say", "standin", "back", "more_time",
                 "ping")
"""The types of message a client may send over the WebSocket."""
ACTION_MAX = 64
"""The longest action text taken (the longest move, a keep, is about 20 characters)."""
SAY_MAX = longest_raw(CHAT_MAX)
"""The longest text a ``say`` message may carry before it is cleaned, as a line sent
over HTTP may (:func:`~cutthroat.server.names.longest_raw`; the line kept is
shorter: :data:`~cutthroat.server.chat.CHAT_MAX`); longer, it is refused at once, with
the words of a line too long once cleaned (:data:`SAY_TOO_LONG`)."""
SAY_TOO_LONG = f"a message may be at most {CHAT_MAX} characters long"
"""Why a line of talk too long is refused, however long it is (as
:func:`~cutthroat.server.chat.clean_line` says it)."""
_TYPES_TEXT = "act, next, hint, undo, say, standin, back, more_time or ping"


class ProtocolError(CutthroatError, ValueError):
    """A message that cannot be read; nothing changed. ``kind`` is the message's type
    when that much could be read (``say`` for a say without its text)."""

    def __init__(self, reason: str, kind: str | None = None) -> None:
        super().__init__(reason)
        self.kind = kind


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class CreateGame(_Strict):
    """``POST /api/games``: the three seats (``"you"``, a bot spec or ``"open"``), the
    creator's name, the rules (a preset name or an object as in a record), a seed, and
    whether the expert coaches the creator. With ``watch``, a table of three bots and no
    human seat, to watch every card face up: ``seats`` are three bot names (default
    three experts)."""

    name: str | None = None
    seats: list[str] | None = None
    watch: bool = False
    rules: str | dict[str, Any] | None = None
    seed: int | None = Field(default=None, ge=0, lt=SEEDS)
    coach: bool = False


class JoinGame(_Strict):
    """``POST /api/games/ID/join``: the joining player's name, and whether the expert
    coaches them."""

    name: str | None = None
    coach: bool = False


class ActRequest(_Strict):
    """``POST /api/games/ID/actions``: a move for the token's seat, made (if
    ``version`` is given) only if the game is still at that version."""

    token: str | None = None
    action: str = Field(max_length=ACTION_MAX)
    version: int | None = Field(default=None, ge=0)


class SayRequest(_Strict):
    """``POST /api/games/ID/chat``: a line of table talk from the token's seat."""

    token: str | None = None
    text: str
    """The line, cleaned and checked by :func:`~cutthroat.server.chat.clean_line` (a
    text over its limit is refused there, in the same words at any length: the body's
    64 KiB bound it before)."""


class NextRequest(_Strict):
    """``POST /api/games/ID/next``: deal the next hand (and the body of the other
    requests that carry only the token: ``undo``, ``again``, ``back``); with
    ``version``, only if the game is still at that version."""

    token: str | None = None
    version: int | None = Field(default=None, ge=0)


class AgainRequest(NextRequest):
    """``POST /api/games/ID/again``: play again once the game is over; with ``game``,
    only to take a seat in that game, if it is the one another player of this game
    started (never starting one)."""

    game: str | None = Field(default=None, max_length=64)


class MoreTimeRequest(NextRequest):
    """``POST /api/games/ID/more-time``: the token's player asks for more time over their
    move; with ``version``, only if the move is still the one to make, and with
    ``given``, only if they have asked that many times over it (so an ask sent twice
    counts once)."""

    given: int | None = Field(default=None, ge=0, le=MORE_TIME)


class StandInRequest(_Strict):
    """``POST /api/games/ID/standin``: let a bot play for the player at ``seat``, who is
    away."""

    token: str | None = None
    seat: int = Field(ge=0, le=2)
    version: int | None = Field(default=None, ge=0)


@dataclass(frozen=True)
class Message:
    """A WebSocket message from a client: its ``type`` and, for ``act``, the move; for
    ``say``, the text; for ``standin``, the seat a bot is to play; for a change
    (``act``, ``next``, ``undo``, ``standin``, ``back``) and for ``more_time``, the
    ``version`` of the state it was chosen on, if the client gives it; for
    ``more_time``, the times asked already over the move (``given``), if it gives it."""

    type: str
    action: str | None = None
    text: str | None = None
    seat: int | None = None
    version: int | None = None
    given: int | None = None


_FIELDS = {"act": "action", "say": "text", "standin": "seat"}
"""The field each message type carries besides its ``type``."""
VERSIONED = frozenset({"act", "next", "undo", "standin", "back", "more_time"})
"""The messages that change the game (and ``more_time``, which restarts the clock of
one move), which may carry the ``version`` they were chosen on: made only if the game
is still at it (a move sent twice is made once)."""


def parse_message(text: str | bytes) -> Message:
    """Read one WebSocket message (JSON text), or raise :class:`ProtocolError`."""
    try:
        data = json.loads(text)
    except (ValueError, UnicodeDecodeError, RecursionError):  # nested beyond reason too
        raise ProtocolError("a message must be a JSON object such as "
                            "{\"type\": \"act\", \"action\": \"pass\"}") from None
    if not isinstance(data, dict):
        raise ProtocolError("a message must be a JSON object with a \"type\"")
    kind = data.get("type")
    if not isinstance(kind, str):
        raise ProtocolError(f"a message needs a \"type\": {_TYPES_TEXT}")
    if kind == "hello":  # (read before this, as a socket's first message: socket_loop)
        raise ProtocolError("a hello is only the first message of a seat's socket, where "
                            "its token is in no header or address: this socket has its "
                            "seat already", kind)
    if kind not in MESSAGE_TYPES:
        raise ProtocolError(f"unknown message type {kind!r}: use {_TYPES_TEXT}",
                            kind[:ACTION_MAX])
    allowed = {"type", _FIELDS[kind]} if kind in _FIELDS else {"type"}
    if kind in VERSIONED:
        allowed.add("version")
    if kind == "more_time":
        allowed.add("given")
    extra = sorted(set(data) - allowed)
    article = "an" if kind[0] in "aeiou" else "a"
    if extra:
        raise ProtocolError(f"{article} {kind} message has no field {extra[0]!r}", kind)
    version = data.get("version")
    if version is not None and (isinstance(version, bool) or not isinstance(version, int)
                                or version < 0):
        raise ProtocolError(f"{article} {kind} message's \"version\" is the state's "
                            "version number (0 or more), as the state gave it", kind)
    if kind == "act":
        action = data.get("action")
        if not isinstance(action, str):
            raise ProtocolError("an act message needs an \"action\" as text, "
                                "such as \"pass\" or \"play JH\"", kind)
        if len(action) > ACTION_MAX:
            raise ProtocolError(f"an action is at most {ACTION_MAX} characters, such as "
                                "\"play JH\"", kind)
        return Message(kind, action, version=version)
    if kind == "say":
        said = data.get("text")
        if not isinstance(said, str):
            raise ProtocolError("a say message needs a \"text\", such as \"good game\"",
                                kind)
        if len(said) > SAY_MAX:
            raise ProtocolError(SAY_TOO_LONG, kind)
        return Message(kind, text=said)
    if kind == "more_time":
        given = data.get("given")
        if given is not None and (isinstance(given, bool) or not isinstance(given, int)
                                  or not 0 <= given <= MORE_TIME):
            raise ProtocolError("a more_time message's \"given\" is the times asked "
                                f"already over this move (0 to {MORE_TIME}), as the state's "
                                "more_time gave it", kind)
        return Message(kind, version=version, given=given)
    if kind == "standin":
        seat = data.get("seat")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 2:
            raise ProtocolError("a standin message needs the \"seat\" (0, 1 or 2) of the "
                                "player a bot is to play for", kind)
        return Message(kind, seat=seat, version=version)
    return Message(kind, version=version)


def refusal(reason: str, kind: str | None = None, status: int = 400,
            retry_after: float | None = None) -> dict[str, Any]:
    """A WebSocket ``error`` message: why, the type of the message it answers
    (``kind``; left out when not even that could be read, or when it answers none),
    the HTTP status the same refusal has over HTTP (so a client tells "fix the message"
    (400) from "not now" (409), "slow down" (429) and "the server's trouble" (503)),
    and for a limit the whole seconds to wait."""
    return {"type": "error", "reason": reason, **({"for": kind} if kind else {}),
            "status": status,
            **({"retry_after": math.ceil(retry_after)} if retry_after is not None else {})}


def table_refusal(exc: TableError, kind: str | None) -> dict[str, Any]:
    """:func:`refusal` of what the table refused, with its status (and wait)."""
    return refusal(exc.reason, kind, exc.status, exc.retry_after)


def describe_validation(errors: list[Any]) -> str:
    """A request body's validation errors (pydantic's) as one sentence."""
    parts = []
    for error in errors[:3]:
        kind = error.get("type")
        if kind == "json_invalid":
            return "the request body is not valid JSON"
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body")
        if not where:  # the body as a whole: missing, null, a list, ...
            return "the request needs a JSON object as its body"
        message = str(error.get("msg", "is not valid"))
        if kind == "extra_forbidden":
            message = "is not a field of this request"
        parts.append(f"{where}: {message}" if where else message)
    return "; ".join(parts) or "the request body is not valid"
