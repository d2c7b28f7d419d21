"""The Python API as a library user meets it: copies, undo, errors of the package's own
kinds, and records read from bytes and files (found by a user's review of the API)."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import numpy as np
import pytest

from cutthroat import (
    Action,
    ActionParseError,
    Card,
    CardError,
    CutthroatError,
    Deal,
    DealError,
    Game,
    GameOverError,
    Hand,
    HandNotOverError,
    Move,
    NothingToUndoError,
    Rules,
    record,
)
from cutthroat.bots import make_bot
from cutthroat.bots.base import BotError, BotMoveError, push_bot_move
from cutthroat.bots.registry import BotSpecError, BotUnavailableError, UnknownBotError
from cutthroat.scoring import game_outcome

EXAMPLE = Path(__file__).resolve().parents[2] / "shared" / "examples" / "01-standard-full-game.json"


def _played_out(hand: Hand) -> Hand:
    while not hand.is_over:
        hand.apply_id(hand.legal_action_ids()[0])
    return hand


# --- records ---------------------------------------------------------------------


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32"])
def test_record_bytes_not_in_utf8_are_refused_as_the_command_refuses_them(
        encoding: str) -> None:
    """RECORD.md: a record is UTF-8. json.loads reads UTF-16 and UTF-32 from bytes; the
    library must not, or report() would pass what `cutthroat replay` refuses."""
    text = EXAMPLE.read_text(encoding="utf-8")
    assert record.report(text.encode("utf-8"))[0] == 0
    assert record.report(b"\xef\xbb\xbf" + text.encode("utf-8"))[0] == 0  # a BOM is fine
    status, answer = record.report(text.encode(encoding))
    assert status == 1 and "not UTF-8" in answer["error"]["reason"]
    with pytest.raises(record.RecordError, match="not UTF-8"):
        record.replay(bytearray(text.encode(encoding)))


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-32-be"])
def test_replay_command_refuses_a_record_file_not_in_utf8_whatever_its_byte_order(
        encoding: str, tmp_path: Path) -> None:
    """Without a byte-order mark, UTF-16 of ASCII text is valid UTF-8 (a NUL after each
    letter): it was refused as bad JSON; now as not UTF-8, as report() refuses it."""
    from typer.testing import CliRunner

    from cutthroat.cli import app

    where = tmp_path / "game.json"
    where.write_bytes(EXAMPLE.read_text(encoding="utf-8").encode(encoding))
    done = CliRunner().invoke(app, ["replay", "--json", str(where)])
    assert done.exit_code == 1
    said = ("UTF-16 text, not UTF-8" if encoding == "utf-16"  # (with its byte-order mark)
            else "not a text (JSON) file")
    assert said in json.loads(done.stdout)["error"]["reason"]
    assert "not UTF-8" in record.report(where)[1]["error"]["reason"]


def test_record_text_that_names_a_file_says_to_pass_a_path(tmp_path: Path) -> None:
    """A str is the record's JSON text, never a file name (documented); the error says
    so when the text looks like a file's name, and what to pass instead."""
    where = tmp_path / "game.json"
    where.write_text(EXAMPLE.read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(record.RecordError, match=r"pass pathlib\.Path"):
        record.replay(str(where))
    assert record.replay(where).is_over
    with pytest.raises(record.RecordError) as caught:
        record.replay("not json")
    assert "pathlib" not in str(caught.value)
    with pytest.raises(TypeError, match="not int"):
        record.loads(5)  # type: ignore[arg-type]


def test_record_saved_into_a_missing_folder_names_the_folder(tmp_path: Path) -> None:
    game = Game(seed=1)
    game.deal()
    with pytest.raises(FileNotFoundError, match="No such file or directory") as caught:
        record.save(tmp_path / "nowhere" / "game.json", game)
    assert caught.value.filename == str(tmp_path / "nowhere")
    assert ".tmp" not in str(caught.value)
    record.save(tmp_path / "game.json", game)
    assert record.replay(tmp_path / "game.json").hand.dealt == game.hand.dealt


def test_record_of_something_not_a_game_is_a_clear_type_error() -> None:
    hand = Hand.deal(seed=1)
    with pytest.raises(TypeError, match=r"Game\.deal"):
        record.dumps(hand)  # type: ignore[arg-type]
    for call in (record.to_record, record.summary):
        with pytest.raises(TypeError, match="not NoneType"):
            call(None)  # type: ignore[arg-type]


@pytest.mark.parametrize(("dealer", "said"), [(1.0, "not 1.0"), ("1", 'not "1"'),
                                              (None, "not null")])
def test_R4_a_records_bad_dealer_is_repeated_in_the_error(dealer: object, said: str) -> None:
    data = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    data["hands"][0]["dealer"] = dealer
    with pytest.raises(record.RecordError, match=f"dealer must be 0, 1 or 2: {said}"):
        record.replay(data)
    del data["hands"][0]["dealer"]
    with pytest.raises(record.RecordError, match="none is given"):
        record.replay(data)


# --- copies and undo -------------------------------------------------------------


def test_copy_of_a_game_is_independent_and_deals_the_same_next_hands() -> None:
    """copy.copy(game) shared the live hand; a game's copy (Game.copy, copy.copy,
    copy.deepcopy) has its own hands and its own random source in the same state."""
    game = Game(seed=5)
    _played_out(game.deal())
    for twin in (copy.copy(game), game.copy(), copy.deepcopy(game)):
        assert twin.hands[0] is not game.hands[0] and twin.rng is not game.rng
        assert twin.deal().dealt == game.copy().deal().dealt  # the same next deal
        twin.push(twin.hand.legal_actions()[0])
        assert len(game.hands) == 1 and game.scores == twin.scores


def test_R4_undeal_rewinds_the_random_source_so_the_same_seed_deals_the_same_game() -> None:
    game = Game(seed=9)
    first = game.deal().dealt
    game.undeal()
    assert game.deal().dealt == first == Game(seed=9).deal().dealt
    _played_out(game.hand)
    second = game.deal().dealt
    game.undeal()
    assert game.deal().dealt == second
    given = Deal.random(Rules(), random.Random(3))
    _played_out(game.hand)
    state = game.rng.getstate()
    game.deal(given)  # cards given: the random source was not used, nor is it rewound
    game.undeal()
    assert game.rng.getstate() == state



def test_R4_undeal_of_two_hands_rewinds_the_random_source_to_before_each() -> None:
    """Each hand taken back rewinds the random source to before its own deal, so after
    two are taken back the next deal is the first hand's cards again, not the second's."""
    game = Game(seed=4)
    first = _played_out(game.deal()).dealt
    second = game.deal().dealt
    game.undeal()
    while game.hand is not None and game.hand.moves:
        game.pop()
    game.undeal()
    assert game.deal().dealt == first != second


@pytest.mark.parametrize("seed", range(6))
def test_R22_a_hand_opened_again_by_undeal_and_played_otherwise_scores_as_played(
        seed: int) -> None:
    """Taking back the next deal opens the hand before it again; if its moves are taken
    back and played otherwise, the scores count it as it was played the second time,
    not the scoreboard kept from the first (R22)."""
    game = Game(seed=seed)
    hand = game.deal()
    while not hand.is_over:
        hand.apply_id(hand.legal_action_ids()[-1])
    game.deal()
    assert game.scores == tuple(hand.result.points)  # the scoreboard kept after it
    game.undeal()
    while hand.moves:
        game.pop()
    _played_out(hand)
    if not game.is_over:
        game.deal()
    assert game.scores == tuple(hand.result.points) == game_outcome(game.rules, game.results).scores

# --- errors of the package's own kinds --------------------------------------------


def test_undo_with_nothing_to_undo_is_a_cutthroat_error_and_an_index_error() -> None:
    game = Game(seed=2)
    with pytest.raises(NothingToUndoError, match="no hand has been dealt"):
        game.pop()
    hand = game.deal()
    for undo in (hand.pop, hand.undo, game.pop):
        with pytest.raises(NothingToUndoError) as caught:
            undo()
        assert isinstance(caught.value, CutthroatError | IndexError)


def test_dealing_in_the_middle_of_a_hand_says_so() -> None:
    game = Game(seed=2)
    game.deal()
    with pytest.raises(HandNotOverError, match="play it out") as caught:
        game.deal()
    assert isinstance(caught.value, GameOverError)  # as it was before it had a class


def test_bot_errors_are_cutthroat_errors_and_a_bad_move_names_its_seat() -> None:
    class Wrong:
        name = "wrong"

    hand = Hand.deal(seed=1)
    with pytest.raises(BotError) as caught:
        push_bot_move(hand, Wrong(), hand.to_act, "play JO")  # type: ignore[arg-type]
    assert isinstance(caught.value, BotMoveError) and caught.value.seat == hand.to_act
    assert hand.moves == []
    for kind in (BotSpecError, UnknownBotError, BotUnavailableError):
        assert issubclass(kind, CutthroatError)
    with pytest.raises(CutthroatError, match="unknown bot"):
        make_bot("nobody", 1)


def test_the_packages_errors_import_from_cutthroat_errors() -> None:
    from cutthroat.errors import CardError as FromErrors
    from cutthroat.errors import RecordError, RulesError

    assert FromErrors is CardError and RecordError is record.RecordError
    assert issubclass(RulesError, CutthroatError)
    with pytest.raises(ImportError):
        from cutthroat.errors import NoSuchError  # type: ignore[attr-defined] # noqa: F401


@pytest.mark.parametrize("bad", [None, b"JH", ["J", "H"], 5])
def test_text_parsers_refuse_what_is_not_text_with_their_own_errors(bad: object) -> None:
    with pytest.raises(CardError, match="is text"):
        Card.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError, match="is text"):
        Action.parse(bad)  # type: ignore[arg-type]
    with pytest.raises(ActionParseError, match="is text"):
        Move.parse(bad)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [True, 1.0, "3"])
def test_card_ids_are_integers_not_bools(bad: object) -> None:
    with pytest.raises(CardError, match="card id is an integer"):
        Card.from_id(bad)  # type: ignore[arg-type]
    assert Card.from_id(np.int64(3)) == Card.from_id(3)


def test_R5_a_hand_checks_the_shape_of_the_deal_it_is_given() -> None:
    good = Deal.random(Rules(), random.Random(1))
    with pytest.raises(DealError, match=r"Deal\.from_cards"):
        Hand(Rules(), Deal(good.hands[:2], good.dummy, good.kitty), 0)  # type: ignore[arg-type]
    as_lists = Deal(tuple(list(h) for h in good.hands), good.dummy,  # type: ignore[arg-type]
                    good.kitty)
    with pytest.raises(DealError, match="tuple of Card"):
        Hand(Rules(), as_lists, 0)
    text = Deal(tuple(tuple(str(c) for c in h) for h in good.hands),  # type: ignore[arg-type]
                good.dummy, good.kitty)
    with pytest.raises(DealError, match="tuple of Card"):
        text.check(Rules())
    with pytest.raises(TypeError, match="dealt a Deal"):
        Hand(Rules(), "x", 0)  # type: ignore[arg-type]
    assert Hand(Rules(), good, 0).dealt == good


# --- text and seeds ----------------------------------------------------------------


def test_push_takes_any_white_space_between_words_and_names_a_bad_seat() -> None:
    hand = Hand.deal(seed=1)
    seat = hand.to_act
    for text in (f"{seat}\tpass", f"{seat}  pass\n", "pass\n", "\u00a0pass"):
        assert hand.push(text) == Move(seat, Action("pass"))
        hand.pop()
    for text in ("-1 pass", "3 pass", "+1 pass"):
        with pytest.raises(ActionParseError, match="starts with the seat 0, 1 or 2"):
            hand.push(text)
    assert hand.moves == []
    with pytest.raises(ActionParseError, match="only spaces"):  # a record stays strict
        Move.parse(f"{seat}\tpass")


@pytest.mark.parametrize("bad", [1.5, "1", True])
def test_bots_take_the_seeds_a_game_takes(bad: object) -> None:
    with pytest.raises(TypeError, match="a seed is an integer"):
        make_bot("random", bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a seed is an integer"):
        Game(seed=bad)  # type: ignore[arg-type]


def test_a_negative_seed_is_refused_not_dealt_as_its_opposite() -> None:
    """Python's random.Random(-5) is random.Random(5): the same game under two seeds."""
    for make in (lambda: Game(seed=-5), lambda: Hand.deal(seed=-5),
                 lambda: make_bot("random", -5)):
        with pytest.raises(ValueError, match="a seed is 0 or more"):
            make()
    assert Game(seed=5).deal().dealt == Game(seed=5).deal().dealt


# --- tournaments from Python -------------------------------------------------------


def test_a_tournament_takes_a_bots_class_and_refuses_what_is_no_bot() -> None:
    """In a notebook a bot's class is at hand: run_arena takes it for its module.Class
    (RandomBot here, so the games are those of "random"); an instance, or a class made
    inside a function (no other process could find it), is refused clearly."""
    from cutthroat.bots import RandomBot
    from cutthroat.sim.arena import run_arena

    by_class = run_arena([RandomBot, "random", "random"], 3, seed=4, workers=1,
                         progress=False)
    by_name = run_arena("random,random,random", 3, seed=4, workers=1, progress=False)
    assert by_class.bots[0] == "cutthroat.bots.random.RandomBot"
    assert [g.tallies for g in by_class.results] == [g.tallies for g in by_name.results]

    class Local(RandomBot):
        pass

    with pytest.raises(BotSpecError, match="inside a function"):
        run_arena([Local, "random", "random"], 3, workers=1, progress=False)
    with pytest.raises(BotSpecError, match="not RandomBot"):
        run_arena([RandomBot(seed=1), "random", "random"], 3,  # type: ignore[list-item]
                  workers=1, progress=False)
    with pytest.raises(BotSpecError, match="empty place between commas"):
        run_arena("random,,random,random", 3, workers=1, progress=False)
    for games in (2.5, None, "3", True):
        with pytest.raises(TypeError, match="whole number of games"):
            run_arena("random,random,random", games, workers=1,  # type: ignore[arg-type]
                      progress=False)
