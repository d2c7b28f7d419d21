"""Unit tests of :mod:`cutthroat.record` in-process: errors, strict JSON, the project's
choices where RECORD.md is silent, ``to_record``/``replay`` identity, and ``next``.

The command's byte-level contract is tested from the outside in ``test_cli.py``.
"""

from __future__ import annotations

import copy
import functools
import itertools
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cutthroat import (
    PRESETS,
    Action,
    ActionParseError,
    CutthroatError,
    Game,
    Hand,
    Phase,
    Rules,
    deck,
)
from cutthroat import record as rec
from cutthroat.cli import random_variants
from cutthroat.rules import RulesError

EXAMPLES = Path(__file__).resolve().parents[2] / "shared" / "examples"
"""The worked examples of RECORD.md."""

FULL = "01-standard-full-game"
JOKER = "05-joker-turned-up"
NO_DUMMY = "06-no-dummy-32-cards"
IN_PROGRESS = "07-in-progress"
RENEGE = "09-renege-refused"


@functools.cache
def _load(name: str) -> Any:
    assert EXAMPLES.is_dir(), f"{EXAMPLES} is missing"
    return json.loads((EXAMPLES / f"{name}.json").read_text(encoding="utf-8"))


def example(name: str) -> dict[str, Any]:
    """A fresh copy of the example record ``NAME.json``."""
    return copy.deepcopy(_load(name))


def example_names() -> list[str]:
    """Every example record's name (failing, not skipping, when the folder is missing)."""
    assert EXAMPLES.is_dir(), f"{EXAMPLES} is missing"
    names = sorted(p.name.removesuffix(".json") for p in EXAMPLES.glob("*.json")
                   if not p.name.endswith(".expected.json"))
    assert names
    return names


def error_of(record: Any) -> rec.RecordError:
    """The :class:`RecordError` that replaying ``record`` raises."""
    with pytest.raises(rec.RecordError) as info:
        rec.replay(record)
    return info.value


def where(record: Any) -> tuple[int | None, int | None, str | None]:
    """``(hand, action, text)`` of the error in ``record``."""
    exc = error_of(record)
    return exc.hand, exc.action, exc.text


def one_hand(name: str, index: int, actions: list[Any] | None = None) -> dict[str, Any]:
    """A record of just hand ``index`` of an example (the first dealer is free)."""
    record = example(name)
    hand = record["hands"][index]
    if actions is not None:
        hand["actions"] = actions
    record["hands"] = [hand]
    return record


# --- RecordError and strict JSON ----------------------------------------------------------


def test_record_error_fields_and_message() -> None:
    """A RecordError carries its location; ``str`` puts the location before the reason."""
    exc = rec.RecordError("seat 2 must follow hearts", hand=0, action=8, text="2 play 9S")
    assert (exc.hand, exc.action, exc.text, exc.reason) == (0, 8, "2 play 9S",
                                                            "seat 2 must follow hearts")
    assert str(exc) == "hand 0, action 8: seat 2 must follow hearts"
    assert isinstance(exc, ValueError) and isinstance(exc, CutthroatError)
    assert exc.to_json() == {"error": {"hand": 0, "action": 8, "text": "2 play 9S",
                                       "reason": "seat 2 must follow hearts"}}


def test_record_error_without_action_has_no_text() -> None:
    """``text`` is present only when ``action`` is not null."""
    whole = rec.RecordError("the record must be a JSON object")
    assert (whole.hand, whole.action, whole.text) == (None, None, None)
    assert str(whole) == "the record must be a JSON object"
    assert whole.to_json() == {"error": {"hand": None, "action": None,
                                         "reason": "the record must be a JSON object"}}
    hand = rec.RecordError("bad deal", hand=3)
    assert str(hand) == "hand 3: bad deal"
    assert list(hand.to_json()["error"]) == ["hand", "action", "reason"]


def test_replay_error_names_the_renege() -> None:
    """The renege of example 09: hand 0, action 8, its text, and a reason to act on."""
    exc = error_of(example(RENEGE))
    assert (exc.hand, exc.action, exc.text) == (0, 8, "2 play 9S")
    assert "hearts" in exc.reason
    assert str(exc).startswith("hand 0, action 8: ")


@pytest.mark.parametrize("constant", ["NaN", "Infinity", "-Infinity"])
def test_loads_rejects_non_json_constants(constant: str) -> None:
    """NaN and Infinity are not JSON, wherever they stand (even inside a hand)."""
    for text in (f'{{"format": "cutthroat-record/1", "rules": {{"target": {constant}}}}}',
                 f'{{"format": "cutthroat-record/1", "hands": [{{"dealer": {constant}}}]}}',
                 constant):
        with pytest.raises(rec.RecordError) as info:
            rec.loads(text)
        assert (info.value.hand, info.value.action) == (None, None)
        assert (info.value.hand, info.value.action) == where(text)[:2]


def test_a_number_of_thousands_of_digits_is_refused_in_words() -> None:
    """Python will not read an integer of over 4,300 digits: the record is refused with
    a sentence, not Python's advice to call ``sys.set_int_max_str_digits()``."""
    text = '{"format": "cutthroat-record/1", "rules": {"target": ' + "9" * 5000 + "}}"
    with pytest.raises(rec.RecordError) as info:
        rec.loads(text)
    assert str(info.value) == ("the record cannot be read: it holds a number of "
                               "thousands of digits")  # valid JSON: not "not valid JSON"
    assert (info.value.hand, info.value.action) == (None, None)


def test_the_json_reader_s_own_words_are_put_as_a_player_reads_them() -> None:
    """A tab inside a name was "invalid control character at" (cut off: Python's words
    go on with the place), two byte-order marks "Unexpected UTF-8 BOM (decode using
    utf-8-sig)" (advice to a programmer), and valid JSON nested past the reader's depth
    "not valid JSON"."""
    tab = '{"format": "cutthroat-record/1", "players": ["A\tB", "C", "D"]}'
    assert rec.report(tab)[1]["error"]["reason"] == (
        "the record is not valid JSON at line 1, column 48: a control character inside a "
        "string (a tab or a line break is \\t or \\n)")
    assert rec.report('\ufeff\ufeff{"format": "cutthroat-record/1"}')[1]["error"][
        "reason"] == "the record is not valid JSON: it begins with a second byte-order mark"
    deep = '{"format": "cutthroat-record/1", "players": ' + "[" * 5000 + "]" * 5000 + "}"
    assert rec.report(deep)[1]["error"]["reason"] == (
        "the record cannot be read: its lists or objects are nested too deeply")


def test_one_byte_order_mark_is_passed_over_in_text_as_in_a_file(tmp_path: Path) -> None:
    """A file read as UTF-8 without ``utf-8-sig`` keeps Notepad's byte-order mark: the
    text was refused where the file itself was read."""
    text = '\ufeff{"format": "cutthroat-record/1", "players": ["Ann", "Ben", "Cal"]}'
    assert rec.loads(text) == rec.loads(text.encode("utf-8"))
    assert rec.replay(text).players == ("Ann", "Ben", "Cal")


def test_loads_reads_text_and_bytes() -> None:
    """``loads`` takes ``str`` or UTF-8 ``bytes`` and returns what ``json.loads`` does."""
    text = (EXAMPLES / f"{FULL}.json").read_text(encoding="utf-8")
    assert rec.loads(text) == json.loads(text) == rec.loads(text.encode("utf-8"))
    assert rec.loads('{"players": ["Zoë", "Łukasz", "李"]}')["players"][0] == "Zoë"


@pytest.mark.parametrize(
    "data",
    [b"", b"{", b"\xff{}", b'{"a": 1} {"b": 2}', "[" * 100_000, "\ufeff\ufeff{}",
     b"\xef\xbb\xbf\xef\xbb\xbf{}", "1" * 5000],
    ids=["empty", "open-brace", "not-utf8", "two-objects", "too-deep", "two-boms",
         "two-boms-bytes", "huge-int"],
)
def test_loads_refusals(data: str | bytes) -> None:
    """Not JSON, not UTF-8, nested past Python's recursion limit, a second byte-order
    mark, an integer of more than 4300 digits: each is refused as unreadable JSON."""
    with pytest.raises(rec.RecordError) as info:
        rec.loads(data)
    assert (info.value.hand, info.value.action, info.value.text) == (None, None, None)


def test_replay_takes_text_bytes_or_parsed_json() -> None:
    """``replay`` of the text, its bytes and the parsed object give the same game."""
    text = (EXAMPLES / f"{IN_PROGRESS}.json").read_text(encoding="utf-8")
    records = [rec.to_record(rec.replay(x))
               for x in (text, text.encode("utf-8"), json.loads(text))]
    assert records[0] == records[1] == records[2]


def test_replay_and_loads_take_a_path_as_a_file_and_a_str_as_text(tmp_path: Path) -> None:
    """A ``pathlib.Path`` (any os.PathLike) is a record file, read as UTF-8 (less a
    leading byte-order mark, as ``cutthroat replay FILE`` reads it); a ``str`` is always
    the JSON text, never a file name; report takes a path too."""
    source = EXAMPLES / f"{FULL}.json"
    text = source.read_text(encoding="utf-8")
    expected = rec.to_record(rec.replay(text))
    assert rec.to_record(rec.replay(source)) == expected
    assert rec.loads(source) == json.loads(text)
    assert rec.report(source) == rec.report(text)
    marked = tmp_path / "bom.json"
    marked.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert rec.to_record(rec.replay(marked)) == expected

    class Where:  # a PathLike that is no pathlib.Path
        def __fspath__(self) -> str:
            return str(source)

    assert rec.to_record(rec.replay(Where())) == expected
    with pytest.raises(rec.RecordError, match="the record is not valid JSON"):
        rec.replay(str(source))  # a str is text, even one that names a file
    latin = tmp_path / "latin.json"
    latin.write_bytes('{"players": ["Zoë", "B", "C"]}'.encode("latin-1"))
    with pytest.raises(rec.RecordError, match="it is not UTF-8 text"):
        rec.replay(latin)
    empty = tmp_path / "empty.json"
    empty.write_bytes(b"")
    with pytest.raises(rec.RecordError, match="it is empty"):
        rec.loads(empty)
    with pytest.raises(FileNotFoundError):
        rec.replay(tmp_path / "missing.json")


# --- the header and the project's choices -------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [None, "standard", "benny", "stick", {}, {"preset": "standard"},
     {"preset": "benny", "deck": 24}, {"maker_alone_march": None},
     {"maker_alone_march": 5, "march_points": 2, "target": 1, "tie": "share"},
     {"dummy": False, "deck": 25}],
    ids=str,
)
def test_rules_accepted(rules: Any) -> None:
    """``rules`` absent, a preset name, or an object overriding a preset."""
    record: dict[str, Any] = {"format": rec.FORMAT}
    if rules is not None:
        record["rules"] = rules
    game = rec.replay(record)
    want = Rules.from_json(rules)
    assert game.rules == want
    if rules is None:
        assert game.rules == PRESETS["standard"]


@pytest.mark.parametrize(
    "rules",
    [{"jokers": 2}, "nonesuch", "Standard", {"preset": "nonesuch"}, {"preset": None},
     {"deck": 24.0}, {"deck": "24"}, {"deck": 23}, {"deck": True}, {"dummy": 1},
     {"dummy": None}, {"stick_the_dealer": 0}, {"may_name_turned_down_suit": "yes"},
     {"target": -1}, {"target": 0}, {"target": 10.0}, {"march_points": True},
     {"march_points": None}, {"maker_alone_march": 0}, {"maker_alone_march": 3.0},
     {"tie": "draw"}, {"tie": None}, ["standard"], 24, True],
    ids=str,
)
def test_rules_refused(rules: Any) -> None:
    """An unknown field or preset, or a value of the wrong type or range: hand null."""
    assert where({"format": rec.FORMAT, "rules": rules}) == (None, None, None)


@pytest.mark.parametrize(
    "players",
    [["Ann", "Ben"], ["Ann", "Ben", "Cal", "Dee"], [], [1, 2, 3], ["Ann", None, "Cal"],
     "Ann Ben Cal", {"0": "Ann"}, 3],
    ids=str,
)
def test_players_refused(players: Any) -> None:
    """``players`` must be a list of three strings."""
    assert where({"format": rec.FORMAT, "players": players}) == (None, None, None)


def test_players_used_or_defaulted() -> None:
    """Names come from the record; absent (or null) gives the default names."""
    assert rec.replay({"format": rec.FORMAT, "players": ["Ann", "", "Ann"]}).players == (
        "Ann", "", "Ann")
    default = ("Seat 0", "Seat 1", "Seat 2")
    assert rec.replay({"format": rec.FORMAT}).players == default
    with pytest.raises(rec.RecordError, match="players must be a list of three names"):
        rec.replay({"format": rec.FORMAT, "players": None})  # left out, not null


@pytest.mark.parametrize("fmt", [None, "", "cutthroat-record/1 ", "cutthroat-record/2", 1])
def test_format_refused(fmt: Any) -> None:
    """``format`` is exactly ``cutthroat-record/1``."""
    assert where({"format": fmt}) == (None, None, None)
    assert where({}) == (None, None, None)


def test_unknown_top_level_key_refused() -> None:
    """Project choice: an unknown top-level key is an error of the whole record,
    found before any hand is read."""
    record = example(FULL)
    record["comment"] = "hello"
    record["hands"][0]["actions"][0] = "2 fly"
    assert where(record) == (None, None, None)


def test_unknown_hand_key_refused() -> None:
    """Project choice: an unknown key in a hand is an error of that hand."""
    record = example(FULL)
    record["hands"][3]["note"] = "x"
    assert where(record) == (3, None, None)


def test_unknown_deal_key_refused() -> None:
    """Project choice: a deal holds only ``0``, ``1``, ``2``, ``dummy`` and ``kitty``."""
    record = example(FULL)
    record["hands"][3]["deal"]["3"] = []
    assert where(record) == (3, None, None)


@pytest.mark.parametrize(
    ("change", "location"),
    [
        ({"hands": {}}, (None, None, None)),
        ({"hands": None}, (None, None, None)),
        ({"hands": "x"}, (None, None, None)),
        ({"hands": [[]]}, (0, None, None)),
        ({"hands": [None]}, (0, None, None)),
    ],
    ids=str,
)
def test_hands_shape_refused(change: dict[str, Any],
                             location: tuple[int | None, int | None, str | None]) -> None:
    """``hands`` must be a list (or absent) and each hand an object."""
    assert where({"format": rec.FORMAT, **change}) == location


def test_actions_must_be_a_list() -> None:
    """A hand's ``actions`` is a list (or absent): otherwise an error of that hand."""
    for value in ("1 pass", None, {"0": "1 pass"}):
        record = example(FULL)
        record["hands"][5]["actions"] = value
        assert where(record) == (5, None, None)


@pytest.mark.parametrize(
    ("value", "text"),
    [(42, "42"), (None, "null"), (1.5, "1.5"), (True, "true"), (["1 pass"], '["1 pass"]'),
     ({"seat": 1}, '{"seat": 1}'), ("", "")],
    ids=str,
)
def test_non_string_action_text_is_its_json(value: Any, text: str) -> None:
    """Project choice: the ``text`` of an action that is not a string is its JSON text
    (as Python's ``json.dumps`` writes it)."""
    record = example(FULL)
    record["hands"][1]["actions"][3] = value
    assert where(record) == (1, 3, text)


def test_lenient_action_and_card_text_written_back_canonically() -> None:
    """Project choice: actions and cards read case-insensitively, ``10`` for ``T``, a
    ``keep``'s cards in any order; ``to_record`` writes the canonical form (a ``keep``'s
    cards in card-id order: suits C D H S, then rank)."""
    record = one_hand(FULL, 0)
    canonical = copy.deepcopy(record)
    canonical["rules"] = {"preset": "standard"}
    canonical["hands"][0]["actions"][4] = "2 keep TC QD JH 9S JS"
    hand = record["hands"][0]
    hand["deal"]["0"] = [c.lower() for c in hand["deal"]["0"]]
    hand["deal"]["1"] = [c.replace("T", "10") for c in hand["deal"]["1"]]
    actions = hand["actions"]
    actions[0] = "1 PASS"
    actions[4] = "2 keep tc qd js jh 9s"
    actions[7] = "1  play 10h"
    assert rec.to_record(rec.replay(record)) == canonical


@pytest.mark.parametrize("text", ["1\tpass", "1 pass\t", "\t1 pass", "1 pass\n",
                                  "1\u00a0pass"], ids=repr)
def test_an_action_with_a_tab_or_line_break_is_refused(text: str) -> None:
    """docs/record.md: leading, trailing and doubled spaces are ignored, but only spaces
    separate an action's words (a tab anywhere is refused, as between seat and verb)."""
    record = example(FULL)
    record["hands"][0]["actions"][0] = text
    error = error_of(record)
    assert (error.hand, error.action, error.text) == (0, 0, text)
    assert "only spaces" in error.reason


def test_an_action_with_a_tab_between_verb_and_card_is_refused() -> None:
    record = example(FULL)
    actions = record["hands"][1]["actions"]
    index = next(i for i, a in enumerate(actions) if " play " in a)
    actions[index] = actions[index].replace(" play ", " play\t")
    assert where(record) == (1, index, actions[index])


def test_a_verb_or_card_whose_case_mapping_is_the_notation_is_refused() -> None:
    """The notation is ASCII, in upper or lower case. A verb whose lower case is one
    ('\u212aeep': the Kelvin sign's lower case is 'k') or a card whose upper case is
    one ('9\u017f': the long s's is 'S') was taken as that verb or card, so
    `cutthroat replay` called legal what a careful reader of RULES.md refuses."""
    with pytest.raises(ActionParseError, match="unknown verb"):
        Action.parse("\u212aeep 9S JH JS QD TC")
    with pytest.raises(ActionParseError, match="not a suit"):
        Action.parse("call \u017f")
    with pytest.raises(ActionParseError, match="not a card"):
        Action.parse("play J\u017f")
    record = example(FULL)
    actions = record["hands"][1]["actions"]
    index = next(i for i, a in enumerate(actions) if " play " in a)
    actions[index] = actions[index].replace(" play ", " PLAY ").lower()
    assert rec.report(record)[0] == 0  # upper or lower case: the notation
    for card in ("9\u017f", "J H", " QD", "joker"):
        record = example(FULL)
        record["hands"][0]["deal"]["0"][0] = card
        assert where(record) == (0, None, None), card


def test_thrown_in_hand_is_its_own_hand() -> None:
    """R10: a thrown-in hand is a hand of its own and the deal passes on."""
    game = rec.replay(example(FULL))
    assert game.hands[6].result is not None and game.hands[6].result.thrown_in
    assert [h.dealer for h in game.hands] == [0, 1, 2, 0, 1, 2, 0, 1]


def test_order_from_the_top() -> None:
    """The first thing wrong wins: the header, then each hand's header and deal, then
    its actions in order, then the next hand."""
    record = example(FULL)
    record["hands"][4]["dealer"] = 0
    record["hands"][2]["actions"][9] = "0 fly"
    record["hands"][2]["actions"][3] = "2 fly"
    assert where(record) == (2, 3, "2 fly")
    record["hands"][2]["deal"]["kitty"] = []
    assert where(record) == (2, None, None)
    record["players"] = "nobody"
    assert where(record) == (None, None, None)


# --- to_record and replay -----------------------------------------------------------------


def random_game(rules: Rules, seed: int, *, stop: int | None = None) -> Game:
    """A game of random legal actions; with ``stop``, cut after that many actions."""
    rng = random.Random(seed)
    game = Game(rules, seed=seed)
    count = 0
    while not game.is_over and (stop is None or count < stop):
        hand = game.hand
        if hand is None or hand.is_over:
            hand = game.deal()
            continue
        game.push(rng.choice(hand.legal_actions()))
        count += 1
    return game


RULE_SETS = [*(PRESETS[name] for name in sorted(PRESETS)),
             *(random_variants(random.Random(seed)) for seed in range(8))]


@pytest.mark.parametrize("rules", RULE_SETS, ids=lambda r: r.describe())
def test_to_record_replay_identity(rules: Rules) -> None:
    """``to_record(replay(to_record(game))) == to_record(game)``, through JSON text too,
    for finished games and games cut at any point; the replayed game agrees."""
    for seed in range(3):
        for stop in (None, 1, 9, 23, 60):
            game = random_game(rules, seed, stop=stop)
            record = rec.to_record(game)
            again = rec.replay(json.loads(json.dumps(record)))
            assert rec.to_record(again) == record
            assert rec.summary(again) == rec.summary(game)
            assert rec.replay(rec.dumps(game)).scores == game.scores
            assert again.rules == rules


def test_to_record_shape() -> None:
    """The written record: format, rules as an object, hands; players only if named."""
    game = random_game(PRESETS["no-dummy"], 4)
    record = rec.to_record(game)
    assert list(record) == ["format", "rules", "hands"]
    assert record["format"] == "cutthroat-record/1"
    assert record["rules"] == {"preset": "standard", "dummy": False}
    for hand in record["hands"]:
        assert list(hand) == ["dealer", "deal", "actions"]
        assert list(hand["deal"]) == ["0", "1", "2", "kitty"]
        assert all(isinstance(a, str) for a in hand["actions"])
    named = Game(players=["Ann", "Ben", "Cal"])
    assert rec.to_record(named)["players"] == ["Ann", "Ben", "Cal"]
    assert rec.to_record(named)["hands"] == []


def test_dumps() -> None:
    """``dumps`` is the record as JSON text; ``indent=None`` gives one line."""
    game = random_game(Rules(), 2)
    assert json.loads(rec.dumps(game)) == rec.to_record(game)
    assert "\n" not in rec.dumps(game, indent=None)
    assert json.loads(rec.dumps(game, indent=None)) == rec.to_record(game)


def test_summary_and_report() -> None:
    """``report`` is ``(0, summary)`` for a legal record and ``(1, error)`` otherwise."""
    empty = {"hands": [], "scores": [0, 0, 0], "over": False, "winners": [], "next": None}
    assert rec.summary(Game()) == empty
    assert rec.report({"format": rec.FORMAT}) == (0, empty)
    record = example(IN_PROGRESS)
    assert rec.report(record) == (0, rec.summary(rec.replay(record)))
    status, obj = rec.report(example(RENEGE))
    assert status == 1 and obj == error_of(example(RENEGE)).to_json()
    assert rec.report("{") == (1, error_of("{").to_json())


# --- next: every legal action, and nothing else --------------------------------------------


def normal_action(text: str) -> str:
    """An action's text with a ``keep``'s five cards in a fixed order."""
    verb, *args = text.split()
    return " ".join([verb, *(sorted(args) if verb == "keep" else args)])


def candidates(game: Game, seat: int) -> list[str]:
    """Every action text a seat might try: each absolute action, and when the maker is
    keeping, every five of his ten cards plus a few that include a card he lacks."""
    texts = [str(Action.from_id(i)) for i in range(80)]
    hand = game.hand
    assert hand is not None
    if hand.phase is Phase.KEEP:
        ten = [str(c) for c in hand.cards(seat)]
        assert len(ten) == 10
        texts += ["keep " + " ".join(c) for c in itertools.combinations(ten, 5)]
        lacking = next(str(c) for c in deck(game.rules.deck) if str(c) not in ten)
        texts += ["keep " + " ".join([*c, lacking]) for c in itertools.combinations(ten, 4)]
    return texts


@pytest.mark.parametrize(
    ("name", "index"),
    [(FULL, 0), (FULL, 7), (JOKER, 1), (NO_DUMMY, 1), (NO_DUMMY, 4)],
)
def test_next_lists_exactly_the_accepted_actions(name: str, index: int) -> None:
    """At every point of a hand, ``next.legal`` is exactly the set of actions by
    ``next.seat`` that the record would accept there, and no other seat may act."""
    actions = example(name)["hands"][index]["actions"]
    for cut in range(len(actions) + 1):
        record = one_hand(name, index, actions[:cut])
        game = rec.replay(record)
        nxt = rec.summary(game)["next"]
        if cut == len(actions):
            assert nxt is None
            break
        seat = nxt["seat"]
        accepted = set()
        for text in candidates(game, seat):
            record["hands"][0]["actions"] = [*actions[:cut], f"{seat} {text}"]
            try:
                rec.replay(record)
            except rec.RecordError:
                continue
            accepted.add(normal_action(text))
        assert accepted == {normal_action(t) for t in nxt["legal"]}, cut
        assert len(nxt["legal"]) == len(accepted)
        for other in {0, 1, 2} - {seat}:
            for text in nxt["legal"][:5]:
                record["hands"][0]["actions"] = [*actions[:cut], f"{other} {text}"]
                assert where(record) == (0, cut, f"{other} {text}")


def test_next_follows_every_example() -> None:
    """At every point of every example hand, the record's next action is in ``next``."""
    for name in example_names():
        record = example(name)
        for hand in record["hands"]:
            actions = hand["actions"]
            for cut, move in enumerate(actions):
                short = {**record, "hands": [{**hand, "actions": actions[:cut]}]}
                nxt = rec.summary(rec.replay(short))["next"]
                seat, text = move.split(" ", 1)
                assert nxt is not None and nxt["seat"] == int(seat)
                legal = {normal_action(t) for t in nxt["legal"]}
                renege = (name, cut) == (RENEGE, 8)
                assert (normal_action(text) in legal) is not renege, (name, cut, move)


def _thrown_in_hands(count: int) -> dict[str, Any]:
    """A record of ``count`` thrown-in hands (R10): a game that never ends is legal."""
    game = Game(seed=5)
    for _ in range(count):
        hand = game.deal()
        while not hand.is_over:
            hand.push("pass")
    return rec.to_record(game)


def test_replaying_a_record_of_many_hands_reads_each_result_a_bounded_number_of_times(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """R22's scores were added up again from the first hand at every hand, so a record
    of 8,000 thrown-in hands took 42 s to replay (a server replaying records could be
    tied up by a few megabytes of valid input). The work per hand is now the same
    however long the game: twice the hands, twice the reads of hands' results."""
    reads = [0]
    plain = Hand.result

    def counted(hand: Hand) -> Any:
        reads[0] += 1
        return plain.fget(hand)  # type: ignore[attr-defined]

    monkeypatch.setattr(Hand, "result", property(counted))
    work = {}
    for count in (100, 200, 400):
        record = _thrown_in_hands(count)
        reads[0] = 0
        game = rec.replay(record)
        assert len(game.hands) == count and not game.is_over
        work[count] = reads[0]
    assert work[400] <= 2.2 * work[200] and work[200] <= 2.2 * work[100], work


def test_a_rules_value_nested_as_deep_as_json_reads_is_an_error_not_a_crash() -> None:
    """A list nested about 975 deep in a rules field got past the JSON reader and
    crashed in the error's message (json.dumps: RecursionError, a traceback from
    `cutthroat replay`); where the band lies depends on the stack, so every depth up to
    the reader's own refusal is tried: each is a record error, rules-level."""
    refused_by_the_reader = 0
    for depth in range(800, 1200, 3):
        for field in ("deck", "tie", "dummy"):
            text = (f'{{"format": "cutthroat-record/1", "rules": {{"{field}": '
                    + "[" * depth + "]" * depth + "}}")
            status, answer = rec.report(text)
            assert status == 1 and answer["error"]["hand"] is None, depth
            reason = answer["error"]["reason"]
            refused_by_the_reader += reason.endswith("nested too deeply")
            assert reason.startswith(("bad rules: ", "the record cannot be read")), reason
    assert refused_by_the_reader  # the depths tried reach the reader's limit
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    with pytest.raises(RulesError, match="not a list nested too deeply to show"):
        Rules(deck=deep)  # type: ignore[arg-type]


@pytest.mark.parametrize(("record", "reason"), [
    ({"format": rec.FORMAT, 1: 0, "x": 0}, "unknown record field 1"),
    ({"format": rec.FORMAT, "rules": {1: 2}}, "bad rules: unknown rules field 1"),
    ({"format": rec.FORMAT, "hands": [{1: 2, "dealer": 0}]}, "unknown hand field 1"),
])
def test_report_answers_a_dict_with_keys_that_are_no_text(record: Any, reason: str) -> None:
    """No JSON has such a key, but a dict built in Python may: report() raised a
    TypeError (sorting 1 with 'x', or Rules(**{1: 2})) instead of answering."""
    status, answer = rec.report(record)
    assert status == 1 and answer["error"]["reason"].startswith(reason)


def test_r4_a_record_with_no_hands_draws_its_first_dealer_as_a_new_game_does() -> None:
    """A record holds the first dealer only in its first hand. One with no hands yet
    (saved before the first deal) replayed with seat 0 as the first dealer, whatever
    the seed: R4 draws him at random. It is now the game that seed starts, its first
    dealer and first deal alike; without a seed, the game of seed 0, as for the next
    hands of any record."""
    dealers = []
    for seed in range(12):
        new = Game(seed=seed, players=["Ann", "Ben", "Cal"])
        again = rec.replay(rec.dumps(new), seed=seed)
        assert again.first_dealer == new.first_dealer == again.next_dealer
        assert again.players == new.players
        assert again.deal().deal == new.deal().deal
        dealers.append(new.first_dealer)
    assert set(dealers) == {0, 1, 2}  # (drawn: not seat 0 every time)
    assert rec.replay(rec.dumps(Game(seed=5))).first_dealer == Game(seed=0).first_dealer
    rng = random.Random(9)
    assert rec.replay('{"format": "cutthroat-record/1"}', rng=rng).first_dealer == \
        random.Random(9).randrange(3)


def test_load_reads_the_file_save_writes_and_replay_says_what_to_pass(tmp_path: Path) -> None:
    """``record.save(path, game)`` had no ``load``: ``replay("g.json")`` takes a str for
    JSON text, and an open file or a Game was told "the record must be a JSON object",
    though neither is JSON at all (a REPL user's QA pass). ``load`` reads the file (a str
    is a path there, as in save); replay says what to pass instead of a file or a Game."""
    game = Game(seed=3)
    game.deal()
    game.hand.push("pass")
    path = tmp_path / "g.json"
    rec.save(str(path), game)
    for given in (str(path), path):
        loaded = rec.load(given, seed=5)
        assert rec.to_record(loaded) == rec.to_record(game)
        assert loaded.hand is not None and loaded.hand.moves == game.hand.moves
    with pytest.raises(rec.RecordError, match=r"to read the file '.*, pass "
                                              r"pathlib\.Path\(.*\), or record\.load\("):
        rec.replay(str(path))
    with path.open(encoding="utf-8") as file, pytest.raises(
            TypeError, match=r"not TextIOWrapper: pass the file's path \(record\.load\(path\)\) "
                             r"or its text \(f\.read\(\)\)"):
        rec.replay(file)
    with pytest.raises(TypeError, match=r"not Game: a Game needs no replaying"):
        rec.replay(game)
    with pytest.raises(TypeError, match=r"^replay takes a record \(a dict, its JSON text or a "
                                        r"pathlib\.Path\), not set$"):
        rec.replay({1, 2})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="load takes a file's path; to write a game, save"):
        rec.load(game)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"load takes a file's path .* not int"):
        rec.load(3)  # type: ignore[arg-type]
    with pytest.raises(FileNotFoundError):
        rec.load(tmp_path / "none.json")
    for parsed in ([1], 3, None, True):  # JSON, but no object: the record's own error
        with pytest.raises(rec.RecordError, match="the record must be a JSON object"):
            rec.replay(parsed)
