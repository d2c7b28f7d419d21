"""The web game's WebSockets (docs/protocol.md): the protocol's messages, a seat's
socket and a watcher's, what each is told, and sockets that are strangers, too many,
or too slow to read, which hold up nobody.
"""

from __future__ import annotations

import asyncio
import json
import logging
import re
import threading
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocket, WebSocketDisconnect

from cutthroat.actions import Action
from cutthroat.bots.registry import BOTS
from cutthroat.server import advice, socket_loop
from cutthroat.server.app import create_app
from cutthroat.server.protocol import ACTION_MAX, SAY_MAX, ProtocolError, parse_message
from cutthroat.server.room import MORE_TIME
from cutthroat.server.rooms import OUTBOX, SEND_WAIT, Server
from cutthroat.server.store import Store
from cutthroat.server.tables import Table, TableError
from server_helpers import (
    _cards_named,
    _client,
    _create,
    _seat_socket,
    _settled,
    _state,
    _stop_servers,
)
from sockets import eventually as _eventually
from sockets import receive as _receive

__all__ = ["_stop_servers"]  # the fixture, used by name

DOCS = Path(__file__).resolve().parents[1] / "docs"


class _Stalled:
    """A socket whose client stopped reading: once its buffers are full, a send never
    finishes."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed: int | None = None

    async def send_json(self, message: Any) -> None:
        self.sent += 1
        await asyncio.Event().wait()  # never set

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


def test_a_watcher_who_stops_reading_is_dropped_and_holds_up_nobody(tmp_path: Path) -> None:
    """A socket that takes no more messages (a watcher who stopped reading, anybody may
    watch) held the room's lock for ever, then (once a send had a time limit) for ten
    seconds a time: no move, line or watcher got through meanwhile. Each socket now has
    a sender of its own: the game goes on at once for everybody else, and the socket is
    dropped after the server's wait and closed (1008)."""
    client = _client(tmp_path)
    made = _create(client, ["you", "open", "open"], name="Ann")
    ben = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    server = client.app.state.server  # type: ignore[attr-defined]
    server.send_wait = 3600.0  # were a send waited for, nothing would get through
    room = server.rooms[made["game"]]
    stalled = _Stalled()
    room.sockets[stalled] = None  # type: ignore[index]
    for text in ("hi", "anybody there?"):
        talked: list[int] = []

        def talk(text: str = text, talked: list[int] = talked) -> None:
            talked.append(client.post(f"/api/games/{made['game']}/chat",
                                      json={"token": ben["token"], "text": text}).status_code)

        thread = threading.Thread(target=talk, daemon=True)
        thread.start()
        thread.join(timeout=30)
        assert talked == [201]
    with client.websocket_connect(f"/api/games/{made['game']}/watch") as ws:
        assert _receive(ws, "state")["state"]["players"][1]["name"] == "Ben"
    assert stalled.sent == 1 and stalled in room.sockets  # its first send still hangs
    server.send_wait = 0.2
    client.post(f"/api/games/{made['game']}/chat", json={"token": ben["token"], "text": "x"})
    room.outboxes[stalled][1].cancel()  # the first send, made to wait an hour
    room.outboxes.pop(stalled)
    client.post(f"/api/games/{made['game']}/chat", json={"token": ben["token"], "text": "y"})
    _eventually(lambda: stalled.closed is not None, client)
    assert stalled.closed == 1008 and stalled not in room.sockets


def test_a_socket_with_too_many_messages_waiting_is_dropped(tmp_path: Path) -> None:
    """A client that does not read lets its messages pile up in the server: past
    :data:`OUTBOX` waiting, it is dropped and closed, whatever the wait."""

    client = _client(tmp_path)
    made = _create(client, ["you", "open", "open"], name="Ann")  # waiting: no bot moves
    ben = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    server = client.app.state.server  # type: ignore[attr-defined]
    server.send_wait = 3600.0
    room = server.rooms[made["game"]]
    stalled = _Stalled()
    room.sockets[stalled] = None  # type: ignore[index]
    said = client.post(f"/api/games/{made['game']}/chat", json={"token": ben["token"],
                                                               "text": "hi"})
    assert said.status_code == 201
    _eventually(lambda: stalled.sent == 1, client)  # the first is being sent
    for k in range(OUTBOX):  # as many more as may wait: the moves, talk, ... of a game
        assert stalled in room.sockets
        client.portal.call(server.send, room, stalled, {"type": "pong", "k": k})
    assert stalled in room.sockets
    client.portal.call(server.send, room, stalled, {"type": "pong"})  # one too many
    _eventually(lambda: stalled.closed is not None, client)
    assert stalled.closed == 1008 and stalled not in room.sockets and stalled.sent == 1


class _Quiet:
    """A socket that takes every message at once and says nothing."""

    async def send_json(self, message: Any) -> None:
        pass


def test_watchers_filling_a_game_keep_out_no_player(tmp_path: Path) -> None:
    """Anybody may watch: past the most watchers (100) another is refused (4429), and a
    player still connects; past the most sockets of one seat (10), that seat's next is
    refused too."""
    from cutthroat.server.rooms import SEAT_SOCKETS, WATCHERS

    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    room = client.app.state.server.rooms[made["game"]]  # type: ignore[attr-defined]
    for _ in range(WATCHERS):
        room.sockets[_Quiet()] = None
    with pytest.raises(WebSocketDisconnect) as caught, \
            client.websocket_connect(f"/api/games/{made['game']}/watch") as ws:
        ws.receive_json()
    assert caught.value.code == 4429 and "100 connections watching" in caught.value.reason
    seat_path = f"/api/games/{made['game']}/ws?token={made['token']}"
    with client.websocket_connect(seat_path) as ws:
        assert _receive(ws, "state")["state"]["seat"] == 0
    for _ in range(SEAT_SOCKETS):
        room.sockets[_Quiet()] = 0
    with pytest.raises(WebSocketDisconnect) as caught, client.websocket_connect(seat_path) as ws:
        ws.receive_json()
    assert caught.value.code == 4429 and "of this seat" in caught.value.reason


def test_a_socket_to_an_unknown_game_of_a_long_id_is_closed_with_4404(tmp_path: Path) -> None:
    """The close frame's reason names the game asked for; past 123 bytes it is no frame
    at all (the client got no close code, the server logged an error): it is cut."""
    client = _client(tmp_path)
    for game in ("nosuch", "é" * 150):
        with pytest.raises(WebSocketDisconnect) as caught, \
                client.websocket_connect(f"/api/games/{game}/watch") as ws:
            ws.receive_json()
        assert caught.value.code == 4404 and "there is no game" in caught.value.reason
        assert len(caught.value.reason.encode()) <= 123


# --- the protocol ----------------------------------------------------------------------


@pytest.mark.parametrize(("text", "words"), [
    ("not json", "JSON object"),
    ("[1, 2]", "JSON object"),
    ('{"action": "pass"}', "needs a \"type\""),
    ('{"type": 3}', "needs a \"type\""),
    ('{"type": "act"}', "needs an \"action\""),
    ('{"type": "act", "action": 5}', "needs an \"action\""),
    ('{"type": "ping", "extra": 1}', "no field 'extra'"),
    ('{"type": "shout"}', "unknown message type"),
    ('{"type": "hello", "token": "T"}', "a hello is only the first message"),
    ('{"type": "act", "action": "' + "x" * 65 + '"}', "at most 64 characters"),
    ('{"type": "act", "action": "pass", "x": 1}', "an act message has no field 'x'"),
    ('{"type": "say", "text": "hi", "x": 1}', "a say message has no field 'x'"),
    ('{"type": "act", "action": "pass", "given": 2}', "an act message has no field 'given'"),
    ('{"type": "act", "action": "pass", "version": -1}', 'version number (0 or more)'),
    ('{"type": "undo", "version": true}', 'version number (0 or more)'),
    ('{"type": "next", "version": 1.0}', 'version number (0 or more)'),
    ('{"type": "ping", "a": ' + "[" * 5000 + "]" * 5000 + "}", "JSON object"),  # too deep
])
def test_protocol_refuses_malformed_messages(text: str, words: str) -> None:
    with pytest.raises(ProtocolError, match=re.escape(words)) as refused:
        parse_message(text)
    # The error names the message's type ("for") wherever it could be read as text.
    read = json.loads(text) if text.startswith("{") and len(text) < 200 else None
    kind = read.get("type") if isinstance(read, dict) else None
    assert refused.value.kind == (kind if isinstance(kind, str) else None)


def test_protocol_reads_messages_at_the_edge_of_their_limits() -> None:
    """The least version, the longest action, the longest line of talk before it is
    cleaned (SAY_MAX, the same over HTTP) and the most times more time may be asked are
    read; one past each is refused (above and in test_chat, test_server_more_time)."""
    assert parse_message('{"type": "act", "action": "pass", "version": 0}').version == 0
    longest = "play JH" + " " * (ACTION_MAX - 7)
    assert parse_message(json.dumps({"type": "act", "action": longest})).action == longest
    said = "hi" + " " * (SAY_MAX - 4) + "!!"
    assert parse_message(json.dumps({"type": "say", "text": said})).text == said
    asked = parse_message(json.dumps({"type": "more_time", "given": MORE_TIME}))
    assert asked.given == MORE_TIME


def test_a_message_nested_too_deep_is_answered_and_the_socket_stays_open(
        tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    with client.websocket_connect(f"/api/games/{made['game']}/ws?token={made['token']}") as ws:
        _receive(ws, "state")
        ws.send_text('{"type": "ping", "a": ' + "[" * 1000 + "]" * 1000 + "}")
        assert "JSON object" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong")


# --- WebSocket ----------------------------------------------------------------------------


def test_websocket_states_errors_and_moves(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    _settled(client, made)
    path = _seat_socket(made)
    with client.websocket_connect(path) as ws:
        state = _receive(ws, "state")["state"]
        assert state["seat"] == 0 and state["players"][0]["connected"]
        ws.send_text("{oops")
        assert "JSON object" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "act", "action": "play 2C"})
        assert _receive(ws, "error")["reason"]
        ws.send_json({"type": "next"})
        assert "not over" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}
        assert _state(client, made)["view"] == state["view"]  # nothing changed
        legal = state["view"]["legal"]
        ws.send_json({"type": "act", "action": legal[0]})
        moved = _receive(ws, "state")["state"]
        assert len(moved["view"]["moves"]) == len(state["view"]["moves"]) + 1


@pytest.mark.parametrize(("game", "token", "code"), [
    (None, "wrong", 4403),
    ("nothing", "wrong", 4404),
])
def test_websocket_refuses_strangers(tmp_path: Path, game: str | None, token: str | None,
                                     code: int) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    path = f"/api/games/{game or made['game']}/ws" + (f"?token={token}" if token else "")
    with client.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == code and closed.value.reason


def test_a_seats_socket_takes_its_token_from_its_hello_not_its_address(
        tmp_path: Path) -> None:
    """A token in a socket's address is written whole in a proxy's access and error
    logs: a seat's socket opened without one reads it from its first message, the
    ``hello``, as the page now sends it. A second hello is no message of the protocol;
    one with a token that is not this game's is closed as in the address (4403)."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    path = f"/api/games/{made['game']}/ws"
    with client.websocket_connect(path) as ws:
        ws.send_json({"type": "hello", "token": made["token"]})
        state = _receive(ws, "state")["state"]
        assert state["seat"] == 0 and state["view"]["cards"]
        ws.send_json({"type": "hello", "token": made["token"]})
        error = _receive(ws, "error")
        assert error["reason"] == ("a hello is only the first message of a seat's socket, "
                                   "where its token is in no header or address: this "
                                   "socket has its seat already")
        assert error["for"] == "hello"
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}
    with client.websocket_connect(path) as ws, pytest.raises(WebSocketDisconnect) as closed:
        ws.send_json({"type": "hello", "token": "wrong"})
        ws.receive_json()
    assert closed.value.code == 4403
    with client.websocket_connect("/api/games/nothing/ws") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.send_json({"type": "hello", "token": made["token"]})
        ws.receive_json()
    assert closed.value.code == 4404
    # An unknown game is said at once, not after a hello (a client author's pass: the
    # socket waited 10 s for one, then closed with 4401 as if the token were wrong).
    with client.websocket_connect("/api/games/nothing/ws") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4404 and "there is no game" in closed.value.reason


@pytest.mark.parametrize("first", [
    '{"type": "ping"}', '{"type": "act", "action": "pass"}', "not JSON", "[]", '"hello"',
    '{"type": "hello"}', '{"type": "hello", "token": 7}', '{"type": "hello", "token": ""}',
    '{"type": "hello", "token": "T", "seat": 0}', b"binary",
])
def test_a_socket_without_a_token_whose_first_message_is_not_its_hello_is_closed(
        tmp_path: Path, first: str | bytes) -> None:
    """Closed with 4401 and a reason that says what to send; the game is untouched."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    before = _settled(client, made)
    with client.websocket_connect(f"/api/games/{made['game']}/ws") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        first = first.replace('"T"', f'"{made["token"]}"') if isinstance(first, str) else first
        (ws.send_bytes if isinstance(first, bytes) else ws.send_text)(first)  # type: ignore[operator]
        ws.receive_json()
    assert closed.value.code == 4401
    # What to send; for a hello, what was wrong with it.
    reason = closed.value.reason
    if isinstance(first, str) and '"seat"' in first:
        assert reason == 'a hello holds "type" and "token" and nothing more, not "seat"'
    elif isinstance(first, str) and first.startswith('{"type": "hello"'):
        assert reason == ("a hello's token is the seat's token, as text: the one creating "
                          "or joining the game gave")
    else:
        assert reason == socket_loop.HELLO and '"hello"' in reason
    assert _state(client, made)["view"] == before["view"]


def test_a_socket_without_a_token_that_says_nothing_is_closed_after_a_while(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(socket_loop, "HELLO_WAIT", 0.2)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"])
    with client.websocket_connect(f"/api/games/{made['game']}/ws") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4401 and closed.value.reason == socket_loop.HELLO


def test_websocket_tells_every_seat_its_own_state(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "open", "random"], seed=12)
    friend = client.post(f"/api/games/{made['game']}/join", json={"name": "Ben"}).json()
    _settled(client, made)
    base = f"/api/games/{made['game']}/ws?token="
    with client.websocket_connect(base + made["token"]) as mine, \
            client.websocket_connect(base + friend["token"]) as theirs:
        a = _receive(mine, "state")["state"]
        b = _receive(theirs, "state")["state"]
        while not (a["players"][0]["connected"] and a["players"][1]["connected"]):
            a = _receive(mine, "state")["state"]
        assert a["seat"] == 0 and b["seat"] == 1
        assert b["view"]["cards"] and a["status"] == "playing"
        assert not set(b["view"]["cards"]) & _cards_named(a)


def test_R14_watching_shows_the_table_and_no_hidden_card(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=14)
    before = _settled(client, made)
    with client.websocket_connect(f"/api/games/{made['game']}/watch") as watcher:
        seen = _receive(watcher, "state")["state"]
        while seen["watchers"] != 1:
            seen = _receive(watcher, "state")["state"]
        assert seen["seat"] is None and seen["view"]["cards"] == []
        assert seen["view"]["legal"] == [] and seen["view"]["upcard"] == before["view"]["upcard"]
        assert seen["view"]["moves"] == before["view"]["moves"]  # nothing private yet
        assert not set(before["view"]["cards"]) & _cards_named(seen)
        assert _state(client, made)["watchers"] == 1
        assert client.get(f"/api/games/{made['game']}/public").json() == seen
        for message, words, kind in [
                ({"type": "act", "action": "pass"}, "watcher cannot act", "act"),
                ({"type": "hint"}, "watcher cannot hint", "hint"),
                ({"type": "undo"}, "watcher cannot undo", "undo"),
                # (was "a socket opened without ?token= ... has its seat already")
                ({"type": "hello", "token": "T"}, "in no seat: a hello is the first "
                 "message of a seat's socket", "hello"),
                ({"type": "say", "text": 5}, 'needs a "text"', "say"),  # for, as a seat's
                ({"type": "nonsense"}, "unknown", "nonsense")]:  # its type, read
            watcher.send_json(message)
            error = _receive(watcher, "error")
            assert words in error["reason"] and error.get("for") == kind
        watcher.send_json({"type": "ping"})
        assert _receive(watcher, "pong") == {"type": "pong"}
        assert _state(client, made)["view"] == before["view"]  # nothing changed
        move = before["view"]["legal"][0]
        client.post(f"/api/games/{made['game']}/actions",
                    json={"action": move, "token": made["token"]})
        after = _receive(watcher, "state")["state"]
        assert after["view"]["moves"][len(before["view"]["moves"])] == f"0 {move}"
        assert after["view"]["cards"] == []
    _eventually(lambda: _state(client, made)["watchers"] == 0, client)
    assert _state(client, made)["watchers"] == 0


def test_the_players_hear_when_a_watcher_leaves(tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=14)
    _settled(client, made)
    seat = _seat_socket(made)
    with client.websocket_connect(seat) as mine:
        assert _receive(mine, "state")["state"]["watchers"] == 0
        with client.websocket_connect(f"/api/games/{made['game']}/watch") as watcher:
            _receive(watcher, "state")
            assert _receive(mine, "state")["state"]["watchers"] == 1
        heard: list[int] = []
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:  # told with no move made: a state, then a pong
            mine.send_json({"type": "ping"})
            message = mine.receive_json()
            while message["type"] != "pong":
                heard.append(message["state"]["watchers"])
                message = mine.receive_json()
            if heard:
                break
        assert heard == [0]


def test_a_socket_cut_off_while_it_connects_leaves_the_room(tmp_path: Path) -> None:
    """A socket's handler cancelled in the middle of connecting (the test client cancels
    at once on closing; a server does on shutdown) is still taken out of its room, so
    the room is not held for ever and nobody is told of a watcher who is gone."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=14)
    _settled(client, made)
    server = client.app.state.server  # type: ignore[attr-defined]
    room = server.rooms[made["game"]]
    talk = server.talk

    async def slow_talk(room: Any) -> Any:
        await asyncio.sleep(0.3)  # the handler is still connecting when it is cancelled
        return await talk(room)

    server.talk = slow_talk
    with client.websocket_connect(f"/api/games/{made['game']}/watch"):
        pass
    _eventually(lambda: not room.sockets and room.unused, client)
    assert not room.sockets and room.unused
    assert _state(client, made)["watchers"] == 0


def test_watching_an_unknown_game_is_refused(tmp_path: Path) -> None:
    client = _client(tmp_path)
    assert client.get("/api/games/nothing/public").status_code == 404
    with client.websocket_connect("/api/games/nothing/watch") as ws, \
            pytest.raises(WebSocketDisconnect) as closed:
        ws.receive_json()
    assert closed.value.code == 4404 and "no game" in closed.value.reason


@pytest.mark.parametrize("path", ["ws", "watch"])
def test_websocket_binary_frames_get_an_error_and_the_connection_stays(
        tmp_path: Path, path: str) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    before = _settled(client, made)
    url = f"/api/games/{made['game']}/{path}" + (f"?token={made['token']}" if path == "ws" else "")
    with client.websocket_connect(url) as ws:
        _receive(ws, "state")
        ws.send_bytes(b'{"type": "ping"}')
        assert "not binary" in _receive(ws, "error")["reason"]
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}
    assert _state(client, made)["view"] == before["view"]


class _Broken:
    """A registered bot that fails at every move (one of an installed package)."""

    name = "broken"

    def __init__(self, seed: int = 0) -> None:
        pass

    def choose(self, view: Any) -> Any:
        raise RuntimeError("boom")


def test_a_bot_that_cannot_move_is_told_to_the_table(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A registered bot that fails (one of an installed package, docs/bots.md) stops
    the bots; the players hear which bot and why, not a table that waits in silence."""
    monkeypatch.setitem(BOTS, "broken", _Broken)
    with TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        made = client.post("/api/games", json={"seats": ["you", "broken", "broken"],
                                               "seed": 4}).json()
        path = f"/api/games/{made['game']}/ws?token={made['token']}"
        told = ""
        with client.websocket_connect(path) as ws:  # connecting tries the bots again
            for _ in range(200):  # a ping a message: the wait never hangs
                ws.send_json({"type": "ping"})
                message = ws.receive_json()
                if message["type"] == "error":
                    told = message["reason"]
                    break
                time.sleep(0.01)
    assert told.startswith("the bot playing Broken 2 could not move (RuntimeError: boom)")
    assert "the game waits" in told


def test_a_move_sent_twice_with_its_version_is_made_once_over_a_socket(
        tmp_path: Path) -> None:
    client = _client(tmp_path)
    made = _create(client, ["you", "beginner", "beginner"], seed=101)
    state = _settled(client, made)
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        version = state["version"]
        ws.send_json({"type": "act", "action": "pass", "version": version})
        ws.send_json({"type": "act", "action": "pass", "version": version})
        refused = _receive(ws, "error")
        assert refused["for"] == "act" and refused["status"] == 409
        assert "moved on" in refused["reason"]
        ws.send_json({"type": "undo", "version": True})
        bad = _receive(ws, "error")
        assert bad["for"] == "undo" and bad["status"] == 400 and "version" in bad["reason"]
        ws.send_json({"type": "ping", "version": 3})  # not a change: no version
        assert "no field 'version'" in _receive(ws, "error")["reason"]
    moves = [m for m in _settled(client, made)["view"]["moves"] if m.startswith("0 ")]
    assert moves == ["0 pass"]  # made once


def test_a_socket_takes_the_seats_token_from_an_authorization_header(tmp_path: Path) -> None:
    """docs/protocol.md: the token may be given as an Authorization: Bearer header
    instead of ?token=, for the socket too (a client that is no browser can send it)."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    with client.websocket_connect(f"/api/games/{made['game']}/ws",
                                  headers={"Authorization": f"Bearer {made['token']}"}) as ws:
        assert _receive(ws, "state")["state"]["seat"] == made["seat"]
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/api/games/{made['game']}/ws", headers={"Authorization": "Bearer nope"}) as ws:
        ws.receive_json()
    assert closed.value.code == 4403


def test_a_close_reason_fills_the_frame_to_its_last_byte_and_no_further() -> None:
    """A reason of 123 bytes (UTF-8) is sent whole; a longer one is cut to exactly 123
    bytes ending in "...": a frame one byte over is no close frame at all, and one cut
    shorter than it need be loses words the client could have had."""
    whole = "x" * socket_loop.CLOSE_REASON_MAX
    assert socket_loop.close_reason(whole) == whole
    for reason in ("y" * (socket_loop.CLOSE_REASON_MAX + 1), "there is no game " + "z" * 400):
        cut = socket_loop.close_reason(reason)
        assert len(cut.encode()) == socket_loop.CLOSE_REASON_MAX == 123
        assert cut.endswith("...") and reason.startswith(cut[:-3])


def test_the_socket_limits_are_those_docs_protocol_md_tells_a_client() -> None:
    """docs/protocol.md tells a client author a socket is closed past 100 messages in 10
    seconds, and a socket without a token 10 seconds after opening if no hello came: a
    default changed in the code alone would close clients that keep to the docs."""
    text = " ".join((DOCS / "protocol.md").read_text(encoding="utf-8").split())
    rate = re.search(r"sends over (\d+) messages in (\d+) seconds", text)
    hello = re.search(r"or that sends none within (\d+) seconds, is closed with code 4401",
                      text)
    assert rate and hello, "docs/protocol.md no longer says the limits"
    assert (int(rate.group(1)), float(rate.group(2))) == socket_loop.SOCKET_MESSAGES
    assert float(hello.group(1)) == socket_loop.HELLO_WAIT
    assert f"within {hello.group(1)} seconds" in socket_loop.HELLO
    assert f"past the {socket_loop.CLOSE_REASON_MAX} bytes a close frame holds" in text


def test_a_watcher_is_refused_a_seats_message_with_403_and_a_bad_one_with_400(
        tmp_path: Path) -> None:
    """docs/protocol.md: a watcher's hello, or any seat's message, is a 403 ``error``
    (a watcher has no seat: not a message to fix, but one not for it); a malformed
    message is a 400, as on a seat's socket. A client tells the two apart by status."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=14)
    with client.websocket_connect(f"/api/games/{made['game']}/watch") as watcher:
        _receive(watcher, "state")
        for message, kind, status in [
                ({"type": "act", "action": "pass"}, "act", 403),
                ({"type": "undo"}, "undo", 403),
                ({"type": "hello", "token": made["token"]}, "hello", 403),
                ({"type": "say", "text": 5}, "say", 400),
                ({"type": "nonsense"}, "nonsense", 400)]:
            watcher.send_json(message)
            error = _receive(watcher, "error")
            assert (error["for"], error["status"]) == (kind, status), error


@pytest.mark.parametrize("sent", ["act", "next"])
def test_a_sockets_move_is_answered_while_the_bots_still_think(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, sent: str) -> None:
    """A seat's move, or its "next" that deals a hand a bot opens, over the socket sets
    the bots going and reads the next message at once: a ping sent while a bot thinks
    over its move is answered then, not once the bot has moved (HTTP's move, by
    contrast, answers after the bots)."""
    entered, release, done = threading.Event(), threading.Event(), threading.Event()

    class Slow:
        """A random bot that, once armed, thinks over its next move until the test lets
        it go (10 seconds at most)."""

        name = "slow"
        armed = False

        def __init__(self, seed: int = 0) -> None:
            self.bot = BOTS["random"](seed)

        def choose(self, view: Any) -> Any:
            if Slow.armed and not entered.is_set():  # the first move asked for, only
                entered.set()
                release.wait(10)
                done.set()
            return self.bot.choose(view)

    monkeypatch.setitem(BOTS, "slow", Slow)  # type: ignore[arg-type]
    client = _client(tmp_path)
    made = _create(client, ["you", "slow", "slow"], seed=8)
    state = _settled(client, made)
    assert state["to_act"] == 0 and state["status"] == "playing"
    message: dict[str, Any] = {"type": "act", "action": state["view"]["legal"][0]}
    if sent == "next":  # the first hand played out; the second is opened by a bot
        while state["status"] == "playing":
            answer = client.post(f"/api/games/{made['game']}/actions", json={
                "token": made["token"], "action": state["view"]["legal"][0]})
            assert answer.status_code == 200, answer.text
            state = answer.json()
        assert state["status"] == "hand_over"
        assert (state["view"]["dealer"] + 2) % 3 != 0  # the next hand opened by a bot
        message = {"type": "next"}
    Slow.armed = True
    try:
        with client.websocket_connect(_seat_socket(made)) as ws:
            _receive(ws, "state")
            ws.send_json(message)
            assert entered.wait(20), "no bot was asked to move"
            ws.send_json({"type": "ping"})
            _receive(ws, "pong")
            assert not done.is_set()  # answered while the bot still thought
    finally:
        release.set()


def test_a_bot_that_cannot_move_is_logged_with_its_game_and_its_traceback(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """A registered bot that fails stops the bots: besides the table, the operator
    hears of it in the server's log, with the game and the bot's own traceback (its
    failure is no database trouble, so it is logged whole)."""
    monkeypatch.setitem(BOTS, "broken", _Broken)
    with caplog.at_level(logging.ERROR, logger="cutthroat.server"), \
            TestClient(create_app(f"sqlite:///{tmp_path / 'games.db'}")) as client:
        made = client.post("/api/games", json={"seats": ["you", "broken", "broken"],
                                               "seed": 4}).json()
        deadline = time.monotonic() + 20
        while not any("the bots stopped" in r.getMessage() for r in caplog.records):
            assert time.monotonic() < deadline, "the bots' failure was never logged"
            client.get("/api/bots")
            time.sleep(0.01)
    stopped = [r for r in caplog.records if "the bots stopped" in r.getMessage()]
    assert stopped[0].getMessage() == f"game {made['game']}: the bots stopped"
    assert stopped[0].exc_info is not None and "boom" in str(stopped[0].exc_info[1])


def test_a_kick_while_the_table_is_told_a_bot_could_not_move_sets_it_going_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A bot that fails tries again at the next kick (a player connecting or moving),
    and a kick that comes while the table is still being told that the bot could not
    move counts as well: the bot moves, without waiting for yet another kick."""
    class Hiccup:
        name = "hiccup"
        failed = False

        def __init__(self, seed: int = 0) -> None:
            pass

        def choose(self, view: Any) -> Any:
            if not Hiccup.failed:
                Hiccup.failed = True
                raise RuntimeError("boom")
            return Action.parse(view.legal[0])

    monkeypatch.setitem(BOTS, "hiccup", Hiccup)

    async def scenario() -> None:
        store = Store(f"sqlite:///{tmp_path / 'games.db'}")
        server = Server(store)
        telling, told = asyncio.Event(), asyncio.Event()
        send_all = server.send_all

        async def slow_send_all(room: Any, messages: Any) -> None:
            telling.set()
            await told.wait()  # the table is being told while a player comes
            await send_all(room, messages)

        server.send_all = slow_send_all  # type: ignore[method-assign]
        table = Table.create(["hiccup", "random", "you"], seed=1)
        hand = table.game.hand
        assert hand is not None and hand.to_act == 0
        room = await server.add(table)  # the bots start: the hiccup fails at once
        await telling.wait()
        server.kick(room)  # a player connects (or moves) meanwhile
        told.set()
        await room.idle.wait()
        assert Hiccup.failed and hand.moves and hand.moves[0].seat == 0
        assert table.bot_to_move() is None  # the bots moved up to the person's turn
        store.close()

    asyncio.run(scenario())


def test_the_slow_reader_limits_are_those_docs_protocol_md_tells_a_client(
        tmp_path: Path) -> None:
    """docs/protocol.md tells a client author a socket is closed when a message has not
    gone out to it within 10 seconds, or 64 wait to go: a default changed in the code
    alone would drop clients that keep to the docs (or keep ones it says it drops)."""
    text = " ".join((DOCS / "protocol.md").read_text(encoding="utf-8").split())
    said = re.search(r"a message has not gone out to it within (\d+) seconds, or (\d+) "
                     r"wait to go", text)
    assert said, "docs/protocol.md no longer says the limits"
    assert (float(said.group(1)), int(said.group(2))) == (SEND_WAIT, OUTBOX) == (10.0, 64)
    client = _client(tmp_path)
    assert client.app.state.server.send_wait == SEND_WAIT  # type: ignore[attr-defined]


class _Gated:
    """A socket whose client reads a message only once ``gate`` is set; it keeps the
    messages that went out to it whole."""

    def __init__(self) -> None:
        self.gate = asyncio.Event()
        self.started = 0
        self.sent: list[dict[str, Any]] = []

    async def send_json(self, message: dict[str, Any]) -> None:
        self.started += 1
        await self.gate.wait()
        self.sent.append(message)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


class _Kept:
    """A socket that takes every message at once and keeps it."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    async def send_json(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        pass


def test_a_socket_that_leaves_is_sent_nothing_of_what_still_waited() -> None:
    """A socket that leaves the room (its client gone, or dropped) is sent none of the
    messages still waiting for it, even once its client reads again: its sender ends
    with it (a sender left going would hold the socket, and send a page that has gone
    the game's states)."""

    async def scenario() -> _Gated:
        server = Server(Store("sqlite://"))
        room = await server.add(Table.create(["you", "random", "random"], seed=14))
        socket = _Gated()
        await server.connect(room, socket, None)  # type: ignore[arg-type]  # a watcher
        for k in range(3):
            await server.send(room, socket, {"type": "pong", "k": k})  # type: ignore[arg-type]
        for _ in range(10):
            await asyncio.sleep(0)
        assert socket.started == 1  # the first state on its way, the rest waiting
        server.disconnect(room, socket)  # type: ignore[arg-type]
        socket.gate.set()  # the client reads again
        for _ in range(20):
            await asyncio.sleep(0.005)
        await asyncio.gather(*room.tasks)
        server.store.close()
        return socket

    socket = asyncio.run(scenario())
    assert socket.started == 1 and socket.sent == []


def test_a_socket_that_left_already_is_not_said_to_leave_again() -> None:
    """A dropped socket leaves the room at once, and its handler, ending later, lets it
    go again (socket_loop's ``finally``): the table hears that it left once, not a
    second time for a socket that is no longer there; and a watcher that left is
    nobody's seat (the away clock of seat 0 does not start)."""

    async def scenario() -> tuple[list[dict[str, Any]], str]:
        server = Server(Store("sqlite://"))
        table = Table.create(["you", "open", "random"], seed=14)
        table.join("Ben")
        room = await server.add(table)
        ben, watcher = _Kept(), _Kept()
        await server.connect(room, ben, 1)  # type: ignore[arg-type]
        await server.connect(room, watcher, None)  # type: ignore[arg-type]
        await asyncio.gather(*room.tasks)
        await room.outboxes[ben][0].join()
        before = len(ben.sent)
        server.drop(room, watcher)  # type: ignore[arg-type]  # too slow, say
        await asyncio.gather(*room.tasks)
        await room.outboxes[ben][0].join()
        told = ben.sent[before:]
        server.disconnect(room, watcher)  # type: ignore[arg-type]  # its handler ends
        await asyncio.gather(*room.tasks)
        await room.outboxes[ben][0].join()
        told_again = ben.sent[before + len(told):]
        try:
            await server.stand_in(room, 1, 0)
        except TableError as exc:
            reason = exc.reason
        else:
            reason = "a stand-in"
        server.store.close()
        return [told, told_again], reason  # type: ignore[list-item]

    (told, told_again), reason = asyncio.run(scenario())
    assert [m["type"] for m in told] == ["state"] and told[0]["state"]["watchers"] == 0
    assert told_again == []
    # Seat 0 (Ann) never came: not "was last here 0 seconds ago".
    assert reason.startswith("Player 1 has not been back since this server opened"), reason


def test_a_player_whose_socket_closed_was_last_here_when_it_closed() -> None:
    """A seat's socket that closes marks the moment its player was last at the table:
    a stand-in asked for then is refused, saying the player was here just now (not
    that they have not been back since the game was opened)."""

    async def scenario() -> str:
        server = Server(Store("sqlite://"))
        table = Table.create(["you", "open", "random"], seed=14)
        table.join("Ben")
        room = await server.add(table)
        ben = _Kept()
        await server.connect(room, ben, 1)  # type: ignore[arg-type]  # no token read
        server.disconnect(room, ben)  # type: ignore[arg-type]
        await asyncio.gather(*room.tasks)
        with pytest.raises(TableError) as refused:
            await server.stand_in(room, 0, 1)
        server.store.close()
        return refused.value.reason

    reason = asyncio.run(scenario())
    assert re.match(r"Ben was last here 0 seconds ago and may be coming back", reason), reason


class _Unsendable:
    """A socket whose connection has gone: every send fails."""

    def __init__(self) -> None:
        self.closed: int | None = None

    async def send_json(self, message: dict[str, Any]) -> None:
        raise RuntimeError("the connection went")

    async def close(self, code: int = 1000, reason: str | None = None) -> None:
        self.closed = code


def test_a_socket_whose_send_fails_is_dropped_and_the_log_says_which_game_and_why(
        caplog: pytest.LogCaptureFixture) -> None:
    """A socket that cannot be sent to (closed meanwhile) leaves the room and is closed
    (1008); the server's log names the game and what went wrong, for its operator."""

    async def scenario() -> tuple[str, _Unsendable, bool]:
        server = Server(Store("sqlite://"))
        room = await server.add(Table.create(["you", "random", "random"], seed=14))
        socket = _Unsendable()
        await server.connect(room, socket, None)  # type: ignore[arg-type]
        for _ in range(50):
            if socket.closed is not None:
                break
            await asyncio.sleep(0.01)
        await asyncio.gather(*room.tasks)
        server.store.close()
        return room.table.id, socket, socket in room.sockets

    with caplog.at_level(logging.INFO, logger="cutthroat.server"):
        game, socket, still_in = asyncio.run(scenario())
    assert socket.closed == 1008 and not still_in
    assert f"game {game}: a socket was dropped: RuntimeError" in caplog.text


def test_a_socket_with_half_its_outbox_waiting_is_answered_once_it_has_read_them() -> None:
    """docs/protocol.md: many messages sent at once are answered at the pace the answers
    leave. Before answering a socket's next message, its reader waits (``drain``) while
    half of :data:`OUTBOX` or more wait to go to it, until all have gone, and no longer;
    with fewer waiting it answers at once."""

    async def waiting(server: Any, room: Any, count: int) -> _Gated:
        """A socket of the room sent ``count`` messages: the first on its way (its
        client not reading yet), the others waiting."""
        socket = _Gated()
        room.sockets[socket] = None
        for k in range(count):
            await server.send(room, socket, {"type": "pong", "k": k})
        for _ in range(10):
            await asyncio.sleep(0)
        assert socket.started == 1 and room.outboxes[socket][0].qsize() == count - 1
        return socket

    async def scenario() -> None:
        server = Server(Store("sqlite://"))
        server.send_wait = 2.0  # a client this slow is not dropped meanwhile
        room = await server.add(Table.create(["you", "random", "random"], seed=14))
        few = await waiting(server, room, OUTBOX // 2)  # 31 waiting: answered at once
        answered = asyncio.create_task(server.drain(room, few))
        await _within(answered, 1.0)
        assert few.sent == []
        few.gate.set()
        many = await waiting(server, room, OUTBOX // 2 + 1)  # 32 waiting: not yet
        draining = asyncio.create_task(server.drain(room, many))
        await asyncio.sleep(0.2)
        assert not draining.done() and many.sent == []
        many.gate.set()  # the client reads: answered as soon as all have gone
        await _within(draining, 1.0)
        assert [m["k"] for m in many.sent] == list(range(OUTBOX // 2 + 1))
        assert many in room.sockets
        await asyncio.gather(*room.tasks)
        server.store.close()

    asyncio.run(scenario())


async def _within(task: asyncio.Task[Any], seconds: float) -> None:
    """Wait for ``task`` to be done, failing after ``seconds`` (it is then let go)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + seconds
    while not task.done() and loop.time() < deadline:
        await asyncio.sleep(0.01)
    if not task.done():
        task.cancel()
        raise AssertionError("still waiting")
    task.result()


def _slow_expert(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The expert behind a hint thinks until the returned gate is set."""
    gate = threading.Event()
    real = advice.hint

    def slow(view: Any, **kwargs: Any) -> Any:
        gate.wait(30)
        return real(view, **kwargs)

    monkeypatch.setattr(advice, "hint", slow)
    return gate


@pytest.mark.timeout(60)  # a refusal never sent is waited for, not received
def test_websocket_hint_does_not_hold_up_other_messages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A hint does not hold up the socket's other messages: a ping is answered while
    the expert thinks, and a second hint meanwhile is the socket's own ``error`` (429,
    for "hint"); the socket stays open, and the first hint still comes."""
    gate = _slow_expert(monkeypatch)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    _settled(client, made)
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        ws.send_json({"type": "hint"})
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}  # while the expert thinks
        ws.send_json({"type": "hint"})
        error = _receive(ws, "error")
        assert (error["for"], error["status"]) == ("hint", 429), error
        assert "being worked out already" in error["reason"]
        gate.set()
        hint = _receive(ws, "hint")["hint"]
        assert hint["lines"] and hint["choice"]


def test_a_hint_whose_socket_closed_while_the_expert_thought_is_logged_undelivered(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        caplog: pytest.LogCaptureFixture) -> None:
    """The organizer's log says a hint was not delivered when its socket closed
    meanwhile, and says nothing of the kind for a hint delivered."""
    caplog.set_level(logging.INFO, "cutthroat.server")
    gate = _slow_expert(monkeypatch)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    _settled(client, made)
    said = f"game {made['game']}: a hint was not delivered"
    gate.set()
    with client.websocket_connect(_seat_socket(made)) as ws:  # delivered: no such line
        _receive(ws, "state")
        ws.send_json({"type": "hint"})
        assert _receive(ws, "hint")["hint"]["choice"]
    assert said not in caplog.text
    gate.clear()
    server = client.app.state.server  # type: ignore[attr-defined]
    room = server.rooms[made["game"]]
    room.hints.clear()  # worked out again, slowly, for the socket below
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        ws.send_json({"type": "hint"})
        ws.send_json({"type": "ping"})
        _receive(ws, "pong")
    _eventually(lambda: not room.sockets, client)  # the socket has left the room
    gate.set()
    _eventually(lambda: said in caplog.text, client)
    assert caplog.text.count(said) == 1


def _gated_sends(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """The server's sends to a WebSocket wait while the returned gate is clear (a
    client that reads slowly): they are let go when it is set. Set at first."""
    gate = threading.Event()
    gate.set()
    real = WebSocket.send_json

    async def gated(self: WebSocket, data: Any, mode: str = "text") -> None:
        while not gate.is_set():
            await asyncio.sleep(0.005)
        await real(self, data, mode)  # type: ignore[arg-type]

    monkeypatch.setattr(WebSocket, "send_json", gated)
    return gate


def test_many_messages_sent_at_once_by_a_slow_reader_are_answered_at_its_pace(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/protocol.md: "Many messages sent at once are answered at the pace the
    answers leave." A client that sends more pings at once (within the rate) than
    :data:`OUTBOX` answers may wait for it, reading none meanwhile, is not dropped
    (1008, too slow): its socket's reader waits for the answers to go before reading
    on, and every ping is answered once the client reads."""
    gate = _gated_sends(monkeypatch)
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    _settled(client, made)
    server = client.app.state.server  # type: ignore[attr-defined]
    room = server.rooms[made["game"]]
    sent = OUTBOX + 26  # 90: past what may wait, within 100 in 10 seconds
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        (socket,) = room.sockets
        gate.clear()  # the client stops reading
        for _ in range(sent):
            ws.send_json({"type": "ping"})
        _eventually(lambda: socket not in room.outboxes  # dropped
                    or room.outboxes[socket][0].qsize() >= OUTBOX // 2, client)
        time.sleep(0.5)  # were the reader to read on, it would pile up past OUTBOX
        assert socket in room.sockets, "dropped as too slow"
        gate.set()  # the client reads: every ping is answered
        pongs = 0
        while pongs < sent:
            message = ws.receive_json()
            assert message["type"] in ("pong", "state", "chat"), message
            pongs += message["type"] == "pong"
        ws.send_json({"type": "ping"})
        assert _receive(ws, "pong") == {"type": "pong"}
        assert socket in room.sockets


def test_an_undo_over_a_socket_takes_the_move_back_and_tells_the_seat(
        tmp_path: Path) -> None:
    """docs/protocol.md: ``{"type": "undo"}`` is answered with the state, this seat's
    last move of the hand taken back (the bots' replies too). Only its refusal ("no
    move") was sent over a socket before, so an undo that did nothing was seen only as
    a missing error (a test waiting for ever)."""
    client = _client(tmp_path)
    made = _create(client, ["you", "random", "random"], seed=8)
    before = _settled(client, made)
    with client.websocket_connect(_seat_socket(made)) as ws:
        _receive(ws, "state")
        acted = client.post(f"/api/games/{made['game']}/actions",
                            json={"token": made["token"], "action": before["view"]["legal"][-1]})
        assert acted.status_code == 200, acted.text
        moved = _settled(client, made)
        assert len(moved["view"]["moves"]) > len(before["view"]["moves"])
        ws.send_json({"type": "undo"})
        ws.send_json({"type": "ping"})  # answered after the undo's state
        states = []
        message = ws.receive_json()
        while message["type"] != "pong":
            assert message["type"] == "state", message
            states.append(message["state"])
            message = ws.receive_json()
        assert states and states[-1]["view"] == before["view"]
        assert states[-1]["version"] > moved["version"]
    assert _settled(client, made)["view"] == before["view"]
