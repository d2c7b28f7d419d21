"""The web game's server: FastAPI routes over tables, bots and storage.

A thin shell over the library (docs/protocol.md): each request is checked
(:mod:`.protocol`), handed to its :class:`~cutthroat.server.tables.Table` through the
server's rooms (:mod:`.rooms`), saved (:mod:`.store`) and then told to every seat, each
seeing only its own state. Bots choose
in a worker thread, from a copy of their seat's view, so the server keeps answering
while the expert thinks; every change to a table happens on the event loop, one at a
time (a lock per table).

>>> from fastapi.testclient import TestClient
>>> with TestClient(create_app("sqlite://")) as client:
...     made = client.post("/api/games", json={"seats": ["you", "random", "random"]}).json()
...     state = client.get(f"/api/games/{made['game']}", params={"token": made["token"]})
>>> state.json()["status"], len(state.json()["view"]["cards"])
('playing', 5)
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import os
import time
from collections.abc import Awaitable, Callable, Mapping
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

import limits
import limits.storage
import limits.strategies
from fastapi import Body, FastAPI, Header, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError
from starlette.datastructures import Headers, MutableHeaders
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.requests import ClientDisconnect, HTTPConnection
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from .. import record as rec
from ..bots.catalog import describe_bots
from ..frames import game_frames
from ..game import Game
from ..howto import how_to_play
from ..rules import Rules, RulesError
from .chat import CHAT_RATE
from .protocol import (
    ActRequest,
    CreateGame,
    JoinGame,
    NextRequest,
    ProtocolError,
    SayRequest,
    StandInRequest,
    describe_validation,
    parse_message,
    refusal,
)
from .rooms import (
    AWAY_WAIT,
    HAND_PAUSE,
    RELEASE_AFTER,
    SOCKETS_PER_ADDRESS,
    TURN_WAIT,
    WATCH_GAMES,
    WATCH_PACE,
    Room,
    Server,
    limit_reached,
    parse_rate,
    rate_words,
)
from .store import DEFAULT_DB, Store, StoreError
from .tables import Table, TableError

__all__ = ["BodyLimit", "Room", "Server", "create_app"]

log = logging.getLogger("cutthroat.server")
STATIC = Path(__file__).parent / "static"
"""The page and its scripts."""
LEVELS = {"random": 0, "beginner": 1, "intermediate": 2, "expert": 3}
NEW_GAMES = "30/10 minutes"
"""How many games one address may start, by default (a ``limits`` rate)."""
BODY_MAX = 64 * 1024
"""The largest body of any other request, in bytes (a new game, a move, a line of talk
are well under 1 KiB)."""
WEB_RULES_MAX = {"target": 100, "march_points": 100, "maker_alone_march": 100}
"""The most the rules of a web game may set these to (RULES.md sets no bound): a game to
a billion points would never end, and hold its table for ever."""
MESSAGE_MAX = 64 * 1024
"""The largest WebSocket message the server reads, in bytes (uvicorn's ``ws_max_size``):
a longer one closes the connection (code 1009) before it is parsed. Every message of
the protocol is well under 1 KiB; a line of talk at most a few."""
SOCKET_MESSAGES = (100, 10.0)
"""The most messages one socket may send in a time (messages, seconds): a page sends a
few a minute (moves, pings, talk), a program playing fast a few a second. Past it the
socket is closed (1008): a flood of messages, each answered, would keep the server
busy for others."""
REPLAYS = "60/10 minutes"
"""How many records one address may have turned into frames (``POST /api/replay``, no
token: up to a couple of seconds of a worker each) in a time."""
RECORD_MAX = 256 * 1024
"""The largest record ``POST /api/replay`` takes, in bytes: the record of a game to 10
points is rarely over 20 KiB, and its frames are some ten times its size."""

DATABASE_DOWN = ("the server cannot reach its database just now, so nothing was done: "
                 "try again in a moment")
"""The reason of a 503 (or of a WebSocket closed with 1011) when the database cannot
be read or written (it is down, or the server is stopping)."""


CLOSE_REASON_MAX = 123
"""Bytes (UTF-8) a WebSocket close frame has room for in its reason."""


def close_reason(reason: str) -> str:
    """``reason`` as it fits a close frame: cut, with ``...``, past
    :data:`CLOSE_REASON_MAX` bytes (a longer one is no frame at all: the client would
    get no close code).

    >>> close_reason("there is no game 'x'")
    "there is no game 'x'"
    >>> len(close_reason("there is no game '" + "é" * 200 + "'").encode())
    123
    """
    data = reason.encode()
    if len(data) <= CLOSE_REASON_MAX:
        return reason
    return data[:CLOSE_REASON_MAX - 3].decode(errors="ignore") + "..."


def _address(request: HTTPConnection) -> str:
    """The address a request (or a WebSocket) came from, as the limits count it (the
    proxy's client behind a trusted proxy: ``--forwarded-allow-ips``)."""
    return request.client.host if request.client else "unknown"


def _down_why(exc: Exception) -> str:
    """The database's error, on one line, for the log."""
    return " ".join(str(exc).split("(Background on this error", 1)[0].split())


def _how_to_play(rules: Rules) -> dict[str, Any]:
    """The answer of the how-to-play routes: the rules in a line, then the sections."""
    return {"rules_text": rules.describe(),
            "sections": [{"title": title, "paragraphs": paragraphs}
                         for title, paragraphs in how_to_play(rules)]}


def _table_refusal(exc: TableError, kind: str | None) -> dict[str, Any]:
    """:func:`~cutthroat.server.protocol.refusal` of what the table refused."""
    return refusal(exc.reason, kind, exc.status, exc.retry_after)


def _error(reason: str, status: int) -> JSONResponse:
    return JSONResponse({"error": {"reason": reason}}, status_code=status)


def _finished(room: Room, what: str) -> Game:
    """The room's game, once it is over: ``what`` (the record, the replay) shows every
    card, so it is refused (409) before."""
    game = room.table.game
    if not game.is_over:
        raise TableError(f"{what} shows every card: it is given once the game is over", 409)
    return game


def _frames_of(record: bytes) -> dict[str, Any]:
    """The frames (:mod:`cutthroat.frames`) of a record's text, which the rules engine
    checks first: 400 with the first thing wrong in it, located as RECORD.md says."""
    try:
        game = rec.replay(record)
    except rec.RecordError as exc:
        raise TableError(str(exc)) from None
    return _replay(game)


def _replay(game: Game) -> dict[str, Any]:
    """The answer of the replay routes: the game's frames, and how to play under its
    rules (the viewer of a record file has no game to ask them of)."""
    return {**game_frames(game).to_json(), "how_to_play": _how_to_play(game.rules)}


_BODY_TOO_BIG = "a request's body may be at most {} KiB long"
"""The reason of the 413 that refuses a body over :data:`BODY_MAX`."""

_RECORD_TOO_BIG = "a record may be at most {} KiB long"
"""The reason of the 413 that refuses a record to replay over :data:`RECORD_MAX`."""


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

    def __init__(self, app: ASGIApp, limit: int, reason: str = _BODY_TOO_BIG,
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
        too_big = _error(reason.format(limit // 1024), 413)
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


def _token(query: str | None, header: str | None, body: str | None = None) -> str | None:
    """The token from the body, the query or an ``Authorization: Bearer`` header."""
    if body:
        return body
    if query:
        return query
    if header and header.lower().startswith("bearer "):
        return header[7:].strip()
    return None


def create_app(db: str | None = None, *, bot_options: bool = False,
               release_after: float = RELEASE_AFTER, new_games: str = NEW_GAMES,
               chat_rate: str = CHAT_RATE, away_wait: float = AWAY_WAIT,
               turn_wait: float = TURN_WAIT, hand_pause: float = HAND_PAUSE,
               watch_pace: float = WATCH_PACE, watch_games: int = WATCH_GAMES) -> FastAPI:
    """The web game's application, its games kept in ``db`` (a SQLAlchemy URL; default
    ``$CUTTHROAT_DB`` or ``sqlite:///cutthroat.db``). Seats take bots by name alone
    unless ``bot_options`` (``expert:bid_samples=80``: for a server you alone use). An
    unfinished game nobody uses for ``release_after`` seconds leaves memory (it stays
    in the store, and is read back when asked for). One address may start at most
    ``new_games`` games (a rate such as ``"30/10 minutes"``; 429 beyond it), so nobody
    can fill the database or keep the bots busy by starting games in a loop; a seat may
    say at most ``chat_rate`` lines of table talk (``"10/30 seconds"``). Another player
    may let a bot play for a player away for ``away_wait`` seconds, or one who has
    taken ``turn_wait`` seconds over a move (:meth:`Server.stand_in`). While a bot
    plays for every player, the next hand is dealt by itself ``hand_pause`` seconds
    after the last one ends (:meth:`Server.deal_on`). At a table of three bots, made to
    be watched (``"watch": true``), each move takes at least ``watch_pace`` seconds, and
    at most ``watch_games`` such games play at once (429 beyond: a game plays while
    somebody watches it). While it runs (its lifespan), the application holds its
    database (:meth:`Store.claim`): a second one on the same database does not start
    (:class:`~cutthroat.server.store.StoreInUse`)."""
    if not release_after > 0:
        raise ValueError("release_after must be a positive number of seconds")
    for name, value in (("away_wait", away_wait), ("turn_wait", turn_wait),
                        ("hand_pause", hand_pause), ("watch_pace", watch_pace)):
        if not value >= 0:
            raise ValueError(f"{name} must be a number of seconds, 0 or more")
    if not watch_games >= 0:
        raise ValueError("watch_games must be a number of games, 0 or more")
    rate = parse_rate(new_games, "new_games", NEW_GAMES)
    parse_rate(chat_rate, "chat_rate", CHAT_RATE)  # checked before the store is opened
    window = limits.strategies.MovingWindowRateLimiter(limits.storage.MemoryStorage())
    store = Store(db or os.environ.get("CUTTHROAT_DB") or DEFAULT_DB)
    server = Server(store, release_after=release_after, chat_rate=chat_rate,
                    away_wait=away_wait, turn_wait=turn_wait, hand_pause=hand_pause,
                    watch_pace=watch_pace, watch_games=watch_games)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> Any:
        try:
            store.claim()  # another server on this database: StoreInUse, and no start
        except StoreError:
            store.close()
            raise
        sweeper = asyncio.get_running_loop().create_task(
            server.sweeper(min(60.0, release_after / 2)))
        yield
        sweeper.cancel()
        for room in server.rooms.values():
            for task in [*room.tasks, *(sender for _, sender in room.outboxes.values())]:
                task.cancel()
        store.close()

    # No /docs, /redoc or /openapi.json: FastAPI's pages load their scripts from a CDN,
    # which would run beside the seats' tokens; docs/protocol.md is the API's reference.
    app = FastAPI(title="cutthroat", summary="Three-handed euchre in the browser",
                  lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.state.server = server

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        answer = _error(exc.reason, exc.status)
        if exc.retry_after is not None:  # a limit: when to ask again (RFC 9110)
            answer.headers["Retry-After"] = str(math.ceil(exc.retry_after))
        return answer

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return _error(describe_validation(list(exc.errors())), 400)

    @app.exception_handler(SQLAlchemyError)
    @app.exception_handler(StoreError)
    async def database_down(request: Request, exc: Exception) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, _down_why(exc))
        return _error(DATABASE_DOWN, 503)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        return _error(str(exc.detail), exc.status_code)

    app.add_middleware(BodyLimit, limit=BODY_MAX,
                       paths={"/api/replay": (RECORD_MAX, _RECORD_TOO_BIG)})
    app.add_middleware(SecurityHeaders)

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index() -> FileResponse:
        """The game's page (HEAD too, as uptime checks and link previews ask)."""
        return FileResponse(STATIC / "index.html")

    @app.get("/api/bots")
    async def bots() -> dict[str, Any]:
        """The bots a seat may be given, weakest first."""
        return {"bots": [{"name": b.name, "level": LEVELS.get(b.name), "summary": b.summary}
                         for b in describe_bots() if not b.unavailable]}

    @app.get("/api/how-to-play")
    async def how_to_play_for(preset: str = "standard") -> dict[str, Any]:
        """How to play, in short, under a preset's rules (as the lobby offers them)."""
        try:
            rules = Rules.preset(preset)
        except RulesError as exc:
            raise TableError(str(exc)) from None
        return _how_to_play(rules)

    @app.get("/api/games/{game_id}/how-to-play")
    async def how_to_play_game(game_id: str) -> dict[str, Any]:
        """How to play, in short, under the game's rules (anybody with its id may read
        them, as they may watch it)."""
        async with server.use(game_id) as room:
            return _how_to_play(room.table.game.rules)

    def too_many_games(address: str) -> TableError:
        return limit_reached(window, rate, "this address has started too many games (at "
                             f"most {rate_words(rate, 'game')}): play one of them, or wait",
                             "new-game", address)

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, request: Request) -> dict[str, Any]:
        """A new game; the answer holds the creator's seat and token (none for a table
        of three bots made to watch: ``watch``)."""
        address = _address(request)
        if not window.test(rate, "new-game", address):
            raise too_many_games(address)
        try:
            rules = Rules.from_json(body.rules)
        except RulesError as exc:
            raise TableError(f"bad rules: {exc}") from None
        for field, most in WEB_RULES_MAX.items():
            if getattr(rules, field) is not None and getattr(rules, field) > most:
                raise TableError(f"bad rules: {field} may be at most {most} in a game on "
                                 "this server")
        if body.watch and (body.coach or body.name is not None):
            raise TableError("a table of three bots has no player: leave out the name and "
                             "the coach")
        seats = body.seats if body.seats is not None else (  # [] is three seats too few
            ["expert"] * 3 if body.watch else ["you", "expert", "expert"])
        if body.seed is not None and any(isinstance(s, str) and s.strip().lower() == "open"
                                         for s in seats):
            raise TableError("a game with a seat for a friend is dealt at random: leave "
                             "out the seed (the same seed deals the same cards, so whoever "
                             "chose it would know every card)")
        table = Table.create(seats, names=[body.name] * 3, rules=rules,
                             seed=body.seed, coach=body.coach, bot_options=bot_options,
                             watch=body.watch)
        if body.watch:
            server.check_watch_games(address)  # before the game counts against the address
        window.hit(rate, "new-game", address)  # only a game made counts
        await server.add(table, address)
        if body.watch:
            return {"game": table.id, "seat": None, "token": None}
        seat, token = next(iter(table.tokens.items()))
        return {"game": table.id, "seat": seat, "token": token}

    @app.post("/api/games/{game_id}/join")
    async def join(game_id: str, request: Annotated[JoinGame | None, Body()] = None
                   ) -> dict[str, Any]:
        """Take the game's first open seat."""
        async with server.use(game_id) as room:
            seat, token = await server.join(room, request.name if request else None,
                                            coach=bool(request and request.coach))
        return {"game": game_id, "seat": seat, "token": token}

    @app.post("/api/games/{game_id}/again")
    async def again(game_id: str, request: Request,
                    body: Annotated[NextRequest | None, Body()] = None,
                    token: str | None = None,
                    authorization: Annotated[str | None, Header()] = None
                    ) -> dict[str, Any]:
        """Play again, once the game is over: start a new game with the same rules and
        bots, or take a seat in the one another player of this game started."""
        address = _address(request)

        def starting() -> None:
            if not window.hit(rate, "new-game", address):
                raise too_many_games(address)

        async with server.use(game_id) as room:
            seat = room.seat_of(_token(token, authorization,
                                       body.token if body else None))
            return await server.again(room, seat, starting=starting,
                                      version=body.version if body else None)

    @app.get("/api/games/{game_id}")
    async def state(game_id: str, token: str | None = None,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The state for the token's seat."""
        async with server.use(game_id) as room:
            seat = room.seat_of(_token(token, authorization))
            return room.state_for(seat)

    async def seat_change(game_id: str, tokens: tuple[str | None, str | None, str | None],
                          change: Callable[[Room, int], Awaitable[None]]) -> dict[str, Any]:
        """Make ``change`` for the seat of the token (from the query, the header or the
        body: ``tokens``); the answer is the state for that seat after it."""
        async with server.use(game_id) as room:
            seat = room.seat_of(_token(*tokens))
            await change(room, seat)
            return room.state_for(seat)

    @app.post("/api/games/{game_id}/actions")
    async def act(game_id: str, request: ActRequest, token: str | None = None,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A move for the token's seat; the answer is the state after it and the bots'
        replies."""
        return await seat_change(game_id, (token, authorization, request.token),
                                 lambda room, seat: server.act(room, seat, request.action,
                                                               wait=True,
                                                               version=request.version))

    @app.post("/api/games/{game_id}/next")
    async def next_hand(game_id: str, request: Annotated[NextRequest | None, Body()] = None,
                        token: str | None = None,
                        authorization: Annotated[str | None, Header()] = None
                        ) -> dict[str, Any]:
        """Deal the next hand."""
        return await seat_change(game_id, (token, authorization,
                                           request.token if request else None),
                                 lambda room, seat: server.next_hand(
                                     room, seat, wait=True,
                                     version=request.version if request else None))

    @app.post("/api/games/{game_id}/undo")
    async def undo(game_id: str, request: Annotated[NextRequest | None, Body()] = None,
                   token: str | None = None,
                   authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """Take back the token's seat's last move of the hand (a game against bots)."""
        return await seat_change(game_id, (token, authorization,
                                           request.token if request else None),
                                 lambda room, seat: server.undo(
                                     room, seat, request.version if request else None))

    @app.post("/api/games/{game_id}/standin")
    async def stand_in(game_id: str, request: StandInRequest, token: str | None = None,
                       authorization: Annotated[str | None, Header()] = None
                       ) -> dict[str, Any]:
        """Let a bot play for the player at ``seat``, who is away; the answer is the
        state for the token's seat after the bots' moves (the stand-in's among them)."""
        return await seat_change(game_id, (token, authorization, request.token),
                                 lambda room, seat: server.stand_in(room, seat, request.seat,
                                                                    wait=True,
                                                                    version=request.version))

    @app.post("/api/games/{game_id}/back")
    async def come_back(game_id: str, request: Annotated[NextRequest | None, Body()] = None,
                        token: str | None = None,
                        authorization: Annotated[str | None, Header()] = None
                        ) -> dict[str, Any]:
        """The token's player plays again: the bot playing for them stops."""
        return await seat_change(game_id, (token, authorization,
                                           request.token if request else None),
                                 lambda room, seat: server.come_back(
                                     room, seat, request.version if request else None))

    @app.get("/api/games/{game_id}/hint")
    async def get_hint(game_id: str, token: str | None = None,
                       authorization: Annotated[str | None, Header()] = None
                       ) -> dict[str, Any]:
        """The expert's advice for the token's seat, when it is to act."""
        async with server.use(game_id) as room:
            return await server.hint(room, room.seat_of(_token(token, authorization)))

    @app.get("/api/games/{game_id}/review")
    async def get_review(game_id: str, token: str | None = None,
                         authorization: Annotated[str | None, Header()] = None
                         ) -> dict[str, Any]:
        """The expert's review of the token's seat's choices, once the game is over."""
        async with server.use(game_id) as room:
            return await server.review(room, room.seat_of(_token(token, authorization)))

    @app.get("/api/games/{game_id}/record")
    async def record(game_id: str) -> dict[str, Any]:
        """The game record, once the game is over (it shows every card)."""
        async with server.use(game_id) as room:
            _finished(room, "the record")
            return room.table.record()

    @app.get("/api/games/{game_id}/replay")
    async def replay_game(game_id: str) -> dict[str, Any]:
        """The game as frames to step through, move by move, once it is over (it
        shows every card)."""
        async with server.use(game_id) as room:
            game = _finished(room, "the replay")
        return await server.think(_replay, game)

    replays = parse_rate(REPLAYS, "replays", REPLAYS)

    @app.post("/api/replay")
    async def replay_record(request: Request) -> dict[str, Any]:
        """Any game record (RECORD.md) in the body, checked by the rules engine, as
        frames to step through; nothing is stored. At most :data:`REPLAYS` an address
        (429 beyond): each takes a worker for up to a couple of seconds."""
        address = _address(request)
        if not window.hit(replays, "replay", address):
            raise limit_reached(window, replays, "this address has opened too many "
                                f"records (at most {rate_words(replays, 'record')})",
                                "replay", address)
        try:
            body = await request.body()  # BodyLimit: 256 KiB
        except ClientDisconnect:  # the sender left halfway: nobody to answer, no error
            raise TableError("the record was not sent whole") from None
        return await server.think(_frames_of, body)

    @app.get("/api/games/{game_id}/chat")
    async def get_talk(game_id: str) -> dict[str, Any]:
        """The game's latest table talk, oldest first: anybody with the game's id may
        read it, as a watcher hears it."""
        async with server.use(game_id) as room:
            return {"lines": [line.to_json() for line in await server.talk(room)]}

    @app.post("/api/games/{game_id}/chat", status_code=201)
    async def say(game_id: str, request: SayRequest, token: str | None = None,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A line of table talk from the token's seat, sent to everybody at the table."""
        async with server.use(game_id) as room:
            seat = room.seat_of(_token(token, authorization, request.token))
            return {"line": (await server.say(room, seat, request.text)).to_json()}

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str,
                     token: Annotated[str | None, Query()] = None,
                     authorization: Annotated[str | None, Header()] = None) -> None:
        await _serve_socket(server, websocket, game_id, _token(token, authorization),
                            watching=False)

    @app.get("/api/games/{game_id}/public")
    async def public(game_id: str) -> dict[str, Any]:
        """The game as somebody watching, in no seat, may see it: no hidden card."""
        async with server.use(game_id) as room:
            return room.state_for(None)

    @app.websocket("/api/games/{game_id}/watch")
    async def watch(websocket: WebSocket, game_id: str) -> None:
        await _serve_socket(server, websocket, game_id, None, watching=True)

    return app


async def _serve_socket(server: Server, websocket: WebSocket, game_id: str,
                        token: str | None, *, watching: bool) -> None:
    """A WebSocket's life: a seat's (the token's) or, ``watching``, a watcher's, in no
    seat. It holds the game's room while open; every message is answered; an unknown
    game or a token that is not a seat of it closes it with 4000 + the HTTP status, a
    game that cannot be read back from the database (down) with 1011."""
    await websocket.accept()
    address = _address(websocket)
    if server.sockets_by_address[address] >= SOCKETS_PER_ADDRESS:
        await websocket.close(code=4429, reason=close_reason(
            f"this address has {SOCKETS_PER_ADDRESS} connections open already: close "
            "one first"))
        return
    server.sockets_by_address[address] += 1
    try:
        async with server.use(game_id) as room:
            seat = None if watching else room.seat_of(token)
            try:
                await server.connect(room, websocket, seat)
                most, per = SOCKET_MESSAGES
                since, count = time.monotonic(), 0
                while True:
                    text = await _receive_text(server, room, websocket)
                    if websocket not in room.sockets:  # dropped (1008): read, not answered,
                        continue  # until the client has its close and goes
                    count += 1
                    if count > most:
                        if time.monotonic() - since < per:
                            server.drop(room, websocket, "too many messages")
                            continue
                        since, count = time.monotonic(), 1
                    if text is None:
                        continue
                    await server.drain(room, websocket)  # answered at the pace it reads
                    if seat is None:
                        await _answer_watcher(server, room, websocket, text)
                    else:
                        await _answer(server, room, websocket, seat, text)
            except WebSocketDisconnect:
                pass
            finally:
                server.disconnect(room, websocket)
    except TableError as exc:  # no such game, or not a seat of it
        await websocket.close(code=4000 + exc.status, reason=close_reason(exc.reason))
    except (SQLAlchemyError, StoreError) as exc:  # the game could not be read back
        log.warning("game %s: a socket was closed: %s", game_id, _down_why(exc))
        with contextlib.suppress(Exception):  # the client went meanwhile
            await websocket.close(code=1011, reason=DATABASE_DOWN)
    finally:
        server.sockets_by_address[address] -= 1
        if server.sockets_by_address[address] <= 0:
            del server.sockets_by_address[address]


async def _receive_text(server: Server, room: Room, websocket: WebSocket) -> str | None:
    """The next text message; ``None`` after answering a binary one with an error (the
    protocol's messages are JSON text). Raises ``WebSocketDisconnect`` when the client
    goes. Every answer to a socket goes the way of the room's messages to it
    (:meth:`Server.send`), so all come in order and none waits for a slow reader."""
    message = await websocket.receive()
    if message["type"] == "websocket.disconnect":
        raise WebSocketDisconnect(message.get("code", 1000), message.get("reason"))
    text = message.get("text")
    if text is None:
        await server.send(room, websocket, refusal(
            "messages are JSON text, not binary frames: nothing was done", None))
    return text


async def _answer_watcher(server: Server, room: Room, websocket: WebSocket,
                          text: str) -> None:
    """Answer a watcher's message: a ping gets a pong; nothing else is for a watcher."""
    try:
        message = parse_message(text)
    except ProtocolError as exc:
        await server.send(room, websocket, refusal(str(exc), exc.kind))
        return
    if message.type == "ping":
        await server.send(room, websocket, {"type": "pong"})
    else:
        await server.send(room, websocket, refusal(
            "you are watching this game, in no seat: a watcher cannot "
            f"{message.type}; join the game for a seat of your own", message.type, 403))


async def _answer(server: Server, room: Room, websocket: WebSocket, seat: int,
                  text: str) -> None:
    """Answer one WebSocket message: a change is told to every seat by broadcast; an
    error, a hint or a pong to this socket alone."""
    try:
        message = parse_message(text)
        if message.type == "ping":
            await server.send(room, websocket, {"type": "pong"})
        elif message.type == "hint":  # the expert thinks while other messages are read
            server.spawn(room, _send_hint(server, room, websocket, seat))
        elif message.type == "next":
            await server.next_hand(room, seat, wait=False, version=message.version)
        elif message.type == "undo":
            await server.undo(room, seat, message.version)
        elif message.type == "say":
            await server.say(room, seat, message.text)
        elif message.type == "standin":
            await server.stand_in(room, seat, message.seat, version=message.version)
        elif message.type == "back":
            await server.come_back(room, seat, message.version)
        else:
            await server.act(room, seat, message.action, wait=False,
                             version=message.version)
    except ProtocolError as exc:
        await server.send(room, websocket, refusal(str(exc), exc.kind))
    except TableError as exc:
        await server.send(room, websocket, _table_refusal(exc, message.type))


async def _send_hint(server: Server, room: Room, websocket: WebSocket, seat: int) -> None:
    """Work out a hint and send it to this socket (or the reason there is none)."""
    try:
        answer: dict[str, Any] = {"type": "hint", "hint": await server.hint(room, seat)}
    except TableError as exc:
        answer = _table_refusal(exc, "hint")
    if websocket not in room.sockets:  # the socket closed while the expert thought
        log.info("game %s: a hint was not delivered", room.table.id)
    await server.send(room, websocket, answer)
