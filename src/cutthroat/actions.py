"""Actions: their text form (RECORD.md) and the stable flat integer action space.

Text form: ``VERB [ARGS]``, and ``SEAT VERB [ARGS]`` for a move in a record.

>>> Action.parse("play 10h")
Action('play TH')
>>> Move.parse("2 keep jh js qd tc 9s").action.verb
<Verb.KEEP: 'keep'>
>>> Action.parse("call s").id
79

The integer ids (``NUM_ACTIONS`` = 332), the same for every deck and variant:

======== ========== =====================================================
ids      verb       meaning
======== ========== =====================================================
0–32     ``play``   play the card with that card id (see :mod:`cutthroat.cards`)
33–65    ``discard``discard card ``id - 33`` (the dealer, after taking the up-card)
66       ``pass``   pass (a bidding round, or a defender declining to go alone)
67       ``order``  order up the up-card's suit (first round)
68       ``pickup`` the dealer takes the up-card
69       ``leave``  the dealer leaves the up-card in the kitty
70       ``dummy``  the maker takes the dummy
71       ``alone``  go alone (the maker, or a defender)
72–75    ``trump``  the dealer names suit ``id - 72`` (C D H S) when the joker is up
76–79    ``call``   name suit ``id - 76`` as trump (second round)
80–331   ``keep``   keep combination ``id - 80`` of the maker's ten cards
======== ========== =====================================================

A ``keep`` id is relative to the maker's ten cards sorted by card id: combination ``k``
is the ``k``-th tuple of ``itertools.combinations(range(10), 5)``. Use
:meth:`cutthroat.Hand.action_id` and :meth:`cutthroat.Hand.action_from_id`, which know
the maker's cards; every other id is absolute and :attr:`Action.id` gives it directly.
"""

from __future__ import annotations

import contextlib
import enum
import itertools
import operator
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .cards import Card, CardError, Suit, parse_cards
from .checks import as_seat
from .errors import ActionParseError, quoted

__all__ = [
    "ALONE",
    "CALL",
    "DISCARD",
    "DUMMY",
    "KEEP",
    "KEEP_COMBOS",
    "LEAVE",
    "NUM_ACTIONS",
    "ORDER",
    "PASS",
    "PICKUP",
    "PLAY",
    "TRUMP",
    "Action",
    "Move",
    "Verb",
    "keep_id",
]

PLAY = 0
DISCARD = 33
PASS = 66
ORDER = 67
PICKUP = 68
LEAVE = 69
DUMMY = 70
ALONE = 71
TRUMP = 72
CALL = 76
KEEP = 80
NUM_ACTIONS = 80 + 252
"""Size of the flat action space."""

KEEP_COMBOS: tuple[tuple[int, ...], ...] = tuple(itertools.combinations(range(10), 5))
"""``KEEP_COMBOS[k]`` are the positions (in the maker's ten cards sorted by id) kept by
``keep`` id ``KEEP + k``."""
KEEP_INDEX = {combo: k for k, combo in enumerate(KEEP_COMBOS)}


def keep_id(ten: Sequence[int], kept: Iterable[int]) -> int:
    """The id of the ``keep`` of the card ids ``kept`` among the maker's ``ten`` card
    ids in ascending order (a ``ValueError`` for a card not among them).

    >>> keep_id(range(10), [0, 1, 2, 3, 4]), keep_id(range(10), [9, 8, 7, 6, 5])
    (80, 331)
    """
    return KEEP + KEEP_INDEX[tuple(sorted(ten.index(card) for card in kept))]


class Verb(enum.Enum):
    """What an action does; the value is its word in the text form."""

    PASS = "pass"
    ORDER = "order"
    PICKUP = "pickup"
    LEAVE = "leave"
    DISCARD = "discard"
    TRUMP = "trump"
    CALL = "call"
    DUMMY = "dummy"
    ALONE = "alone"
    KEEP = "keep"
    PLAY = "play"

    def __str__(self) -> str:
        """The verb's word, as actions write it (as ``str(Suit.HEARTS)`` is ``H``).

        >>> str(Verb.PLAY), f"{Verb.CALL} H"
        ('play', 'call H')
        """
        return self.value


_NO_ARGS = {Verb.PASS, Verb.ORDER, Verb.PICKUP, Verb.LEAVE, Verb.DUMMY, Verb.ALONE}
_CARD_ARG = {Verb.DISCARD, Verb.PLAY}
_SUIT_ARG = {Verb.TRUMP, Verb.CALL}
_SIMPLE_IDS = {Verb.PASS: PASS, Verb.ORDER: ORDER, Verb.PICKUP: PICKUP, Verb.LEAVE: LEAVE,
               Verb.DUMMY: DUMMY, Verb.ALONE: ALONE}


@dataclass(frozen=True, slots=True)
class Action:
    """One decision, without the seat that takes it.

    ``card`` is set for ``play`` and ``discard``, ``suit`` for ``trump`` and ``call``,
    ``cards`` (sorted by card id) for ``keep``. Build with the class methods or
    :meth:`parse`, or from the text alone as the repr writes it; equal actions compare
    equal whatever order a ``keep`` was written in.

    >>> Action("play JH") == Action.play("JH") == Action.parse("play jh")
    True
    """

    verb: Verb
    card: Card | None = None
    suit: Suit | None = None
    cards: tuple[Card, ...] = ()

    def __post_init__(self) -> None:
        if not isinstance(self.verb, Verb):  # Action("order"), as the repr shows it
            if (not isinstance(self.verb, str) or self.card is not None
                    or self.suit is not None or self.cards):
                raise ActionParseError(f"an action is made from a Verb and its arguments, or "
                                       f"from its text alone, not {self.verb!r}: e.g. "
                                       "Action('play JH'), Action.play('JH')")
            parsed = Action.parse(self.verb)
            for name in ("verb", "card", "suit", "cards"):
                object.__setattr__(self, name, getattr(parsed, name))
            return
        verb = self.verb
        if verb in _CARD_ARG:
            ok = self.card is not None and self.suit is None and not self.cards
        elif verb in _SUIT_ARG:
            ok = self.suit is not None and self.card is None and not self.cards
        elif verb is Verb.KEEP:
            ok = self.card is None and self.suit is None and len(self.cards) == 5
            if self.card is None and self.suit is None and not ok:
                raise ActionParseError(f"keep takes five cards, not {len(self.cards)}")
            if ok:
                ordered = tuple(sorted(self.cards, key=lambda c: c.id))
                if len(set(ordered)) != 5:
                    raise ActionParseError("keep needs five different cards")
                object.__setattr__(self, "cards", ordered)
        else:
            ok = self.card is None and self.suit is None and not self.cards
        if not ok:
            raise ActionParseError(f"wrong arguments for {verb.value}")

    # --- constructors --------------------------------------------------------------

    @classmethod
    def play(cls, card: Card | str) -> Action:
        """Play a card."""
        return cls(Verb.PLAY, card=_card(card))

    @classmethod
    def discard(cls, card: Card | str) -> Action:
        """The dealer discards a card after taking the up-card."""
        return cls(Verb.DISCARD, card=_card(card))

    @classmethod
    def call(cls, suit: Suit | str) -> Action:
        """Name a suit as trump in the second round."""
        return cls(Verb.CALL, suit=_suit(suit))

    @classmethod
    def trump(cls, suit: Suit | str) -> Action:
        """The dealer names trump when the joker is turned up (R6)."""
        return cls(Verb.TRUMP, suit=_suit(suit))

    @classmethod
    def keep(cls, cards: Iterable[Card | str] | str) -> Action:
        """The maker keeps these five of his ten cards: cards, their names, or the names
        in one text (``Action.keep("9C TC JC QC KC")``, as ``keep`` is written)."""
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        return cls(Verb.KEEP, cards=tuple(_card(c) for c in cards))

    @classmethod
    def simple(cls, verb: Verb | str) -> Action:
        """An action without arguments: pass, order, pickup, leave, dummy, alone (a
        :class:`Verb` or its text, in any case); any other is an
        :class:`~cutthroat.errors.ActionParseError`."""
        try:
            return _SIMPLE[Verb(verb.lower() if isinstance(verb, str) else verb)]
        except (ValueError, KeyError):
            simple = ", ".join(v.value for v in Verb if v in _SIMPLE)
            raise ActionParseError(f"{quoted(str(verb))} is not an action without "
                                   f"arguments ({simple})") from None

    @classmethod
    def parse(cls, text: str) -> Action:
        """Read ``VERB [ARGS]`` (case-insensitive; ``10`` for ``T`` is accepted)."""
        if not isinstance(text, str):
            raise ActionParseError(f"an action is text such as 'play JH', not "
                                   f"{type(text).__name__}")
        words = text.split()
        if not words:
            raise ActionParseError("an action is empty: it needs a verb, such as 'pass'")
        try:
            if not words[0].isascii():  # "\u212aeep" (the Kelvin sign) is "keep" in lower case
                raise ValueError(words[0])
            verb = Verb(words[0].lower())
        except ValueError:
            known = ", ".join(v.value for v in Verb)
            raise ActionParseError(f"unknown verb {quoted(words[0])} (known: {known})") from None
        args = words[1:]
        try:
            if verb in _NO_ARGS:
                if args:
                    raise ActionParseError(f"{verb.value} takes no arguments")
                return _SIMPLE[verb]
            if verb in _CARD_ARG:
                if len(args) != 1:
                    raise ActionParseError(f"{verb.value} takes one card, e.g. {verb.value} JH")
                return cls(verb, card=Card.parse(args[0]))
            if verb in _SUIT_ARG:
                if len(args) != 1:
                    raise ActionParseError(f"{verb.value} takes one suit, e.g. {verb.value} H")
                return cls(verb, suit=Suit.parse(args[0]))
            if len(args) != 5:
                raise ActionParseError("keep takes five cards, e.g. keep 9S JH JS QD TC")
            return cls(verb, cards=tuple(parse_cards(args)))
        except CardError as exc:
            raise ActionParseError(str(exc)) from None

    @classmethod
    def from_id(cls, action_id: int) -> Action:
        """The action with this absolute id (any id but a ``keep``): a Python or NumPy
        integer."""
        if type(action_id) is not int and not isinstance(action_id, bool):
            with contextlib.suppress(TypeError):
                action_id = operator.index(action_id)  # NumPy's integers
        if type(action_id) is not int or not 0 <= action_id < KEEP:
            raise ActionParseError(f"not an absolute action id: {action_id!r}")
        return _BY_ID[action_id]

    # --- forms ---------------------------------------------------------------------

    @property
    def id(self) -> int:
        """The absolute integer id. A ``keep`` has none: use :meth:`Hand.action_id`."""
        verb = self.verb
        if verb is Verb.PLAY:
            assert self.card is not None
            return PLAY + self.card.id
        if verb is Verb.DISCARD:
            assert self.card is not None
            return DISCARD + self.card.id
        if verb is Verb.CALL:
            assert self.suit is not None
            return CALL + self.suit
        if verb is Verb.TRUMP:
            assert self.suit is not None
            return TRUMP + self.suit
        if verb is Verb.KEEP:
            raise ActionParseError("a keep id depends on the maker's cards: use "
                                   "Hand.action_id")
        return _SIMPLE_IDS[verb]

    def __str__(self) -> str:
        if self.card is not None:
            return f"{self.verb.value} {self.card}"
        if self.suit is not None:
            return f"{self.verb.value} {self.suit}"
        if self.cards:
            return "keep " + " ".join(str(c) for c in self.cards)
        return self.verb.value

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"


def keep_of_sorted(cards: tuple[Card, ...]) -> Action:
    """A ``keep`` of five different cards already sorted by id (no checks: fast)."""
    action = object.__new__(Action)
    object.__setattr__(action, "verb", Verb.KEEP)
    object.__setattr__(action, "card", None)
    object.__setattr__(action, "suit", None)
    object.__setattr__(action, "cards", cards)
    return action


def _card(card: Card | str) -> Card:
    return card if isinstance(card, Card) else Card.parse(card)


def _suit(suit: Suit | str) -> Suit:
    return suit if isinstance(suit, Suit) else Suit.parse(suit)


_SIMPLE = {verb: Action(verb) for verb in _NO_ARGS}
_BY_ID: list[Action] = (
    [Action(Verb.PLAY, card=Card.from_id(i)) for i in range(33)]
    + [Action(Verb.DISCARD, card=Card.from_id(i)) for i in range(33)]
    + [_SIMPLE[Verb.PASS], _SIMPLE[Verb.ORDER], _SIMPLE[Verb.PICKUP], _SIMPLE[Verb.LEAVE],
       _SIMPLE[Verb.DUMMY], _SIMPLE[Verb.ALONE]]
    + [Action(Verb.TRUMP, suit=Suit(s)) for s in range(4)]
    + [Action(Verb.CALL, suit=Suit(s)) for s in range(4)]
)


@dataclass(frozen=True, slots=True)
class Move:
    """An action taken by a seat: one line of a record's ``actions`` (``"2 play JH"``)."""

    seat: int
    action: Action

    def __post_init__(self) -> None:
        """Checked as :meth:`parse` checks a record's line: the seat 0, 1 or 2 (a NumPy
        integer too; else a :class:`~cutthroat.errors.SeatError`, as everywhere a seat
        is taken), the action an :class:`Action` or its text (``Move(1, "order")``)."""
        if type(self.action) is not Action:
            if not isinstance(self.action, str):
                raise ActionParseError(f"a move's action is an Action or its text, such as "
                                       f"'play JH', not {type(self.action).__name__}")
            object.__setattr__(self, "action", Action.parse(self.action))
        if type(self.seat) is not int or not 0 <= self.seat <= 2:
            object.__setattr__(self, "seat", as_seat(self.seat, "a move's seat is"))

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``SEAT VERB [ARGS]``: words separated by spaces, as a record writes
        them (a tab or a line break is refused, docs/record.md)."""
        if not isinstance(text, str):
            raise ActionParseError(f"a move is text such as '1 play JH', not "
                                   f"{type(text).__name__}")
        if any(c.isspace() and c != " " for c in text):
            raise ActionParseError(f"only spaces may separate an action's words: {quoted(text)}")
        head, _, rest = text.strip(" ").partition(" ")
        if head not in ("0", "1", "2"):
            raise ActionParseError(f"an action starts with the seat 0, 1 or 2: {quoted(text)}")
        if not rest.strip(" "):
            raise ActionParseError(f"a seat alone is no action: a verb follows it, such as "
                                   f"'{head} pass'")
        return cls(int(head), Action.parse(rest))

    def __str__(self) -> str:
        return f"{self.seat} {self.action}"
