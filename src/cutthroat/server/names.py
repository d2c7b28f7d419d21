"""What a player may show to the others: a name or a line of table talk cleaned
(:func:`clean_text`), and the names at a table told apart, look-alikes included.

>>> clean_text("  Ann \t Lee ", what="a name", limit=NAME_MAX)
'Ann Lee'
>>> same_name("\u0410nn", "ann")  # a Cyrillic A
True
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Iterator, Sequence

from .errors import TableError

__all__ = ["MARKS_MAX", "NAME_MAX", "SHOWN_MAX", "check_free", "clean_name", "clean_text",
           "default_name", "free_name", "longest_raw", "name_keys", "same_name",
           "shown_name", "shows_nothing"]

NAME_MAX = 24
"""The longest name a player may take."""
MARKS_MAX = 8
"""The most combining marks one letter may carry in a name or a line (Vietnamese has
two, pointed Hebrew with cantillation four; more is a smear drawn over the page)."""
SHOWN_MAX = 48
"""The most characters of a name from a record file shown (:func:`shown_name`)."""
_REFUSED = frozenset({"Cc", "Cf", "Cs", "Co", "Cn"})
"""Unicode categories refused in a name or a line: control and format characters, lone
surrogates (which cannot even be written as JSON), private-use and unassigned ones.
Tabs and newlines are whitespace and are folded into spaces instead."""


_JOINERS = frozenset("\u200c\u200d")
"""The zero-width non-joiner and joiner: format characters, yet a part of text (emoji
sequences such as 👨‍👩‍👧, and words of Persian or Hindi) when they stand between two
characters, neither a space nor another joiner, not both ASCII."""
_FLAGS_OF_TAGS = ("gbeng", "gbsct", "gbwls")
"""The flags written with tag characters that Unicode recommends (RGI), and so that
phones and browsers draw: England's, Scotland's and Wales's. Any other tags after 🏴
are drawn as 🏴 alone, and would hide text (two names alike on the page, a line of talk
carrying words nobody sees)."""
_TAG_SEQUENCE = re.compile("\U0001F3F4(?:" + "|".join(
    "".join(chr(0xE0000 + ord(c)) for c in flag) for flag in _FLAGS_OF_TAGS) + ")\U000E007F")
"""A flag written with tag characters (🏴, the tags of one of :data:`_FLAGS_OF_TAGS`,
and the cancel tag): England's, Scotland's or Wales's."""
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
        around = text[index - 1:index + 2] if 0 < index < len(text) - 1 else ""
        if char in _JOINERS and around and not (around[0] + around[2]).isascii() and all(
                not c.isspace() and c not in _JOINERS
                and unicodedata.category(c) not in _REFUSED
                for c in (around[0], around[2])):
            continue  # (between two ASCII characters it joins nothing: "Be\u200dn")
        return True
    return False


def longest_raw(limit: int) -> int:
    """The longest text taken before it is cleaned, for text of at most ``limit``
    characters once cleaned (room for runs of spaces to fold, and for marks), however it
    comes: over HTTP or the WebSocket alike."""
    return 4 * limit + 256


def clean_text(value: object, *, what: str, limit: int) -> str:
    """``value`` as text a player may show to others: runs of whitespace folded into one
    space, trimmed; at most ``limit`` characters (``""`` for a blank one). Refused, with
    a :class:`TableError` naming ``what``, if it is not text or holds a control
    character or broken text."""
    if not isinstance(value, str):
        raise TableError(f"{what} must be text")
    if len(value) > longest_raw(limit):  # refused before the character-by-character check
        raise TableError(f"{what} may be at most {limit} characters long")
    if _refused(value):
        raise TableError(f"{what} may hold letters, digits, punctuation and spaces, not "
                         "control characters or broken text")
    if _stacked(value):
        raise TableError(f"{what} may put at most {MARKS_MAX} accents or other marks on one "
                         "letter")
    text = " ".join(value.split())
    if len(text) > limit:
        raise TableError(f"{what} may be at most {limit} characters long")
    return text


def _mark_runs(text: str) -> Iterator[int]:
    """For each character of ``text``, how many combining marks in a row end with it
    (0 for any other character)."""
    run = 0
    for char in text:
        run = run + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        yield run


def _stacked(text: str) -> bool:
    """Whether a letter of ``text`` carries more than :data:`MARKS_MAX` combining marks."""
    return any(run > MARKS_MAX for run in _mark_runs(text))


_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\U00016fe4\U0001d159")
"""Letters and symbols that show as nothing (the Hangul fillers, the blank Braille
pattern, the Khitan filler, the null notehead of musical symbols): in a name they make
it look blank, or like another player's."""

_INVISIBLE: dict[str, str | int | None] = {
    # the joiners, the combining grapheme joiner, Mongolian's variation selectors,
    # Khmer's invisible vowels, the variation selectors (an emoji's look, an ideograph's)
    **{c: None for c in "\u200c\u200d\u034f\u180b\u180c\u180d\u180f\u17b4\u17b5"},
    **{chr(c): None for c in range(0xFE00, 0xFE10)},
    **{chr(c): None for c in range(0xE0100, 0xE01F0)},
    **{c: None for c in _BLANK},
}
"""What shows as nothing on its own, left out where names are compared and where a name
or a line is checked for something to show (:func:`shows_nothing`)."""


_LEFT_OUT = str.maketrans(_INVISIBLE)


def shows_nothing(text: str) -> bool:
    """Whether ``text`` would show as blank: nothing in it but spaces and characters that
    show as nothing (:data:`_INVISIBLE`).

    >>> shows_nothing("\u3164"), shows_nothing("\U000e0100 "), shows_nothing("Ann\ufe0f")
    (True, True, False)
    """
    return not text.translate(_LEFT_OUT).strip()


_LOOKALIKES = str.maketrans({
    # Cyrillic and Greek letters that look like a Latin one, each case to its own
    **dict(zip("АВЕКМНОРСТУХІЈЅҺ", "ABEKMHOPCTYXIJSH", strict=True)),
    **dict(zip("аеорсухіјѕһӏԁ", "aeopcyxijshld", strict=True)),
    **dict(zip("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧ", "ABEZHIKMNOPTYX", strict=True)),
    **dict(zip("αικνοηυϲ", "aikvonuc", strict=True)),
    **_INVISIBLE,  # what shows as nothing
})
"""How a name is read when names are compared (:func:`name_keys`), before Unicode's own
table of look-alikes (:func:`_prototypes`), which lacks a few of these: Cyrillic and
Greek look-alikes as the Latin letter they pass for, and what shows as nothing left
out."""


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character of Unicode's table of characters that look alike (TR39's
    confusables, as :mod:`confusable_homoglyphs` holds them) to the one its whole group
    of look-alikes is read as: the ASCII letter where the group has one, else the ASCII
    character, else the lowest (``l``, ``1`` and ``|`` are read as ``I``; ``0`` as ``O``,
    so that ``B0b`` passes for ``Bob`` once case is ignored; Cherokee ``Ꭺ`` as ``A``).
    Made once, when names are first compared."""
    from confusable_homoglyphs.confusables import confusables_data

    parent: dict[str, str] = {}

    def root(char: str) -> str:
        while parent.get(char, char) != char:
            char = parent[char]
        return char

    for char, glyphs in confusables_data.items():
        for glyph in glyphs:
            other = glyph["c"].replace("\u200e", "")  # the marks around a right-to-left one
            if len(char) == 1 and len(other) == 1 and root(char) != root(other):
                parent[root(char)] = root(other)
    groups: dict[str, list[str]] = {}
    for char in parent.keys() | set(parent.values()):
        groups.setdefault(root(char), []).append(char)
    read_as: dict[str, str] = {}
    for group in groups.values():
        first = min(group, key=lambda c: (ord(c) >= 128, not c.isalpha(), ord(c)))
        read_as.update((char, first) for char in group if char != first)
    return read_as


def _skeleton(text: str) -> str:
    """``text`` with every character read as its group of look-alikes is
    (:func:`_prototypes`)."""
    read_as = _prototypes()
    return "".join(read_as.get(char, char) for char in text)

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
    try:
        text = clean_text(name, what="a name", limit=NAME_MAX)
    except TableError:
        if not carried or not isinstance(name, str):
            raise
        text = shown_name(name)  # taken before a rule refused it: kept as it shows
    if text and not carried:
        if any(char in _BLANK for char in text) or shows_nothing(text):
            raise TableError("a name may not hold characters that show as nothing")
        if same_name(text, _YOU):
            raise TableError(f"{text} is how the table names each player to themselves: "
                             "choose another name")
    return text or fallback


def name_keys(name: str) -> tuple[str, str]:
    """A name as two names are compared at a table (:func:`same_name`), after
    :func:`clean_text`: compatibility forms folded (``ａｎｎ``), what shows as nothing
    left out (``An\u034fn``), and every character read as the one its look-alikes are
    read as (a Cyrillic ``Аnn``, a Cherokee ``Ꭺnn``), with case ignored first, and
    then, for the second key, last (an uppercase ``I`` passes for a small ``l``, as in
    ``AIice``, which ignoring case first would lose)."""
    plain = unicodedata.normalize("NFKC", name).translate(_LOOKALIKES)
    return _skeleton(plain.casefold()), _skeleton(plain).casefold()


def same_name(one: str, other: str) -> bool:
    """Whether two names would pass for one at a table (either of their
    :func:`name_keys` alike).

    >>> [same_name("Alice", other) for other in ("ALICE", "AIice", "\u13aalice", "Alina")]
    [True, True, True, False]
    """
    mine, theirs = name_keys(one), name_keys(other)
    return mine[0] == theirs[0] or mine[1] == theirs[1]


def _taken(taken: Sequence[str | None]) -> Callable[[str], str | None]:
    """A test of a name against the names ``taken``: the one it would pass for, or
    ``None``."""
    keys = [(name_keys(other), other) for other in taken if other is not None]

    def passes_for(name: str) -> str | None:
        mine = name_keys(name)
        return next((other for (first, second), other in keys
                     if first == mine[0] or second == mine[1]), None)

    return passes_for


def shown_name(name: str) -> str:
    """A name from a record file (any text, as it was written) as the page may show it:
    control, format and broken characters left out, runs of whitespace folded, marks
    stacked past :data:`MARKS_MAX` left out, at most :data:`SHOWN_MAX` characters (cut
    with "…"); a name that is left blank is "?". A record's names are not a table's, so
    nothing is refused: a record is shown whole, whoever wrote its names.

    >>> shown_name("Ann\u202e\tLee"), shown_name("x" * 60)[-3:], shown_name("\\x00")
    ('Ann Lee', 'xx…', '?')
    """
    shown = "".join(char for char in name
                    if char.isspace() or unicodedata.category(char) not in _REFUSED)
    text = " ".join("".join(char for char, run in zip(shown, _mark_runs(shown), strict=True)
                            if run <= MARKS_MAX).split())
    if len(text) > SHOWN_MAX:
        text = text[:SHOWN_MAX - 1] + "…"
    return "?" if shows_nothing(text) else text


def free_name(name: str, taken: Sequence[str | None]) -> str:
    """``name``, or, when a name in ``taken`` is the same (:func:`same_name`), the first
    of ``name 2``, ``name 3``, ... that is free: for a name the player did not choose
    (a default one, or one carried over to a new game)."""
    passes_for = _taken(taken)
    made, number = name, 1
    while passes_for(made) is not None:
        number += 1
        made = _numbered(name, number)
    return made


def _numbered(name: str, number: int) -> str:
    """``name`` and ``number`` after a space, the name cut to make room where it is
    too long, and cut where what is left is one a player could choose
    (:func:`clean_text` takes it as it is): not inside an emoji sequence or a flag,
    and without a run of spaces, which the page shows as one (two names alike)."""
    room = NAME_MAX - 1 - len(str(number))
    for end in range(min(room, len(name)), 0, -1):
        made = f"{' '.join(name[:end].split())} {number}"
        try:
            if clean_text(made, what="a name", limit=NAME_MAX) == made:
                return made
        except TableError:
            continue
    return f"{' '.join(name[:room].split())} {number}"  # a name carried from before a rule


def default_name(index: int, taken: Sequence[str | None]) -> str:
    """The name of a player at seat ``index`` who gave none: ``Player 2`` for seat 1,
    or, if a player took that name, the next ``Player N`` that is free."""
    passes_for = _taken(taken)
    number = index + 1
    while passes_for(f"Player {number}") is not None:
        number = max(number + 1, 4)
    return f"Player {number}"


def check_free(name: str, taken: Sequence[str | None], status: int) -> None:
    """Refuse (a :class:`TableError` with ``status``) a name the same as one in
    ``taken`` (:func:`same_name`), saying whose it is."""
    other = _taken(taken)(name)
    if other is not None:
        raise TableError(f"{other} is already at this table: choose another name", status)
