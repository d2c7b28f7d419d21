"""Random sequences of WebSocket messages to the web game's server, mixed with its HTTP
requests and restarts (docs/protocol.md: "WebSocket", "Versions", "The state for a
seat", "Watching", "Table talk", "Storage").

A Hypothesis state machine (:class:`SocketSequences`) plays one game per example, as
:class:`~test_server_sequences.ServerSequences` does over HTTP, whose rules it keeps,
with a socket open at each person's seat (and now and then a watcher's): moves, deals
and take-backs sent over the sockets, pings, table talk (garbage too), messages the
server must refuse (not JSON, the wrong shape, an unknown type, wrong field types,
binary frames, oversized text, a watcher's move), sockets closed and opened again, and
restarts with every socket reopened. After every step: every state a socket was sent
names no card hidden from its seat (R14; a watcher's, none but the up-card and the
cards played), judged on the hand as it was when that state was made; the versions a
socket is sent never go down; once things settle, the last state each socket has is
the one HTTP gives its seat; and the game stored is the game shown.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
import unicodedata
from typing import Any
from unittest import mock

import anyio
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import initialize, invariant, precondition, rule, run_state_machine_as_test

from cutthroat.cards import cards_of_mask, deck_mask
from cutthroat.server.room import Room
from cutthroat.server.socket_loop import SOCKET_MESSAGES
from cutthroat.server.tables import Table
from server_helpers import _cards_named, _stop_servers
from sockets import eventually
from strategies import known_mask
from test_server_sequences import ServerSequences, _action, _moves, _words

__all__ = ["_stop_servers"]  # the fixture, used by name

WAIT = 10.0
"""Seconds a message that must come may take (a socket's answers come at once; the bots
that answer in the background here are the quick ones)."""
CHAT_RATE = (10, 30.0)
"""Lines one seat may say in a time (the server's default, docs/protocol.md)."""
GARBAGE = st.one_of(
    st.text(max_size=30),
    st.text(st.sampled_from(" \t\n\r\x00\x07\x1b\u200b\u200d\u2028\u00a0\ud800eé😀👨‍👩‍👧a"),
            max_size=12),
    st.sampled_from(["", "   ", "\n\t", "hi", "  good   game \n", "x" * 200, "x" * 201,
                     " " * 900 + "ok", "y" * 1057, "a\u0301" * 3 + "\u0301" * 9,
                     "\u2800", "🏴\U000e0067\U000e0062\U000e0065\U000e006e\U000e0067\U000e007f",
                     "Be\u200dn", "<script>alert(1)</script>", "play JH"]))
"""Lines of table talk: plain words, runs of white space, control and format
characters, lone surrogates, emoji, too long before and after folding, blank."""


def _canonical(state: dict[str, Any]) -> str:
    """A state as one text, whichever side of a socket it is read on."""
    return json.dumps(json.loads(json.dumps(state)), sort_keys=True)


def _hidden(table: Table, seat: int | None) -> frozenset[str]:
    """The cards ``seat`` (``None``: a watcher) may not see now (R14), worked out by the
    tests' own :func:`known_mask` from the hand in play; none while no hand is."""
    hand = table.game.hand
    if table.status != "playing" or hand is None:
        return frozenset()
    everything = deck_mask(table.game.rules.deck)
    if seat is None:
        shown = {str(hand.upcard)} | {str(c) for t in hand.tricks for _, c in t.plays} \
            | {str(c) for _, c in hand.current_trick}
        return frozenset(str(c) for c in cards_of_mask(everything)) - shown
    return frozenset(str(c) for c in cards_of_mask(everything & ~known_mask(hand, seat)))


class Silent(Exception):
    """A socket was sent nothing in the time it was given."""


class Closed(Exception):
    """The server closed a socket: its code and reason."""

    def __init__(self, code: int, reason: str) -> None:
        super().__init__(code, reason)
        self.code, self.reason = code, reason


async def _within(ws: Any, seconds: float) -> Any:
    with anyio.fail_after(seconds):
        return await ws._send_rx.receive()  # (the test client's queue: a wait with a limit)


class Socket:
    """A seat's socket (``seat``) or a watcher's (``None``), and what it was sent."""

    def __init__(self, session: Any, seat: int | None) -> None:
        self.session = session
        self.ws = session.__enter__()
        self.seat = seat
        self.last: dict[str, Any] | None = None
        """The latest state it was sent."""
        self.open = True
        self.sent: list[float] = []
        """When its latest messages were sent."""

    def send(self, message: Any) -> None:
        """Send ``message`` (text, bytes, or JSON), keeping under the server's limit of
        messages a socket may send in a time (:data:`SOCKET_MESSAGES`): a long example
        would otherwise be closed (1008) for it."""
        most, within = SOCKET_MESSAGES
        now = time.monotonic()
        self.sent = [t for t in self.sent if now - t < within] + [now]
        if len(self.sent) > most - 5:
            time.sleep(within - (now - self.sent[0]) + 0.1)
        if isinstance(message, bytes):
            self.ws.send_bytes(message)
        elif isinstance(message, str):
            self.ws.send_text(message)
        else:
            self.ws.send_json(message)

    def receive(self, seconds: float = WAIT) -> dict[str, Any]:
        """The next message, which must come within ``seconds`` (else :class:`Silent`)."""
        try:
            raw = self.ws.portal.call(_within, self.ws, seconds)
        except TimeoutError:
            raise Silent(f"the socket of seat {self.seat} was sent nothing") from None
        if raw["type"] == "websocket.close":
            self.open = False
            raise Closed(raw.get("code", 1000), raw.get("reason") or "")
        assert raw.get("text") is not None, f"a binary frame: {raw}"
        message: dict[str, Any] = json.loads(raw["text"])
        return message

    def close(self) -> None:
        """Close it (and end the test client's side of it, closed by the server or
        not: a client stops only once every socket's has ended)."""
        if self.session is not None:
            self.open = False
            session, self.session = self.session, None
            session.__exit__(None, None, None)


class SocketSequences(ServerSequences):
    """One game on a server of its own, played over sockets and HTTP (docs/protocol.md,
    "WebSocket"), with the HTTP rules of :class:`ServerSequences`."""

    def __init__(self) -> None:
        super().__init__()
        self.sockets: dict[int | None, Socket] = {}
        """Each person's seat's socket, and a watcher's (``None``) when one is open."""
        self.made: dict[tuple[int | None, str], frozenset[str]] = {}
        """Every state the server made (by the seat it is for, as text): the cards that
        seat could not see when it was made."""
        self.top: dict[int | None, int] = {}
        """The highest version each seat's sockets (and a watcher's) were sent."""
        self.said: dict[int, list[float]] = {}
        """When each seat's lines were taken since the server started (:data:`CHAT_RATE`)."""
        made = self.made
        original = Room.state_for

        def state_for(room: Room, seat: int | None) -> dict[str, Any]:
            state = original(room, seat)
            made[(seat, _canonical(state))] = _hidden(room.table, seat)
            return state

        self.patched = mock.patch.object(Room, "state_for", state_for)
        self.patched.start()

    def teardown(self) -> None:
        for sock in self.sockets.values():
            sock.close()
        self.patched.stop()
        super().teardown()

    # Not here: playing again (test_server_sequences.py's rule). It goes on with a new
    # game, and the sockets this machine opened and checks are the first game's.
    play_again = None  # type: ignore[assignment]

    # --- sockets ---------------------------------------------------------------------------

    @initialize(data=st.data())
    def start(self, data: st.DataObject) -> None:
        """The game of :meth:`ServerSequences.start`, with a socket open at each person's
        seat (its token in the address, a header or its hello), and maybe a watcher's."""
        super().start(data)
        for seat in sorted(self.tokens):
            self.connect(data, seat)
        if data.draw(st.booleans(), label="watcher"):
            self.connect(data, None)

    def connect(self, data: st.DataObject, seat: int | None) -> Socket:
        """Open a socket for ``seat`` (``None``: a watcher's); it is sent the state at
        once, then the table talk so far, if any, as history."""
        path = f"/api/games/{self.game}/" + ("watch" if seat is None else "ws")
        how = "" if seat is None else data.draw(
            st.sampled_from(["query", "header", "hello"]), label="token in")
        headers = {"Authorization": f"Bearer {self.tokens[seat]}"} if how == "header" else {}
        if how == "query":
            path += f"?token={self.tokens[seat]}"
        assert seat is not None or not how
        sock = Socket(self.client.websocket_connect(path, headers=headers), seat)
        if how == "hello":
            sock.send({"type": "hello", "token": self.tokens[seat]})  # type: ignore[index]
        self.sockets[seat] = sock
        first = self.take(sock)
        assert first["type"] == "state", first
        lines = self.client.get(self.path("chat")).json()["lines"]
        if lines:
            history = self.take(sock)
            assert history == {"type": "chat", "history": True, "lines": lines}, history
        return sock

    def take(self, sock: Socket, seconds: float = WAIT) -> dict[str, Any]:
        """The next message on ``sock``; a state is checked as it comes: made by the
        server for this socket's seat, naming no card hidden from it when made (R14),
        and at a version no lower than any the seat was sent before."""
        message = sock.receive(seconds)
        if message["type"] == "state":
            state = message["state"]
            assert state["seat"] == sock.seat, (sock.seat, state["seat"])
            key = (sock.seat, _canonical(state))
            assert key in self.made, f"a state the server never made for seat {sock.seat}"
            leaked = _cards_named(state) & self.made[key]
            assert not leaked, f"the socket of seat {sock.seat} was shown {sorted(leaked)}"
            assert state["version"] >= self.top.get(sock.seat, 0), "the version went down"
            self.top[sock.seat] = state["version"]
            sock.last = state
        return message

    def answers(self, sock: Socket, message: Any = None) -> list[dict[str, Any]]:
        """Send ``message`` (if any) then a ping: the messages that come before its pong
        (the socket's answers come in the order its messages were read)."""
        if message is not None:
            sock.send(message)
        sock.send({"type": "ping"})
        got = []
        while (answer := self.take(sock))["type"] != "pong":
            got.append(answer)
        return got

    def settle(self) -> None:
        """Wait until no bot is to move, nor thinking."""
        def idle() -> bool:
            room = self.client.app.state.server.rooms.get(self.game)  # type: ignore[attr-defined]
            return room is None or (room.idle.is_set() and room.table.bot_to_move() is None)
        eventually(idle, self.client)
        assert idle(), "the bots never stopped"

    def http_state(self, seat: int | None) -> dict[str, Any]:
        answer = (self.client.get(self.path("public")) if seat is None else
                  self.client.get(self.path(), params={"token": self.tokens[seat]}))
        assert answer.status_code == 200, answer.text
        state: dict[str, Any] = answer.json()
        return state

    def agree(self) -> None:
        """Once the bots are done, every socket's latest state is its seat's state over
        HTTP (the players' ``connected`` and ``watchers`` are told a moment after a
        socket leaves: each socket is given up to :data:`WAIT` seconds to hear it)."""
        self.settle()
        for sock in self.sockets.values():
            extra = self.answers(sock)
            assert all(m["type"] == "state" for m in extra), extra
        for seat, sock in self.sockets.items():
            deadline = time.monotonic() + WAIT
            while sock.last != (want := self.http_state(seat)) and time.monotonic() < deadline:
                with contextlib.suppress(Silent):  # (none came within a while)
                    got = self.take(sock, 0.5)
                    assert got["type"] == "state", got
            assert sock.last == want, f"the socket of seat {seat} was left behind"

    def person(self, data: st.DataObject) -> int:
        return data.draw(st.sampled_from(sorted(self.tokens)), label="seat")

    def told_no(self, got: list[dict[str, Any]], kind: str | None,
                statuses: tuple[int, ...]) -> dict[str, Any]:
        """``got`` is one ``error`` for a message of ``kind``, of one of ``statuses``,
        with a reason in words, and nothing changed (the game, every state)."""
        assert len(got) == 1 and got[0]["type"] == "error", got
        error = got[0]
        assert error["status"] in statuses, error
        assert error.get("for") == kind, error
        assert re.search(r"[a-z]{3,} [a-z]{2,}", error["reason"]), error
        assert self.snapshot() == self.seen, "a refused message changed something"
        return error

    # --- moves over a socket ---------------------------------------------------------------

    @precondition(lambda self: self.seen and self.now["status"] == "playing")
    @rule(data=st.data())
    def socket_move(self, data: st.DataObject) -> None:
        """A legal move of the person to act, over their socket, with the version of
        their state or without: their socket is sent the state after it first, one
        move more, made by their seat, the version one up."""
        seat = self.to_act()
        assert seat in self.tokens, f"a bot at seat {seat} has not moved"
        before = self.seen["seats"][seat]
        action = data.draw(st.sampled_from(before["view"]["legal"]), label="action")
        message: dict[str, Any] = {"type": "act", "action": action}
        if data.draw(st.booleans(), label="with version"):
            message["version"] = before["version"]
        got = self.answers(self.sockets[seat], message)
        assert got and got[0]["type"] == "state", got
        after = got[0]["state"]
        old, new = _moves(before), _moves(after)
        assert after["hand_number"] == before["hand_number"]
        assert new[:len(old)] == old and len(new) == len(old) + 1, (old, new)
        assert new[-1].startswith(f"{seat} ") and _action(new[-1]) == _action(action)
        assert after["version"] == before["version"] + 1
        assert all(m["type"] == "state" for m in got), got

    @precondition(lambda self: self.seen and self.now["status"] == "playing")
    @rule(data=st.data())
    def more_socket_moves(self, data: st.DataObject) -> None:
        """:meth:`socket_move` again, so that the game gets on."""
        self.socket_move(data)

    @precondition(lambda self: self.seen and self.now["status"] == "hand_over")
    @rule(data=st.data())
    def socket_next(self, data: st.DataObject) -> None:
        """A person deals the next hand over their socket: the first state after it is
        the new hand's, the scores as they were."""
        seat = self.person(data)
        before = self.seen["seats"][seat]
        message: dict[str, Any] = {"type": "next"}
        if data.draw(st.booleans(), label="with version"):
            message["version"] = before["version"]
        got = self.answers(self.sockets[seat], message)
        assert got and got[0]["type"] == "state", got
        after = got[0]["state"]
        assert after["hand_number"] == before["hand_number"] + 1
        assert after["scores"] == before["scores"] and after["version"] == before["version"] + 1

    @precondition(lambda self: self.seen and not self.friends)
    @rule(data=st.data())
    def socket_undo(self, data: st.DataObject) -> None:
        """Against bots, a take-back over the socket: the person's last move of the hand
        and all after it, the version up by the moves taken back; or an ``error``
        (409) that changes nothing when there is none to take back."""
        seat = min(self.tokens)
        before = self.seen["seats"][seat]
        message: dict[str, Any] = {"type": "undo"}
        if data.draw(st.booleans(), label="with version"):
            message["version"] = before["version"]
        got = self.answers(self.sockets[seat], message)
        old = _moves(before)
        mine = [i for i, move in enumerate(old) if move.startswith(f"{seat} ")]
        if got and got[0]["type"] == "error":
            self.told_no(got, "undo", (409,))
            return
        assert before["status"] == "playing" and mine, (got, before["status"], old, message,
                                                        self.http_state(seat)["view"])
        assert len(got) == 1 and got[0]["type"] == "state", got
        after = got[0]["state"]
        assert _moves(after) == old[:mine[-1]]
        assert after["version"] - before["version"] == len(old) - len(_moves(after))
        assert after["to_act"] == seat and after["scores"] == before["scores"]

    @precondition(lambda self: self.seen and self.friends and self.now["status"] == "playing")
    @rule(data=st.data())
    def socket_out_of_turn(self, data: st.DataObject) -> None:
        """With a friend, the person whose turn it is not sends, over their socket, a
        move the person to act could make: an ``error`` (409), nothing changed."""
        to_act = self.to_act()
        seat = next(seat for seat in self.tokens if seat != to_act)
        legal = self.seen["seats"][to_act]["view"]["legal"] if to_act in self.tokens else []
        action = data.draw(st.sampled_from([*legal, "pass", "play JH"]), label="action")
        message: dict[str, Any] = {"type": "act", "action": action}
        if data.draw(st.booleans(), label="with version"):
            message["version"] = self.now["version"]
        self.told_no(self.answers(self.sockets[seat], message), "act", (409,))

    # --- pings, talk ---------------------------------------------------------------------

    @precondition(lambda self: self.seen)
    @rule(data=st.data())
    def ping(self, data: st.DataObject) -> None:
        """A ping from any socket, a watcher's too, is answered with a pong and
        nothing else."""
        sock = self.sockets[data.draw(st.sampled_from(sorted(self.sockets, key=str)),
                                      label="socket")]
        sock.send({"type": "ping"})
        assert self.take(sock) == {"type": "pong"}

    @precondition(lambda self: self.seen)
    @rule(data=st.data())
    def say(self, data: st.DataObject) -> None:
        """A line of talk, any text, from a person's socket or over HTTP: every socket
        of the game (a watcher's too) hears the same line, folded and trimmed, numbered
        one after the last; or the sender alone is told why not (400 not plain text or
        too long or blank, 429 too fast) and nobody hears anything. Plain words that
        fit are always taken, while the seat is not talking too fast."""
        seat = self.person(data)
        text = data.draw(GARBAGE, label="text")
        before = self.client.get(self.path("chat")).json()["lines"]
        now = time.monotonic()
        most, within = CHAT_RATE
        lately = [t for t in self.said.get(seat, []) if now - t < within + 1]
        surely = [t for t in lately if now - t < within - 1]
        if data.draw(st.booleans(), label="over HTTP"):
            answer = self.client.post(  # (escaped: a lone surrogate too)
                self.path("chat"), headers={"Content-Type": "application/json"},
                content=json.dumps({"token": self.tokens[seat], "text": text}).encode())
            told = answer.json()["line"] if answer.status_code == 201 else None
            if told is None:
                assert answer.status_code in (400, 429), answer.text
                _words(answer)
            heard = {key: self.answers(sock) for key, sock in self.sockets.items()}
        else:
            heard = {seat: self.answers(self.sockets[seat], {"type": "say", "text": text})}
            heard.update({key: self.answers(sock) for key, sock in self.sockets.items()
                          if key != seat})
            mine = heard[seat]
            told = None
            if mine and mine[0]["type"] == "error":
                self.told_no(mine, "say", (400, 429))
                heard[seat] = []
            else:
                assert len(mine) == 1 and mine[0]["type"] == "chat", mine
                told = mine[0]["lines"][0]
        after = self.client.get(self.path("chat")).json()["lines"]
        plain = re.fullmatch(r"[a-zA-Z0-9 .,!?<>()/'-]*", text) is not None
        if told is None:
            assert all(got == [] for got in heard.values()), heard
            assert after == before
            assert not (plain and text.strip() and len(text.split()) and
                        len(" ".join(text.split())) <= 200 and len(lately) < most), \
                f"{text!r} was refused"
            return
        self.said.setdefault(seat, []).append(now)
        assert told["text"] == " ".join(text.split()) and 1 <= len(told["text"]) <= 200
        assert not any(unicodedata.category(c) == "Cc" for c in told["text"]), told
        assert told["seat"] == seat and told["n"] == (before[-1]["n"] if before else 0) + 1
        assert after == [*before, told][-len(after):] and len(after) == min(len(before) + 1, 100)
        for key, got in heard.items():
            assert got == [{"type": "chat", "history": False, "lines": [told]}], (key, got)
        assert len(surely) < most, "more lines were taken than the rate lets through"

    # --- messages the server refuses -------------------------------------------------------

    @precondition(lambda self: self.seen)
    @rule(data=st.data())
    def bad_message(self, data: st.DataObject) -> None:
        """A message the server cannot take, from a person's socket or a watcher's: not
        JSON, not an object, no or an unknown type, a field missing, of the wrong type
        or unknown, a hello after the first message, a binary frame (of a legal move),
        text over 64 KiB; a watcher's move or deal (403); a move out of turn, against
        the rules or at a version the game is not at. Each gets one ``error`` with a
        reason in words (or, over 64 KiB, a close with 1009: the socket is opened
        again), and changes nothing."""
        keys = sorted(self.sockets, key=str)
        key = data.draw(st.sampled_from(keys), label="socket")
        sock = self.sockets[key]
        status, to_act, version = self.now["status"], self.to_act(), self.now["version"]
        legal = (self.seen["seats"][to_act]["view"]["legal"]
                 if status == "playing" and to_act in self.tokens else [])
        some = data.draw(st.sampled_from(legal), label="move") if legal else "pass"
        malformed: list[tuple[Any, str | None]] = [
            ("not json", None), ("{oops", None), ("", None), ("[1, 2]", None), ("null", None),
            ('"act"', None), ({"action": some}, None), ({"type": 3}, None),
            ({"type": ["act"]}, None), ({"type": "shout"}, "shout"),
            ({"type": "act"}, "act"), ({"type": "act", "action": 5}, "act"),
            ({"type": "act", "action": None}, "act"), ({"type": "act", "action": [some]}, "act"),
            ({"type": "act", "action": some, "version": str(version)}, "act"),
            ({"type": "act", "action": some, "version": True}, "act"),
            ({"type": "act", "action": some, "version": -1}, "act"),
            ({"type": "act", "action": some, "version": version + 0.5}, "act"),
            ({"type": "act", "action": some, "seat": to_act}, "act"),
            ({"type": "act", "action": some, "token": "x"}, "act"),
            ({"type": "act", "action": "x" * 65}, "act"),
            ({"type": "next", "version": "1"}, "next"), ({"type": "undo", "x": 1}, "undo"),
            ({"type": "say"}, "say"), ({"type": "say", "text": 5}, "say"),
            ({"type": "standin", "seat": "1"}, "standin"),
            ({"type": "standin", "seat": 3}, "standin"),
            ({"type": "standin", "seat": True}, "standin"),
            ({"type": "more_time", "given": 11}, "more_time"),
            ({"type": "more_time", "given": -1}, "more_time"),
            ({"type": "ping", "id": 7}, "ping"), ({"type": "ping", "version": version}, "ping"),
            ({"type": "hello", "token": self.tokens[min(self.tokens)]}, "hello"),
            (json.dumps({"type": "act", "action": some}).encode(), None),
            (b"\xff\x00", None)]
        message, kind = data.draw(st.sampled_from(malformed), label="message")
        statuses: tuple[int, ...] = (400,)
        if key is None and kind == "hello":
            statuses = (403,)
        extra = data.draw(st.sampled_from(["none", "seat's", "oversized", "binary"]),
                          label="also")
        if extra == "binary":  # a legal move, in a binary frame: not made
            message = json.dumps({"type": "act", "action": some}).encode()
            kind, statuses = None, (400,)
        if extra == "oversized":
            statuses = (400,)
            message, kind = data.draw(st.sampled_from([
                ({"type": "act", "action": "x" * 70_000}, "act"),
                ({"type": "say", "text": "x" * 70_000}, "say"),
                ('{"type": "ping", "pad": "' + "x" * 70_000 + '"}', "ping")]))
            try:
                got = self.answers(sock, message)
            except Closed as closed:  # (as uvicorn does: the test client has no limit)
                assert closed.code == 1009, (closed.code, closed.reason)
                self.sockets.pop(key).close()
                assert self.snapshot()["record"] == self.seen["record"]
                self.connect(data, key)
                return
            self.told_no(got, kind, statuses)
            return
        if extra == "seat's" and key is None:  # a watcher may only ping
            message, kind = data.draw(st.sampled_from([
                ({"type": "act", "action": some}, "act"), ({"type": "next"}, "next"),
                ({"type": "undo"}, "undo"), ({"type": "hint"}, "hint"),
                ({"type": "say", "text": "hi"}, "say"), ({"type": "back"}, "back"),
                ({"type": "more_time"}, "more_time"),
                ({"type": "standin", "seat": min(self.tokens)}, "standin")]))
            statuses = (403,)
        elif extra == "seat's":  # a well formed message that is not for now
            choices: list[tuple[dict[str, Any], tuple[int, ...]]] = [
                ({"type": "act", "action": some, "version": version + 1 + data.draw(
                    st.integers(0, 1000), label="ahead")}, (400,))]
            if version > 0:
                choices.append(({"type": "act", "action": some, "version": data.draw(
                    st.integers(0, version - 1), label="stale")}, (409,)))
            if key != to_act:
                choices.append(({"type": "act", "action": some}, (409,)))
            elif legal:
                held = self.seen["seats"][key]["view"]["cards"]
                allowed = {_action(move) for move in legal}
                wrong = [f"play {c}" for c in held] + ["pass", "order", "alone", "call S",
                                                       "discard 9H", "dance"]
                wrong = [w for w in wrong if _action(w) not in allowed]
                choices.append(({"type": "act", "action": data.draw(
                    st.sampled_from(wrong), label="illegal")}, (400,)))
            if status != "hand_over":
                choices.append(({"type": "next"}, (409,)))
            if self.friends:
                choices.append(({"type": "undo"}, (409,)))
            message, statuses = data.draw(st.sampled_from(choices), label="not now")
            kind = message["type"]
        got = self.answers(sock, message)
        self.told_no(got, kind, statuses)

    # --- sockets that go and come back ---------------------------------------------------

    @precondition(lambda self: self.seen)
    @rule(data=st.data())
    def reconnect(self, data: st.DataObject) -> None:
        """A socket is closed and opened again (a reload, a network that dropped): it is
        sent the game as it is at once, and the talk so far; a watcher comes or goes."""
        key = data.draw(st.sampled_from([*sorted(self.tokens), None]), label="socket")
        sock = self.sockets.pop(key, None)
        if sock is not None:
            sock.close()
            if key is None and data.draw(st.booleans(), label="watcher leaves"):
                return
        self.connect(data, key)

    @precondition(lambda self: self.seen)
    @rule(data=st.data())
    def watcher_comes_or_goes(self, data: st.DataObject) -> None:
        """A watcher opens a socket, or the one watching closes it: every seat is told
        how many watch (``watchers``), and who is connected, as :meth:`agree` checks."""
        sock = self.sockets.pop(None, None)
        if sock is None:
            self.connect(data, None)
        else:
            sock.close()

    @precondition(lambda self: self.seen)
    @rule(data=st.data())
    def restart(self, data: st.DataObject) -> None:  # type: ignore[override]
        """Every socket closes, the server stops and starts again on the same database
        (:meth:`ServerSequences.restart`: the same game), and every socket opens again:
        sent the same game."""
        for sock in self.sockets.values():
            sock.close()
        watching = None in self.sockets
        self.sockets.clear()
        self.agree()
        self.seen = self.snapshot()
        super().restart()
        self.said.clear()  # (the rates start again with the server)
        for seat in sorted(self.tokens):
            self.connect(data, seat)
        if watching:
            self.connect(data, None)

    # --- after every step ------------------------------------------------------------------

    @invariant()
    def consistent(self) -> None:
        """Once the bots are done: every socket has the state HTTP gives its seat
        (:meth:`agree`: nothing lost, nobody left behind), and what
        :meth:`ServerSequences.consistent` checks (the game saved as shown, R14 over
        HTTP, nothing going down)."""
        if not self.game:
            return
        self.agree()
        super().consistent()


@pytest.mark.no_cover  # run without coverage: docs/architecture.md, Tests
def test_R14_random_socket_messages_http_requests_and_restarts_keep_every_socket_told() -> None:
    """Any sequence of socket messages (moves, deals, take-backs, pings, talk, messages
    refused), reconnections, HTTP requests and restarts (:class:`SocketSequences`):
    every socket is told the game as it is, at versions that never go down, and no
    state a socket is sent names a card hidden from its seat (R14)."""
    run_state_machine_as_test(SocketSequences, settings=settings(
        max_examples=25, stateful_step_count=30, deadline=None,
        suppress_health_check=[HealthCheck.too_slow]))

