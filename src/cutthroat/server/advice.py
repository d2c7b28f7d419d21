"""The expert's advice at the web server's tables: a hint for the seat to act, the
coach's word after a player's move, and the review of a finished game; each worked out
in a worker thread and kept, so asking again costs nothing. A mixin of
:class:`~cutthroat.server.rooms.Server`."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable
from typing import Any, TypeVar

import anyio

from ..actions import Action, Move
from ..bots.hints import earlier_views, hint, hint_json, hint_lines, views_before
from ..bots.review import (
    MARGIN,
    confirmed,
    describe_verdict,
    review,
    review_lines,
    second_opinion,
)
from ..views import View
from .room import COACH_KEPT, HINTS_KEPT, Position, Room, position, still_made
from .sockets import RoomSockets
from .store import Store, log_failure
from .tables import Table, TableError

__all__ = ["REVIEWS_KEPT", "RoomAdvice"]

T = TypeVar("T")

REVIEWS_KEPT = 200
"""Reviews of finished games a server keeps (each about two seconds of the expert's work
a hand), the least recently asked for going first."""


class RoomAdvice(RoomSockets):
    """Hints, the coach and reviews (a mixin of the server, which thinks in worker
    threads: :meth:`think`)."""

    reviews: OrderedDict[tuple[str, int], dict[str, Any]]
    """The latest :data:`REVIEWS_KEPT` reviews of finished games (the server's)."""

    store: Store

    async def think(self, work: Callable[..., T], *args: object) -> T:
        """Run ``work(*args)`` in a worker thread (the server's)."""
        raise NotImplementedError

    async def study(self, work: Callable[..., T], *args: object) -> T:
        """Run a long analysis ``work(*args)`` in a worker thread, a few at a time (the
        server's)."""
        raise NotImplementedError

    def coach_later(self, room: Room, seat: int, before: View, chosen: Action,
                    at: Position) -> None:
        """Have the coach look at the move ``chosen`` that ``seat`` just made (the view
        ``before`` it, the position ``at`` just after it): one analysis at a time for
        each seat. A move made while the coach still thinks over an earlier one waits,
        and gives way to a later move of the seat, so that moves made and taken back in
        a loop cannot keep the expert busy for others; a move taken back before its
        turn comes is not looked at."""
        room.coach_next[seat] = (before, chosen, at)
        if seat not in room.coaching:
            room.coaching.add(seat)
            self.spawn(room, self._coach_seat(room, seat))

    async def _coach_seat(self, room: Room, seat: int) -> None:
        """:meth:`coach_later`'s task: the seat's moves waiting for the coach, the
        latest of them each time, until none waits."""
        try:
            while (waiting := room.coach_next.pop(seat, None)) is not None:
                before, chosen, at = waiting
                if not still_made(room.table.game, at):
                    continue
                try:
                    await self._coach(room, seat, before, chosen, at)
                except Exception as exc:  # that word is lost; the next move's is not
                    log_failure(exc, "game %s: the coach could not look at a move",
                                room.table.id)
        finally:
            room.coaching.discard(seat)

    async def _coach(self, room: Room, seat: int, before: View, chosen: Action,
                     at: Position) -> None:
        """The coach: the expert analyses the decision the player just made (with the
        seed the hint there would have used) and, when its own choice is worth at least
        :data:`~cutthroat.bots.review.MARGIN` more chance to win (on the hint's deals and
        again on four times as many: :func:`~cutthroat.bots.review.confirmed`), tells
        that seat's sockets why (``{"type": "coach", ...}``; ``hand`` is the hand's number,
        from 1, and ``trump`` its trump's letter when the move was made, or ``None``),
        and keeps it for a socket of that seat that connects later
        (:attr:`Room.coached`). ``at`` is the position just after the move: a move taken
        back while the expert thought gets no word (made again, it gets its own)."""
        earlier = views_before(room.table.game, before)
        analysis = await self.think(lambda: hint(before, also=(chosen,), earlier=earlier))
        verdict = second_opinion(analysis, chosen, MARGIN, before)
        if verdict is not None:  # checked on more deals: no "mistake" that was a lucky draw
            first = verdict
            verdict = await self.think(lambda: confirmed(first, before, earlier=earlier))
        if verdict is None or not still_made(room.table.game, at):
            return
        kept = room.coached.setdefault(seat, [])
        n: int = kept[-1]["n"] + 1 if kept else 1
        message = {"type": "coach", "history": False, "n": n,
                   "move": str(chosen), "best": str(verdict.best), "hand": at[0],
                   "trump": None if before.trump is None else before.trump.letter,
                   "undone": False, "text": describe_verdict(verdict, second_look=True)}
        kept.append(message)
        room.coached_at[seat, n] = at
        for word in kept[:-COACH_KEPT]:
            del room.coached_at[seat, word["n"]]
        del kept[:-COACH_KEPT]
        await self.send_all(room, [(socket, message)
                                   for socket, owner in list(room.sockets.items())
                                   if owner == seat])
        await self._keep_coach(room, seat, message)

    async def _keep_coach(self, room: Room, seat: int, message: dict[str, Any]) -> None:
        """Keep a word of the coach in the store (:meth:`Store.save_coach`), for a page
        that connects after a restart or once the room was let go: one that cannot be
        kept is logged, and was said all the same."""
        hands, moves = room.coached_at[seat, message["n"]]
        try:
            await anyio.to_thread.run_sync(
                self.store.save_coach, room.table.id, seat, message,
                (hands, [str(move) for move in moves]), COACH_KEPT)
        except Exception as exc:
            log_failure(exc, "game %s: a word of the coach could not be kept",
                        room.table.id)

    async def coach_kept(self, table: Table) -> tuple[dict[int, list[dict[str, Any]]],
                                                      dict[tuple[int, int], Position]]:
        """The coach's words kept in the store for a table read back (:attr:`Room.coached`
        and :attr:`Room.coached_at`); none where no seat has the coach."""
        if not any(seat.coach for seat in table.seats):
            return {}, {}
        stored = await anyio.to_thread.run_sync(self.store.coach_words, table.id)
        coached: dict[int, list[dict[str, Any]]] = {}
        coached_at: dict[tuple[int, int], Position] = {}
        for seat, words in stored.items():
            for message, (hands, moves) in words[-COACH_KEPT:]:
                coached.setdefault(seat, []).append(message)
                coached_at[seat, message["n"]] = (hands, tuple(Move.parse(m) for m in moves))
        return coached, coached_at

    async def coach_taken_back(self, room: Room) -> None:
        """After an undo: each kept word of the coach on a move now taken back is marked
        so (``"undone": true``) and sent again to its seat's sockets, which show it as
        taken back; the word stays, as the advice the player may have undone it for."""
        game = room.table.game
        sends = []
        marked: list[tuple[int, dict[str, Any]]] = []
        for seat, kept in room.coached.items():
            for index, word in enumerate(kept):
                if not word["undone"] and not still_made(game, room.coached_at[seat, word["n"]]):
                    kept[index] = {**word, "undone": True}  # (the one sent may wait to go)
                    sends += [(socket, kept[index]) for socket, owner
                              in list(room.sockets.items()) if owner == seat]
                    marked.append((seat, kept[index]))
        await self.send_all(room, sends)
        for seat, word in marked:
            await self._keep_coach(room, seat, word)

    async def review(self, room: Room, seat: int) -> dict[str, Any]:
        """The expert's second opinion on every choice the player at ``seat`` made, once
        the game is over (``cutthroat review``; about two seconds a hand, then
        kept: asked for twice at once, it is worked out once). The moves a stand-in
        made for them are not theirs, and are not reviewed: ``standin_moves`` counts
        them, and the first line says so."""
        async with room.lock:  # not between a (last) move and its save
            table = room.table
            if not table.game.is_over:
                raise TableError("a game is reviewed once it is over", 409)
            game = table.game.copy()  # the expert reads it in a worker thread
            skip = table.standin_moves(seat)
        key = (table.id, seat)
        async with room.reviewing:
            kept = self.reviews.get(key)
            if kept is None:
                result = await self.study(lambda: review(game, seat, skip=skip))
                kept = {**result.to_json(), "standin_moves": result.skipped,
                        "lines": review_lines(result, game.players)}
                self.reviews[key] = kept
                while len(self.reviews) > REVIEWS_KEPT:
                    self.reviews.popitem(last=False)
            self.reviews.move_to_end(key)
        return kept

    async def hint(self, room: Room, seat: int) -> dict[str, Any]:
        """The expert's advice for ``seat``, which must be the one to act; one hint at a
        time for a seat (429 while one is being worked out), and one worked out per
        position: asked again at a position (before anything changes, or back at it
        after an undo), the same hint is given again (the expert's choice depends only
        on the position), so a seat's hints cost the server at most one expert's
        decision per position it reaches. The position is read under the room's lock,
        so never between a move and its save: no hint is given for a move that was not
        saved (the expert then thinks without the lock)."""
        async with room.lock:
            table = room.table
            if table.status != "playing" or table.game.to_act != seat:
                raise TableError("a hint is given when it is your turn", 409)
            key = (seat, position(table.game))
            kept = room.hints.get(key)
            if kept is not None:
                room.hints.move_to_end(key)
                return kept
            if seat in room.hinting:
                raise TableError("a hint for you is being worked out already: it comes "
                                 "in a moment", 429, retry_after=1)
            view = table.game.view(seat)
            earlier = earlier_views(table.game, seat)
            room.hinting.add(seat)
        try:
            analysis = await self.think(lambda: hint(view, earlier=earlier))
        finally:
            room.hinting.discard(seat)
        answer = {**hint_json(analysis), "lines": hint_lines(analysis, table.game.players)}
        room.hints[key] = answer
        while len(room.hints) > HINTS_KEPT:
            room.hints.popitem(last=False)
        return answer
