"""A helper for the tests that talk to the web game over a WebSocket."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` on a test client's socket; the messages of other
    kinds that come first (states come and go meanwhile) are passed over."""
    for _ in range(200):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")


def eventually(done: Callable[[], bool], client: Any, seconds: float = 20.0) -> None:
    """Give the server turns (a request each) until ``done()``, for at most ``seconds``:
    a socket's handler or the bots' loop ends a moment after the client sees the end."""
    deadline = time.monotonic() + seconds
    while not done() and time.monotonic() < deadline:
        client.get("/api/bots")
        time.sleep(0.005)
