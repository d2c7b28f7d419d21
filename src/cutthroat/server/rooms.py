"""The web game's rooms: the tables in play on this server, and the server that holds
them.

A :class:`~cutthroat.server.room.Room` (in room.py) is one game in memory: its table,
its lock, its sockets and its bots' loop. The :class:`Server` holds the rooms and the
store: it makes every change to a table under that table's lock, saves it before anybody
is told, lets bots and the expert think in worker threads, keeps the table talk, and
lets go of the games nobody uses. :mod:`.app` puts HTTP and WebSocket routes in front of
it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Callable, Collection
from typing import Any, TypeVar

import anyio
import limits
import limits.storage
import limits.strategies
from fastapi import WebSocket

from ..bots.review import (
    worth_asking,
)
from .advice import RoomAdvice
from .chat import ADDRESS_CHAT_RATE, CHAT_RATE, GAME_LINES, HISTORY, ChatLine, clean_line
from .connections import note_refused
from .protocol import refusal
from .rates import limit_reached, parse_rate, rate_words
from .room import (
    AWAY_WAIT,
    HAND_PAUSE,
    REMATCH_HOLD,
    TURN_WAIT,
    WATCH_GRACE,
    WATCH_PACE,
    Room,
    check_version,
    position,
)
from .seating import RoomSeating
from .sockets import OUTBOX, SEND_WAIT
from .store import Reason, Store, StoreConflict, log_failure
from .tables import Table, TableError

__all__ = ["AWAY_WAIT", "HAND_PAUSE", "OUTBOX", "RELEASE_AFTER", "REMATCH_HOLD", "SEAT_SOCKETS",
           "SEND_WAIT", "SOCKETS_PER_ADDRESS", "STUDIES",
           "TURN_WAIT", "WATCHERS", "WATCH_GAMES", "WATCH_GAMES_PER_ADDRESS", "WATCH_GRACE",
           "WATCH_PACE", "Room", "Server", "check_version", "limit_reached", "parse_rate",
           "rate_words"]

log = logging.getLogger("cutthroat.server")
T = TypeVar("T")
RELEASE_AFTER = 600.0
"""Seconds an unfinished game nobody uses stays in memory before it is released (it is
read back from the store when next asked for)."""
STUDIES = max(1, (os.cpu_count() or 1) // 2)
"""How many long analyses (reviews) the server works out at once: half its CPUs, so
that the bots' moves and the hints always have the other half."""
WATCH_GAMES = 4
"""How many games of three bots one server plays at once, by default (a game plays
while somebody watches it: :meth:`Server.watched_games`)."""
WATCH_GAMES_PER_ADDRESS = 1
"""How many of those games one address may have made that play at once: one page
watching, so that one player cannot take every game of three bots the server plays."""
SOCKETS_PER_ADDRESS = 64
"""WebSockets one address may hold open over all games at seats, and as many watching
(beyond, refused with 4429): a player's page holds one, a household's few. Counted
apart, so that watchers' sockets, which anybody's page may open, never keep the
address's players from their tables. Behind a trusted proxy each is counted by the
player's address it forwards, as every limit of the server is."""
WATCHERS = 100
"""Sockets watching one game, in no seat, at most (beyond, refused with 429)."""

CHANGED_ELSEWHERE = ("this game was changed by another server on the same database, so that "
                     "was not done: the game as stored there is shown now. Two servers must "
                     "not share a database (docs/web.md)")
"""The refusal (409) of a change that could not be saved because the stored game had
been changed by somebody else (:class:`~cutthroat.server.store.StoreConflict`)."""
SEAT_SOCKETS = 10
"""Sockets of one seat (a player's tabs and devices) at most: watchers filling a game
never keep its players out, nor one player's sockets the others."""

class Server(RoomAdvice, RoomSeating):
    """The tables of one server and the store they are saved in.

    Every change to a table (a move, a deal, a seat taken) is made under the table's
    lock and saved before anybody is told; every state sent is sent under that lock, so
    no client hears of a change that a restart would lose. Bots think without the lock,
    in a worker thread, from a frozen copy of their view.

    Only the games in use are kept in memory: every request and socket holds its room
    (:meth:`use`), a finished game is released as soon as nobody holds it, and an
    unfinished one once nobody has used it for ``release_after`` seconds
    (:meth:`sweep`). A released game is read back from the store when next asked for,
    as after a restart.
    """

    def __init__(self, store: Store, *, release_after: float = RELEASE_AFTER,
                 chat_rate: str = CHAT_RATE, address_chat_rate: str = ADDRESS_CHAT_RATE,
                 away_wait: float = AWAY_WAIT,
                 turn_wait: float = TURN_WAIT, hand_pause: float = HAND_PAUSE,
                 keep_seats: float = REMATCH_HOLD,
                 watch_pace: float = WATCH_PACE, watch_games: int = WATCH_GAMES,
                 sockets_per_address: int = SOCKETS_PER_ADDRESS,
                 watch_games_per_address: int = WATCH_GAMES_PER_ADDRESS,
                 allowed_origins: Collection[str] = ()) -> None:
        self.store = store
        self.allowed_origins = frozenset(allowed_origins)
        """Origins besides the server's own whose pages may open its WebSockets
        (:func:`~cutthroat.server.origins.foreign_origin`)."""
        self.watch_pace = watch_pace
        self.watch_games = watch_games
        self.sockets_per_address = sockets_per_address
        """The most WebSockets one address may hold open (:data:`SOCKETS_PER_ADDRESS`)."""
        self.watch_games_per_address = watch_games_per_address
        """The most games of three bots one address may have playing
        (:data:`WATCH_GAMES_PER_ADDRESS`)."""
        self._starting: Counter[str | None] = Counter()
        """Games of three bots being made (saved) now, by the address making them."""
        self.release_after = release_after
        self.away_wait = away_wait
        self.turn_wait = turn_wait
        self.hand_pause = hand_pause
        self.rematch_hold = keep_seats
        self.unnoted: dict[str, tuple[tuple[str, int, dict[int, int]],
                                      dict[int, dict[str, Any]]]] = {}
        """Games played again whose new game could not be noted in the store (503), by
        the finished game's id: the game started after it (as :attr:`Room.rematch`) and
        the answers refused, by the seat that asked, each kept for that seat's next
        ask (:meth:`again`). Kept here, not with the room, which is let go when nobody
        uses it and read back from the store."""
        self.send_wait = SEND_WAIT
        """Seconds a socket may take over one message (:data:`SEND_WAIT`)."""
        self.reviews: OrderedDict[tuple[str, int], dict[str, Any]] = OrderedDict()
        """The latest :data:`REVIEWS_KEPT` reviews of finished games, by game and seat:
        kept here, not with the game's room, which is let go when nobody uses it."""
        self.sockets_by_address: Counter[tuple[str, bool]] = Counter()
        """The WebSockets open from each address, watching (``True``) and at seats
        apart (:data:`SOCKETS_PER_ADDRESS` each)."""
        self.rooms: dict[str, Room] = {}
        self._thinkers: anyio.CapacityLimiter | None = None
        self._studies: anyio.CapacityLimiter | None = None
        self.chat_rate = parse_rate(chat_rate, "chat_rate", CHAT_RATE)
        self.address_chat_rate = parse_rate(address_chat_rate, "address_chat_rate",
                                            ADDRESS_CHAT_RATE)
        self._talkers = limits.strategies.MovingWindowRateLimiter(
            limits.storage.MemoryStorage())

    @property
    def waits(self) -> tuple[float, float]:
        """``away_wait`` and ``turn_wait``, as each room tells its players."""
        return self.away_wait, self.turn_wait

    async def think(self, work: Callable[..., T], *args: object) -> T:
        """Run ``work(*args)`` (a bot's choice, a hint, a review: CPU-bound) in a worker
        thread, at most one per CPU at a time over the whole server, so that many
        requests for the expert's thoughts queue instead of starving each other."""
        if self._thinkers is None:
            self._thinkers = anyio.CapacityLimiter(os.cpu_count() or 1)
        return await anyio.to_thread.run_sync(work, *args, limiter=self._thinkers)

    async def study(self, work: Callable[..., T], *args: object) -> T:
        """Run a long analysis (a game's review: seconds a hand) as :meth:`think` runs
        its work, but at most :data:`STUDIES` of them at a time over the whole server, so
        that reviews asked for many games at once (by one visitor, say) queue among
        themselves and leave the bots' moves and the hints a thread to run on."""
        if self._studies is None:
            self._studies = anyio.CapacityLimiter(STUDIES)
        async with self._studies:
            return await self.think(work, *args)

    async def room(self, game_id: str) -> Room:
        """The room of a game, read back from the store the first time (404 if none).
        A bot whose turn it was when the server stopped moves now."""
        room = self.rooms.get(game_id)
        if room is None:
            table = await anyio.to_thread.run_sync(self.store.load, game_id)
            if table is None:
                raise TableError(f"there is no game {game_id!r}", 404)
            again = (await anyio.to_thread.run_sync(self.store.rematch, game_id)
                     if table.game.is_over else None)
            reasons = (await anyio.to_thread.run_sync(self.store.reasons, game_id)
                       if table.bots_only else {})
            held = await self.kept_again(table)
            coached, coached_at = await self.coach_kept(table)
            room = self.rooms.setdefault(game_id, Room(
                table, rematch=again, waits=self.waits, hand_pause=self.hand_pause,
                watch_pace=self.watch_pace, reasons=reasons, held=held, coached=coached,
                coached_at=coached_at))
            self.kick(room)
        return room

    @contextlib.asynccontextmanager
    async def use(self, game_id: str) -> AsyncIterator[Room]:
        """Hold a game's room while a request or socket works with it, so that it is
        not released meanwhile (404 if there is no such game)."""
        room = await self.room(game_id)
        room.users += 1  # no await since the lookup: a sweep cannot come between
        try:
            yield room
        finally:
            room.users -= 1
            room.last_used = time.monotonic()
            if room.table.game.is_over:
                self.release(room)
            elif room.table.deals_itself and room.dealing is None:
                self.kick(room)  # a table that waited for somebody: dealt on now

    def release(self, room: Room) -> bool:
        """Let go of a room nobody holds (:attr:`Room.unused`); True if it was."""
        game_id = room.table.id
        if not room.unused or self.rooms.get(game_id) is not room:
            return False
        del self.rooms[game_id]
        return True

    def sweep(self, now: float | None = None) -> list[str]:
        """Release every room nobody has used for ``release_after`` seconds (and every
        finished game nobody holds); the ids of the games released."""
        now = time.monotonic() if now is None else now
        return [room.table.id for room in list(self.rooms.values())
                if (room.table.game.is_over or now - room.last_used >= self.release_after)
                and self.release(room)]

    async def sweeper(self, every: float) -> None:
        """Sweep every ``every`` seconds, for as long as the server runs."""
        while True:
            await asyncio.sleep(every)
            released = self.sweep()
            if released:
                log.info("released %d idle game(s) from memory", len(released))

    def watched_games(self) -> int:
        """How many games of three bots play now (:attr:`Room.playing_to_watch`), those
        being made included."""
        return sum(self._starting.values()) + sum(1 for room in self.rooms.values()
                                                  if room.playing_to_watch)

    def check_watch_games(self, address: str | None = None, *, opening: bool = False) -> None:
        """Refuse (429) a game of three bots that would start playing (a new one, or one
        nobody watches that a watcher opens) while ``watch_games`` play already, or
        while ``watch_games_per_address`` that ``address`` made play or are being
        made (``opening``: a watcher opens a stopped game that ``address`` made, and is
        told so)."""
        if self.watched_games() >= self.watch_games:
            most = self.watch_games
            raise TableError(
                f"this server plays at most {most} game{'' if most == 1 else 's'} of three "
                "bots at once, and that many are being watched now: watch one of them, or "
                "try again when one ends or its watchers leave", 429)
        mine = self._starting[address] + sum(
            1 for room in self.rooms.values()
            if room.playing_to_watch and room.made_by == address)
        if address is not None and mine >= self.watch_games_per_address:
            note_refused(f"the limit of {self.watch_games_per_address} game(s) of three "
                         "bots an address", address, "--ip-watch-games")
            raise TableError(
                "whoever started this game has another game of three bots playing: watch "
                "that one, or try again when it ends" if opening else
                "a game of three bots you started is playing already: watch it, or close "
                "its page and try again", 429)

    async def add(self, table: Table, address: str | None = None) -> Room:
        """A new table, made by a player at ``address``: saved, then given a room, and
        its bots started. A table of three bots is refused (429) beyond ``watch_games``,
        or beyond what one address may have playing (:meth:`check_watch_games`)."""
        if not table.bots_only:
            await self.save(table)
        else:
            self.check_watch_games(address)
            self._starting[address] += 1
            try:
                await self.save(table)
            finally:
                self._starting[address] -= 1
                if self._starting[address] <= 0:
                    del self._starting[address]
        room = self.rooms[table.id] = Room(table, waits=self.waits,
                                           hand_pause=self.hand_pause,
                                           watch_pace=self.watch_pace, made_by=address)
        if table.bots_only:
            room.held_until = time.monotonic() + WATCH_GRACE
        self.kick(room)
        return room

    async def save(self, table: Table, reasons: list[Reason] | None = None) -> None:
        """Write the table to the store (before anybody is told of the change), with the
        bots' ``reasons`` for moves, if any (:meth:`Store.save`)."""
        if reasons:
            await anyio.to_thread.run_sync(self.store.save, table, reasons)
        else:
            await anyio.to_thread.run_sync(self.store.save, table)

    def spawn(self, room: Room, work: Any) -> None:
        """Run ``work`` (a coroutine) in the background, keeping hold of it. A finished
        game is let go when the last of its work ends with nobody else holding it."""
        task = asyncio.get_running_loop().create_task(work)
        room.tasks.add(task)

        def done(task: asyncio.Task[None]) -> None:
            room.tasks.discard(task)
            if room.table.game.is_over:
                self.release(room)

        task.add_done_callback(done)

    async def changed(self, room: Room, undo: Callable[[], object],
                      reasons: list[Reason] | None = None) -> None:
        """Save the table (with a bot's ``reasons`` for its move, if any), then tell
        everybody (under the room's lock). If it cannot be saved, the change is taken
        back with ``undo`` and refused (503): nobody is told of a move that a restart
        would lose. If the stored game was changed by somebody else meanwhile (another
        server on the same database: :class:`StoreConflict`), nothing is written, the
        game as stored is read back and shown to everybody, and the change is refused
        (409): the other server's moves are not written over."""
        try:
            await self.save(room.table, reasons)
        except StoreConflict as exc:
            undo()
            log.error("game %s: %s; the game as stored is read back", room.table.id, exc)
            await self._read_back(room)
            raise TableError(CHANGED_ELSEWHERE, 409) from None
        except Exception as exc:
            undo()
            log_failure(exc, "game %s could not be saved", room.table.id)
            raise TableError("the game could not be saved, so that was not done: "
                             "try again in a moment", 503) from None
        if room.table.version != room.changed_version:  # a move, a deal, a seat taken
            room.changed_at, room.changed_version = time.monotonic(), room.table.version
        await self.broadcast(room)

    async def _read_back(self, room: Room) -> None:
        """Replace the room's table with the game as stored (changed there by another
        server), and tell everybody; if it cannot be read, the room keeps its own."""
        try:
            stored = await anyio.to_thread.run_sync(self.store.load, room.table.id)
        except Exception as exc:
            log_failure(exc, "game %s could not be read back", room.table.id)
            return
        if stored is not None:
            room.table = stored
            await self.broadcast(room)

    async def connect(self, room: Room, socket: WebSocket, seat: int | None) -> None:
        """A seat's socket (or a watcher's, ``None``) joins the room; everybody hears
        that it is connected, and it hears the latest table talk, if any, and a seat's
        the coach's latest words to it (:attr:`Room.coached`). Refused (429)
        beyond :data:`WATCHERS` watchers, or :data:`SEAT_SOCKETS` sockets of the seat,
        and a watcher who would set a game of three bots going again beyond what may
        play at once (:meth:`check_watch_games`)."""
        async with room.lock:
            held = sum(1 for other in room.sockets.values() if other == seat)
            if held >= (WATCHERS if seat is None else SEAT_SOCKETS):
                raise TableError(f"this game has {held} connections "
                                 f"{'watching' if seat is None else 'of this seat'} "
                                 "already: close one, or try again later", 429)
            if (room.table.bots_only and not room.table.game.is_over
                    and not room.playing_to_watch):  # this watcher would set it going
                self.check_watch_games(room.made_by, opening=True)
            room.sockets[socket] = seat
            told = False
            if seat is not None and room.table.seats[seat].standin is not None:
                with contextlib.suppress(TableError):  # not saved: the bot plays on
                    await self._come_back(room, seat)  # which tells everybody
                    told = True
            if not told:
                await self.broadcast(room)
            try:
                talk = await self.talk(room)
            except Exception as exc:  # the database is down: the game goes on
                log.warning("game %s: the table talk could not be read: %s",
                            room.table.id, " ".join(str(exc).split()))
                await self.send(room, socket, refusal(
                    "the table talk could not be read just now: it comes when the "
                    "page connects again", status=503))
                talk = []
            if talk:
                await self.send(room, socket, {"type": "chat", "history": True,
                                               "lines": [line.to_json() for line in talk]})
            for word in room.coached.get(seat, []) if seat is not None else []:
                # the coach's latest words again, told apart from a new word as the talk
                # heard again is (a page does not read them out again)
                await self.send(room, socket, {**word, "history": True})
        self.kick(room)  # a bot whose move could not be saved tries again

    async def talk(self, room: Room) -> list[ChatLine]:
        """The latest :data:`~cutthroat.server.chat.HISTORY` lines of the game's table
        talk, oldest first."""
        return await anyio.to_thread.run_sync(self.store.talk, room.table.id, HISTORY)

    async def say(self, room: Room, seat: int, text: object,
                  address: str | None = None) -> ChatLine:
        """A line of table talk from ``seat`` (at ``address``, the client's): kept in
        the store, then sent to every socket of the room (seats and watchers). Refused,
        with nothing kept or sent, when it is not plain text, too long, blank, too fast
        after the seat's last lines or the address's (429), or the game's talk is full
        (409)."""
        line = clean_line(text)
        key = (room.table.id, str(seat))
        async with room.lock:  # tested and counted under it: lines sent at once count
            if not self._talkers.test(self.chat_rate, "chat", *key):
                raise limit_reached(self._talkers, self.chat_rate, "you are talking too "
                                    f"fast (at most {rate_words(self.chat_rate, 'line')})",
                                    "chat", *key)
            if address is not None and not self._talkers.test(self.address_chat_rate,
                                                               "chat-address", address):
                note_refused(f"the limit of {rate_words(self.address_chat_rate, 'line')} "
                             "of talk an address", address, "--ip-chat-rate")
                raise limit_reached(self._talkers, self.address_chat_rate, "your address "
                                    "is talking too fast over all its games (at most "
                                    f"{rate_words(self.address_chat_rate, 'line')})",
                                    "chat-address", address)
            name = room.table.seats[seat].name or f"Player {seat + 1}"
            try:
                said = await anyio.to_thread.run_sync(
                    lambda: self.store.say(room.table.id, seat, name, line,
                                           most=GAME_LINES))
            except Exception as exc:
                log_failure(exc, "game %s: a line of talk could not be saved", room.table.id)
                raise TableError("that could not be saved, so nobody heard it: try again "
                                 "in a moment", 503) from None
            if said is None:
                raise TableError(f"this game has {GAME_LINES} lines of talk already: "
                                 "there is no room for more", 409)
            self._talkers.hit(self.chat_rate, "chat", *key)
            if address is not None:
                self._talkers.hit(self.address_chat_rate, "chat-address", address)
            message = {"type": "chat", "history": False, "lines": [said.to_json()]}
            await self.send_all(room, [(socket, message) for socket in list(room.sockets)])
        return said

    async def act(self, room: Room, seat: int, action: object, *, wait: bool,
                  version: int | None = None) -> None:
        """A player's move (if ``version`` is given, only while the game is at it:
        :func:`check_version`); then the bots' (awaited when ``wait``, else in the
        background), and the coach's word on the move if the seat asked for one."""
        async with room.lock:
            table = room.table  # under the lock: a read back may have replaced it
            check_version(room, version)
            before = table.game.view(seat) if table.status == "playing" else None
            standin = table.come_back(seat)  # a player who moves is back
            try:
                table.act(seat, action)
            except TableError:
                table.seats[seat].standin = standin
                raise

            def undo() -> None:
                table.game.pop()
                table.seats[seat].standin = standin

            await self.changed(room, undo)
            hand = table.game.hand
            assert hand is not None and before is not None
            if table.seats[seat].coach and worth_asking(before):
                self.coach_later(room, seat, before, hand.moves[-1].action,
                                 position(table.game))
        if wait:
            await self.settle(room)
        else:
            self.kick(room)

    async def next_hand(self, room: Room, seat: int, *, wait: bool,
                        version: int | None = None) -> None:
        """Deal the next hand at a player's request (at a table nobody plays, it is
        dealt by itself too: :meth:`deal_on`; whichever comes first deals, and the
        other finds the hand in play); then the bots move."""
        async with room.lock:
            check_version(room, version)
            room.table.next_hand(seat)
            await self.changed(room, room.table.game.undeal)
        if wait:
            await self.settle(room)
        else:
            self.kick(room)

    async def undo(self, room: Room, seat: int, version: int | None = None) -> None:
        """Take back the seat's last move of the hand, with the bots' replies. A player
        a bot was playing for plays again (the bot would only make the move again)."""
        async with room.lock:
            table = room.table  # under the lock: a read back may have replaced it
            check_version(room, version)
            standin = table.come_back(seat)
            try:
                undone = table.undo(seat)
            except TableError:
                table.seats[seat].standin = standin  # refused: nothing changes
                raise

            def restore() -> None:
                table.redo(seat, undone)
                table.seats[seat].standin = standin

            await self.changed(room, restore)
            await self.coach_taken_back(room)
        self.kick(room)
