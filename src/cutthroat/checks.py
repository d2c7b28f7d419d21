"""The checks of the engine's arguments that are not its own objects: a seat, an action
id, a seed, a random source, the scores a view is shown with, each given as a Python
or NumPy integer and anything else refused with an error that says what was expected."""

from __future__ import annotations

import operator
import random
from collections.abc import Iterable

from .errors import ActionParseError, SeatError

__all__ = ["as_action_id", "as_scores", "as_seat", "as_seed", "check_rng", "integer_or_none"]


def integer_or_none(value: object) -> int | None:
    """An integer of any type (Python's, NumPy's) as an ``int``; ``None`` for anything
    else, a bool included (``True`` is no seat, id or seed)."""
    if isinstance(value, bool):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def as_action_id(value: object) -> int:
    """An action id given as another integer type (NumPy's) as an ``int``; anything else
    (a bool, a float, text) refused with an :class:`ActionParseError` saying so."""
    action_id = integer_or_none(value)
    if action_id is not None:
        return action_id
    raise ActionParseError(f"not an action id: {value!r} (an id is an integer, a Python or "
                           "NumPy one)")


def as_seat(value: object, what: str = "seat must be") -> int:
    """A seat, 0, 1 or 2, as an ``int`` (a NumPy integer too); a bool, a float (1.0),
    text or another number refused with a :class:`~cutthroat.errors.SeatError`, a
    ``ValueError`` (``what``: its first words).

    >>> as_seat(2)
    2
    >>> as_seat(1.0)
    Traceback (most recent call last):
    cutthroat.errors.SeatError: seat must be 0, 1 or 2, not 1.0
    """
    seat = integer_or_none(value)
    if seat is not None and 0 <= seat <= 2:
        return seat
    raise SeatError(f"{what} 0, 1 or 2, not {value!r}")


def check_rng(rng: object) -> None:
    """Refuse (``TypeError``) a random source that is not a ``random.Random`` (``None``
    passes): a NumPy ``Generator``, say, which would fail only at the first deal.

    >>> check_rng(3)
    Traceback (most recent call last):
    TypeError: rng must be a random.Random (or give seed=), not int
    """
    if rng is not None and not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random (or give seed=), not {type(rng).__name__}"
                        + (": a NumPy Generator can give one a seed, "
                           "random.Random(int(gen.integers(2**63)))"
                           if type(rng).__name__ == "Generator" else ""))


def as_seed(value: object) -> int:
    """A seed as an ``int``: an integer (a NumPy one too) as it is, ``None`` as 0 (the
    default seed of :class:`~cutthroat.Game` and :meth:`~cutthroat.state.Hand.deal`). A
    float, text, a bool or a ``random.Random`` (which goes in ``rng=``) is a ``TypeError``, where
    Python's ``random.Random`` would take some of them silently; a negative integer is
    a ``ValueError``, since ``random.Random`` deals ``-5`` as ``5``.

    >>> as_seed(None), as_seed(7)
    (0, 7)
    >>> as_seed(1.5)
    Traceback (most recent call last):
    TypeError: a seed is an integer or None, not 1.5
    """
    if value is None:
        return 0
    if isinstance(value, random.Random):
        raise TypeError("pass a random.Random as rng=, not seed=")
    seed = integer_or_none(value)
    if seed is None:
        raise TypeError(f"a seed is an integer or None, not {value!r}")
    if seed < 0:
        raise ValueError(f"a seed is 0 or more, not {seed} (Python's random deals "
                         f"seed {seed} exactly as seed {-seed})")
    return seed


def as_scores(scores: object) -> tuple[int, int, int] | None:
    """The game's scores a view is shown with, as a tuple: ``None`` (none), or three
    points, seats 0, 1 and 2 (integers, a NumPy one too; not negative). Anything else
    is refused here, not when the view is printed or encoded: a ``TypeError`` for what
    is not three integers, a ``ValueError`` for a negative one.

    >>> as_scores([3, 0, 7])
    (3, 0, 7)
    >>> as_scores("abc")
    Traceback (most recent call last):
    TypeError: scores are three integers, seats 0, 1 and 2 (e.g. (3, 0, 7)), not 'abc'
    """
    if scores is None:
        return None
    wrong = TypeError(f"scores are three integers, seats 0, 1 and 2 (e.g. (3, 0, 7)), "
                      f"not {scores!r}")
    if isinstance(scores, str | bytes) or not isinstance(scores, Iterable):
        raise wrong
    items = tuple(scores)
    if len(items) != 3 or any(isinstance(p, bool) for p in items):
        raise wrong
    try:
        a, b, c = (operator.index(p) for p in items)
    except TypeError:
        raise wrong from None
    if min(a, b, c) < 0:
        raise ValueError(f"scores are not negative: {scores!r}")
    return a, b, c
