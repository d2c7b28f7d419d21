"""The small conveniences of the public API: constructors, text forms, reprs."""

from __future__ import annotations

import builtins
import copy
import pickle
import re
from pathlib import Path

import pytest

import cutthroat
from cutthroat import (
    Action,
    ActionParseError,
    Card,
    Game,
    Hand,
    Move,
    Phase,
    Rank,
    Rules,
    Suit,
    Verb,
    record,
    rules,
)
from cutthroat.cards import CardError, cards_of_mask, mask_of, sort_cards, trump_order
from cutthroat.render import describe_game, describe_hand, format_cards


def test_action_constructors_match_parsing() -> None:
    assert Action.play("jh") == Action.parse("play JH") == Action.play(Card.parse("JH"))
    assert Action.discard("10c") == Action.parse("discard TC")
    assert Action.call("s") == Action.parse("call S") == Action.call(Suit.SPADES)
    assert Action.trump("h") == Action.parse("trump H")
    assert Action.simple("pass") is Action.parse("PASS")
    assert Action.simple(Verb.ALONE) == Action.parse("alone")
    assert Action.keep(["9s", "JH", "js", "QD", "tc"]) == Action.parse("keep TC QD JH 9S JS")
    assert str(Action.keep(["9S", "JH", "JS", "QD", "TC"])) == "keep TC QD JH 9S JS"
    assert repr(Action.parse("call d")) == "Action('call D')"


@pytest.mark.parametrize("text", ["", "fly", "play", "play JH JD", "pass now", "call X",
                                  "keep JH", "keep JH JH 9S QD TC", "discard 1H"])
def test_bad_action_text_is_refused(text: str) -> None:
    with pytest.raises(ActionParseError):
        Action.parse(text)


def test_action_ids_round_trip_and_refuse_junk() -> None:
    for i in range(80):
        assert Action.from_id(i).id == i
    for junk in (-1, 80, 332, True, 1.0):
        with pytest.raises(ActionParseError):
            Action.from_id(junk)  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        _ = Action.parse("keep 9S JH JS QD TC").id
    with pytest.raises(ActionParseError):
        Action(Verb.PLAY)


def test_move_text() -> None:
    move = Move.parse(" 2 play 10h ")
    assert move == Move(2, Action.play("TH")) and str(move) == "2 play TH"
    for bad in ("3 pass", "pass", "x pass"):
        with pytest.raises(ActionParseError):
            Move.parse(bad)


def test_suit_and_rank_words() -> None:
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert Suit.HEARTS.colour == "red" and Suit.CLUBS.colour == "black"
    assert Suit.HEARTS.partner is Suit.DIAMONDS and Suit.SPADES.partner is Suit.CLUBS
    assert Suit.SPADES.plural == "spades"
    assert str(Rank.TEN) == "T" and Rank.parse("10") is Rank.TEN
    with pytest.raises(CardError):
        Rank.parse("1")
    with pytest.raises(CardError):
        Suit.parse("X")


def test_cards_are_interned_values() -> None:
    jh = Card.parse("JH")
    assert Card.of(Rank.JACK, Suit.HEARTS) is jh and Card.from_id(jh.id) is jh
    assert jh.bit == 1 << jh.id and jh.rank is Rank.JACK and jh.suit is Suit.HEARTS
    joker = Card.joker()
    assert joker.is_joker and joker.suit is None and joker.rank is None and str(joker) == "JO"
    assert pickle.loads(pickle.dumps(jh)) is jh and copy.deepcopy(jh) is jh
    assert sorted([Card.parse("AS"), Card.parse("9C")]) == [Card.parse("9C"), Card.parse("AS")]
    with pytest.raises(AttributeError):
        jh.id = 3  # type: ignore[misc]
    with pytest.raises(TypeError):
        Card(3)
    with pytest.raises(CardError):
        Card.from_id(33)
    with pytest.raises(CardError):
        Card.parse("J")
    cards = [Card.parse(t) for t in ("JD", "AH", "9C", "JH")]
    assert cards_of_mask(mask_of(cards)) == sorted(cards)
    assert [str(c) for c in sort_cards(cards, Suit.HEARTS)] == ["9C", "AH", "JD", "JH"]
    assert format_cards(cards, Suit.HEARTS) == "9C AH JD JH"
    assert format_cards(cards) == "9C JD JH AH"
    assert [str(c) for c in trump_order(Suit.CLUBS, 25)][:3] == ["JO", "JC", "JS"]


def test_hand_and_game_text_forms() -> None:
    hand = Hand.deal(Rules(), dealer=2, seed=4)
    assert repr(hand).startswith("<Hand dealer=2 bid_first, to_act=0")
    assert hand.legal_texts() == ("pass", "order")
    with pytest.raises(IndexError):
        hand.undo()
    with pytest.raises(ValueError):
        Hand.deal(Rules(), dealer=3)
    hand.push("order")
    hand.undo()
    assert hand.phase is Phase.BID_FIRST and not hand.moves
    game = Game(seed=5, players=["Ann", "Ben", "Cal"])
    assert "0 hands" in repr(game)
    game.deal()
    text = "\n".join(describe_hand(game.hands[0], game.players, 1))
    assert "Hand 1:" in text and "to act" in text
    assert "Game in progress" in describe_game(game)


# --- the errors docs/engine.md lists ---------------------------------------------------

ENGINE_MD = Path(__file__).resolve().parents[1] / "docs" / "engine.md"


def documented_errors() -> list[str]:
    """The error classes named in the Errors section of docs/engine.md (Python's own,
    such as ``ValueError``, left out)."""
    text = ENGINE_MD.read_text(encoding="utf-8")
    section = text.split("\n## Errors\n", 1)[1].split("\n## ", 1)[0]
    return sorted(set(re.findall(r"`(\w+Error)`", section)) - set(vars(builtins)))


def test_every_documented_error_is_exported_and_a_cutthroat_error() -> None:
    """docs/engine.md: every error it names is importable from ``cutthroat`` and from
    ``cutthroat.errors`` (RecordError included) and derives from CutthroatError
    (RulesError included; the bots' errors, from ``cutthroat.bots``, too); the
    ValueErrors stay ValueErrors."""
    names = documented_errors()
    assert {"CutthroatError", "RulesError", "RecordError", "IllegalActionError",
            "NotYourTurnError", "ActionParseError", "DealError", "GameOverError",
            "NoHandError", "SeatError", "CardError"} <= set(names)
    from cutthroat import bots, errors

    not_values = ("CutthroatError", "GameOverError", "NoHandError", "HandNotOverError",
                  "NothingToUndoError")
    bots_own = {"BotError", "BotMoveError", "BotTimeoutError", "UnknownBotError",
                "BotSpecError", "BotUnavailableError"}
    for name in names:
        if name in bots_own:  # the bots' errors, named there as cutthroat.bots'
            assert name in bots.__all__, name
            error = getattr(bots, name)
            assert issubclass(error, cutthroat.CutthroatError), name
            assert issubclass(error, ValueError) == (name in ("UnknownBotError",
                                                               "BotSpecError",
                                                               "BotMoveError")), name
            continue
        assert name in cutthroat.__all__, name
        error = getattr(cutthroat, name)
        assert getattr(errors, name) is error, name  # from cutthroat.errors too
        assert issubclass(error, cutthroat.CutthroatError), name
        assert issubclass(error, ValueError) == (name not in not_values), name
    assert bots_own <= set(names)
    assert cutthroat.RecordError is record.RecordError
    assert cutthroat.RulesError is rules.RulesError


def test_everything_in_all_is_importable() -> None:
    """``from cutthroat import *`` gives every name ``__all__`` lists."""
    for name in cutthroat.__all__:
        assert hasattr(cutthroat, name), name


def test_a_hand_results_str_is_its_sentence_and_its_repr_the_dataclass() -> None:
    """print(hand.result) reads as a sentence (describe()); repr keeps every field."""
    from cutthroat import HandResult

    game = Game(seed=2)
    hand = game.deal()
    while not hand.is_over:
        hand.push(hand.legal_actions()[0])
    result = hand.result
    assert result is not None
    said = result.describe()
    assert str(result) == f"{result}" == said[:1].upper() + said[1:]
    assert repr(result).startswith("HandResult(dealer=") and "points=" in repr(result)
    assert str(HandResult(dealer=0, thrown_in=True)) == "Thrown in: nobody named trump"


@pytest.mark.parametrize(("module", "lazy"), [
    ("cutthroat.rl", {"env", "raw_env", "VsBotsEnv"}),
    ("cutthroat.errors", {"CardError", "RulesError", "RecordError"}),
    ("cutthroat.server", {"create_app", "Table"}),
])
def test_dir_offers_the_names_a_module_loads_on_first_use(module: str,
                                                          lazy: set[str]) -> None:
    """Names a module loads lazily (a module __getattr__) were missing from dir() and
    so from tab completion at the REPL; every name dir() lists can be read."""
    import importlib

    loaded = importlib.import_module(module)
    names = dir(loaded)
    assert lazy <= set(names)
    assert names == sorted(names)
    for name in names:
        getattr(loaded, name)


def test_the_ladder_classes_docs_bots_md_names_import_from_cutthroat_bots() -> None:
    """docs/bots.md's ladder names each bot's class; ``from cutthroat.bots import
    ExpertBot`` was an ImportError (only RandomBot was there)."""
    from cutthroat import bots

    text = (Path(__file__).resolve().parent.parent / "docs" / "bots.md").read_text(
        encoding="utf-8")
    named = re.findall(r"^\| \d \| `(\w+)` \| `(\w+)` \|", text, flags=re.M)
    assert [name for name, _ in named] == ["random", "beginner", "intermediate", "expert"]
    for name, cls in named:
        made = getattr(bots, cls)(seed=3)
        assert cls in bots.__all__ and made.name == name
        assert type(made) is type(bots.make_bot(name, 3))


def test_every_public_function_and_class_has_a_docstring() -> None:
    """Docstrings on every public name: each function and class a module lists in
    ``__all__`` and defines itself (an AI researcher found two without)."""
    import importlib
    import inspect
    import pkgutil

    import cutthroat

    missing = []
    for found in pkgutil.walk_packages(cutthroat.__path__, "cutthroat."):
        module = importlib.import_module(found.name)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if ((inspect.isfunction(obj) or inspect.isclass(obj))
                    and obj.__module__ == found.name and not (obj.__doc__ or "").strip()):
                missing.append(f"{found.name}.{name}")
    assert missing == []
