"""Game records (``cutthroat-record/1``, RECORD.md): read, write and replay.

A record is the one portable form of a game. :func:`replay` applies every action of a
record with the full rules and returns the :class:`~cutthroat.Game`; it raises
:class:`RecordError` naming the first thing wrong, read from the top. :func:`report`
gives the exact object ``cutthroat replay FILE --json`` prints.

>>> from cutthroat import Game
>>> game = Game(seed=3)
>>> _ = game.deal()
>>> _ = game.push("pass")
>>> record = to_record(game)
>>> record["hands"][0]["actions"]
['1 pass']
>>> to_record(replay(record)) == record
True
"""

from __future__ import annotations

import codecs
import errno
import json
import os
import random
from collections.abc import Mapping
from pathlib import Path
from types import NoneType
from typing import Any, ClassVar

from .actions import Move
from .deal import Deal
from .errors import (
    QUOTED_MAX,
    ActionParseError,
    CutthroatError,
    DealError,
    GameOverError,
    IllegalActionError,
    quoted,
)
from .game import Game, require_game
from .rules import Rules, RulesError
from .state import Hand

__all__ = ["FORMAT", "RecordError", "decode", "dumps", "load", "loads", "replay", "report",
           "save", "summary", "to_record"]

FORMAT = "cutthroat-record/1"
"""The value of a record's ``format`` field."""

_TOP_KEYS = {"format", "rules", "players", "hands"}
_HAND_KEYS = {"dealer", "deal", "actions"}


class RecordError(CutthroatError, ValueError):
    """The first thing wrong in a record, located as RECORD.md says.

    Attributes:
        hand: the 0-based index of the hand, or ``None`` for the record as a whole.
        action: the 0-based index of the action in that hand, or ``None``.
        text: the offending action's text (when ``action`` is not ``None``).
        reason: a sentence a person can act on.
    """

    def __init__(self, reason: str, *, hand: int | None = None, action: int | None = None,
                 text: str | None = None) -> None:
        where = ""
        if hand is not None:
            where = f"hand {hand}" + ("" if action is None else f", action {action}")
            where += ": "
        super().__init__(where + reason)
        self.hand = hand
        self.action = action
        self.text = text
        self.reason = reason

    SHOWN_MAX: ClassVar[int] = 60
    """The most characters of an action's text that :meth:`for_people` repeats (the
    ``--json`` error carries it whole)."""

    def for_people(self) -> str:
        """The fault as a person reads it: the hand and its action counted from 1, as an
        account of the game numbers its hands ("Hand 3"), with the action's text (as a
        JSON string where it holds a control character, so that it stays one line):
        ``hand 1, action 9 (2 play 9S): seat 2 must follow hearts``. ``str()`` gives the
        0-based indices of :attr:`hand` and :attr:`action`, as ``--json`` does.

        >>> RecordError("seat 2 must follow hearts", hand=0, action=8,
        ...             text="2 play 9S").for_people()
        'hand 1, action 9 (2 play 9S): seat 2 must follow hearts'

        A long text is cut short (the first :attr:`SHOWN_MAX` characters):

        >>> print(RecordError("pass takes no arguments", hand=0, action=0,
        ...                   text="0 pass " + "x" * 5000).for_people())
        ... # doctest: +NORMALIZE_WHITESPACE
        hand 1, action 1 (0 pass xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...
        (5,007 characters)): pass takes no arguments
        """
        if self.hand is None:
            return self.reason
        where = f"hand {self.hand + 1}"
        if self.action is not None:
            text = self.text or ""
            cut = text[:self.SHOWN_MAX]  # a pasted page is said in one readable line
            shown = cut if cut.isprintable() else json.dumps(cut, ensure_ascii=False)
            if len(text) > self.SHOWN_MAX:
                shown += f"... ({len(text):,} characters)"
            where += f", action {self.action + 1} ({shown})"
        return f"{where}: {self.reason}"

    def to_json(self) -> dict[str, Any]:
        """The ``error`` object of ``cutthroat replay --json``."""
        error: dict[str, Any] = {"hand": self.hand, "action": self.action}
        if self.action is not None:
            error["text"] = self.text
        error["reason"] = self.reason
        return {"error": error}


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def loads(text: str | bytes | bytearray | os.PathLike[str]) -> Any:
    """Parse strict JSON (no ``NaN``/``Infinity``), raising :class:`RecordError`.

    A ``str`` (or ``bytes``) is the JSON text itself; a path (``pathlib.Path``, any
    ``os.PathLike``) is a file, read as UTF-8 text. One leading byte-order mark is
    passed over, as Notepad writes it. A file that cannot be read raises its ``OSError``.
    """
    if isinstance(text, os.PathLike):
        text = _read(text)
    elif isinstance(text, bytes | bytearray):
        text = decode(bytes(text))
    elif isinstance(text, str):
        text = text.removeprefix("\ufeff")  # a file read without utf-8-sig
    else:
        raise TypeError(f"a record is read from its JSON text (str or bytes) or a file's "
                        f"path (pathlib.Path), not {type(text).__name__}")
    try:
        return json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        trouble = _json_trouble(exc)
        if _looks_like_a_path(text):
            trouble += (f" (a str is the record's JSON text; to read the file "
                        f"{quoted(text.strip())}, pass pathlib.Path({text.strip()!r}), or "
                        f"record.load({text.strip()!r}) for its game)")
        raise RecordError(trouble) from None
    except RecursionError:  # valid JSON, maybe, but past the reader's depth
        raise RecordError("the record cannot be read: its lists or objects are nested too "
                          "deeply") from None
    except ValueError as exc:
        if "integer string conversion" in str(exc):  # Python's limit on digits, 4,300
            raise RecordError("the record cannot be read: it holds a number of "
                              "thousands of digits") from None
        raise RecordError(f"the record is not valid JSON ({exc})") from None


def _read(path: os.PathLike[str]) -> str:
    """A record file's text: UTF-8, strictly, less a leading byte-order mark (as
    Notepad saves), as ``cutthroat replay FILE`` reads it."""
    return decode(Path(path).read_bytes())


def decode(data: bytes) -> str:
    """A record's bytes as text, as ``cutthroat replay`` reads a file: UTF-8, strictly,
    less a leading byte-order mark (as Notepad saves). JSON in UTF-16 or UTF-32, which
    ``json.loads`` would read from bytes, is a :class:`RecordError` (RECORD.md: a record
    is UTF-8)."""
    try:
        text = data.removeprefix(codecs.BOM_UTF8).decode("utf-8")
    except UnicodeDecodeError:
        text = "\0"
    if "\0" in text:  # no JSON holds a NUL; UTF-16 and UTF-32 hold one in every ASCII letter
        raise RecordError("the record is not valid JSON: it is not UTF-8 text")
    return text


def _looks_like_a_path(text: str) -> bool:
    """Whether a ``str`` given as a record's JSON text is more likely a file's name."""
    one_line = text.strip()
    return ("\n" not in one_line and not one_line.startswith(("{", "[", '"'))
            and (one_line.lower().endswith(".json") or os.path.exists(one_line)))


def _json_trouble(exc: json.JSONDecodeError) -> str:
    """What is wrong with a record's JSON, in words: an empty text, one cut off (the
    parser stopped at its end), or the line and column of the first bad character."""
    doc = exc.doc
    if not doc.strip():
        return "the record is not valid JSON: it is empty"
    at_end = not doc[exc.pos:].strip()  # the parser stopped at the end of the text
    if at_end or exc.msg.startswith("Unterminated string"):
        line = exc.lineno if at_end else doc.count("\n", 0, len(doc.rstrip())) + 1
        return f"the record ends early at line {line} (cut off?)"
    if exc.msg.startswith("Unexpected UTF-8 BOM"):  # Python's advice: "use utf-8-sig"
        return "the record is not valid JSON: it begins with a second byte-order mark"
    what = exc.msg[:1].lower() + exc.msg[1:]
    if what == "invalid control character at":  # a tab or line break inside a string
        what = r"a control character inside a string (a tab or a line break is \t or \n)"
    return f"the record is not valid JSON at line {exc.lineno}, column {exc.colno}: {what}"


def _header(record: object) -> tuple[Rules, tuple[str, str, str] | None, list[Any]]:
    if not isinstance(record, Mapping):
        raise RecordError("the record must be a JSON object")
    unknown = sorted(set(record) - _TOP_KEYS, key=str)  # a dict's key may be no text
    if unknown:
        raise RecordError(f"unknown record field {unknown[0]!r}")
    if record.get("format") != FORMAT:
        if "format" not in record:
            raise RecordError(f"the record has no format (it must be {FORMAT!r})")
        raise RecordError(f"format must be {FORMAT!r}, not {record['format']!r}")
    # An optional field may be left out; null is not a way to leave it out (RECORD.md:
    # a value of the wrong type is an error).
    if "rules" in record and record["rules"] is None:
        raise RecordError("bad rules: rules must be a preset name or an object, not null")
    try:
        rules = Rules.from_json(record.get("rules"))
    except RulesError as exc:
        raise RecordError(f"bad rules: {exc}") from None
    players = record.get("players")
    if ("players" in record and players is None) or (players is not None and (
        not isinstance(players, list) or len(players) != 3
        or not all(isinstance(p, str) for p in players)
    )):
        raise RecordError("players must be a list of three names")
    hands = record.get("hands", [])
    if not isinstance(hands, list):
        raise RecordError("hands must be a list")
    names = None if players is None else (players[0], players[1], players[2])
    return rules, names, hands


def replay(record: object, *, seed: int | None = None,
           rng: random.Random | None = None) -> Game:
    """Replay a record into a :class:`Game`: parsed JSON (a dict), its text (a
    ``str`` is JSON text, never a file name), or a file given as a path
    (``pathlib.Path``, any ``os.PathLike``; read as UTF-8, see :func:`loads`).

    A record holds the hands dealt, not the random source that dealt them: the game's
    next hands, dealt on from here, are drawn from ``seed`` or ``rng`` (as
    :class:`Game` takes them; ``seed=None`` means 0, so every replayed game deals the
    same next hand unless given one). A record with no hands is a game's start: its
    first dealer, which a record holds only in its first hand, is drawn from them too
    (R4), so that it is the game ``Game(seed=seed)`` starts.

    Raises :class:`RecordError` for the first thing wrong, read from the top (a file
    that cannot be read, its ``OSError``), and a ``TypeError`` saying what to pass for
    something that is no record at all (an open file, a :class:`Game`).
    """
    if isinstance(record, str | bytes | bytearray | os.PathLike):
        record = loads(record)
    elif not isinstance(record, Mapping | list | int | float | NoneType):  # no JSON value
        raise TypeError(_not_a_record(record))
    rules, players, hands = _header(record)
    game: Game | None = None
    for index, entry in enumerate(hands):
        if not isinstance(entry, Mapping):
            raise RecordError("a hand must be an object with dealer, deal and actions",
                              hand=index)
        unknown = sorted(set(entry) - _HAND_KEYS, key=str)
        if unknown:
            raise RecordError(f"unknown hand field {unknown[0]!r}", hand=index)
        dealer = entry.get("dealer")
        if type(dealer) is not int or dealer not in (0, 1, 2):
            shown = "none is given" if "dealer" not in entry else (
                f"not {json.dumps(dealer)[:QUOTED_MAX]}")
            raise RecordError(f"dealer must be 0, 1 or 2: {shown}", hand=index)
        if game is None:
            game = Game(rules, players=players, first_dealer=dealer, seed=seed, rng=rng)
        elif game.is_over:
            raise RecordError("the game was already over before this hand", hand=index)
        elif game.hand is not None and not game.hand.is_over:
            # Said without its number: the reason is read with hand counted from 0
            # (--json) and from 1 (replay's line) alike.
            raise RecordError("the hand before this one is unfinished: no hand may "
                              "follow it", hand=index)
        elif dealer != game.next_dealer:
            raise RecordError(
                f"the dealer must be seat {game.next_dealer} (the deal passes to the left), "
                f"not seat {dealer}", hand=index)
        if "deal" not in entry:
            raise RecordError("the hand has no deal", hand=index)
        try:
            hand = game.deal(Deal.from_json(entry["deal"], rules))
        except DealError as exc:
            raise RecordError(f"bad deal: {exc}", hand=index) from None
        actions = entry.get("actions", [])
        if not isinstance(actions, list):
            raise RecordError("actions must be a list", hand=index)
        for number, text in enumerate(actions):
            _apply(hand, index, number, text)
    if game is None:  # no hand: the first dealer is drawn, as a new game's is (R4)
        game = Game(rules, players=players, seed=seed, rng=rng)
    return game


def _apply(hand: Hand, index: int, number: int, text: object) -> None:
    if not isinstance(text, str):
        raise RecordError("an action must be a string like \"2 play JH\"", hand=index,
                          action=number, text=json.dumps(text))
    try:
        move = Move.parse(text)
        if hand.is_over:
            raise GameOverError("the hand is already over")
        hand.push(move)
    except (ActionParseError, IllegalActionError, GameOverError) as exc:
        raise RecordError(str(exc), hand=index, action=number, text=text) from None


def to_record(game: Game) -> dict[str, Any]:
    """The record of a game (RECORD.md), ready for ``json.dump``."""
    require_game(game, "a record is made of a Game")
    record: dict[str, Any] = {"format": FORMAT, "rules": game.rules.to_json()}
    if game.players != ("Seat 0", "Seat 1", "Seat 2"):
        record["players"] = list(game.players)
    record["hands"] = [
        {
            "dealer": hand.dealer,
            "deal": hand.dealt.to_json(),
            "actions": [str(move) for move in hand.moves],
        }
        for hand in game.hands
    ]
    return record


def dumps(game: Game, *, indent: int | None = 1) -> str:
    """The record of a game as JSON text."""
    return json.dumps(to_record(game), indent=indent)


def _not_a_record(thing: object) -> str:
    """What to pass to :func:`replay` instead of ``thing``, which is no record at all."""
    said = (f"replay takes a record (a dict, its JSON text or a pathlib.Path), not "
            f"{type(thing).__name__}")
    if isinstance(thing, Game):
        return f"{said}: a Game needs no replaying (game.copy() copies it)"
    if hasattr(thing, "read"):
        return f"{said}: pass the file's path (record.load(path)) or its text (f.read())"
    return said


def load(path: str | os.PathLike[str], *, seed: int | None = None,
         rng: random.Random | None = None) -> Game:
    """The game of the record file at ``path`` (a ``str`` is a file name here, as in
    :func:`save`): :func:`replay` of it, with ``seed`` or ``rng`` for the hands dealt
    on from there. Raises :class:`RecordError` for a record that is wrong, and the
    ``OSError`` of a file that cannot be read.

    >>> import tempfile, pathlib
    >>> from cutthroat import Game
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "game.json"
    >>> game = Game(seed=3); _ = game.deal(); _ = game.hand.push("pass")
    >>> save(path, game)
    >>> load(path).hand.moves == game.hand.moves
    True
    """
    if isinstance(path, Game):
        raise TypeError("load takes a file's path; to write a game, save(path, game)")
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"load takes a file's path (str or pathlib.Path), not "
                        f"{type(path).__name__}")
    return replay(Path(path), seed=seed, rng=rng)


def save(path: str | os.PathLike[str], game: Game) -> None:
    """Write the game's record to ``path``, over what is there, through a new file
    renamed over it: a crash mid-write never leaves half a record (as a game saved
    after every move needs). Raises ``OSError`` when it cannot be written (a missing
    folder: ``FileNotFoundError`` naming the folder). The path comes first, as in
    ``open``: ``save("game.json", game)``."""
    if isinstance(path, Game):
        raise TypeError("save takes the path first, then the game: save(path, game)")
    path = Path(path)
    if not path.parent.is_dir():  # else the error would name the temporary file
        raise FileNotFoundError(errno.ENOENT, os.strerror(errno.ENOENT), str(path.parent))
    temporary = path.with_name(path.name + ".tmp")
    temporary.write_text(dumps(game) + "\n", encoding="utf-8")
    os.replace(temporary, path)


def _hand_summary(hand: Hand) -> dict[str, Any]:
    if hand.result is not None:
        return hand.result.to_json()
    out: dict[str, Any] = {"dealer": hand.dealer}
    if hand.maker is not None and hand.trump is not None:
        out["maker"] = hand.maker
        out["trump"] = str(hand.trump)
    return out


def summary(game: Game) -> dict[str, Any]:
    """The object ``cutthroat replay --json`` prints for a legal record (RECORD.md)."""
    require_game(game, "a record is made of a Game")
    outcome = game.outcome
    hand = game.hand
    nxt = None
    if hand is not None and not hand.is_over and not outcome.over:
        nxt = {"seat": hand.to_act, "legal": [str(a) for a in hand.legal_actions()]}
    return {
        "hands": [_hand_summary(h) for h in game.hands],
        "scores": list(outcome.scores),
        "over": outcome.over,
        "winners": list(outcome.winners),
        "next": nxt,
    }


def report(record: object) -> tuple[int, dict[str, Any]]:
    """``(exit status, object)`` of ``cutthroat replay --json`` for a record (its text,
    parsed JSON, or a file's path, as :func:`replay` takes it): ``(0, summary)`` if
    legal, else ``(1, {"error": ...})``."""
    try:
        game = replay(record)
    except RecordError as exc:
        return 1, exc.to_json()
    return 0, summary(game)
