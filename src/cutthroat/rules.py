"""The rules configuration: every variant of RULES.md as a field, and named presets.

>>> Rules()                                   # the standard preset
Rules(deck=24, dummy=True, dealer_must_pick_up=False, may_name_turned_down_suit=False, \
stick_the_dealer=False, march_points=3, maker_alone_march=None, target=10, tie='play_on')
>>> Rules.preset("stick").stick_the_dealer
True
>>> Rules.from_json({"preset": "standard", "deck": 32}).kitty_size
12
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping, Sequence
from typing import Any, Literal

from .errors import CutthroatError

__all__ = ["PRESETS", "Rules", "RulesError", "rules_or_standard"]

Tie = Literal["play_on", "share"]


class RulesError(CutthroatError, ValueError):
    """A rules configuration is invalid (an unknown field or preset, a wrong value)."""


_INT_FIELDS = ("march_points", "target")
_BOOL_FIELDS = ("dummy", "dealer_must_pick_up", "may_name_turned_down_suit", "stick_the_dealer")


def _shown(value: object) -> str:
    """A rules value in a message as a record or ``--set`` writes it (JSON: ``true``,
    ``null``, ``"24"``), else as Python shows it; a long one cut short."""
    try:
        try:
            text = json.dumps(value)
        except (TypeError, ValueError):
            text = repr(value)
    except RecursionError:  # a list in a list ... hundreds deep: JSON read it, barely
        return f"a {type(value).__name__} nested too deeply to show"
    return text if len(text) <= 40 else f"{text[:40]}... ({len(text)} characters)"


@dataclasses.dataclass(frozen=True, kw_only=True)
class Rules:
    """The variant fields of RULES.md. Defaults make the ``standard`` preset.

    Attributes:
        deck: 24, 32 (adds 7s and 8s) or 25 (adds the joker) cards (R2).
        dummy: whether a dummy hand is dealt (R5, R12).
        dealer_must_pick_up: the dealer always takes the up-card after an order (R8).
        may_name_turned_down_suit: the turned-down suit may be named in round two (R9).
        stick_the_dealer: the dealer may not pass in the second round (R10).
        march_points: points for a maker's march (R19).
        maker_alone_march: points for a march by a lone maker; ``None`` means
            ``march_points`` (R19).
        target: points that end the game (R22).
        tie: ``"play_on"`` or ``"share"`` when players are level on top at the end (R22).
    """

    deck: int = 24
    dummy: bool = True
    dealer_must_pick_up: bool = False
    may_name_turned_down_suit: bool = False
    stick_the_dealer: bool = False
    march_points: int = 3
    maker_alone_march: int | None = None
    target: int = 10
    tie: Tie = "play_on"

    def __post_init__(self) -> None:
        if type(self.deck) is not int or self.deck not in (24, 25, 32):
            raise RulesError(f"deck must be 24, 25 or 32, not {_shown(self.deck)}")
        for name in _BOOL_FIELDS:
            if type(getattr(self, name)) is not bool:
                raise RulesError(f"{name} must be true or false, not {_shown(getattr(self, name))}")
        for name in _INT_FIELDS:
            value = getattr(self, name)
            if type(value) is not int or value < 1:
                raise RulesError(f"{name} must be a positive whole number, not {_shown(value)}")
        alone = self.maker_alone_march
        if alone is not None and (type(alone) is not int or alone < 1):
            raise RulesError(
                f"maker_alone_march must be a positive whole number or null, not {_shown(alone)}"
            )
        if self.tie not in ("play_on", "share"):
            raise RulesError(f'tie must be "play_on" or "share", not {_shown(self.tie)}')

    # --- derived facts -----------------------------------------------------------

    @property
    def kitty_size(self) -> int:
        """Cards left in the kitty after the deal (R5)."""
        return self.deck - (20 if self.dummy else 15)

    @property
    def lone_march_points(self) -> int:
        """Points for a march by a maker who went alone (R19)."""
        return self.march_points if self.maker_alone_march is None else self.maker_alone_march

    @property
    def max_hand_points(self) -> int:
        """The most points any seat can score in one hand."""
        return max(4, self.march_points, self.lone_march_points)

    # --- presets and (de)serialisation --------------------------------------------

    @classmethod
    def preset(cls, name: str, **overrides: Any) -> Rules:
        """The named preset (see :data:`PRESETS`), with any fields overridden."""
        try:
            base = PRESETS[name]
        except (KeyError, TypeError):
            known = ", ".join(sorted(PRESETS))
            raise RulesError(f"unknown preset {name!r} (known: {known})") from None
        return base.replace(**overrides) if overrides else base

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated like a new configuration)."""
        names = [f.name for f in dataclasses.fields(self)]
        unknown = set(changes) - set(names)
        if unknown:
            raise RulesError(f"unknown rules field {sorted(unknown)[0]!r} (known: "
                             f"{', '.join(names)})")
        return dataclasses.replace(self, **changes)

    @classmethod
    def from_json(cls, value: object) -> Rules:
        """Rules from a record's ``rules`` value: ``None``, a preset name, or an object
        with an optional ``preset`` and variant fields (RECORD.md)."""
        if value is None:
            return PRESETS["standard"]
        if isinstance(value, str):
            return cls.preset(value)
        if not isinstance(value, Mapping):
            raise RulesError("rules must be a preset name or an object")
        fields = dict(value)
        for key in fields:
            if not isinstance(key, str):  # a dict built in Python: no JSON has one
                raise RulesError(f"unknown rules field {key!r}: a field is named by text")
        name = fields.pop("preset", "standard")
        if not isinstance(name, str):
            raise RulesError("rules.preset must be a string")
        return cls.preset(name, **fields)

    @classmethod
    def from_settings(cls, preset: str = "standard", settings: Sequence[str] = ()) -> Rules:
        """Rules from a preset and ``FIELD=VALUE`` texts, as typed on a command line
        (values read as JSON when they are JSON: ``deck=25``, ``tie=share``).

        >>> Rules.from_settings("stick", ["deck=25", "tie=share"]).describe()
        '25 cards, dummy, stick the dealer, march 3, to 10, ties share'
        """
        fields: dict[str, Any] = {"preset": preset}
        for item in settings:
            key, sep, value = item.partition("=")
            if not sep:
                raise RulesError(f"a setting is FIELD=VALUE, not {item!r}")
            try:
                fields[key.strip()] = json.loads(value)
            except ValueError:
                fields[key.strip()] = value
        return cls.from_json(fields)

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        """Itself: rules are immutable, so a copy would only cost time."""
        return self

    def to_json(self) -> dict[str, Any]:
        """This configuration as a record's ``rules`` object: ``standard`` plus every
        field that differs from it."""
        out: dict[str, Any] = {"preset": "standard"}
        std = PRESETS["standard"]
        for f in dataclasses.fields(self):
            if getattr(self, f.name) != getattr(std, f.name):
                out[f.name] = getattr(self, f.name)
        return out

    def describe(self) -> str:
        """A one-line summary a player can read."""
        parts = [f"{self.deck} cards", "dummy" if self.dummy else "no dummy"]
        if self.dealer_must_pick_up:
            parts.append("dealer must pick up")
        if self.may_name_turned_down_suit:
            parts.append("turned-down suit may be named")
        if self.stick_the_dealer:
            parts.append("stick the dealer")
        parts.append(f"march {self.march_points}")
        if self.dummy and self.maker_alone_march is not None:  # R5: no dummy, no lone maker
            parts.append(f"lone march {self.maker_alone_march}")
        parts.append(f"to {self.target}")
        parts.append("ties share" if self.tie == "share" else "ties play on")
        return ", ".join(parts)


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "stick": Rules(stick_the_dealer=True),
    "benny": Rules(deck=25),
    "no-dummy": Rules(dummy=False),
    "long-deck": Rules(deck=32),
    "short": Rules(target=5),
}
"""Named presets. ``standard`` is the game of RULES.md; the others change one custom:
``stick`` (stick the dealer), ``benny`` (25 cards with the joker), ``no-dummy``,
``long-deck`` (32 cards) and ``short`` (a game to 5)."""


def rules_or_standard(rules: object) -> Rules:
    """``rules`` if it is a :class:`Rules`, the ``standard`` preset for ``None``;
    anything else (a preset's name included) raises :class:`RulesError`, at once rather
    than at the first deal.

    >>> rules_or_standard("stick")
    Traceback (most recent call last):
      ...
    cutthroat.rules.RulesError: rules must be a Rules, e.g. Rules.preset('stick'), not 'stick'
    """
    if rules is None:
        return PRESETS["standard"]
    if not isinstance(rules, Rules):
        example = rules if isinstance(rules, str) and rules in PRESETS else "stick"
        raise RulesError(f"rules must be a Rules, e.g. Rules.preset({example!r}), "
                         f"not {rules!r}")
    return rules
