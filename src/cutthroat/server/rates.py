"""The rates the web server limits (new games, table talk, records opened), read from
text such as ``"30/10 minutes"``, said in words, and the refusal when one is reached."""

from __future__ import annotations

import math
import re
import time

import limits
import limits.strategies

from .tables import TableError

__all__ = ["limit_reached", "parse_rate", "rate_words", "seconds_words"]


def parse_rate(text: str, name: str, example: str) -> limits.RateLimitItem:
    """A rate such as ``"10/30 seconds"`` (the option ``name``), or a ``ValueError``
    that names the option and shows ``example`` (a rate that allows none included)."""
    try:
        rate = limits.parse(text)
    except ValueError:
        raise ValueError(f"{name} must be a rate such as {example!r}, not {text!r}") from None
    if rate.amount < 1:
        raise ValueError(f"{name} must allow at least 1 in its time, such as {example!r}, "
                         f"not {text!r} (which allows none)")
    period = _PERIOD.match(text)  # limits reads "1/0 seconds" as "1/1 second"
    if period and int(period.group(1)) == 0:
        raise ValueError(f"{name} must be over a time longer than 0, such as {example!r}, "
                         f"not {text!r}")
    return rate


_PERIOD = re.compile(r"\s*[0-9]+\s*(?:/|\s*per\s*)\s*([0-9]+)", re.IGNORECASE)
"""The number of units of a rate's time, when it gives one (``10/30 seconds``: 30)."""


def rate_words(rate: limits.RateLimitItem, noun: str) -> str:
    """A ``limits`` rate in words: ``10 lines in 30 seconds``, ``2 games a minute``."""
    amount = f"{rate.amount} {noun}{'' if rate.amount == 1 else 's'}"
    unit = rate.GRANULARITY.name
    if rate.multiples == 1:
        return f"{amount} an {unit}" if unit == "hour" else f"{amount} a {unit}"
    return f"{amount} in {rate.multiples} {unit}s"


def limit_reached(limiter: limits.strategies.RateLimiter, rate: limits.RateLimitItem,
                  what: str, *keys: str) -> TableError:
    """The 429 of a limit reached: ``what`` (why, with the limit in words), then when a
    request counted under ``keys`` may succeed again, from the limit's window (and as
    ``retry_after``, the ``Retry-After`` header)."""
    reset = limiter.get_window_stats(rate, *keys).reset_time
    wait = max(1.0, reset - time.time())
    when = (seconds_words(math.ceil(wait)) if wait < 90
            else f"{math.ceil(wait / 60)} minutes")
    return TableError(f"{what}: try again in {when}", 429, retry_after=wait)


def seconds_words(amount: float) -> str:
    """A number of seconds in words, whole seconds: ``1 second``, ``20 seconds``."""
    whole = int(amount)
    return f"{whole} second{'' if whole == 1 else 's'}"
