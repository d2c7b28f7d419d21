"""The rules configuration: presets, validation of every variant field, JSON round trip."""

from __future__ import annotations

import json
from typing import Any

import pytest

from cutthroat import PRESETS, CutthroatError, Rules, RulesError

STANDARD = {
    "deck": 24,
    "dummy": True,
    "dealer_must_pick_up": False,
    "may_name_turned_down_suit": False,
    "stick_the_dealer": False,
    "march_points": 3,
    "maker_alone_march": None,
    "target": 10,
    "tie": "play_on",
}


def fields(rules: Rules) -> dict[str, Any]:
    """The variant fields of a configuration as a dict."""
    return {name: getattr(rules, name) for name in STANDARD}


def test_defaults_are_the_standard_preset_of_RULES_md() -> None:
    assert fields(Rules()) == STANDARD
    assert Rules.preset("standard") == Rules()
    assert PRESETS["standard"] == Rules()


@pytest.mark.parametrize(
    ("name", "changed"),
    [
        ("standard", {}),
        ("stick", {"stick_the_dealer": True}),
        ("benny", {"deck": 25}),
        ("no-dummy", {"dummy": False}),
        ("long-deck", {"deck": 32}),
        ("short", {"target": 5}),
    ],
)
def test_presets(name: str, changed: dict[str, Any]) -> None:
    assert fields(Rules.preset(name)) == {**STANDARD, **changed}
    assert name in PRESETS


def test_preset_with_overrides() -> None:
    rules = Rules.preset("stick", deck=32, tie="share")
    assert fields(rules) == {**STANDARD, "stick_the_dealer": True, "deck": 32, "tie": "share"}


@pytest.mark.parametrize("name", ["", "Standard", "cutthroat", "sticky"])
def test_unknown_preset_is_refused_with_the_known_names(name: str) -> None:
    with pytest.raises(RulesError, match=r"unknown preset .*known: .*standard"):
        Rules.preset(name)
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.from_json(name)
    with pytest.raises(RulesError, match="unknown preset"):
        Rules.from_json({"preset": name})


def test_preset_name_must_be_a_string() -> None:
    with pytest.raises(RulesError):
        Rules.preset(5)  # type: ignore[arg-type]
    with pytest.raises(RulesError, match="preset"):
        Rules.from_json({"preset": 5})


def test_rules_error_is_a_cutthroat_error_and_a_value_error() -> None:
    """docs/engine.md: RulesError derives from CutthroatError (``except CutthroatError``
    catches a bad configuration) and is still a ValueError."""
    assert issubclass(RulesError, CutthroatError) and issubclass(RulesError, ValueError)
    with pytest.raises(CutthroatError, match="deck"):
        Rules(deck=23)
    with pytest.raises(ValueError, match="unknown preset"):
        Rules.preset("nope")


@pytest.mark.parametrize("field", ["decks", "Deck", "joker", "", "preset2"])
def test_unknown_field_is_refused_by_name(field: str) -> None:
    with pytest.raises(RulesError, match=f"unknown rules field '{field}'"):
        Rules.from_json({field: 1})
    with pytest.raises(RulesError, match="unknown rules field"):
        Rules().replace(**{field: 1})
    with pytest.raises(RulesError, match="unknown rules field") as caught:
        Rules.preset("standard", **{field: 1})
    assert "(known: deck, dummy, dealer_must_pick_up," in str(caught.value)  # what to write


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("deck", 24.0),
        ("deck", "24"),
        ("deck", True),
        ("deck", None),
        ("deck", 28),
        ("deck", 52),
        ("deck", 0),
        ("dummy", 1),
        ("dummy", 0),
        ("dummy", "true"),
        ("dummy", None),
        ("dealer_must_pick_up", 1),
        ("may_name_turned_down_suit", "false"),
        ("stick_the_dealer", 0),
        ("march_points", 0),
        ("march_points", -3),
        ("march_points", 3.0),
        ("march_points", "3"),
        ("march_points", True),
        ("march_points", None),
        ("maker_alone_march", 0),
        ("maker_alone_march", -1),
        ("maker_alone_march", 4.0),
        ("maker_alone_march", "4"),
        ("maker_alone_march", True),
        ("target", 0),
        ("target", 10.0),
        ("target", "10"),
        ("target", False),
        ("target", None),
        ("tie", "draw"),
        ("tie", "Share"),
        ("tie", None),
        ("tie", True),
        ("tie", ""),
    ],
)
def test_wrong_values_are_refused(field: str, value: object) -> None:
    with pytest.raises(RulesError, match=field):
        Rules(**{field: value})
    with pytest.raises(RulesError, match=field) as refused:
        Rules.from_json({field: value})
    # the value as the record or --set wrote it (JSON), not as Python shows it
    assert str(refused.value).endswith(f"not {json.dumps(value)}")


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("deck", 24),
        ("deck", 25),
        ("deck", 32),
        ("dummy", False),
        ("dealer_must_pick_up", True),
        ("may_name_turned_down_suit", True),
        ("stick_the_dealer", True),
        ("march_points", 1),
        ("march_points", 4),
        ("maker_alone_march", None),
        ("maker_alone_march", 1),
        ("maker_alone_march", 5),
        ("target", 1),
        ("target", 21),
        ("tie", "play_on"),
        ("tie", "share"),
    ],
)
def test_right_values_are_accepted(field: str, value: object) -> None:
    rules = Rules.from_json({field: value})
    assert getattr(rules, field) == value
    assert getattr(Rules(**{field: value}), field) == value


def test_rules_are_frozen() -> None:
    rules = Rules()
    with pytest.raises(AttributeError):
        rules.deck = 32  # type: ignore[misc]


def test_maker_alone_march_null_means_march_points() -> None:
    assert Rules().lone_march_points == 3
    assert Rules(march_points=2).lone_march_points == 2
    assert Rules(march_points=2, maker_alone_march=5).lone_march_points == 5
    assert Rules.from_json({"maker_alone_march": None}).maker_alone_march is None


@pytest.mark.parametrize(
    ("deck", "dummy", "kitty"),
    [(24, True, 4), (32, True, 12), (25, True, 5), (24, False, 9), (32, False, 17),
     (25, False, 10)],
)
def test_R5_kitty_size(deck: int, dummy: bool, kitty: int) -> None:
    assert Rules(deck=deck, dummy=dummy).kitty_size == kitty


def test_from_json_forms() -> None:
    assert Rules.from_json(None) == Rules()
    assert Rules.from_json("benny") == Rules(deck=25)
    assert Rules.from_json({}) == Rules()
    assert Rules.from_json({"preset": "stick", "deck": 32}) == Rules(
        stick_the_dealer=True, deck=32)
    # A field given explicitly overrides the preset's.
    assert Rules.from_json({"preset": "stick", "stick_the_dealer": False}) == Rules()
    for bad in (5, 2.5, ["standard"], True):
        with pytest.raises(RulesError):
            Rules.from_json(bad)


def test_to_json_lists_only_the_differences_from_standard() -> None:
    assert Rules().to_json() == {"preset": "standard"}
    assert Rules.preset("benny").to_json() == {"preset": "standard", "deck": 25}
    assert Rules(tie="share", maker_alone_march=4).to_json() == {
        "preset": "standard", "maker_alone_march": 4, "tie": "share"}


ROUND_TRIP = [
    *PRESETS.values(),
    Rules(deck=25, dummy=False, dealer_must_pick_up=True, may_name_turned_down_suit=True,
          stick_the_dealer=True, march_points=2, maker_alone_march=4, target=7, tie="share"),
    Rules(deck=32, maker_alone_march=3),
    Rules(march_points=4, maker_alone_march=None, target=1),
]


@pytest.mark.parametrize("rules", ROUND_TRIP, ids=lambda r: r.describe())
def test_to_json_from_json_round_trip(rules: Rules) -> None:
    text = json.dumps(rules.to_json())
    again = Rules.from_json(json.loads(text))
    assert again == rules
    assert fields(again) == fields(rules)
    assert again.to_json() == rules.to_json()


def test_describe_names_the_variants() -> None:
    text = Rules(deck=25, dummy=False, stick_the_dealer=True, tie="share").describe()
    assert "25 cards" in text and "no dummy" in text and "stick the dealer" in text
    assert "share" in text


def test_a_rules_value_json_cannot_write_is_shown_as_python_shows_it() -> None:
    """A value no record could hold (a set, say) is named in the error as Python writes
    it, where a record's values are written as JSON."""
    with pytest.raises(RulesError, match=r"^deck must be 24, 25 or 32, not \{24\}$"):
        Rules(deck={24})  # type: ignore[arg-type]
    with pytest.raises(RulesError, match=r'^deck must be 24, 25 or 32, not "24"$'):
        Rules(deck="24")  # type: ignore[arg-type]
