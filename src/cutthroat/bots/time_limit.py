"""A time limit on a bot's move: a tournament of bots a user wrote must not wait forever
on one that hangs (:func:`~cutthroat.bots.base.bot_choose`, ``cutthroat arena
--move-time``).

In the main thread of a process (a tournament's worker, or the arena played in the
caller's own process) an alarm stops the bot when its time is up (``SIGALRM``, where
the platform has it). Elsewhere (a thread) nothing can stop it, and a move that took too
long is refused once it comes.

>>> with time_limit(5.0):
...     sum(range(10))
45
"""

from __future__ import annotations

import math
import signal
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

__all__ = ["Overtime", "check_limit", "time_limit"]


class Overtime(BaseException):
    """Raised in the code under :func:`time_limit` when its time is up: a
    ``BaseException``, so that a bot which catches ``Exception`` does not swallow it."""


def check_limit(seconds: float | None) -> float | None:
    """``seconds`` as a time limit: ``None`` (none), or a finite number above 0, as a
    float; anything else (0, a negative, NaN, infinity, a bool, text) is a
    ``ValueError``, said before any move is made.

    >>> check_limit(2), check_limit(None)
    (2.0, None)
    """
    if seconds is None:
        return None
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) \
            or not 0 < seconds < math.inf:
        raise ValueError(f"a move's time limit is a number of seconds above 0, not "
                         f"{seconds!r}")
    return float(seconds)


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Run the block within ``seconds`` (``None``: no limit), or raise
    :class:`Overtime`: from inside it when its time is up, where an alarm can stop it
    (the main thread), else once it ends too late. An alarm set before (by the caller)
    is set again afterwards, less the time this block took."""
    seconds = check_limit(seconds)
    if seconds is None:
        yield
        return
    start = time.perf_counter()
    alarm = (hasattr(signal, "setitimer")
             and threading.current_thread() is threading.main_thread())
    if alarm:
        def ring(signum: int, frame: FrameType | None) -> None:
            raise Overtime

        before = signal.signal(signal.SIGALRM, ring)
        earlier, _ = signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        if alarm:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, before)
            if earlier:  # the caller's own alarm, less the time spent here
                left = earlier - (time.perf_counter() - start)
                signal.setitimer(signal.ITIMER_REAL, max(left, 1e-6))
    if time.perf_counter() - start > seconds:
        raise Overtime
