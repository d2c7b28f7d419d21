"""The server's HTTP connections are guarded against clients that hold them without
using them (src/cutthroat/server/connections.py, docs/web.md "Hosting for a club"): a
connection that sends nothing, half a request's headers or half its body is closed
after its time, and one address may hold only so many at once. A WebSocket, once open,
is not timed; a trusted proxy's connections are not counted."""

from __future__ import annotations

import contextlib
import json
import logging
import re
import socket
import threading
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import PlainTextResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket

from browser_helpers import _free_port
from cutthroat.server import connections
from cutthroat.server.connections import GuardedH11Protocol, guarded_protocol, trusts
from test_cli import invoke

DOCS = Path(__file__).resolve().parents[1] / "docs"
"""The project's documentation, whose figures for hosts are checked against the code."""


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


def _serving(protocol: type[GuardedH11Protocol], proxies: str,
             **options: Any) -> Iterator[tuple[int, uvicorn.Server]]:
    """A uvicorn server in a thread on ``protocol`` (its count of connections cleared),
    trusting ``proxies``, with uvicorn's ``options``: its port and the server, stopped
    after."""
    protocol.open_by_address.clear()
    app = Starlette(routes=[Route("/", _hello, methods=["GET", "POST"]),
                            WebSocketRoute("/ws", _echo)])
    port = _free_port()
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning",
                            http=protocol, forwarded_allow_ips=proxies, **options)
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    for _ in range(200):
        if running.started:
            break
        time.sleep(0.05)
    assert running.started
    yield port, running
    running.should_exit = True
    thread.join(10)
    assert not thread.is_alive()


@pytest.fixture
def server() -> Iterator[int]:
    """A uvicorn server in a thread, on the guarded protocol (127.0.0.1 not trusted as a
    proxy, so this test's connections are counted): its port."""
    for port, _ in _serving(_Quick, "10.9.9.9"):
        yield port


@pytest.fixture
def behind_proxy() -> Iterator[int]:
    """The same, 127.0.0.1 a trusted proxy (as ``serve``'s default, a proxy on this
    machine): its port."""
    for port, _ in _serving(_Quick, "10.9.9.9,127.0.0.1"):
        yield port


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


def test_a_trusted_proxy_holds_more_connections_than_one_address_may(
        behind_proxy: int) -> None:
    """Behind a reverse proxy every player shares the proxy's address: were its
    connections counted, the 65th connection the proxy opens would be closed at once,
    and every player's page would fail to load once a few households played."""
    held = [_connect(behind_proxy) for _ in range(_Quick.per_address + 2)]
    for sock in held:
        sock.sendall(b"GET / HTTP/1.1\r\n")  # each waiting for the rest of its request
    time.sleep(0.1)
    assert b"hello" in _get(_connect(behind_proxy))  # not refused: the proxy is trusted
    assert not _Quick.open_by_address  # nothing counted against it
    for sock in held:
        sock.close()


def test_an_open_websocket_does_not_hold_a_place_among_the_http_connections(
        server: int) -> None:
    """A WebSocket is limited by the game's own socket limit (--ip-sockets): were it
    still counted as an HTTP connection, a household with a few tables open could no
    longer load a page (the 65th connection closed at once)."""
    from websockets.sync.client import connect

    with contextlib.ExitStack() as stack:
        for _ in range(_Quick.per_address):
            stack.enter_context(connect(f"ws://127.0.0.1:{server}/ws", open_timeout=5))
        assert b"hello" in _get(_connect(server))  # a page still loads


def test_an_address_whose_connections_all_closed_is_forgotten(server: int) -> None:
    """The count of connections is kept for each address with one open: were an address
    kept (at 0) once all its connections closed, a server open to the internet would
    keep every address (every IPv6 /64) that ever came, and its memory would grow for
    as long as it ran."""
    for _ in range(2):
        sock = _connect(server)
        assert b"hello" in _get(sock)
        sock.close()
    for _ in range(50):  # the server sees the close a moment later
        if "127.0.0.1" not in _Quick.open_by_address:
            break
        time.sleep(0.02)
    assert "127.0.0.1" not in _Quick.open_by_address, _Quick.open_by_address


def test_a_connection_refused_for_its_address_is_logged_with_the_option_to_raise(
        server: int, caplog: pytest.LogCaptureFixture) -> None:
    """An organizer whose club shares one address sees, in the log, why pages failed to
    load for some members, and the option that raises the limit; without the line the
    refusals are silent."""
    connections._refusals_said.clear()
    caplog.set_level(logging.WARNING, "cutthroat.server")
    held = [_connect(server) for _ in range(_Quick.per_address)]
    for sock in held:
        sock.sendall(b"GET / HTTP/1.1\r\n")
    time.sleep(0.1)
    assert _closed_within(_connect(server), 0.4)
    assert _closed_within(_connect(server), 0.4)
    said = [r.getMessage() for r in caplog.records if "HTTP connections" in r.getMessage()]
    assert said == [f"the limit of {_Quick.per_address} HTTP connections an address "
                    "refused 127.0.0.1 (raise it with --ip-connections; said once a "
                    "minute)"], said  # once, however many are refused
    for sock in held:
        sock.close()


def test_serves_own_protocol_refuses_an_address_one_connection_over_its_limit() -> None:
    """The protocol ``serve --ip-connections 3`` runs on (guarded_protocol's subclass,
    which keeps the class's own count) closes the 4th connection of an address at once:
    the limit a host sets is the one enforced."""
    made = guarded_protocol(3)
    assert issubclass(made, GuardedH11Protocol) and made.per_address == 3
    made.open_by_address.clear()
    for port, _ in _serving(made, "10.9.9.9"):
        held = [_connect(port) for _ in range(3)]
        for sock in held:
            sock.sendall(b"GET / HTTP/1.1\r\n")
        time.sleep(0.1)
        assert _closed_within(_connect(port), 0.4)  # refused at once
        held.pop().close()
        time.sleep(0.1)
        assert b"hello" in _get(_connect(port))  # the place freed is taken again
        for sock in held:
            sock.close()


def test_the_refusals_remembered_for_the_log_stay_bounded(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """note_refused remembers each (limit, address) it logged so as to say it once a
    minute: past 10,000 addresses it forgets them, or an attacker with many addresses
    (IPv6 /64s are cheap) would grow the server's memory without end."""
    monkeypatch.setattr(connections.log, "disabled", True)  # 10,050 lines unsaid
    saved = dict(connections._refusals_said)
    try:
        connections._refusals_said.clear()
        for n in range(10_050):
            connections.note_refused("a test's limit", f"2001:db8:{n:x}::/64", "--nothing")
        assert len(connections._refusals_said) <= 10_001
    finally:
        connections._refusals_said.clear()
        connections._refusals_said.update(saved)


def test_the_connection_limits_are_those_docs_web_md_tells_a_host() -> None:
    """docs/web.md ("Hosting for a club") tells a host a request must come whole within
    20 seconds and an address holds at most 64 connections: a default changed in the
    code alone would leave the host planning with numbers that are not enforced."""
    text = " ".join((DOCS / "web.md").read_text(encoding="utf-8").split())
    wait = re.search(r"a request must come whole, headers and body, within (\d+) seconds",
                     text)
    most = re.search(r"holds at most (\d+) connections at a time", text)
    assert wait and most, "docs/web.md no longer says the limits"
    assert float(wait.group(1)) == connections.READ_WAIT == GuardedH11Protocol.read_wait
    assert int(most.group(1)) == connections.CONNECTIONS_PER_ADDRESS
    assert GuardedH11Protocol.per_address == connections.CONNECTIONS_PER_ADDRESS


def test_connections_closed_by_their_clients_are_forgotten_and_the_server_stops_at_once(
        ) -> None:
    """uvicorn forgets a connection when it is lost; were that skipped, every connection
    ever made would be kept (memory growing for as long as the server runs), and a
    stopping server (Ctrl-C, SIGTERM, a host's restart) would wait out its grace time
    for connections long gone (untested before)."""
    for port, running in _serving(_Quick, "10.9.9.9", timeout_graceful_shutdown=30):
        for _ in range(2):
            sock = _connect(port)
            assert b"hello" in _get(sock)
            sock.close()
        for _ in range(100):
            if not running.server_state.connections:
                break
            time.sleep(0.02)
        assert not running.server_state.connections  # forgotten
    # _serving stopped it, without waiting out its 30 s of grace


def test_connections_closed_free_as_many_places_as_they_held(server: int) -> None:
    """Each connection closed gives its address one place back, not more: were the
    count taken down too far (or forgotten while connections stay open), an address
    opening and closing connections would hold ever more of them, past the limit that
    keeps one machine from using up the server's open files."""
    held = [_connect(server) for _ in range(_Quick.per_address)]
    for sock in held:
        sock.sendall(b"GET / HTTP/1.1\r\n")  # each waiting for the rest of its request
    time.sleep(0.1)
    for sock in held[1:]:
        sock.close()
    time.sleep(0.1)
    again = [_connect(server) for _ in range(_Quick.per_address - 1)]  # the places freed
    for sock in again:
        sock.sendall(b"GET / HTTP/1.1\r\n")
    time.sleep(0.1)
    assert _closed_within(_connect(server), 0.4)  # and no more: the limit is full again
    for sock in (held[0], *again):
        sock.close()
