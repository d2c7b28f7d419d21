"""The web server's own middleware (cutthroat.server.middleware), driven at the ASGI
level where a client's misbehaviour is easiest to stage: a body over the limit, a
client gone part-way through its body, a ``Host`` that is no host name in the content
policy, a content type on a ``GET``, a request cut off by the server's stop before its
answer began or after (mostly found by a mutation pass over the module)."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path
from typing import Any

import pytest

from cutthroat.server.middleware import STOPPING, BodyLimit, CutOffByStop, content_policy
from server_helpers import _client, _stop_servers

__all__ = ["_stop_servers"]  # the fixture, used by name


def _asgi(app: Any, scope: dict[str, Any], bodies: list[bytes] | None = None,
          ) -> tuple[list[dict[str, Any]], int]:
    """``app`` run on one request: what it sent, and how many times it called receive
    (``bodies``, the chunks of the body; past them the test fails: nothing more comes)."""
    sent: list[dict[str, Any]] = []
    chunks = list(bodies or [])
    calls = 0

    async def receive() -> dict[str, Any]:
        nonlocal calls
        calls += 1
        if not chunks:
            raise AssertionError("read past the body the client sent")
        chunk = chunks.pop(0)
        return {"type": "http.request", "body": chunk, "more_body": bool(chunks)}

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    asyncio.run(app({"type": "http", "method": "POST", "query_string": b"", **scope},
                    receive, send))
    return sent, calls


def test_a_body_declared_over_the_limit_is_refused_before_any_of_it_is_read() -> None:
    """(Untested before: the ``Content-Length`` check dropped: the body was read up to
    the limit first.) A client that declares 10 MB is answered 413 at once: not one
    chunk is read (the host's bandwidth and the client's upload are spared)."""
    async def app(scope: Any, receive: Any, send: Any) -> None:
        raise AssertionError("the routes saw a body over the limit")

    scope = {"path": "/api/games", "headers": [(b"content-length", b"10000000")]}
    sent, calls = _asgi(BodyLimit(app, limit=1024), scope, [b"x" * 2000])
    assert calls == 0
    assert sent[0]["status"] == 413
    assert json.loads(sent[1]["body"]) == {
        "error": {"reason": "a request's body may be at most 1 KiB long"}}


@pytest.mark.parametrize("host", ["evil.example; script-src *", "cards.example:8000/x",
                                  "cards.example 'unsafe-inline'", "a\r\nb"])
def test_a_host_header_that_is_no_host_stays_out_of_the_content_policy(host: str) -> None:
    """(Untested before: ``_HOST.fullmatch(host)`` dropped.) The ``Host`` header is the
    client's text: written into the policy as it came, it could add a directive of its
    own (``script-src *``) or break the header. Such a host leaves the sockets out."""
    policy = content_policy(host)
    assert "connect-src 'self'; " in policy
    assert "ws://" not in policy and "script-src" not in policy and "\n" not in policy
    assert content_policy(None) == policy


def test_a_client_gone_before_its_body_ended_is_no_request_for_the_routes() -> None:
    """(Untested before: the ``http.disconnect`` branch dropped: the body read so far
    was handed on as if whole.) A client that leaves part-way through its body is seen
    by the routes as gone, not as a complete request made of half a body."""
    seen: list[dict[str, Any]] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        seen.append(await receive())

    sent: list[dict[str, Any]] = []
    messages = [{"type": "http.request", "body": b'{"seats": ["you", ', "more_body": True},
                {"type": "http.disconnect"}]

    async def receive() -> dict[str, Any]:
        return messages.pop(0)

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/games", "headers": [],
             "query_string": b""}
    asyncio.run(BodyLimit(app, limit=1024)(scope, receive, send))
    assert seen == [{"type": "http.disconnect"}] and sent == []


def test_only_a_post_is_refused_for_its_content_type(tmp_path: Path) -> None:
    """(Untested before: ``scope["method"] == "POST"`` dropped: every method with a
    type other than JSON was refused, 415.) A ``GET`` of the API sent with a type
    (some proxies and clients add one) is answered."""
    client = _client(tmp_path)
    assert client.get("/api/bots", headers={"content-type": "text/plain"}).status_code == 200
    refused = client.post("/api/games", content=b"seats=you",
                          headers={"content-type": "application/x-www-form-urlencoded"})
    assert refused.status_code == 415


def test_a_body_of_exactly_the_limit_is_taken_whole() -> None:
    """(Untested before: ``int(declared) > limit`` -> ``>=``: a body the limit allows,
    declared at its exact length, was refused 413.) "At most 1 KiB" takes 1024 bytes,
    declared or streamed, and hands the routes the body whole."""
    bodies: list[bytes] = []

    async def app(scope: Any, receive: Any, send: Any) -> None:
        bodies.append((await receive())["body"])
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    for headers in ([(b"content-length", b"1024")], []):
        sent, _ = _asgi(BodyLimit(app, limit=1024), {"path": "/api/replay",
                                                     "headers": headers},
                        [b"x" * 1000, b"x" * 24])
        assert sent[0]["status"] == 200
    assert bodies == [b"x" * 1024] * 2
    sent, _ = _asgi(BodyLimit(app, limit=1024), {"path": "/api/replay", "headers": []},
                    [b"x" * 1000, b"x" * 25])
    assert sent[0]["status"] == 413


async def _stop_during(app: Any, sent: list[dict[str, Any]]) -> None:
    """A ``GET`` of a review answered by ``app`` under :class:`CutOffByStop`, cut off
    as uvicorn cuts off a request still at work after its graceful wait; what it sends
    is kept in ``sent``."""
    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    scope = {"type": "http", "method": "GET", "path": "/api/games/AB/review",
             "headers": [], "query_string": b""}
    task = asyncio.create_task(CutOffByStop(app)(scope, receive, send))
    await asyncio.sleep(0.01)
    task.cancel(msg="Task cancelled, timeout graceful shutdown exceeded")  # uvicorn's
    await task


def test_a_request_the_servers_stop_cuts_off_is_answered_503(
        caplog: pytest.LogCaptureFixture) -> None:
    """A club host's finding: a review still at work when the server was stopped was
    cancelled by uvicorn after its graceful wait, and answered a bare 500, with 60 lines
    of traceback in the log. It is answered 503 (try again), said in one line."""
    async def working(scope: Any, receive: Any, send: Any) -> None:
        await asyncio.sleep(3600)  # a review: seconds a hand

    caplog.set_level(logging.WARNING, "cutthroat.server")
    sent: list[dict[str, Any]] = []
    asyncio.run(_stop_during(working, sent))
    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 503
    assert json.loads(sent[1]["body"]) == {"error": {"reason": STOPPING}}
    assert "GET /api/games/AB/review: cut off by the server's stop, answered 503" in caplog.text


@pytest.mark.parametrize("parts", [0, 1])
def test_an_answer_begun_is_not_answered_again_when_cut_off(parts: int) -> None:
    """An answer already begun (its start sent, and maybe a part of its body) cannot be
    taken back: a stop that cuts it off sends no 503 after it (a second start on one
    request, which the server would fail on), and its cancellation goes on. (Untested
    before, with a part of the body sent: the first part made the answer "not begun"
    again.)"""
    async def begun(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        for _ in range(parts):
            await send({"type": "http.response.body", "body": b"part", "more_body": True})
        await asyncio.sleep(3600)

    sent: list[dict[str, Any]] = []
    with pytest.raises(asyncio.CancelledError):
        asyncio.run(_stop_during(begun, sent))
    assert [message["type"] for message in sent] == (["http.response.start"]
                                                     + ["http.response.body"] * parts)
