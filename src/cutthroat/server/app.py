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
import logging
import math
import os
from collections.abc import Awaitable, Callable, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Annotated, Any

try:
    import limits
    import limits.storage
    import limits.strategies
    from fastapi import Body, FastAPI, Header, Query, Request, WebSocket
    from fastapi.exceptions import RequestValidationError
    from fastapi.responses import FileResponse, JSONResponse
    from fastapi.staticfiles import StaticFiles
    from sqlalchemy.exc import SQLAlchemyError
    from starlette.exceptions import HTTPException as StarletteHTTPException
    from starlette.middleware.trustedhost import TrustedHostMiddleware
    from starlette.requests import ClientDisconnect
except ModuleNotFoundError as exc:  # pragma: no cover - installed by make test
    raise ModuleNotFoundError(f"{exc.msg}: the web game needs the web extra, pip install "
                              "'cutthroat-euchre[web]'", name=exc.name) from None

from .. import record as rec
from ..bots.catalog import describe_bots
from ..bots.registry import LADDER
from ..frames import game_frames
from ..game import Game
from ..howto import how_to_play
from ..rules import Rules, RulesError
from .chat import ADDRESS_CHAT_RATE, CHAT_RATE
from .connections import client_address, note_refused
from .errors import DATABASE_DOWN
from .middleware import (
    BodyLimit,
    CutOffByStop,
    JsonBodies,
    OwnPagesOnly,
    SecurityHeaders,
    error_response,
)
from .names import shown_name
from .origins import parse_host_name, parse_origin
from .protocol import (
    ActRequest,
    AgainRequest,
    CreateGame,
    JoinGame,
    MoreTimeRequest,
    NextRequest,
    SayRequest,
    StandInRequest,
    describe_validation,
)
from .rooms import (
    AWAY_WAIT,
    HAND_PAUSE,
    RELEASE_AFTER,
    REMATCH_HOLD,
    SOCKETS_PER_ADDRESS,
    TURN_WAIT,
    WATCH_GAMES,
    WATCH_GAMES_PER_ADDRESS,
    WATCH_PACE,
    Room,
    Server,
    limit_reached,
    parse_rate,
    rate_words,
)
from .socket_loop import serve_socket
from .store import DEFAULT_DB, Store, StoreError, down_why
from .tables import Table, TableError

__all__ = ["BodyLimit", "Room", "Server", "create_app"]

log = logging.getLogger("cutthroat.server")
STATIC = Path(__file__).parent / "static"
"""The page and its scripts."""
LEVELS = {name: level for level, name in enumerate(LADDER)}
"""Each of the package's bots by its rung on the ladder, from 0 (``/api/bots``)."""
NEW_GAMES = "30/10 minutes"
"""How many games one address may start, by default (a ``limits`` rate)."""
KEEP_SEATS_MAX = 86400.0
"""The longest ``keep_seats`` (a day): longer, a friend who never comes back would keep
an open seat from everybody for good."""
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
REPLAYS = "60/10 minutes"
"""How many records one address may have turned into frames (``POST /api/replay``, no
token: up to a couple of seconds of a worker each) in a time, and as many replays of
finished games (``GET /api/games/ID/replay``), counted apart."""
RECORD_MAX = 256 * 1024
"""The largest record ``POST /api/replay`` takes, in bytes: the record of a game to 10
points is rarely over 20 KiB, and its frames are some ten times its size."""


def _how_to_play(rules: Rules) -> dict[str, Any]:
    """The answer of the how-to-play routes: the rules in a line, then the sections."""
    return {"rules_text": rules.describe(),
            "sections": [{"title": title, "paragraphs": paragraphs}
                         for title, paragraphs in how_to_play(rules)]}


def _finished(room: Room, what: str) -> Game:
    """The room's game, once it is over: ``what`` (the record, the replay) shows every
    card, so it is refused (409) before."""
    game = room.table.game
    if not game.is_over:
        raise TableError(f"{what} shows every card: it is given once the game is over", 409)
    return game


def _frames_of(record: bytes) -> dict[str, Any]:
    """The frames (:mod:`cutthroat.frames`) of a record's text, which the rules engine
    checks first: 400 with the first thing wrong in it, located as RECORD.md says. Its
    players' names are shown as :func:`~cutthroat.server.names.shown_name` cleans them:
    a name of 80,000 characters in a record of 256 KiB, said in every frame, made an
    answer a hundred times the record's size."""
    try:
        game = rec.replay(record)
    except rec.RecordError as exc:  # counted from 1, as a person reads the replay
        raise TableError(exc.for_people()) from None
    players = tuple(shown_name(name) for name in game.players)
    game.players = (players[0], players[1], players[2])  # as the page may show them
    return _replay(game)


def _replay(game: Game) -> dict[str, Any]:
    """The answer of the replay routes: the game's frames, and how to play under its
    rules (the viewer of a record file has no game to ask them of)."""
    return {**game_frames(game).to_json(), "how_to_play": _how_to_play(game.rules)}


_UNPARSED = "There was an error parsing the body"
"""FastAPI's words for a body its JSON reader gave up on (nested thousands deep, or a
number of thousands of digits), where pydantic's would say it is not JSON."""
_NOT_PARSED = ("the request body is not valid JSON (or is nested too deeply, or holds a "
               "number of thousands of digits)")
"""How such a body is refused, in the protocol's words for a body that is not JSON."""
_RECORD_TOO_BIG = "a record may be at most {} KiB long"
"""The reason of the 413 that refuses a record to replay over :data:`RECORD_MAX`."""


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
               chat_rate: str = CHAT_RATE, address_chat_rate: str = ADDRESS_CHAT_RATE,
               away_wait: float = AWAY_WAIT,
               turn_wait: float = TURN_WAIT, hand_pause: float = HAND_PAUSE,
               keep_seats: float = REMATCH_HOLD,
               watch_pace: float = WATCH_PACE, watch_games: int = WATCH_GAMES,
               sockets_per_address: int = SOCKETS_PER_ADDRESS,
               watch_games_per_address: int = WATCH_GAMES_PER_ADDRESS,
               allow_origins: Iterable[str] = (),
               allowed_hosts: Iterable[str] = ()) -> FastAPI:
    """The web game's application, its games kept in ``db`` (a SQLAlchemy URL; default
    ``$CUTTHROAT_DB`` or ``sqlite:///cutthroat.db``). Seats take bots by name alone
    unless ``bot_options`` (``expert:bid_samples=80``: for a server you alone use). An
    unfinished game nobody uses for ``release_after`` seconds leaves memory (it stays
    in the store, and is read back when asked for). One address may start at most
    ``new_games`` games (a rate such as ``"30/10 minutes"``; 429 beyond it), so nobody
    can fill the database or keep the bots busy by starting games in a loop; a seat may
    say at most ``chat_rate`` lines of table talk (``"10/30 seconds"``), and one address
    ``address_chat_rate`` over all its games (``"300/10 minutes"``). Another player
    may let a bot play for a player away for ``away_wait`` seconds, or one who has
    taken ``turn_wait`` seconds over a move (:meth:`Server.stand_in`). While a bot
    plays for every player, the next hand is dealt by itself ``hand_pause`` seconds
    after the last one ends (:meth:`Server.deal_on`). A game started to play again keeps
    the seats of the players of the game before it from anybody else for
    ``keep_seats`` seconds (:meth:`Room.held_seats`). At a table of three bots, made to
    be watched (``"watch": true``), each move takes at least ``watch_pace`` seconds, and
    at most ``watch_games`` such games play at once (429 beyond: a game plays while
    somebody watches it), at most ``watch_games_per_address`` of them started from one
    address; one address may hold ``sockets_per_address`` WebSockets open (4429
    beyond). A WebSocket is opened only by a page of this server (the ``Host`` its
    handshake names), of one of ``allow_origins`` (such as ``https://cards.example``,
    for a proxy that does not pass the ``Host`` on), or by a program that sends no
    ``Origin`` (4403 for another site's page). Where ``allowed_hosts`` names any (such as
    ``cards.example`` or ``*.example.com``), a request whose ``Host`` header names none
    of them is refused (400), which stops a page of another site that has pointed its
    own name at this server (DNS rebinding) from using it; by default any is answered.
    While it runs (its lifespan), the
    application holds its database (:meth:`Store.claim`): a second one on the same
    database does not start (:class:`~cutthroat.server.store.StoreInUse`)."""
    if not release_after > 0:
        raise ValueError("release_after must be a positive number of seconds")
    for name, value in (("away_wait", away_wait), ("turn_wait", turn_wait),
                        ("hand_pause", hand_pause), ("keep_seats", keep_seats),
                        ("watch_pace", watch_pace)):
        if not value >= 0:
            raise ValueError(f"{name} must be a number of seconds, 0 or more")
    if not keep_seats <= KEEP_SEATS_MAX:  # (math.inf: a state's "held_s" has no number)
        raise ValueError(f"keep_seats must be at most {KEEP_SEATS_MAX:g} seconds, a day")
    if not watch_games >= 0:
        raise ValueError("watch_games must be a number of games, 0 or more")
    if not (sockets_per_address >= 1 and watch_games_per_address >= 1):
        raise ValueError("sockets_per_address and watch_games_per_address must be 1 or more")
    origins = [parse_origin(origin) for origin in allow_origins]
    hosts = [parse_host_name(name) for name in allowed_hosts]
    rate = parse_rate(new_games, "new_games", NEW_GAMES)
    parse_rate(chat_rate, "chat_rate", CHAT_RATE)  # checked before the store is opened
    parse_rate(address_chat_rate, "address_chat_rate", ADDRESS_CHAT_RATE)
    window = limits.strategies.MovingWindowRateLimiter(limits.storage.MemoryStorage())
    store = Store(db or os.environ.get("CUTTHROAT_DB") or DEFAULT_DB)
    server = Server(store, release_after=release_after, chat_rate=chat_rate,
                    address_chat_rate=address_chat_rate,
                    away_wait=away_wait, turn_wait=turn_wait, hand_pause=hand_pause,
                    keep_seats=keep_seats, watch_pace=watch_pace, watch_games=watch_games,
                    sockets_per_address=sockets_per_address,
                    watch_games_per_address=watch_games_per_address,
                    allowed_origins=origins)

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
    # A body sent with no Content-Type is read as JSON (protocol.md: a program's plain
    # HTTP stack sends none); FastAPI's strict default, against pages of other sites
    # that send one so, is kept by OwnPagesOnly below, which refuses their every POST.
    app = FastAPI(title="cutthroat", summary="Three-handed euchre in the browser",
                  lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None,
                  strict_content_type=False)
    app.state.server = server

    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        answer = error_response(exc.reason, exc.status)
        if exc.retry_after is not None:  # a limit: when to ask again (RFC 9110)
            answer.headers["Retry-After"] = str(math.ceil(exc.retry_after))
        return answer

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error_response(describe_validation(list(exc.errors())), 400)

    @app.exception_handler(SQLAlchemyError)
    @app.exception_handler(StoreError)
    async def database_down(request: Request, exc: Exception) -> JSONResponse:
        log.warning("%s %s: %s", request.method, request.url.path, down_why(exc))
        return error_response(DATABASE_DOWN, 503)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        if exc.status_code == 400 and exc.detail == _UNPARSED:  # FastAPI's own words
            return error_response(_NOT_PARSED, 400)
        return error_response(str(exc.detail), exc.status_code)

    app.add_middleware(BodyLimit, limit=BODY_MAX,
                       paths={"/api/replay": (RECORD_MAX, _RECORD_TOO_BIG)})
    app.add_middleware(JsonBodies, open_paths=frozenset({"/api/replay"}))
    app.add_middleware(OwnPagesOnly, allowed=server.allowed_origins)
    app.add_middleware(CutOffByStop)  # what the stop cuts off, it answers (with the headers)
    if hosts:  # (Starlette's own check, of HTTP and WebSocket requests alike)
        app.add_middleware(TrustedHostMiddleware, allowed_hosts=hosts, www_redirect=False)
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
        note_refused(f"the limit of {rate_words(rate, 'new game')} an address", address,
                     "--new-games")
        return limit_reached(window, rate, "this address has started too many games (at "
                             f"most {rate_words(rate, 'game')}): play one of them, or wait",
                             "new-game", address)

    @app.post("/api/games", status_code=201)
    async def create(body: CreateGame, request: Request) -> dict[str, Any]:
        """A new game; the answer holds the creator's seat and token (none for a table
        of three bots made to watch: ``watch``)."""
        address = client_address(request)
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
                    body: Annotated[AgainRequest | None, Body()] = None,
                    token: str | None = None,
                    authorization: Annotated[str | None, Header()] = None
                    ) -> dict[str, Any]:
        """Play again, once the game is over: start a new game with the same rules and
        bots, or take a seat in the one another player of this game started (with
        ``game``, only that one)."""
        address = client_address(request)

        def starting() -> None:
            if not window.hit(rate, "new-game", address):
                raise too_many_games(address)

        async with server.use(game_id) as room:
            seat = room.seat_of(_token(token, authorization,
                                       body.token if body else None))
            return await server.again(room, seat, starting=starting,
                                      version=body.version if body else None,
                                      into=body.game if body else None)

    @app.get("/api/games/{game_id}")
    async def state(game_id: str, token: str | None = None,
                    authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """The state for the token's seat."""
        async with server.use(game_id) as room:
            seat = room.seat_of(_token(token, authorization))
            return await room.saved_state(seat)

    async def seat_change(game_id: str, tokens: tuple[str | None, str | None, str | None],
                          change: Callable[[Room, int], Awaitable[None]]) -> dict[str, Any]:
        """Make ``change`` for the seat of the token (from the query, the header or the
        body: ``tokens``); the answer is the state for that seat after it."""
        async with server.use(game_id) as room:
            seat = room.seat_of(_token(*tokens))
            await change(room, seat)
            return await room.saved_state(seat)

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

    @app.post("/api/games/{game_id}/more-time")
    async def more_time(game_id: str,
                        request: Annotated[MoreTimeRequest | None, Body()] = None,
                        token: str | None = None,
                        authorization: Annotated[str | None, Header()] = None
                        ) -> dict[str, Any]:
        """The token's player, whose move it is, asks for more time over it: the wait
        before another player may let a bot play for them starts again."""
        return await seat_change(game_id, (token, authorization,
                                           request.token if request else None),
                                 lambda room, seat: server.more_time(
                                     room, seat, request.version if request else None,
                                     request.given if request else None))

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

    replays = parse_rate(REPLAYS, "replays", REPLAYS)

    @app.get("/api/games/{game_id}/replay")
    async def replay_game(game_id: str, request: Request) -> dict[str, Any]:
        """The game as frames to step through, move by move, once it is over (it
        shows every card). At most :data:`REPLAYS` an address (429 beyond), as records
        opened: each takes a worker as long."""
        address = client_address(request)
        if not window.hit(replays, "game replay", address):
            raise limit_reached(window, replays, "this address has opened too many "
                                f"replays (at most {rate_words(replays, 'replay')})",
                                "game replay", address)
        async with server.use(game_id) as room:
            game = _finished(room, "the replay")
        return await server.think(_replay, game)

    @app.post("/api/replay")
    async def replay_record(request: Request) -> dict[str, Any]:
        """Any game record (RECORD.md) in the body, checked by the rules engine, as
        frames to step through; nothing is stored. At most :data:`REPLAYS` an address
        (429 beyond): each takes a worker for up to a couple of seconds."""
        address = client_address(request)
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
    async def say(game_id: str, request: SayRequest, http: Request, token: str | None = None,
                  authorization: Annotated[str | None, Header()] = None) -> dict[str, Any]:
        """A line of table talk from the token's seat, sent to everybody at the table."""
        async with server.use(game_id) as room:
            seat = room.seat_of(_token(token, authorization, request.token))
            said = await server.say(room, seat, request.text, client_address(http))
            return {"line": said.to_json()}

    @app.websocket("/api/games/{game_id}/ws")
    async def socket(websocket: WebSocket, game_id: str,
                     token: Annotated[str | None, Query()] = None,
                     authorization: Annotated[str | None, Header()] = None) -> None:
        await serve_socket(server, websocket, game_id, _token(token, authorization),
                            watching=False)

    @app.get("/api/games/{game_id}/public")
    async def public(game_id: str) -> dict[str, Any]:
        """The game as somebody watching, in no seat, may see it: no hidden card."""
        async with server.use(game_id) as room:
            return await room.saved_state(None)

    @app.websocket("/api/games/{game_id}/watch")
    async def watch(websocket: WebSocket, game_id: str) -> None:
        await serve_socket(server, websocket, game_id, None, watching=True)

    return app
