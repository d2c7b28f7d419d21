"""What the commands share for reading and writing: a record's file read strictly
(:func:`read_input`), an error's line and its exit (:func:`fail`), and text made
printable on a stream."""

from __future__ import annotations

import codecs
import contextlib
import os
import sys
from pathlib import Path
from typing import Any

import typer

from . import record as rec

__all__ = [
    "MAX_RECORD_BYTES",
    "SET_HELP",
    "Output",
    "Unread",
    "Unreadable",
    "fail",
    "output_to_nowhere",
    "printable",
    "read_input",
]


SET_HELP = "Override a rules field, e.g. --set deck=25 (repeatable)."
"""The help of ``--set``, on every command that takes rules."""
MAX_RECORD_BYTES = 64 << 20
"""The most a record file may hold, 64 MiB: a game of a thousand hands takes about a
third of a megabyte; more is no record (``/dev/zero`` would be read until the memory
ran out)."""


class Unreadable(Exception):
    """A file that holds no text to read as a record; the reason, with the file's name."""


def read_input(file: str) -> str:
    """The text of a file, or of standard input for ``-``: UTF-8, strictly, less a
    leading byte-order mark (as Notepad saves). Raises :class:`Unreadable` for a file
    that cannot be read, is not UTF-8 text, or is empty or blank."""
    name = "standard input" if file == "-" else file
    try:
        if file == "-":
            data = sys.stdin.buffer.read(MAX_RECORD_BYTES + 1)
        else:
            with Path(file).open("rb") as stream:
                data = stream.read(MAX_RECORD_BYTES + 1)
    except FileNotFoundError:
        raise Unreadable(f"{name}: no such file") from None
    except IsADirectoryError:
        raise Unreadable(f"{name}: it is a folder, not a file") from None
    except PermissionError:
        raise Unreadable(f"{name}: permission denied") from None
    except OSError as exc:
        raise Unreadable(f"{name}: {(exc.strerror or str(exc)).lower()}") from None
    if len(data) > MAX_RECORD_BYTES:  # /dev/zero, or a file that is no record
        raise Unreadable(f"{name}: it is over {MAX_RECORD_BYTES >> 20} MiB, more than "
                         "any game's record")
    try:
        text = rec.decode(data)
    except rec.RecordError:
        if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):  # PowerShell's ">"
            raise Unreadable(f"{name}: UTF-16 text, not UTF-8 (a record is JSON in UTF-8: "
                             "save it as UTF-8)") from None
        if b"\0" in data:  # binary
            raise Unreadable(f"{name}: not a text (JSON) file") from None
        raise Unreadable(f"{name}: not UTF-8 text (a record is JSON in UTF-8; this file "
                         "may have been saved in another encoding, such as Latin-1)") from None
    if not text:
        raise Unreadable(f"{name}: the file is empty")
    if not text.strip():
        raise Unreadable(f"{name}: it holds only blank space, no record")
    return text


def fail(message: str) -> typer.Exit:
    """Print ``Error: message`` on standard error; the exit (status 1) to raise."""
    typer.echo(f"Error: {printable(message, sys.stderr)}", err=True)
    return typer.Exit(1)


def printable(text: str, stream: Any) -> str:
    """``text`` with what ``stream`` cannot encode (a lone surrogate from a record's
    JSON, say) written as a backslash escape; valid text is unchanged."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        try:
            return text.encode(encoding, "backslashreplace").decode(encoding)
        except LookupError:
            return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def output_to_nowhere() -> None:
    """Send what is still to be written on standard output to the null device: it could
    not be written (a reader gone, a full disk), and Python flushes it on the way out."""
    with contextlib.suppress(OSError, ValueError):  # captured in-process: no file
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


class Unread(Exception):
    """The output is read no more (a closed pipe) and nothing else is to be done."""


class Output:
    """Standard output that may be closed under it (``| head``): once it is, nothing
    more is written, and with ``finish`` the work goes on unseen (a record still to be
    saved); without it :class:`Unread` is raised to stop."""

    def __init__(self, *, finish: bool) -> None:
        self.finish = finish
        self.closed = False

    def echo(self, text: str) -> None:
        """Write a line, unless the reader has gone."""
        if self.closed:
            return
        try:
            typer.echo(text)
        except BrokenPipeError:
            self.closed = True
            output_to_nowhere()  # Python flushes standard output on the way out
            if not self.finish:
                raise Unread from None
