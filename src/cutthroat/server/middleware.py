"""ASGI middleware of the web game: headers on every answer, and a limit on bodies.

Both wrap the FastAPI application (:func:`~cutthroat.server.app.create_app`); each
passes WebSockets through untouched.
"""

from __future__ import annotations

from collections.abc import Mapping

from fastapi.responses import JSONResponse
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = ["BODY_TOO_BIG", "SECURITY_HEADERS", "BodyLimit", "SecurityHeaders",
           "error_response"]

BODY_TOO_BIG = "a request's body may be at most {} KiB long"
"""The reason of the 413 that refuses a body over the limit (a format: the limit in KiB
is its one field)."""


def error_response(reason: str, status: int) -> JSONResponse:
    """The protocol's JSON error (``{"error": {"reason": ...}}``) with ``status``."""
    return JSONResponse({"error": {"reason": reason}}, status_code=status)


SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Headers on every HTTP answer: no other site may show the page in a frame (and trick
a player into clicking its buttons), no answer's type is guessed, and no game's address
goes to another site as a referrer."""


class SecurityHeaders:
    """ASGI middleware that adds :data:`SECURITY_HEADERS` to every HTTP answer (one a
    route set itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request, its answer's headers completed."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
            await send(message)

        await self.app(scope, receive, sending)


class BodyLimit:
    """ASGI middleware that refuses (413, the protocol's JSON error) an HTTP request's
    body over ``limit`` bytes, or over the limit ``paths`` gives its path (with its
    own reason: the record to replay may be longer): at once when its
    ``Content-Length`` says so, and as soon as the limit is passed when it comes
    without one (``Transfer-Encoding: chunked``), nothing more of it being read. A body
    within the limit is read whole (at most the limit held) and handed on to the
    routes. WebSockets pass untouched (uvicorn's ``ws_max_size`` bounds their
    messages). ``reason`` is a format with the limit in KiB as its one field."""

    def __init__(self, app: ASGIApp, limit: int, reason: str = BODY_TOO_BIG,
                 paths: Mapping[str, tuple[int, str]] | None = None) -> None:
        self.app = app
        self.limit = (limit, reason)
        self.paths = dict(paths or {})

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one connection's request, its body read within the limit first."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit, reason = self.paths.get(scope["path"], self.limit)
        too_big = error_response(reason.format(limit // 1024), 413)
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > limit:
            await too_big(scope, receive, send)
            return
        body = bytearray()
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went: let the app see it
                await self.app(scope, _replaying([message], receive), send)
                return
            body += message.get("body", b"")
            if len(body) > limit:
                await too_big(scope, receive, send)
                return
            if not message.get("more_body", False):
                break
        whole: Message = {"type": "http.request", "body": bytes(body), "more_body": False}
        await self.app(scope, _replaying([whole], receive), send)


def _replaying(messages: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that gives ``messages`` first, then what ``receive`` gives."""

    async def replay() -> Message:
        if messages:
            return messages.pop(0)
        return await receive()

    return replay

