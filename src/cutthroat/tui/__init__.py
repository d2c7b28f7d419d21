"""The full-screen table of ``cutthroat play``: one player against two bots, in Textual.

The game is the line game's (:class:`~cutthroat.session.Session`): the same bots,
record, undo, hint and coach, and the same sentences in its log; only reading and
showing differ. Importing this package needs no Textual; :mod:`cutthroat.tui.app`
does (``pip install 'cutthroat-euchre[tui]'``).
"""

from __future__ import annotations

from importlib.util import find_spec

__all__ = ["DELAY", "INSTALL", "available"]

DELAY = 0.4
"""Seconds a bot's move takes at the least by default (``cutthroat play --delay``), so
that a person can follow the play."""

INSTALL = "pip install 'cutthroat-euchre[tui]'"
"""The command that installs what the full-screen table needs."""


def available() -> bool:
    """Whether Textual, which draws the full-screen table, is installed."""
    return find_spec("textual") is not None
