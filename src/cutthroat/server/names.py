"""What a player may show to the others: a name or a line of table talk cleaned
(:func:`clean_text`), and the names at a table told apart, look-alikes included.

>>> clean_text("  Ann \t Lee ", what="a name", limit=NAME_MAX)
'Ann Lee'
>>> name_key("\u0410nn") == name_key("ann")  # a Cyrillic A
True
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Sequence

from .errors import TableError

__all__ = ["NAME_MAX", "check_free", "clean_name", "clean_text", "default_name",
           "free_name", "name_key"]

NAME_MAX = 24
"""The longest name a player may take."""
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories refused in a name or a line: control and format characters, lone
surrogates (which cannot even be written as JSON), private-use and unassigned ones.
Tabs and newlines are whitespace and are folded into spaces instead."""


_JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: format characters, yet a part of text (emoji
sequences such as 👨‍👩‍👧, and words of Persian or Hindi) when they stand between two
characters, neither a space nor another joiner."""
_TAG_SEQUENCE = re.compile("\U0001F3F4[\U000E0020-\U000E007E]+\U000E007F")
"""A flag written with tag characters (🏴 and the tags of gbsct: Scotland's flag)."""
_NEW_SYMBOLS = range(0x1F000, 0x1FB00)
"""The planes' symbols and emoji blocks: a code point there that this Python's Unicode
does not know yet is a newer emoji (a phone's keyboard has them first), not broken
text."""


def _refused(text: str) -> bool:
    """Whether ``text`` holds a character no name or line may hold (:data:`_REFUSED`),
    other than a joiner inside a word or emoji, a tag in a flag, or a newer emoji."""
    tags = {i for m in _TAG_SEQUENCE.finditer(text) for i in range(m.start() + 1, m.end())}
    for index, char in enumerate(text):
        kind = unicodedata.category(char)
        if kind not in _REFUSED or char.isspace() or index in tags:
            continue
        if kind == "Cn" and ord(char) in _NEW_SYMBOLS:
            continue
        if char in _JOINERS and 0 < index < len(text) - 1 and all(
                not c.isspace() and c not in _JOINERS
                and unicodedata.category(c) not in _REFUSED
                for c in (text[index - 1], text[index + 1])):
            continue
        return True
    return False


def clean_text(value: object, *, what: str, limit: int) -> str:
    """``value`` as text a player may show to others: runs of whitespace folded into one
    space, trimmed; at most ``limit`` characters (``""`` for a blank one). Refused, with
    a :class:`TableError` naming ``what``, if it is not text or holds a control
    character or broken text."""
    if not isinstance(value, str):
        raise TableError(f"{what} must be text")
    if len(value) > 4 * limit + 256:  # refused before the character-by-character check
        raise TableError(f"{what} may be at most {limit} characters long")
    if _refused(value):
        raise TableError(f"{what} may hold letters, digits, punctuation and spaces, not "
                         "control characters or broken text")
    text = " ".join(value.split())
    if len(text) > limit:
        raise TableError(f"{what} may be at most {limit} characters long")
    return text


_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800")
"""Letters and symbols that show as nothing (the Hangul fillers, the blank Braille
pattern): in a name they make it look blank, or like another player's."""

_LOOKALIKES = str.maketrans({
    # Cyrillic and Greek letters that look like a Latin one, each case to its own
    **dict(zip("АВЕКМНОРСТУХІЈЅҺ", "ABEKMHOPCTYXIJSH", strict=True)),
    **dict(zip("аеорсухіјѕһӏԁ", "aeopcyxijshld", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),
    **dict(zip("αικνοηυϲ", "aikvonuc", strict=True)),
    # what shows as nothing: the joiners, the combining grapheme joiner, the variation
    # selectors (an emoji's look), Mongolian's, Khmer's invisible vowels
    **{c: None for c in "\u200c\u200d\u034f\u180b\u180c\u180d\u17b4\u17b5"},
    **{chr(c): None for c in range(0xFE00, 0xFE10)},
})
"""How a name is read when names are compared (:func:`name_key`): look-alikes as the
Latin letter they pass for, and what shows as nothing left out."""

_YOU = "you"
"""How the page and the hand's account name each player to themselves: no name."""


def clean_name(name: object, fallback: str, *, carried: bool = False) -> str:
    """A player's name, trimmed; ``fallback`` when none was given. Refused: a name with
    a character that shows as nothing (:data:`_BLANK`), or that reads as "You", which
    the table's words for each player already mean (a friend named so would read as
    oneself). A name ``carried`` over from a finished game (playing again) is not
    refused for those: it was taken before they were."""
    if name is None:
        return fallback
    text = clean_text(name, what="a name", limit=NAME_MAX)
    if text and not carried:
        if any(char in _BLANK for char in text) or not name_key(text).strip():
            raise TableError("a name may not hold characters that show as nothing")
        if name_key(text) == name_key(_YOU):
            raise TableError(f"{text} is how the table names each player to themselves: "
                             "choose another name")
    return text or fallback


def name_key(name: str) -> str:
    """A name as two names are compared at a table: ``Ann``, ``ANN``, ``ａｎｎ``, ``Аnn``
    (a Cyrillic А) and ``An\u034fn`` are one name (compatibility forms folded,
    look-alikes read as the Latin letter they pass for, what shows as nothing left
    out, case ignored), after :func:`clean_text`."""
    return unicodedata.normalize("NFKC", name).translate(_LOOKALIKES).casefold()


def free_name(name: str, taken: Sequence[str | None]) -> str:
    """``name``, or, when a name in ``taken`` is the same (:func:`name_key`), the first
    of ``name 2``, ``name 3``, ... that is free: for a name the player did not choose
    (a default one, or one carried over to a new game)."""
    keys = {name_key(other) for other in taken if other is not None}
    made, number = name, 1
    while name_key(made) in keys:
        number += 1
        made = f"{name[:NAME_MAX - 1 - len(str(number))]} {number}"
    return made


def default_name(index: int, taken: Sequence[str | None]) -> str:
    """The name of a player at seat ``index`` who gave none: ``Player 2`` for seat 1,
    or, if a player took that name, the next ``Player N`` that is free."""
    keys = {name_key(other) for other in taken if other is not None}
    number = index + 1
    while name_key(f"Player {number}") in keys:
        number = max(number + 1, 4)
    return f"Player {number}"


def check_free(name: str, taken: Sequence[str | None], status: int) -> None:
    """Refuse (a :class:`TableError` with ``status``) a name the same as one in
    ``taken`` (:func:`name_key`), saying whose it is."""
    key = name_key(name)
    for other in taken:
        if other is not None and name_key(other) == key:
            raise TableError(f"{other} is already at this table: choose another name",
                             status)
