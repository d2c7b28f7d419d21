"""The command line from the outside: the RECORD.md contract of ``cutthroat replay``.

Every test here runs ``python -m cutthroat.cli`` as a subprocess and reads only its exit
status, standard output and standard error, as another program would. The worked
examples of ``shared/examples`` are replayed byte for byte; the error cases are built by
mutating copies of them; ``selfplay`` and ``watch`` must write records that replay.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from cli_helpers import cutthroat
from cutthroat import record as rec
from cutthroat.session import program

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
"""The worked examples of RECORD.md (``NAME.json`` and ``NAME.expected.json``)."""

MISSING = "<shared/examples is missing>"
EXAMPLE_NAMES = sorted(
    p.name.removesuffix(".json")
    for p in EXAMPLES.glob("*.json")
    if not p.name.endswith(".expected.json")
) or [MISSING]  # an empty folder must fail, never skip

FULL = "01-standard-full-game"
JOKER = "05-joker-turned-up"
NO_DUMMY = "06-no-dummy-32-cards"
IN_PROGRESS = "07-in-progress"
SHARED_WIN = "08-shared-win"
RENEGE = "09-renege-refused"

Record = Any
"""A record as parsed JSON, or raw bytes to feed as-is."""


# --- running the command ---------------------------------------------------------------


def _no_constants(name: str) -> Any:
    raise AssertionError(f"{name} in the output: not JSON")


def one_json_object(stdout: bytes) -> dict[str, Any]:
    """The one JSON object that is the whole of ``stdout`` (nothing before or after)."""
    text = stdout.decode("utf-8")
    obj = json.loads(text, parse_constant=_no_constants)  # rejects any extra data
    assert isinstance(obj, dict), f"stdout is not a JSON object: {text!r}"
    return obj


def as_bytes(record: Record) -> bytes:
    """The bytes of a record: raw bytes unchanged, anything else as JSON."""
    if isinstance(record, bytes):
        return record
    return json.dumps(record).encode("utf-8")


class Replayer:
    """Runs ``cutthroat replay FILE --json`` on records written to a temporary folder."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.count = itertools.count()

    def __call__(self, record: Record, *, stdin: bool = False) -> tuple[int, dict[str, Any]]:
        """Replay ``record`` (from a file, or standard input) and check the contract's
        invariants: stdout is one JSON object, and the status is 1 iff it is an error."""
        data = as_bytes(record)
        if stdin:
            done = cutthroat("replay", "-", "--json", stdin=data)
        else:
            path = self.folder / f"record-{next(self.count)}.json"
            path.write_bytes(data)
            done = cutthroat("replay", path, "--json")
        obj = one_json_object(done.stdout)
        assert done.returncode == (1 if "error" in obj else 0), (done.returncode, obj)
        return done.returncode, obj


@pytest.fixture
def replay(tmp_path: Path) -> Replayer:
    """A :class:`Replayer` writing its records under ``tmp_path``."""
    return Replayer(tmp_path)


# --- the examples and comparing results --------------------------------------------------


@functools.cache
def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


def example(name: str) -> dict[str, Any]:
    """A fresh copy of the example record ``NAME.json``."""
    assert EXAMPLES.is_dir(), f"{EXAMPLES} is missing"
    return copy.deepcopy(_load(EXAMPLES / f"{name}.json"))


def expected(name: str) -> dict[str, Any]:
    """A fresh copy of the example's expected output ``NAME.expected.json``."""
    assert EXAMPLES.is_dir(), f"{EXAMPLES} is missing"
    return copy.deepcopy(_load(EXAMPLES / f"{name}.expected.json"))


def strict(value: Any) -> str:
    """A canonical JSON text, so that ``true`` differs from ``1`` and ``1.0`` from ``1``."""
    return json.dumps(value, sort_keys=True)


def normal_action(text: str) -> str:
    """An action's text with a ``keep``'s five cards in a fixed order."""
    verb, *args = text.split()
    return " ".join([verb, *(sorted(args) if verb == "keep" else args)])


def assert_same_result(actual: dict[str, Any], want: dict[str, Any]) -> None:
    """RECORD.md's comparison: exact keys and values, ``legal`` as a set (each action
    once, a ``keep``'s cards in any order), an error's ``reason`` worded freely."""
    assert set(actual) == set(want)
    if "error" in want:
        got, exp = actual["error"], want["error"]
        assert set(got) == set(exp)
        assert isinstance(got["reason"], str) and got["reason"].strip()
        assert strict({k: v for k, v in got.items() if k != "reason"}) == strict(
            {k: v for k, v in exp.items() if k != "reason"})
        return
    for key in ("hands", "scores", "over", "winners"):
        assert strict(actual[key]) == strict(want[key]), key
    nxt, exp_next = actual["next"], want["next"]
    if exp_next is None:
        assert nxt is None
        return
    assert isinstance(nxt, dict) and set(nxt) == {"seat", "legal"} == set(exp_next)
    assert strict(nxt["seat"]) == strict(exp_next["seat"])
    assert all(isinstance(t, str) for t in nxt["legal"])
    legal = [normal_action(t) for t in nxt["legal"]]
    assert len(legal) == len(set(legal)), "an action is listed twice"
    assert set(legal) == {normal_action(t) for t in exp_next["legal"]}


def error(hand: int | None, action: int | None = None, text: str | None = None,
          ) -> dict[str, Any]:
    """The expected error object (its ``reason`` is not compared)."""
    err: dict[str, Any] = {"hand": hand, "action": action}
    if action is not None:
        err["text"] = text
    err["reason"] = "any"
    return {"error": err}


def result(hands: list[dict[str, Any]], nxt: dict[str, Any] | None,
           scores: tuple[int, int, int] = (0, 0, 0)) -> dict[str, Any]:
    """The expected result of a legal record whose game is not over."""
    return {"hands": hands, "scores": list(scores), "over": False, "winners": [], "next": nxt}


# --- every worked example ----------------------------------------------------------------


def test_examples_folder_is_complete() -> None:
    """The examples folder exists and pairs every record with its expected output."""
    assert EXAMPLES.is_dir(), f"{EXAMPLES} is missing"
    records = {p.name.removesuffix(".json") for p in EXAMPLES.glob("*.json")
               if not p.name.endswith(".expected.json")}
    outputs = {p.name.removesuffix(".expected.json") for p in EXAMPLES.glob("*.expected.json")}
    assert records == outputs
    assert {FULL, JOKER, NO_DUMMY, IN_PROGRESS, SHARED_WIN, RENEGE} <= records


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_replays_as_expected(replay: Replayer, name: str) -> None:
    """``replay NAME.json --json`` prints NAME.expected.json, with the right status."""
    assert name != MISSING, f"no examples in {EXAMPLES}"
    data = (EXAMPLES / f"{name}.json").read_bytes()
    status, obj = replay(data)
    want = expected(name)
    assert status == (1 if "error" in want else 0)
    assert_same_result(obj, want)


@pytest.mark.parametrize("name", [FULL, IN_PROGRESS, RENEGE])
def test_example_from_stdin(replay: Replayer, name: str) -> None:
    """``replay - --json`` reads the record from standard input."""
    status, obj = replay((EXAMPLES / f"{name}.json").read_bytes(), stdin=True)
    want = expected(name)
    assert status == (1 if "error" in want else 0)
    assert_same_result(obj, want)


@pytest.mark.parametrize("name", EXAMPLE_NAMES)
def test_example_report(name: str) -> None:
    """In-process, :func:`cutthroat.record.report` gives the same status and object."""
    assert name != MISSING, f"no examples in {EXAMPLES}"
    status, obj = rec.report((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))
    want = expected(name)
    assert status == (1 if "error" in want else 0)
    assert_same_result(obj, want)


def test_output_is_one_line() -> None:
    """The project prints the object on one line, then a newline, and nothing else."""
    done = cutthroat("replay", EXAMPLES / f"{FULL}.json", "--json")
    assert done.returncode == 0
    assert done.stdout.endswith(b"\n") and done.stdout.count(b"\n") == 1
    done = cutthroat("replay", EXAMPLES / f"{RENEGE}.json", "--json")
    assert done.returncode == 1
    assert done.stdout.endswith(b"\n") and done.stdout.count(b"\n") == 1


# --- illegal records ---------------------------------------------------------------------

Change = Callable[[dict[str, Any]], None]


def put(*path: Any, value: Any) -> Change:
    """A change setting ``record[path...] = value``."""
    def change(record: dict[str, Any]) -> None:
        target: Any = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def drop(*path: Any) -> Change:
    """A change deleting ``record[path...]``."""
    def change(record: dict[str, Any]) -> None:
        target: Any = record
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


def edit(*path: Any, fn: Callable[[Any], Any]) -> Change:
    """A change replacing ``record[path...]`` by ``fn(old value)``."""
    def change(record: dict[str, Any]) -> None:
        target: Any = record
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = fn(target[path[-1]])
    return change


def mutated(name: str, *changes: Change) -> Callable[[], dict[str, Any]]:
    """A builder of the example ``name`` with ``changes`` applied in order."""
    def build() -> dict[str, Any]:
        record = example(name)
        for change in changes:
            change(record)
        return record
    return build


def raw(data: bytes) -> Callable[[], bytes]:
    """A builder of raw bytes."""
    return lambda: data


def _swap_first_cards(deal: dict[str, Any]) -> dict[str, Any]:
    deal["0"][0] = deal["1"][0]  # repeated, and the old card of seat 0 is missing
    return deal


def _move_kitty_to_dummy(deal: dict[str, Any]) -> dict[str, Any]:
    deal["dummy"], deal["kitty"] = deal["kitty"][1:6], deal["kitty"][:1] + deal["kitty"][6:]
    return deal


def _with_last_hand_again(hands: list[Any]) -> list[Any]:
    return [*hands, copy.deepcopy(hands[2])]  # hands[2] has dealer 2, the next dealer


def _truncated(data: bytes) -> bytes:
    return data[: len(data) // 2]


RULES_ERRORS: list[tuple[str, Any]] = [
    ("unknown-field", {"preset": "standard", "jokers": 2}),
    ("unknown-preset-name", "nonesuch"),
    ("unknown-preset", {"preset": "nonesuch"}),
    ("preset-not-string", {"preset": 24}),
    ("deck-float", {"deck": 24.0}),
    ("deck-string", {"deck": "24"}),
    ("deck-size", {"deck": 23}),
    ("deck-bool", {"deck": True}),
    ("dummy-int", {"dummy": 1}),
    ("stick-int", {"stick_the_dealer": 0}),
    ("must-pick-up-string", {"dealer_must_pick_up": "true"}),
    ("target-negative", {"target": -1}),
    ("target-zero", {"target": 0}),
    ("target-float", {"target": 10.0}),
    ("march-bool", {"march_points": True}),
    ("alone-march-zero", {"maker_alone_march": 0}),
    ("tie-unknown", {"tie": "draw"}),
    ("rules-list", ["standard"]),
    ("rules-number", 24),
    ("null", None),  # optional means the key may be left out, not that it may be null
]

PLAYERS_ERRORS: list[tuple[str, Any]] = [
    ("two-names", ["Ann", "Ben"]),
    ("four-names", ["Ann", "Ben", "Cal", "Dee"]),
    ("numbers", [1, 2, 3]),
    ("a-null", ["Ann", None, "Cal"]),
    ("a-string", "Ann Ben Cal"),
    ("an-object", {"0": "Ann", "1": "Ben", "2": "Cal"}),
    ("null", None),
]

ERROR_CASES: list[tuple[str, Callable[[], Record], int | None, int | None, str | None]] = [
    # the record as a whole: hand and action null
    ("empty", raw(b""), None, None, None),
    ("not-json", raw(b"{format: cutthroat-record/1}"), None, None, None),
    ("truncated", lambda: _truncated((EXAMPLES / f"{FULL}.json").read_bytes()),
     None, None, None),
    ("two-objects", raw(b'{"format": "cutthroat-record/1"} {}'), None, None, None),
    ("nan", raw(b'{"format": "cutthroat-record/1", "rules": {"target": NaN}}'),
     None, None, None),
    ("infinity", raw(b'{"format": "cutthroat-record/1", "rules": {"target": Infinity}}'),
     None, None, None),
    ("nan-in-a-hand", raw(b'{"format": "cutthroat-record/1", "hands": [{"dealer": NaN}]}'),
     None, None, None),
    ("list", raw(b'[{"format": "cutthroat-record/1"}]'), None, None, None),
    ("string", raw(b'"cutthroat-record/1"'), None, None, None),
    ("number", raw(b"42"), None, None, None),
    ("null", raw(b"null"), None, None, None),
    ("format-missing", mutated(FULL, drop("format")), None, None, None),
    ("format-version", mutated(FULL, put("format", value="cutthroat-record/2")),
     None, None, None),
    ("format-case", mutated(FULL, put("format", value="Cutthroat-Record/1")), None, None, None),
    ("format-number", mutated(FULL, put("format", value=1)), None, None, None),
    *[(f"rules-{name}", mutated(FULL, put("rules", value=value)), None, None, None)
      for name, value in RULES_ERRORS],
    *[(f"players-{name}", mutated(FULL, put("players", value=value)), None, None, None)
      for name, value in PLAYERS_ERRORS],
    # a hand's header or deal: that hand, action null
    *[(f"dealer-{value!r}", mutated(FULL, put("hands", 2, "dealer", value=value)), 2, None, None)
      for value in (0, 1, 3, -1, "2", True, 2.0, None)],
    ("dealer-missing", mutated(FULL, drop("hands", 2, "dealer")), 2, None, None),
    ("card-missing", mutated(FULL, edit("hands", 2, "deal", "0", fn=lambda c: c[1:])),
     2, None, None),
    ("card-missing-from-kitty",
     mutated(FULL, edit("hands", 2, "deal", "kitty", fn=lambda c: c[:-1])), 2, None, None),
    ("card-repeated", mutated(FULL, edit("hands", 2, "deal", fn=_swap_first_cards)),
     2, None, None),
    ("card-outside-deck", mutated(FULL, put("hands", 2, "deal", "0", 0, value="7C")),
     2, None, None),
    ("joker-outside-deck", mutated(FULL, put("hands", 2, "deal", "0", 0, value="JO")),
     2, None, None),
    ("card-unreadable", mutated(FULL, put("hands", 2, "deal", "0", 0, value="ZZ")),
     2, None, None),
    ("card-not-string", mutated(FULL, put("hands", 2, "deal", "0", 0, value=9)), 2, None, None),
    ("kitty-too-big",
     mutated(FULL, edit("hands", 2, "deal", fn=lambda d: {
         **d, "0": d["0"][:4], "kitty": [*d["kitty"], d["0"][4]]})), 2, None, None),
    ("kitty-missing", mutated(FULL, drop("hands", 2, "deal", "kitty")), 2, None, None),
    ("dummy-missing", mutated(FULL, drop("hands", 2, "deal", "dummy")), 2, None, None),
    ("dummy-with-dummy-false",
     mutated(NO_DUMMY, edit("hands", 2, "deal", fn=_move_kitty_to_dummy)), 2, None, None),
    ("dummy-with-dummy-false-kitty-intact",
     mutated(NO_DUMMY, put("hands", 2, "deal", "dummy", value=["AC", "KC", "QC", "JC", "TC"])),
     2, None, None),
    ("deal-missing", mutated(FULL, drop("hands", 2, "deal")), 2, None, None),
    ("deal-list", mutated(FULL, put("hands", 2, "deal", value=[])), 2, None, None),
    ("hand-after-unfinished",
     mutated(FULL, edit("hands", 3, "actions", fn=lambda a: a[:-1])), 4, None, None),
    ("hand-after-game-over", mutated(FULL, edit("hands", fn=_with_last_hand_again)),
     8, None, None),
    ("hand-after-shared-win", mutated(SHARED_WIN, edit("hands", fn=_with_last_hand_again)),
     13, None, None),
    # an action: that hand and that action, with its text
    ("unknown-verb", mutated(FULL, put("hands", 1, "actions", 3, value="2 fly JH")),
     1, 3, "2 fly JH"),
    ("seat-9", mutated(FULL, put("hands", 1, "actions", 3, value="9 pass")), 1, 3, "9 pass"),
    ("no-seat", mutated(FULL, put("hands", 1, "actions", 3, value="call C")), 1, 3, "call C"),
    ("empty-action", mutated(FULL, put("hands", 1, "actions", 3, value="")), 1, 3, ""),
    ("bad-card", mutated(FULL, put("hands", 0, "actions", 7, value="1 play XX")),
     0, 7, "1 play XX"),
    ("keep-four", mutated(FULL, put("hands", 0, "actions", 4, value="2 keep 9S JH JS QD")),
     0, 4, "2 keep 9S JH JS QD"),
    ("action-number", mutated(FULL, put("hands", 1, "actions", 3, value=42)), 1, 3, "42"),
    ("action-null", mutated(FULL, put("hands", 1, "actions", 3, value=None)), 1, 3, "null"),
    ("out-of-turn-bid", mutated(FULL, put("hands", 0, "actions", 0, value="2 pass")),
     0, 0, "2 pass"),
    ("out-of-turn-play", mutated(FULL, put("hands", 0, "actions", 8, value="0 play 9H")),
     0, 8, "0 play 9H"),
    ("illegal-call-in-round-one",
     mutated(FULL, put("hands", 0, "actions", 1, value="2 call S")), 0, 1, "2 call S"),
    ("illegal-card-not-held", mutated(FULL, put("hands", 0, "actions", 7, value="1 play QS")),
     0, 7, "1 play QS"),
    ("illegal-keep-not-held",
     mutated(FULL, put("hands", 0, "actions", 4, value="2 keep 9S JH JS QD AS")),
     0, 4, "2 keep 9S JH JS QD AS"),
    ("after-hand-over", mutated(FULL, edit("hands", 0, "actions", fn=lambda a: [*a, "0 pass"])),
     0, 22, "0 pass"),
    ("after-thrown-in", mutated(FULL, edit("hands", 6, "actions", fn=lambda a: [*a, "1 pass"])),
     6, 6, "1 pass"),
    ("after-game-over",
     mutated(FULL, edit("hands", 7, "actions", fn=lambda a: [*a, "2 play AD"])),
     7, 22, "2 play AD"),
    # the first thing wrong, reading from the top
    ("players-before-hands",
     mutated(FULL, put("players", value=["Ann"]), put("hands", 0, "actions", 0, value="x")),
     None, None, None),
    ("hand-0-before-hand-1",
     mutated(FULL, put("hands", 1, "dealer", value=0),
             put("hands", 0, "actions", 9, value="0 play AS")),
     0, 9, "0 play AS"),
    ("earlier-action-first",
     mutated(FULL, put("hands", 0, "actions", 5, value="0 fly"),
             put("hands", 0, "actions", 9, value="0 play AS")),
     0, 5, "0 fly"),
    ("deal-before-actions",
     mutated(FULL, put("hands", 2, "deal", "0", 0, value="ZZ"),
             put("hands", 2, "actions", 0, value="2 fly")),
     2, None, None),
]


SUBPROCESS = {
    "empty", "not-json", "truncated", "nan", "list", "number", "format-missing",
    "format-version", "rules-unknown-field", "rules-unknown-preset", "rules-deck-float",
    "rules-deck-string", "rules-dummy-int", "rules-target-negative", "rules-tie-unknown",
    "players-two-names", "players-numbers", "players-null", "rules-null", "dealer-0",
    "dealer-3", "dealer-'2'",
    "dealer-True", "card-missing", "card-repeated", "card-outside-deck", "kitty-too-big",
    "dummy-with-dummy-false", "deal-missing", "hand-after-unfinished", "hand-after-game-over",
    "unknown-verb", "seat-9", "action-number", "out-of-turn-bid", "out-of-turn-play",
    "illegal-call-in-round-one", "illegal-card-not-held", "after-hand-over", "after-thrown-in",
    "after-game-over", "players-before-hands", "hand-0-before-hand-1", "earlier-action-first",
    "deal-before-actions",
}
"""The cases also run through the command (each costs a Python start); every case runs
in-process through :func:`cutthroat.record.report`, which the command prints."""


def test_subprocess_cases_exist() -> None:
    """Every case named for the command is in the table, and the ids are unique."""
    ids = [case[0] for case in ERROR_CASES]
    assert len(ids) == len(set(ids))
    assert set(ids) >= SUBPROCESS


@pytest.mark.parametrize(
    ("build", "hand", "action", "text"),
    [pytest.param(b, h, a, t, id=i) for i, b, h, a, t in ERROR_CASES if i in SUBPROCESS],
)
def test_illegal_record(replay: Replayer, build: Callable[[], Record], hand: int | None,
                        action: int | None, text: str | None) -> None:
    """Each illegal record exits 1 with the error located as RECORD.md prescribes."""
    status, obj = replay(build())
    assert status == 1
    assert_same_result(obj, error(hand, action, text))


@pytest.mark.parametrize(
    ("build", "hand", "action", "text"),
    [pytest.param(b, h, a, t, id=i) for i, b, h, a, t in ERROR_CASES],
)
def test_illegal_record_report(build: Callable[[], Record], hand: int | None,
                               action: int | None, text: str | None) -> None:
    """The same table in-process: ``report`` gives status 1 and the located error, and
    that object survives a JSON round trip unchanged."""
    status, obj = rec.report(build())
    assert status == 1
    assert json.loads(json.dumps(obj, allow_nan=False)) == obj
    assert_same_result(obj, error(hand, action, text))


REASONS = {
    "not-json": "the record is not valid JSON at line 1, column 2: expecting property name "
                "enclosed in double quotes",
    "two-objects": "the record is not valid JSON at line 1, column 34: extra data",
    "nan": "the record is not valid JSON (NaN is not JSON)",
    "format-missing": "the record has no format (it must be 'cutthroat-record/1')",
    "format-version": "format must be 'cutthroat-record/1', not 'cutthroat-record/2'",
    "dealer-missing": "dealer must be 0, 1 or 2: none is given",
    "dealer-None": "dealer must be 0, 1 or 2: not null",
    "dealer-0": "the dealer must be seat 2 (the deal passes to the left), not seat 0",
    # (it named the hand before by its index from 0, which replay's line counts from 1)
    "hand-after-unfinished": "the hand before this one is unfinished: no hand may follow it",
}
"""Reasons said word for word (RECORD.md leaves them free; these are the ones a reader
needs exactly: which hand, which field, what the JSON reader stumbled on)."""


@pytest.mark.parametrize("case", sorted(REASONS))
def test_illegal_record_reason_says_what_is_wrong(case: str) -> None:
    build = next(b for i, b, *_ in ERROR_CASES if i == case)
    assert rec.report(build())[1]["error"]["reason"] == REASONS[case]


@pytest.mark.parametrize(("text", "reason"), [
    ('\n{"format": "cutthroat-record/1",\n "players": ["Ann\n',
     "the record ends early at line 3 (cut off?)"),
    ('\n{"format": "cutthroat-record/1",\n "players": ["Ann',  # a string never closed
     "the record ends early at line 3 (cut off?)"),
    ('{"format": "cutthroat-record/1" "hands": []}',
     "the record is not valid JSON at line 1, column 33: expecting ',' delimiter"),
    ('{"format": "cutthroat-record/1", "players": ["A\u0001n", "B", "C"]}',
     "the record is not valid JSON at line 1, column 48: a control character inside a "
     "string (a tab or a line break is \\t or \\n)"),
])
def test_a_record_that_is_not_json_says_where_and_why(text: str, reason: str) -> None:
    assert rec.report(text) == (1, {"error": {"hand": None, "action": None, "reason": reason}})


@pytest.mark.parametrize(
    ("build", "hand", "action", "text"),
    [pytest.param(b, h, a, t, id=i) for i, b, h, a, t in ERROR_CASES],
)
def test_illegal_record_in_words(build: Callable[[], Record], hand: int | None,
                                 action: int | None, text: str | None) -> None:
    """``replay`` without --json says each error in one line, its hand and action counted
    from 1 and the action's text shown: a hand's own error (its dealer, its deal) as
    "hand N: reason", the record's as the reason alone."""
    from cutthroat.cli import _illegal

    error = rec.report(build())[1]["error"]
    where = "" if hand is None else f"hand {hand + 1}"
    if action is not None:
        where += f", action {action + 1} ({text})"
    assert _illegal(error) == (f"Illegal record: {where}: {error['reason']}" if where else
                               f"Illegal record: {error['reason']}")


def test_illegal_hand_header_in_words_from_the_command(tmp_path: Path) -> None:
    """A hand's header wrong (its dealer), read by ``replay`` in words: the line, status 1,
    nothing on standard output."""
    build = next(b for i, b, *_ in ERROR_CASES if i == "dealer-0")
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(build()), encoding="utf-8")
    done = invoke("replay", path)
    assert done.exit_code == 1 and done.stdout == ""
    assert done.stderr.strip() == ("Illegal record: hand 3: the dealer must be seat 2 (the "
                                   "deal passes to the left), not seat 0")


def test_illegal_record_from_stdin(replay: Replayer) -> None:
    """Errors read from standard input are located the same way."""
    record = mutated(FULL, put("hands", 1, "actions", 3, value="2 fly JH"))()
    status, obj = replay(record, stdin=True)
    assert status == 1
    assert_same_result(obj, error(1, 3, "2 fly JH"))
    status, obj = replay(b"", stdin=True)
    assert status == 1
    assert_same_result(obj, error(None))


def test_stdin_must_be_utf8(replay: Replayer) -> None:
    """A record is UTF-8 JSON: bytes that are not UTF-8 are refused from a file and from
    standard input alike, whatever the locale's decoder would have done."""
    data = b'{"format": "cutthroat-record/1", "players": ["Zo\xff", "Ben", "Cal"]}'
    status, obj = replay(data)
    assert status == 1
    assert_same_result(obj, error(None))
    status, obj = replay(data, stdin=True)
    assert status == 1
    assert_same_result(obj, error(None))


def test_utf8_names_from_stdin() -> None:
    """UTF-8 text on standard input is read as UTF-8 (the account shows the names)."""
    data = json.dumps({"format": "cutthroat-record/1", "players": ["Zoë", "Łukasz", "李"],
                       "hands": [one_hand(FULL, 0, [])["hands"][0]]}, ensure_ascii=False)
    done = cutthroat("replay", "-", stdin=data.encode("utf-8"))
    assert done.returncode == 0
    text = done.stdout.decode("utf-8")
    assert "Players: 0 Zoë, 1 Łukasz, 2 李" in text


def test_a_record_without_names_says_so() -> None:
    """A record with no players (RECORD.md: optional) is shown as seats, not as
    "0 Seat 0, 1 Seat 1, 2 Seat 2"."""
    data = json.dumps({"format": "cutthroat-record/1",
                       "hands": [one_hand(FULL, 0, [])["hands"][0]]})
    done = cutthroat("replay", "-", stdin=data.encode("utf-8"))
    assert done.returncode == 0
    assert "Players: seats 0, 1 and 2, not named\n" in done.stdout.decode("utf-8")


def test_unreadable_file(tmp_path: Path) -> None:
    """A file that cannot be read is an error of the whole record."""
    done = cutthroat("replay", tmp_path / "nonesuch.json", "--json")
    assert done.returncode == 1
    assert_same_result(one_json_object(done.stdout), error(None))


def test_usage_error_exits_2() -> None:
    """A command line Typer cannot read (no FILE) exits 2, printing nothing on stdout."""
    done = cutthroat("replay")
    assert done.returncode == 2
    assert done.stdout == b""


# --- legal records of a game in progress ---------------------------------------------------


def one_hand(name: str, index: int, actions: list[str] | None = None,
             rules: Any = None) -> dict[str, Any]:
    """A record of just hand ``index`` of example ``name`` (the first dealer is free),
    with its actions replaced by ``actions`` when given."""
    record = example(name)
    hand = record["hands"][index]
    if actions is not None:
        hand["actions"] = actions
    record["hands"] = [hand]
    if rules is not None:
        record["rules"] = rules
    return record


def cards_of(name: str, index: int, *keys: str) -> list[str]:
    """The cards dealt to ``keys`` (``"0"``, ``"dummy"``, ...) in a hand of an example."""
    deal = example(name)["hands"][index]["deal"]
    return [card for key in keys for card in deal[key]]


FIRST = example(FULL)["hands"][0]["actions"] if EXAMPLES.is_dir() else []
"""Hand 0 of the full game: dealer 0, up-card QH; 2 orders, 0 leaves, 2 takes the dummy."""


def test_no_hands(replay: Replayer) -> None:
    """A record without hands: nothing dealt, nothing to do."""
    empty = {"hands": [], "scores": [0, 0, 0], "over": False, "winners": [], "next": None}
    for record in ({"format": "cutthroat-record/1"},
                   {"format": "cutthroat-record/1", "hands": []},
                   {"format": "cutthroat-record/1", "rules": "benny", "players": ["A", "B", "C"]}):
        status, obj = replay(record)
        assert status == 0
        assert strict(obj) == strict(empty)


@pytest.mark.parametrize("dealer", [0, 1, 2])
def test_first_dealer_is_free(replay: Replayer, dealer: int) -> None:
    """Any first dealer; the seat on his left bids first."""
    record = one_hand(FULL, 0, [])
    record["hands"][0]["dealer"] = dealer
    status, obj = replay(record)
    assert status == 0
    assert_same_result(obj, result([{"dealer": dealer}],
                                   {"seat": (dealer + 1) % 3, "legal": ["pass", "order"]}))


def test_keep_lists_all_252_choices(replay: Replayer) -> None:
    """After ``dummy`` the maker may keep any five of his ten cards: 252 actions."""
    status, obj = replay(one_hand(FULL, 0, FIRST[:4]))
    assert status == 0
    ten = cards_of(FULL, 0, "2", "dummy")
    keeps = ["keep " + " ".join(c) for c in itertools.combinations(ten, 5)]
    assert len(keeps) == 252
    assert_same_result(obj, result([{"dealer": 0, "maker": 2, "trump": "H"}],
                                   {"seat": 2, "legal": keeps}))
    assert len(obj["next"]["legal"]) == 252


def test_pickup_or_leave_after_an_order(replay: Replayer) -> None:
    """R8: after another player orders, the dealer takes or leaves the up-card."""
    status, obj = replay(one_hand(FULL, 0, FIRST[:2]))
    assert status == 0
    assert_same_result(obj, result([{"dealer": 0, "maker": 2, "trump": "H"}],
                                   {"seat": 0, "legal": ["pickup", "leave"]}))


def test_discard_after_pickup(replay: Replayer) -> None:
    """R8: after ``pickup`` the dealer discards any of his six cards."""
    status, obj = replay(one_hand(FULL, 0, ["1 pass", "2 order", "0 pickup"]))
    assert status == 0
    six = [*cards_of(FULL, 0, "0"), "QH"]
    assert_same_result(obj, result([{"dealer": 0, "maker": 2, "trump": "H"}],
                                   {"seat": 0, "legal": [f"discard {c}" for c in six]}))


def test_dealer_who_orders_discards_at_once(replay: Replayer) -> None:
    """R8: the dealer who orders has no pick-up decision: his next action is a discard."""
    status, obj = replay(one_hand(FULL, 0, ["1 pass", "2 pass", "0 order"]))
    assert status == 0
    six = [*cards_of(FULL, 0, "0"), "QH"]
    assert_same_result(obj, result([{"dealer": 0, "maker": 0, "trump": "H"}],
                                   {"seat": 0, "legal": [f"discard {c}" for c in six]}))


def test_dealer_must_pick_up(replay: Replayer) -> None:
    """R8 variant ``dealer_must_pick_up``: after an order the dealer discards."""
    record = one_hand(FULL, 0, FIRST[:2], rules={"dealer_must_pick_up": True})
    status, obj = replay(record)
    assert status == 0
    six = [*cards_of(FULL, 0, "0"), "QH"]
    assert_same_result(obj, result([{"dealer": 0, "maker": 2, "trump": "H"}],
                                   {"seat": 0, "legal": [f"discard {c}" for c in six]}))


SECOND_ROUND = ["1 pass", "2 pass", "0 pass", "1 pass", "2 pass"]


@pytest.mark.parametrize(
    ("rules", "legal"),
    [
        (None, ["call C", "call D", "call S", "pass"]),
        ({"stick_the_dealer": True}, ["call C", "call D", "call S"]),
        ("stick", ["call C", "call D", "call S"]),
        ({"stick_the_dealer": True, "may_name_turned_down_suit": True},
         ["call C", "call D", "call H", "call S"]),
        ({"may_name_turned_down_suit": True}, ["call C", "call D", "call H", "call S", "pass"]),
    ],
)
def test_dealer_in_the_second_round(replay: Replayer, rules: Any, legal: list[str]) -> None:
    """R9, R10: the dealer's choices in round two (no pass when stuck)."""
    status, obj = replay(one_hand(FULL, 0, SECOND_ROUND, rules=rules))
    assert status == 0
    assert_same_result(obj, result([{"dealer": 0}], {"seat": 0, "legal": legal}))


def test_call_fixes_maker_and_trump(replay: Replayer) -> None:
    """A ``call`` fixes the maker and trump; the maker then takes the dummy or goes alone."""
    status, obj = replay(one_hand(FULL, 0, ["1 pass", "2 pass", "0 pass", "1 call S"]))
    assert status == 0
    assert_same_result(obj, result([{"dealer": 0, "maker": 1, "trump": "S"}],
                                   {"seat": 1, "legal": ["dummy", "alone"]}))


def test_defenders_decide_in_turn(replay: Replayer) -> None:
    """R13: each defender from the maker's left may go alone or pass."""
    status, obj = replay(one_hand(FULL, 0, [*FIRST[:3], "2 alone"]))
    assert status == 0
    made = [{"dealer": 0, "maker": 2, "trump": "H"}]
    assert_same_result(obj, result(made, {"seat": 0, "legal": ["pass", "alone"]}))
    status, obj = replay(one_hand(FULL, 0, [*FIRST[:3], "2 alone", "0 pass"]))
    assert status == 0
    assert_same_result(obj, result(made, {"seat": 1, "legal": ["pass", "alone"]}))


def test_lead_and_follow(replay: Replayer) -> None:
    """R15, R16: the leader may play any card; the next must follow hearts."""
    made = [{"dealer": 0, "maker": 2, "trump": "H"}]
    status, obj = replay(one_hand(FULL, 0, FIRST[:7]))
    assert status == 0
    assert_same_result(obj, result(made, {"seat": 1, "legal": [
        f"play {c}" for c in cards_of(FULL, 0, "1")]}))
    status, obj = replay(one_hand(FULL, 0, FIRST[:8]))
    assert status == 0
    assert_same_result(obj, result(made, {"seat": 2, "legal": ["play JH"]}))


def test_joker_turned_up(replay: Replayer) -> None:
    """R6: with the joker up the dealer names trump, becomes the maker and discards."""
    record = example(JOKER)
    record["hands"] = record["hands"][:2]
    assert record["hands"][1]["deal"]["kitty"][0] == "JO"
    record["hands"][1]["actions"] = []
    first = expected(JOKER)["hands"][0]
    status, obj = replay(record)
    assert status == 0
    assert_same_result(obj, result(
        [first, {"dealer": 0}], {"seat": 0, "legal": [f"trump {s}" for s in "CDHS"]},
        scores=first["points"]))
    record["hands"][1]["actions"] = ["0 trump S"]
    status, obj = replay(record)
    assert status == 0
    six = [*cards_of(JOKER, 1, "0"), "JO"]
    assert_same_result(obj, result(
        [first, {"dealer": 0, "maker": 0, "trump": "S"}],
        {"seat": 0, "legal": [f"discard {c}" for c in six]}, scores=first["points"]))


@pytest.mark.parametrize("count", [1, 3, 7])
def test_last_hand_finished_game_not_over(replay: Replayer, count: int) -> None:
    """When the last hand is over (played or thrown in) and the game goes on, ``next``
    is null: the next hand is not dealt yet."""
    record = example(FULL)
    record["hands"] = record["hands"][:count]
    hands = expected(FULL)["hands"][:count]
    scores = [sum(h.get("points", [0, 0, 0])[s] for h in hands) for s in range(3)]
    status, obj = replay(record)
    assert status == 0
    assert_same_result(obj, result(hands, None, scores=(scores[0], scores[1], scores[2])))


def test_unfinished_last_hand(replay: Replayer) -> None:
    """A record may stop in the middle of its last hand; the next action is listed."""
    record = example(FULL)
    record["hands"] = record["hands"][:4]
    removed = record["hands"][3]["actions"].pop()
    seat, action = removed.split(" ", 1)
    status, obj = replay(record)
    assert status == 0
    assert obj["hands"][3] == {"dealer": 0, "maker": 2, "trump": "S"}
    assert obj["next"]["seat"] == int(seat)
    assert action in obj["next"]["legal"]


def test_no_dummy_deal_may_hold_an_empty_dummy(replay: Replayer) -> None:
    """With ``dummy: false`` the deal's ``dummy`` may be an empty list."""
    record = example(NO_DUMMY)
    for hand in record["hands"]:
        hand["deal"]["dummy"] = []
    status, obj = replay(record)
    assert status == 0
    assert_same_result(obj, expected(NO_DUMMY))


def test_actions_key_is_optional(replay: Replayer) -> None:
    """A hand without ``actions`` is a hand just dealt."""
    record = one_hand(FULL, 0)
    del record["hands"][0]["actions"]
    status, obj = replay(record)
    assert status == 0
    assert_same_result(obj, result([{"dealer": 0}], {"seat": 1, "legal": ["pass", "order"]}))


# --- the readable account ------------------------------------------------------------------


def test_readable_replay_of_a_finished_game() -> None:
    """Without --json: every hand, its result and the running score, then "Game over"."""
    done = cutthroat("replay", EXAMPLES / f"{FULL}.json")
    assert done.returncode == 0
    lines = done.stdout.decode("utf-8").splitlines()
    for number in range(1, 9):
        assert any(line.startswith(f"Hand {number}:") for line in lines), number
    assert sum("thrown in" in line for line in lines) == 1
    assert sum(" made " in line for line in lines) == 7
    assert sum(line.strip().startswith("score:") for line in lines) == 8
    assert lines[-1].startswith("Game over")
    assert "Seat 0" in lines[-1] and "11" in lines[-1]


def test_readable_replay_of_a_game_won_by_you_says_you_win() -> None:
    """A terminal game's record names the player "You": its account ended "You wins"."""
    from cutthroat import Game, Rules
    from cutthroat.bots import make_bot, play_game
    from cutthroat.render import describe_game

    players = ["You", "Left", "Right"]
    for seed in range(40):
        game = play_game(Game(Rules(target=3), seed=seed, players=players),
                         [make_bot("random", s) for s in range(3)])
        if game.winners == (0,):
            break
    last = describe_game(game).splitlines()[-1]
    assert last == f"Game over: You win with {max(game.scores)} points."
    game.players = ("Ann", "Left", "Right")
    assert describe_game(game).splitlines()[-1].startswith("Game over: Ann wins with")


def test_readable_replay_names_players_and_next(replay: Replayer, tmp_path: Path) -> None:
    """Players' names are used; a game in progress ends with who acts next."""
    record = example(IN_PROGRESS)
    record["players"] = ["Ann", "Ben", "Cal"]
    path = tmp_path / "in-progress.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cutthroat("replay", path)
    assert done.returncode == 0
    text = done.stdout.decode("utf-8")
    assert "Ann" in text and "Ben" in text and "Cal" in text
    assert "Game over" not in text
    assert re.search(r"^Game in progress: Ann 6, Ben 3, Cal 6$", text, re.M)
    assert re.search(r"^Next: seat 0 may .*pass", text, re.M)


def test_readable_replay_of_an_illegal_record(tmp_path: Path) -> None:
    """An illegal record: a message on stderr naming the hand and action, exit 1."""
    done = cutthroat("replay", EXAMPLES / f"{RENEGE}.json")
    assert done.returncode == 1
    assert done.stdout == b""
    message = done.stderr.decode("utf-8")
    assert "hand 1," in message and "action 9 " in message and "2 play 9S" in message
    path = tmp_path / "broken.json"
    path.write_bytes(b"{")
    done = cutthroat("replay", path)
    assert done.returncode == 1
    assert done.stdout == b""
    assert done.stderr.strip()


# --- selfplay and watch write records that replay -----------------------------------------


def check_round_trip(replay: Replayer, folder: Path, seed: int, games: int,
                     commands: int) -> list[dict[str, Any]]:
    """Check every record selfplay wrote: it replays to a finished game (the first
    ``commands`` through the command, the rest through ``report``), and writing the
    replayed game back gives the same record. Returns the records."""
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(f"game-{seed + i}.json" for i in range(games))
    records = []
    for number, name in enumerate(names):
        text = (folder / name).read_text(encoding="utf-8")
        record = json.loads(text)
        if number < commands:
            status, obj = replay(text.encode("utf-8"))
        else:
            status, obj = rec.report(text)
        assert status == 0, obj
        assert obj["over"] is True and obj["next"] is None and obj["winners"]
        assert len(obj["hands"]) == len(record["hands"])
        assert rec.to_record(rec.replay(record)) == record
        records.append(record)
    return records


@pytest.mark.parametrize(
    ("options", "deck"),
    [
        ([], 24),
        (["--preset", "benny"], 25),
        (["--set", "deck=32"], 32),
        (["--preset", "no-dummy", "--set", "tie=share"], 24),
    ],
)
def test_selfplay_round_trip(replay: Replayer, tmp_path: Path, options: list[str],
                             deck: int) -> None:
    """``selfplay`` writes records that ``replay --json`` accepts as finished games."""
    out = tmp_path / "out"
    done = cutthroat("selfplay", "--seed", "7", "--games", "2", "--out", out, *options)
    assert done.returncode == 0, done.stderr
    for record in check_round_trip(replay, out, 7, 2, commands=1):
        assert record["rules"].get("deck", 24) == deck
        for hand in record["hands"]:
            assert sum(len(cards) for cards in hand["deal"].values()) == deck


def test_selfplay_random_rules_round_trip(replay: Replayer, tmp_path: Path) -> None:
    """``selfplay --random-rules``: every variant replays, and the rules differ."""
    out = tmp_path / "out"
    done = cutthroat("selfplay", "--seed", "100", "--games", "6", "--out", out, "--random-rules")
    assert done.returncode == 0, done.stderr
    records = check_round_trip(replay, out, 100, 6, commands=6)
    assert len({strict(r["rules"]) for r in records}) > 1


def test_selfplay_is_reproducible(tmp_path: Path) -> None:
    """The same seed writes the same bytes."""
    for folder in ("a", "b"):
        done = cutthroat("selfplay", "--seed", "3", "--games", "1", "--out", tmp_path / folder)
        assert done.returncode == 0
    assert (tmp_path / "a" / "game-3.json").read_bytes() == (
        tmp_path / "b" / "game-3.json").read_bytes()


def test_selfplay_refuses_bad_rules(tmp_path: Path) -> None:
    """A bad ``--set`` is a usage error and writes nothing."""
    done = cutthroat("selfplay", "--set", "deck=23", "--out", tmp_path / "out")
    assert done.returncode == 2
    assert not (tmp_path / "out").exists()


def test_a_game_of_one_hand_is_told_in_the_singular() -> None:
    """watch and the line game said 'Game over after 1 hands'."""
    from cutthroat import Game, Rules
    from cutthroat.bots import make_bot, play_game
    from cutthroat.session import Session
    from cutthroat.terminal import seat_names

    done = cutthroat("watch", "--seed", "1", "--bots", "random,random,intermediate",
                     "--set", "target=1")
    assert done.returncode == 0
    text = done.stdout.decode("utf-8")
    assert re.search(r"^Game over after 1 hand: .+ won\.$", text, re.M), text[-300:]
    for seed in range(50):
        game = play_game(Game(Rules(target=1), seed=seed, players=seat_names(0)),
                         [make_bot("random", s) for s in range(3)])
        if len(game.hands) == 1:
            break
    assert len(game.hands) == 1
    said = Session(game, 0, ["random", "random"]).game_over_lines()[0]
    assert said.startswith("Game over after 1 hand. Winner")


def test_watch_runs_to_game_over_and_saves(replay: Replayer, tmp_path: Path) -> None:
    """``watch --seed 3`` plays to "Game over"; ``--save`` writes the same game's record.
    (A game to 5, the default line-up's expert being slow for a whole game to 10.)"""
    plain = cutthroat("watch", "--seed", "3", "--set", "target=5")
    assert plain.returncode == 0
    save = tmp_path / "watched.json"
    saved = cutthroat("watch", "--seed", "3", "--set", "target=5", "--save", save)
    assert saved.returncode == 0
    text = plain.stdout.decode("utf-8")
    assert saved.stdout.decode("utf-8").startswith(text)
    match = re.search(r"^Game over after (\d+) hands?: (.+) won\.$", text, re.M)
    assert match
    record = json.loads(save.read_text(encoding="utf-8"))
    assert record["players"] == ["West (expert)", "North (intermediate)",
                                 "East (intermediate)"]
    assert len(record["hands"]) == int(match.group(1))
    status, obj = replay(save.read_bytes())
    assert status == 0
    assert obj["over"] is True and obj["next"] is None
    assert match.group(2) == " and ".join(record["players"][s] for s in obj["winners"])


def test_watch_saves_the_whole_game_when_its_output_is_cut_short(tmp_path: Path) -> None:
    """``watch --save F | head -1``: once nobody reads the output, the game is played
    to its end unseen and its record saved (it used to be lost, exit 1); without
    --save the watch stops quietly."""
    def unread(*args: str | Path) -> tuple[int, bytes]:
        """Run with standard output a pipe nobody reads: every write to it fails."""
        read, write = os.pipe()
        os.close(read)
        try:
            done = subprocess.run([sys.executable, "-m", "cutthroat.cli", *map(str, args)],
                                  stdout=write, stderr=subprocess.PIPE, timeout=120,
                                  check=False)
        finally:
            os.close(write)
        return done.returncode, done.stderr

    bots = ("--bots", "random,beginner,random", "--seed", "2")
    cut = tmp_path / "cut.json"
    assert unread("watch", *bots, "--save", cut) == (0, b"")
    whole = tmp_path / "whole.json"
    assert cutthroat("watch", *bots, "--save", whole).returncode == 0
    assert cut.read_bytes() == whole.read_bytes()
    assert json.loads(cut.read_text(encoding="utf-8"))["hands"]
    assert unread("watch", *bots) == (0, b"")


# --- the same commands in-process (so that coverage sees cli.py) ---------------------------


def invoke(*args: str | Path, stdin: bytes | None = None) -> Any:
    """Run the Typer app in-process with ``CliRunner``; returns its ``Result``."""
    from typer.testing import CliRunner

    from cutthroat.cli import app

    return CliRunner().invoke(app, [str(a) for a in args], input=stdin)


def test_replay_in_words_lists_the_next_moves_up_to_twelve(tmp_path: Path) -> None:
    """An unfinished record's "Next:" line gives the moves of the seat to act, the first
    twelve and "..." when there are more (a maker's keep has 252)."""
    from cutthroat import Game, Phase

    game = Game(seed=1)
    hand = game.deal()
    while hand.phase is not Phase.KEEP:  # order up, the dealer picks up, take the dummy
        moves = hand.legal_texts()
        hand.push(next((m for m in moves if m.split()[0] in ("order", "pickup", "dummy")),
                       next((m for m in moves if m.startswith("discard")), moves[0])))
    path = tmp_path / "keep.json"
    rec.save(path, game)
    done = invoke("replay", path)
    assert done.exit_code == 0
    shown = done.stdout.splitlines()[-1]
    assert shown.startswith(f"Next: seat {hand.to_act} may keep ") and shown.endswith(" ...")
    assert shown.removesuffix(" ...").count(", ") == 11  # twelve moves, then "..."
    few = invoke("replay", EXAMPLES / f"{IN_PROGRESS}.json").stdout.splitlines()[-1]
    assert few.startswith("Next: seat 0 may ") and not few.endswith("...")


def test_in_process_replay() -> None:
    """``replay`` in-process: the --json objects, the account and the error message."""
    done = invoke("replay", EXAMPLES / f"{FULL}.json", "--json")
    assert done.exit_code == 0
    assert_same_result(one_json_object(done.stdout_bytes), expected(FULL))
    done = invoke("replay", "-", "--json", stdin=(EXAMPLES / f"{RENEGE}.json").read_bytes())
    assert done.exit_code == 1
    assert_same_result(one_json_object(done.stdout_bytes), expected(RENEGE))
    done = invoke("replay", EXAMPLES / f"{IN_PROGRESS}.json")
    assert done.exit_code == 0
    assert "Next: seat 0 may" in done.stdout
    done = invoke("replay", EXAMPLES / f"{RENEGE}.json")
    assert done.exit_code == 1
    assert done.stdout == "" and "hand 1, action 9 (2 play 9S)" in done.stderr
    done = invoke("replay", EXAMPLES / "nonesuch.json")
    assert done.exit_code == 1
    assert done.stdout == "" and "Error: cannot read the record " in done.stderr
    assert "Illegal record" not in done.stderr  # a missing file is not an illegal record
    done = invoke("replay", "-", stdin=b'{"format": "cutthroat-record/1", "hands": 7}')
    assert done.exit_code == 1
    assert done.stdout == "" and "Illegal record: hands must be a list" in done.stderr


def test_in_process_selfplay_and_watch(tmp_path: Path) -> None:
    """``selfplay`` and ``watch --save`` in-process write records that replay."""
    out = tmp_path / "out"
    done = invoke("selfplay", "--seed", "5", "--games", "2", "--out", out, "--random-rules")
    assert done.exit_code == 0
    done = invoke("selfplay", "--seed", "9", "--out", out, "--set", "deck=25", "--set",
                  "tie=share")
    assert done.exit_code == 0
    for name in ("game-5.json", "game-6.json", "game-9.json"):
        status, obj = rec.report((out / name).read_text(encoding="utf-8"))
        assert status == 0 and obj["over"] is True
    assert json.loads((out / "game-9.json").read_text(encoding="utf-8"))["rules"] == {
        "preset": "standard", "deck": 25, "tie": "share"}
    save = tmp_path / "watched.json"
    cheap = ("--bots", "intermediate,beginner,random")  # the default's expert: slow here
    done = invoke("watch", "--seed", "3", "--save", save, *cheap)
    assert done.exit_code == 0
    assert "Game over after" in done.stdout
    status, obj = rec.report(save.read_text(encoding="utf-8"))
    assert status == 0 and obj["over"] is True
    for bad in ("deck", "deck=23", "colour=red"):
        done = invoke("selfplay", "--set", bad, "--out", tmp_path / "never")
        assert done.exit_code == 2
    assert not (tmp_path / "never").exists()


# --- ordinary mistakes: one clear message, checked before any long work --------------------


def unboxed(text: str) -> str:
    """A usage error's text without the box Typer draws around it, on one line."""
    return " ".join(re.sub("[│╭╮╰╯─]", " ", text).split())


def no_traceback(done: subprocess.CompletedProcess[bytes]) -> str:
    """Standard error as text, checked to hold no Python traceback."""
    text = done.stderr.decode("utf-8", "replace")
    assert "Traceback" not in text, text
    return text


def test_selfplay_out_that_is_a_file_is_a_usage_error(tmp_path: Path) -> None:
    """``selfplay --out FILE`` (a file, not a folder): a usage error, not
    FileExistsError; the file is left alone."""
    taken = tmp_path / "taken"
    taken.write_text("mine", encoding="utf-8")
    done = cutthroat("selfplay", "--out", taken)
    assert done.returncode == 2
    assert done.stdout == b""
    said = unboxed(no_traceback(done))
    assert "--out" in said and "is a file, not a folder" in said
    assert taken.read_text(encoding="utf-8") == "mine"


@pytest.mark.parametrize(("where", "message"), [
    ("folder", "is a folder"),
    ("taken.json", "already exists"),
    ("taken.json/x.json", "taken.json is a file, not a folder"),
])
def test_watch_save_is_checked_before_the_game(tmp_path: Path, where: str, message: str,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``watch --save`` to a folder, over an existing file (as ``play --save``, a
    record is never written over) or through a file: a usage error before the game
    is played (nothing on stdout), not a traceback after it."""
    (tmp_path / "folder").mkdir()
    (tmp_path / "taken.json").write_text("mine", encoding="utf-8")
    monkeypatch.setenv("COLUMNS", "400")  # the error box would break the long path
    done = cutthroat("watch", "--bots", "random,random,random", "--save", tmp_path / where)
    assert done.returncode == 2
    assert done.stdout == b""
    said = unboxed(no_traceback(done))
    assert "--save" in said and message in said
    assert (tmp_path / "taken.json").read_text(encoding="utf-8") == "mine"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["folder", "taken.json"]


def test_watch_save_makes_missing_folders(tmp_path: Path) -> None:
    """``watch --save new/sub/x.json`` makes the folders, as ``play --save`` does, and
    the record there replays as legal."""
    where = tmp_path / "new" / "sub" / "x.json"
    done = invoke("watch", "--bots", "random,random,random", "--save", where)
    assert done.exit_code == 0, done.output
    assert f"Record saved to {where}" in done.stdout
    assert invoke("replay", where).exit_code == 0


@pytest.mark.parametrize("port", ["99999", "65536", "0", "-1"])
def test_serve_port_out_of_range_is_a_usage_error(port: str,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --port 99999``: a usage error (1 to 65535), not OverflowError."""
    import uvicorn

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"the server started on port {port}")

    monkeypatch.setattr(uvicorn, "run", never)
    done = invoke("serve", "--port", port, "--db", "sqlite://")
    assert done.exit_code == 2
    assert isinstance(done.exception, SystemExit)
    assert "--port" in done.stderr


@pytest.mark.parametrize("url", ["nonsense", "nosuchdialect://x"])
def test_serve_with_a_database_url_it_cannot_read(tmp_path: Path, url: str) -> None:
    """``serve --db`` (or ``$CUTTHROAT_DB``) with text that is no SQLAlchemy URL, or
    names a database kind it does not know: a usage error (exit 2) naming where the URL
    came from, no traceback, and nothing made."""
    for args, env, named in ((("--db", url), {}, "--db"),
                             ((), {"CUTTHROAT_DB": url}, "$CUTTHROAT_DB")):
        done = cutthroat("serve", *args, "--port", "1", cwd=tmp_path,
                         env={**env, "COLUMNS": "400"})
        assert done.returncode == 2, done.stderr
        assert done.stdout == b""
        text = no_traceback(done)
        assert f"Invalid value for {named}: cannot open the database {url!r}" in text
        if url == "nonsense":  # no URL, no SQLite file's name: how to write one
            assert "sqlite:///nonsense" in text
        assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("url", [
    "sqlite:///{tmp}/nodir/games.db",
    "sqlite:///{tmp}",
    "postgresql://user:secret@127.0.0.1:1/games",
])
def test_serve_with_a_database_it_cannot_open(tmp_path: Path, url: str) -> None:
    """``serve --db`` with a SQLite file in a missing folder, or a database that refuses
    the connection: one line, exit 1, no traceback (and no password shown)."""
    url = url.format(tmp=tmp_path)
    done = cutthroat("serve", "--db", url, "--port", "1", cwd=tmp_path)
    assert done.returncode == 1
    assert done.stdout == b""
    text = no_traceback(done)
    assert text.count("\n") == 1
    assert text.startswith("Error: cannot open the database ")
    assert "secret" not in text
    if "nodir" in url:
        assert "does not exist" in text


def test_serve_refuses_a_database_another_server_uses(tmp_path: Path) -> None:
    """A second ``serve`` on the database a running server holds would write over its
    games: it stops at once, exit 1, one line saying why, and starts once it is free."""
    from cutthroat.server.store import Store

    url = f"sqlite:///{tmp_path / 'games.db'}"
    running = Store(url)
    running.claim()  # as a running server holds it (the lock is the other process's)
    try:
        done = cutthroat("serve", "--db", url, "--port", "1", cwd=tmp_path)
    finally:
        running.close()
    assert done.returncode == 1
    assert done.stdout == b""
    text = no_traceback(done)
    assert text.count("\n") == 1
    assert text.startswith(f"Error: another cutthroat server is using the database {url}")


LONE_SURROGATE = ('{"format": "cutthroat-record/1", "players": ["\\ud800", "b", "c"], '
                  '"hands": []}')


def test_replay_names_with_a_lone_surrogate(tmp_path: Path) -> None:
    """A record's JSON may hold a lone surrogate (``"\\ud800"``), which no output can
    encode: the readable account writes it escaped instead of failing with
    UnicodeEncodeError; ``--json`` is unchanged."""
    path = tmp_path / "surrogate.json"
    path.write_text(LONE_SURROGATE, encoding="utf-8")
    done = cutthroat("replay", path)
    assert done.returncode == 0, done.stderr
    no_traceback(done)
    assert "Players: 0 \\ud800, 1 b, 2 c" in done.stdout.decode("utf-8")
    done = cutthroat("replay", path, "--json")
    assert done.returncode == 0
    assert one_json_object(done.stdout)["scores"] == [0, 0, 0]


def test_replay_illegal_action_with_a_lone_surrogate(tmp_path: Path) -> None:
    """An illegal action whose text holds a lone surrogate: the message on stderr
    shows it escaped, exit 1 (standard error escapes it by itself too; this keeps it
    so wherever the message is written)."""
    record = one_hand(FULL, 0, ["1 \ud800"])
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = cutthroat("replay", path)
    assert done.returncode == 1
    assert done.stdout == b""
    text = no_traceback(done)
    assert text.startswith("Illegal record: hand 1, action 1 (\"1 \\ud800\")")


@pytest.mark.parametrize("samples", ["0", "-3"])
def test_hint_samples_below_one_is_a_usage_error(tmp_path: Path, samples: str) -> None:
    from cutthroat import Game

    game = Game(seed=4)
    game.deal()
    path = tmp_path / "game.json"
    path.write_text(rec.dumps(game), encoding="utf-8")
    result = invoke("hint", path, "--samples", samples)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "samples" in result.output


@pytest.mark.parametrize("command", ["replay", "watch", "hint", "review", "arena", "play"])
def test_help_shows_no_value_on_a_flag(command: str) -> None:
    """An on/off flag takes no value, and its help must not show one (Typer 0.29 printed
    ``--json <bool>``, and ``--json true FILE`` then failed)."""
    shown = invoke(command, "--help")
    assert shown.exit_code == 0
    assert "--help" in shown.stdout and "<bool>" not in shown.stdout


def test_every_commands_help_reads_as_paragraphs_on_80_columns() -> None:
    """Typer keeps the line breaks of a command's docstring: a line longer than the help
    box (76 characters on an 80-column terminal) broke mid-sentence twice ("... every
    move made even" / "if the output is cut short ...", in ``watch --help``)."""
    import inspect

    from cutthroat.cli import app

    commands = [c for c in app.registered_commands if c.callback is not None]
    commands += [c for g in app.registered_groups if g.typer_instance is not None
                 for c in g.typer_instance.registered_commands if c.callback is not None]
    assert len(commands) >= 11
    for command in commands:
        text = inspect.cleandoc(command.callback.__doc__ or "")  # type: ignore[union-attr]
        long = [line for line in text.split("\f")[0].splitlines() if len(line) > 76]
        assert not long, f"{command.callback.__name__}: {long}"  # type: ignore[union-attr]


@pytest.mark.parametrize("command", ["replay", "selfplay", "watch", "play", "hint",
                                     "review", "rules", "bots", "serve", "prune", "arena",
                                     "league"])
def test_no_help_is_cut_off_on_80_columns(command: str,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Rich cuts a word longer than its help column with "…": an example such as
    ``expert:bid_samples=80,play_samples=40`` or ``sqlite:///cutthroat.db`` lost its end
    on an 80-column terminal. Every word of every help now fits."""
    monkeypatch.setenv("COLUMNS", "80")
    shown = invoke(command, "--help")
    assert shown.exit_code == 0
    assert "…" not in shown.stdout, [line for line in shown.stdout.splitlines()
                                     if "…" in line]


def test_replay_tells_apart_players_named_alike_or_not_at_all(tmp_path: Path) -> None:
    """RECORD.md lets a record name its players anything, twice the same or "" included:
    the account then gives each name its seat, so every line says who."""
    record = json.loads((EXAMPLES / f"{FULL}.json").read_text(encoding="utf-8"))
    record["players"] = ["Ann", "Ann", ""]
    path = tmp_path / "alike.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    done = invoke("replay", path)
    assert done.exit_code == 0
    assert "Players: 0 Ann, 1 Ann, 2 (no name)" in done.stdout
    scores = [line for line in done.stdout.splitlines() if line.startswith("  score: ")]
    # "Seat 2: 5", with a colon, as a name that ends in a digit is written before points
    assert scores and all(line.count("Ann (seat 0) ") == 1 and "Ann (seat 1) " in line
                          and re.search(r"Seat 2: \d+$", line) for line in scores)


def test_a_finished_game_is_said_to_be_over(tmp_path: Path) -> None:
    """``hint`` and ``play --resume`` on the record of a finished game say that it is
    over (not that its "last hand is over", nor a new seed to play it with)."""
    save = tmp_path / "done.json"
    assert invoke("watch", "--bots", "random,random,random", "--seed", "1", "--save",
                  save).exit_code == 0
    hinted = invoke("hint", save)
    assert hinted.exit_code == 1
    said = " ".join(hinted.stderr.split())
    assert "Nobody is to act in this record: the game is over." in said
    assert "(or a move of a hand played: --hand N [--move M])" in said  # where to look
    resumed = invoke("play", "--resume", save, "--seat", "0", "--plain")
    assert resumed.exit_code == 0
    lines = resumed.stdout.splitlines()
    assert lines[0] == f"The game in {save} is over: there is nothing left to play."
    assert lines[1].startswith("Game over after ") and "seed" not in resumed.stdout
    assert lines[2] == f"The expert's review of your choices: {program()} review {save}"


def test_bots_names_every_command_that_takes_them() -> None:
    listed = invoke("bots")
    assert listed.exit_code == 0
    footer = " ".join(listed.stdout.split()[-30:])
    for command in ("play", "watch", "arena", "league"):
        assert f"`cutthroat {command}`" in footer


def test_watch_shows_each_bot_by_its_spec_in_one_form() -> None:
    done = invoke("watch", "--bots", "RANDOM,random:,Random", "--seed", "1")
    assert done.exit_code == 0, done.output
    assert "West (random)" in done.stdout and "(RANDOM)" not in done.stdout
    assert "(random:)" not in done.stdout and "(Random)" not in done.stdout


def test_serve_rates_are_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --new-games lots`` or ``--chat-rate chatty``: a usage error naming the
    option; a good rate reaches the app."""
    import uvicorn

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append(app))
    done = invoke("serve", "--new-games", "lots", "--db", "sqlite://")
    assert done.exit_code == 2 and "--new-games" in done.stderr and not started
    done = invoke("serve", "--new-games", "5/minute", "--db", "sqlite://")
    assert done.exit_code == 0 and len(started) == 1
    done = invoke("serve", "--chat-rate", "chatty", "--db", "sqlite://")
    assert done.exit_code == 2 and "--chat-rate" in done.stderr and len(started) == 1
    done = invoke("serve", "--chat-rate", "3/minute", "--db", "sqlite://")
    assert done.exit_code == 0 and len(started) == 2
    assert str(started[1].state.server.chat_rate) == "3 per 1 minute"
    done = invoke("serve", "--ip-chat-rate", "chatty", "--db", "sqlite://")
    assert done.exit_code == 2 and "--ip-chat-rate" in done.stderr and len(started) == 2
    done = invoke("serve", "--ip-chat-rate", "900/10 minutes", "--db", "sqlite://")
    assert done.exit_code == 0 and len(started) == 3
    assert str(started[2].state.server.address_chat_rate) == "900 per 10 minute"


@pytest.mark.parametrize("option", ["--new-games", "--chat-rate", "--ip-chat-rate"])
@pytest.mark.parametrize("rate", ["1/0 seconds", "5 per 00 minutes"])
def test_serve_refuses_a_rate_over_no_time(monkeypatch: pytest.MonkeyPatch, option: str,
                                          rate: str) -> None:
    """``serve --new-games "1/0 seconds"`` was taken, and quietly read as "1/1 second": a
    rate over no time is a usage error naming the option."""
    import uvicorn

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append(app))
    done = invoke("serve", option, rate, "--db", "sqlite://")
    assert done.exit_code == 2 and option in done.stderr and not started
    assert "longer than 0" in done.stderr


@pytest.mark.parametrize("proxies", ["bogus", "300.1.1.1", "10.0.0.0/33", "",
                                     "127.0.0.1,", "10.0.0.5/24"])
def test_serve_refuses_proxies_that_are_no_address(monkeypatch: pytest.MonkeyPatch,
                                                   proxies: str) -> None:
    """``serve --forwarded-allow-ips bogus`` was taken (uvicorn trusts nobody by such a
    name, silently): each item must be an IP address, a network or ``*``, in the option
    or in ``$FORWARDED_ALLOW_IPS``; else a usage error naming where it came from."""
    import uvicorn

    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append(kwargs))
    done = invoke("serve", "--forwarded-allow-ips", proxies, "--db", "sqlite://")
    said = " ".join(done.stderr.replace("\u2502", " ").split())  # out of rich's box
    assert done.exit_code == 2 and "--forwarded-allow-ips" in said, done.output
    assert "is not an IP address or network" in said and not started
    monkeypatch.setenv("FORWARDED_ALLOW_IPS", proxies)
    done = invoke("serve", "--db", "sqlite://")
    assert done.exit_code == 2 and "$FORWARDED_ALLOW_IPS" in done.stderr and not started
    for good in ("*", "127.0.0.1, 10.0.0.0/8,::1", "fd00::/8"):
        done = invoke("serve", "--forwarded-allow-ips", good, "--db", "sqlite://")
        assert done.exit_code == 0, done.output
        assert started[-1]["forwarded_allow_ips"] == good
        # a request held by a database that does not answer does not keep it running
        assert started[-1]["timeout_graceful_shutdown"] == 10


@pytest.mark.parametrize("db", ["", "  "])
def test_serve_refuses_an_empty_db(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                   db: str) -> None:
    """``serve --db ''`` (a variable left unset, say) quietly kept the games in
    ./cutthroat.db: a usage error naming --db, and nothing made."""
    import uvicorn

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append(app))
    monkeypatch.chdir(tmp_path)
    done = invoke("serve", "--db", db)
    assert done.exit_code == 2 and "--db" in done.stderr and not started
    assert list(tmp_path.iterdir()) == []


def test_serve_stand_in_waits_reach_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --away-wait 5 --turn-wait 30``: the waits before a bot may play for a
    friend who has gone (docs/web.md); a negative wait is a usage error."""
    import uvicorn

    started: list[Any] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append(app))
    done = invoke("serve", "--away-wait", "-1", "--db", "sqlite://")
    assert done.exit_code == 2 and "--away-wait" in done.stderr and not started
    done = invoke("serve", "--away-wait", "5", "--turn-wait", "30", "--db", "sqlite://")
    assert done.exit_code == 0 and len(started) == 1
    assert started[0].state.server.waits == (5.0, 30.0)


def test_watch_stopped_by_the_guard_against_endless_play_names_no_winner(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``play_game`` stops after so many hands (1000); a game cut short there is not
    over, and watch said 'Game over after 1000 hands:  won.' with no winner."""
    import cutthroat.play_cli

    monkeypatch.setattr(cutthroat.play_cli, "play_game",
                        functools.partial(cutthroat.play_cli.play_game, max_hands=3))
    done = invoke("watch", "--bots", "random,random,random", "--set", "target=500")
    assert done.exit_code == 0, done.output
    assert done.output.rstrip().endswith(
        "Stopped after 3 hands with nobody at the target (500) yet.")
    assert "Game over" not in done.output


def test_watch_explain_tells_each_move_with_its_reason_and_plays_the_same_game() -> None:
    """``watch --explain`` tells every move as it is made with the bot's reason; the
    game is the one ``watch`` plays (the reasons come from the same choices)."""
    bots = "expert:play_samples=3,bid_samples=6,intermediate,beginner"
    plain = invoke("watch", "--seed", "3", "--bots", bots, "--set", "target=3")
    told = invoke("watch", "--seed", "3", "--bots", bots, "--set", "target=3", "--explain")
    assert plain.exit_code == 0 and told.exit_code == 0, told.output
    last = [line for line in plain.stdout.splitlines() if line.startswith("Game over")]
    assert last and last == [line for line in told.stdout.splitlines()
                             if line.startswith("Game over")]
    moves = [line for line in told.stdout.splitlines()
             if re.match(r"  (West|North|East) \(\S+\): (pass|order|pickup|leave|dummy|"
                         r"alone|call|trump|discard|keep|play)\b", line)]
    # none of these bots is mute; the move is said once ("play QH: the only legal
    # card", not "play QH - play QH: ...")
    assert moves and all(" - " in line or re.search(r"\): [^:]+: ", line) for line in moves)
    assert not [line for line in moves if re.search(r"\): (\w+)[^-]* - \1\b", line)]
    assert any("win chance" in line for line in moves)  # the expert's analysis
    assert any("North (intermediate): " in line for line in moves)
    scores = [line for line in told.stdout.splitlines() if line.startswith("  score: ")]
    assert scores == [line for line in plain.stdout.splitlines()
                      if line.startswith("  score: ")]


def test_version_is_shown_and_nothing_else_runs() -> None:
    from typer.testing import CliRunner

    from cutthroat import __version__
    from cutthroat.cli import app

    done = CliRunner().invoke(app, ["--version"])
    assert done.exit_code == 0 and done.output == f"cutthroat {__version__}\n"
    done = CliRunner().invoke(app, ["--version", "replay", "no-such-file.json"])
    assert done.exit_code == 0 and done.output == f"cutthroat {__version__}\n"


def test_serve_open_to_the_network_says_where_friends_reach_it(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``serve --host 0.0.0.0`` (HOST=0.0.0.0 make run): the address friends on the
    network use, not only localhost; none is guessed when the machine has no network
    or when the server listens on this machine only."""
    import uvicorn

    from cutthroat.server import command

    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: None)
    listened: list[Any] = []

    class Server:  # uvicorn's, on "::": none runs, and no Config sets up logging for
        def __init__(self, config: Any) -> None:  # good (on pytest's captured streams,
            pass  # closed after this test: every later test's log line then failed)

        def run(self, sockets: list[Any] | None = None) -> None:
            listened.extend(sockets or [])

    monkeypatch.setattr(uvicorn, "Server", Server)
    monkeypatch.setattr(uvicorn, "Config", lambda app, **kwargs: kwargs)
    monkeypatch.setattr(command, "dual_stack_socket", lambda port: f"[::]:{port}")
    # Nothing listens: ports 8123 and 8000 may be taken on a shared machine.
    monkeypatch.setattr(command, "check_listening", lambda host, port: None)
    monkeypatch.setattr(command, "network_address", lambda: "192.168.1.23")
    done = invoke("serve", "--host", "0.0.0.0", "--port", "8123", "--db", "sqlite://")
    assert done.exit_code == 0, done.output
    assert "Friends on your network reach it at http://192.168.1.23:8123/" in done.stdout
    done = invoke("serve", "--host", "::", "--port", "8123", "--db", "sqlite://")
    assert done.exit_code == 0, done.output  # every network, IPv6 and IPv4: said too
    assert "Friends on your network reach it at http://192.168.1.23:8123/" in done.stdout
    assert listened == ["[::]:8123"]  # on a socket of both families (below)
    done = invoke("serve", "--port", "8123", "--db", "sqlite://")  # 127.0.0.1 only
    assert done.exit_code == 0 and "Friends" not in done.stdout
    monkeypatch.setattr(command, "network_address", lambda: None)
    done = invoke("serve", "--host", "0.0.0.0", "--db", "sqlite://")
    assert done.exit_code == 0 and "Friends" not in done.stdout


def test_serve_on_every_address_takes_ipv4_too() -> None:
    """``serve --host ::`` listened on IPv6 alone (asyncio's sockets are IPv6-only), and
    announced the machine's IPv4 address, where a friend's browser was refused: its
    socket takes both."""
    import socket

    from cutthroat.server.command import dual_stack_socket

    with socket.socket() as probe:  # a free port
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    try:
        listener = dual_stack_socket(port)
    except OSError:  # a machine without IPv6: "::" is then a usage error, said before
        done = invoke("serve", "--host", "::", "--port", str(port), "--db", "sqlite://")
        said = " ".join(done.stderr.replace("\u2502", " ").split())
        assert done.exit_code == 2 and "Invalid value for --host" in said, said
        return
    try:
        assert listener.getsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY) == 0
        listener.listen()
        with socket.create_connection(("127.0.0.1", port), timeout=5):
            pass  # an IPv4 client is taken
    finally:
        listener.close()


def test_serve_names_the_option_it_refuses_and_keeps_seats_a_day_at_most(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """``--watch-pace nan`` was said to be a bad ``--new-games``; ``--keep-seats inf``
    was taken, and every game started to play again answered 500 (no number of seconds
    to say in its state)."""
    import uvicorn

    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: None)
    for option in ("--watch-pace", "--away-wait", "--turn-wait", "--hand-pause",
                   "--keep-seats", "--release-after"):
        done = invoke("serve", option, "nan", "--db", "sqlite://")
        said = " ".join(done.stderr.replace("\u2502", " ").split())
        assert done.exit_code == 2 and f"Invalid value for {option}" in said, said
    done = invoke("serve", "--keep-seats", "inf", "--db", "sqlite://")
    said = " ".join(done.stderr.replace("\u2502", " ").split())
    assert done.exit_code == 2 and "keep_seats must be at most 86400 seconds" in said


def test_the_network_address_is_none_or_one_a_friend_could_reach() -> None:
    from cutthroat.server.command import network_address

    found = network_address()  # this machine's; no packet is sent
    assert found is None or (found.count(".") == 3 and not found.startswith("127."))


@pytest.mark.parametrize("command", ["hint", "review"])
def test_hint_and_review_json_errors_are_json_as_replays(command: str,
                                                         tmp_path: Path) -> None:
    """``hint --json`` and ``review --json`` on a record they cannot use print replay's
    ``--json`` error object on standard output (status 1), so a program reading the
    JSON is told why; the human line stays on standard error."""
    cut = tmp_path / "cut.json"
    cut.write_text((EXAMPLES / f"{FULL}.json").read_text(encoding="utf-8")[:200],
                   encoding="utf-8")
    cases = {
        "missing": (tmp_path / "nofile.json", None, "no such file"),
        "cut off": (cut, None, "(cut off?)"),
        "illegal": (EXAMPLES / "09-renege-refused.json", 0, "must follow"),
        # hint: the game is over; review: no seat is called You
        "unusable": (EXAMPLES / f"{FULL}.json", None,
                     "Nobody is to act" if command == "hint" else "give --seat"),
    }
    for case, (path, hand, reason) in cases.items():
        done = invoke(command, path, "--json")
        assert done.exit_code == 1, case
        error = json.loads(done.stdout)["error"]
        assert set(error) >= {"hand", "action", "reason"}, case
        assert error["hand"] == hand and reason in error["reason"], case
        assert reason in done.stderr and done.stderr.count("\n") == 1, case
        plain = invoke(command, path)
        assert plain.exit_code == 1 and plain.stdout == "", case


def test_hint_at_a_point_of_a_finished_game_is_the_hint_of_the_game_cut_there() -> None:
    """``hint --hand N --move M`` advises before move M of hand N (from 1, as replay
    numbers hands): a finished game's record, where the hint at its end says nobody is
    to act, can be asked about any of its decisions."""
    import json as json_module

    full = EXAMPLES / f"{FULL}.json"
    record = json_module.loads(full.read_text(encoding="utf-8"))
    record["hands"] = record["hands"][:1]
    record["hands"][0]["actions"] = record["hands"][0]["actions"][:7]
    at = invoke("hint", full, "--hand", "1", "--move", "8", "--json", "--seed", "3")
    assert at.exit_code == 0, at.output
    cut = invoke("hint", "-", "--json", "--seed", "3", stdin=json_module.dumps(record).encode())
    assert json.loads(at.stdout) == json.loads(cut.stdout)  # the same position, advised
    assert json.loads(at.stdout)["seat"] == rec.replay(record).to_act
    first = invoke("hint", full, "--hand", "1", "--seed", "3")  # --move 1 by default
    assert first.exit_code == 0 and "first round of bidding" in first.stdout.splitlines()[0]
    moves = len(json_module.loads(full.read_text(encoding="utf-8"))["hands"][0]["actions"])
    hands = len(rec.replay(full).hands)
    for args, said in [
        (("--hand", str(hands + 1)), f"The record has {hands} hands: there is no hand "
                                     f"{hands + 1}."),
        (("--hand", "1", "--move", str(moves + 2)), f"Hand 1 of the record has {moves} "
                                                    f"moves: there is no move {moves + 2}."),
        (("--hand", "1", "--move", str(moves + 1)), f"Hand 1 is over after its {moves} "
                                                    f"moves: nobody is to act at move "
                                                    f"{moves + 1}."),
    ]:
        refused = invoke("hint", full, *args, "--json")
        assert refused.exit_code == 1 and refused.stderr.strip() == said, refused.output
        assert json.loads(refused.stdout)["error"]["reason"] == said
    alone = invoke("hint", full, "--move", "3")
    assert alone.exit_code == 2 and "give --hand too" in alone.output


def test_names_with_control_characters_cannot_break_lines_or_drive_the_terminal(
        tmp_path: Path) -> None:
    """A record may name its players anything (RECORD.md): a newline or a terminal's
    escape code in a name is printed as an escape by ``replay``, ``hint`` and
    ``review``, so each line stays a line and no escape reaches the terminal."""
    names = ["\x1b[31mRed\x1b[0m", "Line\nBreak", "You"]
    for example, command in ((FULL, ("replay",)), ("07-in-progress", ("hint",)),
                             (FULL, ("review", "--samples", "2", "--seat", "0"))):
        record = json.loads((EXAMPLES / f"{example}.json").read_text(encoding="utf-8"))
        record["players"] = names
        path = tmp_path / f"{example}.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        done = cutthroat(*command, path)
        assert done.returncode == 0, done.stderr
        out = done.stdout.decode()
        assert "Line\\nBreak" in out or "\\x1b[31mRed" in out, (command, out)
        assert not re.search(r"[\x00-\x09\x0b-\x1f\x7f]", out), command
        assert "Line\nBreak" not in out, command


def test_serve_takes_the_per_address_limits_for_a_club_behind_one_address(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A club's members share one public address: the per-address limits (64 sockets,
    64 HTTP connections, one game of three bots) could not be raised. Each has an
    option, checked, and reaches the server; left out, the defaults stand."""
    import uvicorn

    from cutthroat.server.connections import CONNECTIONS_PER_ADDRESS, GuardedH11Protocol

    started: list[tuple[Any, dict[str, Any]]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append((app, kwargs)))
    done = invoke("serve", "--db", "sqlite://", "--ip-sockets", "300",
                  "--ip-connections", "200", "--ip-watch-games", "3")
    assert done.exit_code == 0, done.output
    app, kwargs = started[-1]
    assert app.state.server.sockets_per_address == 300
    assert app.state.server.watch_games_per_address == 3
    assert issubclass(kwargs["http"], GuardedH11Protocol) and kwargs["http"].per_address == 200
    assert invoke("serve", "--db", "sqlite://").exit_code == 0
    app, kwargs = started[-1]
    assert kwargs["http"].per_address == CONNECTIONS_PER_ADDRESS
    assert app.state.server.sockets_per_address == 64
    assert app.state.server.watch_games_per_address == 1
    refused = invoke("serve", "--db", "sqlite://", "--ip-sockets", "0")
    assert refused.exit_code == 2 and "--ip-sockets" in refused.output


def test_serve_logs_each_line_with_its_time_and_the_games_own_lines_alike(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The server's log had no time on any line, and the game's own lines ("game X
    could not be saved") came bare beside uvicorn's "WARNING:  ...": one format, with
    the date and time, for both."""
    import logging

    import uvicorn
    from uvicorn.logging import DefaultFormatter

    started: list[dict[str, Any]] = []
    monkeypatch.setattr(uvicorn, "run", lambda app, **kwargs: started.append(kwargs))
    assert invoke("serve", "--db", "sqlite://").exit_code == 0
    config = started[-1]["log_config"]
    assert all(f["fmt"].startswith("%(asctime)s ") for f in config["formatters"].values())
    assert config["loggers"]["cutthroat"]["handlers"] == ["default"]
    default = config["formatters"]["default"]
    formatter = DefaultFormatter(fmt=default["fmt"], datefmt=default["datefmt"],
                                 use_colors=False)
    line = formatter.format(logging.LogRecord("cutthroat.server", logging.WARNING, __file__,
                                              1, "game %s could not be saved", ("abc",), None))
    assert re.fullmatch(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d WARNING: +game abc could not be "
                        r"saved", line), line


def test_serve_access_log_logs_each_request_without_its_query(tmp_path: Path) -> None:
    """A host had no way to see the requests the server answers: ``--access-log``
    logs each, as uvicorn does, but its path without the query, where a program may
    give a seat's token (a password). Without it, no request is logged."""
    import urllib.error
    import urllib.request

    from browser_helpers import _free_port, run_server

    for option in ("--access-log", None):
        port = _free_port()
        db = tmp_path / f"games-{port}.db"
        with run_server(port, db, *([option] if option else [])) as base:
            urllib.request.urlopen(base + "/api/bots").close()
            with pytest.raises(urllib.error.HTTPError):
                urllib.request.urlopen(base + "/api/games/nosuchgame?token=SECRET-TOKEN")
        log = db.with_suffix(f".{port}.log").read_text()
        assert "SECRET-TOKEN" not in log and "token=" not in log, log
        logged = re.search(r'\d\d:\d\d:\d\d INFO: +127\.0\.0\.1:\d+ - "GET '
                           r'/api/games/nosuchgame HTTP/1\.1" 404', log)
        assert bool(logged) == (option is not None), log


def test_arguments_are_named_in_capitals_as_the_options_values_are() -> None:
    """The usage line and "Missing argument" said ``{file}`` and ``[name]`` where every
    option's value reads in capitals; ``--set`` gives its example on every command."""
    for command in ("replay", "hint", "review"):
        done = invoke(command)
        assert done.exit_code == 2 and "Missing argument 'FILE'" in done.output
    assert "[NAME]" in invoke("bots", "--help").output
    for command in ("watch", "play", "rules", "selfplay", "arena", "league"):
        shown = " ".join(invoke(command, "--help").output.replace("│", " ").split())
        assert "Override a rules field, e.g. --set deck=25 (repeatable)." in shown, command


def test_bots_takes_a_whole_spec_and_checks_its_options() -> None:
    """``cutthroat bots expert:play_samples=5`` said "unknown bot": the spec a --bots
    takes is read, its options checked as a line-up's are, and said."""
    done = invoke("bots", "expert:play_samples=5")
    assert done.exit_code == 0, done.output
    lines = done.stdout.splitlines()
    assert lines[0].startswith("expert: ")
    assert lines[1] == "This spec sets play_samples=5; the others keep their defaults."
    wrong = invoke("bots", "expert:play_samples=x")
    assert wrong.exit_code == 2
    assert "option play_samples takes int, not 'x'" in unboxed(wrong.stderr)
    assert invoke("bots", "random:speed=2").exit_code == 2
