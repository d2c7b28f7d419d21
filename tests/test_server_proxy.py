"""``cutthroat serve`` as uvicorn runs it, in a subprocess: what uvicorn applies before
the app sees a request. Behind a reverse proxy the limit on new games counts each
player's address, taken from ``X-Forwarded-For`` of a trusted proxy only (docs/web.md);
a WebSocket message over 64 KiB is not read (docs/protocol.md)."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from browser_helpers import _free_port, run_server


def _start(base: str, forwarded_for: str) -> int:
    """POST a new game as a proxy would forward it for ``forwarded_for``: the status."""
    request = urllib.request.Request(
        base + "/api/games", method="POST",
        data=json.dumps({"seats": ["you", "random", "random"]}).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": forwarded_for})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as refused:
        return int(refused.code)


def _new_game(base: str) -> dict[str, Any]:
    """A game against two random bots on the server at ``base``: its id and token."""
    request = urllib.request.Request(
        base + "/api/games", method="POST",
        data=json.dumps({"seats": ["you", "random", "random"]}).encode(),
        headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        game: dict[str, Any] = json.load(answer)
    return game


@pytest.mark.parametrize(("trusted", "statuses"), [
    ((), [201, 429, 201]),  # a proxy on this machine: each player has a limit of their own
    (("--forwarded-allow-ips", "10.9.9.9"), [201, 429, 429]),  # not trusted: one address
    (("--forwarded-allow-ips", "10.9.9.9,127.0.0.1"), [201, 429, 201]),
])
def test_the_limit_on_new_games_counts_players_behind_a_trusted_proxy(
        tmp_path: Path, trusted: tuple[str, ...], statuses: list[int]) -> None:
    # run_server allows 1000 games a minute; the --new-games given last wins
    with run_server(_free_port(), tmp_path / "games.db", "--new-games", "1/minute",
                    *trusted) as base:
        assert [_start(base, ip) for ip in ("1.2.3.4", "1.2.3.4", "5.6.7.8")] == statuses


def test_the_limits_count_an_ipv6_address_as_its_64_network(tmp_path: Path) -> None:
    """One home or phone is given a whole IPv6 /64: a fresh address from it for each
    game is the same player to the limits, and the next /64 is another."""
    with run_server(_free_port(), tmp_path / "games.db", "--new-games", "1/minute") as base:
        assert [_start(base, ip) for ip in (
            "2001:db8:1:2::a", "2001:db8:1:2:ffff::b", "2001:db8:1:3::a",
            "::ffff:1.2.3.4", "1.2.3.4")] == [201, 429, 201, 201, 429]


def test_a_websocket_message_over_64_kib_closes_the_connection_unread(tmp_path: Path) -> None:
    """A message of up to 64 KiB is answered (an error, here: too long to say); one
    over it closes the connection with 1009, message too big, before it is parsed."""
    from websockets.exceptions import ConnectionClosedError
    from websockets.sync.client import connect

    with run_server(_free_port(), tmp_path / "games.db") as base:
        game = _new_game(base)
        url = base.replace("http", "ws") + f"/api/games/{game['game']}/ws?token={game['token']}"
        with connect(url, open_timeout=10) as socket:

            def answer() -> dict[str, Any]:
                """The next message but the states the bots' moves send meanwhile."""
                while True:
                    message: dict[str, Any] = json.loads(socket.recv(10))
                    if message["type"] != "state":
                        return message

            assert json.loads(socket.recv(10))["type"] == "state"
            said = json.dumps({"type": "say", "text": "x" * 60_000})
            socket.send(said)
            assert answer() == {
                "type": "error", "reason": "a message may be at most 200 characters long",
                "for": "say", "status": 400}
            socket.send(json.dumps({"type": "say", "text": "x" * 70_000}))
            with pytest.raises(ConnectionClosedError) as closed:
                answer()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009



def _frames(sock: Any) -> Any:
    """The frames a server sends on a raw socket: (opcode, payload), one at a time."""
    buffer = b""

    def take(n: int) -> bytes:
        nonlocal buffer
        while len(buffer) < n:
            chunk = sock.recv(65536)
            if not chunk:
                raise ConnectionError("closed")
            buffer += chunk
        out, buffer = buffer[:n], buffer[n:]
        return out

    while True:
        first, second = take(2)
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(take(2), "big")
        elif length == 127:
            length = int.from_bytes(take(8), "big")
        yield first & 0x0F, take(length)


def test_many_messages_at_once_on_a_real_server_are_all_answered(tmp_path: Path) -> None:
    """70 pings in one write overflowed the socket's queue before its sender ran
    (uvicorn hands the reader every frame it has at once, and answering a ping never
    waits): the socket was dropped, and not one pong sent. Its reader now answers at
    the pace the answers leave."""
    import base64
    import os
    import socket

    with run_server(_free_port(), tmp_path / "games.db") as base:
        game = _new_game(base)
        host, port = base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            key = base64.b64encode(os.urandom(16)).decode()
            sock.sendall((f"GET /api/games/{game['game']}/ws?token={game['token']} HTTP/1.1"
                          f"\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade"
                          f"\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13"
                          "\r\n\r\n").encode())
            head = b""
            while b"\r\n\r\n" not in head:
                head += sock.recv(1)
            assert head.startswith(b"HTTP/1.1 101")
            ping = b'{"type": "ping"}'
            mask = os.urandom(4)
            frame = bytes([0x81, 0x80 | len(ping)]) + mask + bytes(
                b ^ mask[i % 4] for i, b in enumerate(ping))
            sock.sendall(frame * 70)
            pongs = 0
            for opcode, payload in _frames(sock):
                assert opcode == 1, (opcode, payload)  # text: no close
                pongs += json.loads(payload)["type"] == "pong"
                if pongs == 70:
                    break


def test_a_stopped_server_says_so_and_where_its_games_are(tmp_path: Path) -> None:
    """A host's log ended on "the web game is at ..." alone, whether the server ran or
    had stopped (a QA pass): stopped (SIGTERM here, Ctrl-C alike), it says so, and where
    the games are kept."""
    db = tmp_path / "games.db"
    port = _free_port()
    with run_server(port, db) as base:
        _new_game(base)
    said = db.with_suffix(f".{port}.log").read_text(encoding="utf-8").splitlines()
    assert said[0].startswith(f"cutthroat: the web game is at http://localhost:{port}/")
    assert said[-1] == (f"cutthroat: stopped; the games are kept in sqlite:///{db} (serve "
                        "it again to go on with them)"), said
