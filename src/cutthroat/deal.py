"""A deal (R5): five cards to each seat and the dummy, the rest to the kitty.

>>> import random
>>> d = Deal.random(Rules(), random.Random(7))
>>> len(d.kitty), d.upcard == d.kitty[0]
(4, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Card, CardError, deck, deck_mask, mask_of
from .errors import DealError
from .rules import Rules, rules_or_standard

__all__ = ["Deal", "random_order"]

_DECKS = {size: deck(size) for size in (24, 25, 32)}
_FACTORIAL = {size: math.factorial(size) for size in _DECKS}
_DECK_IDS = {size: [c.id for c in cards] for size, cards in _DECKS.items()}
_BY_ID = [Card.from_id(i) for i in range(33)]


def random_order(rules: Rules, rng: random.Random) -> list[int]:
    """A uniformly random order of the deck's card ids, from one draw of ``rng``.

    The draw picks one of all orderings and decodes it in the factorial number
    system: exactly uniform, and one call to the generator.
    """
    pool = _DECK_IDS[rules.deck][:]
    code = rng.randrange(_FACTORIAL[rules.deck])
    order = []
    for n in range(len(pool), 0, -1):
        code, index = divmod(code, n)
        order.append(pool.pop(index))
    return order


_SHAPE = ("a deal is three hands, a dummy and a kitty, each a tuple of Card: build one "
          "with Deal.from_cards(rules, hands, kitty, dummy), which reads cards' text too")
"""Why a deal of the wrong shape is refused (:meth:`Deal.check`)."""


@dataclass(frozen=True, slots=True)
class Deal:
    """The cards of one deal, in the order dealt. Made as it is given, unchecked (as
    :meth:`from_order` and :meth:`random` make them, right by construction);
    :meth:`from_cards` checks what it is given, and a :class:`~cutthroat.Hand` checks
    any deal it is dealt (:meth:`check`).

    Attributes:
        hands: the five cards of seats 0, 1 and 2.
        dummy: the dummy's five cards (empty when the rules deal no dummy).
        kitty: the rest; ``kitty[0]`` is the up-card.
    """

    hands: tuple[tuple[Card, ...], tuple[Card, ...], tuple[Card, ...]]
    dummy: tuple[Card, ...]
    kitty: tuple[Card, ...]

    @property
    def upcard(self) -> Card:
        """The card turned face up on the kitty (R5)."""
        return self.kitty[0]

    @classmethod
    def random(cls, rules: Rules, rng: random.Random) -> Deal:
        """A uniformly random deal for these rules, drawn from ``rng`` (a
        ``random.Random``: anything else is a ``TypeError``, as are rules that are not a
        :class:`~cutthroat.rules.Rules`)."""
        if not isinstance(rules, Rules):
            raise TypeError(f"rules must be a Rules, e.g. Rules() or Rules.preset('stick'), "
                            f"not {rules!r}")
        if not isinstance(rng, random.Random):
            raise TypeError(f"Deal.random takes a random.Random, e.g. random.Random(7), not "
                            f"{type(rng).__name__}")
        return cls.from_order(rules, random_order(rules, rng))

    @classmethod
    def from_order(cls, rules: Rules, order: Sequence[int]) -> Deal:
        """The deal of a shuffled deck (card ids): five each to seats 0, 1, 2, then the
        dummy (if any), the rest to the kitty. Not checked."""
        by_id = _BY_ID
        cards = [by_id[i] for i in order]
        hands = (tuple(cards[0:5]), tuple(cards[5:10]), tuple(cards[10:15]))
        if rules.dummy:
            return cls(hands, tuple(cards[15:20]), tuple(cards[20:]))
        return cls(hands, (), tuple(cards[15:]))

    @classmethod
    def from_cards(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[Card | str]],
        kitty: Sequence[Card | str],
        dummy: Sequence[Card | str] = (),
    ) -> Deal:
        """A deal given explicitly (cards or their text, or one text for each hand:
        ``"JH 9H AS KD TC"``), checked against the rules (a :class:`Rules`; ``None``: the
        standard game)."""
        rules = rules_or_standard(rules)

        def cards(items: Sequence[Card | str]) -> tuple[Card, ...]:
            if isinstance(items, str):
                items = items.split()
            try:
                return tuple(c if isinstance(c, Card) else Card.parse(c) for c in items)
            except CardError as exc:
                raise DealError(str(exc)) from None

        if len(hands) != 3:
            raise DealError("a deal has three hands")
        deal = cls((cards(hands[0]), cards(hands[1]), cards(hands[2])), cards(dummy), cards(kitty))
        deal.check(rules)
        return deal

    def check(self, rules: Rules) -> None:
        """Raise :class:`DealError` unless this deal fits ``rules`` (R2, R5)."""
        if not (isinstance(self.hands, tuple) and len(self.hands) == 3):
            raise DealError(_SHAPE)
        for seat, hand in enumerate(self.hands):
            if len(hand) != 5:
                raise DealError(f"seat {seat} must be dealt 5 cards, not {len(hand)}")
        if rules.dummy and len(self.dummy) != 5:
            raise DealError(f"the dummy must be dealt 5 cards, not {len(self.dummy)}")
        if not rules.dummy and self.dummy:
            raise DealError("these rules deal no dummy")
        if len(self.kitty) != rules.kitty_size:
            raise DealError(
                f"the kitty must hold {rules.kitty_size} cards, not {len(self.kitty)}"
            )
        seen: set[Card] = set()
        full = deck_mask(rules.deck)
        try:  # a part that is no tuple, or a card that is no Card, fails in here
            for card in self.all_cards():
                if card in seen:
                    raise DealError(f"{card} is dealt twice")
                if not full >> card.id & 1:
                    raise DealError(f"{card} is not in the {rules.deck}-card deck")
                seen.add(card)
        except (AttributeError, TypeError):
            raise DealError(_SHAPE) from None
        missing = full & ~mask_of(seen)
        if missing:  # pragma: no cover - sizes and uniqueness already imply this
            raise DealError("a card of the deck is missing")

    def all_cards(self) -> tuple[Card, ...]:
        """Every card of the deal: the three hands, the dummy, then the kitty."""
        return self.hands[0] + self.hands[1] + self.hands[2] + self.dummy + self.kitty

    def to_json(self) -> dict[str, list[str]]:
        """The record form: ``{"0": [...], "1": [...], "2": [...], "dummy": [...],
        "kitty": [...]}`` (``dummy`` is left out when there is none)."""
        out = {str(seat): [str(c) for c in hand] for seat, hand in enumerate(self.hands)}
        if self.dummy:
            out["dummy"] = [str(c) for c in self.dummy]
        out["kitty"] = [str(c) for c in self.kitty]
        return out

    @classmethod
    def from_json(cls, value: object, rules: Rules) -> Deal:
        """Read a record's ``deal`` object and check it (RECORD.md)."""
        if not isinstance(value, Mapping):
            raise DealError("deal must be an object with keys 0, 1, 2, dummy and kitty")
        allowed = {"0", "1", "2", "dummy", "kitty"}
        for key in value:
            if key not in allowed:
                raise DealError(f"unknown deal key {key!r}")
        for key in ("0", "1", "2", "kitty"):
            if key not in value:
                raise DealError(f"the deal has no {key!r}")

        def card_list(key: str) -> list[str]:
            items: Any = value.get(key, [])
            if not isinstance(items, list) or not all(isinstance(c, str) for c in items):
                raise DealError(f"deal[{key!r}] must be a list of cards")
            return items

        dummy = card_list("dummy")
        if not rules.dummy and dummy:
            raise DealError("these rules deal no dummy: deal['dummy'] must be absent or empty")
        return cls.from_cards(
            rules,
            [card_list("0"), card_list("1"), card_list("2")],
            card_list("kitty"),
            dummy,
        )
