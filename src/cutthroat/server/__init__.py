"""The web game: play in the browser against bots and friends (``cutthroat serve``).

Needs the ``web`` extra (FastAPI, Uvicorn, SQLAlchemy). :mod:`.tables` holds the game
logic of a table (:mod:`.names` the names at it, :mod:`.errors` its refusal),
:mod:`.protocol` the messages, :mod:`.chat` the table talk, :mod:`.store` the database,
:mod:`.room` one game in memory, :mod:`.rooms` the server that holds them (with
:mod:`.sockets` sending to its WebSockets and :mod:`.rates` the rates it limits),
:mod:`.app` the routes, :mod:`.connections` the guard on HTTP connections, and
:mod:`.command` ``cutthroat serve``; the protocol is in docs/protocol.md.
"""

from .tables import Table, TableError

__all__ = ["Table", "TableError", "create_app"]


def __getattr__(name: str) -> object:
    if name == "create_app":
        from .app import create_app

        return create_app
    raise AttributeError(name)


def __dir__() -> list[str]:
    """The module's names, ``create_app`` (loaded on first use) among them."""
    return sorted({*globals(), *__all__})
