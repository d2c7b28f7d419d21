"""The ``cutthroat`` command's entry point, also run by ``python -m cutthroat``.

The command line (Typer, Rich and the commands) takes about a third of a second to
import. Ctrl-C in that time ends the command as Ctrl-C does later: one line on
standard error and status 130, as a shell reports it, not a traceback. Where Typer or
Rich is missing (the package installed with ``--no-deps``, for the engine alone), the
command says so in one line, with status 1.
"""

from __future__ import annotations

import sys
import traceback
from typing import NoReturn

COMMAND_LINE = frozenset({"typer", "click", "rich"})
"""The packages the command line needs besides the standard library."""
INTERNAL_ERROR = 3
"""The exit status of a fault in cutthroat itself (a bug), kept apart from 1 (an
illegal record, a refused move) and 2 (a usage error)."""


def report_bug() -> NoReturn:
    """Say the exception being handled as a bug of cutthroat's (its traceback, and a
    line asking for a report, on standard error), and exit with
    :data:`INTERNAL_ERROR`."""
    from . import __version__

    traceback.print_exc()
    sys.stderr.write(f"cutthroat {__version__}: internal error (a bug in cutthroat, not in "
                     "what you gave it). Please report it with the command you ran, its "
                     "input and the lines above.\n")
    raise SystemExit(INTERNAL_ERROR)


def main() -> None:
    """Import the command line and run it (:func:`cutthroat.cli.main`)."""
    try:
        from cutthroat.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("Interrupted (Ctrl-C) before the command started.\n")
        raise SystemExit(130) from None
    except ModuleNotFoundError as exc:
        if exc.name not in COMMAND_LINE:
            report_bug()
        sys.stderr.write(f"cutthroat: the command line needs Typer and Rich, and {exc.name} "
                         "is not installed: pip install typer rich (or the package without "
                         "--no-deps). The engine and the bots need neither: import cutthroat.\n")
        raise SystemExit(1) from None
    except Exception:  # the command line itself could not be set up: a bug
        report_bug()
    run()


if __name__ == "__main__":  # pragma: no cover
    main()
