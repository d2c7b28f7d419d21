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

import json
from datetime import UTC, datetime

from sqlalchemy import DateTime, Integer, String, Text, create_engine, select
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column
from sqlalchemy.pool import StaticPool

from .tables import Table

__all__ = ["DEFAULT_DB", "GameRow", "Store"]

DEFAULT_DB = "sqlite:///cutthroat.db"
"""The database used when none is given: a SQLite file in the working directory."""


class _Base(DeclarativeBase):
    pass


class GameRow(_Base):
    """One game as stored."""

    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    seed: Mapped[int] = mapped_column(Integer)
    seats: Mapped[str] = mapped_column(Text)
    """The seats as JSON (:meth:`Table.stored_seats`)."""
    record: Mapped[str] = mapped_column(Text)
    """The game record as JSON (RECORD.md)."""
    status: Mapped[str] = mapped_column(String(16))
    created: Mapped[datetime] = mapped_column(DateTime)
    updated: Mapped[datetime] = mapped_column(DateTime)


class Store:
    """The games of one database (``url``, a SQLAlchemy URL)."""

    def __init__(self, url: str = DEFAULT_DB) -> None:
        options: dict[str, object] = {}
        if url in ("sqlite://", "sqlite:///:memory:"):
            # One connection for an in-memory database, or each would see its own.
            options = {"poolclass": StaticPool,
                       "connect_args": {"check_same_thread": False}}
        elif url.startswith("sqlite"):
            options = {"connect_args": {"check_same_thread": False}}
        self.url = url
        self.engine = create_engine(url, **options)
        _Base.metadata.create_all(self.engine)

    def save(self, table: Table) -> None:
        """Write the table's seats and record (a new row or over the old one)."""
        now = datetime.now(UTC).replace(tzinfo=None)
        with Session(self.engine) as session, session.begin():
            row = session.get(GameRow, table.id)
            if row is None:
                row = GameRow(id=table.id, seed=table.seed, created=now)
                session.add(row)
            row.seats = json.dumps(table.stored_seats())
            row.record = json.dumps(table.record())
            row.status = table.status
            row.updated = now

    def load(self, game_id: str) -> Table | None:
        """The table stored under ``game_id``, replayed from its record; ``None`` if
        there is none."""
        with Session(self.engine) as session:
            row = session.get(GameRow, game_id)
            if row is None:
                return None
            return Table.restore(row.id, json.loads(row.seats), row.seed,
                                 json.loads(row.record))

    def exists(self, game_id: str) -> bool:
        """Whether a game is stored under ``game_id``."""
        with Session(self.engine) as session:
            return session.scalar(select(GameRow.id).where(GameRow.id == game_id)) is not None

    def close(self) -> None:
        """Release the database's connections."""
        self.engine.dispose()
