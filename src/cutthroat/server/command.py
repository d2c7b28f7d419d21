"""``cutthroat serve``: the web game's command, and its checks of the address to listen
on and of the trusted proxies, made before the database is opened or the address
announced."""

from __future__ import annotations

import ipaddress
import logging
import os
import signal
import sys
import threading
from typing import Annotated, Any

import typer

from .origins import answers_to, parse_host_name


def network_address() -> str | None:
    """This machine's address on its network (the one a friend's browser would reach),
    or ``None`` when it has none but the loopback: found by asking the system which
    address it would send from, which sends nothing."""
    import socket

    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.254.254.254", 1))  # any address off this machine
            address = str(probe.getsockname()[0])
        except OSError:
            return None
    return None if address.startswith("127.") or address == "0.0.0.0" else address


def check_listening(host: str, port: int) -> None:
    """Refuse, as a usage error naming ``--host`` or ``--port``, an address the server
    could not listen on: a host name that does not resolve or is no address of this
    machine, a port in use or not allowed. Tried as the server binds (every address the
    name has, with ``SO_REUSEADDR``), on sockets closed at once, before the address is
    announced."""
    import errno
    import socket

    try:
        found = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM,
                                   flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as exc:  # socket.gaierror; a name IDNA refuses
        reason = getattr(exc, "strerror", None) or str(exc)
        raise typer.BadParameter(f"cannot find the address {host}: {reason}",
                                 param_hint="--host") from None
    for family, kind, proto, _, address in dict.fromkeys(found):
        try:
            with socket.socket(family, kind, proto) as probe:
                probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
                if family == socket.AF_INET6 and hasattr(socket, "IPPROTO_IPV6"):
                    # "::" listens on IPv4 too (dual_stack_socket): its port is tried there
                    probe.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY,
                                     0 if host == "::" else 1)
                probe.bind(address)
        except OSError as exc:
            if exc.errno == errno.EADDRINUSE:
                raise typer.BadParameter(f"port {port} is already in use: choose another "
                                         "with --port", param_hint="--port") from None
            if exc.errno == errno.EACCES:
                raise typer.BadParameter(f"port {port} is not allowed here: choose another "
                                         "with --port (1024 or above)",
                                         param_hint="--port") from None
            if exc.errno == errno.EADDRNOTAVAIL:
                raise typer.BadParameter(f"{host} is not an address of this machine",
                                         param_hint="--host") from None
            raise typer.BadParameter(f"cannot listen on {host} port {port}: "
                                     f"{exc.strerror or exc}", param_hint="--host") from None


def serve(
    host: Annotated[str, typer.Option(help="The address to listen on (0.0.0.0: every "
                                           "IPv4 network, so friends can join; ::, IPv6 "
                                           "and IPv4 alike).")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=1, max=65535, help="The port to listen on.")]
    = 8000,
    db: Annotated[str | None, typer.Option(
        help="Where games are kept: a SQLAlchemy URL, or a SQLite file's path "
             "(default: $CUTTHROAT_DB, else the file cutthroat.db here).")] = None,
    bot_options: Annotated[bool, typer.Option(
        "--bot-options", help="Let a game's seats give bots options, as in "
                              "expert:bid_samples=80; off, a seat names a bot alone, so "
                              "nobody can ask for a bot that thinks for hours.")] = False,
    release_after: Annotated[float | None, typer.Option(
        min=1, help="Seconds an unfinished game nobody uses stays in memory (default "
                    "600); it is kept in the database and read back when next asked "
                    "for.")] = None,
    new_games: Annotated[str | None, typer.Option(
        help="How many games one address may start (default '30/10 minutes'; behind a "
             "proxy, see --forwarded-allow-ips).")] = None,
    chat_rate: Annotated[str | None, typer.Option(
        help="How many lines of table talk one seat may say (default '10/30 seconds')."
    )] = None,
    address_chat_rate: Annotated[str | None, typer.Option(
        "--ip-chat-rate",
        help="How many lines of table talk one address may say over all its games "
             "(default '300/10 minutes'): raise it for a club whose members share one "
             "address.")] = None,
    away_wait: Annotated[float | None, typer.Option(
        min=0, help="Seconds a player must have been away before another may let a bot "
                    "play for them (default 20).")] = None,
    turn_wait: Annotated[float | None, typer.Option(
        min=0, help="Seconds a player at the table may take over a move before another "
                    "may let a bot play for them (default 60).")] = None,
    hand_pause: Annotated[float | None, typer.Option(
        min=0, help="Seconds a hand's result stays on show before the next hand is dealt "
                    "by itself, while a bot plays for every player (default 4).")] = None,
    keep_seats: Annotated[float | None, typer.Option(
        min=0, help="Seconds the seats of a game started to play again are kept for the "
                    "players of the game before it, from anybody else (default 120; 0: "
                    "not kept; at most 86400, a day).")] = None,
    watch_pace: Annotated[float | None, typer.Option(
        min=0, help="Seconds each move takes at least in a game of three bots made to be "
                    "watched ('Watch three bots play'; default 1.5).")] = None,
    watch_games: Annotated[int | None, typer.Option(
        min=0, help="How many games of three bots may play at once, each while somebody "
                    "watches it (default 4); beyond, a new one is refused.")] = None,
    sockets_per_address: Annotated[int | None, typer.Option(
        "--ip-sockets", min=1,
        help="How many WebSockets at seats (a page open at a table) one address may hold "
             "open, and as many watching (default 64 each): raise it for a club whose "
             "members share one address.")] = None,
    connections_per_address: Annotated[int | None, typer.Option(
        "--ip-connections", min=1,
        help="How many HTTP connections one address may hold open (default 64; a browser "
             "opens about six).")] = None,
    watch_games_per_address: Annotated[int | None, typer.Option(
        "--ip-watch-games", min=1,
        help="How many games of three bots one address may have playing at once "
             "(default 1).")] = None,
    forwarded_allow_ips: Annotated[str | None, typer.Option(
        help="The proxies whose X-Forwarded-For header gives a player's address (for the "
             "limits): addresses or networks separated by commas, or '*' for any "
             "(default $FORWARDED_ALLOW_IPS or 127.0.0.1, a proxy on this machine).")]
    = None,
    allow_origin: Annotated[list[str] | None, typer.Option(
        help="An address whose pages may open the game's WebSockets besides the server's "
             "own, such as https://cards.example: for a proxy that does not pass the "
             "Host header on (may be given more than once). Pages of other sites are "
             "refused.")] = None,
    allowed_host: Annotated[list[str] | None, typer.Option(
        help="A name the server answers to, as its address names it, such as "
             "cards.example or *.example.com (may be given more than once): a request "
             "for any other is refused (400), so no other site can point its own name at "
             "the server (DNS rebinding). Default: any.")] = None,
    access_log: Annotated[bool, typer.Option(
        "--access-log",
        help="Log every HTTP request: the address, the method, the path (never its "
             "query, where a program may give a seat's token) and the status.")] = False,
) -> None:
    """Start the web game: play in the browser against bots and friends.

    Every game is saved after every move, so it goes on after the server
    restarts.
    """
    try:
        import uvicorn

        from .app import MESSAGE_MAX, create_app
        from .connections import CONNECTIONS_PER_ADDRESS, guarded_protocol
        from .store import StoreError, StoreURLError
    except ImportError as exc:
        typer.echo(f"Error: the web game needs the web extra: pip install "
                   f"'cutthroat-euchre[web]' (in a checkout: make run, or pip install "
                   f"'.[web]') ({exc})", err=True)
        raise typer.Exit(1) from None
    if db is not None and not db.strip():  # not the default: a mistake, or a variable unset
        raise typer.BadParameter("give a database: a SQLAlchemy URL or a SQLite file's "
                                 "path (leave out --db for the default)", param_hint="--db")
    if forwarded_allow_ips is not None:
        check_proxies(forwarded_allow_ips, "--forwarded-allow-ips")
    elif "FORWARDED_ALLOW_IPS" in os.environ:  # uvicorn reads it when the option is not given
        check_proxies(os.environ["FORWARDED_ALLOW_IPS"], "$FORWARDED_ALLOW_IPS")
    options: dict[str, Any] = {"bot_options": bot_options}
    if release_after is not None:
        options["release_after"] = release_after
    if new_games is not None:
        options["new_games"] = new_games
    if chat_rate is not None:
        options["chat_rate"] = chat_rate
    if address_chat_rate is not None:
        options["address_chat_rate"] = address_chat_rate
    if away_wait is not None:
        options["away_wait"] = away_wait
    if turn_wait is not None:
        options["turn_wait"] = turn_wait
    if hand_pause is not None:
        options["hand_pause"] = hand_pause
    if keep_seats is not None:
        options["keep_seats"] = keep_seats
    if watch_pace is not None:
        options["watch_pace"] = watch_pace
    if watch_games is not None:
        options["watch_games"] = watch_games
    if sockets_per_address is not None:
        options["sockets_per_address"] = sockets_per_address
    if watch_games_per_address is not None:
        options["watch_games_per_address"] = watch_games_per_address
    if allow_origin:
        from .origins import parse_origin

        try:
            options["allow_origins"] = [parse_origin(origin) for origin in allow_origin]
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--allow-origin") from None
    if allowed_host:
        try:
            options["allowed_hosts"] = [parse_host_name(name) for name in allowed_host]
        except ValueError as exc:
            raise typer.BadParameter(str(exc), param_hint="--allowed-host") from None
    # before the database is opened (made, for a SQLite file) and the address announced
    check_listening(host, port)
    try:
        application = create_app(db, **options)
        store = application.state.server.store
        store.claim()  # another server on this database: refused, exit 1
    except StoreURLError as exc:  # what was given is wrong: a usage error, exit 2
        raise typer.BadParameter(
            str(exc), param_hint="--db" if db is not None else "$CUTTHROAT_DB") from None
    except StoreError as exc:
        from ..cli_io import fail

        raise fail(str(exc)) from None
    except ValueError as exc:  # what create_app reads beyond typer's checks (NaN, rates)
        raise typer.BadParameter(str(exc), param_hint=_option_of(str(exc))) from None
    shown = ("localhost" if host in ("127.0.0.1", "0.0.0.0", "::") else
             f"[{host}]" if ":" in host else host)  # an IPv6 address, bracketed in a URL
    typer.echo(f"cutthroat: the web game is at http://{shown}:{port}/ "
               f"(games kept in {application.state.server.store.shown_url}; Ctrl-C stops it)")
    lan = network_address() if host in ("0.0.0.0", "::") else None  # every network
    if lan is not None:
        typer.echo(f"Friends on your network reach it at http://{lan}:{port}/ (open it "
                   "at that address yourself, so the links the page gives them work)")
    hosts = options.get("allowed_hosts", [])
    unlisted = [name for name in (shown.strip("[]"), lan) if name is not None and hosts
                and not answers_to(name if ":" not in name else f"[{name}]", hosts)]
    if unlisted:  # (refused, 400: the host would open the game and meet "Invalid host")
        typer.echo(f"Note: {' and '.join(unlisted)} {'is' if len(unlisted) == 1 else 'are'} "
                   "not among --allowed-host, so the game refuses pages opened there: "
                   f"open it at a name listed ({', '.join(hosts)})")
    settings: dict[str, Any] = dict(
        log_level=None, log_config=log_config(access=access_log), access_log=access_log,
        proxy_headers=True,
        forwarded_allow_ips=forwarded_allow_ips, ws_max_size=MESSAGE_MAX,
        timeout_graceful_shutdown=SHUTDOWN_WAIT,
        http=guarded_protocol(connections_per_address or CONNECTIONS_PER_ADDRESS))
    # Stopped by Ctrl-C or SIGTERM, it says so, as it said its start (a host's log ended
    # on the start alone). Uvicorn sends SIGTERM on once it has stopped: to the handler
    # here, which says it, then ends the process by the signal as before (status 143).
    # (Off the main thread, as a test may run it, no handler can be set: uvicorn's own
    # are not either, and the line is said when it returns.)
    main = threading.current_thread() is threading.main_thread()
    previous = signal.getsignal(signal.SIGTERM)
    try:
        try:
            if main:
                signal.signal(signal.SIGTERM, _terminated)
            if host == "::":  # every address, IPv4's too: asyncio would listen on IPv6 alone
                listener = dual_stack_socket(port)
                uvicorn.Server(uvicorn.Config(application, **settings)).run(sockets=[listener])
            else:
                uvicorn.run(application, host=host, port=port, **settings)
        finally:
            store.release()  # closed with the app, unless it never started
            if main:
                signal.signal(signal.SIGTERM, previous)
    except _Terminated:
        signal.signal(signal.SIGTERM, signal.SIG_IGN)  # a second one: the line said once
        _say_stopped(store.shown_url)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.raise_signal(signal.SIGTERM)
    _say_stopped(store.shown_url)


class _Terminated(Exception):
    """SIGTERM, once the server has stopped (or before it started)."""


def _terminated(signum: int, frame: object) -> None:
    raise _Terminated


def _say_stopped(where: str) -> None:
    typer.echo(f"cutthroat: stopped; the games are kept in {where} (serve it again to go "
               "on with them)")
    sys.stdout.flush()


SHUTDOWN_WAIT = 10
"""Seconds a stopping server (Ctrl-C, SIGTERM) waits for the requests and sockets in
progress before it closes them. (A database that is reached but never answers still
holds the request it has, and the stop, until it answers: web.md.)"""

_OPTIONS = {"release_after": "--release-after", "new_games": "--new-games",
            "chat_rate": "--chat-rate", "address_chat_rate": "--ip-chat-rate",
            "away_wait": "--away-wait",
            "turn_wait": "--turn-wait", "hand_pause": "--hand-pause",
            "keep_seats": "--keep-seats", "watch_pace": "--watch-pace",
            "watch_games": "--watch-games", "sockets_per_address": "--ip-sockets"}


def _option_of(message: str) -> str:
    """The option a refusal of :func:`create_app`'s is about, from the setting it names
    first (``"watch_pace must be ..."``: ``--watch-pace``)."""
    return _OPTIONS.get(message.split(" ", 1)[0], "--new-games")


def dual_stack_socket(port: int) -> Any:
    """A socket listening on ``::`` for IPv6 and IPv4 alike (``IPV6_V6ONLY`` off, as
    ``--host ::`` means every address): asyncio's own would take IPv6 alone, and a
    friend's IPv4 browser would be refused at the address the server announces."""
    import socket

    listener = socket.socket(socket.AF_INET6, socket.SOCK_STREAM)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 0)
    listener.bind(("::", port))
    listener.set_inheritable(True)
    return listener


def log_config(*, access: bool = False) -> dict[str, Any]:
    """uvicorn's logging, each line with its date and time, and the web game's own
    messages (``cutthroat.*``: a game not saved, a limit that turned an address away)
    written the same way, beside uvicorn's: an organizer reads one log. uvicorn's own
    lines from warnings up, and with ``access`` (``serve --access-log``) a line for
    every HTTP request, its path without the query (:class:`PathOnly`)."""
    import copy

    from uvicorn.config import LOGGING_CONFIG

    config: dict[str, Any] = copy.deepcopy(LOGGING_CONFIG)
    for formatter in config["formatters"].values():
        formatter["fmt"] = "%(asctime)s " + formatter["fmt"]
        formatter["datefmt"] = "%Y-%m-%d %H:%M:%S"
    config["loggers"]["uvicorn.error"]["level"] = "WARNING"
    config["loggers"]["uvicorn.access"]["level"] = "INFO" if access else "WARNING"
    config["filters"] = {"path_only": {"()": PathOnly}}
    config["handlers"]["access"]["filters"] = ["path_only"]
    config["loggers"]["cutthroat"] = {"handlers": ["default"], "level": "INFO",
                                      "propagate": False}
    return config


class PathOnly(logging.Filter):
    """Leaves the query out of uvicorn's access line (``GET /api/games/ID?token=...``
    is logged as ``GET /api/games/ID``): a program may give a seat's token there, and a
    token is a password. The page itself never puts one in an address."""

    def filter(self, record: logging.LogRecord) -> bool:
        """The record, its path (uvicorn's third argument) cut at the ``?``."""
        args = record.args
        if isinstance(args, tuple) and len(args) == 5 and isinstance(args[2], str):
            record.args = (*args[:2], args[2].partition("?")[0], *args[3:])
        return True


def check_proxies(given: str, where: str) -> None:
    """Refuse (a usage error naming ``where``) a list of trusted proxies with an item that
    is not ``*``, an IP address or a network (``10.0.0.0/8``): uvicorn would take it as
    a name that no address ever matches, and trust nobody it was meant to."""
    for item in given.split(","):
        item = item.strip()
        if item == "*":
            continue
        try:
            ipaddress.ip_network(item)
        except ValueError as exc:
            shown = repr(item) if item else "an empty item"
            why = f" ({exc})" if "host bits" in str(exc) else ""
            raise typer.BadParameter(
                f"{shown} in {given!r} is not an IP address or network{why}: give "
                "addresses or networks separated by commas (127.0.0.1,10.0.0.0/8), or "
                "'*' for any", param_hint=where) from None


def prune(
    older_than: Annotated[float, typer.Option(
        "--older-than", min=0, help="Days a game must have been left unchanged to be "
                                    "deleted (finished, or never started).")],
    db: Annotated[str | None, typer.Option(
        help="The web game's database: a SQLAlchemy URL, or a SQLite file's path "
             "(default: $CUTTHROAT_DB, else the file cutthroat.db here).")] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Count the games that would be deleted; delete nothing.")]
    = False,
) -> None:
    """Delete old games from the web game's database.

    Deletes the games finished, or never started (waiting for players), that
    nobody has changed for --older-than days, with their table talk, the bots'
    reasons, the coach's words and their links to a game played again after
    them. A game still in play is kept, however old. Stop the server first: a
    database a server holds is refused (--dry-run only counts, and may count
    while it serves).
    """
    from datetime import UTC, datetime, timedelta
    from pathlib import Path

    from ..cli_io import fail

    try:
        from .store import (
            DEFAULT_DB,
            Store,
            StoreError,
            StoreInUse,
            StoreURLError,
            database_url,
        )
    except ImportError as exc:  # pragma: no cover - the web extra is part of make run
        raise fail(f"the web game's database needs the web extra: pip install "
                   f"'cutthroat-euchre[web]' ({exc})") from None

    if older_than != older_than:  # NaN passes the option's range
        raise typer.BadParameter("give a number of days, such as 90",
                                 param_hint="--older-than")
    from_env = db is None and bool(os.environ.get("CUTTHROAT_DB"))
    given = db if db is not None else os.environ.get("CUTTHROAT_DB") or DEFAULT_DB
    hint = "$CUTTHROAT_DB" if from_env else "--db"
    if "://" not in given and Path(given).is_dir():
        raise typer.BadParameter(f"{given} is a folder: give the database file in it",
                                 param_hint=hint)
    url = database_url(given) if given.strip() else ""
    path = Path(url.removeprefix("sqlite:///"))
    if url.startswith("sqlite:///") and url != "sqlite:///:memory:" and not path.is_file():
        default = "" if db is not None or from_env else " (the default, in this folder)"
        raise typer.BadParameter(f"there is no database at {path.absolute()}{default}: "
                                 "nothing to delete", param_hint=hint)
    try:
        before = datetime.now(UTC).replace(tzinfo=None) - timedelta(days=older_than)
    except OverflowError:
        raise typer.BadParameter(f"{older_than:g} days is beyond any date",
                                 param_hint="--older-than") from None
    try:
        store = Store(given)
    except StoreURLError as exc:
        raise typer.BadParameter(str(exc), param_hint=hint) from None
    except StoreError as exc:
        raise fail(str(exc)) from None
    try:
        if not dry_run:  # (a count only reads: it may be taken while a server runs)
            store.claim()  # a server on it: refused, exit 1
        deleted, left = store.prune(before, dry_run=dry_run)
    except StoreInUse:
        raise fail(f"a cutthroat server is using the database {store.shown_url}: stop it "
                   "first") from None
    except StoreError as exc:
        raise fail(str(exc)) from None
    finally:
        store.close()
    games = "game" if deleted == 1 else "games"
    what = (f"finished or never started, unchanged for {older_than:g} "
            f"day{'' if older_than == 1 else 's'}")
    typer.echo(f"Would delete {deleted} {games} ({what}); {left} would be left."
               if dry_run else f"Deleted {deleted} {games} ({what}); {left} left.")


def register(app: typer.Typer) -> None:
    """Add the ``serve`` and ``prune`` commands to the main ``cutthroat`` app."""
    app.command(name="serve")(serve)
    app.command(name="prune")(prune)
