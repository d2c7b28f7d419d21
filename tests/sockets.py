"""A helper for the tests that talk to the web game over a WebSocket."""

from __future__ import annotations

from typing import Any


def receive(ws: Any, kind: str) -> dict[str, Any]:
    """The next message of ``kind`` on a test client's socket; the messages of other
    kinds that come first (states come and go meanwhile) are passed over."""
    for _ in range(200):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
    raise AssertionError(f"no {kind} message")
