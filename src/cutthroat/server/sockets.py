"""The sending side of the web server's WebSockets: each socket's messages leave in
order from a queue of their own (:meth:`RoomSockets.send`), so a client that reads
slowly, or not at all, holds up nobody at its table; one that falls too far behind is
dropped and closed (1008). A mixin of :class:`~cutthroat.server.rooms.Server`."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

import anyio
from fastapi import WebSocket

from .room import Room

__all__ = ["OUTBOX", "SEND_WAIT", "RoomSockets"]

log = logging.getLogger("cutthroat.server")
SEND_WAIT = 10.0
"""Seconds one message may take to leave for a socket before the socket is dropped
(:meth:`Server.send`): a client that stopped reading is let go."""
OUTBOX = 64
"""Messages that may wait to be sent to one socket (:meth:`Server.send`): a client that
lets more pile up is not reading them, and is dropped."""


class RoomSockets:
    """Sending to a room's sockets, and letting them go (a mixin of the server, which
    runs the work it spawns: :meth:`spawn`)."""

    send_wait: float
    """Seconds a socket may take over one message (:data:`SEND_WAIT`)."""

    def spawn(self, room: Room, work: Any) -> None:
        """Run ``work`` in the background, keeping hold of it (the server's)."""
        raise NotImplementedError

    async def broadcast(self, room: Room) -> None:
        """Send every connected seat its own state (called under the room's lock)."""
        await self.send_all(room, [(socket, {"type": "state", "state": room.state_for(seat)})
                                   for socket, seat in list(room.sockets.items())])

    async def send_all(self, room: Room,
                       messages: list[tuple[WebSocket, dict[str, Any]]]) -> None:
        """Send each socket its message (:meth:`send`)."""
        for socket, message in messages:
            await self.send(room, socket, message)

    async def send(self, room: Room, socket: WebSocket, message: dict[str, Any]) -> None:
        """Send ``message`` to one of the room's sockets, after those sent to it before,
        without waiting for it to leave: each socket has a sender of its own
        (:meth:`_sender`), so a client that reads slowly, or not at all, holds up nobody
        (messages are sent under the room's lock). A socket with :data:`OUTBOX` messages
        waiting, or one that takes more than :attr:`send_wait` seconds over one (a
        client that stopped reading, whose buffers are full), or that has closed, leaves
        the room and is closed. A socket no longer in the room is sent nothing."""
        if socket not in room.sockets:
            return
        outbox = room.outboxes.get(socket)
        if outbox is None:
            queue: asyncio.Queue[dict[str, Any]] = asyncio.Queue(OUTBOX)
            sender = asyncio.get_running_loop().create_task(
                self._sender(room, socket, queue))  # lives with the socket: no room's work
            outbox = room.outboxes[socket] = (queue, sender)
        try:
            outbox[0].put_nowait(message)
        except asyncio.QueueFull:  # not read for OUTBOX messages
            self.drop(room, socket)

    async def _sender(self, room: Room, socket: WebSocket,
                      queue: asyncio.Queue[dict[str, Any]]) -> None:
        """Send a socket's messages in turn, for as long as it is in the room."""
        while True:
            message = await queue.get()
            try:
                with anyio.fail_after(self.send_wait):
                    await socket.send_json(message)
            except Exception as exc:  # closed meanwhile, or too slow
                log.info("game %s: a socket was dropped: %s", room.table.id,
                         type(exc).__name__)
                self.drop(room, socket)
                return
            finally:
                queue.task_done()

    async def drain(self, room: Room, socket: WebSocket) -> None:
        """Wait, while half of :data:`OUTBOX` or more waits to be sent to ``socket``,
        until all of it has gone (a socket's reader calls it before answering the
        next message, so a client that sends many at once is answered at the pace it
        reads, not dropped); a socket that takes longer than :attr:`send_wait` is
        dropped by its sender meanwhile."""
        outbox = room.outboxes.get(socket)
        if outbox is not None and outbox[0].qsize() >= OUTBOX // 2:
            with contextlib.suppress(TimeoutError):
                with anyio.fail_after(2 * self.send_wait):
                    await outbox[0].join()

    def drop(self, room: Room, socket: WebSocket,
             reason: str = "too slow to take the game's messages", code: int = 1008) -> None:
        """Take a socket out of the room that cannot keep up (or, ``reason``, that
        misbehaves, or whose token no longer works), and close it with ``code`` (1008,
        policy: a page connects again; 4000 and up, the server's refusal, as the
        protocol's: a page says ``reason`` and does not) and ``reason``."""
        if socket in room.sockets:
            self.disconnect(room, socket)
            self.spawn(room, self._close(socket, reason, code))

    async def _close(self, socket: WebSocket, reason: str, code: int) -> None:
        """Close a dropped socket, as far as it lets itself be."""
        with contextlib.suppress(Exception):
            with anyio.fail_after(self.send_wait):
                await socket.close(code=code, reason=reason)

    def disconnect(self, room: Room, socket: WebSocket) -> None:
        """A socket leaves the room, at once (nothing awaited: this runs as its handler
        ends, even one cancelled); everybody still connected hears it from a task of its
        own."""
        seat = room.sockets.pop(socket, False)
        outbox = room.outboxes.pop(socket, None)
        if outbox is not None:
            outbox[1].cancel()  # what was still to be sent goes nowhere
        left = seat is not False  # a watcher's seat is None
        if isinstance(seat, int) and not isinstance(seat, bool):
            room.seen[seat] = time.monotonic()
        if left and room.sockets:
            self.spawn(room, self._tell_everybody(room))

    async def _tell_everybody(self, room: Room) -> None:
        async with room.lock:
            await self.broadcast(room)
