"""ASGI middleware of the web game: headers on every answer, a limit on bodies, and
bodies of JSON only.

Each wraps the FastAPI application (:func:`~cutthroat.server.app.create_app`) and
passes WebSockets through untouched.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Collection, Mapping

from fastapi.responses import JSONResponse
from starlette.datastructures import Headers, MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .connections import limited_as, note_refused
from .origins import foreign_origin

__all__ = ["BODY_TOO_BIG", "NOT_JSON", "OTHER_SITE", "SECURITY_HEADERS", "STOPPING", "BodyLimit",
           "CutOffByStop", "JsonBodies", "OwnPagesOnly", "SecurityHeaders", "content_policy",
           "error_response"]

log = logging.getLogger("cutthroat.server")

BODY_TOO_BIG = "a request's body may be at most {} KiB long"
"""The reason of the 413 that refuses a body over the limit (a format: the limit in KiB
is its one field)."""


def error_response(reason: str, status: int) -> JSONResponse:
    """The protocol's JSON error (``{"error": {"reason": ...}}``) with ``status``."""
    return JSONResponse({"error": {"reason": reason}}, status_code=status)


SECURITY_HEADERS = {
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}
"""Headers on every HTTP answer: no other site may show the page in a frame (and trick
a player into clicking its buttons), no answer's type is guessed, and no game's address
goes to another site as a referrer. With them, :func:`content_policy`, and on every
``/api/`` answer ``Cache-Control: no-store``: an answer holds a seat's token or cards,
which no browser or proxy cache is to keep. The page and its files (``/`` and
``/static/``) are ``Cache-Control: no-cache``: kept, but asked after each time (a 304
when unchanged), so that after an upgrade no browser runs an old module of the page's
script beside new ones."""


_HOST = re.compile(r"[A-Za-z0-9.\-]+(:[0-9]+)?|\[[0-9A-Fa-f:.]+\](:[0-9]+)?")
"""A ``Host`` header that may go into the policy: a name or address, and a port."""


def content_policy(host: str | None) -> str:
    """The ``Content-Security-Policy`` of every answer: the page's scripts, styles and
    connections come from this server alone (its WebSockets at ``host``, which older
    browsers do not count as ``'self'``), no plugin, no ``<base>``, no frame of it
    elsewhere. The page has no inline script or style, so it costs nothing, and a
    script slipped in somehow could not send a seat's token anywhere else.

    >>> content_policy("cards.example:8000")  # doctest: +NORMALIZE_WHITESPACE
    "default-src 'self'; img-src 'self' data:; connect-src 'self'
    ws://cards.example:8000 wss://cards.example:8000; object-src 'none'; base-uri 'none';
    form-action 'self'; frame-ancestors 'none'"
    """
    sockets = f" ws://{host} wss://{host}" if host and _HOST.fullmatch(host) else ""
    return (f"default-src 'self'; img-src 'self' data:; connect-src 'self'{sockets}; "
            "object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")


class SecurityHeaders:
    """ASGI middleware that adds :data:`SECURITY_HEADERS` and :func:`content_policy`
    to every HTTP answer, ``Cache-Control: no-store`` to every ``/api/`` answer and
    ``no-cache`` to the page and its files (one a route set itself is kept)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request, its answer's headers completed."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        policy = content_policy(Headers(scope=scope).get("host"))
        api = scope["path"].startswith("/api/")
        page = scope["path"] == "/" or scope["path"].startswith("/static/")

        async def sending(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS.items():
                    headers.setdefault(name, value)
                headers.setdefault("Content-Security-Policy", policy)
                if api:
                    headers.setdefault("Cache-Control", "no-store")
                elif page:
                    headers.setdefault("Cache-Control", "no-cache")
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


NOT_JSON = ("a request's body is JSON: send it with Content-Type: application/json "
            "(this server takes no form)")
"""The reason of the 415 that refuses a body of another type (:class:`JsonBodies`)."""


class JsonBodies:
    """ASGI middleware that refuses (415) a ``POST`` to the API whose ``Content-Type``
    is not ``application/json``, before it is read: a page of another site can send a
    form (or ``text/plain``) to this server from a visitor's browser without asking it,
    but not JSON, so no such page can act through the API with a typed body. A ``POST``
    with no type passes, as from any program, its body read as JSON (``create_app``'s
    ``strict_content_type=False``; a ``join`` of an open seat under the default name has
    no body at all): a page of another site may send one too, and is refused before,
    by its ``Origin`` (:class:`OwnPagesOnly`). ``POST /api/replay`` (``open``), which
    takes a record file's bytes as they are, changes nothing and needs no seat, takes
    any type."""

    def __init__(self, app: ASGIApp, open_paths: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.open_paths = open_paths

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request, refused first if it sends the API a body not of JSON."""
        if (scope["type"] == "http" and scope["method"] == "POST"
                and scope["path"].startswith("/api/") and scope["path"] not in self.open_paths):
            given = Headers(scope=scope).get("content-type")
            if given is not None and given.split(";")[0].strip().lower() != "application/json":
                await error_response(NOT_JSON, 415)(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _replaying(messages: list[Message], receive: Receive) -> Receive:
    """A ``receive`` that gives ``messages`` first, then what ``receive`` gives."""

    async def replay() -> Message:
        if messages:
            return messages.pop(0)
        return await receive()

    return replay


OTHER_SITE = ("a page of another site ({}) may not send this server requests that change "
              "anything: they come from this server's own page, or from a program")
"""The reason of the 403 that refuses a ``POST`` from a page of another site (a format:
its origin is the one field)."""


class OwnPagesOnly:
    """ASGI middleware that refuses (403) a ``POST`` to the API from a page of another
    site (:func:`~cutthroat.server.origins.foreign_origin`: its ``Origin`` header, which
    a browser sends with every ``POST`` and no page can set, names neither this server
    nor one of ``allowed``), before it is read. Such a page cannot read the answer, but
    could spend its visitor's quotas (new games, replays) or take an open seat from the
    visitor's address; a program sends no ``Origin``, and is not concerned."""

    def __init__(self, app: ASGIApp, allowed: Collection[str] = ()) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request, refused first if another site's page sends it."""
        if (scope["type"] == "http" and scope["method"] == "POST"
                and scope["path"].startswith("/api/")):
            foreign = foreign_origin(Headers(scope=scope), self.allowed)
            if foreign is not None:
                client = scope.get("client")
                note_refused(f"a POST from a page of {foreign[:80]!r}",
                             limited_as(client[0]) if client else "unknown",
                             "--allow-origin", how="if that is your site's address, allow "
                             "it with")
                await error_response(OTHER_SITE.format(foreign[:80]), 403)(scope, receive,
                                                                            send)
                return
        await self.app(scope, receive, send)


STOPPING = "the server is stopping (it may be restarting): try again in a moment"
"""The reason of the 503 that answers a request the server's stop cut off."""


class CutOffByStop:
    """ASGI middleware that answers 503 (:data:`STOPPING`) a request still at work when
    the server stops: uvicorn waits for requests in progress (``serve``'s graceful wait),
    then cancels them, and a review or a hint cut off so was a bare 500 with a traceback
    in the log. Nothing but that stop cancels a request here (uvicorn does not cancel one
    whose client has gone), so this is no place for other errors; an answer already begun
    cannot be taken back, and its cancellation goes on."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request; a 503 where the server's stop cuts it off unanswered."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        begun = False

        async def sending(message: Message) -> None:
            nonlocal begun
            begun = begun or message["type"] == "http.response.start"
            await send(message)

        try:
            await self.app(scope, receive, sending)
        except asyncio.CancelledError:
            if begun:
                raise
            log.warning("%s %s: cut off by the server's stop, answered 503", scope["method"],
                        scope["path"])
            await error_response(STOPPING, 503)(scope, receive, send)
