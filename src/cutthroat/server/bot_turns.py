"""The bots' side of the web server's rooms: the loop that makes a room's bots move
while it is their turn, one at a time per room, each thinking in a worker thread, and
the next hand dealt by itself at a table where a bot plays for every player. A mixin of
:class:`~cutthroat.server.rooms.Server`."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import TypeVar

from ..bots.base import choose_explained
from .protocol import refusal
from .room import Room
from .sockets import RoomSockets
from .store import Reason, database_trouble, log_failure
from .tables import TableError

__all__ = ["BOT_RETRY", "BOT_RETRY_MOST", "RoomBots"]

T = TypeVar("T")
BOT_RETRY = 5.0
"""Seconds before the bots try again after their move could not be saved for want of
the database (it restarted, its disk filled, it was locked by a backup); doubled at each
failure in a row, up to :data:`BOT_RETRY_MOST`. Only while somebody is at the table:
otherwise the next player or watcher to come sets them going."""
BOT_RETRY_MOST = 60.0
"""The longest wait between two tries of the bots (:data:`BOT_RETRY`, doubled)."""


class RoomBots(RoomSockets):
    """The bots' moves at a room's table, and the next hand dealt by itself (a mixin of
    the server, which thinks in worker threads and saves every change:
    :meth:`think`, :meth:`changed`)."""

    async def think(self, work: Callable[..., T], *args: object) -> T:
        """Run ``work(*args)`` in a worker thread (the server's)."""
        raise NotImplementedError

    async def changed(self, room: Room, undo: Callable[[], object],
                      reasons: list[Reason] | None = None) -> None:
        """Save the table and tell everybody, or ``undo`` (the server's)."""
        raise NotImplementedError

    def kick(self, room: Room) -> None:
        """See that the bots move while it is a bot's turn, and that the next hand is
        dealt at a table nobody plays (:meth:`deal_on`): start the room's bot loop, or
        have the running one look again once it is done."""
        if not room.idle.is_set():
            room.again = True
            return
        room.idle.clear()
        self.spawn(room, self._bots(room))

    async def settle(self, room: Room) -> None:
        """Wait until no bot is to move (or the bots stopped on an error)."""
        self.kick(room)
        await room.idle.wait()

    async def _bots(self, room: Room) -> None:
        """The room's bot loop: one at a time per room. A move that cannot be saved
        is logged and the loop stops; the bot tries again at the next kick (a player
        connecting or moving, even while the table is being told that the bot could not
        move), and by itself after :data:`BOT_RETRY` seconds (longer after each failure
        in a row) when it was the database's trouble."""
        try:
            while True:
                room.again = False
                try:
                    await self._bot_moves(room)
                except Exception as exc:
                    log_failure(exc, "game %s: the bots stopped", room.table.id)
                    retry = self._retry_wait(room, exc)
                    await self._tell_stopped(room, exc, retry)
                    if retry is not None:
                        self.spawn(room, self._retry(room, retry))
                    if not room.again:
                        break
                    continue
                room.bot_failures = 0
                if not room.again:
                    break
        finally:
            room.idle.set()

    @staticmethod
    def _retry_wait(room: Room, exc: Exception) -> float | None:
        """Seconds before the bots try again by themselves after ``exc``: for want of
        the database only (a move not saved, 503, or the database's own error); a bot
        that fails is not its trouble, and waits for a player."""
        saving = isinstance(exc, TableError) and exc.status == 503
        if not saving and database_trouble(exc) is None:
            return None
        room.bot_failures += 1
        return float(min(BOT_RETRY * 2.0 ** (room.bot_failures - 1), BOT_RETRY_MOST))

    async def _retry(self, room: Room, wait: float) -> None:
        """After ``wait`` seconds, set the bots going again, if somebody is at the table."""
        await asyncio.sleep(wait)
        if room.sockets:
            self.kick(room)

    async def _tell_stopped(self, room: Room, exc: Exception,
                            retry: float | None = None) -> None:
        """Tell everybody at the table that a bot could not move, and why (a bot of an
        installed package that fails, the database that cannot save): the game waits,
        and the bots try again in ``retry`` seconds, if given, and when somebody opens
        it or moves."""
        seat = room.table.bot_to_move()
        who = "a bot" if seat is None else f"the bot playing {room.table.seats[seat].name}"
        then = ("it tries again in " + (f"{retry:g} seconds" if retry != 1 else "1 second")
                if retry is not None else "reload the page to let it try again")
        reason = f"{who} could not move ({type(exc).__name__}: {exc}); the game waits: {then}"
        await self.send_all(room, [(socket, refusal(reason, status=503))
                                   for socket in list(room.sockets)])

    async def _bot_moves(self, room: Room) -> None:
        """The bots' moves, one after another, until it is no bot's turn. At a table of
        three bots (:attr:`Table.bots_only`) each move takes at least ``watch_pace``
        seconds and comes with the bot's reason (:func:`choose_explained`), and the bots
        stop between moves while nobody watches (a watcher who connects kicks them on)."""
        while True:
            async with room.lock:
                table = room.table  # each time: a read back may have replaced it
                turn = table.bot_turn()
                if turn is None:
                    self.deal_on(room)
                    return
                if table.bots_only and not room.sockets:
                    return  # nobody watches: the game waits for a watcher
                seat, bot, view = turn
                version = table.version
            reason: str | None = None
            if table.bots_only:
                started = time.monotonic()
                action, reason = await self.think(choose_explained, bot, view)
                left = room.watch_pace - (time.monotonic() - started)
                if left > 0:
                    await asyncio.sleep(left)
            else:
                action = await self.think(bot.choose, view)
            async with room.lock:
                # else the table changed (or was read back: another table now), or
                # the player a bot stood in for came back
                if (room.table is table and table.version == version
                        and table.bot_to_move() == seat):
                    table.apply_bot(seat, action)
                    await self._changed_by_bot(room, seat, reason)

    async def _changed_by_bot(self, room: Room, seat: int, reason: str | None) -> None:
        """:meth:`changed` after a bot's move, kept with its reason, if any (under the
        room's lock)."""
        game = room.table.game
        assert game.hand is not None
        key = (len(game.hands) - 1, len(game.hand.moves) - 1)
        if reason is None:
            await self.changed(room, room.table.pop)
            return
        room.reasons[key] = reason

        def undo() -> None:
            room.table.pop()
            room.reasons.pop(key, None)

        await self.changed(room, undo, [(key[0], key[1], seat, reason)])

    def deal_on(self, room: Room) -> None:
        """At a table where a bot plays for every player and the hand is over
        (:attr:`Table.deals_itself`), deal the next hand after ``hand_pause`` seconds
        (the result stays on show for those watching), in a task of its own, so that a
        request waiting for the bots (:meth:`settle`) is answered at the hand's end. At
        most one such deal waits at a time; called under the room's lock. Only while
        somebody is at the table (:meth:`Room.somebody_here`): a table nobody plays
        and nobody has open waits, so that games left to the bots cannot keep the
        expert busy for others."""
        table = room.table
        if table.deals_itself and room.dealing != table.version:
            room.dealing = table.version
            self.spawn(room, self._deal_on(room, table.version))

    async def _deal_on(self, room: Room, version: int) -> None:
        """:meth:`deal_on`'s task: the pause, then the deal, unless the table changed
        meanwhile (a player dealt, or came back to play); then the bots move. A deal
        that cannot be saved is logged and taken back; the next kick tries again."""
        try:
            await self.pause(room)
            async with room.lock:
                table = room.table  # under the lock: a read back may have replaced it
                if table.version != version or not table.deals_itself:
                    return
                if not room.somebody_here() or (table.bots_only and not room.sockets):
                    return  # nobody there (watching): dealt when somebody comes (a kick)
                table.deal_on()
                await self.changed(room, table.game.undeal)
        except TableError:  # not saved (logged by changed): nobody was told of it
            return
        finally:
            if room.dealing == version:
                room.dealing = None
        self.kick(room)

    async def pause(self, room: Room) -> None:
        """Wait ``hand_pause`` seconds, the hand's result on show, before the next hand
        is dealt by itself (:meth:`deal_on`)."""
        await asyncio.sleep(room.hand_pause)
