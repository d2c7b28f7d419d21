"""The web game's store, when it fails: its errors (:class:`StoreError` and its kinds),
and a failure said on one line, for a message or the log, its password hidden and never
with the statement that failed (:func:`down_why`, :func:`log_failure`)."""

from __future__ import annotations

import logging
import os
import re

from sqlalchemy import make_url
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from ..errors import CutthroatError
from .errors import TableError

__all__ = ["NotOurs", "StoreConflict", "StoreError", "StoreInUse", "StoreURLError",
           "database_trouble", "down_why", "log_failure", "masked", "reason_of",
           "url_shown", "user_name"]


class StoreError(CutthroatError):
    """The database cannot be opened: the URL is not a SQLAlchemy URL, its driver is
    not installed, or the database refuses the connection (the message says which)."""


class StoreURLError(StoreError):
    """The database's URL cannot be read: it is not a SQLAlchemy URL, or names a
    database kind SQLAlchemy does not know (a mistake in what was given, where a plain
    :class:`StoreError` is a database that cannot be reached or a driver missing)."""


class StoreInUse(StoreError):
    """Another cutthroat server holds the database (:meth:`Store.claim`): two servers on
    one database would each keep its games in memory and write over the other's moves."""


class NotOurs(Exception):
    """A table of the database is not this server's (:meth:`Store._check_tables`)."""


class StoreConflict(StoreError):
    """A game's row was written by somebody else (another server on the same database)
    since this server read or wrote it: saving over it would lose their moves, so
    nothing is written (:meth:`Store.save`)."""


_PASSWORD = re.compile(r"(?<=/)([^:/@\s]*):(\S*)@(?=[^@\s]*(?:\s|$))")
"""``user:password@`` in text that may be a URL or not: the password runs to the last
``@`` of the word (a password not URL-encoded may hold ``@``, ``:`` and ``/``)."""


def masked(text: str) -> str:
    """``text`` with anything that looks like ``user:password@`` shown as ``user:***@``
    (for text that is no URL SQLAlchemy can read, whose password it cannot hide).

    >>> masked("postgresql+psycopg://ann:s3cret@host:54x/games")
    'postgresql+psycopg://ann:***@host:54x/games'
    >>> masked("cannot open 'postgresql://ann:p@ss:w/rd@127.0.0.1:5499/club': refused")
    "cannot open 'postgresql://ann:***@127.0.0.1:5499/club': refused"
    """
    return _PASSWORD.sub(r"\1:***@", text)


def url_shown(url: str) -> str:
    """The URL to show in a message: its password, if any, hidden (in text that is no
    URL too, as far as it looks like one)."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except (SQLAlchemyError, ValueError):
        return masked(url)


def user_name() -> str:
    """The name of the user this process runs as (its number where it has none)."""
    try:
        import pwd

        return pwd.getpwuid(os.geteuid()).pw_name
    except (ImportError, KeyError, AttributeError):  # pragma: no cover - no such user
        return str(getattr(os, "geteuid", lambda: "?")())


def reason_of(exc: Exception) -> str:
    """Why the database could not be opened, on one line.

    >>> print(reason_of(ModuleNotFoundError("No module named 'psycopg'", name="psycopg")))
    ... # doctest: +NORMALIZE_WHITESPACE
    its driver is not installed (No module named 'psycopg');
    for PostgreSQL: pip install 'cutthroat-euchre[postgres]'
    """
    if isinstance(exc, DBAPIError) and exc.orig is not None:
        text = str(exc.orig)
    elif isinstance(exc, ImportError):
        text = f"its driver is not installed ({exc})"
        if (exc.name or "").startswith("psycopg"):
            text += "; for PostgreSQL: pip install 'cutthroat-euchre[postgres]'"
    elif isinstance(exc, SQLAlchemyError):
        text = str(exc).split("\n(Background on this error", 1)[0]
    elif isinstance(exc, NotOurs):
        text = str(exc)
    else:
        text = f"not a valid URL ({exc})"
    return masked(" ".join(text.split())) or type(exc).__name__


def database_trouble(exc: BaseException) -> str | None:
    """For an error of the database (unreachable, restarting, refusing), the reason on
    one line, for a log that names it without a traceback each time; ``None`` for any
    other error, which deserves its traceback."""
    if isinstance(exc, StoreConflict):
        return None
    if isinstance(exc, (SQLAlchemyError, StoreError)):
        return reason_of(exc) if isinstance(exc, SQLAlchemyError) else str(exc)
    return None



def log_failure(exc: BaseException, message: str, *args: object) -> None:
    """Log a failure: the database's trouble (unreachable, restarting) on one line, as
    it can come many times a second while the database is away; a refusal already
    logged where it was made (a :class:`TableError`) on one line too; anything else with
    its traceback. Logged as the server's (``cutthroat.server``), where it happened."""
    trouble = database_trouble(exc)
    if trouble is None and isinstance(exc, TableError):
        trouble = str(exc)
    if trouble is None:
        logging.getLogger("cutthroat.server").exception(message, *args)
    else:
        logging.getLogger("cutthroat.server").error(message + ": %s", *args, trouble)


def down_why(exc: Exception) -> str:
    """A failure of the database on one line, for the log: the driver's own words
    (:func:`database_trouble`), never the statement and its parameters (a game's whole
    deal, a token's hash), nor SQLAlchemy's link to its background page.

    >>> down_why(OSError("connection refused  (Background on this error at: ...)"))
    'connection refused'
    """
    return database_trouble(exc) or " ".join(
        str(exc).split("(Background on this error", 1)[0].split())
