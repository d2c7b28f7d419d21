"""Command-line helpers shared by the bench scripts (bench/ is on the path when they run).

Argument types that refuse nonsense at once (counts below 1, infinite seconds, an output
file in a folder that does not exist), checks of bot specs and of the expert's options
made once in the main process before any worker starts (a worker that exits on a bad
spec leaves a ``multiprocessing.Pool`` waiting for ever), the atomic write of a
generated module, and a progress bar for long runs (on standard error, on a terminal
only).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
import tempfile
from collections.abc import Callable, Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any, TypeVar

from cutthroat.bots.registry import (
    BotSpecError,
    BotUnavailableError,
    UnknownBotError,
    check_options,
    make_bot,
    parse_spec,
)
from cutthroat.sim.stats import mean_estimate

_T = TypeVar("_T")

BOT_ERRORS = (UnknownBotError, BotSpecError, BotUnavailableError, ValueError, TypeError)
"""What making a bot from a bad spec or bad options raises."""


class DefaultsFormatter(argparse.ArgumentDefaultsHelpFormatter):
    """Help that shows each option's default, except the empty ones (None, False, "")."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        default = action.default
        if default is None or default is False or default == "" or default is argparse.SUPPRESS:
            return action.help
        return super()._get_help_string(action)


def mean_interval(values: Sequence[float], confidence: float = 0.95
                  ) -> tuple[float | None, float | None, str]:
    """The mean of ``values``, the half-width of its Student's t interval (the sample
    standard deviation, ``len(values) - 1`` degrees of freedom: the arena's
    :func:`~cutthroat.sim.stats.mean_estimate`), and, where there is no half-width,
    why in a few words ("no samples", "1 sample", "all 4 equal": a spread of 0 among
    so few, or so alike, samples is no evidence of none, so no interval is estimated).

    >>> mean, half, why = mean_interval([1.0, 2.0, 3.0])
    >>> mean, round(half, 4), why
    (2.0, 2.4841, '')
    >>> mean_interval([0.5])
    (0.5, None, '1 sample')
    """
    est = mean_estimate(list(values), confidence=confidence)
    if est.value is None:
        return None, None, "no samples"
    if est.low is None or est.high is None:
        return est.value, None, "1 sample"
    if est.low == est.high:
        return est.value, None, f"all {len(values)} equal"
    return est.value, (est.high - est.low) / 2, ""


def parser_for(doc: str | None, **kwargs: Any) -> argparse.ArgumentParser:
    """A parser described by the first line of ``doc``, showing every default."""
    return argparse.ArgumentParser(description=(doc or "").splitlines()[0],
                                   formatter_class=DefaultsFormatter, **kwargs)


def at_least(minimum: int) -> Callable[[str], int]:
    """An argparse type: a whole number no smaller than ``minimum``."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < minimum:
            raise argparse.ArgumentTypeError(f"must be at least {minimum}, not {value}")
        return value

    parse.__name__ = f"at least {minimum}"
    return parse


positive_int = at_least(1)
"""An argparse type: a whole number of at least 1."""


def positive_float(text: str) -> float:
    """An argparse type: a finite number above zero."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not math.isfinite(value) or value <= 0:
        raise argparse.ArgumentTypeError(f"must be a finite number above 0, not {text}")
    return value


def output_file(text: str) -> Path:
    """An argparse type: a file that can be written, checked before the work starts
    (its folder exists and is writable; it is not itself a folder)."""
    path = Path(text)
    folder = path.parent
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder, not a file")
    if not folder.is_dir():
        raise argparse.ArgumentTypeError(f"folder {str(folder)!r} does not exist")
    if not os.access(folder, os.W_OK):
        raise argparse.ArgumentTypeError(f"folder {str(folder)!r} is not writable")
    if path.exists() and not os.access(path, os.W_OK):
        raise argparse.ArgumentTypeError(f"{text} is not writable")
    return path


def plot_file(text: str) -> Path:
    """An argparse type: a chart to write, checked before the work starts: a file
    :func:`output_file` accepts, in a format matplotlib writes, with matplotlib
    installed (not found missing only once a long run is over)."""
    from cutthroat.sim.plot import PlotUnavailableError, check_plot_format

    path = output_file(text)
    try:
        check_plot_format(path)
    except (PlotUnavailableError, ValueError) as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None
    return path


def check_bot(parser: argparse.ArgumentParser, spec: str, what: str = "bot",
              also: tuple[str, ...] = ()) -> None:
    """Make the bot ``spec`` names once, here; a bad name or option is ``parser.error``
    (exit 2) rather than an error inside a worker process. ``also``: other names the
    script takes besides bots (said in the error)."""
    try:
        make_bot(spec, 0)
    except BOT_ERRORS as exc:
        more = f" (this script also takes {', '.join(also)})" if also else ""
        parser.error(f"{what} {spec!r}: {exc}{more}")


def expert_options(text: str, parser: argparse.ArgumentParser | None = None,
                   option: str = "--expert") -> dict[str, Any]:
    """``key=value,...`` as ExpertBot keywords, read and checked as the registry reads
    the options of a bot spec (names and types; see :func:`check_expert` for values).
    An error is ``parser.error`` (exit 2), or ``SystemExit`` with the message without
    a parser."""
    from cutthroat.bots.expert import ExpertBot

    try:
        _, options = parse_spec("expert:" + text)
        check_options(ExpertBot, "expert", options)
    except BotSpecError as exc:
        if parser is not None:
            parser.error(f"{option}: {exc}")
        raise SystemExit(f"{option}: {exc}") from None
    return options


def check_expert(parser: argparse.ArgumentParser, options: dict[str, Any],
                 cls: Callable[..., Any] | None = None, option: str = "--expert") -> None:
    """Build the expert (``cls``, ExpertBot by default) with ``options`` once, so that a
    bad value (``bid_samples=0``, ``playout=bogus``) is ``parser.error`` here."""
    from cutthroat.bots.expert import ExpertBot

    try:
        (ExpertBot if cls is None else cls)(seed=0, **options)
    except BOT_ERRORS as exc:
        parser.error(f"{option}: {exc}")


def checked_expert(parser: argparse.ArgumentParser, text: str,
                   option: str = "--expert") -> dict[str, Any]:
    """:func:`expert_options` and :func:`check_expert` together."""
    options = expert_options(text, parser, option)
    check_expert(parser, options, option=option)
    return options


def write_atomic(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` to a temporary file in ``path``'s folder and rename it over
    ``path``: a failure (or Ctrl-C) leaves whatever was there untouched."""
    target = Path(path)
    handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.",
                                         suffix=".tmp")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
            out.flush()
            os.fsync(out.fileno())
        if target.exists():
            mode = target.stat().st_mode & 0o7777
        else:
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def emit(text: str, out: str | os.PathLike[str] | None) -> None:
    """``text`` to stdout, or atomically to the file ``out``."""
    if out is None:
        sys.stdout.write(text)
        sys.stdout.flush()
    else:
        write_atomic(out, text)
        print(f"wrote {out}", file=sys.stderr)


def progress(items: Iterable[_T], total: int | None, label: str, unit: str = "hands", *,
             live: bool = True, force_terminal: bool | None = None) -> Iterator[_T]:
    """Yield ``items`` unchanged, in order, while a Rich progress bar on standard error
    counts them (``label``, bar, done of ``total``, ``unit``, elapsed, time left; with
    ``total=None`` an indeterminate bar). The bar is drawn only when standard error is
    a terminal (``force_terminal`` overrides the check, for tests) and is cleared when
    the iteration ends; otherwise nothing at all is written, so logs and piped output
    stay as they were. Standard output is never touched: a line printed to it during
    the run goes to standard output as before (lines written to standard error appear
    above the bar).

    An item counts as done when the loop asks for the next one. The bar starts when the
    loop first asks for an item, so after the caller's worker processes have been
    forked (no process is forked while the bar's refresh thread runs). ``live=False``
    redraws only then, with no refresh thread, for loops that time themselves (CPU or
    wall time of this process) and must not share it with the bar.
    """
    from rich.console import Console

    console = Console(stderr=True, force_terminal=force_terminal)
    if not console.is_terminal:  # a log gets no bar (Rich would leave a blank line)
        yield from items
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    bar = Progress(TextColumn(label, markup=False), BarColumn(), MofNCompleteColumn(),
                   TextColumn(unit, markup=False),
                   TimeElapsedColumn(), TimeRemainingColumn(), console=console,
                   transient=True, auto_refresh=live, redirect_stdout=False)
    with bar:
        task = bar.add_task(label, total=total)
        if not live:
            bar.refresh()
        for item in items:
            yield item
            bar.advance(task)
            if not live:
                bar.refresh()
