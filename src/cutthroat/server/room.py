"""One game in memory on the web server: a :class:`Room` holds its table, its lock, its
sockets, its bots' loop and what the server keeps for it (hints, reasons, the game
started after it); :class:`~cutthroat.server.rooms.Server` holds the rooms."""

from __future__ import annotations

import asyncio
import math
import time
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any

from fastapi import WebSocket

from ..actions import Action, Move
from ..game import Game
from ..views import View
from .tables import Table, TableError

__all__ = ["AWAY_WAIT", "COACH_KEPT", "HAND_PAUSE", "HINTS_KEPT", "MORE_TIME", "REMATCH_HOLD",
           "TURN_WAIT", "WATCH_GRACE", "WATCH_PACE", "Position", "Room", "check_version",
           "position", "still_made"]

AWAY_WAIT = 20.0
"""Seconds a player must have been away (no page of their seat open) before another
player may let a bot play for them: long enough to reload a page or reconnect."""
TURN_WAIT = 60.0
"""Seconds a player whose page is open may take over a move before another player may
let a bot play for them."""
MORE_TIME = 10
"""Times a player may ask for more time over one move (``more_time``: the turn's wait
starts again), the least WCAG 2.2.1 asks of a time limit that can be extended."""
HAND_PAUSE = 4.0
"""Seconds the result of a hand stays on show before the next is dealt by itself, at a
table where a bot plays for every player (:attr:`Table.deals_itself`)."""
WATCH_PACE = 1.5
"""Seconds each move takes at least at a table of three bots (:attr:`Table.bots_only`),
so that a person watching can follow it."""
WATCH_GRACE = 60.0
"""Seconds a game of three bots just made counts as playing before anybody watches it
(the page that made it is opening it)."""
REMATCH_HOLD = 120.0
"""Seconds the seats of a game started to play again stay kept for the players of the
game before it (:meth:`Room.held_seats`): nobody else, a watcher of that game with the
invitation in its table talk say, can take a friend's seat while the friend comes."""
HINTS_KEPT = 32
"""Hints a room keeps, by seat and position, the least recently asked for going first:
enough for a player who takes moves back and tries others."""

COACH_KEPT = 5
"""The coach's words a seat's page shows (the newest first), and the server keeps."""

Position = tuple[int, tuple[Move, ...]]
"""Where a game stands: the hands begun, and the moves of the one in play."""


def position(game: Game) -> Position:
    """Where ``game`` stands (:data:`Position`): the same after a move taken back and
    made again, and so for everything a hint depends on (the seat's view, the scores,
    the hands before)."""
    hand = game.hand
    return len(game.hands), tuple(hand.moves) if hand is not None else ()


def still_made(game: Game, at: Position) -> bool:
    """Whether the moves that led to ``at`` (a :func:`position`) still stand in ``game``:
    not taken back, though more may have been made since, a later hand's too.

    >>> game = Game(seed=1)
    >>> _ = game.deal(); _ = game.push("1 pass"); at = position(game)
    >>> _ = game.push("2 pass"); still_made(game, at)
    True
    >>> _ = game.pop(); _ = game.pop(); still_made(game, at)
    False
    """
    hands, moves = at
    if len(game.hands) < hands or hands == 0:
        return False
    return tuple(game.hands[hands - 1].moves[:len(moves)]) == moves


@dataclass(eq=False)
class Room:
    """A table in play on this server: the table, its lock, the sockets watching it,
    and its bots' loop (``idle`` is set when no bot is thinking). A socket's seat is
    ``None`` for somebody watching, in no seat. ``users`` counts the
    requests and sockets holding the room now, ``last_used`` when the last let go
    (:func:`time.monotonic`)."""

    table: Table
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    sockets: dict[WebSocket, int | None] = field(default_factory=dict)
    tasks: set[asyncio.Task[None]] = field(default_factory=set)
    idle: asyncio.Event = field(default_factory=asyncio.Event)
    again: bool = False
    reviewing: asyncio.Lock = field(default_factory=asyncio.Lock)
    outboxes: dict[WebSocket, tuple[asyncio.Queue[dict[str, Any]], asyncio.Task[None]]] = \
        field(default_factory=dict)
    """Each socket's messages waiting to be sent, and the task that sends them in turn
    (:meth:`~cutthroat.server.rooms.Server.send`)."""
    hinting: set[int] = field(default_factory=set)
    hints: OrderedDict[tuple[int, Position], dict[str, Any]] = field(
        default_factory=OrderedDict)
    """The latest :data:`HINTS_KEPT` hints given, by seat and position: asked again at a
    position (a move taken back and made again included), a hint is given again without
    thinking."""
    coached: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    """Each seat's latest :data:`COACH_KEPT` words of the coach (``coach`` messages,
    numbered ``n`` from 1), sent again to a socket of the seat that connects: a page
    reloaded keeps them. Kept in the store too, and read back with the room (after a
    restart: :meth:`~cutthroat.server.rooms.Server.coach_kept`)."""
    coached_at: dict[tuple[int, int], Position] = field(default_factory=dict)
    """Where each kept word of the coach was said, by seat and ``n``: the position just
    after the move it is about, to tell when an undo takes that move back."""
    coaching: set[int] = field(default_factory=set)
    """The seats whose moves the coach is working through now: one analysis at a time
    for each seat (:meth:`~cutthroat.server.advice.RoomAdvice.coach_later`)."""
    coach_next: dict[int, tuple[View, Action, Position]] = field(default_factory=dict)
    """For each seat, the latest move the coach is to look at once it is done with the
    one it is on (the view before it, the move, the position just after it)."""
    users: int = 0
    last_used: float = field(default_factory=time.monotonic)
    rematch: tuple[str, int, dict[int, int]] | None = None
    """The game started to play again after this one
    (:meth:`~cutthroat.server.store.Store.rematch`)."""
    opened: float = field(default_factory=time.monotonic)
    """When the room was opened (made, or read back from the store)."""
    seen: dict[int, float] = field(default_factory=dict)
    """When each seat was last seen: its last socket closed, or it made a request."""
    changed_at: float = field(default_factory=time.monotonic)
    """When the table last changed (a move, a deal, a seat taken), or the room opened:
    not when a bot came to stand in for a player or a player came back."""
    changed_version: int = -1
    """The table's version at :attr:`changed_at`."""
    more_time: tuple[int, int, float] = (-1, 0, 0.0)
    """The last ask for more time over a move (:meth:`give_more_time`): the table's
    version then, the times asked at that version, and when."""
    waits: tuple[float, float] = (AWAY_WAIT, TURN_WAIT)
    """The server's ``away_wait`` and ``turn_wait``
    (:meth:`~cutthroat.server.rooms.Server.stand_in`)."""
    hand_pause: float = HAND_PAUSE
    """The server's ``hand_pause``: seconds before the next hand is dealt by itself."""
    bot_failures: int = 0
    """The bots' failures in a row, each for want of the database (the next retry waits
    longer: :data:`~cutthroat.server.bot_turns.BOT_RETRY`); 0 after a move saved."""
    dealing: int | None = None
    """The table's version at which a deal by itself waits out the pause, if one does
    (:meth:`~cutthroat.server.rooms.Server.deal_on`): one at a time."""
    watch_pace: float = WATCH_PACE
    """The server's ``watch_pace``: the least seconds a move takes at a table of three
    bots."""
    made_by: str | None = None
    """The address of the player who made a table of three bots on this server (``None``
    for one read back from the store): :meth:`~cutthroat.server.rooms.Server.check_watch_games`."""
    reasons: dict[tuple[int, int], str] = field(default_factory=dict)
    """At a table of three bots, each bot's reason for its move, by (hand, move), both
    from 0 (kept in the store with the move: :meth:`~cutthroat.server.store.Store.reasons`)."""
    held: dict[int, tuple[str, float]] = field(default_factory=dict)
    """In a game started to play again: each seat kept for a player of the game before
    it, with their name and until when (:data:`REMATCH_HOLD`; :meth:`held_seats`).
    Worked out again from the store when the room is read back (after a restart, say:
    :meth:`~cutthroat.server.rooms.Server.kept_again`), the time counted from when the
    game was made."""
    held_until: float = 0.0
    """Until when a table of three bots counts as playing though nobody watches it yet
    (:data:`WATCH_GRACE` after it is made)."""

    def __post_init__(self) -> None:
        self.idle.set()
        self.changed_version = self.table.version

    def connected(self) -> list[int]:
        """The seats with a socket open."""
        return sorted({seat for seat in self.sockets.values() if seat is not None})

    def seat_of(self, token: str | None) -> int:
        """The token's seat (:meth:`Table.seat_of`), now seen at the table."""
        seat = self.table.seat_of(token)
        self.seen[seat] = time.monotonic()
        return seat

    def away_for(self, seat: int) -> float | None:
        """Seconds since ``seat`` was last at the table (no socket of it open since,
        and no request), or ``None`` while a socket of it is open."""
        if seat in self.sockets.values():
            return None
        return max(0.0, time.monotonic() - self.seen.get(seat, self.opened))

    def somebody_here(self) -> bool:
        """Whether anybody is at the table: a socket open (a seat's page, or a
        watcher's), or a request about the game (a seat's, or a watcher's over HTTP)
        within the server's ``away_wait``. A table nobody plays deals its next hand
        only then (:meth:`~cutthroat.server.rooms.Server.deal_on`)."""
        return bool(self.sockets) or time.monotonic() - self.last_used < self.waits[0]

    def more_time_given(self) -> int:
        """Times the seat to act has asked for more time over the move it has to make
        (:attr:`more_time`): 0 once the game has moved on."""
        version, given, _ = self.more_time
        return given if version == self.table.version else 0

    def give_more_time(self) -> None:
        """The seat to act asked for more time: its turn's wait starts again now
        (:meth:`turn_waited`). The caller checks the ask (:data:`MORE_TIME`)."""
        self.more_time = (self.table.version, self.more_time_given() + 1, time.monotonic())

    def turn_waited(self) -> float:
        """Seconds the seat to act has had for its move: since the table last changed
        (:attr:`changed_at`), or since it last asked for more time over this move."""
        start = self.changed_at
        if self.more_time_given():
            start = max(start, self.more_time[2])
        return time.monotonic() - start

    def held_seats(self) -> dict[int, tuple[str, float]]:
        """The seats still kept for the players of the game before this one (open, and
        within their time), with their names and until when (:attr:`held`)."""
        now = time.monotonic()
        return {seat: (name, until) for seat, (name, until) in self.held.items()
                if until > now and self.table.seats[seat].kind == "open"}

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The state ``seat`` is sent (``None``: a watcher's), with who is connected
        and how many watch; an open seat kept for a player of the game before says for
        whom and for how many seconds more (``held_for``, ``held_s``)."""
        watchers = sum(1 for s in self.sockets.values() if s is None)
        again = None if self.rematch is None else {"game": self.rematch[0],
                                                   "by": self.rematch[1]}
        state = self.table.state_for(seat, self.connected())
        now = time.monotonic()
        for held, (name, until) in self.held_seats().items():
            state["players"][held].update(held_for=name, held_s=math.ceil(until - now))
        return {**state, "watchers": watchers,
                "next_game": again,
                "stand_in_after": {"away": self.waits[0], "turn": self.waits[1]},
                "more_time": {"given": (given := self.more_time_given()),
                              "left": MORE_TIME - given},
                "next_hand_after": (self.hand_pause if self.table.deals_itself
                                    else None),
                **(self._watched_extras() if self.table.bots_only else {})}

    async def saved_state(self, seat: int | None) -> dict[str, Any]:
        """:meth:`state_for`, read under the room's lock: never between a change and its
        save (a bot's move is saved under it), so it shows no move that was not saved.
        (:meth:`state_for` does not take the lock itself: states are also sent by code
        that holds it.)"""
        async with self.lock:
            return self.state_for(seat)

    def _watched_extras(self) -> dict[str, Any]:
        """A table of three bots's own fields (docs/protocol.md): each bot's reason for
        each move of the hand in play (``null`` where it gave none), and the pace."""
        game = self.table.game
        moves = 0 if game.hand is None else len(game.hand.moves)
        number = len(game.hands) - 1
        return {"reasons": [self.reasons.get((number, index)) for index in range(moves)],
                "watch_pace": self.watch_pace}

    @property
    def playing_to_watch(self) -> bool:
        """A table of three bots that plays now: not over, and watched (or just made,
        :attr:`held_until`)."""
        return (self.table.bots_only and not self.table.game.is_over
                and (bool(self.sockets) or time.monotonic() < self.held_until))

    @property
    def unused(self) -> bool:
        """Nobody holds the room: no request, socket, bot, hint or coach is at work in
        it, so it may be released and read back later without losing anything (every
        change was saved before its lock was let go)."""
        return (self.users == 0 and not self.sockets and not self.tasks
                and self.idle.is_set() and not self.lock.locked())


def check_version(room: Room, version: int | None) -> None:
    """Refuse (409) a change chosen on a state the game has moved on from: a move sent
    twice (a retried request, a double click) is made once, and never taken for the
    next decision. ``None`` (no version given) checks nothing; a version the game has
    not reached is no state it was ever in (400)."""
    now = room.table.version
    if version is not None and version > now:
        raise TableError(f"the game has never been at version {version} (it is at version "
                         f"{now}): send the version of the state you chose from; nothing "
                         "was done", 400)
    if version is not None and version != now:
        raise TableError(f"the game has moved on since the state you chose from "
                         f"(version {version}; it is at version {now}): nothing was "
                         "done, choose again from the latest state", 409)
