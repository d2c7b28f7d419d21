"""The ``cutthroat`` command's entry point, also run by ``python -m cutthroat``.

The command line (Typer, Rich and the commands) takes about a third of a second to
import. Ctrl-C in that time ends the command as Ctrl-C does later: one line on
standard error and status 130, as a shell reports it, not a traceback.
"""

from __future__ import annotations

import sys


def main() -> None:
    """Import the command line and run it (:func:`cutthroat.cli.main`)."""
    try:
        from cutthroat.cli import main as run
    except KeyboardInterrupt:
        sys.stderr.write("Interrupted (Ctrl-C) before the command started.\n")
        raise SystemExit(130) from None
    run()


if __name__ == "__main__":  # pragma: no cover
    main()
