"""A WebSocket's life on the web game's server: connected, read, answered, closed.

A seat's socket (``/api/games/ID/ws``, whose first message is its ``hello`` with the
seat's token, or ``/api/games/ID/ws?token=T``) or a watcher's (``/api/games/ID/watch``)
holds its game's room while it is open (:class:`~cutthroat.server.rooms.Server`);
every message is parsed (:mod:`.protocol`) and answered; every answer goes the way of
the room's other messages to that socket (:mod:`.sockets`), so all arrive in order and
none waits for a slow reader. docs/protocol.md has the messages and the close codes.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from .connections import client_address, note_refused
from .errors import DATABASE_DOWN, TableError
from .origins import foreign_origin
from .protocol import ProtocolError, parse_message, refusal, table_refusal
from .rooms import Room, Server
from .store import StoreError, down_why

__all__ = ["CLOSE_REASON_MAX", "HELLO", "HELLO_WAIT", "SOCKET_MESSAGES", "close_reason",
           "hello_refused", "serve_socket"]

log = logging.getLogger("cutthroat.server")

SOCKET_MESSAGES = (100, 10.0)
"""The most messages one socket may send in a time (messages, seconds): a page sends a
few a minute (moves, pings, talk), a program playing fast a few a second. Past it the
socket is closed (1008): a flood of messages, each answered, would keep the server
busy for others."""

HELLO_WAIT = 10.0
"""Seconds a seat's socket opened without a token has to send its ``hello`` (the page
sends it as soon as the socket opens); one that sends nothing is closed with 4401."""

HELLO = ('a seat\'s socket opened without ?token= says first {"type": "hello", "token": T}, '
         "within 10 seconds")
"""The reason a seat's socket is closed (4401) when its first message is not its
``hello``: what to send."""

CLOSE_REASON_MAX = 123
"""Bytes (UTF-8) a WebSocket close frame has room for in its reason."""


def close_reason(reason: str) -> str:
    """``reason`` as it fits a close frame: cut, with ``...``, past
    :data:`CLOSE_REASON_MAX` bytes (a longer one is no frame at all: the client would
    get no close code).

    >>> close_reason("there is no game 'x'")
    "there is no game 'x'"
    >>> len(close_reason("there is no game '" + "é" * 200 + "'").encode())
    123
    """
    data = reason.encode()
    if len(data) <= CLOSE_REASON_MAX:
        return reason
    return data[:CLOSE_REASON_MAX - 3].decode(errors="ignore") + "..."


async def serve_socket(server: Server, websocket: WebSocket, game_id: str,
                        token: str | None, *, watching: bool) -> None:
    """A WebSocket's life: a seat's (the token's) or, ``watching``, a watcher's, in no
    seat. A seat's socket given no ``token`` (in its address or a header) reads it from
    its first message, the ``hello``. It holds the game's room while open; every message
    is answered; an unknown game or a token that is not a seat of it closes it with 4000
    + the HTTP status, a game that cannot be read back from the database (down) with
    1011. A page of another site (:func:`~cutthroat.server.origins.foreign_origin`) is
    refused (4403) before anything else."""
    await websocket.accept()
    address = client_address(websocket)
    foreign = foreign_origin(websocket.headers, server.allowed_origins)
    if foreign is not None:
        note_refused(f"a WebSocket from a page of {foreign[:80]!r}", address,
                     "--allow-origin", how="if that is your site's address, allow it with")
        await websocket.close(code=4403, reason=close_reason(
            f"this server's sockets are for its own pages, not {foreign}'s"))
        return
    most = server.sockets_per_address
    counted = (address, watching)  # watchers apart: they never keep a player out
    if server.sockets_by_address[counted] >= most:
        kind = "watching" if watching else "at seats"
        note_refused(f"the limit of {most} WebSockets {kind} an address", address,
                     "--ip-sockets")
        await websocket.close(code=4429, reason=close_reason(
            f"this address has {most} connections {kind} open already: close one first"))
        return
    server.sockets_by_address[counted] += 1
    try:
        async with server.use(game_id) as room:  # an unknown game: 4404 before a hello
            if token is None and not watching:  # the seat's token comes in its first message
                token = await _hello(websocket)
                if token is None:
                    return
            seat = None if watching else room.seat_of(token)
            try:
                await server.connect(room, websocket, seat)
                most, per = SOCKET_MESSAGES
                since, count = time.monotonic(), 0
                while True:
                    text = await _receive_text(server, room, websocket)
                    if websocket not in room.sockets:  # dropped (1008): read, not answered,
                        continue  # until the client has its close and goes
                    count += 1
                    if count > most:
                        if time.monotonic() - since < per:
                            server.drop(room, websocket, "too many messages")
                            continue
                        since, count = time.monotonic(), 1
                    if text is None:
                        continue
                    await server.drain(room, websocket)  # answered at the pace it reads
                    if seat is None:
                        await _answer_watcher(server, room, websocket, text)
                    else:
                        await _answer(server, room, websocket, seat, text, address)
            except WebSocketDisconnect:
                pass
            finally:
                server.disconnect(room, websocket)
    except TableError as exc:  # no such game, or not a seat of it
        await websocket.close(code=4000 + exc.status, reason=close_reason(exc.reason))
    except (SQLAlchemyError, StoreError) as exc:  # the game could not be read back
        log.warning("game %s: a socket was closed: %s", game_id, down_why(exc))
        with contextlib.suppress(Exception):  # the client went meanwhile
            await websocket.close(code=1011, reason=DATABASE_DOWN)
    finally:
        server.sockets_by_address[counted] -= 1
        if server.sockets_by_address[counted] <= 0:
            del server.sockets_by_address[counted]


async def _hello(websocket: WebSocket) -> str | None:
    """The seat's token, from the socket's first message, ``{"type": "hello", "token":
    T}``, which keeps it out of the address (and so out of a proxy's log). ``None``
    when the client went, or the socket was closed (4401) because the first message was
    something else or did not come within :data:`HELLO_WAIT` seconds."""
    try:
        message = await asyncio.wait_for(websocket.receive(), HELLO_WAIT)
    except TimeoutError:
        message = {"type": "websocket.receive"}
    if message["type"] == "websocket.disconnect":
        return None
    try:
        said = json.loads(message.get("text") or "null")
    except ValueError:
        said = None
    if (isinstance(said, dict) and said.get("type") == "hello" and set(said) == {"type", "token"}
            and isinstance(said["token"], str) and said["token"]):
        return said["token"]
    with contextlib.suppress(Exception):  # the client went meanwhile
        await websocket.close(code=4401, reason=close_reason(hello_refused(said)))
    return None


def hello_refused(said: object) -> str:
    """Why a seat's socket is closed (4401) after its first message ``said`` (parsed
    JSON; ``None`` when none came, or not JSON): what was wrong with a ``hello``, else
    what to send (:data:`HELLO`).

    >>> hello_refused({"type": "hello", "token": "k", "x": 1})
    'a hello holds "type" and "token" and nothing more, not "x"'
    """
    if not isinstance(said, dict) or said.get("type") != "hello":
        return HELLO
    extra = sorted(str(key) for key in said if key not in ("type", "token"))
    if extra:
        return ('a hello holds "type" and "token" and nothing more, not '
                + ", ".join(f'"{key}"' for key in extra))
    return ("a hello's token is the seat's token, as text: the one creating or joining "
            "the game gave")


async def _receive_text(server: Server, room: Room, websocket: WebSocket) -> str | None:
    """The next text message; ``None`` after answering a binary one with an error (the
    protocol's messages are JSON text). Raises ``WebSocketDisconnect`` when the client
    goes. Every answer to a socket goes the way of the room's messages to it
    (:meth:`Server.send`), so all come in order and none waits for a slow reader."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is None:
        await server.send(room, websocket, refusal(
            "messages are JSON text, not binary frames: nothing was done", None))
    return text


WATCHER_HELLO = ("you are watching this game, in no seat: a hello is the first message "
                 "of a seat's socket (/ws), not a watcher's; join the game for a seat of "
                 "your own")
"""The refusal (403) of a ``hello`` on a watcher's socket."""


async def _answer_watcher(server: Server, room: Room, websocket: WebSocket,
                          text: str) -> None:
    """Answer a watcher's message: a ping gets a pong; nothing else is for a watcher."""
    try:
        message = parse_message(text)
    except ProtocolError as exc:
        if exc.kind == "hello":  # (a seat's word, which a watcher's socket has none of)
            await server.send(room, websocket, refusal(WATCHER_HELLO, "hello", 403))
        else:
            await server.send(room, websocket, refusal(str(exc), exc.kind))
        return
    if message.type == "ping":
        await server.send(room, websocket, {"type": "pong"})
    else:
        await server.send(room, websocket, refusal(
            "you are watching this game, in no seat: a watcher cannot "
            f"{message.type}; join the game for a seat of your own", message.type, 403))


async def _answer(server: Server, room: Room, websocket: WebSocket, seat: int,
                  text: str, address: str) -> None:
    """Answer one WebSocket message (from a client at ``address``): a change is told to
    every seat by broadcast; an error, a hint or a pong to this socket alone."""
    try:
        message = parse_message(text)
        if message.type == "ping":
            await server.send(room, websocket, {"type": "pong"})
        elif message.type == "hint":  # the expert thinks while other messages are read
            server.spawn(room, _send_hint(server, room, websocket, seat))
        elif message.type == "next":
            await server.next_hand(room, seat, wait=False, version=message.version)
        elif message.type == "undo":
            await server.undo(room, seat, message.version)
        elif message.type == "say":
            await server.say(room, seat, message.text, address)
        elif message.type == "standin":
            await server.stand_in(room, seat, message.seat, version=message.version)
        elif message.type == "back":
            await server.come_back(room, seat, message.version)
        elif message.type == "more_time":
            await server.more_time(room, seat, message.version, message.given)
        else:
            await server.act(room, seat, message.action, wait=False,
                             version=message.version)
    except ProtocolError as exc:
        await server.send(room, websocket, refusal(str(exc), exc.kind))
    except TableError as exc:
        await server.send(room, websocket, table_refusal(exc, message.type))


async def _send_hint(server: Server, room: Room, websocket: WebSocket, seat: int) -> None:
    """Work out a hint and send it to this socket (or the reason there is none)."""
    try:
        answer: dict[str, Any] = {"type": "hint", "hint": await server.hint(room, seat)}
    except TableError as exc:
        answer = table_refusal(exc, "hint")
    if websocket not in room.sockets:  # the socket closed while the expert thought
        log.info("game %s: a hint was not delivered", room.table.id)
    await server.send(room, websocket, answer)
