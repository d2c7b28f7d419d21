"""The seats of the web server's tables: joining, playing again (the new game's seats
kept a while for the players of the game before it), and a bot playing for a player who
has gone, and the player coming back. A mixin of :class:`~cutthroat.server.rooms.Server`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection
from contextlib import AbstractAsyncContextManager
from datetime import UTC, datetime
from typing import Any

import anyio

from .bot_turns import RoomBots
from .rates import seconds_words
from .room import MORE_TIME, Room, check_version
from .store import Store, log_failure
from .tables import Table, TableError

__all__ = ["TOKEN_GIVEN_AGAIN", "RoomSeating", "held_words", "kept_for"]


TOKEN_GIVEN_AGAIN = ("this seat was given a new token when its player asked to play again: "
                     "this page's token no longer works")
"""Why a socket of a seat is closed when its player is given a new token for it
(:meth:`RoomSeating.again`)."""


class RoomSeating(RoomBots):
    """Seats taken, kept and stood in for (a mixin of the server, which adds tables and
    holds rooms: :meth:`add`, :meth:`use`)."""

    store: Store
    away_wait: float
    turn_wait: float
    rematch_hold: float
    """Seconds a new game's seats are kept for the players of the game before it
    (:data:`~cutthroat.server.room.REMATCH_HOLD`)."""
    unnoted: dict[str, tuple[tuple[str, int, dict[int, int]], dict[int, dict[str, Any]]]]
    """The answers to :meth:`again` kept for a next ask (:attr:`Server.unnoted`)."""

    async def add(self, table: Table, address: str | None = None) -> Room:
        """Save a new table and give it a room (the server's)."""
        raise NotImplementedError

    def use(self, game_id: str) -> AbstractAsyncContextManager[Room]:
        """Hold the room of a game while in use (the server's)."""
        raise NotImplementedError

    async def stand_in(self, room: Room, by: int, seat: object, *,
                       wait: bool = False, version: int | None = None) -> None:
        """Let a bot play for the player at ``seat`` at the request of the player at
        ``by`` (:meth:`Table.stand_in`): at once for one's own seat (a player who must
        step away); for another player's, only once that player has had no page of
        their seat open for ``away_wait`` seconds, or it is their turn and they have
        taken ``turn_wait`` seconds over it. The player takes the seat back by opening
        it again, by moving, or with ``back`` (:meth:`come_back`). The bots then move
        (awaited when ``wait``, else in the background)."""
        async with room.lock:
            table = room.table  # under the lock: a read back may have replaced it
            check_version(room, version)
            index = table.check_stand_in(by, seat)
            if index != by:
                self._check_away(room, index)
            table.stand_in(by, index)
            await self.changed(room, lambda: table.come_back(index))
        if wait:
            await self.settle(room)
        else:
            self.kick(room)

    def _check_away(self, room: Room, index: int) -> None:
        """Refuse (409) a stand-in for the player at ``index`` unless they have been
        away ``away_wait`` seconds, or have taken ``turn_wait`` seconds over their move."""
        table = room.table
        name = table.seats[index].name or f"Player {index + 1}"
        away = room.away_for(index)
        waited = room.turn_waited()
        slow = (table.status == "playing" and table.game.to_act == index
                and waited >= self.turn_wait)
        # A player here (a page open, or a request just made: a program playing over
        # HTTP) is waited for, but only for so long over a move.
        if away is not None and away < self.away_wait and not slow:
            gone = (f"was last here {seconds_words(away)} ago" if index in room.seen else
                    "has not been back since this server opened the game "
                    f"{seconds_words(away)} ago")  # a restart, or the game read back
            raise TableError(f"{name} {gone} and may be coming back: a bot may play "
                             "for them once they have been away "
                             f"{seconds_words(self.away_wait)}", 409)
        if away is None and not slow:
            if table.status != "playing" or table.game.to_act != index:
                raise TableError(f"{name} is at the table: a bot may play for them "
                                 "once they have left it, or taken more than "
                                 f"{seconds_words(self.turn_wait)} over a move", 409)
            raise TableError(f"{name} has had {seconds_words(waited)} for this move: "
                             "a bot may play for them after "
                             f"{seconds_words(self.turn_wait)}", 409)

    async def more_time(self, room: Room, seat: int, version: int | None = None,
                        given: int | None = None) -> None:
        """The player at ``seat``, whose move it is, asks for more time over it: the
        turn's wait (``turn_wait``, after which another player may let a bot play for
        them) starts again, and every seat is told (the state's ``more_time``). At
        most :data:`~cutthroat.server.room.MORE_TIME` times a move; refused (409) when
        it is not their move, or a bot plays for them, and, with ``given``, when they
        have not asked exactly that many times over it (an ask sent twice counts
        once). Nothing in the game changes."""
        async with room.lock:
            check_version(room, version)
            table = room.table
            if table.status != "playing" or table.game.to_act != seat:
                raise TableError("it is not your move: more time is only for a move you "
                                 "have to make", 409)
            if table.seats[seat].standin is not None:
                raise TableError("a bot plays for you: \"back\" to play yourself", 409)
            if given is not None and given != (asked := room.more_time_given()):
                raise TableError(_asks_differ(asked, given), 409)
            if room.more_time_given() >= MORE_TIME:
                raise TableError(f"you have asked for more time {MORE_TIME} times over "
                                 "this move, the most there is: another player may let a "
                                 "bot play for you once you have had "
                                 f"{seconds_words(self.turn_wait)}, until your move", 409)
            room.give_more_time()
            await self.broadcast(room)

    async def kept_again(self, table: Table) -> dict[int, tuple[str, float]]:
        """The seats of ``table``, read back from the store, still kept for the players
        of the game it was started after (:func:`kept_for`): a restart, or the room let
        go, loses :attr:`Room.held`, so it is worked out again from the store, the
        ``rematch_hold`` counted from when ``table`` was made. Empty unless it waits for
        players."""
        if table.status != "waiting":
            return {}
        before = await anyio.to_thread.run_sync(self.store.rematch_of, table.id)
        if before is None:
            return {}
        old_id, by, taken, made = before
        left = self.rematch_hold - (datetime.now(UTC).replace(tzinfo=None)
                                    - made).total_seconds()
        old = (await anyio.to_thread.run_sync(self.store.load, old_id)
               if left > 0 else None)
        return {} if old is None else kept_for(old, by, time.monotonic() + left, taken)

    async def come_back(self, room: Room, seat: int, version: int | None = None) -> None:
        """The player at ``seat`` plays again: the bot playing for them stops (a move
        it is thinking over is not made). Refused (409) if no bot plays for them."""
        async with room.lock:
            check_version(room, version)
            if room.table.seats[seat].standin is None:
                raise TableError("no bot is playing for you: you play your seat yourself",
                                 409)
            await self._come_back(room, seat)

    async def _come_back(self, room: Room, seat: int) -> None:
        """:meth:`come_back`, under the room's lock, the stand-in known to be there."""
        table = room.table
        spec = table.come_back(seat)

        def undo() -> None:
            table.seats[seat].standin = spec

        await self.changed(room, undo)

    async def join(self, room: Room, name: object, *, coach: bool = False,
                   prefer: int | None = None, rename: bool = False,
                   claim: int | None = None) -> tuple[int, str]:
        """Take the seat ``prefer`` if it is open, else the first open seat: (seat,
        token). A name already at the table is refused (409), unless ``rename``
        (:meth:`Table.join`). A seat kept for a player of the game before (a game
        started to play again: :meth:`Room.held_seats`) is taken only by that player,
        who claims it (``claim``, from :meth:`again`); while the only open seats are
        kept, anybody else is refused (409), told for whom and for how long."""
        async with room.lock:
            held = {seat: kept for seat, kept in room.held_seats().items() if seat != claim}
            table = room.table
            if held and all(table.seats[s].kind != "open" or s in held for s in range(3)):
                raise TableError(held_words(held), 409)
            seat, token = table.join(name, coach=coach, prefer=prefer, rename=rename,
                                     skip=held)
            await self.changed(room, lambda: room.table.reopen(seat))
            room.seen[seat] = time.monotonic()  # here now, not away since the room opened
        self.kick(room)
        return seat, token

    async def again(self, room: Room, seat: int, *,
                    starting: Callable[[], None] = lambda: None,
                    version: int | None = None, into: str | None = None) -> dict[str, Any]:
        """Play again once the game is over: the first seat to ask starts a new game
        with the same rules and bots (:meth:`Table.again`; ``starting`` is called first,
        and may refuse it), and each other player who asks joins that one, so friends
        who ask at once sit at one table. Everybody at the finished table hears of the
        new game (``next_game`` in the state). Returns the asking seat's place in the
        new game: ``{"game", "seat", "token", "started"}``; asked again, the same place
        with a new token (:meth:`Table.new_token`: the first answer may have been lost on
        the way; a socket of that seat opened with the token before is closed, 4403), and
        nothing else is done. With ``into``, only a seat in that game, if it is the one
        started after this (409 otherwise, and nothing is started): a link to join it
        cannot start another game in the player's name. When the new game cannot be
        noted in the store (503), the seat made for the player is kept for them
        (:attr:`Server.unnoted`): asked again, the same answer comes once the note is
        made, and no other game is started nor seat taken."""
        async with room.lock:
            table = room.table  # under the lock: a read back may have replaced it
            if not table.game.is_over:
                raise TableError("a new game can be started once this one is over", 409)
            check_version(room, version)
            pending = self.unnoted.get(table.id)
            if pending is not None:
                room.rematch = pending[0]  # newer than the store's: not noted yet
            if into is not None and (room.rematch is None or room.rematch[0] != into):
                raise TableError(f"game {into} is not the game started to play again after "
                                 "this one: nothing was done", 409)
            answer: dict[str, Any]
            if pending is not None and seat in pending[1]:
                answer = pending[1][seat]  # made before, but not noted: noted now?
                taken = pending[0][2]
            elif room.rematch is None:
                starting()
                new = table.again(seat)
                new_room = await self.add(new)
                new_room.held = kept_for(table, seat,
                                         time.monotonic() + self.rematch_hold)
                taken = {seat: 0}
                answer = {"game": new.id, "seat": 0, "token": new.tokens[0],
                          "started": True}
            else:
                next_id, by, taken = room.rematch
                if seat in taken:  # asked again: the first answer lost on the way?
                    async with self.use(next_id) as other, other.lock:
                        token, undo = other.table.new_token(taken[seat])
                        await self.changed(other, undo)
                        for socket in [s for s, at in other.sockets.items()
                                       if at == taken[seat]]:  # opened with the old token
                            self.drop(other, socket, TOKEN_GIVEN_AGAIN, code=4403)
                    return {"game": next_id, "seat": taken[seat], "token": token,
                            "started": seat == by}
                async with self.use(next_id) as other:
                    mine = table.seats[seat]
                    place = (seat - by) % 3  # where they sat from the starter: kept for them
                    try:
                        new_seat, token = await self.join(
                            other, mine.name, coach=mine.coach, prefer=place,
                            rename=True, claim=place)  # their name, told apart if need be
                    except TableError as exc:
                        if exc.status != 409:
                            raise
                        raise TableError(f"the new game (game {next_id}) has no open "
                                         "seat left: watch it instead", 409) from None
                taken = {**taken, seat: new_seat}
                answer = {"game": next_id, "seat": new_seat, "token": token,
                          "started": False}
            by = seat if room.rematch is None else room.rematch[1]
            next_id = str(answer["game"])
            room.rematch = (next_id, by, taken)  # whoever asks next joins this game
            try:
                await anyio.to_thread.run_sync(self.store.save_rematch, table.id,
                                               next_id, by, taken)
            except Exception as exc:
                log_failure(exc, "game %s: the new game could not be noted", table.id)
                answers = {} if pending is None else pending[1]
                self.unnoted[table.id] = (room.rematch, {**answers, seat: answer})
                raise TableError("the new game could not be noted: ask again in a moment "
                                 "(your seat in it is kept for you)", 503) from None
            if pending is not None:  # noted now, every seat taken with it
                left = {k: v for k, v in pending[1].items() if k != seat}
                if left:
                    self.unnoted[table.id] = (room.rematch, left)
                else:
                    del self.unnoted[table.id]
            await self.broadcast(room)
        return answer


def kept_for(table: Table, by: int, until: float,
             taken: Collection[int] = ()) -> dict[int, tuple[str, float]]:
    """The seats of the game that the player at ``by`` started after ``table`` to play
    again that are kept, until ``until`` (:func:`time.monotonic`), for its other players
    (each with their name; not for those of them who sit in it already, ``taken``):
    each where they sat from the one who started it (:attr:`Room.held`)."""
    return {(other - by) % 3: (table.seats[other].name or "", until)
            for other in range(3) if other != by and other not in taken
            and table.seats[other].kind == "human"}


def held_words(held: dict[int, tuple[str, float]]) -> str:
    """Why a seat kept for the players of the game before cannot be taken: for whom,
    and for how many seconds more."""
    names = [name or "a player" for name, _ in held.values()]
    left = math.ceil(max(until for _, until in held.values()) - time.monotonic())
    who = names[0] if len(names) == 1 else f"{names[0]} and {names[1]}"
    seats = "the seat left is" if len(held) == 1 else "the seats left are"
    return (f"{seats} kept for {who}, who played the game before it, for {left} more "
            f"second{'' if left == 1 else 's'}: watch the game, or ask again then")


def _asks_differ(asked: int, given: int) -> str:
    """Why an ask for more time that counted ``given`` asks before it is refused, the
    seat having asked ``asked`` times over the move.

    >>> print(_asks_differ(1, 0))  # doctest: +NORMALIZE_WHITESPACE
    this ask for more time was made already (sent twice?): you have asked once over
    this move, and your wait started again then
    >>> print(_asks_differ(0, 3))  # doctest: +NORMALIZE_WHITESPACE
    you have not asked for more time over this move yet: send "given" as the latest
    state has it (0)
    """
    if given < asked:
        return (f"this ask for more time was made already (sent twice?): you have asked "
                f"{_times(asked)} over this move, and your wait started again then")
    told = (f"you have asked for more time {_times(asked)} over this move" if asked
            else "you have not asked for more time over this move yet")
    return f'{told}: send "given" as the latest state has it ({asked})'


def _times(count: int) -> str:
    """How many times, in words: ``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(count, f"{count} times")
