"""The server's HTTP connections are guarded against clients that hold them without
using them (src/cutthroat/server/connections.py, docs/web.md "Hosting for a club"): a
connection that sends nothing, half a request's headers or half its body is closed
after its time, and one address may hold only so many at once. A WebSocket, once open,
is not timed; a trusted proxy's connections are not counted."""

from __future__ import annotations

import json
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from browser_helpers import _free_port
from cutthroat.server.connections import GuardedH11Protocol, trusts
from test_cli import invoke


class _Quick(GuardedH11Protocol):
    """The guard with limits a test can wait out."""

    read_wait: ClassVar[float] = 0.5
    per_address: ClassVar[int] = 3
    open_by_address: ClassVar[Counter[str]] = Counter()


async def _hello(request: Request) -> PlainTextResponse:
    body = await request.body()
    return PlainTextResponse(f"hello {len(body)}")


async def _echo(websocket: WebSocket) -> None:
    await websocket.accept()
    while True:
        await websocket.send_text(await websocket.receive_text())


@pytest.fixture
def server() -> Iterator[int]:
    """A uvicorn server in a thread, on the guarded protocol (127.0.0.1 not trusted as a
    proxy, so this test's connections are counted): its port."""
    _Quick.open_by_address.clear()
    app = Starlette(routes=[Route("/", _hello, methods=["GET", "POST"]),
                            WebSocketRoute("/ws", _echo)])
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            http=_Quick, forwarded_allow_ips="10.9.9.9")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(200):
        if running.started:
            break
        time.sleep(0.05)
    assert running.started
    yield port
    running.should_exit = True
    thread.join(10)


def _connect(port: int) -> socket.socket:
    sock = socket.create_connection(("127.0.0.1", port), timeout=10)
    return sock


def _closed_within(sock: socket.socket, seconds: float) -> bool:
    """Whether the server closes ``sock`` within ``seconds`` (what it sent is read
    and dropped)."""
    sock.settimeout(seconds)
    try:
        while sock.recv(4096):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True
    return True


def _get(sock: socket.socket, body: bytes = b"") -> bytes:
    method = b"POST" if body else b"GET"
    sock.sendall(method + b" / HTTP/1.1\r\nHost: x\r\nContent-Length: "
                 + str(len(body)).encode() + b"\r\n\r\n" + body)
    sock.settimeout(5)
    answer = b""
    while b"hello" not in answer:
        chunk = sock.recv(4096)
        assert chunk, answer
        answer += chunk
    return answer


@pytest.mark.parametrize("sent", [
    b"",  # nothing at all
    b"GET / HTTP/1.1\r\nHost: x\r\n",  # half the headers
    b"POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n0123456789",  # half a body
])
def test_a_request_that_does_not_arrive_whole_in_time_has_its_connection_closed(
        server: int, sent: bytes) -> None:
    sock = _connect(server)
    sock.sendall(sent)
    assert _closed_within(sock, 5)


def test_a_request_sent_in_time_is_answered_and_the_next_one_has_its_own_time(
        server: int) -> None:
    sock = _connect(server)
    time.sleep(0.3)
    assert b"hello 0" in _get(sock)
    time.sleep(0.3)  # 0.6 s since the connection opened: the clock started again
    assert b"hello 3" in _get(sock, b"abc")
    assert _closed_within(sock, 5)  # then idle: closed


def test_a_websocket_is_not_timed_once_open(server: int) -> None:
    from websockets.sync.client import connect

    with connect(f"ws://127.0.0.1:{server}/ws", open_timeout=5) as ws:
        time.sleep(1.5)  # three times the time a request has
        ws.send(json.dumps({"still": "here"}))
        assert json.loads(ws.recv(timeout=5)) == {"still": "here"}


def test_one_address_holds_only_so_many_connections(server: int) -> None:
    held = [_connect(server) for _ in range(3)]
    for sock in held:
        sock.sendall(b"GET / HTTP/1.1\r\n")  # each waiting for the rest of its request
    time.sleep(0.1)
    one_more = _connect(server)
    assert _closed_within(one_more, 0.4)  # refused at once, before any deadline
    held.pop().close()
    time.sleep(0.1)
    assert b"hello" in _get(_connect(server))  # a place freed is taken again


def test_a_trusted_proxys_connections_are_not_counted() -> None:
    assert trusts("127.0.0.1,::1", "127.0.0.1") and trusts(["*"], "8.8.8.8")
    assert trusts("10.0.0.0/8", "10.1.2.3") and not trusts("10.0.0.0/8", "11.1.2.3")
    assert trusts("bogus, 10.0.0.5", "10.0.0.5") and not trusts("", "10.0.0.5")
    assert trusts("10.0.0.5", "unix-socket-peer")  # no address: nothing to count
    assert trusts("127.0.0.1", "::ffff:127.0.0.1")  # IPv4 on a server listening on "::"
    assert not trusts("127.0.0.1", "::ffff:10.0.0.1")


def test_serve_runs_on_the_guarded_protocol(monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append(kwargs))
    done = invoke("serve", "--db", "sqlite://")
    assert done.exit_code == 0, done.output
    assert started[-1]["http"] is GuardedH11Protocol
