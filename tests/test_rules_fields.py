"""Every rules field and preset reaches every place that must know it: a contributor
who adds a variant (CONTRIBUTING.md) is told here what was forgotten."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from cutthroat.rl.openspiel_game import _PARAMETERS, WHOLE_GAME_FIELDS
from cutthroat.rules import PRESETS, Rules

DOCS = Path(__file__).resolve().parent.parent / "docs"
FIELDS = [f.name for f in dataclasses.fields(Rules)]

OTHER_VALUE = {
    "deck": 32,
    "dummy": False,
    "dealer_must_pick_up": True,
    "may_name_turned_down_suit": True,
    "stick_the_dealer": True,
    "march_points": 4,
    "maker_alone_march": 4,
    "target": 11,
    "tie": "share",
}
"""A value other than the default for each field (a new field needs one here)."""


def test_R1_every_rules_field_has_another_value_to_test_with() -> None:
    assert sorted(OTHER_VALUE) == sorted(FIELDS), (
        "add the new field to OTHER_VALUE, with a value other than its default")


@pytest.mark.parametrize("name", FIELDS)
def test_R1_every_rules_field_changes_the_one_line_summary(name: str) -> None:
    changed = Rules(**{name: OTHER_VALUE[name]})
    assert changed.describe() != Rules().describe(), (
        f"Rules.describe() says nothing of {name}: the arena and the game show it")


def test_R1_every_rules_field_is_in_the_field_table_of_docs_rules_md() -> None:
    text = (DOCS / "rules.md").read_text(encoding="utf-8")
    table = re.findall(r"^\| `(\w+)` \| `[^`]*` \| R", text, flags=re.M)
    assert table == FIELDS


def test_R1_every_rules_field_is_an_openspiel_parameter_or_a_whole_game_one() -> None:
    assert sorted([*_PARAMETERS, *WHOLE_GAME_FIELDS]) == sorted(FIELDS)


@pytest.mark.parametrize("where", ["rules.md", "record.md"])
def test_R1_every_preset_is_named_in_the_docs(where: str) -> None:
    text = (DOCS / where).read_text(encoding="utf-8")
    for name in PRESETS:
        assert f"`{name}`" in text, f"docs/{where} does not name the {name} preset"


def test_R1_every_preset_is_named_in_the_presets_docstring() -> None:
    import cutthroat.rules as rules_module

    source = Path(rules_module.__file__).read_text(encoding="utf-8")
    doc = source.split("PRESETS: dict[str, Rules] = {", 1)[1].split('"""', 2)[1]
    for name in PRESETS:
        if name != "standard":
            assert f"``{name}``" in doc


def test_R1_the_property_tests_draw_every_rules_field() -> None:
    """The property tests draw their rules with strategies.rules_st, by st.builds, which
    leaves a field it is not given at its default: a new field must have a draw there."""
    from strategies import rule_fields

    assert sorted(rule_fields()) == sorted(FIELDS)


def test_R1_random_variants_draw_every_rules_field() -> None:
    """`selfplay --random-rules` and the random-rules tests play under random_variants:
    a field it never changes is a variant they never test."""
    import random

    from cutthroat.cli import random_variants

    rng = random.Random(5)
    drawn = [random_variants(rng) for _ in range(200)]
    for name in FIELDS:
        values = {getattr(rules, name) for rules in drawn}
        assert len(values) > 1, f"random_variants never changes {name}"
