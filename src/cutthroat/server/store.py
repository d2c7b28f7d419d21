"""Where the web game keeps its games: one row per game, through SQLAlchemy.

A row holds the game's seats (names, kinds, bot specs, the hashes of the players'
tokens), its seed and its game record (RECORD.md). The record is written after every
move, before the move is told to anyone, so nothing a player did is lost when the
server stops; a game is read back by replaying its record with the rules engine.

Any SQLAlchemy URL works; the default is a SQLite file.

>>> store = Store("sqlite://")
>>> from cutthroat.server.tables import Table
>>> table = Table.create(["you", "random", "open"], seed=1)
>>> store.save(table)
>>> store.load(table.id).status
'waiting'
>>> store.load("nothing") is None
True
"""

from __future__ import annotations

import contextlib
import json
import logging
import os
import sys
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    BigInteger,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    delete,
    func,
    inspect,
    or_,
    select,
    text,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import ArgumentError, SQLAlchemyError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from .chat import ChatLine
from .store_errors import (
    NotOurs,
    StoreConflict,
    StoreError,
    StoreInUse,
    StoreURLError,
    database_trouble,
    down_why,
    log_failure,
    masked,
    reason_of,
    url_shown,
    user_name,
)
from .tables import Table

__all__ = ["DEFAULT_DB", "POSTGRESQL_TIMEOUTS", "PRUNE_BATCH", "SQLITE_SUFFIXES", "ChatRow",
           "CoachRow", "CoachWord", "GameRow", "Reason", "ReasonRow", "RematchRow", "Store",
           "StoreConflict", "StoreError", "StoreInUse", "StoreURLError", "database_trouble",
           "database_url", "down_why", "log_failure"]

DEFAULT_DB = "sqlite:///cutthroat.db"
"""The database used when none is given: a SQLite file in the working directory."""


class _Base(DeclarativeBase):
    pass


class GameRow(_Base):
    """One game as stored."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seed: Mapped[int] = mapped_column(BigInteger)
    seats: Mapped[str] = mapped_column(Text)
    """The seats as JSON (:meth:`Table.stored_seats`)."""
    record: Mapped[str] = mapped_column(Text)
    """The game record as JSON (RECORD.md)."""
    status: Mapped[str] = mapped_column(String(16))
    created: Mapped[datetime] = mapped_column(DateTime)
    updated: Mapped[datetime] = mapped_column(DateTime)
    version: Mapped[int | None] = mapped_column(Integer, nullable=True)
    """The table's :attr:`~cutthroat.server.tables.Table.version` as last saved (``None``
    in a row saved before it was kept): a save over the row checks that it is still the
    version this server read or wrote (:class:`StoreConflict`)."""


def _game_key() -> Mapped[str]:
    """The column of a row kept for a game, beside its row in ``games``: the game's id,
    the first part of the row's key."""
    return mapped_column(String(32), ForeignKey("games.id"), primary_key=True)


class ChatRow(_Base):
    """One line of a game's table talk (:mod:`.chat`), numbered from 1 in its game."""

    __tablename__ = "chat"

    game_id: Mapped[str] = _game_key()
    number: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(Text)
    text: Mapped[str] = mapped_column(Text)
    at: Mapped[datetime] = mapped_column(DateTime)

    def line(self) -> ChatLine:
        """The row as a :class:`ChatLine`."""
        return ChatLine(self.number, self.seat, self.name, self.text,
                        self.at.strftime("%Y-%m-%dT%H:%M:%SZ"))


class RematchRow(_Base):
    """The game started to play again after a finished one ("Play again"): the finished
    game's id, the new game's, who started it, and which of the finished game's seats
    have a seat in the new one (JSON: old seat -> new seat)."""

    __tablename__ = "rematches"

    game_id: Mapped[str] = _game_key()
    next_id: Mapped[str] = mapped_column(String(32))
    by: Mapped[int] = mapped_column(Integer)
    seats: Mapped[str] = mapped_column(Text)

    def seats_taken(self) -> dict[int, int]:
        """The finished game's seats that sit in the new game: old seat -> new seat."""
        return {int(old): new for old, new in json.loads(self.seats).items()}


class ReasonRow(_Base):
    """Why a bot made one move at a table of three bots (``cutthroat watch
    --explain``'s words): the game, the hand (from 0), the move in that hand (from 0),
    the bot's seat and the reason. Kept beside the record (which has no room for it)
    and apart from the table talk (which is the players' own, and limited)."""

    __tablename__ = "reasons"

    game_id: Mapped[str] = _game_key()
    hand: Mapped[int] = mapped_column(Integer, primary_key=True)
    move: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    text: Mapped[str] = mapped_column(Text)


class CoachRow(_Base):
    """A word of the coach to a seat of a game: its number ``n`` for the seat, the
    ``coach`` message (JSON), and where it was said (JSON: the hands begun and the
    moves of the hand just after the move it is about). The seat's latest few are kept
    (:meth:`Store.save_coach`), so that a restart does not lose them."""

    __tablename__ = "coach"

    game_id: Mapped[str] = _game_key()
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    message: Mapped[str] = mapped_column(Text)
    at: Mapped[str] = mapped_column(Text)


CoachWord = tuple[dict[str, Any], tuple[int, list[str]]]
"""A word of the coach as :meth:`Store.coach_words` gives it back: the ``coach``
message, and where it was said (the hands begun, the moves of the hand as text)."""


Reason = tuple[int, int, int, str]
"""A bot's reason for a move, as :meth:`Store.save` keeps it: (hand, move, seat, text)."""


_ADDED_COLUMNS = {"version"}
"""Columns an older version's tables lack, which this one adds when it starts
(:meth:`Store._add_versions`)."""


PRUNE_BATCH = 500
"""Games :meth:`Store.prune` deletes in one statement (a database's limit on the values
of one ``IN`` is far above it)."""


CLAIM_KEY = 0x6375747468726F61
"""The PostgreSQL advisory lock a server holds on its database (``"cutthroa"``'s bytes):
:meth:`Store.claim`."""


SQLITE_SUFFIXES = (".db", ".sqlite", ".sqlite3")
"""The file names taken for a SQLite file when given as a path, not a URL."""


def database_url(given: str) -> str:
    """The SQLAlchemy URL of ``given``: a URL as it is; a file path (no ``://``) named
    like a SQLite file (:data:`SQLITE_SUFFIXES`) or naming a file that exists, as a
    SQLite file there (``games.db`` is ``sqlite:///games.db``). Anything else is
    left as given, for :class:`Store` to refuse with a word on how to write it.

    >>> database_url("games.db"), database_url("/srv/games.sqlite")
    ('sqlite:///games.db', 'sqlite:////srv/games.sqlite')
    >>> database_url("postgresql://localhost/games")
    'postgresql://localhost/games'
    """
    if "://" in given or not given.strip():
        return given
    if given.lower().endswith(SQLITE_SUFFIXES) or os.path.isfile(given):
        return "sqlite:///" + given
    return given


log = logging.getLogger(__name__)

def _url_hint(url: str) -> str:
    """For text that is no URL at all, how to write a SQLite file's; for a
    ``postgres://`` URL (as services write ``DATABASE_URL``), the scheme SQLAlchemy
    takes."""
    if url.startswith("postgres://"):
        return " (for PostgreSQL write postgresql+psycopg://...)"
    if "://" in url:
        return ""
    return (f" (a SQLite file is given as a URL, sqlite:///{masked(url) or 'games.db'}, "
            f"or as the path of a file that exists or ends in {', '.join(SQLITE_SUFFIXES)})")


def _folder_hint(engine: Engine) -> str:
    """For a SQLite file whose folder does not exist or cannot be written to, or that
    is a folder itself, a word saying so."""
    database = engine.url.database
    if engine.url.get_backend_name() != "sqlite" or not database or database == ":memory:":
        return ""
    if os.path.isdir(database):
        return f" ({os.path.abspath(database)} is a folder: give a file's path, in it or elsewhere)"
    folder = os.path.dirname(os.path.abspath(database))
    if not os.path.isdir(folder):
        return f" (the folder {folder} does not exist)"
    if not os.path.exists(database) and not os.access(folder, os.W_OK):
        return f" (the folder {folder} cannot be written to: read-only, or not yours)"
    return ""


def _private_sqlite_file(engine: Engine) -> None:
    """Make a SQLite database's file, if it is not there yet, readable by this user
    alone (0600, whatever the umask): it holds every card of every game in progress and
    the hashes of the seats' tokens. SQLite gives its journal files the database's
    permissions. A file that cannot be made here is left to SQLite, which says why."""
    database = engine.url.database
    if engine.dialect.name != "sqlite" or not database or database == ":memory:" \
            or database.startswith("file:"):
        return
    with contextlib.suppress(OSError):  # there already (kept as it is), or no folder
        os.close(os.open(database, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


POSTGRESQL_TIMEOUTS = {"connect_timeout": 10, "keepalives": 1, "keepalives_idle": 10,
                       "keepalives_interval": 5, "keepalives_count": 3,
                       "tcp_user_timeout": 20_000}
"""libpq's limits on a PostgreSQL connection: a server that cannot be reached is given
up after 10 s, and one whose network link dropped under a query after about 20 to 30 s
(what was sent unacknowledged for 20 s; an idle connection probed after 10 s), so a move
is refused with "try again in a moment" rather than held for good. (A database that is
reached but never answers, its process stopped, still holds a move until it does.)"""


class Store:
    """The games of one database (``url``, a SQLAlchemy URL, or the path of a SQLite
    file: :func:`database_url`).

    The database is opened (and its table made if need be) at once: a URL that cannot
    be read, a driver that is not installed or a database that refuses the connection
    raises :class:`StoreError`.
    """

    def __init__(self, url: str = DEFAULT_DB) -> None:
        url = database_url(url)
        options: dict[str, object] = {}
        if url in ("sqlite://", "sqlite:///:memory:"):
            # One connection for an in-memory database, or each would see its own.
            options = {"poolclass": StaticPool,
                       "connect_args": {"check_same_thread": False}}
        elif url.startswith("sqlite"):
            options = {"connect_args": {"check_same_thread": False}}
        else:  # a connection the database server dropped (it restarted) is not handed out
            options = {"pool_pre_ping": True, "pool_timeout": 10}
            if url.startswith("postgresql"):
                options["connect_args"] = dict(POSTGRESQL_TIMEOUTS)
        self.url = url
        self._quiet = threading.Condition()
        self._in_use = 0
        self._closed = False
        self._claim: int | Connection | None = None
        self._claim_lock = threading.Lock()
        self._claimed_postgresql = False
        """Whether :meth:`claim` took a PostgreSQL lock (kept, and taken again if lost,
        until :meth:`release`)."""
        try:
            self.engine = create_engine(url, **options)
        except (SQLAlchemyError, ImportError, ValueError) as exc:
            error = StoreURLError if isinstance(exc, (ArgumentError, ValueError)) else StoreError
            raise error(f"cannot open the database {url_shown(url)!r}: "
                        f"{reason_of(exc)}{_url_hint(url)}") from exc
        _private_sqlite_file(self.engine)
        try:
            self._check_tables()  # connects: fails here, not later; before any change
            _Base.metadata.create_all(self.engine)
            self._widen_seeds()
            self._add_versions()
        except (SQLAlchemyError, ImportError, ValueError, OSError, NotOurs) as exc:
            self.engine.dispose()
            raise StoreError(f"cannot open the database {url_shown(url)!r}: "
                             f"{reason_of(exc)}{_folder_hint(self.engine)}") from exc

    def _widen_seeds(self) -> None:
        """Give seeds 64 bits in a PostgreSQL database made when they had 32 (a game's
        seed now has 63 random bits); SQLite's integers have 64 whatever the column
        says."""
        if self.engine.dialect.name != "postgresql":
            return
        column = next(c for c in inspect(self.engine).get_columns("games")
                      if c["name"] == "seed")
        if not isinstance(column["type"], BigInteger):
            with self.engine.begin() as connection:
                connection.execute(text("ALTER TABLE games ALTER COLUMN seed TYPE BIGINT"))

    def _check_tables(self) -> None:
        """Refuse a database whose tables of these names lack columns this server
        needs (another program's ``games`` table, or one altered by hand), before
        anything is made or changed in it: a :class:`StoreError` at once (said by
        :meth:`__init__`), rather than every request failing later."""
        found = inspect(self.engine)
        for table in _Base.metadata.sorted_tables:
            if not found.has_table(table.name):
                continue  # made next
            have = {c["name"] for c in found.get_columns(table.name)} | _ADDED_COLUMNS
            missing = [c.name for c in table.columns if c.name not in have]
            if missing:
                raise NotOurs(
                    f"its table {table.name} lacks the column{'s' if len(missing) > 1 else ''}"
                    f" {', '.join(missing)}: it is not a cutthroat table as this version "
                    "writes it (another program's, or altered by hand); give the server a "
                    "database of its own")

    def _add_versions(self) -> None:
        """Give the games' rows a version column in a database made before it was kept
        (its rows keep ``None``: the first save over each writes it)."""
        if "version" not in {c["name"] for c in inspect(self.engine).get_columns("games")}:
            with self.engine.begin() as connection:
                connection.execute(text("ALTER TABLE games ADD COLUMN version INTEGER"))

    @contextmanager
    def _session(self, *, write: bool = False) -> Iterator[Session]:
        """A session of the database (in a transaction committed at the end when
        ``write``), counted as in use until it ends, so that :meth:`close` waits for it:
        SQLite closed under a running statement can crash the process."""
        with self._quiet:
            if self._closed:
                raise StoreError("the database is closed: the server is stopping")
            self._in_use += 1
        try:
            with Session(self.engine) as session:
                if write:
                    with session.begin():
                        yield session
                else:
                    yield session
        finally:
            with self._quiet:
                self._in_use -= 1
                self._quiet.notify_all()

    @property
    def shown_url(self) -> str:
        """The database's URL as it may be shown: any password hidden, and a SQLite
        file's path made absolute (``cutthroat.db`` is the working folder's: started
        elsewhere, a server opens another, empty, and should say so)."""
        database = self.engine.url.database if self.engine.dialect.name == "sqlite" else None
        if database and database != ":memory:" and not database.startswith("file:") \
                and not os.path.isabs(database):
            return f"sqlite:///{os.path.abspath(database)}"
        return url_shown(self.url)

    def save(self, table: Table, reasons: Sequence[Reason] = ()) -> None:
        """Write the table's seats and record (a new row or over the old one), and in
        the same transaction the bots' ``reasons`` for moves (:meth:`reasons`; one for
        a move already kept, its move taken back and made again, is written over).

        A row is written over only if it holds the version this server last read or
        wrote (:attr:`Table.stored_version <cutthroat.server.tables.Table.stored_version>`),
        checked under a row lock: a row another server changed meanwhile (two servers
        on one database, say after the database restarted and the claim was lost) is a
        :class:`StoreConflict`, and nothing is written."""
        now = datetime.now(UTC).replace(tzinfo=None)
        self._check_claim()
        with self._session(write=True) as session:
            row = session.get(GameRow, table.id, with_for_update=True)
            if row is None:
                row = GameRow(id=table.id, seed=table.seed, created=now)
                session.add(row)
            elif row.version is not None and row.version != table.stored_version:
                raise StoreConflict(
                    f"game {table.id} was changed in the database by somebody else (another "
                    f"server on the same database?): it is at version {row.version} there, "
                    f"and this server had {table.stored_version}; nothing was written")
            row.seats = json.dumps(table.stored_seats())
            row.record = json.dumps(table.record())
            row.status = table.status
            row.updated = now
            row.version = table.version
            session.flush()  # the game's row before its reasons (a foreign key)
            for hand, move, seat, text in reasons:
                session.merge(ReasonRow(game_id=table.id, hand=hand, move=move, seat=seat,
                                        text=text))
        table.stored_version = table.version  # committed

    def reasons(self, game_id: str) -> dict[tuple[int, int], str]:
        """The bots' reasons kept for a game's moves (:meth:`save`), by (hand, move),
        both from 0."""
        with self._session() as session:
            rows = session.scalars(select(ReasonRow).where(ReasonRow.game_id == game_id))
            return {(row.hand, row.move): row.text for row in rows}

    def load(self, game_id: str) -> Table | None:
        """The table stored under ``game_id``, replayed from its record; ``None`` if
        there is none."""
        with self._session() as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            table = Table.restore(row.id, json.loads(row.seats), row.seed,
                                  json.loads(row.record))
            table.stored_version = row.version
            return table

    def exists(self, game_id: str) -> bool:
        """Whether a game is stored under ``game_id``."""
        with self._session() as session:
            return session.scalar(select(GameRow.id).where(GameRow.id == game_id)) is not None

    def say(self, game_id: str, seat: int, name: str, text: str, *,
            most: int | None = None) -> ChatLine | None:
        """Keep a line of the game's table talk, numbered after the last one: the line as
        kept, or ``None`` (nothing kept) when the game holds ``most`` lines already."""
        now = datetime.now(UTC).replace(tzinfo=None, microsecond=0)
        with self._session(write=True) as session:
            last = session.scalar(select(func.max(ChatRow.number))
                                  .where(ChatRow.game_id == game_id))
            if most is not None and (last or 0) >= most:
                return None
            row = ChatRow(game_id=game_id, number=(last or 0) + 1, seat=seat, name=name,
                          text=text, at=now)
            session.add(row)
            session.flush()
            return row.line()

    def talk(self, game_id: str, last: int | None = None) -> list[ChatLine]:
        """The game's table talk, oldest first: every line, or the ``last`` ones."""
        with self._session() as session:
            query = (select(ChatRow).where(ChatRow.game_id == game_id)
                     .order_by(ChatRow.number.desc()))
            if last is not None:
                query = query.limit(last)
            return [row.line() for row in reversed(session.scalars(query).all())]

    def rematch(self, game_id: str) -> tuple[str, int, dict[int, int]] | None:
        """The game started after ``game_id`` to play again: its id, the seat (of
        ``game_id``) that started it, and which seats of ``game_id`` sit in it (old seat
        -> new seat); ``None`` if there is none."""
        with self._session() as session:
            row = session.get(RematchRow, game_id)
            if row is None:
                return None
            return row.next_id, row.by, row.seats_taken()

    def rematch_of(self, next_id: str) -> tuple[str, int, dict[int, int], datetime] | None:
        """:meth:`rematch` read from the new game's side: the finished game that
        ``next_id`` was started from, the seat of it that started it, which of its seats
        sit in ``next_id`` so far (old seat -> new seat), and when ``next_id`` was made
        (UTC); ``None`` if ``next_id`` was started from none."""
        with self._session() as session:
            row = session.scalars(select(RematchRow)
                                  .where(RematchRow.next_id == next_id).limit(1)).first()
            made = None if row is None else session.get(GameRow, next_id)
            if row is None or made is None:
                return None
            return row.game_id, row.by, row.seats_taken(), made.created

    def save_coach(self, game_id: str, seat: int, message: dict[str, Any],
                   at: tuple[int, list[str]], keep: int) -> None:
        """Keep a word of the coach to ``seat`` (``message``, numbered ``message["n"]``;
        one of that number is written over: marked undone, say) and where it was said
        (:data:`CoachWord`), and only the seat's latest ``keep``."""
        n = int(message["n"])
        with self._session(write=True) as session:
            session.merge(CoachRow(game_id=game_id, seat=seat, n=n,
                                   message=json.dumps(message), at=json.dumps(at)))
            session.execute(delete(CoachRow).where(
                CoachRow.game_id == game_id, CoachRow.seat == seat, CoachRow.n <= n - keep))

    def coach_words(self, game_id: str) -> dict[int, list[CoachWord]]:
        """The coach's words kept for a game (:meth:`save_coach`), by seat, oldest
        first."""
        words: dict[int, list[CoachWord]] = {}
        with self._session() as session:
            rows = session.scalars(select(CoachRow).where(CoachRow.game_id == game_id)
                                   .order_by(CoachRow.seat, CoachRow.n))
            for row in rows:
                hands, moves = json.loads(row.at)
                words.setdefault(row.seat, []).append((json.loads(row.message),
                                                       (int(hands), list(moves))))
        return words

    def prune(self, before: datetime, *, dry_run: bool = False) -> tuple[int, int]:
        """Delete the games finished, or never started (waiting for players), that have
        not changed since ``before`` (UTC), with everything kept for them: their table
        talk, the bots' reasons, the coach's words and the links to and from a game
        played again. A game in play is kept, however old (its players may come back).
        Returns the games deleted (with ``dry_run``, that would be; nothing is) and the
        games left."""
        done = {"over", "waiting"}
        with self._session(write=not dry_run) as session:
            old = list(session.scalars(select(GameRow.id).where(
                GameRow.status.in_(done), GameRow.updated < before)))
            total = session.scalar(select(func.count()).select_from(GameRow)) or 0
            for start in range(0, 0 if dry_run else len(old), PRUNE_BATCH):
                batch = old[start:start + PRUNE_BATCH]
                for kept in (ChatRow, ReasonRow, CoachRow):
                    session.execute(delete(kept).where(kept.game_id.in_(batch)))
                session.execute(delete(RematchRow).where(or_(
                    RematchRow.game_id.in_(batch), RematchRow.next_id.in_(batch))))
                session.execute(delete(GameRow).where(GameRow.id.in_(batch)))
        return len(old), total - len(old)

    def save_rematch(self, game_id: str, next_id: str, by: int,
                     seats: dict[int, int]) -> None:
        """Keep (or update) the game started after ``game_id`` (:meth:`rematch`). It
        counts as a change to ``game_id`` (its ``updated`` time), whose page offers the
        new game: :meth:`prune` keeps it while it is so used."""
        with self._session(write=True) as session:
            row = session.get(RematchRow, game_id)
            if row is None:
                row = RematchRow(game_id=game_id)
                session.add(row)
            row.next_id, row.by = next_id, by
            row.seats = json.dumps({str(old): new for old, new in seats.items()})
            finished = session.get(GameRow, game_id)
            if finished is not None:
                finished.updated = datetime.now(UTC).replace(tzinfo=None)

    def claim(self) -> None:
        """Hold the database for this server alone, until :meth:`release` (or
        :meth:`close`, or the process ends): :class:`StoreInUse` if another server holds
        it. A SQLite file is held by an exclusive lock on a file beside it (``games.db``:
        ``games.db.lock``; the database file itself is locked by SQLite), a PostgreSQL
        database by a session advisory lock (:data:`CLAIM_KEY`) on a connection of its
        own. An in-memory database is this process's alone; other databases are not
        checked. Claiming again while holding it does nothing."""
        if self._claim is not None:
            return
        backend = self.engine.url.get_backend_name()
        database = self.engine.url.database
        if backend == "sqlite" and database and database != ":memory:" \
                and not database.startswith("file:"):
            self._check_writable(database)
            # The lock beside the file itself: a link to it (another name) is one database.
            self._claim = self._claim_file(os.path.realpath(database) + ".lock")
        elif backend == "postgresql":
            self._claim = self._claim_postgresql()
            self._claimed_postgresql = True

    def _check_writable(self, database: str) -> None:
        """A SQLite file this server may read but not write (or whose folder it cannot
        write its journal in) is refused at once (:class:`StoreError`): every move
        would be refused, one by one, after the server had started."""
        path = os.path.realpath(database)
        folder = os.path.dirname(path) or "."
        for where, what in ((path, "file"), (folder, "folder")):
            if os.path.exists(where) and not os.access(where, os.W_OK):
                raise StoreError(f"cannot write the database {self.shown_url}: its {what} "
                                 f"{where} is read-only for this server (user "
                                 f"{user_name()}), so no move could be saved")

    def _check_claim(self) -> None:
        """Before a save, see that the PostgreSQL claim (:meth:`claim`) still holds: its
        lock goes with its connection, which the database server drops when it
        restarts. A lost one is taken again, or, if another server took the database
        meanwhile, :class:`StoreInUse` and nothing is written until it can be."""
        with self._claim_lock:
            claim = self._claim
            if claim is None or isinstance(claim, int):
                if claim is None and self._claimed_postgresql:
                    self._claim = self._claim_postgresql()  # StoreInUse: not ours now
                    log.warning("the database's lock was taken again")
                return
            try:
                claim.execute(text("SELECT 1"))
                return
            except SQLAlchemyError:
                with contextlib.suppress(Exception):
                    claim.close()
                self._claim = None
            log.warning("the connection holding this server's lock on the database was "
                        "lost (the database restarted?): taking the lock again")
            self._claim = self._claim_postgresql()
            log.warning("the database's lock was taken again")

    def _in_use_error(self) -> StoreInUse:
        return StoreInUse(f"another cutthroat server is using the database "
                          f"{self.shown_url}: stop it first, or give this one another "
                          "--db (two servers on one database write over each other's "
                          "games)")

    def _claim_file(self, path: str) -> int:
        """The descriptor of ``path``, locked (exclusive, not waiting)."""
        if sys.platform == "win32":  # pragma: no cover - no fcntl: not checked
            return -1
        import fcntl

        try:
            handle = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as exc:
            raise StoreError(f"cannot lock the database {self.shown_url}: cannot open "
                             f"{path} ({exc.strerror})") from exc
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(handle)
            raise self._in_use_error() from None
        return handle

    def _claim_postgresql(self) -> Connection:
        """A connection of its own holding the server's advisory lock."""
        try:
            connection = self.engine.connect().execution_options(
                isolation_level="AUTOCOMMIT")
            got = connection.scalar(text("SELECT pg_try_advisory_lock(:key)"),
                                    {"key": CLAIM_KEY})
        except SQLAlchemyError as exc:
            raise StoreError(f"cannot lock the database {self.shown_url}: "
                             f"{reason_of(exc)}") from exc
        if not got:
            connection.close()
            raise self._in_use_error()
        return connection

    def release(self) -> None:
        """Let go of the database held by :meth:`claim`, if it is."""
        claim, self._claim = self._claim, None
        self._claimed_postgresql = False
        if isinstance(claim, int):
            if claim >= 0:
                os.close(claim)  # the lock goes with it (the file stays: harmless)
        elif claim is not None:
            try:
                claim.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": CLAIM_KEY})
            except SQLAlchemyError:
                pass  # the connection is lost: so is its lock
            finally:
                claim.close()

    def close(self, wait: float = 30.0) -> None:
        """Release the database's connections, once what is being read or written
        has ended (waiting up to ``wait`` seconds), and the claim on it
        (:meth:`claim`); nothing more is read or written."""
        with self._quiet:
            self._closed = True
            self._quiet.wait_for(lambda: self._in_use == 0, timeout=wait)
        self.release()
        self.engine.dispose()
